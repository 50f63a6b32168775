// Who hit a ball that left rest, and when: another ball whose path into the hit comes to two
// radii of the resting ball, moving towards it, with the struck ball leaving along the line of
// centres. The hitter's path into the hit is read several ways (hitter-paths.ts) and the
// better reading wins; a hitter struck just before the hit (or hidden) is judged by momentum.
import type { TableGeometry } from '../table/geometry.ts';

import { nearestCushion } from './cushion-touch.ts';
import { closeLook, CUSHION_REBOUND, freshPath, modelPath, unfolded, type Path } from './hitter-paths.ts';
import { fitQuadratic, evalQ, velQ } from './legs.ts';
import { argmin, type BallModel, type Change } from './model.ts';
import { angleBetween, dot, len, segmentDistance, sub, type Vec } from './vec.ts';
import type { CauseOptions } from './cause-options.ts';

/** Largest angle between the struck ball's departure and the line of centres. */
const MAX_DEPARTURE_ANGLE = 0.45;
/** Slowest approach (m/s) along the line of centres that counts as a hit (a very thin cut). */
const MIN_APPROACH = 0.01;
/** Smallest velocity change (m/s) of the hitter that tells the line of centres. */
const KICK = 0.3;
/** A path passing within this (m) of 2R is looked at closer (closeLook). */
const CLOSE_LOOK = 0.012;
/** Scatter (m) of a resting place read from video: a ball displaced by a few millimetres left in a direction known only to within asin(REST_JITTER / distance). */
const REST_JITTER = 0.001;
/** Largest miss (m) of 2R for a graze of a slowly departing ball. */
const GRAZE = 0.004;

/** The first time in [lo, hi] that f falls from positive to ≤ 0 (null if it never does). */
function firstCrossing(f: (t: number) => number, lo: number, hi: number, step: number): number | null {
  const steps = Math.max(60, Math.ceil((hi - lo) / step));
  let prev = f(lo);
  for (let k = 1; k <= steps; k++) {
    const s = lo + ((hi - lo) * k) / steps;
    const g = f(s);
    if (prev > 0 && g <= 0) {
      let a = s - (hi - lo) / steps;
      let b = s;
      for (let i = 0; i < 30; i++) { const mid = (a + b) / 2; if (f(mid) > 0) a = mid; else b = mid; }
      return (a + b) / 2;
    }
    prev = g;
  }
  return null;
}

/** A ball that left rest slowly (or only crept): its onset time is vague, its hitter grazed it. */
function slowDeparture(m: BallModel, c: Change): boolean {
  if (m.restAfter !== null && len(sub(m.restAfter, c.at)) < 0.05) return true;
  return len(c.after) < 0.3 && m.changes.every((k) => k === c || len(sub(k.after, k.before)) < 0.3);
}

/** A hit on a resting ball: when, how well it fits (lower is better), the line of centres
 * (hitter to struck ball) and the hitter's speed along it (null: not known). */
export interface RestHit {
  t: number;
  score: number;
  centres: Vec;
  approach: number | null;
}

/** A ball at rest that a hitter's path cannot pass through. */
export interface Obstacle {
  at: Vec;
  /** When it left rest (Infinity: not in this shot). */
  onset: number;
}

export interface RestHitContext {
  /** The struck ball was part of a frozen cluster (a rack): it may leave in any direction. */
  clustered: boolean;
  obstacles: readonly Obstacle[];
  table: TableGeometry;
}

/** Depth (m) by which a path must pass into another resting ball to have met it first. */
const THROUGH = 0.002;

/** The path met another resting ball before t: it cannot have gone on to this one. */
function blocked(path: Path, obstacles: readonly Obstacle[], R: number, lo: number, t: number, step: number): boolean {
  return obstacles.some((b) => {
    const meets = firstCrossing((s) => len(sub(path.pos(s), b.at)) - 2 * R + THROUGH, lo, t, step);
    return meets !== null && b.onset > meets - step * 8;
  });
}

function hitAlong(m: BallModel, wholePath: Path, c: Change, R: number, o: CauseOptions, ctx: RestHitContext): RestHit | null {
  const clustered = ctx.clustered;
  let path = wholePath;
  const gapAt = (s: number): number => len(sub(path.pos(s), c.at)) - 2 * R;
  // A slow ball shows its onset late: search back up to 0.3 s.
  const lo = Math.max(c.earliest ?? c.t - 0.3, path.from);
  const hi = c.t + 2 * o.frameTime;
  if (!(hi > lo)) return null;
  // The first time the gap closes to zero in the window (the ball cannot pass through).
  let t = firstCrossing(gapAt, lo, hi, o.frameTime / 4);
  let graze = false;
  if (t === null && slowDeparture(m, c)) {
    // No crossing: a graze of a slowly departing ball (one sent away fast was hit squarely by
    // something). Look closer at the hitter's samples where it passed nearest.
    const closest = argmin((s) => Math.abs(gapAt(s)), lo, hi);
    const near = Math.abs(gapAt(closest)) <= CLOSE_LOOK ? closeLook(path, closest, o.pathWindow, o.maxAccel) : null;
    if (near) {
      path = near;
      const w = o.pathWindow;
      t = firstCrossing(gapAt, Math.max(lo, closest - w), Math.min(hi, closest + w), o.frameTime / 4);
      const nearest = t ?? argmin((s) => Math.abs(gapAt(s)), Math.max(lo, closest - w), Math.min(hi, closest + w));
      if (t === null && Math.abs(gapAt(nearest)) <= GRAZE) { t = nearest; graze = true; }
    }
    if (t === null) path = wholePath;
    if (t === null && Math.abs(gapAt(closest)) <= GRAZE) { t = closest; graze = true; }
  }
  if (t === null) {
    if (Math.abs(gapAt(c.t)) > o.ballTolerance) return null;
    t = c.t; // at 2R when it left: the leg switch hid the crossing
  }
  if (blocked(path, ctx.obstacles, R, lo, t, o.frameTime / 4)) return null;
  const centres = sub(c.at, path.pos(t));
  const approach = dot(path.vel(t), centres) / (len(centres) || 1);
  // At the closest point of a graze the approach speed is zero by definition.
  if (!graze && approach < MIN_APPROACH) return null;
  if (graze && len(path.vel(t)) < o.minKink / 2) return null;
  // Where it went is better measured by where it stopped, when it stopped near (a slow ball).
  const moved = m.restAfter ? sub(m.restAfter, c.at) : null;
  const departure = moved && len(moved) < 0.1 ? moved : c.after;
  // A ball of a frozen cluster (a rack) leaves as all its neighbours push it: any direction.
  let angle = clustered ? MAX_DEPARTURE_ANGLE / 2 : angleBetween(departure, centres);
  // Momentum is shared: the hitter lost what the struck ball gained (its own path may be too
  // short to tell, a cushion right after the hit).
  if (path.kick && len(path.kick) > KICK) angle = Math.min(angle, angleBetween({ x: -path.kick.x, y: -path.kick.y }, centres));
  // A ball resting near a cushion may be seen first on its rebound: mirror what was seen.
  const face = nearestCushion(ctx.table, c.at);
  if (face.distance - R < REBOUND_REACH && dot(departure, face.normal) > 0) {
    const n = face.normal;
    const k = dot(departure, n);
    angle = Math.min(angle, angleBetween({ x: departure.x - 2 * k * n.x, y: departure.y - 2 * k * n.y }, centres));
  }
  // A ball nudged a millimetre or two: its direction is as vague as its resting places.
  const vague = departure === moved && len(moved) > 0 ? Math.asin(Math.min(1, REST_JITTER / len(moved))) : 0;
  if (angle > MAX_DEPARTURE_ANGLE + vague) return null;
  return { t, score: Math.min(angle, MAX_DEPARTURE_ANGLE) / MAX_DEPARTURE_ANGLE + (c.earliest === undefined ? Math.abs(t - c.t) / 0.3 : 0), centres, approach: graze ? null : approach };
}

/**
 * A hitter that left rest just before (struck, with at most a sample or two before the hit, or
 * hidden by the cue or a hand): it went straight from its resting place to the contact point
 * C = P − 2R û (û the struck ball's departure), and, momentum being shared, its velocity into
 * the hit was its velocity out plus the struck ball's. Its samples before the hit lie on the
 * way to C, its path out starts at C, and its way in points at C. A ball of a frozen cluster
 * leaves every which way: there C is where the hitter's path out starts, two radii from P.
 */
function launchHit(m: BallModel, other: BallModel, c: Change, R: number, o: CauseOptions, ctx: RestHitContext): RestHit | null {
  if (!other.rest || other.onset === null || c.earliest !== undefined || other.onset > c.t + o.frameTime) return null;
  const from = other.rest;
  const near = other.samples.filter((p) => p.t > Math.min(other.onset!, c.t) - 2 * o.frameTime && p.t <= c.t + 0.4);
  // Its path out, from its first samples after the hit; if it touched a cushion among them, from
  // those after the touch (traced back, the path folds back at the cushion).
  let after = near.filter((p) => p.t > c.t).slice(0, 3);
  const touch = other.changes.find((k) => k.kind === 'kink' && k.t > c.t && k.t < (after[after.length - 1]?.t ?? c.t)
    && nearestCushion(ctx.table, k.at).distance - R < CUSHION_NEAR);
  if (touch) after = other.samples.filter((p) => p.t > touch.t && p.t <= c.t + 0.4).slice(0, 3);
  if (after.length < 2) return null;
  const q = fitQuadratic(after, o.maxAccel);
  // Traced back past a cushion it touched on its way out, the path folds back at it.
  const out = unfolded({ pos: (s) => evalQ(q, s), vel: (s) => velQ(q, s), from: -Infinity, kick: null, samples: other.samples }, ctx.table, 1 / CUSHION_REBOUND);
  const outSpeed = len(out.vel(c.t));
  // Traced back over a gap (the hitter hidden), the path out is known less well.
  const back = after[0]!.t - c.t;
  const tol = o.ballTolerance + 0.25 * outSpeed * o.frameTime + LAUNCH_SLIDE * back * back;
  const u = len(c.after);
  const contact = ctx.clustered ? out.pos(c.t) : u > 0 ? { x: c.at.x - (2 * R * c.after.x) / u, y: c.at.y - (2 * R * c.after.y) / u } : null;
  if (!contact) return null;
  const way = sub(contact, from);
  const wayLength = len(way);
  if (wayLength < 0.002) return null;
  const before = near.filter((p) => p.t <= c.t && len(sub(p, from)) > 0.003);
  if (before.length > 2) return null;
  for (const p of before) {
    const along = dot(sub(p, from), way) / wayLength;
    const off = Math.abs((p.x - from.x) * way.y - (p.y - from.y) * way.x) / wayLength;
    if (off > o.ballTolerance || along < -o.ballTolerance || along > wayLength + o.ballTolerance) return null;
  }
  // The straight way in cannot pass through another resting ball.
  if (ctx.obstacles.some((b) => b.onset > c.t - 2 * o.frameTime && segmentDistance(b.at, from, contact) < 2 * R - THROUGH)) return null;
  if (ctx.clustered) {
    const gap = Math.abs(len(sub(c.at, contact)) - 2 * R);
    if (gap > tol || dot(way, sub(c.at, contact)) <= 0) return null;
    // Scored ahead of a push inside the cluster (0.5): a ball from outside set it off.
    return { t: c.t, score: 0.25 + (0.2 * gap) / tol, centres: sub(c.at, contact), approach: null };
  }
  if (len(sub(out.pos(c.t), contact)) > tol) return null;
  const into = { x: out.vel(c.t).x + c.after.x, y: out.vel(c.t).y + c.after.y };
  const angle = angleBetween(into, way);
  if (angle > LAUNCH_ANGLE) return null;
  return { t: c.t, score: angle / LAUNCH_ANGLE, centres: sub(c.at, contact), approach: dot(into, way) / wayLength };
}

/** A struck ball this close (m) to a cushion may reach it before its first sample. */
const REBOUND_REACH = 0.1;

/** A hitter's kink this close (m) to one radius from a cushion face is a cushion touch. */
const CUSHION_NEAR = 0.012;

/** Half the largest deceleration of a sliding ball (m/s²): how a path traced back over t drifts (× t²). */
const LAUNCH_SLIDE = 1;

/** Largest angle between a launched hitter's way in and its momentum into the hit. */
const LAUNCH_ANGLE = 0.25;

/** Score of a push between two balls that left rest together touching … */
const PUSHED_TOGETHER = 0.5;
/** … a little worse where `other` left after this ball (it cannot have set it off). */
const LEFT_LATER = 0.01;

/**
 * A ball leaving rest (change c of model m) was hit by `other`: when, and how well that fits
 * (lower is better); null if `other` cannot have hit it.
 */
export function hitOnRest(m: BallModel, other: BallModel, c: Change, R: number, o: CauseOptions, ctx: RestHitContext): RestHit | null {
  // Both left rest together, touching: the one pushed the other (a frozen-ball stroke, G18l).
  if (other.rest && other.onset !== null && Math.abs(other.onset - c.t) < 3 * o.frameTime
    && Math.abs(len(sub(other.rest, c.at)) - 2 * R) < o.ballTolerance) {
    // The one that left first pushed (a tie otherwise: 14.1 6561 14.95 s, a cue ball a few
    // millimetres from the 14, the 14 frozen to the 11, read leaving a frame after it).
    return { t: Math.min(other.onset, c.t), score: other.onset > c.t ? PUSHED_TOGETHER + LEFT_LATER : PUSHED_TOGETHER, centres: sub(c.at, other.rest), approach: null };
  }
  const launched = launchHit(m, other, c, R, o, ctx);
  if (launched) return launched;
  const viaModel = hitAlong(m, unfolded(modelPath(other, c, o.frameTime), ctx.table, CUSHION_REBOUND), c, R, o, ctx);
  const fresh = c.earliest === undefined ? freshPath(other, c.t, o.pathWindow, o.frameTime, o.maxAccel) : null;
  const viaFresh = fresh ? hitAlong(m, unfolded(fresh, ctx.table, CUSHION_REBOUND), c, R, o, ctx) : null;
  if (viaModel && viaFresh) return viaFresh.score < viaModel.score ? viaFresh : viaModel;
  return viaModel ?? viaFresh;
}
