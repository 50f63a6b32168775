// Balls: exact per-pixel ray–sphere intersection (so the silhouette, perspective and lens are
// right), textured through the ball's orientation (stripe band, number circles), lit by the
// lamps (Lambert + clear-coat highlights + cloth bounce), smeared over the exposure by
// sub-frame samples, and their soft shadows on the cloth.
import type { BallId } from '../../contract/ids.ts';
import { BALL_RADIUS } from '../../table/spec.ts';
import type { Calibration } from './camera.ts';
import { NUMBER_MAP_SIZE, numberMap } from './font.ts';
import type { FrameBuffer } from './framebuffer.ts';
import { coneFactor, irradianceUp, type Lighting } from './lighting.ts';
import { ballStyle, ballWhite, toLinear, type BallSet, type BallStyle } from './palette.ts';
import type { SceneBall } from './scene.ts';

const R = BALL_RADIUS;
const R2 = R * R;
const MAX_SAMPLES = 40;
const BAND = 0.56;
const COS_CIRCLE = Math.cos((24 * Math.PI) / 180);
const SIN_CIRCLE = Math.sin((24 * Math.PI) / 180);
const MAX_LAMPS = 6;

export interface Box { x0: number; y0: number; x1: number; y1: number }

interface Cached extends Box {
  key: Float64Array;
  hit: boolean;
  n: number;
  data: Float32Array;
}

export class BallPainter {
  private readonly styles = new Map<number, BallStyle>();
  private readonly maps = new Map<number, Float32Array>();
  private acc = new Float32Array(4096);
  private readonly sx = new Float64Array(MAX_SAMPLES);
  private readonly sy = new Float64Array(MAX_SAMPLES);
  private readonly sz = new Float64Array(MAX_SAMPLES);
  private readonly mats = new Float64Array(9 * MAX_SAMPLES);
  private readonly lampK = new Float64Array(7 * MAX_LAMPS);
  private readonly lampS = new Float64Array(4 * MAX_LAMPS);
  private readonly white: [number, number, number];
  private readonly ink: [number, number, number] = [0.012, 0.011, 0.011];
  private readonly W: number;
  private readonly H: number;

  constructor(
    private readonly cal: Calibration,
    private readonly light: Lighting,
    private readonly fb: FrameBuffer,
    private readonly set: BallSet,
    private readonly exposure: number,
    private readonly cloth: readonly [number, number, number],
  ) {
    this.W = cal.width;
    this.H = cal.height;
    this.white = toLinear(ballWhite(set));
    if (light.lamps.length > MAX_LAMPS) throw new Error('BallPainter: too many lamps');
  }

  private style(id: BallId): BallStyle {
    let s = this.styles.get(id);
    if (!s) {
      s = ballStyle(id, this.set);
      this.styles.set(id, s);
      if (s.number > 0) this.maps.set(id, numberMap(s.number));
    }
    return s;
  }

  /** Fills the sub-frame samples (centres and body→world matrices); returns how many. */
  private samples(b: SceneBall, maxN: number): number {
    const z0 = b.z ?? R;
    const vx = b.v?.x ?? 0;
    const vy = b.v?.y ?? 0;
    const vz = b.v?.z ?? 0;
    const wx = b.w ? b.w.x : -vy / R;
    const wy = b.w ? b.w.y : vx / R;
    const wz = b.w ? b.w.z ?? 0 : 0;
    const depth = this.cal.depth(b.x, b.y, z0);
    const rpx = (this.cal.fx * R) / depth;
    const pxPerM = this.cal.fx / depth;
    let travel = Math.hypot(vx, vy, vz) * this.exposure * pxPerM;
    const path = b.path;
    if (path && path.length > 1) {
      travel = 0;
      for (let i = 1; i < path.length; i++) travel += Math.hypot(path[i]!.x - path[i - 1]!.x, path[i]!.y - path[i - 1]!.y) * pxPerM;
    }
    const wmag = Math.hypot(wx, wy, wz);
    const spinPx = wmag * this.exposure * rpx;
    const n = Math.max(1, Math.min(maxN, Math.ceil(Math.max(travel / 1.5, spinPx / 2.5))));
    const q = b.q ?? { w: 1, x: 0, y: 0, z: 0 };
    const ql = Math.hypot(q.w, q.x, q.y, q.z) || 1;
    const qw = q.w / ql;
    const qx = q.x / ql;
    const qy = q.y / ql;
    const qz = q.z / ql;
    const m0 = 1 - 2 * (qy * qy + qz * qz), m1 = 2 * (qx * qy - qw * qz), m2 = 2 * (qx * qz + qw * qy);
    const m3 = 2 * (qx * qy + qw * qz), m4 = 1 - 2 * (qx * qx + qz * qz), m5 = 2 * (qy * qz - qw * qx);
    const m6 = 2 * (qx * qz - qw * qy), m7 = 2 * (qy * qz + qw * qx), m8 = 1 - 2 * (qx * qx + qy * qy);
    const ax = wmag > 0 ? wx / wmag : 0, ay = wmag > 0 ? wy / wmag : 0, az = wmag > 0 ? wz / wmag : 0;
    for (let s = 0; s < n; s++) {
      const f = n === 1 ? 0 : s / (n - 1) - 0.5;
      const tau = f * this.exposure;
      if (path && path.length > 1) {
        const u = (f + 0.5) * (path.length - 1);
        const i = Math.min(path.length - 2, Math.floor(u));
        const a = path[i]!, c = path[i + 1]!;
        const k = u - i;
        this.sx[s] = a.x + (c.x - a.x) * k;
        this.sy[s] = a.y + (c.y - a.y) * k;
        this.sz[s] = (a.z ?? z0) + ((c.z ?? z0) - (a.z ?? z0)) * k;
      } else {
        this.sx[s] = b.x + vx * tau;
        this.sy[s] = b.y + vy * tau;
        this.sz[s] = z0 + vz * tau;
      }
      // Rodrigues rotation by the spin over tau, applied after the orientation.
      const th = wmag * tau;
      const sn = Math.sin(th), cs = 1 - Math.cos(th);
      const r0 = 1 + cs * (ax * ax - 1), r1 = -sn * az + cs * ax * ay, r2 = sn * ay + cs * ax * az;
      const r3 = sn * az + cs * ax * ay, r4 = 1 + cs * (ay * ay - 1), r5 = -sn * ax + cs * ay * az;
      const r6 = -sn * ay + cs * ax * az, r7 = sn * ax + cs * ay * az, r8 = 1 + cs * (az * az - 1);
      const M = this.mats;
      const o = s * 9;
      M[o] = r0 * m0 + r1 * m3 + r2 * m6; M[o + 1] = r0 * m1 + r1 * m4 + r2 * m7; M[o + 2] = r0 * m2 + r1 * m5 + r2 * m8;
      M[o + 3] = r3 * m0 + r4 * m3 + r5 * m6; M[o + 4] = r3 * m1 + r4 * m4 + r5 * m7; M[o + 5] = r3 * m2 + r4 * m5 + r5 * m8;
      M[o + 6] = r6 * m0 + r7 * m3 + r8 * m6; M[o + 7] = r6 * m1 + r7 * m4 + r8 * m7; M[o + 8] = r6 * m2 + r7 * m5 + r8 * m8;
    }
    return n;
  }

  /** Pixel box around a table-frame disc of radius `rad` at height z (clamped to the image; empty if x1 < x0). */
  box(x: number, y: number, z: number, rad: number, out: Box): void {
    const c = this.cal.tableToImage(x, y, z);
    const rp = (this.cal.fx * rad) / this.cal.depth(x, y, z) * 1.22 + 2;
    out.x0 = Math.max(0, Math.floor(c.u - rp));
    out.y0 = Math.max(0, Math.floor(c.v - rp));
    out.x1 = Math.min(this.W - 1, Math.ceil(c.u + rp));
    out.y1 = Math.min(this.H - 1, Math.ceil(c.v + rp));
  }

  private readonly bx: Box = { x0: 0, y0: 0, x1: -1, y1: -1 };
  private readonly ub: Box = { x0: 0, y0: 0, x1: -1, y1: -1 };

  /** Union of the sample boxes (radius `rad`, at height zOff + sample z or on the bed). */
  private union(n: number, rad: number, onBed: boolean): Box {
    const u = this.ub;
    u.x0 = this.W; u.y0 = this.H; u.x1 = -1; u.y1 = -1;
    for (let s = 0; s < n; s++) {
      this.box(this.sx[s]!, this.sy[s]!, onBed ? 0 : this.sz[s]!, rad, this.bx);
      u.x0 = Math.min(u.x0, this.bx.x0); u.y0 = Math.min(u.y0, this.bx.y0);
      u.x1 = Math.max(u.x1, this.bx.x1); u.y1 = Math.max(u.y1, this.bx.y1);
    }
    return u;
  }

  /** Results of the last frame per ball id, reused while the ball's state is unchanged (balls at rest). */
  private readonly shadowCache = new Map<number, Cached>();
  private readonly spriteCache = new Map<number, Cached>();

  /** The cache entry for the ball, `hit` when its state equals the cached one. */
  private entry(cache: Map<number, Cached>, b: SceneBall): Cached {
    let e = cache.get(b.id);
    if (!e) {
      e = { key: new Float64Array(14), hit: false, x0: 0, y0: 0, x1: -1, y1: -1, n: 1, data: new Float32Array(0) };
      cache.set(b.id, e);
    }
    const k = e.key;
    const q = b.q ?? { w: 1, x: 0, y: 0, z: 0 };
    const vals = [b.x, b.y, b.z ?? R, b.v?.x ?? 0, b.v?.y ?? 0, b.v?.z ?? 0, b.w?.x ?? NaN, b.w?.y ?? NaN, b.w?.z ?? NaN, q.w, q.x, q.y, q.z, b.path ? 1 : 0];
    let same = !b.path;
    for (let i = 0; i < 14; i++) {
      const v = vals[i]!;
      if (!(k[i] === v || (Number.isNaN(v) && Number.isNaN(k[i]!)))) same = false;
      k[i] = v;
    }
    e.hit = !this.noCache && same && e.data.length > 0;
    return e;
  }

  private store(e: Cached, u: Box, n: number, len: number): void {
    if (e.data.length < len) e.data = new Float32Array(len * 2);
    e.data.set(this.acc.subarray(0, len));
    e.x0 = u.x0; e.y0 = u.y0; e.x1 = u.x1; e.y1 = u.y1; e.n = n;
  }

  /** Disable the reuse of unchanged balls (for measuring the worst case). */
  noCache = false;

  private ensureAcc(n: number): Float32Array {
    if (this.acc.length < n) this.acc = new Float32Array(n * 2);
    this.acc.fill(0, 0, n);
    return this.acc;
  }

  /** Darkens the cloth under and beside the ball (one soft shadow per lamp, plus contact occlusion). */
  shadow(b: SceneBall): void {
    const e = this.entry(this.shadowCache, b);
    if (!e.hit && !this.computeShadow(b, e)) return;
    const W = this.W;
    const bw = e.x1 - e.x0 + 1;
    const inv = 1 / e.n;
    const data = e.data;
    for (let j = e.y0; j <= e.y1; j++) {
      for (let i = e.x0; i <= e.x1; i++) {
        const a = data[(j - e.y0) * bw + (i - e.x0)]! * inv;
        if (a > 0.003) this.fb.darken(j * W + i, 1 - a);
      }
    }
  }

  private computeShadow(b: SceneBall, e: Cached): boolean {
    const n = this.samples(b, 4);
    const lamps = this.light.lamps;
    const nl = lamps.length;
    const z = b.z ?? R;
    if (z > 0.5) return false;
    // Per lamp: the fraction of the bed's light it gives here and the shadow's direction; the
    // bed box covering every sample's shadows.
    const etot = irradianceUp(this.light, b.x, b.y, 0);
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    const LK = this.lampK;
    let used = 0;
    for (let k = 0; k < nl; k++) {
      const l = lamps[k]!;
      const dx = b.x - l.x, dy = b.y - l.y, dz = l.z;
      const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
      const frac = (1.2 * (l.power * (dz / d) * coneFactor(dz / d)) / (d * d)) / etot;
      if (frac < 0.03) continue;
      const hd = Math.sqrt(dx * dx + dy * dy) || 1e-9;
      const o = 7 * used;
      LK[o] = frac;
      LK[o + 1] = dx / hd;
      LK[o + 2] = dy / hd;
      LK[o + 3] = dz / d;
      LK[o + 4] = k;
      used++;
      const g = l.z / (l.z - z);
      const off = hd * (g - 1);
      const reach = (R * g) / (dz / d) + (l.radius * z) / (l.z - z);
      const cx = b.x + (dx / hd) * off, cy = b.y + (dy / hd) * off;
      x0 = Math.min(x0, cx - reach); x1 = Math.max(x1, cx + reach);
      y0 = Math.min(y0, cy - reach); y1 = Math.max(y1, cy + reach);
    }
    x0 = Math.min(x0, b.x - 2 * R); x1 = Math.max(x1, b.x + 2 * R);
    y0 = Math.min(y0, b.y - 2 * R); y1 = Math.max(y1, b.y + 2 * R);
    // Widen by the smear.
    for (let s = 0; s < n; s++) {
      const ex = this.sx[s]! - b.x, ey = this.sy[s]! - b.y;
      if (ex < 0) x0 = Math.min(x0, x0 + ex); else x1 = Math.max(x1, x1 + ex);
      if (ey < 0) y0 = Math.min(y0, y0 + ey); else y1 = Math.max(y1, y1 + ey);
    }
    const u = this.ub;
    u.x0 = this.W; u.y0 = this.H; u.x1 = -1; u.y1 = -1;
    for (const [qx, qy] of [[x0, y0], [x1, y0], [x0, y1], [x1, y1]] as const) {
      const c = this.cal.tableToImage(qx, qy, 0);
      u.x0 = Math.min(u.x0, Math.floor(c.u) - 1); u.x1 = Math.max(u.x1, Math.ceil(c.u) + 1);
      u.y0 = Math.min(u.y0, Math.floor(c.v) - 1); u.y1 = Math.max(u.y1, Math.ceil(c.v) + 1);
    }
    u.x0 = Math.max(0, u.x0); u.y0 = Math.max(0, u.y0);
    u.x1 = Math.min(this.W - 1, u.x1); u.y1 = Math.min(this.H - 1, u.y1);
    if (u.x1 < u.x0 || u.y1 < u.y0) return false;
    const bw = u.x1 - u.x0 + 1;
    const len = bw * (u.y1 - u.y0 + 1);
    const acc = this.ensureAcc(len);
    const bed = this.fb.bed, W = this.W;
    const pxm = this.cal.depth(b.x, b.y, 0) / this.cal.fx;
    const LS = this.lampS;
    for (let s = 0; s < n; s++) {
      const px = this.sx[s]!, py = this.sy[s]!, pz = Math.max(this.sz[s]!, 1e-4);
      for (let q = 0; q < used; q++) {
        const l = lamps[LK[7 * q + 4]!]!;
        const g = l.z / (l.z - pz);
        LS[4 * q] = R * g;
        LS[4 * q + 1] = Math.sqrt((px - l.x) ** 2 + (py - l.y) ** 2) * (g - 1);
        LS[4 * q + 2] = 1 / ((l.radius * pz) / (l.z - pz) + pxm);
      }
      const aoW = 1 / (0.36 * R * pz);
      const aoS = 0.6 * Math.min(1, R / pz);
      for (let j = u.y0; j <= u.y1; j++) {
        let o = (j - u.y0) * bw;
        for (let i = u.x0, p2 = 2 * (j * W + u.x0); i <= u.x1; i++, p2 += 2, o++) {
          const x = bed[p2]! - px, y = bed[p2 + 1]! - py;
          const r2 = x * x + y * y;
          let dark = r2 < 9 * R2 ? Math.exp(-r2 * aoW) * aoS : 0;
          for (let q = 0; q < used; q++) {
            const ex = LK[7 * q + 1]!, ey = LK[7 * q + 2]!, cz = LK[7 * q + 3]!;
            const along = x * ex + y * ey - LS[4 * q + 1]!, perp = -x * ey + y * ex;
            const occ = (LS[4 * q]! - Math.sqrt(along * along * cz * cz + perp * perp)) * LS[4 * q + 2]! + 0.5;
            if (occ > 0) dark += LK[7 * q]! * (occ > 1 ? 1 : occ);
          }
          acc[o]! += dark > 0.92 ? 0.92 : dark;
        }
      }
    }
    this.store(e, u, n, len);
    return true;
  }

  /** Draws the ball (smeared over the exposure). */
  draw(b: SceneBall): void {
    const e = this.entry(this.spriteCache, b);
    if (!e.hit && !this.computeSprite(b, e)) return;
    const W = this.W;
    const bw = e.x1 - e.x0 + 1;
    const inv = 1 / e.n;
    const data = e.data;
    for (let j = e.y0; j <= e.y1; j++) {
      for (let i = e.x0; i <= e.x1; i++) {
        const o = 4 * ((j - e.y0) * bw + (i - e.x0));
        const c = data[o + 3]!;
        if (c <= 0) continue;
        const ic = 1 / c;
        this.fb.put(j * W + i, data[o]! * ic, data[o + 1]! * ic, data[o + 2]! * ic, c * inv);
      }
    }
  }

  private computeSprite(b: SceneBall, e: Cached): boolean {
    const st = this.style(b.id);
    const map = this.maps.get(b.id) ?? null;
    const n = this.samples(b, MAX_SAMPLES);
    const u = this.union(n, R, false);
    if (u.x1 < u.x0 || u.y1 < u.y0) return false;
    const bw = u.x1 - u.x0 + 1;
    const len = 4 * bw * (u.y1 - u.y0 + 1);
    const acc = this.ensureAcc(len);
    const C = this.cal.C, Rm = this.cal.R, rays = this.fb.rays, W = this.W;
    const lamps = this.light.lamps, nl = lamps.length, LK = this.lampK;
    const amb = this.light.ambient;
    const cr = st.colour[0], cg = st.colour[1], cb = st.colour[2];
    const [wr, wg, wb] = this.white;
    const [ir, ig, ib] = this.ink;
    const [kr, kg, kb] = this.cloth;
    const S = NUMBER_MAP_SIZE;
    const bounce = 0.35 * irradianceUp(this.light, b.x, b.y, 0);
    for (let s = 0; s < n; s++) {
      const px = this.sx[s]!, py = this.sy[s]!, pz = this.sz[s]!;
      // A ball dropping into a pocket sinks into the dark.
      const sink = pz < R - 0.002 ? Math.exp(-(R - pz) / 0.025) : 1;
      const Lx = C[0] - px, Ly = C[1] - py, Lz = C[2] - pz;
      const LL = Lx * Lx + Ly * Ly + Lz * Lz;
      const Ld = Math.sqrt(LL);
      const vx = Lx / Ld, vy = Ly / Ld, vz = Lz / Ld;
      const pxm = this.cal.depth(px, py, pz) / this.cal.fx;
      const rout2 = (R + 0.5 * pxm) ** 2;
      for (let k = 0; k < nl; k++) {
        const l = lamps[k]!;
        let lx = l.x - px, ly = l.y - py, lz = l.z - pz;
        const d = Math.hypot(lx, ly, lz);
        lx /= d; ly /= d; lz /= d;
        let hx = lx + vx, hy = ly + vy, hz = lz + vz;
        const hl = Math.hypot(hx, hy, hz);
        hx /= hl; hy /= hl; hz /= hl;
        const o = 7 * k;
        LK[o] = (l.power * coneFactor(lz)) / (d * d);
        LK[o + 1] = lx; LK[o + 2] = ly; LK[o + 3] = lz;
        LK[o + 4] = hx; LK[o + 5] = hy; LK[o + 6] = hz;
      }
      const M = this.mats, mo = s * 9;
      const M0 = M[mo]!, M1 = M[mo + 1]!, M2 = M[mo + 2]!, M3 = M[mo + 3]!, M4 = M[mo + 4]!, M5 = M[mo + 5]!, M6 = M[mo + 6]!, M7 = M[mo + 7]!, M8 = M[mo + 8]!;
      this.box(px, py, pz, R, this.bx);
      const bx = this.bx;
      for (let j = bx.y0; j <= bx.y1; j++) {
        for (let i = bx.x0; i <= bx.x1; i++) {
          const p = j * W + i;
          const xn = rays[2 * p]!, yn = rays[2 * p + 1]!;
          const dx = Rm[0] * xn + Rm[3] * yn + Rm[6], dy = Rm[1] * xn + Rm[4] * yn + Rm[7], dz = Rm[2] * xn + Rm[5] * yn + Rm[8];
          const a = dx * dx + dy * dy + dz * dz;
          const bb = dx * Lx + dy * Ly + dz * Lz;
          const perp2 = LL - (bb * bb) / a;
          if (perp2 >= rout2) continue;
          let nx: number, ny: number, nz: number, cov: number;
          if (perp2 < R2) {
            const t = (-bb - Math.sqrt(a * (R2 - perp2))) / a;
            nx = (Lx + t * dx) / R; ny = (Ly + t * dy) / R; nz = (Lz + t * dz) / R;
            cov = (R - Math.sqrt(perp2)) / pxm + 0.5;
          } else {
            const t = -bb / a;
            const pl = Math.sqrt(perp2);
            nx = (Lx + t * dx) / pl; ny = (Ly + t * dy) / pl; nz = (Lz + t * dz) / pl;
            cov = (R - pl) / pxm + 0.5;
          }
          if (cov > 1) cov = 1;
          // Body-frame normal: texture lookup.
          const bxn = M0 * nx + M3 * ny + M6 * nz, byn = M1 * nx + M4 * ny + M7 * nz, bzn = M2 * nx + M5 * ny + M8 * nz;
          let ar = cr, ag = cg, ab = cb;
          if (st.stripe) {
            let wgt = (Math.abs(bzn) - BAND) * 30 + 0.5;
            wgt = wgt < 0 ? 0 : wgt > 1 ? 1 : wgt;
            ar += (wr - ar) * wgt; ag += (wg - ag) * wgt; ab += (wb - ab) * wgt;
          }
          if (map !== null) {
            const ax = bxn < 0 ? -bxn : bxn;
            let cc = (ax - COS_CIRCLE) * 70 + 0.5;
            if (cc > 0) {
              if (cc > 1) cc = 1;
              const pu = (bxn > 0 ? byn : -byn) / SIN_CIRCLE, pv = bzn / SIN_CIRCLE;
              let tx = ((pu + 1) * 0.5 * S) | 0, ty = ((1 - pv) * 0.5 * S) | 0;
              tx = tx < 0 ? 0 : tx >= S ? S - 1 : tx; ty = ty < 0 ? 0 : ty >= S ? S - 1 : ty;
              const ink = map[ty * S + tx]!;
              const qr = wr + (ir - wr) * ink, qg = wg + (ig - wg) * ink, qb = wb + (ib - wb) * ink;
              ar += (qr - ar) * cc; ag += (qg - ag) * cc; ab += (qb - ab) * cc;
            }
          }
          // Lighting.
          let diff = amb * (0.5 + 0.5 * nz), spec = 0;
          for (let k = 0; k < nl; k++) {
            const o = 7 * k;
            const ndl = nx * LK[o + 1]! + ny * LK[o + 2]! + nz * LK[o + 3]!;
            if (ndl <= 0) continue;
            diff += LK[o]! * ndl;
            const ndh = nx * LK[o + 4]! + ny * LK[o + 5]! + nz * LK[o + 6]!;
            if (ndh > 0.95) {
              const h2 = ndh * ndh, h4 = h2 * h2, h8 = h4 * h4, h16 = h8 * h8, h32 = h16 * h16, h64 = h32 * h32, h128 = h64 * h64;
              spec += LK[o]! * (h128 * h128 * 9 + h64 * 0.6 + (ndh - 0.95) * 3);
            }
          }
          const ndv = nx * vx + ny * vy + nz * vz;
          const fres = 1 - (ndv > 0 ? ndv : 0);
          const f2 = fres * fres;
          const rim = f2 * f2 * 0.3;
          const down = nz < 0.2 ? (0.2 - nz) * bounce : 0;
          const o = 4 * ((j - u.y0) * bw + (i - u.x0));
          const cs = cov * sink;
          acc[o]! += cs * (ar * diff + spec + (rim + down) * kr * (1 - ar * 0.5));
          acc[o + 1]! += cs * (ag * diff + spec + (rim + down) * kg * (1 - ag * 0.5));
          acc[o + 2]! += cs * (ab * diff + spec + (rim + down) * kb * (1 - ab * 0.5));
          acc[o + 3]! += cov;
        }
      }
    }
    this.store(e, u, n, len);
    return true;
  }

  /** Fraction of the ball's disc (at its mid-exposure position) covered by occluders this frame. */
  occludedFraction(b: SceneBall): number {
    const z = b.z ?? R;
    this.box(b.x, b.y, z, R, this.bx);
    const bx = this.bx;
    const c = this.cal.tableToImage(b.x, b.y, z);
    const rp = (this.cal.fx * R) / this.cal.depth(b.x, b.y, z);
    const r2 = rp * rp;
    let tot = 0, hid = 0;
    const stamp = this.fb.stamp, id = this.fb.stampId, W = this.W;
    for (let j = bx.y0; j <= bx.y1; j++) {
      for (let i = bx.x0; i <= bx.x1; i++) {
        if ((i - c.u) ** 2 + (j - c.v) ** 2 > r2) continue;
        tot++;
        if (stamp[j * W + i] === id) hid++;
      }
    }
    return tot > 0 ? hid / tot : 0;
  }
}
