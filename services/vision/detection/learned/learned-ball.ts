// What the learned detector gives per ball (a type learned-detector.ts and refine-learned.ts share).

export interface LearnedBall {
  /** Centre (image px, OpenCV convention) and radius (image px). */
  u: number;
  v: number;
  r: number;
  /** The network's probability of a ball centre at its peak (0–1). */
  confidence: number;
}
