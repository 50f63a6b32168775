// When the next events happen, as roots of polynomials in s = t − now. Each ball's centre
// is quadratic in s within its segment, so a ball's distance to a cushion line is
// quadratic and the squared distance between two balls (or a ball and a circle) is
// quartic; firstDownCrossing finds the first root robustly (no missed contacts).
import type { MotionSegment } from './motion.ts';
import { firstDownCrossing } from './polynomial.ts';
import type { TableGeometry } from '../../table/geometry.ts';

/** Overlap (m) a contact may reach before it counts; smaller grazes are ignored. */
export const CONTACT_TOLERANCE = 1e-9;

/** A ball centre as c + v s + h s² for s = t − now. */
interface CentrePath {
  readonly cx: number;
  readonly cy: number;
  readonly vx: number;
  readonly vy: number;
  readonly hx: number;
  readonly hy: number;
}

function centrePath(segment: MotionSegment, now: number): CentrePath {
  const tau = now - segment.t0;
  const k = segment.start;
  return {
    cx: k.x + tau * (k.vx + 0.5 * segment.ax * tau),
    cy: k.y + tau * (k.vy + 0.5 * segment.ay * tau),
    vx: k.vx + segment.ax * tau,
    vy: k.vy + segment.ay * tau,
    hx: 0.5 * segment.ax,
    hy: 0.5 * segment.ay,
  };
}

const isMoving = (s: MotionSegment): boolean => s.state === 'sliding' || s.state === 'rolling';

/**
 * First s in [0, horizon] at which the point path (dx, dy) + (ux, uy) s + (gx, gy) s²
 * comes within `reach` of the origin (tolerance: allowed overlap in metres).
 */
function firstApproach(dx: number, dy: number, ux: number, uy: number, gx: number, gy: number, reach: number, horizon: number, tolerance: number): number {
  const distance0 = Math.hypot(dx, dy);
  const bound = distance0 - Math.hypot(ux, uy) * horizon - Math.hypot(gx, gy) * horizon * horizon;
  if (bound > reach + tolerance) return Infinity;
  const quartic = [
    dx * dx + dy * dy - reach * reach,
    2 * (dx * ux + dy * uy),
    ux * ux + uy * uy + 2 * (dx * gx + dy * gy),
    2 * (ux * gx + uy * gy),
    gx * gx + gy * gy,
  ];
  return firstDownCrossing(quartic, horizon, 2 * reach * tolerance);
}

/** Time from now until balls a and b touch (Infinity: not before the horizon). */
export function ballBallContactTime(a: MotionSegment, b: MotionSegment, now: number, horizon: number, radius: number): number {
  if (!isMoving(a) && !isMoving(b)) return Infinity;
  const pa = centrePath(a, now);
  const pb = centrePath(b, now);
  return firstApproach(pb.cx - pa.cx, pb.cy - pa.cy, pb.vx - pa.vx, pb.vy - pa.vy, pb.hx - pa.hx, pb.hy - pa.hy, 2 * radius, horizon, CONTACT_TOLERANCE);
}

export type TableContact =
  | { readonly s: number; readonly kind: 'line'; readonly index: number }
  | { readonly s: number; readonly kind: 'tip'; readonly index: number }
  | { readonly s: number; readonly kind: 'pocket'; readonly index: number };

/** The first cushion line, jaw tip or pocket capture the ball meets before the horizon. */
export function firstTableContact(segment: MotionSegment, now: number, horizon: number, table: TableGeometry): TableContact | null {
  if (!isMoving(segment)) return null;
  const p = centrePath(segment, now);
  const R = table.ballRadius;
  let best: TableContact | null = null;
  let bestS = horizon;
  for (let index = 0; index < table.lines.length; index++) {
    const line = table.lines[index]!;
    const q0 = line.normal.x * (p.cx - line.start.x) + line.normal.y * (p.cy - line.start.y) - R;
    const q1 = line.normal.x * p.vx + line.normal.y * p.vy;
    const q2 = line.normal.x * p.hx + line.normal.y * p.hy;
    if (q0 - Math.abs(q1) * bestS - Math.abs(q2) * bestS * bestS > CONTACT_TOLERANCE) continue;
    const s = firstDownCrossing([q0, q1, q2], bestS, CONTACT_TOLERANCE);
    if (!(s <= bestS)) continue;
    const x = p.cx + s * (p.vx + s * p.hx);
    const y = p.cy + s * (p.vy + s * p.hy);
    const along = line.direction.x * (x - line.start.x) + line.direction.y * (y - line.start.y);
    if (along < 0 || along > line.length) continue;
    bestS = s;
    best = { s, kind: 'line', index };
  }
  for (let index = 0; index < table.tips.length; index++) {
    const tip = table.tips[index]!;
    const s = firstApproach(p.cx - tip.centre.x, p.cy - tip.centre.y, p.vx, p.vy, p.hx, p.hy, R + tip.radius, bestS, CONTACT_TOLERANCE);
    if (s < bestS || (best === null && s <= bestS)) {
      bestS = s;
      best = { s, kind: 'tip', index };
    }
  }
  for (let index = 0; index < table.pockets.length; index++) {
    const pocket = table.pockets[index]!;
    const dx = p.cx - pocket.captureCentre.x;
    const dy = p.cy - pocket.captureCentre.y;
    const inside = dx * dx + dy * dy <= pocket.captureRadius * pocket.captureRadius;
    const s = inside ? 0 : firstApproach(dx, dy, p.vx, p.vy, p.hx, p.hy, pocket.captureRadius, bestS, 0);
    if (s < bestS || (best === null && s <= bestS)) {
      bestS = s;
      best = { s, kind: 'pocket', index };
    }
  }
  return best;
}

/**
 * Time from now until the ball centre crosses x = lineX from the given side
 * (+1: from x > lineX, −1: from x < lineX); Infinity if not before the horizon.
 */
export function lineCrossingTime(segment: MotionSegment, now: number, horizon: number, lineX: number, side: 1 | -1): number {
  if (!isMoving(segment)) return Infinity;
  const p = centrePath(segment, now);
  return firstDownCrossing([side * (p.cx - lineX), side * p.vx, side * p.hx], horizon, 1e-12);
}
