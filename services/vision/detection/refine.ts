// Sub-pixel ball centres in the full-resolution frame. From a candidate centre, 48 rays cut
// the ball's silhouette; on each, the strongest change of colour (against the local cloth)
// near the expected radius is an edge point. The points are undistorted and fitted (Tukey
// re-weighted Gauss–Newton) by the sphere's outline: an ellipse stretched away from the
// principal point by 1/cos θ, made a circle by compressing that direction. Its centre is the
// projection of the ball's centre (to ~0.1 px), mapped to the table on the ball-centre plane.
// A ball near the cloth's colour is read again by the disc of its pixels unlike the cloth
// (disc-centre.ts), which stands in for the fit where it explains them clearly better.
// fitCircle is by hand: ml-levenberg-marquardt takes 0.25 ms per ball against 25 µs here and, without the
// Tukey weights, lands 0.26 px from the true centre against 0.04 px (median); cv.fitEllipse takes 12 µs but
// is 0.26 px off too (measured 2026-12-04, /tmp/numbench, Node 20).
import { distortPixel, imageToTable, undistortPixel, type VisionCalibration } from '../calibration/calibration-model.ts';
import { selectRank } from '../decode/image.ts';
import { isYuv, yuvBilinear, type VideoImage } from '../decode/yuv-image.ts';
import { applyH } from '../numeric/linalg.ts';

import { BALL_RADIUS } from '../../table/spec.ts';
import type { ClothReference, RefinedBall } from './candidate.ts';
import { lowContrastCentre } from './disc-centre.ts';

const RAYS = 48;
const STEP = 0.5;

/** ln-brightness difference, clamped: highlights and white parts to +0.5, dark to −1.2 (a black ball stays darker than its shadow). */
const clampLog = (v: number): number => (v > 0.5 ? 0.5 : v < -1.2 ? -1.2 : v);
const clamp = (v: number, a: number): number => (v > a ? a : v < -a ? -a : v);

/** Expected outline of a ball centred at table (x, y): undistorted centre, radial frame, radius. */
function outlineModel(cal: VisionCalibration, x: number, y: number): { cu: number; cv: number; nx: number; ny: number; cos: number; rho: number } {
  const c = applyH(cal.ballCentreHomography, x, y);
  const dx = c.x - cal.cx;
  const dy = c.y - cal.cy;
  const d = Math.hypot(dx, dy);
  const nx = d > 1e-9 ? dx / d : 1;
  const ny = d > 1e-9 ? dy / d : 0;
  const cos = 1 / Math.sqrt(1 + (d / cal.fx) ** 2);
  const R = cal.rotation;
  const depth = R[6] * x + R[7] * y + R[8] * BALL_RADIUS + cal.translation[2];
  return { cu: c.x, cv: c.y, nx, ny, cos, rho: (cal.fx * BALL_RADIUS) / depth };
}

/**
 * Feature-change maxima along one ray: positions (px from the start point) of the local maxima
 * of the colour gradient stronger than a quarter of the ray's strongest (at most `max`).
 */
function rayEdges(img: VideoImage, ref: ClothReference, u0: number, v0: number, ux: number, uy: number, s0: number, s1: number, buf: Float32Array, grad: Float32Array, out: Float64Array, strength: Float64Array, max: number): number {
  const n = Math.min(buf.length / 3, Math.floor((s1 - s0) / STEP) + 1);
  const W = img.width;
  const H = img.height;
  const yuv = isYuv(img) ? img : null;
  const d = isYuv(img) ? null : img.data;
  const rgb = [0, 0, 0];
  for (let k = 0; k < n; k++) {
    const s = s0 + k * STEP;
    let x = u0 + ux * s;
    let y = v0 + uy * s;
    x = x < 0 ? 0 : x > W - 1.001 ? W - 1.001 : x;
    y = y < 0 ? 0 : y > H - 1.001 ? H - 1.001 : y;
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    const fx = x - ix;
    const fy = y - iy;
    let R: number, G: number, B: number;
    if (d) {
      const p = (iy * W + ix) * 3;
      const q = p + W * 3;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      R = d[p]! * w00 + d[p + 3]! * w10 + d[q]! * w01 + d[q + 3]! * w11;
      G = d[p + 1]! * w00 + d[p + 4]! * w10 + d[q + 1]! * w01 + d[q + 4]! * w11;
      B = d[p + 2]! * w00 + d[p + 5]! * w10 + d[q + 2]! * w01 + d[q + 5]! * w11;
    } else {
      yuvBilinear(yuv!, ix, iy, fx, fy, rgb);
      R = rgb[0]!;
      G = rgb[1]!;
      B = rgb[2]!;
    }
    const S = R + G + B + 1;
    buf[k * 3] = clampLog(Math.log(S) - ref.logS);
    buf[k * 3 + 1] = clamp(2 * (R / S - ref.r), 0.5);
    buf[k * 3 + 2] = clamp(2 * (G / S - ref.g), 0.5);
  }
  let top = 0;
  grad[0] = 0;
  grad[n - 1] = 0;
  for (let k = 1; k < n - 1; k++) {
    const a = buf[(k + 1) * 3]! - buf[(k - 1) * 3]!;
    const b = buf[(k + 1) * 3 + 1]! - buf[(k - 1) * 3 + 1]!;
    const c = buf[(k + 1) * 3 + 2]! - buf[(k - 1) * 3 + 2]!;
    grad[k] = Math.sqrt(a * a + b * b + c * c);
    if (grad[k]! > top) top = grad[k]!;
  }
  const floor = Math.max(0.04, 0.25 * top);
  let m = 0;
  for (let k = 2; k < n - 2; k++) {
    const g0 = grad[k]!;
    if (g0 < floor || g0 < grad[k - 1]! || g0 <= grad[k + 1]!) continue;
    // Sharpness: a silhouette is a step (gradient over ±0.5 px ≫ mean gradient over ±2 px);
    // a shadow's penumbra is a ramp (about equal). Soft edges count for less.
    const a4 = Math.max(0, k - 4);
    const b4 = Math.min(n - 1, k + 4);
    const ca = buf[b4 * 3]! - buf[a4 * 3]!;
    const cb = buf[b4 * 3 + 1]! - buf[a4 * 3 + 1]!;
    const cc = buf[b4 * 3 + 2]! - buf[a4 * 3 + 2]!;
    const coarse = Math.sqrt(ca * ca + cb * cb + cc * cc) / ((b4 - a4) * STEP);
    const sharp = coarse > 1e-6 ? g0 / coarse : 4;
    // A silhouette has cloth (lit or in shadow) just outside it; an edge inside the ball (a
    // stripe, the number circle) has more ball outside.
    const o = Math.min(n - 1, k + 3) * 3;
    const outsideCloth = Math.abs(buf[o + 1]!) < 0.1 && Math.abs(buf[o + 2]!) < 0.1 && buf[o]! < 0.15 && buf[o]! > -0.9;
    // A shadow's edge: only brightness changes, from darker (but not black) inside to brighter outside.
    const i3 = Math.max(0, k - 3) * 3;
    const dc1 = buf[o + 1]! - buf[i3 + 1]!;
    const dc2 = buf[o + 2]! - buf[i3 + 2]!;
    const dChroma = Math.sqrt(dc1 * dc1 + dc2 * dc2); // per-sample loops here take Math.sqrt, not Math.hypot (a builtin call each)
    const shadowLike = dChroma < 0.06 && buf[o]! - buf[i3]! > 0.1 && buf[i3]! < -0.1 && buf[i3]! > -0.9;
    const gk = g0 * Math.max(0.15, Math.min(1, (sharp - 1) / 2)) * (outsideCloth ? 1 : 0.35) * (shadowLike ? 0.35 : 1);
    const a = grad[k - 1]!;
    const c = grad[k + 1]!;
    const den = a - 2 * g0 + c;
    const off = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den)) : 0;
    // Keep the strongest `max`: replace the weakest kept when full.
    let slot = m;
    if (m >= max) {
      slot = 0;
      for (let t = 1; t < m; t++) if (strength[t]! < strength[slot]!) slot = t;
      if (strength[slot]! >= gk) continue;
    } else m++;
    out[slot] = s0 + (k + off) * STEP;
    strength[slot] = gk;
  }
  return m;
}

const PER_RAY = 4;

/** refineBall's working arrays, allocated once (refineBall never re-enters). */
const S = {
  buf: new Float32Array(3 * 200),
  grad: new Float32Array(200),
  found: new Float64Array(PER_RAY),
  strength: new Float64Array(PER_RAY),
  px: new Float64Array(RAYS * PER_RAY),
  py: new Float64Array(RAYS * PER_RAY),
  pw: new Float64Array(RAYS * PER_RAY),
  count: new Uint8Array(RAYS),
  eu: new Float64Array(RAYS),
  ev: new Float64Array(RAYS),
  ok: new Uint8Array(RAYS),
};

/**
 * Refines a candidate ball at table (x, y) (ball-centre plane) in the frame. Returns null when
 * too few rays find an edge that fits.
 */
export function refineBall(img: VideoImage, cal: VisionCalibration, ref: ClothReference, x: number, y: number): RefinedBall | null {
  // Scratch shared by every call (each call writes what it reads).
  const { buf, grad, found, strength, px, py, pw, count, eu, ev, ok } = S;
  let cx = x;
  let cy = y;
  let result: RefinedBall | null = null;
  const windows = [[0.45, 1.6, 0.55], [0.75, 1.3, 0.2]] as const;
  for (const [lo, hi, reach] of windows) {
    const m = outlineModel(cal, cx, cy);
    const centre = distortPixel(cal, m.cu, m.cv);
    // Local scale of the lens at the ball (distorted px per undistorted px).
    const probe = distortPixel(cal, m.cu + m.rho * -m.ny, m.cv + m.rho * m.nx);
    const rImg = Math.hypot(probe.u - centre.u, probe.v - centre.v);
    for (let k = 0; k < RAYS; k++) {
      const phi = (2 * Math.PI * k) / RAYS;
      const ux = Math.cos(phi);
      const uy = Math.sin(phi);
      // Expected radius along this ray: the outline is longer by 1/cos θ along the radial direction.
      const along = ux * m.nx + uy * m.ny;
      const expect = rImg / Math.sqrt(1 - along * along * (1 - m.cos * m.cos));
      const n = rayEdges(img, ref, centre.u, centre.v, ux, uy, lo * expect, hi * expect, buf, grad, found, strength, PER_RAY);
      count[k] = n;
      for (let t = 0; t < n; t++) {
        const q = undistortPixel(cal, centre.u + ux * found[t]!, centre.v + uy * found[t]!);
        const dx = q.u - m.cu;
        const dy = q.v - m.cv;
        // Into the circle frame: radial component compressed by cos θ.
        px[k * PER_RAY + t] = (dx * m.nx + dy * m.ny) * m.cos;
        py[k * PER_RAY + t] = -dx * m.ny + dy * m.nx;
        pw[k * PER_RAY + t] = Math.min(0.5, strength[t]!);
      }
    }
    // Which edge on each ray belongs to the silhouette: the centre offset that puts the most
    // edge strength one radius away (a small Hough over offsets), then the nearest per ray.
    const c0 = circleHough(px, py, pw, count, m.rho, reach * m.rho);
    for (let k = 0; k < RAYS; k++) {
      ok[k] = 0;
      let best = Infinity;
      for (let t = 0; t < count[k]!; t++) {
        const ex = px[k * PER_RAY + t]! - c0.a;
        const ey = py[k * PER_RAY + t]! - c0.b;
        const e = Math.abs(Math.sqrt(ex * ex + ey * ey) - m.rho);
        if (e < best && e < 0.15 * m.rho) {
          best = e;
          eu[k] = px[k * PER_RAY + t]!;
          ev[k] = py[k * PER_RAY + t]!;
          ok[k] = 1;
        }
      }
    }
    const fit = fitCircle(eu, ev, ok, m.rho, c0.a, c0.b);
    if (!fit) return null;
    const du = (fit.a / m.cos) * m.nx - fit.b * m.ny;
    const dv = (fit.a / m.cos) * m.ny + fit.b * m.nx;
    const t = applyH(cal.ballHomography, m.cu + du, m.cv + dv);
    cx = t.x;
    cy = t.y;
    const img2 = distortPixel(cal, m.cu + du, m.cv + dv);
    result = {
      u: img2.u, v: img2.v, x: cx, y: cy, r: fit.rho * (rImg / m.rho),
      inlierFraction: fit.inliers / RAYS, residualPx: fit.rms, radiusRatio: fit.rho / m.rho,
    };
  }
  // A ball near the cloth's colour: the fit may sit on its number circle and highlight (disc-centre.ts).
  const body = result && lowContrastCentre(img, cal, ref, result.u, result.v, result.r);
  if (result && body) {
    const t = imageToTable(cal, body.u, body.v, 'ball');
    result = { ...result, u: body.u, v: body.v, x: t.x, y: t.y };
  }
  return result;
}

let houghAcc = new Float32Array(0);

/** Centre offset (within ±reach) maximising the edge strength lying one radius `rho` from it. */
function circleHough(px: Float64Array, py: Float64Array, pw: Float64Array, count: Uint8Array, rho: number, reach: number): { a: number; b: number } {
  // Offsets far from the start are less likely: a Gaussian prior of 0.5 ρ.
  const prior = 0.5 * rho;
  const step = 0.5;
  const n = 2 * Math.ceil(reach / step) + 1;
  const half = (n - 1) / 2;
  if (houghAcc.length < n * n) houghAcc = new Float32Array(n * n);
  const acc = houghAcc;
  acc.fill(0, 0, n * n);
  // Accumulator cells reach ±(half + 0.5) steps from the start: its half-diagonal, with a margin.
  const box = (half + 1) * step * Math.SQRT2;
  const angles = Math.max(24, Math.ceil((2 * Math.PI * rho) / step));
  // The voting circle's offsets (px), once per call.
  const ca = new Float64Array(angles);
  const cb = new Float64Array(angles);
  for (let t = 0; t < angles; t++) {
    ca[t] = rho * Math.cos((2 * Math.PI * t) / angles);
    cb[t] = rho * Math.sin((2 * Math.PI * t) / angles);
  }
  for (let k = 0; k < count.length; k++) {
    for (let t = 0; t < count[k]!; t++) {
      const x = px[k * PER_RAY + t]!;
      const y = py[k * PER_RAY + t]!;
      const w = pw[k * PER_RAY + t]!;
      // Only the arc of the voting circle that can land in the accumulator: |p − ρu| ≤ box
      // diagonal ⇔ the angle between u and p is at most Δ (law of cosines).
      const d = Math.sqrt(x * x + y * y);
      const cosMax = d > 1e-9 ? (d * d + rho * rho - box * box) / (2 * d * rho) : -2;
      if (cosMax > 1) continue;
      const span = cosMax <= -1 ? angles : Math.ceil((Math.acos(cosMax) / (2 * Math.PI)) * angles) + 1;
      const whole = span * 2 + 1 >= angles;
      const s0 = whole ? 0 : Math.round((Math.atan2(y, x) / (2 * Math.PI)) * angles) - span;
      const s1 = whole ? angles - 1 : s0 + 2 * span;
      // s0 > −angles and s1 < angles (|round(atan2 · angles / 2π)| ≤ angles / 2, 2 span + 1 < angles): one wrap at most.
      for (let q = s0; q <= s1; q++) {
        const s = q < 0 ? q + angles : q;
        const ia = Math.round((x - ca[s]!) / step + half);
        if (ia < 0 || ia >= n) continue;
        const ib = Math.round((y - cb[s]!) / step + half);
        if (ib < 0 || ib >= n) continue;
        acc[ib * n + ia] = acc[ib * n + ia]! + w;
      }
    }
  }
  // Smooth 3×3 and take the maximum (ties: nearest the start). The prior depends on the squared
  // distance only: one exp per distance.
  const priorOf = new Float64Array(2 * half * half + 1).fill(NaN);
  let best = -1;
  let bestV = -1;
  let bestDist = 0;
  for (let ib = 1; ib < n - 1; ib++) {
    for (let ia = 1; ia < n - 1; ia++) {
      const r0 = (ib - 1) * n + ia, r1 = r0 + n, r2 = r1 + n;
      let v = 0;
      v += acc[r0 - 1]! + acc[r0]! + acc[r0 + 1]!;
      v += acc[r1 - 1]! + acc[r1]! + acc[r1 + 1]!;
      v += acc[r2 - 1]! + acc[r2]! + acc[r2 + 1]!;
      const dist = (ia - half) ** 2 + (ib - half) ** 2;
      let p = priorOf[dist]!;
      if (p !== p) p = priorOf[dist] = Math.exp((-0.5 * dist * step * step) / (prior * prior));
      v *= p;
      if (v > bestV + 1e-9 || (Math.abs(v - bestV) <= 1e-9 && dist < bestDist)) {
        bestV = v;
        best = ib * n + ia;
        bestDist = dist;
      }
    }
  }
  if (best < 0) return { a: 0, b: 0 };
  return { a: ((best % n) - half) * step, b: (Math.floor(best / n) - half) * step };
}

let fitRes = new Float64Array(0);
let fitW = new Float64Array(0);
let fitAbs = new Float64Array(0);

/** Tukey-weighted circle fit with a soft prior pulling the radius to `rho0`. */
function fitCircle(xs: Float64Array, ys: Float64Array, ok: Uint8Array, rho0: number, a0: number, b0: number): { a: number; b: number; rho: number; inliers: number; rms: number } | null {
  let a = a0;
  let b = b0;
  let rho = rho0;
  const n = xs.length;
  if (fitRes.length < n) {
    fitRes = new Float64Array(n);
    fitW = new Float64Array(n);
    fitAbs = new Float64Array(n);
  }
  const res = fitRes;
  const w = fitW;
  const abs = fitAbs;
  let sigma = Math.max(1, 0.15 * rho0);
  for (let it = 0; it < 12; it++) {
    let m = 0;
    for (let k = 0; k < n; k++) {
      if (!ok[k]) continue;
      const dx = xs[k]! - a;
      const dy = ys[k]! - b;
      res[k] = Math.sqrt(dx * dx + dy * dy) - rho;
      abs[m++] = Math.abs(res[k]!);
    }
    if (m < 8) return null;
    // The median of |residual| (the upper one of an even count): the element of rank m/2.
    if (it > 1) sigma = Math.max(0.25, 1.4826 * selectRank(abs, m, m >> 1));
    const cut = 4.685 * sigma;
    // Normal equations for (da, db, drho), plus the radius prior (J = (−dx/d, −dy/d, −1)).
    let a00 = 0, a01 = 0, a02 = 0, a10 = 0, a11 = 0, a12 = 0, a20 = 0, a21 = 0, a22 = 0;
    let g0 = 0, g1 = 0, g2 = 0;
    for (let k = 0; k < n; k++) {
      if (!ok[k]) {
        w[k] = 0;
        continue;
      }
      const u = res[k]! / cut;
      const wk = Math.abs(u) < 1 ? (1 - u * u) ** 2 : 0;
      w[k] = wk;
      if (!wk) continue;
      const dx = xs[k]! - a;
      const dy = ys[k]! - b;
      const d = Math.sqrt(dx * dx + dy * dy) || 1e-9;
      const j0 = -dx / d;
      const j1 = -dy / d;
      const r = res[k]!;
      const w0 = wk * j0, w1 = wk * j1, w2 = wk * -1;
      g0 += w0 * r;
      g1 += w1 * r;
      g2 += w2 * r;
      a00 += w0 * j0; a01 += w0 * j1; a02 += w0 * -1;
      a10 += w1 * j0; a11 += w1 * j1; a12 += w1 * -1;
      a20 += w2 * j0; a21 += w2 * j1; a22 += w2 * -1;
    }
    const prior = 4 / (0.05 * rho0) ** 2 * sigma * sigma;
    a22 += prior;
    g2 += prior * (rho - rho0);
    const det = a00 * (a11 * a22 - a12 * a21) - a01 * (a10 * a22 - a12 * a20) + a02 * (a10 * a21 - a11 * a20);
    if (Math.abs(det) < 1e-18) return null;
    const s0 = (g0 * (a11 * a22 - a12 * a21) - a01 * (g1 * a22 - a12 * g2) + a02 * (g1 * a21 - a11 * g2)) / det;
    const s1 = (a00 * (g1 * a22 - a12 * g2) - g0 * (a10 * a22 - a12 * a20) + a02 * (a10 * g2 - g1 * a20)) / det;
    const s2 = (a00 * (a11 * g2 - g1 * a21) - a01 * (a10 * g2 - g1 * a20) + g0 * (a10 * a21 - a11 * a20)) / det;
    a -= s0;
    b -= s1;
    rho -= s2;
    if (Math.abs(s0) + Math.abs(s1) + Math.abs(s2) < 1e-4) break;
  }
  let inliers = 0;
  let ss = 0;
  for (let k = 0; k < n; k++) {
    if (!ok[k] || w[k]! <= 0) continue;
    inliers++;
    const dx = xs[k]! - a;
    const dy = ys[k]! - b;
    ss += (Math.sqrt(dx * dx + dy * dy) - rho) ** 2;
  }
  return { a, b, rho, inliers, rms: Math.sqrt(ss / Math.max(1, inliers)) };
}

