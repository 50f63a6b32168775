// The cue strike: a level cue (no massé, no jump) gives the ball an impulse J = m v along
// the aim direction d at the tip contact point, offset `side` (a) and `height` (b) from
// the ball centre as fractions of R. With the contact at R(−c d + a r + b ẑ), r = d × ẑ
// the shooter's right, the impulse gives
//   v = speed · d,   ω = (5 speed / 2R) (b ẑ×d + a ẑ).
// So b = 2/5 is a natural roll, b < 0 draw, a > 0 right english (anticlockwise from above
// in this right-handed frame). `speed` is the CUE-BALL speed just after the strike (m/s);
// use cueBallSpeedFromCueSpeed to convert a cue (stick) speed. Squirt and swerve are not
// modelled.
import type { BallId } from '../../contract/ids.ts';
import { CUE_BALL } from '../../contract/ids.ts';
import type { BallKinematics } from './motion.ts';
import type { PhysicsParams } from './params.ts';
import type { Vec2 } from './vector.ts';

export interface CueStrike {
  /** The struck ball (default: the cue ball, 0). */
  readonly ball?: BallId;
  /** Cue-ball speed after the strike (m/s), typically 0.3 to 12. */
  readonly speed: number;
  /** Aim direction in the table frame: radians anticlockwise from +x (towards the foot). */
  readonly direction: number;
  /** Tip offset to the shooter's right of centre, fraction of R (right english > 0). */
  readonly side?: number;
  /** Tip offset above centre, fraction of R (follow > 0, draw < 0). */
  readonly height?: number;
}

/** Tip offsets farther from centre than this fraction of R are refused (a miscue). */
export const MAX_TIP_OFFSET = 0.7;

export function strikeBall(k: BallKinematics, strike: CueStrike, p: PhysicsParams): BallKinematics {
  const a = strike.side ?? 0;
  const b = strike.height ?? 0;
  if (!(strike.speed >= 0) || !Number.isFinite(strike.speed)) throw new RangeError(`strike speed must be a finite number ≥ 0, got ${strike.speed}`);
  if (Math.hypot(a, b) > MAX_TIP_OFFSET) throw new RangeError(`tip offset (${a}, ${b}) is beyond ${MAX_TIP_OFFSET} R: a miscue`);
  const dx = Math.cos(strike.direction);
  const dy = Math.sin(strike.direction);
  const spin = (5 * strike.speed) / (2 * p.ballRadius);
  return {
    x: k.x,
    y: k.y,
    vx: k.vx + strike.speed * dx,
    vy: k.vy + strike.speed * dy,
    wx: k.wx - spin * b * dy,
    wy: k.wy + spin * b * dx,
    wz: k.wz + spin * a,
  };
}

export const strikeTarget = (strike: CueStrike): BallId => strike.ball ?? CUE_BALL;

/** The aim direction (radians) from one point towards another. */
export function aimDirection(from: Vec2, to: Vec2): number {
  return Math.atan2(to.y - from.y, to.x - from.x);
}

export interface CueProperties {
  /** Cue mass (kg). */
  readonly mass: number;
  /** Tip–ball coefficient of restitution. */
  readonly tipRestitution: number;
}

export const DEFAULT_CUE: CueProperties = { mass: 0.54, tipRestitution: 0.75 };

/**
 * Cue-ball speed from cue speed: the ball's effective mass at an offset contact is
 * m / (1 + 5/2 (a² + b²)), so v = (1 + e) V / (1 + m/M + 5/2 (a² + b²)).
 */
export function cueBallSpeedFromCueSpeed(cueSpeed: number, p: PhysicsParams, side = 0, height = 0, cue: CueProperties = DEFAULT_CUE): number {
  return ((1 + cue.tipRestitution) * cueSpeed) / (1 + p.ballMass / cue.mass + 2.5 * (side * side + height * height));
}
