// Sharper changes: where a ball leaves rest or its path kinks, fit the few samples on either
// side as two free-ball paths that meet at one point (a collision moves the ball, it does not
// teleport it) and choose the meeting time that fits best. The greedy legs only say roughly
// where a change is; these local fits say when, where, and with which velocities.
import type { Quadratic } from './legs.ts';
import type { Sample } from './series.ts';

type Vec = { x: number; y: number };

export interface LocalChange {
  /** Time and place of the change. */
  t: number;
  at: Vec;
  /** The paths before (null: at rest) and after, both with t0 = t. */
  before: Quadratic | null;
  after: Quadratic;
  /** Times of the first and last sample the local fits used. */
  from: number;
  to: number;
}

/** Solves the small symmetric system A u = b (Gaussian elimination with pivoting). */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    if (Math.abs(m[p]![c]!) < 1e-14) return null;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const u = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * u[k]!;
    u[r] = s / m[r]![r]!;
  }
  return u;
}

export interface Fit { rss: number; ux: number[]; uy: number[] }

/** Least squares of x and y on the same design rows (one row per sample). */
export function leastSquares(rows: readonly number[][], xs: readonly number[], ys: readonly number[]): Fit | null {
  const n = rows[0]?.length ?? 0;
  if (rows.length < n || n === 0) return null;
  const a = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const bx = new Array<number>(n).fill(0);
  const by = new Array<number>(n).fill(0);
  rows.forEach((r, i) => {
    for (let p = 0; p < n; p++) {
      bx[p]! += r[p]! * xs[i]!;
      by[p]! += r[p]! * ys[i]!;
      for (let q = 0; q < n; q++) a[p]![q]! += r[p]! * r[q]!;
    }
  });
  const ux = solve(a, bx);
  const uy = solve(a, by);
  if (!ux || !uy) return null;
  let rss = 0;
  rows.forEach((r, i) => {
    let px = 0;
    let py = 0;
    for (let p = 0; p < n; p++) { px += r[p]! * ux[p]!; py += r[p]! * uy[p]!; }
    rss += (xs[i]! - px) ** 2 + (ys[i]! - py) ** 2;
  });
  return { rss, ux, uy };
}

/** Minimises f over [lo, hi] on a grid of `n` steps, then by golden section around the best. */
export function minimise(f: (t: number) => number, lo: number, hi: number, n: number): number {
  let best = lo;
  let bestV = Infinity;
  for (let k = 0; k <= n; k++) {
    const t = lo + ((hi - lo) * k) / n;
    const v = f(t);
    if (v < bestV) { bestV = v; best = t; }
  }
  let a = Math.max(lo, best - (hi - lo) / n);
  let b = Math.min(hi, best + (hi - lo) / n);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 25; i++) {
    const c = b - g * (b - a);
    const d = a + g * (b - a);
    if (f(c) < f(d)) b = d; else a = c;
  }
  return (a + b) / 2;
}

const accelOk = (u: number[], k: number, maxAccel: number, uy: number[]): boolean => 2 * Math.hypot(u[k]!, uy[k]!) <= maxAccel;

/**
 * Onset from rest: samples[i0..i1] are the ball at `rest` until τ, then rest + v s + a s²
 * (s = t − τ). τ is searched in [tLo, tHi].
 */
export function refineOnset(samples: readonly Sample[], rest: Vec, i0: number, i1: number, tLo: number, tHi: number, maxAccel: number): LocalChange | null {
  const pts = samples.slice(i0, i1 + 1);
  const fitAt = (tau: number, quadratic: boolean): Fit | null => {
    const moving = pts.filter((p) => p.t > tau);
    const still = pts.filter((p) => p.t <= tau);
    const rows = moving.map((p) => (quadratic ? [p.t - tau, (p.t - tau) ** 2] : [p.t - tau]));
    const fit = leastSquares(rows, moving.map((p) => p.x - rest.x), moving.map((p) => p.y - rest.y));
    if (!fit) return null;
    const rssStill = still.reduce((s, p) => s + (p.x - rest.x) ** 2 + (p.y - rest.y) ** 2, 0);
    return { ...fit, rss: fit.rss + rssStill };
  };
  const movingCount = pts.filter((p) => p.t > tHi).length;
  if (movingCount < 2) return null;
  let quadratic = movingCount >= 5;
  const cost = (tau: number): number => fitAt(tau, quadratic)?.rss ?? Infinity;
  let tau = minimise(cost, tLo, tHi, 40);
  let fit = fitAt(tau, quadratic);
  if (fit && quadratic && !accelOk(fit.ux, 1, maxAccel, fit.uy)) {
    quadratic = false;
    tau = minimise(cost, tLo, tHi, 40);
    fit = fitAt(tau, quadratic);
  }
  if (!fit) return null;
  const after: Quadratic = { t0: tau, x: [rest.x, fit.ux[0]!, quadratic ? fit.ux[1]! : 0], y: [rest.y, fit.uy[0]!, quadratic ? fit.uy[1]! : 0] };
  return { t: tau, at: rest, before: null, after, from: pts[0]!.t, to: pts[pts.length - 1]!.t };
}

/**
 * A kink: samples[i0..i1] follow one path until τ and another after, meeting at τ. Each side is
 * quadratic when it has enough samples (`quadBefore`, `quadAfter`), else straight.
 */
export function refineKink(
  samples: readonly Sample[], i0: number, i1: number, tLo: number, tHi: number, quadBefore: boolean, quadAfter: boolean, maxAccel: number,
): LocalChange | null {
  const pts = samples.slice(i0, i1 + 1);
  const fitAt = (tau: number, qb: boolean, qa: boolean): Fit | null => {
    const rows = pts.map((p) => {
      const s = p.t - tau;
      const before = p.t <= tau;
      const row = [1, before ? s : 0];
      if (qb) row.push(before ? s * s : 0);
      row.push(before ? 0 : s);
      if (qa) row.push(before ? 0 : s * s);
      return row;
    });
    const nb = pts.filter((p) => p.t <= tau).length;
    if (nb < 1 || pts.length - nb < 1) return null;
    return leastSquares(rows, pts.map((p) => p.x), pts.map((p) => p.y));
  };
  let qb = quadBefore;
  let qa = quadAfter;
  const cost = (tau: number): number => fitAt(tau, qb, qa)?.rss ?? Infinity;
  let tau = minimise(cost, tLo, tHi, 48);
  let fit = fitAt(tau, qb, qa);
  if (fit && ((qb && !accelOk(fit.ux, 2, maxAccel, fit.uy)) || (qa && !accelOk(fit.ux, qb ? 4 : 3, maxAccel, fit.uy)))) {
    if (qb && !accelOk(fit.ux, 2, maxAccel, fit.uy)) qb = false;
    if (qa && !accelOk(fit.ux, qb ? 4 : 3, maxAccel, fit.uy)) qa = false;
    tau = minimise(cost, tLo, tHi, 48);
    fit = fitAt(tau, qb, qa);
  }
  if (!fit) return null;
  const { ux, uy } = fit;
  const va = qb ? 3 : 2;
  const before: Quadratic = { t0: tau, x: [ux[0]!, ux[1]!, qb ? ux[2]! : 0], y: [uy[0]!, uy[1]!, qb ? uy[2]! : 0] };
  const after: Quadratic = { t0: tau, x: [ux[0]!, ux[va]!, qa ? ux[va + 1]! : 0], y: [uy[0]!, uy[va]!, qa ? uy[va + 1]! : 0] };
  return { t: tau, at: { x: ux[0]!, y: uy[0]! }, before, after, from: pts[0]!.t, to: pts[pts.length - 1]!.t };
}
