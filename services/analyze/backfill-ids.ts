// Identities known later, written back: a replay has the whole video, so a track whose ball was
// named only after a while (a struck cue ball that outran its old track and was picked up by a
// new one, a ball the identity model needed a few crops for) carries that name from its first
// frame. Live tracking cannot do this (it would need the future); `railbird analyze` can.
// A frame never ends up with one id twice: a seen ball wins over a hidden one (the old track
// still coasting where the ball was), and of two seen ones the ball named at the time keeps it.
// The ball struck from a still table is the cue ball (`struck`, from the tracker): when the
// strike named its track 0, the ball was the cue ball while it rested there before the stroke,
// whatever the model read on it (a cream cue ball read as the 14); another ball named 0 in those
// frames loses the name.
import type { BallId } from '../contract/ids.ts';
import type { TrackBall, TrackFrame } from '../contract/tracks.ts';

export interface BackfillResult {
  /** Ball positions that got an id they did not have. */
  named: number;
  /** Ball positions renamed the cue ball before the strike that named their track so. */
  struck: number;
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
  return { named, conflicts, struck };
}

/** How far (m) a resting ball's reported centre wanders (an elevated view's jitter included). */
const REST_RADIUS = 0.02;

/**
 * Frames from a stroke to the frame that marks it `struck` (the tracker marks a strike when the
 * ball's next sighting goes on its way, up to three unseen frames later), counted back.
 */
const STROKE_TO_MARK = 5;

/** Before each strike that named its ball 0, that track carries 0 from the stroke back while it rested before it. */
function backfillStruck(frames: TrackFrame[], trackIds: readonly (readonly number[])[]): number {
  let renamed = 0;
  const ballOf = (j: number, tid: number): TrackBall | null => frames[j]!.balls[trackIds[j]!.indexOf(tid)] ?? null;
  frames.forEach((f, k) => f.balls.forEach((b, i) => {
    if (!b.struck || b.id !== 0) return;
    const tid = trackIds[k]![i]!;
    let spot: { x: number; y: number } | null = null;
    for (let j = k - 1; j >= 0; j--) {
      const at = trackIds[j]!.indexOf(tid);
      if (at < 0) break;
      const own = frames[j]!.balls[at]!;
      const balls = frames[j]!.balls;
      // Only where it rested before the stroke (earlier, the track may have followed another ball);
      // the frames between the stroke and its mark are on the way from there.
      const before = j > 0 ? ballOf(j - 1, tid) : null;
      const onTheWay = spot === null && k - j < STROKE_TO_MARK && before !== null && Math.hypot(own.x - before.x, own.y - before.y) > REST_RADIUS;
      if (!onTheWay) spot ??= { x: own.x, y: own.y };
      if (spot && Math.hypot(own.x - spot.x, own.y - spot.y) > REST_RADIUS) break;
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
