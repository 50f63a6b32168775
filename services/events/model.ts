// One ball's motion through a shot: where it rested, its legs, and the instants where one leg
// gives way to the next (onsets from rest and kinks), with the position at each.
import type { BallId } from '../contract/ids.ts';
import { DEFAULT_LEGS, evalQ, splitLegs, velQ, type Leg, type LegOptions, type Quadratic } from './legs.ts';
import { refineKink, refineOnset, type LocalChange } from './refine.ts';
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
  /** The local paths either side of the change (refine.ts), sharper than the legs near it. */
  local?: LocalChange;
}

export interface BallModel {
  id: BallId;
  samples: readonly Sample[];
  /** Where the ball rested before it moved in this shot (null if it moved at the strike or is unknown). */
  rest: { x: number; y: number } | null;
  /** Where it came to rest after its first run (null: unknown, vanished). */
  restAfter: { x: number; y: number } | null;
  /** Where it came to rest at the end of its last run in the shot (null: unknown, vanished). */
  finalRest: { x: number; y: number } | null;
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
  o?: LegOptions, restAfter: { x: number; y: number } | null = null, finalRest: { x: number; y: number } | null = restAfter,
): BallModel {
  // A leg of one or two samples between two others is no path (two points always make a line):
  // its two changes are one, refined below over the samples around it.
  const legs = (last >= first ? splitLegs(samples, first, last, o) : []).filter((l, k, all) => l.last - l.first >= 1 || k === 0 || k === all.length - 1);
  const maxAccel = o?.maxAccel ?? DEFAULT_LEGS.maxAccel;
  const window = o?.refineWindow ?? DEFAULT_LEGS.refineWindow;
  const span = window > 0 ? Math.max(4, Math.round(window / frameOf(samples, first, last))) : 0;
  const changes: Change[] = [];
  let onset: number | null = null;
  if (legs.length > 0 && rest) {
    const leg = legs[0]!;
    const t1 = samples[leg.first]!.t;
    const t0 = restTime ?? t1 - 0.1;
    let t = argmin((s) => dist(evalQ(leg.fit, s), rest), t0, t1);
    let after = velQ(leg.fit, t);
    const i0 = Math.max(0, leg.first - 6);
    const local = span === 0 ? null : refineOnset(samples, rest, i0, Math.min(leg.last, leg.first + span), samples[Math.max(0, leg.first - 4)]!.t, t1, maxAccel);
    if (local) { t = local.t; after = velQ(local.after, t); }
    onset = t;
    changes.push({ ball: id, t, at: rest, before: { x: 0, y: 0 }, after, kind: 'onset', leg: 0, ...(local ? { local } : {}) });
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
    const change: Change = {
      ball: id, t, at: { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 }, before: velQ(a.fit, t), after: velQ(b.fit, t), kind: 'kink', leg: k,
    };
    const i0 = Math.max(a.first, a.last - 4 - span);
    const i1 = Math.min(b.last, b.first + span);
    const tLo = samples[Math.max(a.first, a.last - 4)]!.t;
    const local = span > 0 && i1 - i0 >= 4
      ? refineKink(samples, i0, i1, tLo, hi, a.last - i0 + 1 >= 6, i1 - b.first + 1 >= 6, maxAccel)
      : null;
    if (local) {
      change.t = local.t;
      change.at = local.at;
      change.before = velQ(local.before!, local.t);
      change.after = velQ(local.after, local.t);
      change.local = local;
    }
    changes.push(change);
  }
  return { id, samples, rest, restAfter, finalRest, onset, legs, changes };
}

/** A ball that moved too little or too slowly for legs: one onset from `rest` towards `after`. */
export function displacedModel(id: BallId, samples: readonly Sample[], rest: { x: number; y: number }, after: { x: number; y: number }, from: number, t: number): BallModel {
  const d = { x: after.x - rest.x, y: after.y - rest.y };
  const change: Change = { ball: id, t, at: rest, before: { x: 0, y: 0 }, after: d, kind: 'onset', leg: 0, earliest: from };
  return { id, samples, rest, restAfter: after, finalRest: after, onset: t, legs: [], changes: [change] };
}

/** Median sample interval over samples[first..last] (1/60 s when too few). */
function frameOf(samples: readonly Sample[], first: number, last: number): number {
  const d: number[] = [];
  for (let k = Math.max(1, first); k <= Math.min(last, first + 40); k++) d.push(samples[k]!.t - samples[k - 1]!.t);
  d.sort((p, q) => p - q);
  return d.length ? d[d.length >> 1]! : 1 / 60;
}

/** The path of leg `legIndex` at time t: the local fit of a change when t is near it. */
function pathAt(m: BallModel, legIndex: number, t: number): Quadratic | null {
  const leg = m.legs[legIndex];
  if (!leg) return null;
  const ending = m.changes.find((c) => c.leg === legIndex + 1);
  if (ending?.local?.before && t >= ending.local.from) return ending.local.before;
  const starting = m.changes.find((c) => c.leg === legIndex);
  if (starting?.local && t <= starting.local.to) return starting.local.after;
  return leg.fit;
}

/** Index of the leg in force at time t, counting only changes before `until`. */
function legIndexAt(m: BallModel, t: number, until: number): number {
  let legIndex = 0;
  const cut = Math.min(t, until);
  for (const c of m.changes) if (c.t < cut) legIndex = c.leg;
  return legIndex;
}

/** After its last moving sample a ball eases into its resting place (no overshoot of the fit). */
function settling(m: BallModel, t: number): { p: { x: number; y: number }; v: { x: number; y: number } } | null {
  const last = m.legs[m.legs.length - 1];
  if (!last || !m.finalRest) return null;
  const tLast = m.samples[last.last]!.t;
  if (t <= tLast) return null;
  const p0 = evalQ(last.fit, tLast);
  const v0 = velQ(last.fit, tLast);
  const gap = { x: m.finalRest.x - p0.x, y: m.finalRest.y - p0.y };
  const d = Math.hypot(gap.x, gap.y);
  const speed = Math.max(Math.hypot(v0.x, v0.y), 1e-3);
  const duration = Math.min(2 * d / speed, 1);
  if (d === 0 || t >= tLast + duration) return { p: m.finalRest, v: { x: 0, y: 0 } };
  const tau = (t - tLast) / duration;
  const f = 1 - (1 - tau) ** 2;
  const df = (2 * (1 - tau)) / duration;
  return { p: { x: p0.x + gap.x * f, y: p0.y + gap.y * f }, v: { x: gap.x * df, y: gap.y * df } };
}

/**
 * Where the ball was at time t on its path *before* any change at t (the leg in force, or the
 * rest position before the onset). Changes at or after `until` are ignored: the leg before them
 * is extended (the path of a ball before the collision being examined).
 */
export function positionBefore(m: BallModel, t: number, until = Infinity): { x: number; y: number } {
  if (m.onset === null || t <= m.onset || m.onset >= until) {
    if (m.rest) return m.rest;
    const s = m.samples;
    return s.length ? s[0]! : { x: NaN, y: NaN };
  }
  const legIndex = legIndexAt(m, t, until);
  if (legIndex === m.legs.length - 1) {
    const settled = settling(m, t);
    if (settled) return settled.p;
  }
  const path = pathAt(m, legIndex, t);
  return path ? evalQ(path, t) : (m.rest ?? { x: NaN, y: NaN });
}

export function velocityBefore(m: BallModel, t: number, until = Infinity): { x: number; y: number } {
  if (m.onset === null || t <= m.onset || m.onset >= until) return { x: 0, y: 0 };
  const legIndex = legIndexAt(m, t, until);
  if (legIndex === m.legs.length - 1) {
    const settled = settling(m, t);
    if (settled) return settled.v;
  }
  const path = pathAt(m, legIndex, t);
  return path ? velQ(path, t) : { x: 0, y: 0 };
}

/**
 * Times in [from, to] at which the ball's centre crosses the line x = lineX, along its legs
 * (so that noise around a resting place never reads as crossings). A crossing and its undoing
 * within `step` (the two legs of a change disagreeing by a millimetre) cancel.
 */
export function lineCrossings(m: BallModel, lineX: number, from: number, to: number, step: number): number[] {
  const side = (t: number): number => positionBefore(m, t).x - lineX;
  const out: number[] = [];
  // A ball that vanished (pocketed, off the table) has no path after its last sample.
  const lastLeg = m.legs[m.legs.length - 1];
  if (!m.finalRest && lastLeg) to = Math.min(to, m.samples[lastLeg.last]!.t);
  const n = Math.ceil((to - from) / (step / 4));
  if (!(n > 0) || n > 1e6) return out;
  let prevT = from;
  let prev = side(from);
  for (let k = 1; k <= n; k++) {
    const t = Math.min(to, from + (k * step) / 4);
    const cur = side(t);
    if (prev * cur < 0) {
      let a = prevT;
      let b = t;
      for (let i = 0; i < 40; i++) { const mid = (a + b) / 2; if (side(mid) * prev > 0) a = mid; else b = mid; }
      const at = (a + b) / 2;
      if (out.length > 0 && at - out[out.length - 1]! < step) out.pop();
      else out.push(at);
    }
    if (cur !== 0) { prev = cur; prevT = t; }
  }
  return out;
}
