// Plane vectors on the table (plain readonly records, metres): what the table geometry, the
// simulator and event inference share for points and directions on the bed.

export interface Vec2 {
  readonly x: number;
  readonly y: number;
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
