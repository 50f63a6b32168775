// Motion runs pinned on hand-made samples.
import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import { analyseMotion } from './motion.ts';
import type { Sample } from './series.ts';

const at = (t0: number, t1: number, fps: number, pos: (t: number) => [number, number]): Sample[] =>
  Array.from({ length: Math.round((t1 - t0) * fps) + 1 }, (_, k) => {
    const t = t0 + k / fps;
    const [x, y] = pos(t);
    return { t, x, y };
  });

describe('analyseMotion', () => {
  it('ends a run where the ball goes unseen for long: a pocketed ball racked again much later is not one run across its absence', () => {
    // At rest, rolls into a pocket and vanishes at 2 s; back 60 s later, slid into the rack by hand, then at rest.
    const samples = [
      ...at(0, 1, 30, () => [0.5, 0.3]),
      ...at(1 + 1 / 30, 2, 30, (t) => [0.5 + 0.7 * (t - 1), 0.3 + 0.3 * (t - 1)]),
      ...at(62, 62.5, 30, (t) => [0.8 - 0.3 * (t - 62), 0]),
      ...at(62.5 + 1 / 30, 64, 30, () => [0.65, 0]),
    ];
    const frames = at(0, 64, 30, () => [0, 0]).map((s) => s.t);
    const m = analyseMotion({ id: 7 as BallId, samples }, frames);
    expect(m.runs.length).toBe(2);
    const [gone, back] = m.runs as [typeof m.runs[0], typeof m.runs[0]];
    expect(gone.vanished).toBe(true);
    expect(gone.restAfter).toBeNull();
    expect(samples[gone.last]!.t).toBeLessThanOrEqual(2 + 1e-9);
    expect(samples[back.first]!.t).toBeGreaterThanOrEqual(62 - 1e-9);
    expect(back.restAfter).not.toBeNull();
  });
});
