// The full trajectory of a shot: for each ball, its motion segments in time order. Any
// ball's position, velocity and angular velocity at any time come from the closed-form
// segment polynomials; its 3-D orientation (a unit quaternion) is integrated from the
// angular velocity, which is linear in time within a segment, with a fourth-order Magnus
// step of at most MAX_STEP_ROTATION radians (global error a few 1e-9 rad per 100 rad turned).
// Orientations are computed lazily and cached at checkpoints, so evaluation is cheap.
import type { BallId } from '../../contract/ids.ts';
import { kinematicsAt, type BallKinematics, type MotionSegment, type MotionState } from './motion.ts';
import { IDENTITY_QUATERNION, advanceOrientation, type Quaternion } from './quaternion.ts';
import type { Vec3 } from './vector.ts';

const MAX_STEP_ROTATION = 0.1;
const STEPS_PER_CHECKPOINT = 16;

export interface BallSnapshot extends BallKinematics {
  readonly id: BallId;
  readonly t: number;
  readonly state: MotionState;
  /** Maps ball coordinates to table coordinates. */
  readonly orientation: Quaternion;
}

interface OrientationCache {
  /** Orientation at the start of each segment (filled in order, as needed). */
  readonly starts: Quaternion[];
  /** Per segment: step length and orientations every STEPS_PER_CHECKPOINT steps. */
  readonly checkpoints: Map<number, { step: number; orientations: Quaternion[] }>;
}

export class ShotTrajectory {
  private readonly segmentsByBall = new Map<BallId, readonly MotionSegment[]>();
  private readonly orientationCaches = new Map<BallId, OrientationCache>();

  constructor(segments: ReadonlyMap<BallId, readonly MotionSegment[]>, initialOrientations: ReadonlyMap<BallId, Quaternion> = new Map()) {
    for (const [ball, list] of segments) {
      if (list.length === 0) throw new Error(`ball ${ball} has no trajectory`);
      this.segmentsByBall.set(ball, list);
      this.orientationCaches.set(ball, { starts: [initialOrientations.get(ball) ?? IDENTITY_QUATERNION], checkpoints: new Map() });
    }
  }

  /** Ball ids in this shot, ascending. */
  get balls(): BallId[] {
    return [...this.segmentsByBall.keys()].sort((a, b) => a - b);
  }

  /** The motion segments of one ball, in time order (the last has t1 = Infinity). */
  segments(ball: BallId): readonly MotionSegment[] {
    const list = this.segmentsByBall.get(ball);
    if (!list) throw new RangeError(`ball ${ball} is not in this shot`);
    return list;
  }

  /** Index of the segment in force at t: with 'after', the one with t0 ≤ t < t1; with 'before', t0 < t ≤ t1. */
  segmentIndexAt(ball: BallId, t: number, side: 'before' | 'after' = 'after'): number {
    const list = this.segments(ball);
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const t0 = list[mid]!.t0;
      if (side === 'after' ? t0 <= t : t0 < t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Position, velocity, angular velocity, motion state and orientation of a ball at t. */
  stateAt(ball: BallId, t: number, side: 'before' | 'after' = 'after'): BallSnapshot {
    const index = this.segmentIndexAt(ball, t, side);
    const segment = this.segments(ball)[index]!;
    return { id: ball, t, state: segment.state, ...kinematicsAt(segment, t), orientation: this.orientationIn(ball, index, t) };
  }

  positionAt(ball: BallId, t: number): { x: number; y: number } {
    const segment = this.segments(ball)[this.segmentIndexAt(ball, t)]!;
    const k = kinematicsAt(segment, t);
    return { x: k.x, y: k.y };
  }

  orientationAt(ball: BallId, t: number): Quaternion {
    return this.orientationIn(ball, this.segmentIndexAt(ball, t), t);
  }

  private orientationIn(ball: BallId, index: number, t: number): Quaternion {
    const segment = this.segments(ball)[index]!;
    const start = this.segmentStartOrientation(ball, index);
    const duration = segmentDuration(segment);
    if (duration === 0) return start;
    const tau = Math.min(Math.max(0, t - segment.t0), duration);
    const table = this.checkpointsOf(ball, index, start);
    const checkpointSpan = table.step * STEPS_PER_CHECKPOINT;
    const j = Math.min(table.orientations.length - 1, Math.floor(tau / checkpointSpan));
    return integrate(segment, table.orientations[j]!, j * checkpointSpan, tau, table.step);
  }

  private segmentStartOrientation(ball: BallId, index: number): Quaternion {
    const cache = this.orientationCaches.get(ball)!;
    while (cache.starts.length <= index) {
      const previous = cache.starts.length - 1;
      const segment = this.segments(ball)[previous]!;
      const table = this.checkpointsOf(ball, previous, cache.starts[previous]!);
      const lastIndex = table.orientations.length - 1;
      const from = lastIndex * table.step * STEPS_PER_CHECKPOINT;
      cache.starts.push(integrate(segment, table.orientations[lastIndex]!, from, segmentDuration(segment), table.step));
    }
    return cache.starts[index]!;
  }

  private checkpointsOf(ball: BallId, index: number, start: Quaternion): { step: number; orientations: Quaternion[] } {
    const cache = this.orientationCaches.get(ball)!;
    const existing = cache.checkpoints.get(index);
    if (existing) return existing;
    const segment = this.segments(ball)[index]!;
    const duration = segmentDuration(segment);
    const steps = Math.max(1, Math.ceil((maxSpin(segment, duration) * duration) / MAX_STEP_ROTATION));
    const step = duration / steps;
    const orientations: Quaternion[] = [start];
    let q = start;
    for (let k = STEPS_PER_CHECKPOINT; k < steps; k += STEPS_PER_CHECKPOINT) {
      q = integrate(segment, q, (k - STEPS_PER_CHECKPOINT) * step, k * step, step);
      orientations.push(q);
    }
    const table = { step, orientations };
    cache.checkpoints.set(index, table);
    return table;
  }
}

/** A segment's length in time; at-rest final segments (t1 = Infinity) have no rotation, so 0. */
function segmentDuration(segment: MotionSegment): number {
  return Number.isFinite(segment.t1) ? segment.t1 - segment.t0 : 0;
}

function omegaAt(segment: MotionSegment, tau: number): Vec3 {
  const k = segment.start;
  return { x: k.wx + segment.alphaX * tau, y: k.wy + segment.alphaY * tau, z: k.wz + segment.alphaZ * tau };
}

function maxSpin(segment: MotionSegment, duration: number): number {
  const a = omegaAt(segment, 0);
  const b = omegaAt(segment, duration);
  return Math.max(Math.hypot(a.x, a.y, a.z), Math.hypot(b.x, b.y, b.z));
}

/** Orientation at tau given orientation q at tauFrom, in steps no longer than `step`. */
function integrate(segment: MotionSegment, q: Quaternion, tauFrom: number, tau: number, step: number): Quaternion {
  const span = tau - tauFrom;
  if (span <= 0) return q;
  const steps = Math.max(1, Math.ceil(span / step - 1e-9));
  const h = span / steps;
  const slope: Vec3 = { x: segment.alphaX, y: segment.alphaY, z: segment.alphaZ };
  let result = q;
  for (let k = 0; k < steps; k++) result = advanceOrientation(result, omegaAt(segment, tauFrom + k * h), slope, h);
  return result;
}
