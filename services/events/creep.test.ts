import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import { creepingAtStroke } from './creep.ts';
import type { Sample } from './series.ts';

// A ball's readings at 60 fps up to the stroke at 2 s: drifting along y at `speed` (m/s) with
// readings scattered by `noise` (m, a fixed pseudo-random sequence), plus a step of `step` (m)
// from 1.85 s on (a resting ball read anew a few millimetres over).
function readings(speed: number, noise: number, step = 0): Map<BallId, { samples: Sample[] }> {
  let seed = 7;
  const rand = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const samples: Sample[] = [];
  for (let k = 0; k <= 120; k++) {
    const t = k / 60;
    samples.push({ t, x: 0.5 + noise * rand(), y: 0.2 + speed * t + noise * rand() + (t >= 1.85 ? step : 0) });
  }
  return new Map([[4 as BallId, { samples }]]);
}

describe('a ball creeping at the stroke (G10: creepingAtStroke)', () => {
  const cases: [string, number, number, number, 'moving' | 'marked' | 'none'][] = [
    ['rolling its last centimetres at 2.5 cm/s, 0.3 mm noise: moving', 0.025, 0.0003, 0, 'moving'],
    ['at 1.3 cm/s (4 mm over the window): only too close to call', 0.013, 0.0003, 0, 'marked'],
    ['at rest, 0.5 mm noise: nothing', 0, 0.0005, 0, 'none'],
    ['at rest, read anew 7 mm over 0.15 s before the stroke: not a drift', 0, 0.0003, 0.007, 'none'],
    ['at 2.5 cm/s under 3 mm of noise: not sure enough to call', 0.025, 0.003, 0, 'none'],
  ];
  it.each(cases)('%s', (_name, speed, noise, step, expected) => {
    const found = creepingAtStroke(readings(speed, noise, step), 2, new Set());
    const got = found.length === 0 ? 'none' : found[0]!.moving ? 'moving' : 'marked';
    expect(got).toBe(expected);
  });

  it('leaves alone a ball a motion run already shows moving, and the cue ball', () => {
    expect(creepingAtStroke(readings(0.025, 0.0003), 2, new Set([4 as BallId]))).toEqual([]);
    const cue = new Map([[0 as BallId, readings(0.025, 0.0003).get(4 as BallId)!]]);
    expect(creepingAtStroke(cue, 2, new Set())).toEqual([]);
  });
});
