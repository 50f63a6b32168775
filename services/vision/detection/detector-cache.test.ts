import { describe, expect, it } from 'vitest';
import { loadCalibration } from '../calibration/calibration-model.ts';
import { DetectorCache } from './detector-cache.ts';

const cal = loadCalibration(new URL('../../../recordings/demo/calibration.json', import.meta.url).pathname);

describe('DetectorCache', () => {
  it('hands back the detector it was given for the same calibration (grid and cloth kept), a new one otherwise', () => {
    const cache = new DetectorCache(1);
    const a = cache.take(cal);
    expect(cache.take(cal) === a).toBe(false); // a is still in use
    cache.give(a);
    expect(cache.take({ ...cal }) === a).toBe(true); // same geometry, another object
    cache.give(a);
    const moved = { ...cal, translation: [cal.translation[0] + 0.01, cal.translation[1], cal.translation[2]] as typeof cal.translation };
    const b = cache.take(moved);
    expect(b === a).toBe(false);
    expect(b.calibration === moved).toBe(true);
    cache.give(b); // size 1: a is dropped
    expect(cache.count).toBe(1);
    expect(cache.take(cal) === a).toBe(false);
    expect(() => new DetectorCache(0)).toThrow(/size/);
  });
});
