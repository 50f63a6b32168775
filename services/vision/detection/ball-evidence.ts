// What the rectified bed says about a candidate ball centre: how much of a ball-sized circle
// around it has edges pointing at it (a ball's silhouette does, all round, unless touching or
// hidden), and how unlike the cloth its inside is (colour, brightness, highlights).
import { voteRidge, type EdgeField } from './circle-votes.ts';
import { FLAG_UNLIKE, FLAG_WHITE, type FeaturePlanes } from './cloth-model.ts';
import type { RectifiedGrid } from './rectify.ts';

import { type Peak, type Candidate, type RefinedBall, type BallEvidence } from './candidate.ts';

const SECTORS = 24;

/** The pixel is clearly unlike the cloth (hue, much brighter or much darker): flagged by `clothDifference`. */
export function isUnlike(f: FeaturePlanes, p: number): boolean {
  return (f.flags[p]! & FLAG_UNLIKE) !== 0;
}

export function ballEvidence(g: RectifiedGrid, f: FeaturePlanes, e: EdgeField, ci: number, cj: number, minMag: number): BallEvidence {
  const W = g.width;
  const r = g.ballRadius;
  const sectors = new Uint8Array(SECTORS);
  const reach = Math.ceil(r * 1.3);
  let inner = 0;
  let unlike = 0;
  let darker = 0;
  let highlights = 0;
  let bedCount = 0;
  let mouth = 0;
  const i0 = Math.round(ci);
  const j0 = Math.round(cj);
  for (let dj = -reach; dj <= reach; dj++) {
    const j = j0 + dj;
    if (j < 0 || j >= g.height) continue;
    for (let di = -reach; di <= reach; di++) {
      const i = i0 + di;
      if (i < 0 || i >= W) continue;
      const x = i - ci;
      const y = j - cj;
      const d = Math.sqrt(x * x + y * y); // not Math.hypot: a builtin call a pixel
      const p = j * W + i;
      if (d <= 0.7 * r) {
        inner++;
        if (!g.valid[p]) continue;
        bedCount++;
        if (g.mouth[p]) mouth++;
        if (isUnlike(f, p)) unlike++;
        const a = f.dLog[p]!;
        if (a < -0.15) darker++;
        // Near the cloth's hue (a bright sheen on green or blue), or white whatever the cloth
        // (on red cloth a highlight differs from the cloth in hue as much as a ball does).
        if ((a > 0.45 && f.dR[p]! ** 2 + f.dG[p]! ** 2 < 0.2 * 0.2) || f.flags[p]! & FLAG_WHITE) highlights++;
      } else if (d >= 0.8 * r && d <= 1.25 * r) {
        const m = e.mag[p]!;
        if (m < minMag) continue;
        const cos = Math.abs((e.gx[p]! * x + e.gy[p]! * y) / d);
        if (cos < 0.85) continue;
        const s = Math.floor(((Math.atan2(y, x) + Math.PI) / (2 * Math.PI)) * SECTORS) % SECTORS;
        sectors[s] = 1;
      }
    }
  }
  let covered = 0;
  for (let s = 0; s < SECTORS; s++) covered += sectors[s]!;
  const nb = Math.max(1, bedCount);
  return { support: covered / SECTORS, unlike: unlike / nb, darker: darker / nb, highlights, onBed: bedCount / Math.max(1, inner), inMouth: mouth / nb };
}

/** What a frame's detection has built on the grid that a candidate ball is read against. */
export interface GridEvidence {
  grid: RectifiedGrid;
  features: FeaturePlanes;
  edges: EdgeField;
  /** The circle votes. */
  acc: Float32Array;
  minMag: number;
}

/**
 * How much of a candidate's inner disc must be unlike the cloth. On the open bed a ball fills
 * most of it; the foot spot, half a ball wide, at most 0.39 (14.1 6464: uncovered among balls,
 * it was read as one). In a pocket's mouth the cloth model holds the hole's dark look, and a
 * dark ball hanging in the jaws is like it over much of its disc (8-ball 6478: the 8, 0.39–0.46).
 */
const UNLIKE_ON_BED = 0.5;
const UNLIKE_IN_MOUTH = 0.3;

/** A candidate's look on the grid: on the bed, outlined, and unlike the cloth (or darker with highlights). */
export function looksLikeBall(ev: BallEvidence): boolean {
  const unlike = ev.inMouth > 0 ? UNLIKE_IN_MOUTH : UNLIKE_ON_BED;
  return ev.onBed >= 0.3 && ev.support >= 0.4 && (ev.unlike >= unlike || (ev.darker >= 0.3 && ev.highlights >= 2));
}

/** A candidate at a grid point (a vote peak, or a fitted outline's centre) when it looks like a ball there. */
export function candidateAt(e: GridEvidence, peak: Peak, refined: RefinedBall | null): Candidate | null {
  const g = e.grid;
  const evidence = ballEvidence(g, e.features, e.edges, peak.i, peak.j, e.minMag);
  if (!looksLikeBall(evidence)) return null;
  return { peak, evidence, ridge: voteRidge(e.acc, g.width, g.height, peak.i, peak.j, g.ballRadius), refined };
}
