import { describe, expect, it } from 'vitest';
import { findNoseStep } from './rail-edges.ts';

/** A profile at `perCm` samples a centimetre from piecewise-linear knots [cm, level]. */
function profile(knots: [number, number][], perCm: number): Float32Array {
  const end = knots[knots.length - 1]![0];
  const out = new Float32Array(Math.round(end * perCm) + 1);
  for (let i = 0; i < out.length; i++) {
    const x = i / perCm;
    const k = Math.max(1, knots.findIndex(([kx]) => kx >= x));
    const [x0, y0] = knots[k - 1]!;
    const [x1, y1] = knots[k]!;
    out[i] = x1 === x0 ? y1 : y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return out;
}

describe('findNoseStep: which edge of a cushion a profile (bed first, outwards) shows', () => {
  const perCm = 7; // 3.5 px a centimetre, sampled every 0.5 px (a 1024-px broadcast frame)
  const ds = 0.5;
  const perMetre = perCm * 100;

  it('a real cushion: the bed darkens into the shadow under the nose, the lit nose rises out of it, the rail comes 5 cm on: the nose is the rise', () => {
    // Levels as measured across real broadcast cushions (linear luminance ×100): bed 22, shadow 7, cushion 21, rail 4.
    const p = profile([[0, 22], [6, 22], [9, 7], [9.6, 7], [10.4, 21], [15, 21], [15.4, 4], [18, 4]], perCm);
    const step = findNoseStep(p, ds, undefined, perMetre);
    expect(step?.kind).toBe('rise');
    expect(Math.abs(step!.pos / perCm - 10)).toBeLessThan(0.3);
    // Without the metric scale only drops are looked for: the rail's edge, 5 cm out.
    expect(findNoseStep(p, ds)?.kind).toBe('drop');
    expect(Math.abs(findNoseStep(p, ds)!.pos / perCm - 15.2)).toBeLessThan(0.3);
  });

  it('a rendered cushion: the bed drops into the dark face, the lit top comes after it: the nose is the drop (the face\'s foot)', () => {
    const p = profile([[0, 22], [8, 22], [8.2, 3], [10, 3], [10.2, 20], [14, 20], [14.2, 4], [18, 4]], perCm);
    const step = findNoseStep(p, ds, undefined, perMetre);
    expect(step?.kind).toBe('drop');
    expect(Math.abs(step!.pos / perCm - 8.1)).toBeLessThan(0.3);
  });

  it('a dip and a bright band that is not cloth (a ball, a hand against the cushion) is not a nose', () => {
    const p = profile([[0, 22], [6, 22], [9, 7], [9.6, 7], [10.4, 30], [15, 30], [15.4, 4], [18, 4]], perCm);
    const bandIsNotCloth = (k: number): boolean => k / perCm < 9.8;
    expect(findNoseStep(p, ds, bandIsNotCloth, perMetre)?.kind).not.toBe('rise');
    expect(findNoseStep(p, ds, () => true, perMetre)?.kind).toBe('rise');
  });

  it('a far cushion of an elevated view: its whole face is the shadow; the nose rise is found when the dip may be as wide as the face', () => {
    const p = profile([[0, 28], [5, 28], [8, 8], [19, 8], [19.6, 26], [24, 26], [24.4, 4], [28, 4]], perCm);
    expect(findNoseStep(p, ds, undefined, perMetre)?.kind).toBe('drop');
    const step = findNoseStep(p, ds, undefined, perMetre, 0.05 + 0.12);
    expect(step?.kind).toBe('rise');
    expect(Math.abs(step!.pos / perCm - 19.3)).toBeLessThan(0.3);
  });
});
