// Lamps over the table: positions, irradiance with distance and lamp-shade falloff.
import type { TableSpec } from '../../table/spec.ts';
import type { Rng } from './prng.ts';

export interface Lamp {
  x: number;
  y: number;
  z: number;
  /** Relative power (normalised so the bed centre gets `1 - ambient` from all lamps). */
  power: number;
  /** Radius of the diffuser (m): sets the softness of shadows and the size of highlights. */
  radius: number;
}

export interface Lighting {
  lamps: Lamp[];
  /** Irradiance from the room, as a fraction of the bed centre's. */
  ambient: number;
  /** Colour of the lamps after the camera's white balance (linear multipliers). */
  tint: [number, number, number];
}

const smoothstep = (a: number, b: number, x: number): number => {
  const t = Math.max(0, Math.min(1, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** Lamp-shade cut-off by the angle from straight down (cosine of it). */
export function coneFactor(cosDown: number): number {
  return smoothstep(0.3, 0.68, cosDown);
}

/** Irradiance at p with unit normal n from one lamp (without the shadow of anything). */
export function lampIrradiance(l: Lamp, px: number, py: number, pz: number, nx: number, ny: number, nz: number): number {
  const dx = l.x - px;
  const dy = l.y - py;
  const dz = l.z - pz;
  const d2 = dx * dx + dy * dy + dz * dz;
  const d = Math.sqrt(d2);
  const cosN = (dx * nx + dy * ny + dz * nz) / d;
  if (cosN <= 0) return 0;
  return (l.power * cosN * coneFactor(dz / d)) / d2;
}

/** Total irradiance (lamps + ambient) on an upward-facing point. */
export function irradianceUp(L: Lighting, x: number, y: number, z: number): number {
  let e = L.ambient;
  for (const l of L.lamps) e += lampIrradiance(l, x, y, z, 0, 0, 1);
  return e;
}

export function makeLighting(spec: TableSpec, rng: Rng): Lighting {
  const n = spec.length > 2.2 ? 3 : 2;
  const z = rng.range(0.84, 1.0);
  const spread = n === 3 ? spec.length * rng.range(0.3, 0.37) : spec.length * 0.25;
  const lamps: Lamp[] = [];
  for (let i = 0; i < n; i++) {
    const x = n === 3 ? (i - 1) * spread : (i === 0 ? -spread : spread);
    lamps.push({ x: x + rng.range(-0.03, 0.03), y: rng.range(-0.04, 0.04), z, power: rng.range(0.9, 1.1), radius: rng.range(0.1, 0.16) });
  }
  const ambient = rng.range(0.12, 0.2);
  let e0 = 0;
  for (const l of lamps) e0 += lampIrradiance(l, 0, 0, 0, 0, 0, 1);
  for (const l of lamps) l.power *= (1 - ambient) / e0;
  const warm = rng.range(0, 0.06);
  return { lamps, ambient, tint: [1 + warm, 1, 1 - warm * 1.3] };
}
