import { describe, expect, it } from 'vitest';
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
    expect(r).toEqual({ named: 2, conflicts: 2, struck: 0 });
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
});
