// Selection pinned on made-up candidates: a weak but ball-like candidate is taken only where a
// tracked ball is expected (a dark ball rolling on cloth of its own hue scores low).
import { describe, expect, it } from 'vitest';
import type { RectifiedGrid } from './rectify.ts';
import { ballScore, selectBalls, type Candidate } from './select.ts';

const W = 200;
const H = 100;
const grid: RectifiedGrid = {
  scaleX: 100, scaleY: 100, scale: 100, width: W, height: H, x0: 0, y0: 0, u: new Float32Array(W * H), v: new Float32Array(W * H), base: new Int32Array(W * H),
  fx: new Float32Array(W * H), fy: new Float32Array(W * H), valid: new Uint8Array(W * H).fill(1), mouth: new Uint8Array(W * H), ballRadius: 11,
};

/** A candidate at grid (i, j) whose outline fitted only loosely (score about 0.7). */
function weak(i: number, j: number): Candidate {
  const x = i / grid.scale;
  const y = -j / grid.scale;
  return {
    peak: { i, j, score: 0.75 },
    evidence: { support: 1, unlike: 0.6, darker: 0.4, highlights: 1, onBed: 1 },
    ridge: { ci: i, cj: j, elongation: 1 },
    refined: { u: 0, v: 0, x, y, r: 20, inlierFraction: 0.6, residualPx: 0.8, radiusRatio: 1 },
  };
}

describe('selectBalls', () => {
  const mask = new Uint8Array(W * H);
  const labels = new Int32Array(W * H);
  const c = weak(60, 50);

  it('scores a loosely fitted outline below the bar for a new ball', () => {
    const s = ballScore(c, 0, Math.PI * (0.7 * 11) ** 2);
    expect(s).toBeGreaterThan(0.5);
    expect(s).toBeLessThan(1);
    expect(selectBalls(grid, mask, labels, [], [c])).toEqual([]);
  });

  it('takes it where a tracked ball is expected, and only there (prior within reach)', () => {
    expect(selectBalls(grid, mask, labels, [], [c], undefined, [{ i: 63, j: 48, reach: 5 }])).toHaveLength(1);
    expect(selectBalls(grid, mask, labels, [], [c], undefined, [{ i: 90, j: 50, reach: 5 }])).toEqual([]);
  });

  it('takes only the best candidate near one expected ball', () => {
    const other = { ...weak(66, 50), refined: { ...weak(66, 50).refined!, inlierFraction: 0.55 } };
    const out = selectBalls(grid, mask, labels, [], [c, other], undefined, [{ i: 63, j: 50, reach: 10 }]);
    expect(out).toHaveLength(1);
    expect(out[0]!.kind === 'refined' && out[0]!.refined).toBe(c.refined);
  });
});
