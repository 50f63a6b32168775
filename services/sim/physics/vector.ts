// Minimal 2-D and 3-D vector helpers (plain readonly records; z is up, out of the bed).

export interface Vec2 {
  readonly x: number;
  readonly y: number;
}

export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export const add2 = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x + b.x, y: a.y + b.y });
export const sub2 = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });
export const scale2 = (a: Vec2, k: number): Vec2 => ({ x: a.x * k, y: a.y * k });
export const dot2 = (a: Vec2, b: Vec2): number => a.x * b.x + a.y * b.y;
export const length2 = (a: Vec2): number => Math.hypot(a.x, a.y);
/** The vector turned a quarter turn anticlockwise (z × a). */
export const perp2 = (a: Vec2): Vec2 => ({ x: -a.y, y: a.x });
export function normalize2(a: Vec2): Vec2 {
  const n = length2(a);
  return n > 0 ? { x: a.x / n, y: a.y / n } : { x: 0, y: 0 };
}

export const dot3 = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;
export const length3 = (a: Vec3): number => Math.hypot(a.x, a.y, a.z);
export const cross3 = (a: Vec3, b: Vec3): Vec3 => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});
