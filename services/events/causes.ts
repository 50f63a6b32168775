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
      if (c.kind === 'kink' && dv < o.minKink) continue;
      let best: { score: number; event: ShotEvent; partner: BallId | null } | null = null;
      // A ball: the other ball's path before this instant passes at 2R, pushing along the line of centres.
      for (const other of models.values()) {
        if (other.id === m.id) continue;
        const hit = c.kind === 'onset' ? hitOnRest(other, c, R, o) : hitOnMoving(m, other, c, R, o);
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
function hitOnRest(other: BallModel, c: Change, R: number, o: CauseOptions): { t: number; score: number } | null {
  const gapAt = (s: number): number => len(sub(positionBefore(other, s), c.at)) - 2 * R;
  // Both left rest together, touching: the one pushed the other (a frozen-ball stroke, G18l).
  if (other.rest && other.onset !== null && Math.abs(other.onset - c.t) < 3 * o.frameTime
    && Math.abs(len(sub(other.rest, c.at)) - 2 * R) < o.ballTolerance) {
    return { t: Math.min(other.onset, c.t), score: 0.5 };
  }
  const lo = c.t - 0.15;
  const hi = c.t + 2 * o.frameTime;
  // The first time the gap closes to zero in the window (the ball cannot pass through).
  const steps = 60;
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
  if (t === null) {
    // Frozen or nearly touching: already at 2R when the other started; take the onset.
    const g = Math.abs(gapAt(c.t));
    if (g > o.ballTolerance) return null;
    t = c.t;
  }
  const centres = sub(c.at, positionBefore(other, t));
  const approach = dot(velocityBefore(other, t), centres) / (len(centres) || 1);
  if (approach < o.minKink / 2) return null;
  const angle = angleBetween(c.after, centres);
  if (angle > MAX_DEPARTURE_ANGLE) return null;
  return { t, score: angle / MAX_DEPARTURE_ANGLE + Math.abs(t - c.t) / 0.15 };
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

/** One contact per pair per instant: both balls' changes explain the same collision. */
function dedupe(items: Attributed[], frame: number): ShotEvent[] {
  const events: ShotEvent[] = [];
  for (const it of items.sort((x, y) => x.event.t - y.event.t)) {
    const e = it.event;
    const dup = events.some((x) => {
      if (Math.abs(x.t - e.t) > 2.5 * frame) return false;
      if (x.type === 'contact' && e.type === 'contact') return x.a === e.a && x.b === e.b;
      if (x.type === 'cushion' && e.type === 'cushion') return x.ball === e.ball && x.cushion === e.cushion;
      return false;
    });
    if (!dup) events.push(e);
  }
  return events;
}
