// Which candidates are balls: a refined outline of the right size that fits, one ball per
// place (two balls cannot be closer than a diameter), and not a round bit of something bigger
// (a fist, a head: unexplained foreground around it). Then blurred fast balls: capsule-shaped
// foreground regions one ball wide that no accepted ball explains.
import { BALL_RADIUS } from '../../table/spec.ts';

import type { Blob } from './blobs.ts';

import { tableToGrid, type RectifiedGrid } from './rectify.ts';

import type { Candidate, RefinedBall } from './candidate.ts';

export type Selected =
  | { kind: 'refined'; refined: RefinedBall; blurred: boolean; confidence: number; i: number; j: number }
  | { kind: 'votes'; ci: number; cj: number; blurred: boolean; confidence: number; smear?: SmearAxis };

/** A smear's direction (unit, grid axes; sign arbitrary) and half its length (grid px): the ball's path during the exposure. */
export interface SmearAxis {
  ax: number;
  ay: number;
  half: number;
}

/** The path of a smeared ball: the major axis of its region, as long as the region less a ball. */
const axisOf = (b: Blob, r: number): SmearAxis => ({ ax: b.ax, ay: b.ay, half: Math.max(0, (b.area - Math.PI * r * r) / (4 * r)) });

/**
 * Two balls' centres lie at least two radii apart: a reading closer than this many radii to
 * another ball is not a second ball. A little under 2, for two readings' noise.
 */
const MIN_GAP_RADII = 1.8;
/** The same gap in metres. */
export const MIN_CENTRE_GAP = MIN_GAP_RADII * BALL_RADIUS;

export interface SelectOptions {
  minInliers: number;
  maxResidualPx: number;
  radiusRange: [number, number];
  /** Least `ballScore` accepted. */
  minScore: number;
  /** Least `ballScore` of the best candidate near where a tracked ball is expected (`Prior`): a ball known to be there needs less proof (a dark ball on its own cloth's hue, rolling). */
  priorScore: number;
}

export const DEFAULT_SELECT: SelectOptions = { minInliers: 0.45, maxResidualPx: 1.2, radiusRange: [0.88, 1.15], minScore: 1.0, priorScore: 0.5 };

/** Where a tracked ball is expected, on the grid (centre and reach in grid pixels). */
export interface Prior {
  i: number;
  j: number;
  reach: number;
}

const clamp01 = (v: number): number => Math.max(0, Math.min(1, v));

/** Fraction of the ring [1.15 r, 2 r] around (ci, cj) that is foreground outside every other ball's disc. */
export function unexplainedRing(g: RectifiedGrid, mask: Uint8Array, ci: number, cj: number, others: readonly { i: number; j: number }[]): number {
  const r = g.ballRadius;
  const r0 = 1.15 * r;
  const r1 = 2 * r;
  const near = others.filter((o) => Math.hypot(o.i - ci, o.j - cj) < r1 + 1.1 * r);
  // The squared distance settles all but the pixels within a hair of the ring's edges, where
  // Math.hypot decides as before (sqrt of the sum of squares is within a few ulps of it).
  const in2 = (r0 * (1 - 1e-9)) ** 2;
  const out2 = (r1 * (1 + 1e-9)) ** 2;
  const on2 = (r0 * (1 + 1e-9)) ** 2;
  const under2 = (r1 * (1 - 1e-9)) ** 2;
  let ring = 0;
  let fg = 0;
  for (let j = Math.max(0, Math.floor(cj - r1)); j <= Math.min(g.height - 1, Math.ceil(cj + r1)); j++) {
    for (let i = Math.max(0, Math.floor(ci - r1)); i <= Math.min(g.width - 1, Math.ceil(ci + r1)); i++) {
      const q = (i - ci) * (i - ci) + (j - cj) * (j - cj);
      if (q < in2 || q > out2) continue;
      if (q < on2 || q > under2) {
        const d = Math.hypot(i - ci, j - cj);
        if (d < r0 || d > r1) continue;
      }
      const p = j * g.width + i;
      if (!g.valid[p]) continue;
      ring++;
      if (!mask[p]) continue;
      if (near.some((o) => Math.hypot(i - o.i, j - o.j) < 1.1 * r)) continue;
      fg++;
    }
  }
  return ring ? fg / ring : 0;
}

/** How ball-like a refined candidate is (fit, support, votes, and nothing big around it). */
export function ballScore(c: Candidate, ring: number, discArea: number): number {
  const f = c.refined!;
  // Specular spots (a few bright, nearly white pixels, not a whole white surface) are a ball's.
  const hi = c.evidence.highlights;
  const specular = hi >= 3 && hi <= 0.5 * discArea ? 0.6 : 0;
  return 2 * f.inlierFraction - 1.5 * f.residualPx - 2.5 * ring + 0.3 * Math.min(c.peak.score, 2) + 0.5 * c.evidence.support + specular;
}

export function selectBalls(g: RectifiedGrid, mask: Uint8Array, labels: Int32Array, blobs: readonly Blob[], candidates: readonly Candidate[], o: SelectOptions = DEFAULT_SELECT, priors: readonly Prior[] = []): Selected[] {
  const r = g.ballRadius;
  const good: { c: Candidate; f: RefinedBall; s: number; i: number; j: number }[] = [];
  for (const c of candidates) {
    const f = c.refined;
    if (!f) continue;
    if (f.inlierFraction < o.minInliers || f.residualPx > o.maxResidualPx) continue;
    if (f.radiusRatio < o.radiusRange[0] || f.radiusRatio > o.radiusRange[1]) continue;
    const at = tableToGrid(g, f.x, f.y);
    good.push({ c, f, s: 0, i: at.i, j: at.j });
  }
  const solid = good.filter((k) => k.f.inlierFraction > 0.6);
  const discArea = Math.PI * (0.7 * r) ** 2;
  for (const k of good) k.s = ballScore(k.c, unexplainedRing(g, mask, k.i, k.j, solid.filter((x) => x !== k)), discArea);
  // Near each expected ball, its best candidate passes on a lower score.
  const favoured = new Set<(typeof good)[number]>();
  for (const p of priors) {
    let best: (typeof good)[number] | null = null;
    for (const k of good) if (Math.hypot(k.i - p.i, k.j - p.j) <= p.reach && k.s >= o.priorScore && (!best || k.s > best.s)) best = k;
    if (best) favoured.add(best);
  }
  const ranked = good.filter((k) => k.s >= o.minScore || favoured.has(k)).sort((a, b) => b.s - a.s || a.j - b.j || a.i - b.i);
  // Two balls are never closer than a diameter: keep the better one.
  const out: Selected[] = [];
  const kept: typeof good = [];
  for (const k of ranked) {
    if (kept.some((x) => Math.hypot(x.f.x - k.f.x, x.f.y - k.f.y) < MIN_CENTRE_GAP)) continue;
    kept.push(k);
  }
  const byLabel = new Map(blobs.map((b) => [b.label, b]));
  for (const k of kept) {
    const confidence = clamp01(0.5 + (k.s - o.minScore) / 3);
    // Smeared: votes spread along the path and the outline fits a circle only loosely.
    const blurred = k.c.ridge.elongation >= 2 && k.f.residualPx >= 0.6;
    // Less smeared votes and a loose fit count too inside a region of at least a radius of smear
    // (a resting ball with its shadow makes a region of ~1.4 πr²).
    const loose = !blurred && k.c.ridge.elongation >= 1.4 && k.f.residualPx >= 0.5;
    const region = blurred || loose ? smearOf(g, labels, byLabel, k, kept) : null;
    const smear = region && (blurred || region.area >= 1.6 * Math.PI * r * r) ? region : null;
    // A circle fitted to one end of a smear is placed at the smear's middle (mid-exposure).
    if (smear) out.push({ kind: 'votes', ci: smear.ci, cj: smear.cj, blurred: true, confidence, smear: axisOf(smear, r) });
    else out.push({ kind: 'refined', refined: k.f, blurred, confidence, i: k.i, j: k.j });
  }
  // Strong vote peaks whose outline would not fit a circle: smeared (fast) balls, taken at the
  // centroid of their vote ridge (the middle of the exposure).
  const placed = out.map((k) => (k.kind === 'refined' ? { i: k.i, j: k.j } : { i: k.ci, j: k.cj }));
  const byScore = [...candidates].sort((a, b) => b.peak.score - a.peak.score);
  for (const c of byScore) {
    const ev = c.evidence;
    // Strong votes with good support; or weaker votes from a complete ring of radial edges
    // (a smear still has one; a hand or an arm rarely does) with clean surroundings.
    const strong = c.peak.score >= 0.9 && ev.support >= 0.8 && ev.unlike >= 0.7;
    const ringed = c.peak.score >= 0.6 && ev.support >= 0.95 && ev.unlike >= 0.85;
    if (!(strong || ringed) || ev.onBed < 0.6) continue;
    const { ci, cj } = c.ridge;
    if (placed.some((p) => Math.hypot(p.i - ci, p.j - cj) < MIN_GAP_RADII * r)) continue;
    if (unexplainedRing(g, mask, ci, cj, placed) > (strong ? 0.35 : 0.2)) continue;
    placed.push({ i: ci, j: cj });
    out.push({ kind: 'votes', ci, cj, blurred: c.ridge.elongation >= 1.4 || !c.refined, confidence: clamp01(0.3 + 0.2 * ev.support + 0.1 * Math.min(2, c.peak.score)) });
  }
  // Blurred balls: foreground regions one ball wide, elongated, not explained by accepted balls.
  const accepted = placed;
  for (const b of blobs) {
    // Cut by its window's edge, a region's shape says nothing (the end of an arm looks like a smear).
    if (b.clipped) continue;
    const width = 4 * b.sdMinor;
    const elong = b.sdMajor / Math.max(1e-6, b.sdMinor);
    if (width < 1.3 * r || width > 2.6 * r || elong < 1.2 || elong > 8) continue;
    if (b.area > Math.PI * r * r * 8) continue;
    let explained = 0;
    for (let j = b.j0; j <= b.j1; j++) {
      for (let i = b.i0; i <= b.i1; i++) {
        const p = j * g.width + i;
        if (labels[p] !== b.label) continue;
        if (accepted.some((a) => Math.hypot(i - a.i, j - a.j) < 1.1 * r)) explained++;
      }
    }
    if (explained > 0.3 * b.area) continue;
    // Only on the open bed (a pocket's round mouth is not a smeared ball).
    const at = Math.round(b.cj) * g.width + Math.round(b.ci);
    if (!g.valid[at] || g.mouth[at] || edgeDistance(g, b.ci, b.cj) < 0.5 * r) continue;
    // A smeared ball still gathers some votes along its path; a fast one's smear, faint at its
    // ends, may gather none but is then a clean ellipse one ball wide.
    const voted = candidates.some((c) => c.peak.score >= 0.4 && labels[Math.round(c.peak.j) * g.width + Math.round(c.peak.i)] === b.label);
    // A capsule of radius r and straight length L has area π r² + 2 r L and sd along it ≈ √((L/2)²/3 + r²/4).
    const L = Math.max(0, (b.area - Math.PI * r * r) / (2 * r));
    const sdExpect = Math.sqrt((L * L) / 12 + (r * r) / 4);
    const capsule = Math.abs(b.sdMajor - sdExpect) <= 0.35 * sdExpect;
    // An ellipse with semi-axes a, b has sd a/2 and b/2 along them and area π a b.
    const ellipseArea = Math.PI * 4 * b.sdMajor * b.sdMinor;
    const ellipse = Math.abs(b.area - ellipseArea) <= 0.12 * ellipseArea && width >= 1.7 * r && width <= 2.5 * r;
    if (!(voted && capsule) && !ellipse) continue;
    out.push({ kind: 'votes', ci: b.ci, cj: b.cj, blurred: true, confidence: voted ? 0.4 : 0.3, smear: axisOf(b, r) });
  }
  return out;
}

/**
 * The smear a circle fitted at (k.i, k.j) belongs to: its foreground region, when that is one
 * ball wide, longer than a ball, not much longer than a fast ball's smear, and holds no other
 * kept ball. Null otherwise.
 */
function smearOf(g: RectifiedGrid, labels: Int32Array, byLabel: ReadonlyMap<number, Blob>, k: { i: number; j: number }, kept: readonly { i: number; j: number }[]): Blob | null {
  const r = g.ballRadius;
  const b = byLabel.get(labels[Math.round(k.j) * g.width + Math.round(k.i)]!);
  if (!b || b.clipped) return null;
  const width = 4 * b.sdMinor;
  const elong = b.sdMajor / Math.max(1e-6, b.sdMinor);
  if (width < 1.3 * r || width > 2.6 * r || elong < 1.3 || elong > 8) return null;
  if (b.area < 1.3 * Math.PI * r * r || b.area > 8 * Math.PI * r * r) return null;
  for (const o of kept) {
    if (o === k) continue;
    if (labels[Math.round(o.j) * g.width + Math.round(o.i)] === b.label) return null;
  }
  return b;
}

/** Grid pixels from (ci, cj) to the nearest cell off the bed along the four axes (capped at 2 r). */
function edgeDistance(g: RectifiedGrid, ci: number, cj: number): number {
  const i0 = Math.round(ci);
  const j0 = Math.round(cj);
  const cap = Math.ceil(2 * g.ballRadius);
  let best = cap;
  for (const [di, dj] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
    for (let k = 1; k < best; k++) {
      const i = i0 + di * k;
      const j = j0 + dj * k;
      if (i < 0 || j < 0 || i >= g.width || j >= g.height || !g.valid[j * g.width + i]) {
        best = k;
        break;
      }
    }
  }
  return best;
}
