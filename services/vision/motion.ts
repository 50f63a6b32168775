// Motion models for the tracker (injected): a constant-velocity Kalman filter per table axis.
// While a ball goes unseen its velocity may be made to decay (`coastDecay` < 1) for scenes
// where hidden balls are mostly at rest; by default it rolls on.

export interface MotionState {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Per-axis covariance [pp, pv, vv] (same for both axes). */
  cov: [number, number, number];
}

export interface MotionFilter {
  /** A new state from a first measurement. */
  init(x: number, y: number): MotionState;
  /** Predicts `dt` seconds ahead; `missed` is how many frames in a row the track has gone unseen. */
  predict(s: MotionState, dt: number, missed: number): MotionState;
  /** Corrects the prediction with a measurement. */
  update(s: MotionState, x: number, y: number): MotionState;
  /** Standard deviation (m) of the predicted position: for gating and search windows. */
  positionSigma(s: MotionState): number;
}

export interface ConstantVelocityOptions {
  /** Measurement noise (m). Default 0.002. */
  measurementSigma?: number;
  /** Acceleration noise (m/s²). Default 5 (collisions re-acquire through the gate's fixed part). */
  accelerationSigma?: number;
  /** Initial velocity uncertainty (m/s). Default 3. */
  initialSpeedSigma?: number;
  /** Velocity kept per unseen frame (0–1). Default 1. */
  coastDecay?: number;
}

export class ConstantVelocityFilter implements MotionFilter {
  private readonly r2: number;
  private readonly q: number;
  private readonly v0: number;
  private readonly decay: number;

  constructor(o: ConstantVelocityOptions = {}) {
    const m = o.measurementSigma ?? 0.002;
    const a = o.accelerationSigma ?? 5;
    const v0 = o.initialSpeedSigma ?? 3;
    const decay = o.coastDecay ?? 1;
    if (!(m > 0) || !(a >= 0) || !(v0 > 0)) throw new Error('ConstantVelocityFilter: sigmas must be positive');
    if (!(decay >= 0 && decay <= 1)) throw new Error('ConstantVelocityFilter: coastDecay must be in [0, 1]');
    this.r2 = m * m;
    this.q = a * a;
    this.v0 = v0;
    this.decay = decay;
  }

  init(x: number, y: number): MotionState {
    return { x, y, vx: 0, vy: 0, cov: [this.r2, 0, this.v0 * this.v0] };
  }

  predict(s: MotionState, dt: number, missed: number): MotionState {
    const k = missed > 0 ? this.decay : 1;
    const [pp, pv, vv] = s.cov;
    const q = this.q;
    // F = [[1, dt], [0, k]], Q from white acceleration.
    const npp = pp + 2 * dt * pv + dt * dt * vv + (q * dt ** 4) / 4;
    const npv = k * (pv + dt * vv) + (q * dt ** 3) / 2;
    const nvv = k * k * vv + q * dt * dt;
    return { x: s.x + s.vx * dt, y: s.y + s.vy * dt, vx: s.vx * k, vy: s.vy * k, cov: [npp, npv, nvv] };
  }

  update(s: MotionState, x: number, y: number): MotionState {
    const [pp, pv, vv] = s.cov;
    const S = pp + this.r2;
    const kp = pp / S;
    const kv = pv / S;
    const ex = x - s.x;
    const ey = y - s.y;
    return {
      x: s.x + kp * ex, y: s.y + kp * ey, vx: s.vx + kv * ex, vy: s.vy + kv * ey,
      cov: [(1 - kp) * pp, (1 - kp) * pv, vv - kv * pv],
    };
  }

  positionSigma(s: MotionState): number {
    return Math.sqrt(s.cov[0] + this.r2);
  }
}
