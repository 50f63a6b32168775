import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import { standardTable } from '../table/geometry.ts';
import type { Sample } from './series.ts';
import { findVanishings } from './vanish.ts';

describe('findVanishings: a ball gone after the shot seemed over', () => {
  const table = standardTable('9ft');
  // The 6 at rest 9 cm from the foot-right pocket's corner; the shot ended at 31.6 s; from 32.0 s
  // the player's arm hides it until after the next shot began (33.5 s).
  const rest = (t: number): Sample => ({ t, x: 1.182, y: -0.601 });
  const frames = (from: number, to: number): number[] => Array.from({ length: Math.round((to - from) * 60) + 1 }, (_, k) => from + k / 60);
  const vanishings = (samples: Sample[]) =>
    findVanishings(new Map<BallId, { samples: Sample[] }>([[6, { samples }]]), table, 28.85, 31.6, 33.5, 60);

  it('is not pocketed when one jumpy sample (a hand half over it) tilts the fit but it covers no way', () => {
    const samples = frames(31.0, 31.98).map(rest);
    samples[samples.length - 2] = { t: samples[samples.length - 2]!.t, x: 1.209, y: -0.568 };
    expect(vanishings(samples)).toEqual([]);
  });

  it('is pocketed when it was still creeping into the pocket', () => {
    const samples = frames(31.0, 31.98).map((t) => ({ t, x: 1.182 + 0.03 * (t - 31.0), y: -0.601 - 0.03 * (t - 31.0) }));
    const v = vanishings(samples);
    expect(v).toHaveLength(1);
    expect(v[0]!.events[0]).toMatchObject({ type: 'pocket', ball: 6, pocket: 'foot-right' });
  });
});
