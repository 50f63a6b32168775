// A ball struck from rest straight at a pocket can drop before the camera sees it move: hit at
// several metres a second it is a faint blur for the few frames it takes, and no track at all
// follows it (8-ball 6362, 54.9 s: the 10, 0.5 m from the foot-left pocket, in 0.07 s). Its own
// track just stops where it rested, so it is "lost" and the pocket is marked too close to call.
// Yet an object ball leaves a contact along the line of centres, and this one was never seen
// again: when the ways it can have left along (that line, give or take the error of its
// reading) lead clear of cushions, jaws and other balls into one pocket only, the ball is taken
// as gone into that pocket. Nobody saw it go in, so the shot stays marked too close to call (the pocket fact):
// the call is made on the likelier reading and the operator is asked. Anything less clear (two
// pockets within the error, a ball on the way, seen again before the next shot) leaves it lost.
import type { BallId, Pocket } from '../contract/ids.ts';
import type { ShotEvent } from '../contract/log.ts';
import { capturingPocket, type TableGeometry } from '../table/geometry.ts';
import { nearestCushion } from './cushion-touch.ts';
import { positionBefore, velocityBefore, type BallModel } from './model.ts';
import { indexAtOrBefore, type Sample } from './series.ts';
import { len, sub, type Vec } from './vec.ts';
import type { Vanishing } from './vanish.ts';

/** The ball was last seen at most this long (s) after the hit, and at least this long before it. */
const SEEN_AFTER_HIT = 0.2;
const SEEN_BEFORE_HIT = 0.05;
/** Another ball on the line is one seen this recently (s) before the hit. */
const RECENT = 1;
/** The line's step (m) and reach (m). */
const STEP = 0.005;
const REACH = 2.6;
/**
 * How far (rad) the line of centres read at the hit may be off the ball's way: both balls' read
 * positions are off by millimetres, a few degrees at their 57 mm apart, and cut-induced throw
 * adds a few more.
 */
const AIM_ERROR = (15 * Math.PI) / 180;
const AIM_STEP = (0.5 * Math.PI) / 180;
/** How far (m) the ball may overlap a cushion nose or jaw on the way and still be clear of it (a graze of a jaw drops). */
const JAW_GRAZE = 0.003;

/** The pocket a ball leaving `from` along unit vector `u` reaches clear of cushions, jaws and the other balls, and how far it is. */
function clearInto(table: TableGeometry, from: Vec, u: Vec, others: readonly Vec[]): { pocket: Pocket; distance: number } | null {
  const R = table.ballRadius;
  for (let s = STEP; s <= REACH; s += STEP) {
    const p = { x: from.x + u.x * s, y: from.y + u.y * s };
    const captured = capturingPocket(table, p);
    if (captured) return { pocket: captured.pocket, distance: s };
    if (nearestCushion(table, p).distance < R - JAW_GRAZE) return null;
    if (others.some((o) => len(sub(p, o)) < 2 * R)) return null;
  }
  return null;
}

/** The one pocket the ball can have gone into from `from`, leaving within AIM_ERROR of `u`, and how far it is; null if none or more than one. */
function pocketAhead(table: TableGeometry, from: Vec, u: Vec, others: readonly Vec[]): { pocket: Pocket; distance: number } | null {
  const found = new Map<Pocket, number>();
  const base = Math.atan2(u.y, u.x);
  for (let a = -AIM_ERROR; a <= AIM_ERROR + 1e-9; a += AIM_STEP) {
    const into = clearInto(table, from, { x: Math.cos(base + a), y: Math.sin(base + a) }, others);
    if (into && !found.has(into.pocket)) found.set(into.pocket, into.distance);
  }
  if (found.size !== 1) return null;
  const [pocket, distance] = [...found][0]!;
  return { pocket, distance };
}

/**
 * The vanishings with each lost ball that was struck straight into a pocket turned into that
 * pocket's drop; the others come back as they were.
 */
export function droppedWhereStruck(
  vanished: readonly Vanishing[], events: readonly ShotEvent[], models: ReadonlyMap<BallId, BallModel>,
  series: ReadonlyMap<BallId, { samples: readonly Sample[] }>, table: TableGeometry, nextStart: number,
): Vanishing[] {
  return vanished.map((v) => {
    if (!v.lost || v.ball === 0) return v;
    const hits = events.filter((e): e is Extract<ShotEvent, { type: 'contact' }> => e.type === 'contact' && (e.a === v.ball || e.b === v.ball));
    // Struck once, just before it went out of sight; not seen again before the next shot.
    if (hits.length !== 1) return v;
    const hit = hits[0]!;
    if (v.lastSeen.t < hit.t - SEEN_BEFORE_HIT || v.lastSeen.t > hit.t + SEEN_AFTER_HIT) return v;
    const own = series.get(v.ball)?.samples ?? [];
    const after = own[indexAtOrBefore(own, v.lastSeen.t) + 1];
    if (after && after.t < nextStart) return v;
    const hitter = models.get((hit.a === v.ball ? hit.b : hit.a) as BallId);
    if (!hitter) return v;
    const at = positionBefore(hitter, hit.t);
    const line = sub(v.lastSeen, at);
    const d = len(line);
    if (!(d > 0)) return v;
    const u = { x: line.x / d, y: line.y / d };
    const others = [...series].flatMap(([id, s]) => {
      if (id === v.ball || id === hitter.id) return [];
      const k = indexAtOrBefore(s.samples, hit.t);
      const last = s.samples[k];
      return last && hit.t - last.t < RECENT ? [last] : [];
    });
    const into = pocketAhead(table, v.lastSeen, u, others);
    if (!into) return v;
    const speed = Math.max(0.5, len(velocityBefore(hitter, hit.t)));
    const { lost: _lost, ...rest } = v;
    return { ...rest, events: [{ t: hit.t + into.distance / speed, type: 'pocket', ball: v.ball, pocket: into.pocket }], unseenDrop: true };
  });
}
