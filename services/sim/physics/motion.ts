// Closed-form ball motion on the cloth. Within a motion segment the ball's state does not
// change, the linear acceleration and the angular acceleration are constant, so position
// is quadratic and velocity and angular velocity are linear in time:
//   sliding:  a = −μs g û (û: direction of the contact-point velocity u = v + R ẑ×ω, which
//             stays fixed while sliding), dω/dt = (5 μs g / 2R) ẑ×û; lasts 2|u|/(7 μs g).
//   rolling:  a = −μr g v̂, ω_xy = ẑ×v / R; lasts |v| / (μr g).
//   spinning: in place, only ω_z.
// In every moving state ω_z decays at 5 μsp g / (2R); the time it reaches zero also ends
// a segment, so ω is exactly linear within each segment.
import type { BallId, Pocket } from '../../contract/ids.ts';
import type { PhysicsParams } from './params.ts';

export type MotionState = 'sliding' | 'rolling' | 'spinning' | 'stationary' | 'pocketed' | 'off-table';

/** Position (m), velocity (m/s) and angular velocity (rad/s, table frame) of a ball on the bed. */
export interface BallKinematics {
  readonly x: number;
  readonly y: number;
  readonly vx: number;
  readonly vy: number;
  readonly wx: number;
  readonly wy: number;
  readonly wz: number;
}

/** One piece of a ball's trajectory: from t0 to t1 (Infinity for the last, at-rest piece). */
export interface MotionSegment {
  readonly ball: BallId;
  readonly state: MotionState;
  readonly t0: number;
  readonly t1: number;
  /** Kinematics at t0. */
  readonly start: BallKinematics;
  /** Constant linear acceleration (m/s²). */
  readonly ax: number;
  readonly ay: number;
  /** Constant angular acceleration (rad/s²). */
  readonly alphaX: number;
  readonly alphaY: number;
  readonly alphaZ: number;
  /** The pocket that holds the ball (state 'pocketed' only). */
  readonly pocket: Pocket | null;
}

/** Contact-point speeds (m/s) below which a motion counts as zero. */
export const SPEED_EPSILON = 1e-9;

export const atRest = (k: BallKinematics): BallKinematics => ({ ...k, vx: 0, vy: 0, wx: 0, wy: 0, wz: 0 });

/** Velocity of the cloth contact point, u = v + R ẑ × ω. */
export function slipVelocity(k: BallKinematics, radius: number): { x: number; y: number } {
  return { x: k.vx - radius * k.wy, y: k.vy + radius * k.wx };
}

export function classifyMotion(k: BallKinematics, p: PhysicsParams): 'sliding' | 'rolling' | 'spinning' | 'stationary' {
  const R = p.ballRadius;
  const slip = slipVelocity(k, R);
  if (Math.hypot(slip.x, slip.y) > SPEED_EPSILON) return 'sliding';
  if (Math.hypot(k.vx, k.vy) > SPEED_EPSILON) return 'rolling';
  return Math.abs(k.wz) * R > SPEED_EPSILON ? 'spinning' : 'stationary';
}

/** The decay rate of vertical spin (rad/s²). */
export const spinDecayRate = (p: PhysicsParams): number => (5 * p.spinningFriction * p.gravity) / (2 * p.ballRadius);

export interface SegmentPlan {
  readonly segment: MotionSegment;
  /** When the segment ends by itself (state change or spin reaching zero); Infinity if never. */
  readonly naturalEnd: number;
}

/**
 * Starts a segment at t0 from the given kinematics, snapping them to the state's
 * constraints (rolling: ω_xy = ẑ×v/R exactly; spinning: v = ω_xy = 0).
 */
export function startSegment(ball: BallId, t0: number, kinematics: BallKinematics, p: PhysicsParams): SegmentPlan {
  const R = p.ballRadius;
  const g = p.gravity;
  const state = classifyMotion(kinematics, p);
  const spinning = Math.abs(kinematics.wz) * R > SPEED_EPSILON;
  const wz = spinning ? kinematics.wz : 0;
  const alphaZ = spinning ? -Math.sign(wz) * spinDecayRate(p) : 0;
  const spinEnd = spinning ? Math.abs(wz) / spinDecayRate(p) : Infinity;
  const base = { ball, state, t0, t1: Infinity, pocket: null };
  if (state === 'sliding') {
    const slip = slipVelocity(kinematics, R);
    const slipSpeed = Math.hypot(slip.x, slip.y);
    const ux = slip.x / slipSpeed;
    const uy = slip.y / slipSpeed;
    const linear = p.slidingFriction * g;
    const angular = (5 * p.slidingFriction * g) / (2 * R);
    const slideEnd = (2 * slipSpeed) / (7 * linear);
    const segment: MotionSegment = {
      ...base,
      start: { ...kinematics, wz },
      ax: -linear * ux,
      ay: -linear * uy,
      alphaX: -angular * uy,
      alphaY: angular * ux,
      alphaZ,
    };
    return { segment, naturalEnd: t0 + Math.min(slideEnd, spinEnd) };
  }
  if (state === 'rolling') {
    const speed = Math.hypot(kinematics.vx, kinematics.vy);
    const decel = p.rollingFriction * g;
    const ax = (-decel * kinematics.vx) / speed;
    const ay = (-decel * kinematics.vy) / speed;
    const segment: MotionSegment = {
      ...base,
      start: { ...kinematics, wx: -kinematics.vy / R, wy: kinematics.vx / R, wz },
      ax,
      ay,
      alphaX: -ay / R,
      alphaY: ax / R,
      alphaZ,
    };
    return { segment, naturalEnd: t0 + Math.min(speed / decel, spinEnd) };
  }
  const still = { ...atRest(kinematics), wz };
  const segment: MotionSegment = { ...base, start: still, ax: 0, ay: 0, alphaX: 0, alphaY: 0, alphaZ };
  return { segment, naturalEnd: state === 'spinning' ? t0 + spinEnd : Infinity };
}

/** A final segment for a ball that left the bed (pocketed or off the table) at t0. */
export function removedSegment(ball: BallId, t0: number, at: { x: number; y: number }, state: 'pocketed' | 'off-table', pocket: Pocket | null): MotionSegment {
  return {
    ball, state, t0, t1: Infinity, pocket,
    start: { x: at.x, y: at.y, vx: 0, vy: 0, wx: 0, wy: 0, wz: 0 },
    ax: 0, ay: 0, alphaX: 0, alphaY: 0, alphaZ: 0,
  };
}

/** Kinematics of a segment at absolute time t (clamped to the segment's start). */
export function kinematicsAt(s: MotionSegment, t: number): BallKinematics {
  const tau = Math.max(0, t - s.t0);
  const k = s.start;
  return {
    x: k.x + tau * (k.vx + 0.5 * s.ax * tau),
    y: k.y + tau * (k.vy + 0.5 * s.ay * tau),
    vx: k.vx + s.ax * tau,
    vy: k.vy + s.ay * tau,
    wx: k.wx + s.alphaX * tau,
    wy: k.wy + s.alphaY * tau,
    wz: k.wz + s.alphaZ * tau,
  };
}

/**
 * Kinematics at a segment's natural end, with the quantity that ran out set to exactly
 * zero (slip → rolling constraint, speed → 0, spin → 0), so no rounding residue survives.
 */
export function kinematicsAtNaturalEnd(s: MotionSegment, t: number, p: PhysicsParams): BallKinematics {
  const k = kinematicsAt(s, t);
  const R = p.ballRadius;
  const tau = t - s.t0;
  const relativeTolerance = 1e-9;
  let { vx, vy, wx, wy, wz } = k;
  if (s.alphaZ !== 0 && Math.abs(s.start.wz) / Math.abs(s.alphaZ) <= tau * (1 + relativeTolerance) + 1e-15) wz = 0;
  if (s.state === 'sliding') {
    const slip = slipVelocity(s.start, R);
    const slideEnd = (2 * Math.hypot(slip.x, slip.y)) / (7 * p.slidingFriction * p.gravity);
    if (slideEnd <= tau * (1 + relativeTolerance) + 1e-15) {
      wx = -vy / R;
      wy = vx / R;
    }
  } else if (s.state === 'rolling') {
    const rollEnd = Math.hypot(s.start.vx, s.start.vy) / (p.rollingFriction * p.gravity);
    if (rollEnd <= tau * (1 + relativeTolerance) + 1e-15) {
      vx = 0;
      vy = 0;
      wx = 0;
      wy = 0;
    }
  }
  return { x: k.x, y: k.y, vx, vy, wx, wy, wz };
}

/** Translational plus rotational kinetic energy (J). */
export function kineticEnergy(k: BallKinematics, p: PhysicsParams): number {
  const inertia = 0.4 * p.ballMass * p.ballRadius * p.ballRadius;
  return 0.5 * p.ballMass * (k.vx * k.vx + k.vy * k.vy) + 0.5 * inertia * (k.wx * k.wx + k.wy * k.wy + k.wz * k.wz);
}
