// A ball that went out of sight with the table (a broadcast's cut away, a corrupt stretch of the
// file) and was not seen again once the table was back in view, for long enough that vision
// would have found it where it rested, left the bed while nobody could see: it was pocketed.
// Which pocket is not known: the one nearest to where it was last seen is written, and the shot
// carries the pocket as uncertain (infer.ts: `unseenDrop`), so the operator settles it. Kept on
// the bed instead ("hidden, not gone", vanish.ts), a 9-ball lowest ball that dropped during a
// cut made every later legal shot a foul (cuts eval, 9-ball 8101 at 31.1 s).
// The cue ball is left alone: after a scratch it comes back by hand.
import type { BallId } from '../contract/ids.ts';
import type { TableGeometry } from '../table/geometry.ts';
import { indexAtOrBefore, type Sample } from './series.ts';
import type { Stretch } from './uncertain.ts';
import type { Vanishing } from './vanish.ts';
import { len, sub } from './vec.ts';

/** The ball's last sighting lies this close (s) before the stretch began: it went with the view. */
export const WENT_WITH_VIEW = 0.1;
/** Seconds of view after the stretch, before the next shot, in which a ball at rest would have been found again. */
export const VIEW_BACK = 1;

export function goneInCut(
  vanished: readonly Vanishing[], unseen: readonly Stretch[], series: ReadonlyMap<BallId, { samples: readonly Sample[] }>,
  table: TableGeometry, nextStart: number,
): Vanishing[] {
  return vanished.map((v) => {
    if (!v.lost || v.ball === 0) return v;
    const cut = unseen.find((u) => v.lastSeen.t <= u.from + 1e-9 && u.from - v.lastSeen.t <= WENT_WITH_VIEW);
    if (!cut || nextStart - cut.to < VIEW_BACK) return v;
    const own = series.get(v.ball)?.samples ?? [];
    const seenAgain = own[indexAtOrBefore(own, v.lastSeen.t) + 1];
    if (seenAgain && seenAgain.t < nextStart) return v;
    const away = (q: { mouthCentre: { x: number; y: number } }): number => len(sub(q.mouthCentre, v.lastSeen));
    const nearest = table.pockets.reduce((a, b) => (away(b) < away(a) ? b : a));
    const { lost: _lost, ...rest } = v;
    return { ...rest, events: [{ t: cut.from, type: 'pocket', ball: v.ball, pocket: nearest.pocket }], unseenDrop: true };
  });
}
