// Balls that leave the bed during a shot: pocketed (which pocket) or off the table. A ball that
// disappears and comes back where it was was only hidden (by an arm, a hand, the cue). A ball
// that vanishes away from the pockets without flying at a cushion is lost, not gone: vision may
// have lost it (hidden, its track taken by another ball), and a ball off the table is a foul that
// must not be called on that.
import type { BallId, Cushion, Pocket } from '../contract/ids.ts';
import { nearestCushion } from './cushion-touch.ts';
import type { ShotEvent } from '../contract/log.ts';
import type { TableGeometry } from '../table/geometry.ts';
import { fitLine, indexAtOrBefore, type Sample } from './series.ts';

/** A ball back within this distance (m) of where it vanished was hidden, not gone. */
export const HIDDEN_RADIUS = 0.05;
/** A ball unseen this long (s) may have left the bed... */
const UNSEEN = 0.25;
/** ...if that began before the shot was over, or at most this long (s) after. */
const LATE = 1;

export interface Vanishing {
  ball: BallId;
  lastSeen: Sample;
  /** The pocket event, or the off-table event (after the cushion it went over); none when lost. */
  events: ShotEvent[];
  /** Not seen again, but neither into a pocket nor flying off the table: where it went is unknown. */
  lost?: true;
  /** Its pocket is a reading of where it was struck to, not a sighting at the pocket (struck-into-pocket.ts). */
  unseenDrop?: true;
  /** Pocketed, but it met the jaw fast on its way in: it may have flown off the table instead (`jawFirst`). */
  overJaw?: true;
}

/** A ball leaves the table only at speed (m/s) at a cushion: slower, vanishing is losing sight of it. */
const OFF_TABLE_SPEED = 2;

/** The cushion the extrapolated straight path reaches within 0.3 s, and when. */
function cushionAhead(table: TableGeometry, recent: readonly Sample[]): { cushion: Cushion; t: number } | null {
  const last = recent[recent.length - 1]!;
  const fit = recent.length >= 2 ? fitLine(recent, last.t) : null;
  if (!fit) return null;
  for (let k = 0; k <= 60; k++) {
    const t = last.t + 0.005 * k;
    const p = { x: last.x + fit.vx * (t - last.t), y: last.y + fit.vy * (t - last.t) };
    const near = nearestCushion(table, p);
    if (near.distance <= table.ballRadius) return { cushion: near.cushion, t };
  }
  return null;
}

/** A ball last seen within this (m) of a pocket's mouth centre went for that pocket. */
export const NEAR_MOUTH = 0.12;

function pocketFor(table: TableGeometry, recent: readonly Sample[], resting: boolean): { pocket: Pocket; t: number } | null {
  const last = recent[recent.length - 1]!;
  const fit = recent.length >= 2 ? fitLine(recent, last.t) : null;
  const vx = fit?.vx ?? 0;
  const vy = fit?.vy ?? 0;
  let best: { pocket: Pocket; t: number; miss: number } | null = null;
  for (const p of table.pockets) {
    // Closest approach of the extrapolated straight path (up to 0.6 s ahead) to the capture circle.
    let tBest = last.t;
    let dBest = Infinity;
    let tEnter: number | null = null;
    for (let k = 0; k <= 60; k++) {
      const dt = 0.01 * k;
      const x = last.x + vx * dt;
      const y = last.y + vy * dt;
      const d = Math.hypot(x - p.captureCentre.x, y - p.captureCentre.y);
      if (d < dBest) { dBest = d; tBest = last.t + dt; }
      if (tEnter === null && d <= p.captureRadius) tEnter = last.t + dt;
    }
    const miss = Math.max(0, dBest - p.captureRadius);
    const nearMouth = Math.hypot(last.x - p.mouthCentre.x, last.y - p.mouthCentre.y) < NEAR_MOUTH;
    if (miss > 0.03 && !nearMouth) continue;
    const score = nearMouth ? Math.min(miss, 0.01) : miss;
    if (!best || score < best.miss) best = { pocket: p.pocket, t: tEnter ?? tBest, miss: score };
  }
  // A ball at rest that dropped (hit in the jaws) went between its last sample and the next.
  return best ? { pocket: best.pocket, t: resting ? last.t : best.t } : null;
}

/** A ball that meets a cushion or a jaw at least this fast (m/s, across it) may fly off the table. */
const JUMP_SPEED = 4;

/**
 * Whether the extrapolated straight path meets a cushion or a jaw (within a radius of its line)
 * before it enters the pocket's capture circle, at JUMP_SPEED or more across it: the ball may have
 * left the table over the jaw as well as dropped (9-ball 6537 at 1080p60: the 4 at 6.4 m/s into
 * the head-right corner's jaw, off the table; read as pocketed).
 */
function jawFirst(table: TableGeometry, recent: readonly Sample[], pocket: Pocket): boolean {
  const last = recent[recent.length - 1]!;
  const fit = recent.length >= 2 ? fitLine(recent, last.t) : null;
  const g = table.pockets.find((q) => q.pocket === pocket);
  if (!fit || !g || Math.hypot(fit.vx, fit.vy) < JUMP_SPEED) return false;
  for (let k = 0; k <= 60; k++) {
    const p = { x: last.x + fit.vx * 0.005 * k, y: last.y + fit.vy * 0.005 * k };
    if (Math.hypot(p.x - g.captureCentre.x, p.y - g.captureCentre.y) <= g.captureRadius) return false;
    const near = nearestCushion(table, p);
    if (near.distance <= table.ballRadius) return -(fit.vx * near.normal.x + fit.vy * near.normal.y) >= JUMP_SPEED;
  }
  return false;
}

/** Slowest speed (m/s) of a ball still rolling into a pocket. */
const CREEP = 0.02;

/**
 * The ball was still moving in its last samples (a few tenths of a second: it is slow): the fitted
 * speed, and the way covered from the first of them to the last (one jumpy sample of a ball at
 * rest, a hand half over it, tilts the fit but covers no way).
 */
function creeping(recent: readonly Sample[]): boolean {
  const first = recent[0];
  const last = recent[recent.length - 1];
  if (!first || !last || recent.length < 3) return false;
  const fit = fitLine(recent, last.t);
  return fit !== null && Math.hypot(fit.vx, fit.vy) >= CREEP && Math.hypot(last.x - first.x, last.y - first.y) >= 0.5 * CREEP * (last.t - first.t);
}

/** Is p at a pocket's mouth (its centre within two ball diameters of the mouth's centre)? */
const nearMouthOf = (table: TableGeometry, p: Sample, g: TableGeometry['pockets'][number]): boolean =>
  Math.hypot(p.x - g.mouthCentre.x, p.y - g.mouthCentre.y) < 4 * table.ballRadius;

/** Is p at the mouth of the pocket named `pocket` (nearMouthOf)? */
function atMouth(table: TableGeometry, p: Sample, pocket: Pocket): boolean {
  const g = table.pockets.find((q) => q.pocket === pocket);
  return g !== undefined && nearMouthOf(table, p, g);
}

/** A ball last seen within this (m) of where it lay as the shot began never left its place. */
const STAYED_PUT = 0.01;

/** Another ball within two radii and this much (m) of a resting ball... */
const REACH_GAP = 0.03;
/** ...from this long (s) before its last sighting until the shot was over may have hit it. */
const REACH_TIME = 0.15;

/**
 * Whether another ball was seen within reach of `p` (where ball `id` was last seen) from about
 * then until `to` (unseen, it may have been hit any time before the shot ended: a ball hidden at
 * the strike, hit while hidden).
 */
function reachedBy(series: ReadonlyMap<BallId, { samples: Sample[] }>, id: BallId, p: Sample, to: number, ballRadius: number): boolean {
  const until = Math.max(p.t, to) + REACH_TIME;
  for (const [other, s] of series) {
    if (other === id) continue;
    for (let k = Math.max(0, indexAtOrBefore(s.samples, p.t - REACH_TIME)); k < s.samples.length; k++) {
      const q = s.samples[k]!;
      if (q.t > until) break;
      if (q.t >= p.t - REACH_TIME && Math.hypot(q.x - p.x, q.y - p.y) <= 2 * ballRadius + REACH_GAP) return true;
    }
  }
  return false;
}

/** A stretch of sightings (no gap of UNSEEN) shorter than this (s)... */
const BRIEF = 0.2;
/** ...that stays within this (m) of its first reading is a ball at rest. */
const BRIEF_STILL = 0.02;

/** A stretch's readings over its first BRIEF s all lie within BRIEF_STILL of its first: it begins at rest. */
const stillAtFirst = (stretch: readonly Sample[]): boolean =>
  stretch.every((p) => p.t - stretch[0]!.t >= BRIEF || Math.hypot(p.x - stretch[0]!.x, p.y - stretch[0]!.y) < BRIEF_STILL);

/**
 * The sightings of a ball but those that are another resting ball's: a short stretch, at rest,
 * away from where the ball was last seen (beyond HIDDEN_RADIUS), after it went unseen, is its
 * number flickering onto a resting ball as the number went free (14.1 6382, 29.9 s: the 10
 * dropped in the foot-right pocket, and half a second later a racked ball read as the 10 for
 * five frames made it "back on the bed"), not the ball seen again. A short stretch that moves
 * (a flight seen only as a blur at a pocket, unseen-flights.ts) is kept. So is a longer one,
 * unless it begins at rest where another ball was read just before (`takenOver`), or where an
 * earlier stretch of this number taken over from another ball ended (that ball still).
 */
function lasting(id: BallId, samples: readonly Sample[], series: ReadonlyMap<BallId, { samples: Sample[] }>): Sample[] {
  const out: Sample[] = [];
  /** The last reading of a stretch taken over from another ball. */
  let otherBall: Sample | null = null;
  let k = 0;
  while (k < samples.length) {
    let j = k;
    while (j + 1 < samples.length && samples[j + 1]!.t - samples[j]!.t < UNSEEN) j++;
    const stretch = samples.slice(k, j + 1);
    const first = stretch[0]!;
    const prev = out[out.length - 1];
    const brief = stretch[stretch.length - 1]!.t - first.t < BRIEF && stillAtFirst(stretch);
    const away = prev !== undefined && Math.hypot(first.x - prev.x, first.y - prev.y) > HIDDEN_RADIUS;
    // The number read again, at rest, where it was last read on another ball: that ball still
    // (8-ball 6776 at 1080p60, 53.0 s: the 12, pocketed at 45.4 s, read on the 4 by the
    // head-right pocket from 51.9 to 52.7 s, and again from 53.0 s after the 4's own number for
    // 0.3 s, taken as pocketed there).
    const sameOther = otherBall !== null && stillAtFirst(stretch) && Math.hypot(first.x - otherBall.x, first.y - otherBall.y) < ONE_BALL;
    if (away && (brief || sameOther || takenOver(id, stretch, series))) {
      if (!brief) otherBall = stretch[stretch.length - 1]!;
    } else out.push(...stretch);
    k = j + 1;
  }
  return out;
}

/** Unseen this long (s), a ball was in a hand (or a pocket): a ball that rattles out of the jaws is back sooner. */
const IN_HAND = 1;

/**
 * The ball went unseen at a pocket's mouth, moving into it, and showed up again elsewhere only
 * IN_HAND or more later, with the table at rest: it dropped and a hand brought it back (8-ball
 * 6557 at 1080p60, 34.7 s: the cue ball scratched, and its placing, 1.7 s on, 38 cm from the
 * mouth, was taken for the ball rolling back out, hidden on its way: no scratch called).
 */
function broughtBack(series: ReadonlyMap<BallId, { samples: Sample[] }>, id: BallId, samples: readonly Sample[], k: number, table: TableGeometry): boolean {
  const last = samples[k]!;
  const next = samples[k + 1];
  if (!next || next.t - last.t < IN_HAND) return false;
  const recent = samples.slice(Math.max(0, k - 3), k + 1).filter((p) => last.t - p.t < 0.2);
  const pocket = pocketFor(table, recent, false);
  if (!pocket || !atMouth(table, last, pocket.pocket) || Math.hypot(next.x - last.x, next.y - last.y) < NEAR_MOUTH) return false;
  // Nothing else moved over the last IN_HAND before it showed up.
  for (const [other, s] of series) {
    if (other === id) continue;
    const from = s.samples[indexAtOrBefore(s.samples, next.t - IN_HAND)];
    const to = s.samples[indexAtOrBefore(s.samples, next.t)];
    if (from && to && from.t >= last.t && Math.hypot(to.x - from.x, to.y - from.y) >= STAYED_PUT) return false;
  }
  return true;
}

/** Time (s) before a stretch's first sighting within which another ball read there had its number taken over. */
const TAKEN_OVER = 0.5;
/** ...having been read resting there this long (s) at least: a ball, not a flicker of its number. */
const RESTED_THERE = 1;
/**
 * Two numbers read within this (m) of each other are one ball: two balls' centres lie 2 R apart
 * at least, and readings of two frozen balls at an elevated view's far end come no closer than
 * about R (real game2 clip 1: the cue ball and the 7, 2.6 cm), while a resting ball renamed
 * keeps its reading to the millimetre.
 */
export const ONE_BALL = 0.01;

/**
 * A stretch of sightings that begins at rest (its first BRIEF s within BRIEF_STILL) where another
 * ball was last read, within ONE_BALL, in the TAKEN_OVER s before, after resting there for
 * RESTED_THERE s or more: that ball's number went over to this one's as this one's went free,
 * however long it stayed (14.1 6705 at 1080p60, 51.1 s: the 10, pocketed 3.2 s before while the
 * cue ball still rolled, read for 0.9 s on the 12 resting in a cluster, was taken as hidden and
 * back, and its pocketing was missed). Another number read there for a frame or two is this
 * ball's own readings misnamed (576p25 14.1 7706, 51.9 s: the 3 coming to rest read as the 9
 * for two frames).
 */
function takenOver(id: BallId, stretch: readonly Sample[], series: ReadonlyMap<BallId, { samples: Sample[] }>): boolean {
  const first = stretch[0]!;
  if (!stillAtFirst(stretch)) return false;
  const here = (q: Sample): boolean => Math.hypot(q.x - first.x, q.y - first.y) < ONE_BALL;
  for (const [other, s] of series) {
    if (other === id) continue;
    const k = indexAtOrBefore(s.samples, first.t - 1e-9);
    if (k < 0 || s.samples[k]!.t < first.t - TAKEN_OVER || !here(s.samples[k]!)) continue;
    // Back to where it rested, then: readings elsewhere for under TAKEN_OVER s between were a
    // hand or the cue over it (8-ball 6776 at 1080p60, 51.6 s: the 4 read 2 cm off for 0.2 s).
    let j = k;
    for (let i = k - 1; i >= 0 && s.samples[k]!.t - s.samples[j]!.t < RESTED_THERE; i--) {
      if (here(s.samples[i]!)) j = i;
      else if (s.samples[j]!.t - s.samples[i]!.t >= TAKEN_OVER) break;
    }
    if (s.samples[k]!.t - s.samples[j]!.t >= RESTED_THERE) return true;
  }
  return false;
}

/** Each ball's lasting sightings (`lasting`), once per recording, for `findVanishings`. */
export function lastingSightings<S extends { samples: Sample[] }>(series: ReadonlyMap<BallId, S>): Map<BallId, { samples: Sample[] }> {
  return new Map([...series].map(([id, s]) => [id, { samples: lasting(id, s.samples, series) }]));
}

/**
 * For each ball last seen during [from, to] (looking no later than `until`, the next shot's
 * first movement) and not seen again near that place, ever:
 * a pocket event (the extrapolated path enters a pocket) or an off-table event. A ball seen in
 * the last frame of the recording (`recordingEnd`) has not vanished. `series`: the balls' lasting
 * sightings (`lastingSightings`).
 */
export function findVanishings(
  series: Map<BallId, { samples: Sample[] }>, table: TableGeometry, from: number, to: number, until: number, recordingEnd = Infinity,
): Vanishing[] {
  const out: Vanishing[] = [];
  for (const [id, s] of series) {
    const samples = s.samples;
    // The last sample before the ball goes unseen for a while, from the strike until a little
    // after the shot seems over (a ball creeping over a pocket's lip reads as stopped first).
    let lastIdx = -1;
    for (let k = 0; k < samples.length; k++) {
      const p = samples[k]!;
      if (p.t < from) continue;
      if (p.t > Math.min(to + LATE, until)) break;
      const next = samples[k + 1];
      if (next && next.t - p.t < UNSEEN) continue;
      // Back while the balls were still rolling: an arm or the cue hid it, it did not leave.
      if (next && next.t <= to && !broughtBack(series, id, samples, k, table)) continue;
      lastIdx = k;
      break;
    }
    if (lastIdx < 0) continue;
    const last = samples[lastIdx]!;
    if (last.t >= recordingEnd - 1e-9) continue; // seen until the recording ends
    // Seen again where it was, however much later (a player standing over it past the next
    // stroke): it did not leave. (A ball pocketed and put back is spotted or racked, not in the jaws.)
    const back = samples[lastIdx + 1];
    if (back && Math.hypot(back.x - last.x, back.y - last.y) < HIDDEN_RADIUS) continue; // hidden, back in place
    // Seen again where it lay in a pocket's jaws as the shot began: it never left, and the last
    // readings before it went unseen, elsewhere, were of something else (8-ball 6620 at 1080p60,
    // 47.2 s: the 9 in the foot-left jaws, hidden by the player, read 7 cm off for five frames,
    // unseen, and back in place 3 s later, after the next stroke).
    const before = samples[indexAtOrBefore(samples, from)];
    if (back && before && Math.hypot(back.x - before.x, back.y - before.y) < STAYED_PUT && table.pockets.some((g) => nearMouthOf(table, before, g))) continue;
    const recent = samples.slice(Math.max(0, lastIdx - 3), lastIdx + 1).filter((p) => last.t - p.t < 0.2);
    const moving = creeping(samples.slice(Math.max(0, lastIdx - 40), lastIdx + 1).filter((p) => last.t - p.t < 0.3));
    const pocket = pocketFor(table, recent, !moving);
    // Gone after the shot seemed over: only a ball still creeping into a pocket at its mouth; a
    // ball at rest that goes was taken by a hand.
    if (last.t > to && !(pocket && atMouth(table, last, pocket.pocket) && moving)) continue;
    // A ball at rest drops only when something reaches it (a ball hit in the jaws); one that
    // never left its place this shot and goes unseen at a pocket with no ball near was hidden
    // there, as far as anyone saw (8-ball 6544 at 1080p60: the 6, in the jaws all shot, hidden by
    // the player as the balls stopped, and the recording ended). Where it went is unknown: lost,
    // the shot marked.
    const stayedPut = before !== undefined && Math.hypot(last.x - before.x, last.y - before.y) < STAYED_PUT;
    if (pocket && stayedPut && !reachedBy(series, id, last, to, table.ballRadius)) {
      out.push({ ball: id, lastSeen: last, events: [], lost: true });
      continue;
    }
    if (pocket) {
      out.push({ ball: id, lastSeen: last, events: [{ t: pocket.t, type: 'pocket', ball: id, pocket: pocket.pocket }], ...(jawFirst(table, recent, pocket.pocket) ? { overJaw: true as const } : {}) });
      continue;
    }
    // A ball leaves the table over a cushion: it touched that cushion on its way out.
    const over = cushionAhead(table, recent);
    const fit = recent.length >= 2 ? fitLine(recent, last.t) : null;
    if (!over || !fit || Math.hypot(fit.vx, fit.vy) < OFF_TABLE_SPEED) {
      out.push({ ball: id, lastSeen: last, events: [], lost: true });
      continue;
    }
    const events: ShotEvent[] = [{ t: over.t, type: 'cushion', ball: id, cushion: over.cushion }, { t: over.t, type: 'off-table', ball: id }];
    out.push({ ball: id, lastSeen: last, events });
  }
  return out;
}
