// A ball struck hard leaves its search window between two frames and shows up as a smear far
// beyond the tracker's gate; started afresh it would be a new, unnamed track that needs a second
// sighting, and the cue ball would coast at rest while it crosses the table. The smear's own
// direction says where it came from: a track that went unmatched this frame, whose last place
// lies on the smear's line behind it (a ball moves straight until it hits something), takes the
// smear, with the speed that path implies (the tracker's `rejoin` hook).
import { BALL_RADIUS } from '../../table/spec.ts';
import type { BallDetection } from '../detection/detect.ts';
import type { MotionFilter, MotionState } from './motion.ts';
import type { Track } from './tracker.ts';
import type { IdentityHook } from '../identity/vote.ts';

export interface SmearRejoinOptions {
  /** Farthest the smear's centre may lie from the track's last place (m). Default 0.8 (24 m/s at 30 fps). */
  reach: number;
  /** Largest distance of the last place from the smear's line (m). Default 1.5 ball radii. */
  offLine: number;
  /** Only tracks unseen for at most this many frames. Default 2. */
  maxMissed: number;
}

export function smearRejoin<H extends IdentityHook>(motion: MotionFilter, o: Partial<SmearRejoinOptions> = {}): (tr: Track<BallDetection, H>, d: BallDetection, dt: number) => MotionState | null {
  const reach = o.reach ?? 0.8;
  const offLine = o.offLine ?? 1.5 * BALL_RADIUS;
  const maxMissed = o.maxMissed ?? 2;
  if (!(reach > 0 && offLine > 0 && Number.isInteger(maxMissed) && maxMissed >= 0)) throw new Error('smearRejoin: reach and offLine must be positive, maxMissed a non-negative integer');
  return (tr, d, dt) => {
    const from = tr.last;
    if (!d.path || !from || tr.missed > maxMissed || !(dt > 0)) return null;
    const ex = d.x - from.x;
    const ey = d.y - from.y;
    const along = Math.abs(ex * d.path.dx + ey * d.path.dy);
    const across = Math.abs(ex * d.path.dy - ey * d.path.dx);
    // Behind the smear (not inside it: a ball there would have been matched), near its line.
    if (along > reach || along < d.path.half || across > offLine) return null;
    const elapsed = dt * (tr.missed + 1);
    return { ...motion.init(d.x, d.y), vx: ex / elapsed, vy: ey / elapsed };
  };
}
