import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import { backfillIds } from './backfill-ids.ts';

describe('backfillIds', () => {
  it('names a track from its first frame with the id it got later, and drops the old track coasting under the same id', () => {
    // Track 1 is the cue ball at rest; struck, it outruns its track (which coasts, hidden) and
    // track 2 picks it up unnamed, named 0 two frames later.
    const frames: TrackFrame[] = [
      { frame: 0, t: 0, balls: [{ id: 0, x: 0, y: 0 }, { id: 5, x: 1, y: 0 }] },
      { frame: 1, t: 0.1, balls: [{ id: 0, x: 0, y: 0, occluded: true }, { id: null, x: 0.3, y: 0, track: 2 }, { id: 5, x: 1, y: 0 }] },
      { frame: 2, t: 0.2, balls: [{ id: 0, x: 0, y: 0, occluded: true }, { id: null, x: 0.6, y: 0, track: 2 }, { id: 5, x: 1, y: 0 }] },
      { frame: 3, t: 0.3, balls: [{ id: 0, x: 0.8, y: 0 }, { id: 5, x: 1, y: 0 }] },
      { frame: 4, t: 0.4, balls: [{ id: 0, x: 0.9, y: 0 }, { id: null, x: -1, y: 0.5, track: 9 }, { id: 5, x: 1, y: 0 }] },
    ];
    const trackIds = [[1, 3], [1, 2, 3], [1, 2, 3], [2, 3], [2, 7, 3]];
    const r = backfillIds(frames, trackIds);
    expect(r).toEqual({ named: 2, conflicts: 2, struck: 0, rests: 0 });
    expect(frames[1]!.balls).toEqual([{ id: 0, x: 0.3, y: 0 }, { id: 5, x: 1, y: 0 }]);
    expect(frames[2]!.balls[0]).toEqual({ id: 0, x: 0.6, y: 0 });
    // A track never named stays unnamed.
    expect(frames[4]!.balls[1]).toEqual({ id: null, x: -1, y: 0.5, track: 9 });
  });

  it('never leaves an id twice among seen balls: the ball named at the time keeps it', () => {
    const frames: TrackFrame[] = [
      { frame: 0, t: 0, balls: [{ id: 3, x: 0, y: 0 }, { id: null, x: 0.5, y: 0, track: 8 }] },
      { frame: 1, t: 0.1, balls: [{ id: 3, x: 0, y: 0 }, { id: 3, x: 0.5, y: 0 }] },
      { frame: 2, t: 0.2, balls: [{ id: 3, x: 0.5, y: 0 }] },
    ];
    backfillIds(frames, [[4, 8], [4, 8], [8]]);
    expect(frames[0]!.balls).toEqual([{ id: 3, x: 0, y: 0 }, { id: null, x: 0.5, y: 0, track: 8 }]);
    expect(frames[1]!.balls.filter((b) => b.id === 3)).toHaveLength(1);
  });

  it('names the ball struck from a still table the cue ball from its first frame (the tracker named it 0 when the stroke went on), and takes 0 from a ball that had it meanwhile', () => {
    // Track 4, a cream cue ball at rest, read as the 14; track 6, a white-capped 10, read as 0
    // for a while; at frame 3 track 4 leaves rest at a stroke's step, at frame 4 it goes on and is
    // marked struck and named 0.
    const frames: TrackFrame[] = [
      { frame: 0, t: 0, balls: [{ id: 14, x: -0.6, y: 0.2 }, { id: 10, x: 0.5, y: 0 }] },
      { frame: 1, t: 0.1, balls: [{ id: 14, x: -0.6, y: 0.2 }, { id: 0, x: 0.5, y: 0 }] },
      { frame: 2, t: 0.2, balls: [{ id: null, x: -0.6, y: 0.2, track: 4 }, { id: 10, x: 0.5, y: 0 }] },
      { frame: 3, t: 0.3, balls: [{ id: 14, x: -0.5, y: 0.2 }, { id: 10, x: 0.5, y: 0 }] },
      { frame: 4, t: 0.4, balls: [{ id: 0, x: -0.4, y: 0.2, struck: true }, { id: 10, x: 0.5, y: 0 }] },
      { frame: 5, t: 0.5, balls: [{ id: 0, x: -0.3, y: 0.2 }, { id: 10, x: 0.5, y: 0 }] },
    ];
    const r = backfillIds(frames, [[4, 6], [4, 6], [4, 6], [4, 6], [4, 6], [4, 6]]);
    expect(r.struck).toBe(4);
    for (const k of [0, 1, 2]) expect(frames[k]!.balls[0]).toEqual({ id: 0, x: -0.6, y: 0.2 });
    expect(frames[3]!.balls[0]).toEqual({ id: 0, x: -0.5, y: 0.2 });
    // The 10 lost the 0 it had in frame 1 (and is named 10 there again by its track's votes).
    expect(frames[1]!.balls[1]).toEqual({ id: 10, x: 0.5, y: 0 });
    // A strike that did not name its ball 0 (the stroke seen, the looks too sure of another number) changes nothing.
    const other: TrackFrame[] = [
      { frame: 0, t: 0, balls: [{ id: 9, x: 0, y: 0 }] },
      { frame: 1, t: 0.1, balls: [{ id: 9, x: 0.1, y: 0, struck: true }] },
    ];
    expect(backfillIds(other, [[1], [1]]).struck).toBe(0);
    expect(other[0]!.balls[0]!.id).toBe(9);
  });

  it('finds the struck ball\'s rest behind two sightings the cue\'s tip pulled the wrong way (game2 clip 1)', () => {
    // Track 1 rests at x 0.35 read as the 14; frames 4–5: pulled 3 cm toward the cue; frame 6 on its way; marked in frame 7.
    const xs = [0.35, 0.35, 0.35, 0.35, 0.38, 0.375, 0.31, 0.29];
    const frames: TrackFrame[] = xs.map((x, k) => ({ frame: k, t: k / 25, balls: [{ id: k === 7 ? 0 : 14, x, y: 0.5, ...(k === 7 ? { struck: true } : {}) }] }));
    const r = backfillIds(frames, xs.map(() => [1]));
    // Every frame before the mark is the cue ball's (the code before stopped at the pulled pair: frames 0–3 stayed the 14).
    expect(r.struck).toBe(7);
    expect(frames.map((f) => f.balls[0]!.id)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('names a resting ball by the number its rest carried most often (game2 clip 1: the 1 read as the 9 until the 9 came into view); a touch ends a rest', () => {
    // Track 1 rests at (-0.31, -0.54): the 9 for 3 frames, then the 1 for 5 (the 9 seen elsewhere from frame 3).
    const frames: TrackFrame[] = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => ({
      frame: k, t: k / 25,
      balls: [{ id: (k < 3 ? 9 : 1) as BallId, x: -0.31 + 0.004 * (k % 2), y: -0.54 }, ...(k >= 3 ? [{ id: 9 as BallId, x: 1.2, y: -0.17 }] : [])],
    }));
    const r = backfillIds(frames, frames.map((f) => f.balls.map((_, i) => i + 1)));
    expect(r.rests).toBe(3);
    expect(frames.map((f) => f.balls[0]!.id)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    // A cue ball stunned to a stop where the 5 rested takes over its track: the 5's rest keeps its number.
    const stun: TrackFrame[] = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => ({
      frame: k, t: k / 25,
      balls: [
        { id: k < 3 ? 5 : 0, x: 0.2, y: 0.1 },
        k < 3 ? { id: 0, x: -0.2 + 0.12 * k, y: 0.1 } : { id: 5, x: 0.2 + 0.1 * (k - 2), y: 0.1 },
      ],
    }));
    const before = stun.map((f) => f.balls[0]!.id);
    expect(backfillIds(stun, stun.map(() => [1, 2])).rests).toBe(0);
    expect(stun.map((f) => f.balls[0]!.id)).toEqual(before);
  });
});
