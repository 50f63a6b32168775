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
    expect(r).toEqual({ named: 2, conflicts: 2 });
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
});
