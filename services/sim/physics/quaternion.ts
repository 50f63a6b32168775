// Unit quaternions for ball orientation. A quaternion q maps ball (body) coordinates to
// table coordinates; it evolves as dq/dt = ½ (0, ω) ⊗ q with ω the angular velocity in
// the table frame.
import { cross3, length3, type Vec3 } from './vector.ts';

export interface Quaternion {
  readonly w: number;
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export const IDENTITY_QUATERNION: Quaternion = { w: 1, x: 0, y: 0, z: 0 };

export function multiplyQuaternions(a: Quaternion, b: Quaternion): Quaternion {
  return {
    w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
    x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  };
}

export function normalizeQuaternion(q: Quaternion): Quaternion {
  const n = Math.hypot(q.w, q.x, q.y, q.z);
  return { w: q.w / n, x: q.x / n, y: q.y / n, z: q.z / n };
}

/** The rotation by |v| radians about the axis v (v = 0: identity). */
export function quaternionFromRotationVector(v: Vec3): Quaternion {
  const angle = length3(v);
  if (angle < 1e-12) return normalizeQuaternion({ w: 1, x: v.x / 2, y: v.y / 2, z: v.z / 2 });
  const s = Math.sin(angle / 2) / angle;
  return { w: Math.cos(angle / 2), x: v.x * s, y: v.y * s, z: v.z * s };
}

/** Map body (ball) coordinates v to table coordinates. */
export function rotateVector(q: Quaternion, v: Vec3): Vec3 {
  const p = multiplyQuaternions(multiplyQuaternions(q, { w: 0, ...v }), { w: q.w, x: -q.x, y: -q.y, z: -q.z });
  return { x: p.x, y: p.y, z: p.z };
}

/**
 * Advance q over a time step h while ω(τ) = omegaStart + slope τ (τ from the step start),
 * by the fourth-order Magnus expansion, exact to O(h⁵):
 *   Θ = h ω(h/2) − (h³/12) omegaStart × slope,   q ← exp(Θ/2) ⊗ q.
 */
export function advanceOrientation(q: Quaternion, omegaStart: Vec3, slope: Vec3, h: number): Quaternion {
  const half = h / 2;
  const correction = cross3(omegaStart, slope);
  const k = (h * h * h) / 12;
  const theta: Vec3 = {
    x: h * (omegaStart.x + slope.x * half) - k * correction.x,
    y: h * (omegaStart.y + slope.y * half) - k * correction.y,
    z: h * (omegaStart.z + slope.z * half) - k * correction.z,
  };
  return normalizeQuaternion(multiplyQuaternions(quaternionFromRotationVector(theta), q));
}
