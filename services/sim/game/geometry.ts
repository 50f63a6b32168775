// Table geometry for the players: ghost balls, clear paths, pocket windows and the kitchen.
// A pocket "window" is the range of directions in which a ball rolling from a point passes
// the mouth clear of both rounded jaw tips; its centre is where a player aims, its half
// width is the angular tolerance of the pot.
import type { BallId, Pocket } from '../../contract/ids.ts';
import type { PocketGeometry, TableGeometry } from '../physics/index.ts';

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface BallSpot {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
}

export const dist = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);
export const heading = (from: Point, to: Point): number => Math.atan2(to.y - from.y, to.x - from.x);
export const unit = (angle: number): Point => ({ x: Math.cos(angle), y: Math.sin(angle) });
export const along = (p: Point, angle: number, d: number): Point => ({ x: p.x + d * Math.cos(angle), y: p.y + d * Math.sin(angle) });

/** a − b wrapped into (−π, π]. */
export function angleDiff(a: number, b: number): number {
  let d = (a - b) % (2 * Math.PI);
  if (d <= -Math.PI) d += 2 * Math.PI;
  if (d > Math.PI) d -= 2 * Math.PI;
  return d;
}

/** Distance from p to the segment a–b. */
export function segmentDistance(a: Point, b: Point, p: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const s = len2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0;
  return Math.hypot(a.x + s * dx - p.x, a.y + s * dy - p.y);
}

/** A ball rolling from a to b touches none of `balls` (except those in `ignore`). */
export function pathClear(a: Point, b: Point, balls: readonly BallSpot[], ignore: readonly BallId[], radius: number, slack = 1e-4): boolean {
  return balls.every((o) => ignore.includes(o.id) || segmentDistance(a, b, o) >= 2 * radius + slack);
}

/** The ball nearest to the path a–b among those it would touch, or null. */
export function firstBlocker(a: Point, b: Point, balls: readonly BallSpot[], ignore: readonly BallId[], radius: number): BallSpot | null {
  let best: BallSpot | null = null;
  let bestD = Infinity;
  for (const o of balls) {
    if (ignore.includes(o.id) || segmentDistance(a, b, o) >= 2 * radius) continue;
    const d = dist(a, o);
    if (d < bestD) {
      bestD = d;
      best = o;
    }
  }
  return best;
}

/** A ball centred at p lies on the bed, `margin` metres clear of the cushion noses. */
export function onBed(table: TableGeometry, p: Point, margin = 0): boolean {
  const r = table.ballRadius + margin;
  return Math.abs(p.x) <= table.spec.length / 2 - r && Math.abs(p.y) <= table.spec.width / 2 - r;
}

/** A ball centred at p is clear of every ball (by `slack` metres beyond touching). */
export function spotFree(p: Point, balls: readonly BallSpot[], radius: number, ignore: readonly BallId[] = [], slack = 1e-4): boolean {
  return balls.every((o) => ignore.includes(o.id) || dist(p, o) >= 2 * radius + slack);
}

/** Behind (not on) the head string, with a small margin. */
export const inKitchen = (table: TableGeometry, p: Point, margin = 0.003): boolean => p.x < table.headStringX - margin;

/** Where the cue ball's centre must be at contact for the object ball at o to leave along `angle`. */
export const ghostBall = (o: Point, angle: number, radius: number): Point => along(o, angle + Math.PI, 2 * radius);

export interface PocketWindow {
  readonly pocket: Pocket;
  /** Direction from the ball to the middle of the window (radians). */
  readonly direction: number;
  /** Angular half width of the window (radians). */
  readonly halfWidth: number;
  /** The point on the mouth line the ball's centre passes through. */
  readonly mouthPoint: Point;
  /** Angle between the direction and the pocket's axis (radians, ≥ 0). */
  readonly approach: number;
  /** Distance from the ball to the mouth point. */
  readonly distance: number;
}

/** The largest approach angle a pocket accepts (corner pockets take balls along the rail). */
const MAX_APPROACH = { corner: (58 * Math.PI) / 180, side: (42 * Math.PI) / 180 } as const;

/** The window through which a ball at `from` can be sent into `pocket`, or null when the jaws close it. */
export function pocketWindow(table: TableGeometry, pocket: PocketGeometry, from: Point): PocketWindow | null {
  const R = table.ballRadius;
  const tips = table.tips.filter((t) => t.pocket === pocket.pocket);
  const base = heading(from, pocket.mouthCentre);
  let lo = -Infinity;
  let hi = Infinity;
  for (const tip of tips) {
    const d = dist(from, tip.centre);
    const reach = R + tip.radius;
    if (d <= reach) return null;
    const rel = angleDiff(heading(from, tip.centre), base);
    const spread = Math.asin(reach / d);
    if (rel < 0) lo = Math.max(lo, rel + spread);
    else hi = Math.min(hi, rel - spread);
  }
  if (!(lo < hi) || !Number.isFinite(lo) || !Number.isFinite(hi)) return null;
  const direction = base + (lo + hi) / 2;
  const axisAngle = Math.atan2(pocket.axis.y, pocket.axis.x);
  const approach = Math.abs(angleDiff(direction, axisAngle));
  if (approach > MAX_APPROACH[pocket.kind]) return null;
  // Where the aim line meets the mouth line (through both jaw points).
  const [j1, j2] = pocket.jawPoints;
  const mouthDir = { x: j2.x - j1.x, y: j2.y - j1.y };
  const u = unit(direction);
  const denom = u.x * mouthDir.y - u.y * mouthDir.x;
  const s = Math.abs(denom) > 1e-12 ? ((j1.x - from.x) * mouthDir.y - (j1.y - from.y) * mouthDir.x) / denom : dist(from, pocket.mouthCentre);
  const mouthPoint = along(from, direction, Math.max(0, s));
  return { pocket: pocket.pocket, direction, halfWidth: (hi - lo) / 2, mouthPoint, approach, distance: Math.max(0, s) };
}

/** The standard normal CDF-based two-sided probability P(|N(0, σ)| < tol). */
export function withinTolerance(tol: number, sigma: number): number {
  if (tol <= 0) return 0;
  if (sigma <= 0) return 1;
  return erf(tol / (sigma * Math.SQRT2));
}

/** Abramowitz–Stegun 7.1.26 (error below 1.5e-7). */
export function erf(x: number): number {
  const s = Math.sign(x);
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-a * a);
  return s * y;
}

/** Nearest point outside the table rectangle grown by `margin`, walking from p along `angle`. */
export function exitPoint(table: TableGeometry, p: Point, angle: number, margin: number): Point {
  const hx = table.spec.length / 2 + margin;
  const hy = table.spec.width / 2 + margin;
  const u = unit(angle);
  const tx = u.x > 1e-9 ? (hx - p.x) / u.x : u.x < -1e-9 ? (-hx - p.x) / u.x : Infinity;
  const ty = u.y > 1e-9 ? (hy - p.y) / u.y : u.y < -1e-9 ? (-hy - p.y) / u.y : Infinity;
  return along(p, angle, Math.max(0, Math.min(tx, ty)));
}
