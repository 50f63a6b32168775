// Ball–cushion touches that no kink of a leg shows: a ball struck into a cushion right beside
// it (its first path seen is already the rebound), and touches too gentle to bend the path
// visibly. Also the distance from a point to the cushion faces that every cushion test uses.
import type { BallId, Cushion } from '../contract/ids.ts';
import type { ShotEvent } from '../contract/log.ts';
import type { TableGeometry } from '../table/geometry.ts';
import { evalQ, velQ } from './legs.ts';
import { argmin, type BallModel, type Change } from './model.ts';
import { indexAtOrBefore, type Sample } from './series.ts';
import { angleBetween, dot, len, sub, type Vec } from './vec.ts';

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

/** Farthest (m) a struck ball may travel to a cushion before its first sample shows the rebound. */
const REBOUND_REACH = 0.15;
/** Deceleration (m/s²) of a sliding ball, μs g: no ball struck at v stops within v² / 2 of it. */
const SLIDING_DECELERATION = 0.2 * 9.81;
/** Largest angle between the seen departure and the mirrored line of centres. */
const REBOUND_ANGLE = 0.45;

/**
 * A ball struck at time `hitT` along `centres` (the line of centres, hitter to ball) at speed
 * `approach`: if the line of centres runs into a cushion closer than the ball must travel at
 * that speed (sliding friction can stop it no sooner), or the ball is seen leaving along the
 * mirror image of the line of centres off a cushion close by, it touched that cushion first.
 */
export function bounceAfterHit(m: BallModel, c: Change, centres: Vec, approach: number | null, hitT: number, table: TableGeometry): ShotEvent | null {
  const R = table.ballRadius;
  const k = len(centres);
  if (c.kind !== 'onset' || k === 0) return null;
  const dir = { x: centres.x / k, y: centres.y / k };
  let face: ReturnType<typeof nearestCushion> | null = null;
  let reach = 0;
  for (let s = 0; s <= REBOUND_REACH && !face; s += 0.0005) {
    const near = nearestCushion(table, { x: c.at.x + dir.x * s, y: c.at.y + dir.y * s });
    if (near.distance <= R && dot(dir, near.normal) < 0) { face = near; reach = s; }
  }
  if (!face) return null;
  const n = face.normal;
  const mirrored = { x: dir.x - 2 * dot(dir, n) * n.x, y: dir.y - 2 * dot(dir, n) * n.y };
  const travel = approach === null ? 0 : (0.8 * approach) ** 2 / (2 * SLIDING_DECELERATION);
  if (reach > travel) {
    if (angleBetween(c.after, centres) < 0.3 || angleBetween(c.after, mirrored) > REBOUND_ANGLE) return null;
  } else if (approach !== null && approach > 0) {
    return { t: hitT + reach / approach, type: 'cushion', ball: m.id, cushion: face.cushion };
  }
  // When: the rebound path seen, traced back to one radius from that cushion.
  const leg = m.legs[0];
  const seen = leg ? m.samples[leg.first]!.t : hitT;
  const path = c.local?.after ?? leg?.fit;
  const t = path && seen > hitT ? argmin((s) => Math.abs(nearestCushion(table, evalQ(path, s)).distance - R), hitT, seen) : hitT;
  return { t, type: 'cushion', ball: m.id, cushion: face.cushion };
}

/** A leg reaching this close (m) to one radius from a face while moving towards it touched it. */
export const REACH = 0.003;
/** How far back (s) to look for where a ball came from before a leg that begins at a face … */
const CAME_WINDOW = 0.1;
/** … and how much farther (m) from the face it must have been then (or 4 σ of its noise if more). */
const CAME_FROM = 0.003;
/** A ball that came to rest this close (m) to one radius from a face may have stopped against it. */
const REST_REACH = 0.004;
/** Deceleration (m/s²) of a rolling ball, μr g: how far a ball rolls before it stops. */
const ROLLING_DECELERATION = 0.01 * 9.81;
/** It touched if, rolling on, it would have gone this far (m) past the face, or 1.5 σ of its noise if more. */
const OVERSHOOT = 0.0001;
/** A ball that rolled towards a face and rests this close (m) to it touched it. */
const REST_TOUCH = 0.0005;
/** Samples this close (m) to the face, or 4 σ if more, are its rest, not its approach. */
const APPROACH_REACH = 0.0005;
/** Time (s) of a ball's last approach to a cushion that tells how far it would have rolled. */
const APPROACH_WINDOW = 0.4;

/**
 * A ball that came to rest beside a cushion after rolling towards it: it touched the cushion
 * (and rebounded a little) if, rolling on as it approached, it would have gone past the face.
 */
function stopsAgainst(m: BallModel, table: TableGeometry, noise: number): { t: number; cushion: Cushion; restGap: number | null } | null {
  const R = table.ballRadius;
  const last = m.legs[m.legs.length - 1];
  if (!m.finalRest || !last) return null;
  const near = nearestCushion(table, m.finalRest);
  if (near.distance - R > REST_REACH) return null;
  const rest = m.finalRest;
  // How far short of its rest a sample is, along the face's normal; and how far from the face.
  const short = (p: Vec): number => dot(sub(p, rest), near.normal);
  const gap = (p: Vec): number => short(p) + near.distance - R;
  // Its samples from the last leg on, until it reaches its rest (beyond the leg: a ball this slow
  // reads as still). Its rest, not the face: a ball resting a hair off the face reaches it there.
  const reach = Math.max(APPROACH_REACH, 4 * noise);
  const leg: Sample[] = [];
  for (let k = last.first; k < m.samples.length && short(m.samples[k]!) > reach; k++) leg.push(m.samples[k]!);
  const tEnd = leg[leg.length - 1]?.t ?? -Infinity;
  const approach = leg.filter((p) => p.t >= tEnd - APPROACH_WINDOW);
  if (approach.length < 4) return null;
  // A rolling ball on its way: p(s) = p0 + v0 s − (a/2) s² v̂, its direction v̂ from a straight fit.
  const line = fitLineThrough(approach);
  const k = line ? len(line.v) : 0;
  if (!line || k === 0) return null;
  const u = { x: line.v.x / k, y: line.v.y / k };
  const a = ROLLING_DECELERATION;
  // Undo the known deceleration, then a straight fit gives where it was and how fast at the end.
  const rolled = approach.map((p) => ({ t: p.t, x: p.x + 0.5 * a * (p.t - tEnd) ** 2 * u.x, y: p.y + 0.5 * a * (p.t - tEnd) ** 2 * u.y }));
  const fit = fitLineThrough(rolled);
  if (!fit) return null;
  const speed = len(fit.v);
  const towards = speed > 0 ? -dot(fit.v, near.normal) / speed : 0;
  if (towards * speed <= 0.005) return null;
  const toFace = gap(fit.p) / towards;
  const rolls = speed ** 2 / (2 * a);
  // It rests against the face (as a ball that touched it slowly does), or it would have rolled past it.
  const against = near.distance - R <= REST_TOUCH;
  const rolledPast = rolls >= toFace + Math.max(OVERSHOOT, 1.5 * noise) / towards;
  if (!against && !rolledPast) return null;
  const t = tEnd + (speed - Math.sqrt(Math.max(0, speed ** 2 - 2 * a * Math.max(0, toFace)))) / a;
  return { t, cushion: near.cushion, restGap: rolledPast ? null : near.distance - R };
}

/** Least-squares straight line through points, evaluated at the last one: position and velocity. */
function fitLineThrough(pts: readonly { t: number; x: number; y: number }[]): { p: Vec; v: Vec } | null {
  const n = pts.length;
  const t0 = pts[n - 1]!.t;
  let st = 0, stt = 0, sx = 0, sy = 0, stx = 0, sty = 0;
  for (const q of pts) { const d = q.t - t0; st += d; stt += d * d; sx += q.x; sy += q.y; stx += d * q.x; sty += d * q.y; }
  const den = n * stt - st * st;
  if (!(Math.abs(den) > 1e-15)) return null;
  const vx = (n * stx - st * sx) / den;
  const vy = (n * sty - st * sy) / den;
  return { p: { x: (sx - vx * st) / n, y: (sy - vy * st) / n }, v: { x: vx, y: vy } };
}

/** A touch read from a gap alone: the gap (m) read and the reach (m) within which it counts as a touch. */
export interface ReachedGap { gap: number; reach: number }

/**
 * Cushion touches too gentle to bend a leg visibly: the leg's path reaches one radius from a
 * cushion face while moving towards it (timed where it gets closest), a leg begins at a face
 * leaving it just after the ball came to it, or the ball comes to rest against it. `reached`
 * gets each touch read from a gap alone: a path reaching within REACH (its closest gap), or a
 * ball resting within REST_TOUCH of a face that, rolling on, would not have gone past it (its
 * resting gap).
 */
export function gentleCushionTouches(
  models: Map<BallId, BallModel>, table: TableGeometry, known: readonly ShotEvent[], frame: number, noise: ReadonlyMap<BallId, number>,
  reached?: Map<ShotEvent, ReachedGap>,
): ShotEvent[] {
  const R = table.ballRadius;
  const out: ShotEvent[] = [];
  const seen = (ball: BallId, cushion: Cushion, t: number): boolean =>
    [...known, ...out].some((e) => e.type === 'cushion' && e.ball === ball && e.cushion === cushion && Math.abs(e.t - t) < 0.3);
  for (const m of models.values()) {
    m.legs.forEach((leg, k) => {
      const t0 = m.samples[leg.first]!.t;
      const next = m.legs[k + 1];
      const t1 = next ? m.samples[next.first]!.t : m.samples[leg.last]!.t;
      const gapAt = (t: number): { gap: number; towards: number; cushion: Cushion } => {
        const near = nearestCushion(table, evalQ(leg.fit, t));
        return { gap: near.distance - R, towards: -dot(velQ(leg.fit, t), near.normal), cushion: near.cushion };
      };
      // A leg that begins at a face, leaving it, where the ball had just come to it: the touch
      // turned it (the way in too short to be a leg of its own: a slow ball struck a few
      // millimetres from the cushion).
      const begin = gapAt(t0);
      if (begin.gap <= REACH && begin.towards < 0) {
        const came = m.samples.slice(0, leg.first).filter((p) => p.t >= t0 - CAME_WINDOW);
        const before = came[0] ? nearestCushion(table, came[0]).distance - R : -Infinity;
        if (before - begin.gap > Math.max(CAME_FROM, 4 * (noise.get(m.id) ?? 0))) {
          if (!seen(m.id, begin.cushion, t0)) out.push({ t: t0, type: 'cushion', ball: m.id, cushion: begin.cushion });
          return;
        }
      }
      for (let t = t0; t <= t1; t += frame / 4) {
        const g = gapAt(t);
        if (g.gap > REACH || g.towards <= 0.005) continue;
        // Closest to the face (or where the path reaches it) along the rest of the leg.
        let at = t;
        for (let s = t + frame / 16; s <= t1 && g.gap > 0; s += frame / 16) {
          const h = gapAt(s);
          if (h.gap >= gapAt(at).gap) break;
          at = s;
          if (h.gap <= 0) break;
        }
        if (!seen(m.id, g.cushion, at)) {
          const touch: ShotEvent = { t: at, type: 'cushion', ball: m.id, cushion: g.cushion };
          out.push(touch);
          reached?.set(touch, { gap: gapAt(at).gap, reach: REACH });
        }
        break;
      }
    });
    const stop = stopsAgainst(m, table, noise.get(m.id) ?? 0.001);
    if (stop && !seen(m.id, stop.cushion, stop.t)) {
      const touch: ShotEvent = { t: stop.t, type: 'cushion', ball: m.id, cushion: stop.cushion };
      out.push(touch);
      if (stop.restGap !== null) reached?.set(touch, { gap: stop.restGap, reach: REST_TOUCH });
    }
  }
  return out;
}

/** A ball read this close (m) to a face just after a contact is against it. */
const PRESSED = 0.001;

/**
 * A ball that touched a cushion less than half a frame before it met another ball, and is read
 * at that face (within PRESSED) in the frame after, was against the cushion through the contact:
 * it touches the cushion after the contact too (9-ball 6641 40.64 s: the cue ball ran along the
 * foot cushion into the 3, which pressed it back into the cushion 6 ms after the hit; the one
 * touch read, 2 ms before the hit, left no rail after contact). The touch is set at the contact.
 */
export function pressedThroughContact(
  events: readonly ShotEvent[], readings: ReadonlyMap<BallId, { samples: readonly Sample[] }>, table: TableGeometry, frame: number,
): ShotEvent[] {
  const out: ShotEvent[] = [];
  for (const c of events) {
    if (c.type !== 'contact') continue;
    for (const ball of [c.a, c.b]) {
      const touch = events.find((e): e is Extract<ShotEvent, { type: 'cushion' }> => e.type === 'cushion' && e.ball === ball && e.t <= c.t && e.t > c.t - frame / 2);
      if (!touch) continue;
      if (events.some((e) => e.type === 'cushion' && e.ball === ball && e.t >= c.t && e.t <= c.t + frame)) continue;
      const samples = readings.get(ball)?.samples ?? [];
      const next = samples[indexAtOrBefore(samples, c.t) + 1];
      if (!next || next.t > c.t + frame * 1.01) continue;
      const near = nearestCushion(table, next);
      if (near.cushion === touch.cushion && near.distance - table.ballRadius <= PRESSED) {
        out.push({ t: c.t, type: 'cushion', ball, cushion: touch.cushion });
      }
    }
  }
  return out;
}
