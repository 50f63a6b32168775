// The static layer: everything that does not move (bed, cushions, rails, diamonds, pockets,
// floor), lit by the lamps, with lens distortion and vignetting baked in. Rendered once per
// calibration by casting each (super)sample's ray through a stack of planes.
import { BALL_RADIUS, footSpot } from '../../table/spec.ts';
import type { Calibration } from './camera.ts';
import {
  CUSHION_W, RAIL_W, S_BED, S_CUSHION, S_HOLE, S_LINER, S_OUTSIDE, S_RAIL, TableGeometry,
  Z_CUSHION, Z_FLOOR, Z_RAIL,
} from './geometry.ts';
import { irradianceUp, lampIrradiance, type Lighting } from './lighting.ts';
import { LIN2SRGB, RAILS, toLinear, type RailName, type RGB } from './palette.ts';
import { fbm, hash32, Rng, valueNoise } from './prng.ts';

export interface StaticLook {
  cloth: RGB;
  rail: RailName;
  /** The pockets' liners (sRGB); absent: dark leather. */
  liner?: RGB;
  /** Strength of the lens vignetting (0 none, 1 full cos⁴). */
  vignette: number;
}

export interface StaticLayer {
  /** sRGB bytes, W·H·3. */
  rgb: Uint8Array;
  /** Per-pixel multiplier of vignetting, W·H. */
  vignette: Float32Array;
}

interface Mark { x: number; y: number; r: number; a: number }

const K_RAIL = 0, K_DIAMOND = 1, K_LINER = 2, K_FLOOR = 3, K_CUSHION = 4, K_BED = 5, K_THROAT = 6, K_HOLE = 7, K_FACE = 8;

const smoothstep = (a: number, b: number, x: number): number => {
  const t = Math.max(0, Math.min(1, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

function segDist(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  const ex = px - ax - t * dx;
  const ey = py - ay - t * dy;
  return Math.sqrt(ex * ex + ey * ey);
}

class StaticShader {
  private readonly cloth: [number, number, number];
  private readonly railBase: [number, number, number];
  private readonly railGrain: [number, number, number];
  private readonly railGloss: number;
  /** Linear albedo of coloured liners; null: the dark leather of a plain pocket. */
  private readonly linerAlbedo: [number, number, number] | null;
  private readonly floor: [number, number, number];
  private readonly chalk: Mark[] = [];
  private readonly rack: [number, number, number, number][] = [];
  private readonly spot: { x: number; y: number };
  private readonly seed: number;
  /** Output of `shade`, linear RGB. */
  r = 0;
  g = 0;
  b = 0;

  constructor(private readonly cal: Calibration, private readonly geo: TableGeometry, private readonly light: Lighting, look: StaticLook, seed: number) {
    const rng = new Rng(seed ^ 0x7ab1e);
    this.seed = seed;
    this.cloth = toLinear(look.cloth);
    const rail = RAILS[look.rail];
    this.railBase = toLinear(rail.base);
    this.railGrain = toLinear(rail.grain);
    this.railGloss = rail.gloss;
    this.linerAlbedo = look.liner ? toLinear(look.liner) : null;
    this.floor = toLinear(rng.pick<RGB>([[70, 52, 48], [52, 50, 56], [80, 64, 46], [40, 40, 44]]));
    const n = 4 + rng.int(8);
    for (let i = 0; i < n; i++) {
      const nearPocket = rng.next() < 0.6;
      const h = rng.pick(geo.holes);
      const x = nearPocket ? h.x * 0.93 + rng.range(-0.08, 0.08) : rng.range(-geo.hx, geo.hx);
      const y = nearPocket ? h.y * 0.9 + rng.range(-0.06, 0.06) : rng.range(-geo.hy, geo.hy);
      this.chalk.push({ x, y, r: rng.range(0.004, 0.014), a: rng.range(0.08, 0.3) });
    }
    this.spot = footSpot(geo.spec);
    if (rng.next() < 0.7) {
      const R = BALL_RADIUS;
      const fx = this.spot.x;
      const back = fx + 4 * 2 * R * Math.cos(Math.PI / 6) + R;
      const side = 4 * R + R * Math.sqrt(3);
      const A = [fx - 2 * R, 0] as const;
      this.rack.push([A[0], A[1], back, side], [A[0], A[1], back, -side], [back, side, back, -side]);
    }
  }

  private set(r: number, g: number, b: number): void {
    this.r = r;
    this.g = g;
    this.b = b;
  }

  /** Where the ray lands: hit point and surface (set by `locate`). */
  private hx = 0;
  private hy = 0;
  private kind = 0;

  /**
   * Casts the ray (direction d from the camera centre, not unit) through the plane stack: rail
   * top, cushion top, bed (or the floor outside). Returns a signature of what it hit, equal for
   * rays that land on the same surface feature (used to skip supersampling inside surfaces).
   */
  locate(dx: number, dy: number, dz: number): number {
    const C = this.cal.C;
    const geo = this.geo;
    let s = (Z_RAIL - C[2]) / dz;
    let x = C[0] + dx * s;
    let y = C[1] + dy * s;
    let c = geo.classify(x, y);
    let k: number;
    if (c === S_RAIL) k = geo.diamond > 0 ? K_DIAMOND : K_RAIL;
    else if (c === S_LINER) k = K_LINER;
    else if (c === S_OUTSIDE) {
      s = (Z_FLOOR - C[2]) / dz;
      x = C[0] + dx * s;
      y = C[1] + dy * s;
      k = K_FLOOR;
    } else {
      s = (Z_CUSHION - C[2]) / dz;
      x = C[0] + dx * s;
      y = C[1] + dy * s;
      c = geo.classify(x, y);
      if (c === S_CUSHION) k = K_CUSHION;
      else if (c === S_RAIL || c === S_LINER) k = K_LINER;
      else {
        s = -C[2] / dz;
        x = C[0] + dx * s;
        y = C[1] + dy * s;
        c = geo.classify(x, y);
        k = c === S_BED ? (geo.throat ? K_THROAT : K_BED) : c === S_HOLE ? K_HOLE : c === S_CUSHION ? K_FACE : K_LINER;
      }
    }
    this.hx = x;
    this.hy = y;
    this.kind = k;
    return k + 16 * (geo.hole + 1);
  }

  /** Radiance along a world ray (linear RGB in r, g, b). */
  shade(dx: number, dy: number, dz: number): void {
    this.locate(dx, dy, dz);
    const x = this.hx;
    const y = this.hy;
    switch (this.kind) {
      case K_RAIL: case K_DIAMOND: return this.rail(x, y, dx, dy, dz);
      case K_LINER:
        // A coloured liner: inside the opening the ray goes on down the pocket's wall; the rim is the liner's top.
        if (this.linerAlbedo && this.geo.hole >= 0 && this.geo.holeDist < this.geo.holes[this.geo.hole]!.r) return this.hole(x, y, dx, dy, dz);
        return this.liner(x, y, Z_RAIL);
      case K_FLOOR: return this.floorAt(x, y);
      case K_CUSHION: return this.cushion(x, y);
      case K_BED: case K_THROAT: return this.bed(x, y);
      case K_HOLE: return this.hole(x, y, dx, dy, dz);
      default: {
        const e = irradianceUp(this.light, x, y, 0) * 0.15;
        return this.set(this.cloth[0] * e, this.cloth[1] * e, this.cloth[2] * e);
      }
    }
  }

  private clothTexture(x: number, y: number): number {
    const sd = this.seed;
    return 1 + 0.07 * (fbm(x * 2.2, y * 2.2, sd + 11, 3) - 0.5)
      + 0.045 * (valueNoise(x * 70, y * 70, sd + 29) - 0.5)
      + 0.03 * (valueNoise(x * 3, y * 260, sd + 37) - 0.5)
      + 0.035 * (hash32(Math.floor(x * 900) + 7919 * Math.floor(y * 900), sd) / 4294967296 - 0.5);
  }

  private bed(x: number, y: number): void {
    const geo = this.geo;
    let e = irradianceUp(this.light, x, y, 0) * this.clothTexture(x, y);
    if (geo.throat) e *= 0.5;
    else e *= 1 - 0.5 * Math.exp(-geo.edgeDist / 0.0045);
    const hi = geo.holeAt(x, y, 0.012);
    if (hi >= 0) e *= 0.55 + 0.45 * smoothstep(0, 0.012, geo.holeDist - geo.holes[hi]!.r);
    let [r, g, b] = this.cloth;
    // Chalk smudges and the pencilled rack outline.
    for (const m of this.chalk) {
      const ex = x - m.x;
      const ey = y - m.y;
      if (ex > m.r || ex < -m.r || ey > m.r || ey < -m.r) continue;
      const d = Math.sqrt(ex * ex + ey * ey);
      if (d < m.r) {
        const a = m.a * (1 - d / m.r) ** 1.5;
        r += (0.18 - r) * a;
        g += (0.4 - g) * a;
        b += (0.75 - b) * a;
      }
    }
    for (const [ax, ay, bx, by] of this.rack) {
      if (x < Math.min(ax, bx) - 0.01 || x > Math.max(ax, bx) + 0.01 || y < Math.min(ay, by) - 0.01 || y > Math.max(ay, by) + 0.01) continue;
      const d = segDist(x, y, ax, ay, bx, by);
      if (d < 0.0012) {
        const a = 0.13 * (1 - d / 0.0012);
        r += (0.6 - r) * a;
        g += (0.6 - g) * a;
        b += (0.6 - b) * a;
      }
    }
    // Foot spot sticker.
    const ds = Math.sqrt((x - this.spot.x) ** 2 + (y - this.spot.y) ** 2);
    if (ds < 0.0125) {
      const a = smoothstep(0.0125, 0.0115, ds) * 0.85;
      r += (0.62 - r) * a;
      g += (0.62 - g) * a;
      b += (0.58 - b) * a;
    }
    this.set(r * e, g * e, b * e);
  }

  private cushion(x: number, y: number): void {
    const geo = this.geo;
    const d = geo.edgeDist;
    let f = 0.84;
    f *= 0.55 + 0.45 * smoothstep(0, 0.0022, d);
    f *= 1 + 0.2 * Math.exp(-(((d - 0.005) / 0.0025) ** 2));
    f *= 0.75 + 0.25 * smoothstep(CUSHION_W, CUSHION_W - 0.004, geo.cushionDepth);
    const e = irradianceUp(this.light, x, y, Z_CUSHION) * f * this.clothTexture(x * 1.3, y * 1.3);
    this.set(this.cloth[0] * e, this.cloth[1] * e, this.cloth[2] * e);
  }

  private rail(x: number, y: number, dx: number, dy: number, dz: number): void {
    const geo = this.geo;
    const along = geo.railAlong;
    const across = geo.railAcross;
    const sd = this.seed;
    const warp = fbm(along * 1.5, across * 12 + (geo.longRail ? 0 : 40), sd + 51, 3);
    const grain = 0.5 + 0.5 * Math.sin(across * 700 + warp * 22 + along * 0.7);
    const fleck = valueNoise(along * 120, across * 900, sd + 53);
    const k = Math.min(1, Math.max(0, grain ** 3 * 0.8 + (fleck - 0.5) * 0.5 + 0.1));
    let r = this.railBase[0] + (this.railGrain[0] - this.railBase[0]) * k;
    let g = this.railBase[1] + (this.railGrain[1] - this.railBase[1]) * k;
    let b = this.railBase[2] + (this.railGrain[2] - this.railBase[2]) * k;
    const dm = geo.diamond;
    if (dm > 0) {
      r += (0.72 - r) * dm;
      g += (0.7 - g) * dm;
      b += (0.64 - b) * dm;
    }
    let e = irradianceUp(this.light, x, y, Z_RAIL);
    e *= 0.3 + 0.7 * smoothstep(0, 0.004, across);
    e *= 0.25 + 0.75 * smoothstep(RAIL_W, RAIL_W - 0.02, across);
    // Varnish: mirror reflection of the lamps.
    let spec = 0;
    for (const l of this.light.lamps) {
      const s = (l.z - Z_RAIL) / -dz;
      const qx = x + dx * s - l.x;
      const qy = y + dy * s - l.y;
      const d = Math.sqrt(qx * qx + qy * qy);
      spec += smoothstep(l.radius * 3, l.radius * 0.6, d);
    }
    spec *= this.railGloss * smoothstep(RAIL_W, RAIL_W - 0.025, across);
    this.set(r * e + spec, g * e + spec, b * e + spec);
  }

  private liner(x: number, y: number, z: number): void {
    const a = this.linerAlbedo;
    if (a) {
      const e = irradianceUp(this.light, x, y, z) * 0.8;
      return this.set(a[0] * e, a[1] * e, a[2] * e);
    }
    const e = irradianceUp(this.light, x, y, z) * 0.014;
    this.set(e, e * 0.85, e * 0.75);
  }

  private hole(x: number, y: number, dx: number, dy: number, dz: number): void {
    const geo = this.geo;
    const h = geo.holes[geo.hole]!;
    const hl = Math.sqrt(dx * dx + dy * dy);
    const qx = x - h.x;
    const qy = y - h.y;
    let depth = 1;
    if (hl > 1e-9) {
      const ex = dx / hl;
      const ey = dy / hl;
      const bq = qx * ex + qy * ey;
      const cq = qx * qx + qy * qy - h.r * h.r;
      const sExit = -bq + Math.sqrt(Math.max(0, bq * bq - cq));
      depth = (sExit * -dz) / hl;
    }
    const a = this.linerAlbedo;
    if (a) {
      // A coloured liner's wall, lit from above: bright at the rim, darker down the pocket.
      const e = irradianceUp(this.light, h.x, h.y, 0) * 0.5 * Math.exp(-depth / 0.03);
      return this.set(0.002 + a[0] * e, 0.002 + a[1] * e, 0.002 + a[2] * e);
    }
    const e = 0.002 + 0.014 * Math.exp(-depth / 0.025);
    this.set(e, e * 0.9, e * 0.82);
  }

  private floorAt(x: number, y: number): void {
    const geo = this.geo;
    let e = this.light.ambient * 0.5;
    for (const l of this.light.lamps) {
      const t = (Z_RAIL - Z_FLOOR) / (l.z - Z_FLOOR);
      const qx = Math.abs(x + (l.x - x) * t);
      const qy = Math.abs(y + (l.y - y) * t);
      const out = Math.max(qx - geo.ox, qy - geo.oy);
      e += lampIrradiance(l, x, y, Z_FLOOR, 0, 0, 1) * smoothstep(-0.04, 0.06, out);
    }
    e *= 0.85 + 0.3 * fbm(x * 4, y * 4, this.seed + 71, 3);
    this.set(this.floor[0] * e, this.floor[1] * e, this.floor[2] * e);
  }
}

/** Renders the static layer; `ss` supersamples per axis (2 gives clean edges, 1 is fast). */
export function renderStatic(cal: Calibration, rays: Float32Array, geo: TableGeometry, light: Lighting, look: StaticLook, seed: number, ss: number): StaticLayer {
  const W = cal.width;
  const H = cal.height;
  const rgb = new Uint8Array(W * H * 3);
  const vignette = new Float32Array(W * H);
  const sh = new StaticShader(cal, geo, light, look, seed);
  const R = cal.R;
  const tint = light.tint;
  const inv = 1 / (ss * ss);
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const p = j * W + i;
      const xn = rays[2 * p]!;
      const yn = rays[2 * p + 1]!;
      // Ray derivatives per pixel from the neighbours (for the sub-samples).
      const pi = i + 1 < W ? p + 1 : p - 1;
      const pj = j + 1 < H ? p + W : p - W;
      const sgi = i + 1 < W ? 1 : -1;
      const sgj = j + 1 < H ? 1 : -1;
      const dxi = (rays[2 * pi]! - xn) * sgi;
      const dyi = (rays[2 * pi + 1]! - yn) * sgi;
      const dxj = (rays[2 * pj]! - xn) * sgj;
      const dyj = (rays[2 * pj + 1]! - yn) * sgj;
      let r = 0;
      let g = 0;
      let b = 0;
      // Supersample only where the sub-samples land on different surfaces (edges).
      let mixed = false;
      let first = -1;
      for (let sj = 0; sj < ss && !mixed; sj++) {
        for (let si = 0; si < ss; si++) {
          const a = xn + dxi * ((si + 0.5) / ss - 0.5) + dxj * ((sj + 0.5) / ss - 0.5);
          const c = yn + dyi * ((si + 0.5) / ss - 0.5) + dyj * ((sj + 0.5) / ss - 0.5);
          const sig = sh.locate(R[0] * a + R[3] * c + R[6], R[1] * a + R[4] * c + R[7], R[2] * a + R[5] * c + R[8]);
          if (first < 0) first = sig;
          else if (sig !== first) {
            mixed = true;
            break;
          }
        }
      }
      if (!mixed) {
        sh.shade(R[0] * xn + R[3] * yn + R[6], R[1] * xn + R[4] * yn + R[7], R[2] * xn + R[5] * yn + R[8]);
        r = sh.r * ss * ss;
        g = sh.g * ss * ss;
        b = sh.b * ss * ss;
      } else {
        for (let sj = 0; sj < ss; sj++) {
          for (let si = 0; si < ss; si++) {
            const oi = (si + 0.5) / ss - 0.5;
            const oj = (sj + 0.5) / ss - 0.5;
            const a = xn + dxi * oi + dxj * oj;
            const c = yn + dyi * oi + dyj * oj;
            sh.shade(R[0] * a + R[3] * c + R[6], R[1] * a + R[4] * c + R[7], R[2] * a + R[5] * c + R[8]);
            r += sh.r;
            g += sh.g;
            b += sh.b;
          }
        }
      }
      const cos2 = 1 / (1 + xn * xn + yn * yn);
      const v = 1 - look.vignette * (1 - cos2 * cos2);
      vignette[p] = v;
      const k = inv * v * 4095;
      rgb[3 * p] = LIN2SRGB[Math.min(4095, (r * tint[0] * k + 0.5) | 0)]!;
      rgb[3 * p + 1] = LIN2SRGB[Math.min(4095, (g * tint[1] * k + 0.5) | 0)]!;
      rgb[3 * p + 2] = LIN2SRGB[Math.min(4095, (b * tint[2] * k + 0.5) | 0)]!;
    }
  }
  return { rgb, vignette };
}
