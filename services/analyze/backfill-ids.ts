// Identities known later, written back: a replay has the whole video, so a track whose ball was
// named only after a while (a struck cue ball that outran its old track and was picked up by a
// new one, a ball the identity model needed a few crops for) carries that name from its first
// frame. Live tracking cannot do this (it would need the future); `railbird analyze` can.
// A frame never ends up with one id twice: a seen ball wins over a hidden one (the old track
// still coasting where the ball was), and of two seen ones the ball named at the time keeps it.
// The ball struck from a still table is the cue ball (`struck`, from the tracker): when the
// strike named its track 0, the ball was the cue ball while it rested there before the stroke,
// whatever the model read on it (a cream cue ball read as the 14); another ball named 0 in those
// frames loses the name. A ball resting untouched is one ball: its track's frames there carry the
// number the rest carried most often (a number read on the first few crops, then corrected when
// the whole set was in view).
import type { BallId } from '../contract/ids.ts';
import type { TrackBall, TrackFrame } from '../contract/tracks.ts';
import { segmentDistance } from '../events/vec.ts';
import { BALL_RADIUS } from '../table/spec.ts';

export interface BackfillResult {
  /** Ball positions that got an id they did not have. */
  named: number;
  /** Ball positions renamed the cue ball before the strike that named their track so. */
  struck: number;
  /** Ball positions of a rest renamed to the number that rest carried most often. */
  rests: number;
  /** Entries that lost a duplicated id (hidden duplicates dropped, seen ones set back to null). */
  conflicts: number;
}

/**
 * Rewrites `frames` in place. `trackIds[k][i]` is the tracker's id of `frames[k].balls[i]`.
 * Each track is named by the id it carried most often.
 */
export function backfillIds(frames: TrackFrame[], trackIds: readonly (readonly number[])[]): BackfillResult {
  // First (while frames and trackIds still line up ball for ball): the strikes.
  const struck = backfillStruck(frames, trackIds);
  const rests = backfillRests(frames, trackIds);
  const votes = new Map<number, Map<BallId, number>>();
  frames.forEach((f, k) => f.balls.forEach((b, i) => {
    if (b.id === null) return;
    const tid = trackIds[k]![i]!;
    const m = votes.get(tid) ?? new Map<BallId, number>();
    m.set(b.id, (m.get(b.id) ?? 0) + 1);
    votes.set(tid, m);
  }));
  const nameOf = new Map<number, BallId>();
  for (const [tid, m] of votes) nameOf.set(tid, [...m].sort((a, b) => b[1] - a[1])[0]![0]);
  let named = 0;
  let conflicts = 0;
  frames.forEach((f, k) => {
    const originally = f.balls.map((b) => b.id);
    const balls = f.balls.map((b, i): TrackBall => {
      const name = nameOf.get(trackIds[k]![i]!);
      if (b.id !== null || name === undefined) return b;
      named++;
      const { track: _t, ...rest } = b;
      return { ...rest, id: name };
    });
    const keep = balls.map(() => true);
    const byId = new Map<BallId, number[]>();
    balls.forEach((b, i) => { if (b.id !== null) byId.set(b.id, [...(byId.get(b.id) ?? []), i]); });
    for (const idx of byId.values()) {
      if (idx.length < 2) continue;
      // Best first: seen, then named at the time.
      const rank = (i: number): number => (balls[i]!.occluded ? 2 : 0) + (originally[i] === null ? 1 : 0);
      const [, ...rest] = [...idx].sort((a, b) => rank(a) - rank(b));
      for (const i of rest) {
        conflicts++;
        if (balls[i]!.occluded) keep[i] = false;
        else balls[i] = { ...balls[i]!, id: null, track: trackIds[k]![i]! };
      }
    }
    f.balls = balls.filter((_, i) => keep[i]);
  });
  return { named, conflicts, struck, rests };
}

/** How far (m) a resting ball's reported centre wanders (an elevated view's jitter included). */
const REST_RADIUS = 0.02;

/**
 * Frames from a stroke to the frame that marks it `struck` (the tracker marks a strike when the
 * ball's next sighting goes on its way, up to three unseen frames later), counted back.
 */
const STROKE_TO_MARK = 5;

/** Readings in a row, within REST_RADIUS of the latest, that show where a struck ball rested (two may be a cue tip's pull). */
const REST_READINGS = 3;

/** Before each strike that named its ball 0, that track carries 0 from the stroke back while it rested before it. */
function backfillStruck(frames: TrackFrame[], trackIds: readonly (readonly number[])[]): number {
  let renamed = 0;
  const ballOf = (j: number, tid: number): TrackBall | null => (j >= 0 ? frames[j]!.balls[trackIds[j]!.indexOf(tid)] ?? null : null);
  frames.forEach((f, k) => f.balls.forEach((b, i) => {
    if (!b.struck || b.id !== 0) return;
    const tid = trackIds[k]![i]!;
    // Where it rested before the stroke: the latest reading, within STROKE_TO_MARK frames of the
    // mark, that REST_READINGS readings in a row (or as many as the track has) stay near. The
    // frames after it are on the way from there; the cue's tip against the ball can pull the first
    // sightings off rest the wrong way (game2 clip 1), so one reading near the last is not a rest.
    let restAt = -1;
    for (let j = k - 1; j >= Math.max(0, k - STROKE_TO_MARK) && restAt < 0; j--) {
      const own = ballOf(j, tid);
      if (!own) break;
      let n = 1;
      for (let q = j - 1; q >= 0 && n < REST_READINGS; q--, n++) {
        const p = ballOf(q, tid);
        if (!p) break;
        if (Math.hypot(p.x - own.x, p.y - own.y) > REST_RADIUS) { n = -1; break; }
      }
      if (n > 0) restAt = j;
    }
    if (restAt < 0) return;
    const spot = ballOf(restAt, tid)!;
    for (let j = k - 1; j >= 0; j--) {
      const at = trackIds[j]!.indexOf(tid);
      if (at < 0) break;
      const own = frames[j]!.balls[at]!;
      const balls = frames[j]!.balls;
      // Only where it rested before the stroke (earlier, the track may have followed another ball).
      if (j <= restAt && Math.hypot(own.x - spot.x, own.y - spot.y) > REST_RADIUS) break;
      if (own.id === 0) continue;
      balls.forEach((o, n) => {
        if (n !== at && o.id === 0) balls[n] = { ...o, id: null, track: trackIds[j]![n]! };
      });
      const { track: _t, ...rest } = own;
      balls[at] = { ...rest, id: 0 };
      renamed++;
    }
  }));
  return renamed;
}

/** Another ball whose centre came within this (m) of a resting ball's may have touched it: its rest ends there. */
const TOUCHING = 2 * BALL_RADIUS + 0.01;

/**
 * Each track's rests (its place within REST_RADIUS of where the rest began, no other ball within
 * TOUCHING) carry the number the rest carried most often (ties: the later). The joint assignment
 * corrects a resting ball's number once the balls that hold the others are in view (game2 clip 1:
 * the 1 read as the 9 for its first frames, until the 9 came into view), so its first frames'
 * number was the wrong one. A touch ends a rest: a cue ball stunned to a stop where the ball it
 * hit rested may take over that ball's track. Balls touching at rest (a rack, a frozen pair) are
 * touched on every frame, so they are left as read.
 */
function backfillRests(frames: TrackFrame[], trackIds: readonly (readonly number[])[]): number {
  let renamed = 0;
  const open = new Map<number, { x: number; y: number; at: [number, number][] }>();
  const close = (tid: number): void => {
    const rest = open.get(tid);
    open.delete(tid);
    if (!rest) return;
    const count = new Map<BallId, number>();
    for (const [k, i] of rest.at) {
      const id = frames[k]!.balls[i]!.id;
      if (id !== null) count.set(id, (count.get(id) ?? 0) + 1);
    }
    if (count.size < 2) return;
    let best: BallId | null = null;
    for (const [k, i] of rest.at) {
      const id = frames[k]!.balls[i]!.id;
      if (id !== null && (best === null || count.get(id)! >= count.get(best)!)) best = id;
    }
    for (const [k, i] of rest.at) {
      const b = frames[k]!.balls[i]!;
      if (b.id === null || b.id === best) continue;
      frames[k]!.balls[i] = { ...b, id: best };
      renamed++;
    }
  };
  let prev = new Map<number, { x: number; y: number }>();
  frames.forEach((f, k) => {
    const here = new Set<number>();
    // Another ball's way since the last frame (from its track's last place) passes within TOUCHING.
    const ways = f.balls.map((o, n) => ({ from: prev.get(trackIds[k]![n]!) ?? o, to: o }));
    f.balls.forEach((b, i) => {
      const tid = trackIds[k]![i]!;
      here.add(tid);
      const rest = open.get(tid);
      const touched = ways.some((w, n) => n !== i && segmentDistance(b, w.from, w.to) < TOUCHING);
      if (rest && !touched && Math.hypot(b.x - rest.x, b.y - rest.y) <= REST_RADIUS) {
        rest.at.push([k, i]);
        return;
      }
      close(tid);
      if (!touched) open.set(tid, { x: b.x, y: b.y, at: [[k, i]] });
    });
    for (const tid of [...open.keys()]) if (!here.has(tid)) close(tid);
    prev = new Map(f.balls.map((b, i) => [trackIds[k]![i]!, { x: b.x, y: b.y }]));
  });
  for (const tid of [...open.keys()]) close(tid);
  return renamed;
}

