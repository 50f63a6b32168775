// Ball candidates on the rectified bed by a fixed-radius gradient Hough transform: every edge
// pixel of the cloth-difference features votes for the two points one ball radius away
// along its gradient (a ball may be lighter or darker than the cloth); votes pile up at ball
// centres, while straight edges (cue, arms, rails) spread theirs along lines.
import { FLAG_ACTIVE, type FeaturePlanes } from './cloth-model.ts';
import { fullWindow, growWindow, type GridWindow, type RectifiedGrid } from './rectify.ts';
import { type VoteRidge, type Peak } from './candidate.ts';

export interface EdgeField {
  /** Gradient magnitude of the (clamped) feature vector and its orientation (unit vector). */
  mag: Float32Array;
  gx: Float32Array;
  gy: Float32Array;
  /** Indices of the pixels with magnitude ≥ EDGE_MIN from the last call (the first `count`). */
  list: Int32Array;
  count: number;
}

/** Least gradient magnitude listed (and voting). */
export const EDGE_MIN = 0.05;

export function allocEdgeField(n: number): EdgeField {
  return { mag: new Float32Array(n), gx: new Float32Array(n), gy: new Float32Array(n), list: new Int32Array(n), count: 0 };
}

let actBuf = new Uint8Array(0);
function activityScratch(n: number): Uint8Array {
  if (actBuf.length < n) actBuf = new Uint8Array(n);
  return actBuf;
}

// Pixels already listed by this call of edgeField (overlapping windows): listStamp[p] === listCall.
let listStamp = new Uint32Array(0);
let listCall = 0;

/**
 * Sobel gradients of the clamped features (log-brightness and twice the chromaticity
 * differences; clamped by `clothDifference` so highlights do not dominate), combined by the
 * structure tensor: magnitude √λ₁ and its eigen-direction (sign-free).
 */
export function edgeField(g: RectifiedGrid, f: FeaturePlanes, out?: EdgeField, windows?: readonly GridWindow[]): EdgeField {
  const W = g.width;
  const H = g.height;
  const n = W * H;
  const e = out ?? allocEdgeField(n);
  e.count = 0;
  const wins = windows ?? [fullWindow(g)];
  const listed = wins.length > 1;
  if (listed) {
    if (listStamp.length < n || listCall === 0xffffffff) {
      listStamp = new Uint32Array(Math.max(n, listStamp.length));
      listCall = 0;
    }
    listCall++;
  }
  const stamp = listStamp;
  const call = listCall;
  // The features arrive clamped (clothDifference); chromaticity counts twice.
  const c0 = f.dLog;
  const c1 = f.dR;
  const c2 = f.dG;
  // Gradients are only worth computing next to active pixels (flagged by clothDifference):
  // most of the bed is plain cloth. Bit 1 of the scratch: active in the row neighbourhood.
  const act = activityScratch(n);
  const flags = f.flags;
  for (const w0 of wins) {
    const w = growWindow(g, w0, 2);
    // Horizontal OR of each pixel with its neighbours (row-wise dilation), in bit 1.
    for (let j = w.j0; j < w.j1; j++) for (let i = Math.max(1, w.i0), p = j * W + i; i < Math.min(W - 1, w.i1); i++, p++) {
      act[p] = (flags[p - 1]! | flags[p]! | flags[p + 1]!) & FLAG_ACTIVE ? 2 : 0;
    }
  }
  const valid = g.valid;
  for (const w of wins) for (let j = Math.max(1, w.j0); j < Math.min(H - 1, w.j1); j++) {
    for (let i = Math.max(1, w.i0), p = j * W + i; i < Math.min(W - 1, w.i1); i++, p++) {
      e.mag[p] = 0;
      if (!valid[p] || !((act[p - W]! | act[p]! | act[p + W]!) & 2)) continue;
      const ax = c0[p - W + 1]! + 2 * c0[p + 1]! + c0[p + W + 1]! - c0[p - W - 1]! - 2 * c0[p - 1]! - c0[p + W - 1]!;
      const ay = c0[p + W - 1]! + 2 * c0[p + W]! + c0[p + W + 1]! - c0[p - W - 1]! - 2 * c0[p - W]! - c0[p - W + 1]!;
      const bx = c1[p - W + 1]! + 2 * c1[p + 1]! + c1[p + W + 1]! - c1[p - W - 1]! - 2 * c1[p - 1]! - c1[p + W - 1]!;
      const by = c1[p + W - 1]! + 2 * c1[p + W]! + c1[p + W + 1]! - c1[p - W - 1]! - 2 * c1[p - W]! - c1[p - W + 1]!;
      const cx = c2[p - W + 1]! + 2 * c2[p + 1]! + c2[p + W + 1]! - c2[p - W - 1]! - 2 * c2[p - 1]! - c2[p + W - 1]!;
      const cy = c2[p + W - 1]! + 2 * c2[p + W]! + c2[p + W + 1]! - c2[p - W - 1]! - 2 * c2[p - W]! - c2[p - W + 1]!;
      // Chromaticity differences count twice (×2 → ×4 on the squares).
      const jxx = (ax * ax + 4 * (bx * bx + cx * cx)) / 64;
      const jyy = (ay * ay + 4 * (by * by + cy * cy)) / 64;
      const jxy = (ax * ay + 4 * (bx * by + cx * cy)) / 64;
      const tr = jxx + jyy;
      const disc = Math.sqrt(Math.max(0, ((jxx - jyy) * (jxx - jyy)) / 4 + jxy * jxy));
      const l1 = tr / 2 + disc;
      if (l1 <= 1e-12) continue;
      // Eigenvector of the larger eigenvalue.
      let vx = jxy;
      let vy = l1 - jxx;
      if (Math.abs(vx) + Math.abs(vy) < 1e-12) {
        vx = l1 - jyy;
        vy = jxy;
      }
      // Math.sqrt, not Math.hypot (a builtin call a pixel, 2 % of analyze's CPU in the per-pixel loops).
      const vl = Math.sqrt(vx * vx + vy * vy);
      if (vl < 1e-12) {
        vx = jxx >= jyy ? 1 : 0;
        vy = jxx >= jyy ? 0 : 1;
      } else {
        vx /= vl;
        vy /= vl;
      }
      const m = Math.sqrt(l1);
      e.mag[p] = m;
      e.gx[p] = vx;
      e.gy[p] = vy;
      if (m >= EDGE_MIN && (!listed || stamp[p] !== call)) {
        e.list[e.count++] = p;
        if (listed) stamp[p] = call;
      }
    }
  }
  return e;
}

/**
 * Accumulates votes: each edge pixel stronger than `minMag` votes (weight min(mag, cap)) at
 * ± each radius along its gradient, bilinearly; the result is box-smoothed 3×3.
 */
export function circleVotes(
  g: RectifiedGrid, e: EdgeField, radii: readonly number[], minMag: number, cap: number,
  acc?: Float32Array, windows?: readonly GridWindow[],
): Float32Array {
  const W = g.width;
  const H = g.height;
  const a = acc ?? new Float32Array(W * H);
  const wins = windows ?? [fullWindow(g)];
  const reach = Math.ceil(Math.max(...radii)) + 2;
  for (const w0 of wins) {
    const w = growWindow(g, w0, reach);
    for (let j = w.j0; j < w.j1; j++) a.fill(0, j * W + w.i0, j * W + w.i1);
  }
  const nr = radii.length;
  // The edge list holds each pixel once, even where windows overlap.
  for (let k = 0; k < e.count; k++) {
    const p = e.list[k]!;
    const m = e.mag[p]!;
    if (m < minMag) continue;
    const i = p % W;
    const j = (p - i) / W;
    const wt = (m > cap ? cap : m) / nr;
    const ux = e.gx[p]!;
    const uy = e.gy[p]!;
    for (let t = 0; t < nr; t++) {
      const r = radii[t]!;
      // (−r)·u = −(r·u) exactly: the two votes are i ∓ r·u.
      const rx = r * ux;
      const ry = r * uy;
      for (let s = -1; s <= 1; s += 2) {
        const cx = s < 0 ? i - rx : i + rx;
        const cy = s < 0 ? j - ry : j + ry;
        const ix = Math.floor(cx);
        const iy = Math.floor(cy);
        if (ix < 0 || iy < 0 || ix >= W - 1 || iy >= H - 1) continue;
        const fx = cx - ix;
        const fy = cy - iy;
        const wx0 = wt * (1 - fx);
        const wx1 = wt * fx;
        const gy = 1 - fy;
        const q = iy * W + ix;
        a[q] = a[q]! + wx0 * gy;
        a[q + 1] = a[q + 1]! + wx1 * gy;
        a[q + W] = a[q + W]! + wx0 * fy;
        a[q + W + 1] = a[q + W + 1]! + wx1 * fy;
      }
    }
  }
  if (wins.length === 1) boxSmooth3(a, W, H, growWindow(g, wins[0]!, reach));
  else smoothWindows(a, W, H, wins.map((w) => growWindow(g, w, reach)));
  return a;
}

/**
 * 3×3 box filter, in place, of the pixels of several windows (the grid's border excluded), each
 * once from the unsmoothed values however the windows overlap: all row sums first, then all
 * column sums (a pixel in two windows gets the same value twice). Beside boxSmooth3 over their
 * bounding box it leaves alone only what lies outside the windows, and changes only the windows'
 * outermost ring (smoothed here against values beyond them, left unsmoothed on the box's border),
 * farther from the searched windows than findPeaks and voteRidge read (reach − 1 > 0.9 r + 1).
 */
function smoothWindows(a: Float32Array, W: number, H: number, wins: readonly GridWindow[]): void {
  if (smoothBuf.length < W * H) smoothBuf = new Float32Array(W * H);
  const tmp = smoothBuf;
  for (const w of wins) for (let j = Math.max(0, w.j0 - 1); j < Math.min(H, w.j1 + 1); j++) {
    for (let i = Math.max(1, w.i0), p = j * W + i; i < Math.min(W - 1, w.i1); i++, p++) tmp[p] = a[p - 1]! + a[p]! + a[p + 1]!;
  }
  for (const w of wins) for (let j = Math.max(1, w.j0); j < Math.min(H - 1, w.j1); j++) {
    for (let i = Math.max(1, w.i0), p = j * W + i; i < Math.min(W - 1, w.i1); i++, p++) a[p] = (tmp[p - W]! + tmp[p]! + tmp[p + W]!) / 9;
  }
}

let smoothBuf = new Float32Array(0);

/** In-place 3×3 box filter (separable) over a window. */
export function boxSmooth3(a: Float32Array, W: number, H: number, win?: GridWindow): void {
  const w = win ?? { i0: 0, j0: 0, i1: W, j1: H };
  const ww = w.i1 - w.i0;
  const hh = w.j1 - w.j0;
  if (ww < 3 || hh < 3) return;
  if (smoothBuf.length < ww * hh) smoothBuf = new Float32Array(ww * hh);
  // Only the cells written in the first pass are read in the second.
  const tmp = smoothBuf;
  for (let j = 0; j < hh; j++) {
    const o = (w.j0 + j) * W + w.i0;
    for (let i = 1; i < ww - 1; i++) tmp[j * ww + i] = a[o + i - 1]! + a[o + i]! + a[o + i + 1]!;
  }
  for (let j = 1; j < hh - 1; j++) {
    const o = (w.j0 + j) * W + w.i0;
    for (let i = 1; i < ww - 1; i++) a[o + i] = (tmp[(j - 1) * ww + i]! + tmp[j * ww + i]! + tmp[(j + 1) * ww + i]!) / 9;
  }
}

/**
 * Local maxima of the accumulator above `minScore`, strongest first, with non-maximum
 * suppression: no two peaks closer than `minDist` grid pixels. Sub-pixel by a quadratic fit.
 */
export function findPeaks(a: Float32Array, W: number, H: number, minScore: number, minDist: number, windows?: readonly GridWindow[]): Peak[] {
  const cands: Peak[] = [];
  const seen = windows && windows.length > 1 ? new Set<number>() : null;
  for (const w of windows ?? [{ i0: 0, j0: 0, i1: W, j1: H }]) for (let j = Math.max(2, w.j0); j < Math.min(H - 2, w.j1); j++) {
    for (let i = Math.max(2, w.i0); i < Math.min(W - 2, w.i1); i++) {
      const p = j * W + i;
      const v = a[p]!;
      if (v < minScore) continue;
      let isMax = true;
      for (let dj = -2; dj <= 2 && isMax; dj++) {
        for (let di = -2; di <= 2; di++) {
          if (!di && !dj) continue;
          const q = a[p + dj * W + di]!;
          if (q > v || (q === v && dj * W + di < 0)) {
            isMax = false;
            break;
          }
        }
      }
      if (!isMax) continue;
      if (seen) {
        if (seen.has(p)) continue;
        seen.add(p);
      }
      const l = a[p - 1]!;
      const r = a[p + 1]!;
      const t = a[p - W]!;
      const b = a[p + W]!;
      const dx = l - 2 * v + r < 0 ? (0.5 * (l - r)) / (l - 2 * v + r) : 0;
      const dy = t - 2 * v + b < 0 ? (0.5 * (t - b)) / (t - 2 * v + b) : 0;
      cands.push({ i: i + Math.max(-0.5, Math.min(0.5, dx)), j: j + Math.max(-0.5, Math.min(0.5, dy)), score: v });
    }
  }
  cands.sort((p, q) => q.score - p.score || p.j - q.j || p.i - q.i);
  const kept: Peak[] = [];
  const d2 = minDist * minDist;
  for (const c of cands) {
    if (kept.some((k) => (k.i - c.i) ** 2 + (k.j - c.j) ** 2 < d2)) continue;
    kept.push(c);
  }
  return kept;
}

/** Weighted centroid and elongation of the accumulator above half the peak, within 0.9 r of it. */
export function voteRidge(acc: Float32Array, W: number, H: number, pi: number, pj: number, r: number): VoteRidge {
  const peak = acc[Math.round(pj) * W + Math.round(pi)]!;
  const reach = Math.ceil(0.9 * r);
  let sw = 0;
  let si = 0;
  let sj = 0;
  let sii = 0;
  let sjj = 0;
  let sij = 0;
  for (let j = Math.max(0, Math.round(pj) - reach); j <= Math.min(H - 1, Math.round(pj) + reach); j++) {
    for (let i = Math.max(0, Math.round(pi) - reach); i <= Math.min(W - 1, Math.round(pi) + reach); i++) {
      if ((i - pi) ** 2 + (j - pj) ** 2 > reach * reach) continue;
      const w = acc[j * W + i]! - 0.5 * peak;
      if (w <= 0) continue;
      sw += w;
      si += w * i;
      sj += w * j;
      sii += w * i * i;
      sjj += w * j * j;
      sij += w * i * j;
    }
  }
  if (sw <= 0) return { ci: pi, cj: pj, elongation: 1 };
  const ci = si / sw;
  const cj = sj / sw;
  const a = sii / sw - ci * ci;
  const b = sjj / sw - cj * cj;
  const c = sij / sw - ci * cj;
  const disc = Math.sqrt(Math.max(0, ((a - b) / 2) ** 2 + c * c));
  const l1 = (a + b) / 2 + disc;
  const l2 = Math.max(1e-6, (a + b) / 2 - disc);
  return { ci, cj, elongation: Math.sqrt(l1 / l2) };
}
