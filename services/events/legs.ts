// A moving ball's path as legs: stretches between collisions along which the ball moves as a
// free ball does (position quadratic in time: friction, and the curve of a sliding ball with
// spin). A sample that the current leg cannot explain starts a new leg; the event between two
// legs is where their curves meet.
// fitQuadratic is by hand: ml-regression-polynomial gives the same coefficients (to 1e-12) in 4–42 µs for
// 6–120 samples against 3–4 µs here, and splitLegs refits at every sample (measured 2026-12-04,
// /tmp/numbench, Node 20).
import type { Sample } from './series.ts';

export interface Quadratic {
  /** p(t) = c0 + c1 (t − t0) + c2 (t − t0)², per axis. */
  t0: number;
  x: [number, number, number];
  y: [number, number, number];
}

export interface Leg {
  /** Sample indices (into the ball's series) of the first and last sample of the leg. */
  first: number;
  last: number;
  fit: Quadratic;
}

export const evalQ = (q: Quadratic, t: number): { x: number; y: number } => {
  const d = t - q.t0;
  return { x: q.x[0] + q.x[1] * d + q.x[2] * d * d, y: q.y[0] + q.y[1] * d + q.y[2] * d * d };
};

export const velQ = (q: Quadratic, t: number): { x: number; y: number } => {
  const d = t - q.t0;
  return { x: q.x[1] + 2 * q.x[2] * d, y: q.y[1] + 2 * q.y[2] * d };
};

function solve3(m: number[][], r: number[]): [number, number, number] | null {
  const [a, b, c] = m as [number[], number[], number[]];
  const det = a[0]! * (b[1]! * c[2]! - b[2]! * c[1]!) - a[1]! * (b[0]! * c[2]! - b[2]! * c[0]!) + a[2]! * (b[0]! * c[1]! - b[1]! * c[0]!);
  if (Math.abs(det) < 1e-18) return null;
  const col = (k: number): number[][] => m.map((row, i) => row.map((v, j) => (j === k ? r[i]! : v)));
  const d = (mm: number[][]): number => {
    const [p, q, s] = mm as [number[], number[], number[]];
    return p[0]! * (q[1]! * s[2]! - q[2]! * s[1]!) - p[1]! * (q[0]! * s[2]! - q[2]! * s[0]!) + p[2]! * (q[0]! * s[1]! - q[1]! * s[0]!);
  };
  return [d(col(0)) / det, d(col(1)) / det, d(col(2)) / det];
}

/**
 * Least-squares fit of a free-ball path to samples. With fewer than 4 samples the acceleration
 * is fixed at zero (a straight, constant-speed leg); with one sample, the leg stands still.
 */
export function fitQuadratic(samples: readonly Sample[], maxAccel: number): Quadratic {
  const t0 = samples[0]!.t;
  const n = samples.length;
  if (n === 1) return { t0, x: [samples[0]!.x, 0, 0], y: [samples[0]!.y, 0, 0] };
  if (n < 4) {
    let st = 0, stt = 0, sx = 0, sy = 0, stx = 0, sty = 0;
    for (const p of samples) { const d = p.t - t0; st += d; stt += d * d; sx += p.x; sy += p.y; stx += d * p.x; sty += d * p.y; }
    const den = n * stt - st * st;
    const vx = (n * stx - st * sx) / den;
    const vy = (n * sty - st * sy) / den;
    return { t0, x: [(sx - vx * st) / n, vx, 0], y: [(sy - vy * st) / n, vy, 0] };
  }
  const s = [0, 0, 0, 0, 0];
  const rx = [0, 0, 0];
  const ry = [0, 0, 0];
  for (const p of samples) {
    const d = p.t - t0;
    let pw = 1;
    for (let k = 0; k < 5; k++) { s[k]! += pw; pw *= d; }
    rx[0]! += p.x; rx[1]! += p.x * d; rx[2]! += p.x * d * d;
    ry[0]! += p.y; ry[1]! += p.y * d; ry[2]! += p.y * d * d;
  }
  const m = [[s[0]!, s[1]!, s[2]!], [s[1]!, s[2]!, s[3]!], [s[2]!, s[3]!, s[4]!]];
  const cx = solve3(m, rx);
  const cy = solve3(m, ry);
  if (!cx || !cy) return fitQuadratic(samples.slice(0, 3), maxAccel);
  // A free ball's acceleration is bounded by sliding friction; clamp what noise inflates.
  const acc = Math.hypot(cx[2], cy[2]) * 2;
  if (acc > maxAccel) return fitQuadratic(samples.slice(0, 3), maxAccel);
  return { t0, x: cx, y: cy };
}

export interface LegOptions {
  /** A sample farther than this (m) from the leg's prediction breaks the leg... */
  breakDistance: number;
  /** ...or farther than this many times the ball's position noise σ, when that is more. */
  breakSigmas: number;
  /** Largest acceleration of a free ball (m/s²): sliding friction μ g with margin. */
  maxAccel: number;
  /** Time (s) of samples either side of a change that its local fits use (refine.ts). */
  refineWindow: number;
}

export const DEFAULT_LEGS: LegOptions = { breakDistance: 0.006, breakSigmas: 4, maxAccel: 4, refineWindow: 0.1 };

/** Splits samples[from..to] into legs. */
export function splitLegs(samples: readonly Sample[], from: number, to: number, o: LegOptions = DEFAULT_LEGS): Leg[] {
  const legs: Leg[] = [];
  let a = from;
  while (a <= to) {
    let b = a;
    let fit = fitQuadratic(samples.slice(a, b + 1), o.maxAccel);
    while (b + 1 <= to) {
      const next = samples[b + 1]!;
      const pred = evalQ(fit, next.t);
      const miss = Math.hypot(pred.x - next.x, pred.y - next.y);
      // Two points always fit a line: judge the third against the first two, but with a tolerance
      // that grows with speed (noise in a 2-point velocity).
      const n = b - a + 1;
      const slack = n < 3 ? 2 : 1;
      if (n >= 2 && miss > o.breakDistance * slack) {
        // One outlier is not an event: if the sample after it fits, skip over it.
        const after = samples[b + 2];
        if (after && b + 2 <= to) {
          const p2 = evalQ(fit, after.t);
          if (Math.hypot(p2.x - after.x, p2.y - after.y) <= o.breakDistance * slack && miss < 3 * o.breakDistance) {
            b += 2;
            fit = fitQuadratic(samples.slice(a, b + 1), o.maxAccel);
            continue;
          }
        }
        break;
      }
      b += 1;
      fit = fitQuadratic(samples.slice(a, b + 1), o.maxAccel);
    }
    legs.push({ first: a, last: b, fit });
    a = b + 1;
  }
  return legs;
}
