// The identity classifier's classes: index 0–15 is the ball id (0 the cue ball), 16 "not a
// ball"; and the coarse kind of each.
import type { BallId } from '../../contract/ids.ts';

export const NUM_CLASSES = 17;
export const NONE_CLASS = 16;

/** Whether a look calls the crop "not a ball" more likely than not. */
export function readsNotABall(probs: ArrayLike<number>): boolean {
  return (probs[NONE_CLASS] ?? 0) > 0.5;
}

export type BallKind = 'cue' | 'eight' | 'solid' | 'stripe' | 'none';
export const BALL_KINDS: readonly BallKind[] = ['cue', 'eight', 'solid', 'stripe', 'none'];

/** The kind of a class index (0–15 ball id, 16 none). */
export function kindOfClass(c: number): BallKind {
  if (c === 0) return 'cue';
  if (c === 8) return 'eight';
  if (c >= 1 && c <= 7) return 'solid';
  if (c >= 9 && c <= 15) return 'stripe';
  return 'none';
}

/** The ball id of a class index, null for "none". */
export function idOfClass(c: number): BallId | null {
  return c >= 0 && c <= 15 ? (c as BallId) : null;
}

/** Index into BALL_KINDS. */
export function kindIndex(k: BallKind): number {
  return BALL_KINDS.indexOf(k);
}

/** Sums class probabilities (length NUM_CLASSES) into kind probabilities (length 5). */
export function kindProbs(p: ArrayLike<number>): number[] {
  const out = [0, 0, 0, 0, 0];
  for (let c = 0; c < NUM_CLASSES; c++) out[kindIndex(kindOfClass(c))]! += p[c]!;
  return out;
}
