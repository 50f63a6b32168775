// Why a ball's motion changed: another ball at two radii (a contact) or a cushion at one radius.
// Each onset or kink is given its best-fitting cause; contacts are timed where the two
// balls' paths before the change are exactly 2R apart.
import type { BallId } from '../contract/ids.ts';
import type { ShotEvent } from '../contract/log.ts';
import type { TableGeometry } from '../table/geometry.ts';
import { bounceAfterHit, nearestCushion } from './cushion-touch.ts';
import type { CauseOptions } from './cause-options.ts';
import { hitOnRest, type Obstacle, type RestHit } from './hit-on-rest.ts';
import { angleBetween, dot, len, sub, type Vec } from './vec.ts';
import { argmin, positionBefore, velocityBefore, type BallModel, type Change } from './model.ts';

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
      let best: { score: number; event: ShotEvent; partner: BallId | null; centres: Vec | null; approach: number | null } | null = null;
      const clustered = c.kind === 'onset' && inCluster(models, m.id, c, R, o.frameTime);
      // A ball: the other ball's path before this instant passes at 2R, pushing along the line of centres.
      const hits: { other: BallModel; hit: RestHit }[] = [];
      for (const other of models.values()) {
        if (other.id === m.id) continue;
        const hit = c.kind === 'onset' ? hitOnRest(m, other, c, R, o, { clustered, obstacles: obstaclesFor(models, m.id, other.id), table }) : hitOnMoving(m, other, c, R, o, models, table);
        if (hit) hits.push({ other, hit });
      }
      const kick = sub(c.after, c.before);
      for (const { other, hit } of c.kind === 'kink' ? notAgainstTheKick(hits, kick) : hits) {
        if (!best || hit.score < best.score) {
          const [a, b] = m.id === 0 || other.id === 0 ? [0 as BallId, (m.id === 0 ? other.id : m.id)] : [Math.min(m.id, other.id) as BallId, Math.max(m.id, other.id) as BallId];
          best = { score: hit.score, event: { t: hit.t, type: 'contact', a, b }, partner: other.id, centres: hit.centres, approach: hit.approach };
        }
      }
      // A cushion: the path at R from a cushion face, the change pushing away from it.
      const near = nearestCushion(table, c.at);
      const cGap = Math.abs(near.distance - R);
      // A ball leaving rest was sent off the cushion only if it leaves at a real speed: a resting
      // ball re-read a few millimetres over (a player standing over it) is no rebound.
      const sent = c.kind !== 'onset' || len(c.after) >= o.minKink / 4;
      if (sent && cGap <= o.cushionTolerance && dot(sub(c.after, c.before), near.normal) > 0 && (c.kind === 'onset' || dot(c.before, near.normal) < 0)) {
        const score = cGap / o.cushionTolerance;
        if (!best || score < best.score) best = { score, event: { t: c.t, type: 'cushion', ball: m.id, cushion: near.cushion }, partner: null, centres: null, approach: null };
      }
      if (best) out.push({ change: c, event: best.event, partner: best.partner });
      // Struck into a cushion right beside it: the ball's first path seen is the rebound.
      const rebound = best?.centres ? reboundOfStruck(models, m, c, best, table, o.frameTime) : null;
      if (rebound) out.push({ change: c, event: rebound, partner: null });
    }
  }
  return dedupe(out, o.frameTime);
}

/**
 * The ball struck at rest in a contact (this ball at its onset, or the resting partner of this
 * ball's kink) may have been driven into a cushion right beside it (bounceAfterHit).
 */
function reboundOfStruck(
  models: Map<BallId, BallModel>, m: BallModel, c: Change, hit: { event: ShotEvent; partner: BallId | null; centres: Vec | null; approach: number | null },
  table: TableGeometry, frame: number,
): ShotEvent | null {
  if (!hit.centres || hit.event.type !== 'contact') return null;
  if (c.kind === 'onset') return bounceAfterHit(m, c, hit.centres, hit.approach, hit.event.t, table);
  const struck = hit.partner === null ? undefined : models.get(hit.partner);
  const onset = struck?.changes[0];
  if (!struck?.rest || !onset || onset.kind !== 'onset' || Math.abs(onset.t - hit.event.t) > 3 * frame) return null;
  return bounceAfterHit(struck, onset, { x: -hit.centres.x, y: -hit.centres.y }, hit.approach, hit.event.t, table);
}

/** A push (m/s along the line of centres) that sends a free resting ball centimetres away, not a millimetre. */
const FREE_PUSH = 0.05;
/** A ball struck at rest leaves it within this time (s). */
const LEAVES_REST = 0.1;
/** Gap (m) within which a resting ball leans on a cushion or on another ball (which then takes the push; also uncertain.ts `stayedPut`). */
export const LEANS = 0.003;

/**
 * A resting ball that stays put after a moving ball "touched" it: passed, not hit (a passing
 * ball's image beside a resting one bends its read path by a few millimetres), unless it leans
 * on a cushion or a ball that took the push, or the push was too slow to move it visibly.
 */
function passedNotHit(models: Map<BallId, BallModel>, other: BallModel, t: number, closing: number, R: number, table: TableGeometry): boolean {
  if (!other.rest || (other.onset !== null && other.onset <= t + LEAVES_REST) || closing <= FREE_PUSH) return false;
  if (nearestCushion(table, other.rest).distance < R + LEANS) return false;
  for (const b of models.values()) {
    if (b.id !== other.id && b.rest && len(sub(b.rest, other.rest)) < 2 * R + LEANS) return false;
  }
  return true;
}

/** A kick this close (rad) to the line of centres of a ball met at 2R (score, causes' scale) is that collision's alone … */
const KICK_ALONG = { angle: 0.26, score: 0.25 };
/** … and one this far (rad) from another's line owes nothing to it. */
const KICK_ACROSS = 0.79;

/**
 * A moving ball's kick is along the line of centres of the ball it met (the sum of two, where two
 * collisions fall within a frame). Where one candidate met at 2R explains the kick alone and
 * another's line lies far across it, the other was passed, not hit (14.1 6561 7.83 s: the cue
 * ball's path into a rack's corner came to 2R of the 9 and, within a millimetre, of the 8 beside
 * it; the kick lay 0.5° from the 9's line and 53° from the 8's). Not where the aligned one's path
 * only roughly meets 2R: a hitter covering centimetres a frame (a break at 30 fps) gives lines
 * of centres as rough as that.
 */
function notAgainstTheKick<T extends { hit: RestHit }>(hits: readonly T[], kick: Vec): T[] {
  const off = hits.map((h) => angleBetween(kick, h.hit.centres));
  if (!hits.some((h, k) => off[k]! <= KICK_ALONG.angle && h.hit.score <= KICK_ALONG.score)) return [...hits];
  return hits.filter((_, k) => off[k]! < KICK_ACROSS);
}

/** A moving ball's kink caused by `other`: their paths before it are 2R apart near the kink. */
function hitOnMoving(m: BallModel, other: BallModel, c: Change, R: number, o: CauseOptions, models: Map<BallId, BallModel>, table: TableGeometry): RestHit | null {
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
  if (passedNotHit(models, other, t, closing, R, table)) return null;
  return { t, score: gap / tol, centres, approach: closing };
}

/** The balls at rest before they moved in this shot, other than the two of a possible contact. */
function obstaclesFor(models: Map<BallId, BallModel>, a: BallId, b: BallId): Obstacle[] {
  const out: Obstacle[] = [];
  for (const m of models.values()) if (m.id !== a && m.id !== b && m.rest) out.push({ at: m.rest, onset: m.onset ?? Infinity });
  return out;
}

/** Another ball rested touching this one and left rest with it: they were a frozen cluster. */
function inCluster(models: Map<BallId, BallModel>, self: BallId, c: Change, R: number, frame: number): boolean {
  for (const m of models.values()) {
    if (m.id === self || !m.rest || m.onset === null) continue;
    if (Math.abs(m.onset - c.t) < 3 * frame && len(sub(m.rest, c.at)) < 2 * R + 0.003) return true;
  }
  return false;
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

/** One event per collision: both balls' changes explain the same contact; one touch per cushion. */
function dedupe(items: Attributed[], frame: number): ShotEvent[] {
  const events: ShotEvent[] = [];
  for (const it of items.sort((x, y) => x.event.t - y.event.t)) {
    const e = it.event;
    const dup = events.some((x) => {
      // The same pair cannot meet twice within a tenth of a second (a slow push reads as two changes).
      if (x.type === 'contact' && e.type === 'contact' && x.a === e.a && x.b === e.b) return Math.abs(x.t - e.t) < Math.max(0.1, 2.5 * frame);
      // Nor touch the same cushion twice within it (a slow ball's kinks after the touch).
      if (x.type === 'cushion' && e.type === 'cushion' && x.ball === e.ball && x.cushion === e.cushion) return Math.abs(x.t - e.t) < Math.max(0.1, 2.5 * frame);
      return false;
    });
    if (!dup) events.push(e);
  }
  return events;
}
