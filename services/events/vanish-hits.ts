// A ball that rested and then moved or left the bed was hit by something. When none of its
// changes found a hitter (it dropped within a frame or two of the hit, too soon for a path of
// its own; it was hidden when it was hit; the hitter's kink went to a cushion it touched at the
// same time), the hitter is the moving ball whose path first came to two radii of where it
// rested; or, when the cue ball was hidden from the strike until after the ball left, the cue ball,
// if it could have got there: from where it was last seen to the ball and on to where it was
// seen again, at no more than a hard break's speed (8-ball 8108 of the cuts eval, 720p30, 37.7 s:
// a resting 6 half a metre from the cue ball, its stale reading corrected 1.7 cm over in the
// strike's own frame, left no frame in which to see the cue ball elsewhere and was taken as its
// first contact).
import type { BallId } from '../contract/ids.ts';
import type { ShotEvent } from '../contract/log.ts';

import { positionBefore, velocityBefore, type BallModel } from './model.ts';
import { indexAtOrBefore, type Sample } from './series.ts';
import { restNear } from './shot-models.ts';
import { dot, len, segmentDistance, sub, type Vec } from './vec.ts';
import type { Vanishing } from './vanish.ts';
import type { CauseOptions } from './cause-options.ts';

/** A ball seen this far (m) from where it rested had left it. */
const AWAY = 0.005;
/**
 * A ball hit is read AWAY from its place within this (s) of the hit (it leaves at 2 cm/s or
 * more; the thinnest graze that counts as a hit is far faster): one read still in place later
 * was not hit before. (causes.ts's LEAVES_REST, 0.1 s, bounds the model's motion onset instead:
 * here the ball may have been hidden, so its readings in place are what is known.)
 */
const LEAVES_WITHIN = 0.25;

/** A contact of ball `id` read by time `by`. */
export const touchedBy = (events: readonly ShotEvent[], id: BallId, by: number): boolean =>
  events.some((e) => e.type === 'contact' && (e.a === id || e.b === id) && e.t <= by);

/** A ball that left rest unexplained: where it rested, and the earliest and latest time of its hit. */
interface Unexplained { id: BallId; at: Vec; earliest: number; latest: number }

/** Balls that left rest (or vanished from it) with no contact found for it, where they rested, and the latest time of the hit. */
function unexplained(
  models: ReadonlyMap<BallId, BallModel>, series: ReadonlyMap<BallId, { samples: Sample[] }>, vanished: readonly Vanishing[],
  events: readonly ShotEvent[], R: number, frame: number,
): Unexplained[] {
  const out: Unexplained[] = [];
  const rests = [...models.values()].flatMap((m) => (m.rest ? [{ id: m.id, at: m.rest }] : []));
  for (const m of models.values()) {
    if (m.id === 0 || !m.rest || m.onset === null || m.changes[0]?.earliest !== undefined) continue;
    // A ball of a frozen cluster (a rack) is set off by its neighbours: their contacts are found
    // as such. The cue ball frozen to it is no such neighbour: it was struck into it.
    if (rests.some((r) => r.id !== m.id && r.id !== 0 && len(sub(r.at, m.rest!)) < 2 * R + 0.005)) continue;
    // Hit before it was first seen moving (it may have been hidden then).
    const seen = m.samples.find((p) => p.t > m.onset! && len(sub(p, m.rest!)) > AWAY)?.t ?? m.onset;
    const latest = Math.max(m.onset + frame, seen);
    // Read still in place after the hit it was given (8-ball 6414, 1080p60, 34.6 s: a resting 7
    // whose reading moved 7 mm 4.6 s after the cue ball passed it, read in place in between).
    const still = m.samples.filter((p) => p.t < seen && len(sub(p, m.rest!)) <= AWAY).pop();
    const earliest = still ? still.t - LEAVES_WITHIN : -Infinity;
    if (!touchedBy(events, m.id, latest + frame)) out.push({ id: m.id, at: m.rest, earliest, latest });
  }
  for (const v of vanished) {
    if (v.ball === 0 || models.has(v.ball) || touchedBy(events, v.ball, Infinity)) continue;
    // No motion seen at all: it rested until it vanished.
    const rest = restNear(series.get(v.ball)?.samples ?? [], v.lastSeen.t - 0.35, v.lastSeen.t);
    if (rest) out.push({ id: v.ball, at: rest, earliest: -Infinity, latest: v.lastSeen.t + 2 * frame });
  }
  return out.sort((a, b) => a.latest - b.latest);
}

/**
 * When moving ball m came to two radii of `u`: the first time its path is within the ball
 * tolerance of 2R, moving towards it; else its closest approach if within the tolerance that
 * allows for its speed over a frame. Null if it never came that close.
 */
function reaches(m: BallModel, u: Unexplained, lo: number, R: number, o: CauseOptions): number | null {
  const step = o.frameTime / 8;
  let closest: { t: number; gap: number } | null = null;
  for (let t = lo; t <= u.latest; t += step) {
    const p = positionBefore(m, t);
    const v = velocityBefore(m, t);
    const gap = len(sub(p, u.at)) - 2 * R;
    if (dot(v, sub(u.at, p)) <= 0) continue; // moving away: no hit now
    if (gap <= o.ballTolerance) return refine(m, u, t, R, o);
    const tol = o.ballTolerance + o.speedSlack * len(v) * o.frameTime;
    if (gap <= tol && (!closest || gap < closest.gap)) closest = { t, gap };
  }
  return closest ? refine(m, u, closest.t, R, o) : null;
}

/** Where m's path into the hit (its next change, this hit or a cushion just after, ignored) reaches two radii of u, from t on. */
function refine(m: BallModel, u: Unexplained, t: number, R: number, o: CauseOptions): number {
  const step = o.frameTime / 8;
  const until = m.changes.find((c) => c.t > t - o.frameTime)?.t ?? Infinity;
  const gap = (s: number): number => len(sub(positionBefore(m, s, until), u.at)) - 2 * R;
  let at = t;
  while (at + step <= u.latest + o.frameTime && gap(at) > 0 && gap(at + step) < gap(at)) at += step;
  return at;
}

/** The first moving ball whose path came to two radii of `u`, and when. */
function firstHitter(models: ReadonlyMap<BallId, BallModel>, u: Unexplained, from: number, R: number, o: CauseOptions): { t: number; by: BallId } | null {
  let best: { t: number; by: BallId } | null = null;
  for (const m of models.values()) {
    if (m.id === u.id || m.onset === null) continue;
    const t = reaches(m, u, Math.max(from, m.onset, u.earliest), R, o);
    if (t !== null && (!best || t < best.t)) best = { t, by: m.id };
  }
  return best;
}

/** Fastest a cue ball travels (m/s): a hard break. */
const CUE_MAX_SPEED = 12;

/**
 * The cue ball was unseen from before `from` (the strike) until after `u` left rest (hidden by
 * the cue or an arm), and could have hit it then: from where it was last seen to two radii of
 * `u` and on to where it was seen again, at no more than CUE_MAX_SPEED.
 */
function hiddenCueCouldHit(series: ReadonlyMap<BallId, { samples: Sample[] }>, from: number, u: Unexplained, frame: number, R: number): boolean {
  const cue = series.get(0 as BallId)?.samples ?? [];
  const k = indexAtOrBefore(cue, from);
  const before = cue[k];
  const again = cue[k + 1];
  if (again && again.t <= u.latest - frame) return false; // seen before the ball left: not hidden
  if (!before) return true;
  const to = Math.max(0, len(sub(u.at, before)) - 2 * R);
  const back = again ? Math.max(0, len(sub(again, u.at)) - 2 * R) : 0;
  return to + back <= CUE_MAX_SPEED * ((again?.t ?? u.latest) - before.t);
}

export function hitsOfUnexplained(
  models: ReadonlyMap<BallId, BallModel>, series: ReadonlyMap<BallId, { samples: Sample[] }>, vanished: readonly Vanishing[],
  events: readonly ShotEvent[], from: number, R: number, o: CauseOptions,
): ShotEvent[] {
  const out: ShotEvent[] = [];
  const list = unexplained(models, series, vanished, events, R, o.frameTime);
  list.forEach((u, k) => {
    const hit = firstHitter(models, u, from, R, o);
    if (hit) {
      const [a, b] = hit.by === 0 ? [0 as BallId, u.id] : [Math.min(hit.by, u.id) as BallId, Math.max(hit.by, u.id) as BallId];
      out.push({ t: hit.t, type: 'contact', a, b });
    } else if (k === 0 && u.latest > from && hiddenCueCouldHit(series, from, u, o.frameTime, R)) {
      out.push({ t: Math.max(from, u.latest - o.frameTime), type: 'contact', a: 0 as BallId, b: u.id });
    }
  });
  return out;
}

/**
 * The cue ball unseen from the strike until after the first object ball left rest, and no
 * contact of it read: where the balls that moved set each other off (a rack, whose balls' motions
 * its neighbours' contacts explain), none is unexplained, yet the cue ball set the first of them
 * off. It hit, of the balls that left rest first (within two frames of each other), the one
 * nearest its way from where it was last seen to where it was seen again, if it could have got
 * there (`hiddenCueCouldHit`). (9-ball 6679 at 1080p60, 7.62 s: a break's cue ball unseen for
 * 0.18 s, from its stroke until it was behind the apex ball; the rack's contacts were read, the
 * cue ball's was not, and the break was called a foul, G18a.)
 */
export function hiddenCueIntoCluster(
  models: ReadonlyMap<BallId, BallModel>, series: ReadonlyMap<BallId, { samples: Sample[] }>,
  events: readonly ShotEvent[], from: number, R: number, frame: number,
): ShotEvent[] {
  if (events.some((e) => e.type === 'contact' && (e.a === 0 || e.b === 0))) return [];
  const left = [...models.values()].filter((m): m is BallModel & { rest: Vec; onset: number } => m.id !== 0 && m.rest !== null && m.onset !== null && m.onset >= from);
  if (!left.length) return [];
  const firstOnset = Math.min(...left.map((m) => m.onset));
  const cue = series.get(0 as BallId)?.samples ?? [];
  const k = indexAtOrBefore(cue, from);
  const [before, again] = [cue[k], cue[k + 1]];
  if (!before || !again) return [];
  const way = (p: Vec): number => segmentDistance(p, before, again);
  const first = left.filter((m) => m.onset <= firstOnset + 2 * frame).sort((a, b) => way(a.rest) - way(b.rest))[0]!;
  const u: Unexplained = { id: first.id, at: first.rest, earliest: -Infinity, latest: first.onset + frame };
  if (!hiddenCueCouldHit(series, from, u, frame, R)) return [];
  // When it set off its neighbours, if that was read before its own onset.
  const t = Math.min(first.onset, ...events.flatMap((e) => (e.type === 'contact' && (e.a === first.id || e.b === first.id) ? [e.t] : [])));
  return [{ t, type: 'contact', a: 0 as BallId, b: first.id }];
}

/** A ball leaves the bed after its last contact (a ball hit in the jaws drops after the hit, not before). */
export function afterLastContact(vanished: readonly Vanishing[], events: readonly ShotEvent[]): void {
  for (const v of vanished) {
    const hit = Math.max(...events.filter((e) => e.type === 'contact' && (e.a === v.ball || e.b === v.ball)).map((e) => e.t));
    for (const e of v.events) if (e.t < hit) e.t = hit;
  }
}
