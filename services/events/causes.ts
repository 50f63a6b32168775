// Why a ball's motion changed: another ball at two radii (a contact) or a cushion at one radius.
// Each onset or kink is given its best-fitting cause; contacts are timed where the two
// balls' paths before the change are exactly 2R apart.
import type { BallId, Cushion } from '../contract/ids.ts';
import type { ShotEvent } from '../contract/log.ts';
import type { TableGeometry } from '../sim/physics/table-geometry.ts';
import { argmin, positionBefore, velocityBefore, type BallModel, type Change } from './model.ts';

export interface CauseOptions {
  /** Largest misfit (m) of the 2R distance for a ball–ball contact, plus `speedSlack` × speed × frame time. */
  ballTolerance: number;
  /** Largest misfit (m) of the R distance to a cushion. */
  cushionTolerance: number;
  speedSlack: number;
  frameTime: number;
  /** Velocity change (m/s) below which a kink is noise. */
  minKink: number;
}

type Vec = { x: number; y: number };
const sub = (a: Vec, b: Vec): Vec => ({ x: a.x - b.x, y: a.y - b.y });
const len = (a: Vec): number => Math.hypot(a.x, a.y);
const dot = (a: Vec, b: Vec): number => a.x * b.x + a.y * b.y;

/** Distance from p to the cushion faces (nose and jaw lines, jaw tips), with the cushion's name. */
export function nearestCushion(table: TableGeometry, p: Vec): { cushion: Cushion; distance: number; normal: Vec } {
  let best = { cushion: 'head' as Cushion, distance: Infinity, normal: { x: 1, y: 0 } };
  for (const l of table.lines) {
    const rel = sub(p, l.start);
    const along = Math.max(0, Math.min(l.length, dot(rel, l.direction)));
    const foot = { x: l.start.x + l.direction.x * along, y: l.start.y + l.direction.y * along };
    const d = dot(sub(p, foot), l.normal);
    const off = len(sub(p, foot));
    const distance = along > 0 && along < l.length ? d : off;
    if (Math.abs(distance) < Math.abs(best.distance)) best = { cushion: l.cushion, distance, normal: l.normal };
  }
  for (const tip of table.tips) {
    const d = len(sub(p, tip.centre)) - tip.radius;
    if (Math.abs(d) < Math.abs(best.distance)) {
      const n = sub(p, tip.centre);
      const k = len(n) || 1;
      best = { cushion: tip.cushion, distance: d, normal: { x: n.x / k, y: n.y / k } };
    }
  }
  return best;
}

interface Attributed {
  change: Change;
  event: ShotEvent;
  partner: BallId | null;
}

export function attributeChanges(models: Map<BallId, BallModel>, table: TableGeometry, o: CauseOptions): ShotEvent[] {
  const R = table.ballRadius;
  const out: Attributed[] = [];
  for (const m of models.values()) {
    for (const c of m.changes) {
      const dv = len(sub(c.after, c.before));
      // The cue ball leaving rest at the strike was struck by the cue: nothing to attribute.
      if (m.id === 0 && c === m.changes[0] && c.kind === 'onset') continue;
      // Small kinks are noise, unless a resting ball sits right there (a slow, gentle hit).
      if (c.kind === 'kink' && dv < o.minKink && !(dv >= o.minKink / 3 && restingBallAt(models, m.id, c.at, c.t, R))) continue;
      let best: { score: number; event: ShotEvent; partner: BallId | null } | null = null;
      // A ball: the other ball's path before this instant passes at 2R, pushing along the line of centres.
      for (const other of models.values()) {
        if (other.id === m.id) continue;
        const hit = c.kind === 'onset' ? hitOnRest(m, other, c, R, o) : hitOnMoving(m, other, c, R, o);
        if (!hit) continue;
        if (!best || hit.score < best.score) {
          const [a, b] = m.id === 0 || other.id === 0 ? [0 as BallId, (m.id === 0 ? other.id : m.id)] : [Math.min(m.id, other.id) as BallId, Math.max(m.id, other.id) as BallId];
          best = { score: hit.score, event: { t: hit.t, type: 'contact', a, b }, partner: other.id };
        }
      }
      // A cushion: the path at R from a cushion face, the change pushing away from it.
      const near = nearestCushion(table, c.at);
      const cGap = Math.abs(near.distance - R);
      if (cGap <= o.cushionTolerance && dot(sub(c.after, c.before), near.normal) > 0) {
        const score = cGap / o.cushionTolerance;
        if (!best || score < best.score) best = { score, event: { t: c.t, type: 'cushion', ball: m.id, cushion: near.cushion }, partner: null };
      }
      if (best) out.push({ change: c, event: best.event, partner: best.partner });
    }
  }
  return dedupe(out, o.frameTime);
}

const angleBetween = (a: Vec, b: Vec): number => {
  const la = len(a);
  const lb = len(b);
  if (la === 0 || lb === 0) return Math.PI;
  return Math.acos(Math.max(-1, Math.min(1, dot(a, b) / (la * lb))));
};

/** Largest angle between the struck ball's departure and the line of centres. */
const MAX_DEPARTURE_ANGLE = 0.45;

/**
 * A ball leaving rest was hit by `other` if other's path before the onset comes to 2R of the
 * resting ball, moving towards it, and the ball leaves along the line of centres.
 */
function hitOnRest(m: BallModel, other: BallModel, c: Change, R: number, o: CauseOptions): { t: number; score: number } | null {
  const gapAt = (s: number): number => len(sub(positionBefore(other, s), c.at)) - 2 * R;
  // Both left rest together, touching: the one pushed the other (a frozen-ball stroke, G18l).
  if (other.rest && other.onset !== null && Math.abs(other.onset - c.t) < 3 * o.frameTime
    && Math.abs(len(sub(other.rest, c.at)) - 2 * R) < o.ballTolerance) {
    return { t: Math.min(other.onset, c.t), score: 0.5 };
  }
  // A slow ball shows its onset late: search back up to 0.3 s.
  const lo = c.earliest ?? c.t - 0.3;
  const hi = c.t + 2 * o.frameTime;
  // The first time the gap closes to zero in the window (the ball cannot pass through).
  const steps = Math.max(60, Math.ceil((hi - lo) / (o.frameTime / 4)));
  let prev = gapAt(lo);
  let t: number | null = null;
  for (let k = 1; k <= steps; k++) {
    const s = lo + ((hi - lo) * k) / steps;
    const g = gapAt(s);
    if (prev > 0 && g <= 0) {
      let a = s - (hi - lo) / steps;
      let b = s;
      for (let i = 0; i < 30; i++) { const mid = (a + b) / 2; if (gapAt(mid) > 0) a = mid; else b = mid; }
      t = (a + b) / 2;
      break;
    }
    prev = g;
  }
  let graze = false;
  if (t === null && Math.abs(gapAt(c.t)) <= o.ballTolerance) t = c.t; // at 2R when it left: the leg switch hid the crossing
  if (t === null) {
    // No crossing: a graze (the path passes just outside 2R, within the tolerance) at its closest.
    // Only a slow, short departure is a graze; a ball sent away fast was hit squarely by something.
    const shortTrip = m.restAfter !== null && len(sub(m.restAfter, c.at)) < 0.05;
    const closest = argmin((s) => Math.abs(gapAt(s)), lo, hi);
    if (!shortTrip || Math.abs(gapAt(closest)) > 0.004) return null;
    t = closest;
    graze = true;
  }
  const centres = sub(c.at, positionBefore(other, t));
  const approach = dot(velocityBefore(other, t), centres) / (len(centres) || 1);
  // At the closest point of a graze the approach speed is zero by definition.
  if (!graze && approach < o.minKink / 2) return null;
  if (graze && len(velocityBefore(other, t)) < o.minKink / 2) return null;
  // Where it went is better measured by where it stopped, when it stopped near (a slow ball).
  const moved = m.restAfter ? sub(m.restAfter, c.at) : null;
  const departure = moved && len(moved) < 0.1 ? moved : c.after;
  const angle = angleBetween(departure, centres);
  if (angle > MAX_DEPARTURE_ANGLE) return null;
  return { t, score: angle / MAX_DEPARTURE_ANGLE + (c.earliest === undefined ? Math.abs(t - c.t) / 0.3 : 0) };
}

/** A moving ball's kink caused by `other`: their paths before it are 2R apart near the kink. */
function hitOnMoving(m: BallModel, other: BallModel, c: Change, R: number, o: CauseOptions): { t: number; score: number } | null {
  const g = (s: number): number => Math.abs(len(sub(positionBefore(m, s), positionBefore(other, s))) - 2 * R);
  const t = argmin(g, c.t - 1.5 * o.frameTime, c.t + 1.5 * o.frameTime);
  const speed = Math.max(len(velocityBefore(other, t)), len(c.before));
  const tol = o.ballTolerance + o.speedSlack * speed * o.frameTime;
  const gap = g(t);
  if (gap > tol) return null;
  const centres = sub(positionBefore(m, t), positionBefore(other, t));
  if (dot(sub(c.after, c.before), centres) <= 0) return null;
  const closing = dot(sub(velocityBefore(other, t), c.before), centres) / (len(centres) || 1);
  if (closing < o.minKink / 2) return null;
  return { t, score: gap / tol };
}

/** Is a ball other than `self` resting (not yet moving) at 2R from p at time t? */
function restingBallAt(models: Map<BallId, BallModel>, self: BallId, p: Vec, t: number, R: number): boolean {
  for (const m of models.values()) {
    if (m.id === self || (m.onset !== null && m.onset < t - 0.05)) continue;
    const q = positionBefore(m, t);
    if (Math.abs(len(sub(q, p)) - 2 * R) < 0.004) return true;
  }
  return false;
}

/** One contact per pair per instant: both balls' changes explain the same collision. */
function dedupe(items: Attributed[], frame: number): ShotEvent[] {
  const events: ShotEvent[] = [];
  for (const it of items.sort((x, y) => x.event.t - y.event.t)) {
    const e = it.event;
    const dup = events.some((x) => {
      // The same pair cannot meet twice within a tenth of a second (a slow push reads as two changes).
      if (x.type === 'contact' && e.type === 'contact' && x.a === e.a && x.b === e.b) return Math.abs(x.t - e.t) < Math.max(0.1, 2.5 * frame);
      if (Math.abs(x.t - e.t) > 2.5 * frame) return false;
      if (x.type === 'cushion' && e.type === 'cushion') return x.ball === e.ball && x.cushion === e.cushion;
      return false;
    });
    if (!dup) events.push(e);
  }
  return events;
}

/**
 * Cushion touches too gentle to bend the path visibly: a ball's path that reaches one radius
 * from a cushion face while moving towards it (or comes to rest against it).
 */
export function gentleCushionTouches(models: Map<BallId, BallModel>, table: TableGeometry, known: readonly ShotEvent[], frame: number): ShotEvent[] {
  const R = table.ballRadius;
  const out: ShotEvent[] = [];
  const seen = (ball: BallId, cushion: Cushion, t: number): boolean =>
    [...known, ...out].some((e) => e.type === 'cushion' && e.ball === ball && e.cushion === cushion && Math.abs(e.t - t) < 0.3);
  for (const m of models.values()) {
    m.legs.forEach((leg, k) => {
      const t0 = m.samples[leg.first]!.t;
      const next = m.legs[k + 1];
      const t1 = next ? m.samples[next.first]!.t : m.samples[leg.last]!.t;
      for (let t = t0; t <= t1; t += frame / 4) {
        const d = t - leg.fit.t0;
        const p = { x: leg.fit.x[0] + leg.fit.x[1] * d + leg.fit.x[2] * d * d, y: leg.fit.y[0] + leg.fit.y[1] * d + leg.fit.y[2] * d * d };
        const v = { x: leg.fit.x[1] + 2 * leg.fit.x[2] * d, y: leg.fit.y[1] + 2 * leg.fit.y[2] * d };
        const near = nearestCushion(table, p);
        if (near.distance - R <= 0.003 && -dot(v, near.normal) > 0.005) {
          if (!seen(m.id, near.cushion, t)) out.push({ t, type: 'cushion', ball: m.id, cushion: near.cushion });
          break;
        }
      }
    });
    const last = m.legs[m.legs.length - 1];
    if (m.restAfter && last) {
      const near = nearestCushion(table, m.restAfter);
      const tEnd = m.samples[last.last]!.t;
      const v = { x: last.fit.x[1], y: last.fit.y[1] };
      if (near.distance - R <= 0.003 && -dot(v, near.normal) > 0 && !seen(m.id, near.cushion, tEnd)) {
        out.push({ t: tEnd, type: 'cushion', ball: m.id, cushion: near.cushion });
      }
    }
  }
  return out;
}
