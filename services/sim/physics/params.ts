// Physical parameters of balls, cloth and cushions, and the choice of collision models.
// All defaults live in DEFAULT_PHYSICS_PARAMS; pass a Partial to override any of them.
import { BALL_DIAMETER, BALL_RADIUS } from '../../table/spec.ts';

/**
 * Ball–ball collision model.
 * - 'frictional-impulse': instantaneous impulse with restitution `ballRestitution` and
 *   Coulomb friction `ballFriction` at the contact point (stick or slip). Produces
 *   cut-induced and spin-induced throw and spin transfer.
 * - 'alciatore-throw': the same impulse, but the friction coefficient depends on the
 *   relative sliding speed at the contact, mu(v) = a + b exp(-c v) with Alciatore's fit
 *   a = 9.951e-3, b = 0.108, c = 1.088 (v in m/s).
 */
export type BallBallModel = 'frictional-impulse' | 'alciatore-throw';

/**
 * Ball–cushion model.
 * - 'han-2005': impulse at the cushion nose, which is above the ball's equator
 *   (contact normal tilted by asin(h/R - 1)); restitution along that normal and
 *   Coulomb friction (stick or slip) in the contact plane, after Han (2005). The ball
 *   stays on the bed: the vertical part of the impulse changes spin, not height.
 * - 'frictionless-planar': the horizontal normal velocity is reversed and scaled by
 *   `cushionRestitution`; tangential velocity and spin are kept.
 */
export type CushionModel = 'han-2005' | 'frictionless-planar';

/**
 * Balls leaving the table: when a ball hits a cushion (nose, jaw or jaw tip) with a
 * horizontal normal speed v_n above `minNormalSpeed`, it jumps off the table with
 * probability maxProbability * clamp((v_n - minNormalSpeed) / (fullNormalSpeed - minNormalSpeed), 0, 1),
 * decided by one draw from the injected RNG (drawn only when v_n > minNormalSpeed).
 */
export interface OffTableModel {
  readonly minNormalSpeed: number;
  readonly fullNormalSpeed: number;
  readonly maxProbability: number;
}

export interface PhysicsParams {
  /** Ball radius (m). */
  readonly ballRadius: number;
  /** Ball mass (kg). */
  readonly ballMass: number;
  /** Gravitational acceleration (m/s²). */
  readonly gravity: number;
  /** Ball–cloth sliding friction coefficient. */
  readonly slidingFriction: number;
  /** Ball–cloth rolling resistance coefficient (deceleration = mu g). */
  readonly rollingFriction: number;
  /** Spinning friction coefficient: the vertical spin decays at 5 mu g / (2R) rad/s². */
  readonly spinningFriction: number;
  /** Ball–ball coefficient of restitution. */
  readonly ballRestitution: number;
  /** Ball–ball friction coefficient (used by 'frictional-impulse'). */
  readonly ballFriction: number;
  readonly ballBallModel: BallBallModel;
  /** Ball–cushion coefficient of restitution (along the contact normal). */
  readonly cushionRestitution: number;
  /** Ball–cushion friction coefficient. */
  readonly cushionFriction: number;
  /** Height of the cushion nose above the bed (m). */
  readonly cushionNoseHeight: number;
  readonly cushionModel: CushionModel;
  /** Model for balls jumping off the table; null: they never do. */
  readonly offTable: OffTableModel | null;
  /**
   * Least separating normal speed (m/s) after any collision. Below it the velocity is
   * turned (same speed, so no energy is added) to separate at this speed; if the speed
   * itself is smaller, the missing energy is taken from the balls' spin and common
   * motion (never created). This stops endless (Zeno) chains of ever smaller bounces
   * between bodies pressed together.
   */
  readonly minSeparationSpeed: number;
}

export const DEFAULT_PHYSICS_PARAMS: PhysicsParams = {
  ballRadius: BALL_RADIUS,
  ballMass: 0.17,
  gravity: 9.81,
  slidingFriction: 0.2,
  rollingFriction: 0.01,
  spinningFriction: 0.044,
  ballRestitution: 0.95,
  ballFriction: 0.06,
  ballBallModel: 'frictional-impulse',
  cushionRestitution: 0.85,
  cushionFriction: 0.2,
  cushionNoseHeight: 0.64 * BALL_DIAMETER,
  cushionModel: 'han-2005',
  offTable: { minNormalSpeed: 4.5, fullNormalSpeed: 9, maxProbability: 0.15 },
  minSeparationSpeed: 2e-3,
};

export function physicsParams(overrides: Partial<PhysicsParams> = {}): PhysicsParams {
  return { ...DEFAULT_PHYSICS_PARAMS, ...overrides };
}

/** Moment of inertia of a solid ball, 2/5 m R². */
export function ballInertia(p: PhysicsParams): number {
  return 0.4 * p.ballMass * p.ballRadius * p.ballRadius;
}
