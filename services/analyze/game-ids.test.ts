import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import { withoutForeignIds, wrongGame } from './game-ids.ts';

/** `n` frames of the given balls (ids), one of them read as `misread` in the frames listed. */
function frames(n: number, ids: number[], misread: { id: number; as: number; frames: number[] } | null = null): TrackFrame[] {
  return Array.from({ length: n }, (_, k) => ({
    frame: k, t: k / 60,
    balls: ids.map((id, i) => ({ id: (misread && misread.id === id && misread.frames.includes(k) ? misread.as : id) as BallId, x: 0.1 * i, y: 0 })),
  }));
}

describe('ids the game has no ball for', () => {
  it('a 9-ball ball misread as the 11 for two frames: unknown there, counted, the game not doubted', () => {
    const input = frames(100, [0, 1, 2, 9], { id: 2, as: 11, frames: [40, 41] });
    const r = withoutForeignIds(input, '9ball');
    expect(r.counts).toEqual(new Map([[11, 2]]));
    expect(r.frames[40]!.balls.map((b) => b.id)).toEqual([0, 1, null, 9]);
    expect(r.frames[39]).toBe(input[39]); // untouched frames are the same objects
    expect(input[40]!.balls[2]!.id).toBe(11); // the input is not changed
    expect(wrongGame(r, '9ball')).toBeNull();
  });

  it('8-ball footage analysed as 9-ball: the stripes through the video say the game is wrong', () => {
    const input = frames(100, [0, 1, 2, 8, 10, 11, 12]);
    const r = withoutForeignIds(input, '9ball');
    expect([...r.counts.keys()]).toEqual([10, 11, 12]);
    expect(wrongGame(r, '9ball')).toMatch(/balls 10, 11, 12 .* 9ball has no such balls/);
  });

  it('every id 0–15 is a ball in 8-ball and 14.1', () => {
    const input = frames(10, [0, 1, 8, 15]);
    for (const game of ['8ball', '14.1'] as const) {
      const r = withoutForeignIds(input, game);
      expect(r.counts.size).toBe(0);
      expect(r.frames).toEqual(input);
    }
  });
});
