// A ball candidate as it passes through detection: the vote peak on the rectified grid, the
// grid's evidence around it, the vote ridge (a smeared ball), the outline refined in the full
// frame, and the tracker's predicted regions that steer where detection looks. Types only; the
// stages that make them (circle-votes, ball-evidence, refine, select, detect) import this file.

export interface Peak {
  i: number;
  j: number;
  score: number;
}

/** Shape of the vote peak: its centroid, and how elongated it is (a smeared ball votes along its path). */
export interface VoteRidge {
  ci: number;
  cj: number;
  elongation: number;
}

export interface Candidate {
  peak: Peak;
  evidence: BallEvidence;
  ridge: VoteRidge;
  refined: RefinedBall | null;
}

/** The cloth's colour where a ball is looked for: ln-brightness and chromaticity (r, g). */
export interface ClothReference {
  logS: number;
  r: number;
  g: number;
}

export interface RefinedBall {
  /** Image pixel of the centre (as seen). */
  u: number;
  v: number;
  /** Table frame (m), ball-centre plane. */
  x: number;
  y: number;
  /** Silhouette radius across the radial direction, image pixels. */
  r: number;
  /** Fraction of rays whose edge point fits the circle. */
  inlierFraction: number;
  /** RMS distance of the inlier edge points from the outline (px). */
  residualPx: number;
  /** Fitted radius over the expected one. */
  radiusRatio: number;
}

export interface BallEvidence {
  /** Fraction of 24 sectors with a radial edge about one radius out. */
  support: number;
  /** Fraction of the inner disc (0.7 r) clearly unlike the cloth (hue, much brighter or much darker). */
  unlike: number;
  /** Fraction of the inner disc darker than the cloth by more than a shadow's edge (−0.15 in ln). */
  darker: number;
  /** Bright, nearly white pixels (specular highlights, white parts) in the inner disc. */
  highlights: number;
  /** Fraction of the inner disc on the valid bed. */
  onBed: number;
  /** Fraction of the inner disc in a pocket's mouth (where the cloth model holds the hole's look). */
  inMouth: number;
}

export interface PredictedRegion {
  x: number;
  y: number;
  /** Search radius around (x, y), m. */
  radius: number;
  /**
   * Where the ball was last seen sharp: a prior with it is looked for by its outline when no
   * candidate came (`seededAtPriors` in outline-seeds.ts), anywhere on the way from there (a
   * collision stops a ball).
   */
  from?: { x: number; y: number };
}
