// A small seeded pseudo-random generator, so every random choice of the simulator is
// reproducible from a seed. Never use Math.random in the physics.

/** A source of uniform numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: a 32-bit state generator; good enough for simulation choices, not for crypto. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform number in [lo, hi). */
export function uniform(rng: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * rng();
}
