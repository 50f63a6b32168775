// Seeded randomness for the game simulator: independent named streams from one match seed,
// so that adding a draw in one stream (say, the timing of pauses) never changes another
// (the players' aim errors). Everything builds on the physics' mulberry32; no Math.random.
import { mulberry32, type Rng } from '../physics/index.ts';

export type { Rng };

/** FNV-1a hash of a stream name, mixed with the seed. */
function streamSeed(seed: number, name: string): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
}

/** An independent generator for the named purpose within a match. */
export function stream(seed: number, name: string): Rng {
  return mulberry32(streamSeed(seed, name));
}

/** A uniform number in [lo, hi). */
export const between = (rng: Rng, lo: number, hi: number): number => lo + (hi - lo) * rng();

/** True with probability p. */
export const chance = (rng: Rng, p: number): boolean => p > 0 && rng() < p;

/** A standard normal draw (Box–Muller; one draw per call, two uniforms). */
export function gaussian(rng: Rng): number {
  const u = Math.max(rng(), 1e-12);
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** One element, uniformly. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[Math.min(items.length - 1, Math.floor(rng() * items.length))]!;
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
