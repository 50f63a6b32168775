// Motion models for the tracker (injected): a constant-velocity Kalman filter per table axis.
// While a ball goes unseen its velocity may be made to decay (`coastDecay` < 1) for scenes
// where hidden balls are mostly at rest; by default it rolls on.
// Not kalman-filter: the same states and covariances (to 3e-15) but 16–22 µs per ball and frame
// against 0.03 µs here (ml-matrix written out: 3.5–7 µs) (measured 2026-12-04, /tmp/numbench, Node 20).

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

/**
 * A motion filter whose predictions come off the cushions: a predicted centre past a cushion's
 * line (a ball radius inside the nose) is mirrored back across it, the velocity across it
 * reversed and cut by `restitution` (a break ball bounces from one frame to the next; predicted
 * straight on, its search window and gate would be behind the cushion).
 */
export class CushionBounceFilter implements MotionFilter {
  constructor(
    private readonly inner: MotionFilter,
    /** |x| and |y| a ball centre can reach (m): half the bed less a ball radius. */
    private readonly reach: { x: number; y: number },
    private readonly restitution = 0.8,
  ) {
    if (!(reach.x > 0 && reach.y > 0)) throw new Error('CushionBounceFilter: reach must be positive');
    if (!(restitution >= 0 && restitution <= 1)) throw new Error('CushionBounceFilter: restitution must be in [0, 1]');
  }

  init(x: number, y: number): MotionState {
    return this.inner.init(x, y);
  }

  predict(s: MotionState, dt: number, missed: number): MotionState {
    const p = this.inner.predict(s, dt, missed);
    let { x, y, vx, vy } = p;
    const e = this.restitution;
    // Mirrored about the line, the overshoot shortened by the restitution (it happens after the bounce).
    // Only a line crossed in this step: a ball already past it (in a pocket's jaws) goes on.
    const rx = this.reach.x;
    const ry = this.reach.y;
    if (x > rx && s.x <= rx) { x = rx - e * (x - rx); vx = -e * vx; }
    else if (x < -rx && s.x >= -rx) { x = -rx + e * (-rx - x); vx = -e * vx; }
    if (y > ry && s.y <= ry) { y = ry - e * (y - ry); vy = -e * vy; }
    else if (y < -ry && s.y >= -ry) { y = -ry + e * (-ry - y); vy = -e * vy; }
    return { ...p, x, y, vx, vy };
  }

  update(s: MotionState, x: number, y: number): MotionState {
    return this.inner.update(s, x, y);
  }

  positionSigma(s: MotionState): number {
    return this.inner.positionSigma(s);
  }
}
