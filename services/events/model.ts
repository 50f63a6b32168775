// One ball's motion through a shot: where it rested, its legs, and the instants where one leg
// gives way to the next (onsets from rest and kinks), with the position at each.
import type { BallId } from '../contract/ids.ts';
import { evalQ, splitLegs, velQ, type Leg, type LegOptions } from './legs.ts';
import type { Sample } from './series.ts';

export interface Change {
  ball: BallId;
  /** Estimated time of the change. */
  t: number;
  /** Position at the change. */
  at: { x: number; y: number };
  /** Velocity before and after (zero before an onset from rest). */
  before: { x: number; y: number };
  after: { x: number; y: number };
  kind: 'onset' | 'kink';
  /** For a ball only seen displaced: the change happened somewhere after this time. */
  earliest?: number;
  /** Index of the leg after the change. */
  leg: number;
}

export interface BallModel {
  id: BallId;
  samples: readonly Sample[];
  /** Where the ball rested before it moved in this shot (null if it moved at the strike or is unknown). */
  rest: { x: number; y: number } | null;
  /** Where it came to rest after its first run (null: unknown, vanished). */
  restAfter: { x: number; y: number } | null;
  /** Time the ball first moved in this shot (the onset), or null if it never moved. */
  onset: number | null;
  legs: Leg[];
  changes: Change[];
}

const dist = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.hypot(a.x - b.x, a.y - b.y);

/** Minimises f over [lo, hi] by sampling then golden-section refinement. */
export function argmin(f: (t: number) => number, lo: number, hi: number): number {
  if (!(hi > lo)) return lo;
  const n = 24;
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
  for (let i = 0; i < 30; i++) {
    const c = b - g * (b - a);
    const d = a + g * (b - a);
    if (f(c) < f(d)) b = d; else a = c;
  }
  return (a + b) / 2;
}

/**
 * Builds a ball's model from its moving samples first..last (indices into samples) and where
 * it rested before (null when it was already moving at the strike).
 */
export function buildModel(
  id: BallId, samples: readonly Sample[], first: number, last: number, rest: { x: number; y: number } | null, restTime: number | null,
  o?: LegOptions, restAfter: { x: number; y: number } | null = null,
): BallModel {
  const legs = last >= first ? splitLegs(samples, first, last, o) : [];
  const changes: Change[] = [];
  let onset: number | null = null;
  if (legs.length > 0 && rest) {
    const leg = legs[0]!;
    const t1 = samples[leg.first]!.t;
    const t0 = restTime ?? t1 - 0.1;
    const t = argmin((s) => dist(evalQ(leg.fit, s), rest), t0, t1);
    onset = t;
    changes.push({ ball: id, t, at: rest, before: { x: 0, y: 0 }, after: velQ(leg.fit, t), kind: 'onset', leg: 0 });
  } else if (legs.length > 0) {
    onset = samples[legs[0]!.first]!.t;
  }
  for (let k = 1; k < legs.length; k++) {
    const a = legs[k - 1]!;
    const b = legs[k]!;
    const lo = samples[a.last]!.t;
    const hi = samples[b.first]!.t;
    const t = argmin((s) => dist(evalQ(a.fit, s), evalQ(b.fit, s)), lo, hi);
    const pa = evalQ(a.fit, t);
    const pb = evalQ(b.fit, t);
    changes.push({
      ball: id, t, at: { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 }, before: velQ(a.fit, t), after: velQ(b.fit, t), kind: 'kink', leg: k,
    });
  }
  return { id, samples, rest, restAfter, onset, legs, changes };
}

/** A ball that moved too little or too slowly for legs: one onset from `rest` towards `after`. */
export function displacedModel(id: BallId, samples: readonly Sample[], rest: { x: number; y: number }, after: { x: number; y: number }, from: number, t: number): BallModel {
  const d = { x: after.x - rest.x, y: after.y - rest.y };
  const change: Change = { ball: id, t, at: rest, before: { x: 0, y: 0 }, after: d, kind: 'onset', leg: 0, earliest: from };
  return { id, samples, rest, restAfter: after, onset: t, legs: [], changes: [change] };
}

/**
 * Where the ball was at time t on its path *before* any change at t (the leg in force, or the
 * rest position before the onset). `before` excludes changes within `guard` seconds of t.
 */
export function positionBefore(m: BallModel, t: number): { x: number; y: number } {
  if (m.onset === null || t <= m.onset) {
    if (m.rest) return m.rest;
    const s = m.samples;
    return s.length ? s[0]! : { x: NaN, y: NaN };
  }
  // The last leg whose change (start) lies before t.
  let legIndex = 0;
  for (const c of m.changes) if (c.t < t) legIndex = c.leg;
  const leg = m.legs[legIndex];
  return leg ? evalQ(leg.fit, t) : (m.rest ?? { x: NaN, y: NaN });
}

export function velocityBefore(m: BallModel, t: number): { x: number; y: number } {
  if (m.onset === null || t <= m.onset) return { x: 0, y: 0 };
  let legIndex = 0;
  for (const c of m.changes) if (c.t < t) legIndex = c.leg;
  const leg = m.legs[legIndex];
  return leg ? velQ(leg.fit, t) : { x: 0, y: 0 };
}
