// Straight rail lines and the lens's radial distortion from the nose edge points: the noses
// are straight on the table, so the k1 that makes every side's undistorted points collinear
// is the lens's (one-dimensional golden-section search; sides with their outliers removed
// first by a robust parabola vote and cubic fit, which follow the bowed edge). Then one robust line per side.
// By hand (measured 2026-12-04, /tmp/numbench, Node 20): solve4 takes 0.6 µs against 4 µs in ml-matrix
// (same to 1e-15); ml-regression-polynomial has no weights; cv.fitLine (Huber) fits a side 2.5–3.4× faster
// but 0.14 px off a true line against 0.055 px (linalg.ts), and OpenCV.js is 12 MB, 0.3–0.7 s start-up.
import { undistortPixel, type LensModel } from './calibration-model.ts';
import { fitLineRobust, fitLineTLS, intersectLines, samplePairs, type Line2, type Point2 } from '../numeric/linalg.ts';
import { RAIL_SIDES, type RailEdgePoint, type RailSide } from './rail-edges.ts';

export interface RailFit {
  /** Lens with the principal point at the image centre, focal `fRef`, distortion k1 (k2 = 0). */
  lens: LensModel;
  /** Robust line per side in undistorted pixels. */
  lines: Record<RailSide, Line2>;
  /** Robust RMS residual of the inliers (px). */
  residualPx: number;
  /** Inlier count per side (head, foot, left, right). */
  counts: [number, number, number, number];
}

/**
 * Inliers of one side's edge points, which bow with the lens: a deterministic RANSAC over
 * parabolas e(t) in the side's own frame (three spread points each, 1 px band), then Tukey
 * re-weighting. A straight intruder along the rail (a cue lying near it) loses the vote.
 */
function curveInliers(us: number[], vs: number[]): boolean[] {
  const n = us.length;
  const start = fitLineRobust(us, vs, { inlierBand: 8, minSigma: 1 });
  if (!start) return us.map(() => false);
  const { a, b, c } = start.line;
  const ts = us.map((u, i) => -b * u + a * vs[i]!);
  const es = us.map((u, i) => a * u + b * vs[i]! + c);
  const tm = ts.reduce((s, t) => s + t, 0) / n;
  const tr = Math.max(1, ...ts.map((t) => Math.abs(t - tm)));
  const x = ts.map((t) => (t - tm) / tr);
  const order = x.map((_, i) => i).sort((p, q) => x[p]! - x[q]!);
  let best: number[] = [0, 0, 0];
  let bestCount = -1;
  const third = Math.max(1, Math.floor(n / 3));
  for (const [i0, i1] of samplePairs(n, 300, 0x51ed27)) {
    // One point from each third of the side (by position along it).
    const p0 = order[Math.floor((i0 / n) * third)]!;
    const p1 = order[third + Math.floor((i1 / n) * third)]!;
    const p2 = order[Math.min(n - 1, 2 * third + Math.floor(((i0 + i1) % n / n) * third))]!;
    const coef = parabolaThrough(x[p0]!, es[p0]!, x[p1]!, es[p1]!, x[p2]!, es[p2]!);
    if (!coef) continue;
    let count = 0;
    for (let k = 0; k < n; k++) if (Math.abs(es[k]! - (coef[0]! + coef[1]! * x[k]! + coef[2]! * x[k]! ** 2)) < 1) count++;
    if (count > bestCount) {
      bestCount = count;
      best = coef;
    }
  }
  let coef = [...best, 0];
  const w: number[] = es.map((e, i) => (Math.abs(e - (best[0]! + best[1]! * x[i]! + best[2]! * x[i]! ** 2)) < 1 ? 1 : 0));
  let sigma = 0.5;
  for (let it = 0; it < 10; it++) {
    const A = new Float64Array(16);
    const rhs = new Float64Array(4);
    for (let i = 0; i < n; i++) {
      if (!w[i]) continue;
      const p = [1, x[i]!, x[i]! ** 2, x[i]! ** 3];
      for (let r = 0; r < 4; r++) {
        rhs[r] = rhs[r]! + w[i]! * p[r]! * es[i]!;
        for (let q = 0; q < 4; q++) A[r * 4 + q] = A[r * 4 + q]! + w[i]! * p[r]! * p[q]!;
      }
    }
    const sol = solve4(A, rhs);
    if (!sol) break;
    coef = sol;
    const res = es.map((e, i) => Math.abs(e - (coef[0]! + coef[1]! * x[i]! + coef[2]! * x[i]! ** 2 + coef[3]! * x[i]! ** 3)));
    const inl = res.filter((_, i) => w[i]! > 0).sort((p, q) => p - q);
    if (inl.length < 4) break;
    sigma = Math.max(0.25, 1.4826 * inl[Math.floor(inl.length / 2)]!);
    const cut = 4.685 * sigma;
    for (let i = 0; i < n; i++) w[i] = res[i]! < cut ? (1 - (res[i]! / cut) ** 2) ** 2 : 0;
  }
  const res = es.map((e, i) => Math.abs(e - (coef[0]! + coef[1]! * x[i]! + coef[2]! * x[i]! ** 2 + coef[3]! * x[i]! ** 3)));
  return res.map((r) => r < 3 * sigma);
}

function parabolaThrough(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number): number[] | null {
  const d = (x0 - x1) * (x0 - x2) * (x1 - x2);
  if (Math.abs(d) < 1e-9) return null;
  const a = (x2 * (y1 - y0) + x1 * (y0 - y2) + x0 * (y2 - y1)) / d;
  const b = (x2 * x2 * (y0 - y1) + x1 * x1 * (y2 - y0) + x0 * x0 * (y1 - y2)) / d;
  const c = (x1 * x2 * (x1 - x2) * y0 + x2 * x0 * (x2 - x0) * y1 + x0 * x1 * (x0 - x1) * y2) / d;
  return [c, b, a];
}

function solve4(A: Float64Array, b: Float64Array): number[] | null {
  const M = Array.from({ length: 4 }, (_, r) => [A[r * 4]!, A[r * 4 + 1]!, A[r * 4 + 2]!, A[r * 4 + 3]!, b[r]!]);
  for (let col = 0; col < 4; col++) {
    let piv = col;
    for (let r = col + 1; r < 4; r++) if (Math.abs(M[r]![col]!) > Math.abs(M[piv]![col]!)) piv = r;
    if (Math.abs(M[piv]![col]!) < 1e-12) return null;
    [M[col], M[piv]] = [M[piv]!, M[col]!];
    for (let r = 0; r < 4; r++) {
      if (r === col) continue;
      const f = M[r]![col]! / M[col]![col]!;
      for (let q = col; q < 5; q++) M[r]![q] = M[r]![q]! - f * M[col]![q]!;
    }
  }
  return M.map((row, r) => row[4]! / row[r]!);
}

/** Sum of squared TLS residuals of each side's points after undistortion with `lens`. */
function straightnessCost(groups: Point2[][], lens: LensModel): number {
  let cost = 0;
  for (const g of groups) {
    const us: number[] = [];
    const vs: number[] = [];
    for (const p of g) {
      const q = undistortPixel(lens, p.x, p.y);
      us.push(q.u);
      vs.push(q.v);
    }
    const l = fitLineTLS(us, vs);
    if (!l) continue;
    for (let i = 0; i < us.length; i++) cost += (l.a * us[i]! + l.b * vs[i]! + l.c) ** 2;
  }
  return cost;
}

/**
 * Fits k1 (normalised to focal `fRef`, principal point (cx, cy)) and the four rail lines.
 * `fixedK1` skips the search (e.g. a lens known from elsewhere).
 */
export function fitRails(points: readonly RailEdgePoint[], cx: number, cy: number, fRef: number, fixedK1?: number): RailFit | null {
  const bySide = new Map<RailSide, RailEdgePoint[]>();
  for (const s of RAIL_SIDES) bySide.set(s, points.filter((p) => p.side === s));
  if (RAIL_SIDES.some((s) => bySide.get(s)!.length < 8)) return null;
  const groups: Point2[][] = [];
  for (const s of RAIL_SIDES) {
    const pts = bySide.get(s)!;
    const keep = curveInliers(pts.map((p) => p.u), pts.map((p) => p.v));
    groups.push(pts.filter((_, i) => keep[i]).map((p) => ({ x: p.u, y: p.v })));
  }
  const lensOf = (k1: number): LensModel => ({ fx: fRef, fy: fRef, cx, cy, k1, k2: 0 });
  let k1 = fixedK1 ?? 0;
  if (fixedK1 === undefined) {
    let a = -0.6;
    let b = 0.4;
    const g = (Math.sqrt(5) - 1) / 2;
    for (let i = 0; i < 50; i++) {
      const m1 = b - g * (b - a);
      const m2 = a + g * (b - a);
      if (straightnessCost(groups, lensOf(m1)) < straightnessCost(groups, lensOf(m2))) b = m2;
      else a = m1;
    }
    k1 = (a + b) / 2;
  }
  const lens = lensOf(k1);
  const lines = {} as Record<RailSide, Line2>;
  const counts: [number, number, number, number] = [0, 0, 0, 0];
  let ss = 0;
  let nres = 0;
  for (let i = 0; i < 4; i++) {
    const side = RAIL_SIDES[i]!;
    const pts = bySide.get(side)!;
    const us: number[] = [];
    const vs: number[] = [];
    for (const p of pts) {
      const q = undistortPixel(lens, p.u, p.v);
      us.push(q.u);
      vs.push(q.v);
    }
    const fit = fitLineRobust(us, vs, { inlierBand: 1.5, minSigma: 0.15 });
    if (!fit) return null;
    lines[side] = fit.line;
    counts[i] = fit.inliers;
    for (let k = 0; k < us.length; k++) {
      if (fit.weights[k]! <= 0) continue;
      ss += (fit.line.a * us[k]! + fit.line.b * vs[k]! + fit.line.c) ** 2;
      nres++;
    }
  }
  return { lens, lines, residualPx: Math.sqrt(ss / Math.max(1, nres)), counts };
}

/** Undistorted image corners where the rails meet, in table order head-left, foot-left, foot-right, head-right. */
export function railCorners(lines: Record<RailSide, Line2>): Point2[] | null {
  const pairs: [RailSide, RailSide][] = [['head', 'left'], ['foot', 'left'], ['foot', 'right'], ['head', 'right']];
  const out: Point2[] = [];
  for (const [a, b] of pairs) {
    const p = intersectLines(lines[a], lines[b]);
    if (!p) return null;
    out.push(p);
  }
  return out;
}
