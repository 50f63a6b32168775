// Plane vectors for event inference (table metres, metres per second).
export type Vec = { x: number; y: number };

export const sub = (a: Vec, b: Vec): Vec => ({ x: a.x - b.x, y: a.y - b.y });
export const len = (a: Vec): number => Math.hypot(a.x, a.y);
export const dot = (a: Vec, b: Vec): number => a.x * b.x + a.y * b.y;

/** Angle (rad) between two vectors; π when either is zero. */
export function angleBetween(a: Vec, b: Vec): number {
  const la = len(a);
  const lb = len(b);
  if (la === 0 || lb === 0) return Math.PI;
  return Math.acos(Math.max(-1, Math.min(1, dot(a, b) / (la * lb))));
}
