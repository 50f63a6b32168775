// Minimal 3-D vector helpers (plain readonly records; z is up, out of the bed); the plane ones
// live with the table geometry (services/table/vec2.ts) and are re-exported here for the physics.
export { add2, dot2, length2, normalize2, perp2, scale2, sub2, type Vec2 } from '../../table/vec2.ts';

export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export const dot3 = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;
export const length3 = (a: Vec3): number => Math.hypot(a.x, a.y, a.z);
export const cross3 = (a: Vec3, b: Vec3): Vec3 => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});
