// A ball cannot pass through another. A constant-velocity prediction of a fast ball (a break's
// cue ball: 17 cm a frame at 60 fps) runs straight through the rack, and the track then takes
// whatever detection lies there (9-ball 6316: the cue ball's track carried on through the rack,
// and the break's first contact was read on the 5). Here a moving track's prediction stops at
// the first resting ball in its way, and goes on for the rest of the frame as an equal-mass
// collision leaves it: only the velocity across the line of centres (a full hit stops the ball
// at the contact; a graze hardly changes it). Spin and throw are left out: the track's own next
// detections correct them. Written here because it is a few lines of the tracker's geometry.
import type { MotionState } from './motion.ts';

export interface RestingBall {
  x: number;
  y: number;
}

/**
 * `predicted` (the filter's prediction `dt` seconds after `from`) stopped at the first of `resting`
 * that the straight way from `from` to it would run into (centres 2 radii apart), and turned as a
 * collision turns it; unchanged when nothing is in the way or the ball starts already touching
 * one (frozen balls: a push, not a collision).
 */
export function stopAtRestingBall(from: { x: number; y: number }, predicted: MotionState, resting: readonly RestingBall[], radius: number): MotionState {
  const dx = predicted.x - from.x, dy = predicted.y - from.y;
  const dd = dx * dx + dy * dy;
  if (!(dd > 0)) return predicted;
  const reach = 2 * radius;
  let first = Infinity;
  let hit: RestingBall | null = null;
  for (const b of resting) {
    const fx = from.x - b.x, fy = from.y - b.y;
    const c = fx * fx + fy * fy - reach * reach;
    if (c <= 0) continue; // already touching (or the ball itself)
    const h = fx * dx + fy * dy;
    if (h >= 0) continue; // moving away
    const disc = h * h - dd * c;
    if (disc < 0) continue; // passes by
    const s = (-h - Math.sqrt(disc)) / dd;
    if (s > 0 && s <= 1 && s < first) { first = s; hit = b; }
  }
  if (!hit) return predicted;
  const cx = from.x + first * dx, cy = from.y + first * dy;
  const nx = (hit.x - cx) / reach, ny = (hit.y - cy) / reach;
  const along = predicted.vx * nx + predicted.vy * ny;
  const vx = predicted.vx - along * nx, vy = predicted.vy - along * ny;
  // The rest of the frame's way, scaled from the prediction's speed to the speed left.
  const speed = Math.hypot(predicted.vx, predicted.vy);
  const k = speed > 0 ? ((1 - first) * Math.sqrt(dd)) / speed : 0;
  return { ...predicted, x: cx + vx * k, y: cy + vy * k, vx, vy };
}
