// Rasterising tapered capsules (cue segments, fingers, arms, head) in image space: a tight
// per-row span, then per pixel the distance to the axis gives coverage and a cylinder normal.
// Also their soft shadows on the bed.
import type { FrameBuffer } from './framebuffer.ts';

/** A capsule in pixels: axis A→B, radii at A and B. */
export interface Capsule2D {
  ax: number;
  ay: number;
  bx: number;
  by: number;
  ra: number;
  rb: number;
}

/** How to paint a capsule. */
export interface CapsulePaint {
  /** Linear albedo along the axis, 3 floats per entry, first entry at t0, last at t1. */
  lut: Float32Array;
  t0: number;
  t1: number;
  /** Irradiance on the part's top (1 = the bed centre). */
  light: number;
  /** Strength of the glossy highlight line (varnish); 0 for skin and cloth. */
  gloss: number;
  /** Image-space direction towards the main lamp (unit), for the side lighting. */
  lx: number;
  ly: number;
  /** Mark covered pixels as occluding (for the balls' occlusion truth). */
  stamp: boolean;
  /** Draw the rounded end at A / at B (off where the next segment of a chain continues). */
  capA: boolean;
  capB: boolean;
}

const span = new Float64Array(2);

/** The x range of row y (pixel centre) within distance r of segment A→B; false if empty. */
function rowSpan(c: Capsule2D, y: number, r: number, W: number): boolean {
  const Dx = c.bx - c.ax;
  const Dy = c.by - c.ay;
  const len = Math.sqrt(Dx * Dx + Dy * Dy);
  let lo = Math.min(c.ax, c.bx) - r;
  let hi = Math.max(c.ax, c.bx) + r;
  if (len > 1e-6) {
    const dx = Dx / len;
    const dy = Dy / len;
    const ey = y - c.ay;
    // |(x - ax)(-dy) + ey dx| <= r
    if (Math.abs(dy) > 1e-6) {
      const p = (-r - ey * dx) / -dy;
      const q = (r - ey * dx) / -dy;
      lo = Math.max(lo, c.ax + Math.min(p, q));
      hi = Math.min(hi, c.ax + Math.max(p, q));
    } else if (Math.abs(ey * dx) > r) return false;
    // -r <= (x - ax) dx + ey dy <= len + r
    if (Math.abs(dx) > 1e-6) {
      const p = (-r - ey * dy) / dx;
      const q = (len + r - ey * dy) / dx;
      lo = Math.max(lo, c.ax + Math.min(p, q));
      hi = Math.min(hi, c.ax + Math.max(p, q));
    } else if (ey * dy < -r || ey * dy > len + r) return false;
  } else if (Math.abs(y - c.ay) > r) return false;
  lo = Math.max(0, Math.floor(lo));
  hi = Math.min(W - 1, Math.ceil(hi));
  if (hi < lo) return false;
  span[0] = lo;
  span[1] = hi;
  return true;
}

/**
 * Visits the pixels near the capsule: cb(p, t, dist, perp, r) with t the axis parameter (0..1
 * on the segment, beyond it on the end caps),
 * dist the distance to the axis point, perp the signed distance across, r the radius there.
 */
function visit(fb: FrameBuffer, c: Capsule2D, pad: number, cb: (p: number, t: number, dist: number, perp: number, r: number) => void): void {
  const W = fb.W;
  const rmax = Math.max(c.ra, c.rb) + pad;
  const y0 = Math.max(0, Math.floor(Math.min(c.ay, c.by) - rmax));
  const y1 = Math.min(fb.H - 1, Math.ceil(Math.max(c.ay, c.by) + rmax));
  const Dx = c.bx - c.ax;
  const Dy = c.by - c.ay;
  const len2 = Dx * Dx + Dy * Dy;
  const len = Math.sqrt(len2);
  const ux = len > 1e-9 ? Dx / len : 1;
  const uy = len > 1e-9 ? Dy / len : 0;
  for (let y = y0; y <= y1; y++) {
    if (!rowSpan(c, y, rmax, W)) continue;
    const x1 = span[1]!;
    for (let x = span[0]!; x <= x1; x++) {
      const ex = x - c.ax;
      const ey = y - c.ay;
      const raw = len2 > 1e-12 ? (ex * Dx + ey * Dy) / len2 : 0;
      const t = raw < 0 ? 0 : raw > 1 ? 1 : raw;
      const qx = ex - t * Dx;
      const qy = ey - t * Dy;
      cb(y * W + x, raw, Math.sqrt(qx * qx + qy * qy), -ex * uy + ey * ux, c.ra + (c.rb - c.ra) * t);
    }
  }
}

/** Draws a shaded capsule over the frame. */
export function drawCapsule(fb: FrameBuffer, c: Capsule2D, paint: CapsulePaint): void {
  const lut = paint.lut;
  const nl = lut.length / 3;
  const len = Math.hypot(c.bx - c.ax, c.by - c.ay);
  // Unit vector across the axis (to the +perp side), dotted with the light direction.
  const sx = len > 1e-9 ? -(c.by - c.ay) / len : 0;
  const sy = len > 1e-9 ? (c.bx - c.ax) / len : 1;
  const side = sx * paint.lx + sy * paint.ly;
  const stamp = fb.stamp;
  const id = fb.stampId;
  visit(fb, c, 1, (p, raw, dist, perp, r) => {
    if ((raw < 0 && !paint.capA) || (raw > 1 && !paint.capB)) return;
    const t = raw < 0 ? 0 : raw > 1 ? 1 : raw;
    let cov = r - dist + 0.5;
    if (cov <= 0) return;
    if (cov > 1) cov = 1;
    let a = r > 0 ? dist / r : 0;
    if (a > 1) a = 1;
    if (perp < 0) a = -a;
    const up = Math.sqrt(1 - a * a);
    const tt = paint.t0 + (paint.t1 - paint.t0) * t;
    const k = 3 * Math.min(nl - 1, Math.max(0, Math.round(tt * (nl - 1))));
    const sh = paint.light * (0.3 + 0.55 * up + 0.15 * a * side);
    const hl = a - 0.35 * side;
    const spec = paint.gloss * paint.light * Math.exp(-hl * hl * 40);
    fb.put(p, lut[k]! * sh + spec, lut[k + 1]! * sh + spec, lut[k + 2]! * sh + spec, cov);
    if (paint.stamp && cov >= 0.5) stamp[p] = id;
  });
}

/** Darkens the frame under a capsule's shadow: `strength` at the core, edges soft over `soft` px. */
export function drawShadow(fb: FrameBuffer, c: Capsule2D, strength: number, soft: number): void {
  const s = Math.max(1, soft);
  visit(fb, c, s * 0.5 + 1, (p, _t, dist, _perp, r) => {
    let k = (r - dist) / s + 0.5;
    if (k <= 0) return;
    if (k > 1) k = 1;
    fb.darken(p, 1 - strength * k * k * (3 - 2 * k));
  });
}
