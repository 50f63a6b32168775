import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import type { ShotEvent } from '../contract/log.ts';
import { standardTable } from '../table/geometry.ts';
import { nearFacts, type NearInput } from './uncertain.ts';

// 9-ball 6525, 39.73 s, as the vision read it: the 2 rests near the head cushion, read a
// centimetre from where it lies; the cue ball's path passes 9 mm clear of that reading, no hit is
// read, and the 2 goes on into the cushion. A ball that moved with no hit read on it was hit by
// something: the shot is marked too close to call, not called a miss (G18a) in silence.
const table = standardTable('9ft');
const R = table.ballRadius;
const two = { x: -1.137, y: -0.587 };
const FT = 1 / 60;

function input(twoMoved: boolean): NearInput {
  // The cue ball from (-1.134, -0.431) straight down towards the cushion, passing the 2's reading 2R + 9 mm off.
  const x0 = two.x + 2 * R + 0.009;
  const cueAt = (t: number): { x: number; y: number } => ({ x: x0, y: -0.431 - Math.min(0.5, t - 1) * 0.3 });
  const samples = Array.from({ length: 60 }, (_, k) => ({ t: 1 + k * FT, ...cueAt(1 + k * FT) }));
  const events: ShotEvent[] = [{ t: 1, type: 'strike' }, ...(twoMoved ? [{ t: 1.3, type: 'cushion' as const, ball: 2 as BallId, cushion: 'right-head' as const }] : [])];
  return {
    events, start: [{ id: 0 as BallId, x: x0, y: -0.431 }, { id: 2 as BallId, ...two }], cueAt, cueEnd: cueAt(2), readings: new Map([[0 as BallId, { samples }]]),
    strikeT: 1, end: 2, frameTime: FT, noise: new Map([[0 as BallId, 0.0005], [2 as BallId, 0.0005]]), table,
  };
}

describe('a ball that moved with no hit read on it (nearFacts)', () => {
  it('marks the first contact too close to call where the cue ball passed within a radius of its reading', () => {
    expect(nearFacts(input(true)).find((u) => u.fact === 'firstContact')).toMatchObject({ alternatives: [[0, 2], 'none'] });
  });

  it('does not mark a miss by 9 mm of a ball that stayed where it was', () => {
    expect(nearFacts(input(false)).some((u) => u.fact === 'firstContact')).toBe(false);
  });
});

// 14.1 6567, 30.07 s: the cue ball frozen to the 9 is played square off it and, a second later,
// passes the 4 within the error; no contact is read. The mark names the ball passed first.
describe('a graze named by when the cue ball passed (nearFacts)', () => {
  it('names the ball the cue ball was against at the stroke, not one it passed later', () => {
    const nine = { x: 0.6425, y: 0.0029 };
    const cueAt = (t: number): { x: number; y: number } => ({ x: nine.x - 2 * R, y: nine.y + Math.max(0, t - 1) * 0.5 });
    const four = { x: nine.x - 4 * R + 0.001, y: nine.y + 0.25 };
    const samples = Array.from({ length: 60 }, (_, k) => ({ t: 1 + k * FT, ...cueAt(1 + k * FT) }));
    const n: NearInput = {
      events: [{ t: 1, type: 'strike' }], start: [{ id: 0 as BallId, ...cueAt(1) }, { id: 4 as BallId, ...four }, { id: 9 as BallId, ...nine }],
      cueAt, cueEnd: cueAt(2), readings: new Map([[0 as BallId, { samples }]]),
      strikeT: 1, end: 2, frameTime: FT, noise: new Map([[0 as BallId, 0.0005], [4 as BallId, 0.0005], [9 as BallId, 0.0005]]), table,
    };
    expect(nearFacts(n).find((u) => u.fact === 'firstContact')).toMatchObject({ alternatives: [[0, 9], 'none'] });
  });
});
