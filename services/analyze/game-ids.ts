// Ball ids the game has no ball for (a 10–15 in 9-ball) in tracks read from video: the identity
// model misnaming a ball, or footage of another game. The event log may only name the game's
// balls (the contract), so before inference such ids become unknown (null) — a ball misnamed for
// a few frames no longer fails the whole analysis at its end; and when they run through much of
// the video, the game given is the likelier mistake, and analyze says so (after tracking, before
// inference) instead of failing on the log.
import { objectBallsOf, type BallId, type Game } from '../contract/ids.ts';
import type { TrackFrame } from '../contract/tracks.ts';

export interface ForeignIds {
  /** Tracks lines as they were, but with the foreign ids unknown (the balls themselves kept). */
  frames: TrackFrame[];
  /** Each foreign id and the frames it was read in. */
  counts: Map<BallId, number>;
}

/** Share of the frames in which foreign ids, two or more of them, are read before the game is taken to be wrong. */
const WRONG_GAME_SHARE = 0.3;

export function withoutForeignIds(frames: readonly TrackFrame[], game: Game): ForeignIds {
  const allowed = new Set<BallId>([0 as BallId, ...objectBallsOf(game)]);
  const counts = new Map<BallId, number>();
  const out = frames.map((f) => {
    if (f.balls.every((b) => b.id === null || allowed.has(b.id))) return f;
    return {
      ...f,
      balls: f.balls.map((b) => {
        if (b.id === null || allowed.has(b.id)) return b;
        counts.set(b.id, (counts.get(b.id) ?? 0) + 1);
        return { ...b, id: null };
      }),
    };
  });
  return { frames: out, counts };
}

/** An error message when the foreign ids say the footage is of another game, else null. */
export function wrongGame(r: ForeignIds, game: Game): string | null {
  const common = [...r.counts].filter(([, n]) => n >= WRONG_GAME_SHARE * r.frames.length).map(([id]) => id).sort((a, b) => a - b);
  if (common.length < 2) return null;
  return `balls ${common.join(', ')} are seen through much of the video, and ${game} has no such balls: is it another game (--game 8ball or 14.1)?`;
}
