import { describe, expect, it } from 'vitest';
import { startSegment, type BallKinematics } from './motion.ts';
import { DEFAULT_PHYSICS_PARAMS as P } from './params.ts';
import { multiplyQuaternions, normalizeQuaternion, rotateVector, type Quaternion } from './quaternion.ts';
import { mulberry32, uniform } from './rng.ts';
import { simulateShot } from './simulate.ts';
import { standardTable } from '../../table/geometry.ts';
import { ShotTrajectory } from './trajectory.ts';

const table = standardTable('9ft');
const R = P.ballRadius;

/** Angle (radians) of the rotation taking q1 to q2 (atan2 form: accurate for tiny angles). */
function angleBetween(q1: Quaternion, q2: Quaternion): number {
  const d = multiplyQuaternions({ w: q1.w, x: -q1.x, y: -q1.y, z: -q1.z }, q2);
  return 2 * Math.atan2(Math.hypot(d.x, d.y, d.z), Math.abs(d.w));
}

/** Classical RK4 of dq/dt = ½ (0, ω(t)) ⊗ q with many small steps: the reference. */
function referenceOrientation(omega: (t: number) => { x: number; y: number; z: number }, duration: number, steps: number): Quaternion {
  let q: Quaternion = { w: 1, x: 0, y: 0, z: 0 };
  const derivative = (t: number, p: Quaternion): Quaternion => {
    const w = omega(t);
    const d = multiplyQuaternions({ w: 0, ...w }, p);
    return { w: d.w / 2, x: d.x / 2, y: d.y / 2, z: d.z / 2 };
  };
  const plus = (a: Quaternion, b: Quaternion, k: number): Quaternion => ({ w: a.w + k * b.w, x: a.x + k * b.x, y: a.y + k * b.y, z: a.z + k * b.z });
  const h = duration / steps;
  for (let i = 0; i < steps; i++) {
    const t = i * h;
    const k1 = derivative(t, q);
    const k2 = derivative(t + h / 2, plus(q, k1, h / 2));
    const k3 = derivative(t + h / 2, plus(q, k2, h / 2));
    const k4 = derivative(t + h, plus(q, k3, h));
    q = normalizeQuaternion({
      w: q.w + (h / 6) * (k1.w + 2 * k2.w + 2 * k3.w + k4.w),
      x: q.x + (h / 6) * (k1.x + 2 * k2.x + 2 * k3.x + k4.x),
      y: q.y + (h / 6) * (k1.y + 2 * k2.y + 2 * k3.y + k4.y),
      z: q.z + (h / 6) * (k1.z + 2 * k2.z + 2 * k3.z + k4.z),
    });
  }
  return q;
}

describe('trajectory', () => {
  it('a rolling ball turns about the axis ẑ × v by distance / R', () => {
    const sim = simulateShot({ table, balls: [{ id: 0, x: -1, y: 0.3 }], strike: { speed: 0.6, direction: 0, height: 0.4 } });
    for (const t of [0.1, 0.77, 2.5, sim.restTime, sim.restTime + 3]) {
      const s = sim.trajectory.stateAt(0, t);
      const angle = (s.x + 1) / R;
      const expected: Quaternion = { w: Math.cos(angle / 2), x: 0, y: Math.sin(angle / 2), z: 0 };
      expect(angleBetween(s.orientation, expected)).toBeLessThan(1e-7);
    }
  });

  it('orientation through a sliding segment with spin on all axes matches a fine RK4 reference', () => {
    const rng = mulberry32(3);
    for (let trial = 0; trial < 5; trial++) {
      const k: BallKinematics = {
        x: 0, y: 0, vx: uniform(rng, -3, 3), vy: uniform(rng, -3, 3),
        wx: uniform(rng, -150, 150), wy: uniform(rng, -150, 150), wz: uniform(rng, -60, 60),
      };
      const plan = startSegment(0, 0, k, P);
      const duration = plan.naturalEnd;
      const segment = { ...plan.segment, t1: duration };
      const trajectory = new ShotTrajectory(new Map([[0, [segment, { ...segment, t0: duration, t1: Infinity, state: 'stationary' as const, alphaX: 0, alphaY: 0, alphaZ: 0, start: { ...k, wx: 0, wy: 0, wz: 0 } }]]]));
      const omega = (t: number) => ({ x: k.wx + segment.alphaX * t, y: k.wy + segment.alphaY * t, z: segment.start.wz + segment.alphaZ * t });
      for (const fraction of [0.3, 1]) {
        const reference = referenceOrientation(omega, duration * fraction, 20000);
        expect(angleBetween(trajectory.orientationAt(0, duration * fraction), reference)).toBeLessThan(1e-7);
      }
    }
  });

  it('orientations stay unit quaternions and are continuous across events of a break', () => {
    const sim = simulateShot({
      table, balls: [{ id: 0, x: -0.8, y: 0 }, { id: 1, x: 0.5, y: 0 }, { id: 2, x: 0.5 + 2 * R + 1e-4, y: 0.01 }],
      strike: { speed: 5, direction: 0, side: 0.3, height: 0.2 },
    });
    for (const id of sim.trajectory.balls) {
      for (const e of sim.physicsEvents) {
        const before = sim.trajectory.stateAt(id, e.t, 'before').orientation;
        const after = sim.trajectory.stateAt(id, e.t, 'after').orientation;
        expect(Math.hypot(after.w, after.x, after.y, after.z)).toBeCloseTo(1, 12);
        expect(angleBetween(before, after)).toBeLessThan(1e-9);
      }
    }
    // A point on the ball's surface moves with the ball: the contact point of a rolling ball is at rest.
    const rollingAt = sim.physicsEvents.find((e) => e.kind === 'state-change' && e.ball === 1 && e.to === 'rolling')!.t + 0.05;
    const h = 1e-5;
    const s0 = sim.trajectory.stateAt(1, rollingAt);
    const s1 = sim.trajectory.stateAt(1, rollingAt + h);
    const bodyPoint = rotateVector({ w: s0.orientation.w, x: -s0.orientation.x, y: -s0.orientation.y, z: -s0.orientation.z }, { x: 0, y: 0, z: -R });
    const p0 = rotateVector(s0.orientation, bodyPoint);
    const p1 = rotateVector(s1.orientation, bodyPoint);
    const contactSpeed = Math.hypot(p1.x + s1.x - p0.x - s0.x, p1.y + s1.y - p0.y - s0.y) / h;
    expect(contactSpeed).toBeLessThan(1e-3 * Math.hypot(s0.vx, s0.vy));
  });
});
