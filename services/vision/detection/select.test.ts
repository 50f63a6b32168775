// Selection pinned on made-up candidates: a weak but ball-like candidate is taken only where a
// tracked ball is expected (a dark ball rolling on cloth of its own hue scores low).
import { describe, expect, it } from 'vitest';
import { labelBlobs } from './blobs.ts';
import type { RectifiedGrid } from './rectify.ts';
import { ballScore, selectBalls } from './select.ts';
import { type Candidate } from './candidate.ts';

const W = 200;
const H = 100;
const grid: RectifiedGrid = {
  scaleX: 100, scaleY: 100, scale: 100, width: W, height: H, x0: 0, y0: 0, u: new Float32Array(W * H), v: new Float32Array(W * H), base: new Int32Array(W * H),
  fx: new Float32Array(W * H), fy: new Float32Array(W * H), chroma: new Int32Array(W * H), chromaStep: new Uint8Array(W * H), valid: new Uint8Array(W * H).fill(1), mouth: new Uint8Array(W * H), ballRadius: 11,
};

/** A candidate at grid (i, j) whose outline fitted only loosely (score about 0.7). */
function weak(i: number, j: number): Candidate {
  const x = i / grid.scale;
  const y = -j / grid.scale;
  return {
    peak: { i, j, score: 0.75 },
    evidence: { support: 1, unlike: 0.6, darker: 0.4, highlights: 1, onBed: 1, inMouth: 0 },
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

/** A foreground mask with an ellipse (semi-axes a along i, b along j) centred at (ci, cj). */
function ellipseMask(ci: number, cj: number, a: number, b: number): Uint8Array {
  const m = new Uint8Array(W * H);
  for (let j = 0; j < H; j++) for (let i = 0; i < W; i++) if (((i - ci) / a) ** 2 + ((j - cj) / b) ** 2 <= 1) m[j * W + i] = 1;
  return m;
}

describe('selectBalls on smeared fast balls', () => {
  // A ball (r = 11 grid px) smeared along i: the mask is an ellipse 2.4 balls long, one ball wide.
  const mask = ellipseMask(100, 50, 26, 11);
  const labels = new Int32Array(W * H);
  const blobs = labelBlobs(grid, mask, labels, 10);

  /** A circle fitted at the smear's left end (a fair fit, strong votes) whose votes spread `elongation` times along the path. */
  const atEnd = (elongation: number): Candidate => {
    const c = weak(84, 50);
    return { ...c, peak: { ...c.peak, score: 2 }, ridge: { ci: 84, cj: 50, elongation }, refined: { ...c.refined!, inlierFraction: 0.9, residualPx: 0.6 } };
  };

  it('places a circle fitted at one end of a smear at the smear\'s middle (mid-exposure)', () => {
    const out = selectBalls(grid, mask, labels, blobs, [atEnd(2.2)]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'votes', blurred: true });
    // The candidate's own confidence (the region alone would say 0.4).
    expect(out[0]!.confidence).toBeGreaterThan(0.5);
    const o = out[0]! as { ci: number; cj: number };
    expect(Math.hypot(o.ci - 100, o.cj - 50)).toBeLessThan(1);
  });

  it('leaves a ball whose votes are compact where it was fitted', () => {
    const out = selectBalls(grid, mask, labels, blobs, [atEnd(1.1)]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'refined', blurred: false, i: 84, j: 50 });
  });

  it('leaves a resting ball with its shadow where it was fitted (a region of 1.4 πr² is no smear): the demo\'s 4 flickered 7 mm', () => {
    // A ball (r 11) at (100, 50) and its shadow: a region 1.2 balls long; loose fit, votes a little spread.
    const shadowed = ellipseMask(102, 50, 15, 11);
    const shadowLabels = new Int32Array(W * H);
    const shadowBlobs = labelBlobs(grid, shadowed, shadowLabels, 10);
    const c = weak(100, 50);
    const cand = { ...c, peak: { ...c.peak, score: 2.5 }, ridge: { ci: 100, cj: 50, elongation: 1.6 }, refined: { ...c.refined!, inlierFraction: 1, residualPx: 0.52 } };
    const out = selectBalls(grid, shadowed, shadowLabels, shadowBlobs, [cand]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'refined', i: 100, j: 50 });
  });

  it('takes a clean one-ball-wide ellipse with no votes as a blurred ball; not a region two balls wide', () => {
    const out = selectBalls(grid, mask, labels, blobs, []);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ kind: 'votes', blurred: true, confidence: 0.3 });
    const wide = ellipseMask(100, 50, 40, 22);
    const wideLabels = new Int32Array(W * H);
    expect(selectBalls(grid, wide, wideLabels, labelBlobs(grid, wide, wideLabels, 10), [])).toEqual([]);
  });
});
