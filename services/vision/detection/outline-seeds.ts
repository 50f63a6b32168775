// Balls with no vote peak of their own, found by fitting their outline in the image from a seed.
// On an elevated view a ball's outline on the rectified grid is stretched along the line of sight
// (about 1/cos of the camera's angle from straight down), so two balls touching along it leave
// one vote peak, though in the image the far ball's outline is whole but for the arc the near one
// hides. Seeds: where the tracker expects a ball that no candidate explains (`seededAtPriors`).
// A fit is a candidate like the others: the same look on the grid and the same selection.
import { BALL_RADIUS } from '../../table/spec.ts';
import { candidateAt, type GridEvidence } from './ball-evidence.ts';
import type { VisionCalibration } from '../calibration/calibration-model.ts';
import type { ClothModel } from './cloth-model.ts';

import { tableToGrid, type GridWindow, type RectifiedGrid } from './rectify.ts';
import { refineBall } from './refine.ts';

import type { VideoImage } from '../decode/yuv-image.ts';
import { type Candidate, type RefinedBall, type PredictedRegion } from './candidate.ts';

/** The frame a seed's outline is fitted in, and the grid its fit is read against. */
export interface SeedFrame extends GridEvidence {
  img: VideoImage;
  calibration: VisionCalibration;
  cloth: ClothModel;
}

/** Seeds around a prior with no candidate: its centre and four points this far (in ball radii) off it. */
const SEED_OFFSET = 0.5;
/** At most this many seeds on the way from where the ball was seen to where it is expected. */
const MAX_WAY_SEEDS = 8;
/**
 * No seeds for a ball expected further than this (m) from where it was seen: a ball that fast
 * (a break's cue ball) is a smear, found as one, and seeds on its way would fit the balls it
 * is about to hit.
 */
const MAX_WAY = 0.12;
/** Grid cell of a table point, or -1 off the grid or off the bed. */
function cellAt(g: RectifiedGrid, x: number, y: number): number {
  const c = tableToGrid(g, x, y);
  const i = Math.round(c.i), j = Math.round(c.j);
  if (i < 0 || j < 0 || i >= g.width || j >= g.height) return -1;
  const q = j * g.width + i;
  return g.valid[q] ? q : -1;
}

/** The outline fitted from a table point (the cloth there as the reference), or null. */
function fitFrom(f: SeedFrame, q: number, x: number, y: number): RefinedBall | null {
  return refineBall(f.img, f.calibration, { logS: f.cloth.logS[q]!, r: f.cloth.r[q]!, g: f.cloth.g[q]! }, x, y);
}

/** A fit as a candidate, when it looks like a ball on the grid. */
function candidateOf(f: SeedFrame, fit: RefinedBall): Candidate | null {
  const g = f.grid;
  const at = tableToGrid(g, fit.x, fit.y);
  const ai = Math.min(g.width - 1, Math.max(0, Math.round(at.i)));
  const aj = Math.min(g.height - 1, Math.max(0, Math.round(at.j)));
  return candidateAt(f, { i: at.i, j: at.j, score: f.acc[aj * g.width + ai]! }, fit);
}

/** Distance (m) from a point to the segment a–b. */
function segmentDistance(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x, dy = b.y - a.y;
  const L = dx * dx + dy * dy;
  const t = L > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / L)) : 0;
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

/**
 * Outlines looked for where a tracked ball (a prior with `from`) is expected and no candidate
 * explains it (each candidate explains the one prior nearest it: two balls merged into one
 * candidate at a contact leave one unexplained): fitted from the expected centre, four points
 * SEED_OFFSET radii off it, and points on the way from where it was last seen sharp (a collision
 * stops a ball anywhere on that way); the best fit within reach of that way. Only in `windows`.
 */
export function seededAtPriors(f: SeedFrame, found: readonly Candidate[], priors: readonly PredictedRegion[], windows: readonly GridWindow[] | undefined): Candidate[] {
  const g = f.grid;
  const out: Candidate[] = [];
  const explained = new Set<number>();
  for (const k of found) {
    if (!k.refined) continue;
    let best = -1;
    let bestD = Infinity;
    priors.forEach((p, n) => {
      const dist = Math.hypot(k.refined!.x - p.x, k.refined!.y - p.y);
      if (!explained.has(n) && dist < p.radius + BALL_RADIUS && dist < bestD) [best, bestD] = [n, dist];
    });
    if (best >= 0) explained.add(best);
  }
  for (const [n, p] of priors.entries()) {
    const from = p.from;
    if (explained.has(n) || !from || Math.hypot(p.x - from.x, p.y - from.y) > MAX_WAY) continue;
    const q = cellAt(g, p.x, p.y);
    if (q < 0) continue;
    const i = q % g.width, j = Math.floor(q / g.width);
    if (windows && !windows.some((w) => i >= w.i0 && i < w.i1 && j >= w.j0 && j < w.j1)) continue;
    const reach = p.radius + BALL_RADIUS;
    const d = SEED_OFFSET * BALL_RADIUS;
    const seeds: [number, number][] = [[p.x, p.y], [p.x + d, p.y], [p.x - d, p.y], [p.x, p.y + d], [p.x, p.y - d]];
    const steps = Math.min(MAX_WAY_SEEDS, Math.ceil(Math.hypot(p.x - from.x, p.y - from.y) / d));
    for (let k = 1; k < steps; k++) seeds.push([from.x + ((p.x - from.x) * k) / steps, from.y + ((p.y - from.y) * k) / steps]);
    let best: RefinedBall | null = null;
    for (const [sx, sy] of seeds) {
      const fit = fitFrom(f, q, sx, sy);
      if (fit && segmentDistance(fit, from, p) < reach && (!best || fit.inlierFraction > best.inlierFraction)) best = fit;
    }
    const c = best && candidateOf(f, best);
    if (c) out.push(c);
  }
  return out;
}
