// Motion runs pinned on hand-made samples.
import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import { analyseMotion, noiseOf } from './motion.ts';
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

  // A green ball on green cloth (9-ball 6380, 31–36 s): its reading flips between its place and
  // one 1.3 cm off, and most frames repeat the last reading (the detection kept while its image
  // patch does not change). Where the second reading shifts (here at 2 s), a line fitted over the
  // window reads as motion.
  const flicker = (): Sample[] => {
    const A: [number, number] = [-0.595, 0.447];
    const B: [number, number] = [-0.584, 0.453];
    const C: [number, number] = [-0.589, 0.451];
    // The kept reading repeats for 1 to 7 frames, then the other one is read.
    const holds = [3, 1, 2, 6, 1, 3, 2, 7, 1, 4];
    const out: Sample[] = [];
    let k = 0;
    let other = false;
    for (let h = 0; out.length < 241; h++) {
      other = !other;
      for (let j = 0; j < holds[h % holds.length]! && out.length < 241; j++, k++) {
        const t = k / 60;
        const [x, y] = other ? A : t < 2 ? B : C;
        out.push({ t, x, y });
      }
    }
    return out;
  };

  it('takes no noise from a reading repeated while the ball rests: a kept detection is the same measurement, not a quiet one', () => {
    const samples = flicker();
    const still = samples.map(() => true);
    // Half the frames or more repeat the one before; the changed ones jump 0.7 to 1.3 cm.
    expect(noiseOf(samples, still)).toBeGreaterThan(0.004);
  });

  it('finds no motion in a resting ball whose reading flickers within its noise and stays where it was', () => {
    const samples = flicker();
    const m = analyseMotion({ id: 6 as BallId, samples }, samples.map((p) => p.t));
    expect(m.runs).toEqual([]);
  });

  it('still finds the motion of a flickering ball that was moved 3 cm', () => {
    const samples = flicker().map((p) => (p.t < 2 ? p : { ...p, x: p.x + Math.min(0.03, 0.3 * (p.t - 2)) }));
    const m = analyseMotion({ id: 6 as BallId, samples }, samples.map((p) => p.t));
    expect(m.runs.length).toBe(1);
    expect(samples[m.runs[0]!.first]!.t).toBeGreaterThan(1.8);
  });
});
