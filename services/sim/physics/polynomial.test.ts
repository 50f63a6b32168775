import { describe, expect, it } from 'vitest';
import { evaluatePolynomial, firstDownCrossing, realRootsInInterval } from './polynomial.ts';
import { mulberry32, uniform } from './rng.ts';

/** Ascending coefficients of the product of (s - r) over the roots, times `lead`. */
function fromRoots(roots: number[], lead = 1): number[] {
  let c = [lead];
  for (const r of roots) {
    const next = new Array<number>(c.length + 1).fill(0);
    c.forEach((ck, k) => {
      next[k + 1]! += ck;
      next[k]! -= r * ck;
    });
    c = next;
  }
  return c;
}

describe('realRootsInInterval', () => {
  it('finds every root of random quartics with well separated roots', () => {
    const rng = mulberry32(7);
    for (let trial = 0; trial < 500; trial++) {
      const roots = Array.from({ length: 4 }, () => uniform(rng, 0, 10)).sort((a, b) => a - b);
      if (roots.some((r, i) => i > 0 && r - roots[i - 1]! < 1e-3)) continue;
      const found = realRootsInInterval(fromRoots(roots, uniform(rng, 0.1, 5)), 0, 10);
      expect(found).toHaveLength(4);
      found.forEach((r, i) => expect(r).toBeCloseTo(roots[i]!, 6));
    }
  });

  it('finds roots 1e-6 apart and ignores complex pairs', () => {
    expect(realRootsInInterval(fromRoots([1, 1 + 1e-6, 3, 4]), 0, 2)).toHaveLength(2);
    // (s² + 1)(s - 2)(s - 5): only 2 and 5 are real.
    const c = [10, -7, 11, -7, 1];
    const roots = realRootsInInterval(c, 0, 10);
    expect(roots).toHaveLength(2);
    expect(roots[0]).toBeCloseTo(2, 10);
    expect(roots[1]).toBeCloseTo(5, 10);
  });
});

describe('firstDownCrossing', () => {
  it('returns the first crossing from positive to negative, never past it', () => {
    const c = fromRoots([0.5, 2, 3, 4]); // positive at 0, negative on (0.5, 2)
    const s = firstDownCrossing(c, 10, 0);
    expect(s).toBeCloseTo(0.5, 12);
    expect(evaluatePolynomial(c, s)).toBeGreaterThanOrEqual(0);
  });

  it('catches a shallow dip (a near-graze deeper than the tolerance)', () => {
    // (s - 1)² - 1e-8 dips to -1e-8 at s = 1.
    const c = [1 - 1e-8, -2, 1];
    expect(firstDownCrossing(c, 5, 1e-9)).toBeCloseTo(1 - 1e-4, 8);
    expect(firstDownCrossing(c, 5, 1e-7)).toBe(Infinity);
  });

  it('reports contact now when already touching and approaching, not when separating', () => {
    expect(firstDownCrossing([0, -1, 0.1], 5, 1e-9)).toBe(0);
    // s - 0.1 s² leaves zero, comes back to it at s = 10.
    expect(firstDownCrossing([0, 1, -0.1], 5, 1e-9)).toBe(Infinity);
    expect(firstDownCrossing([0, 1, -0.1], 20, 1e-9)).toBeCloseTo(10, 9);
  });
});
