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

/** Distance from p to the segment a–b. */
export function segmentDistance(p: Vec, a: Vec, b: Vec): number {
  const ab = sub(b, a);
  const k = Math.max(0, Math.min(1, dot(sub(p, a), ab) / (dot(ab, ab) || 1)));
  return len(sub(p, { x: a.x + ab.x * k, y: a.y + ab.y * k }));
}
