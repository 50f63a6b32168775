// Ball layouts on the bed: checks that balls sit clear of each other, the cushions and
// the pockets, and nudging a ball to a new spot between shots (to the nearest free spot
// if the requested one is taken).
import type { BallId } from '../../contract/ids.ts';
import type { TableGeometry } from '../../table/geometry.ts';
import type { Vec2 } from './vector.ts';

export interface BallPlacement {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
}

/** Overlap (m) tolerated when checking a layout, for positions that went through rounding. */
export const LAYOUT_TOLERANCE = 1e-6;

/** Why a ball centred at p cannot sit on the bed (ignoring other balls), or null if it can. */
export function tableClearanceProblem(table: TableGeometry, p: Vec2, tolerance = LAYOUT_TOLERANCE): string | null {
  const R = table.ballRadius;
  for (const line of table.lines) {
    const along = line.direction.x * (p.x - line.start.x) + line.direction.y * (p.y - line.start.y);
    if (along < 0 || along > line.length) continue;
    const distance = line.normal.x * (p.x - line.start.x) + line.normal.y * (p.y - line.start.y);
    if (distance < R - tolerance && distance > -R) return `overlaps the ${line.cushion} cushion${line.pocket ? ` (jaw of ${line.pocket})` : ''}`;
  }
  for (const tip of table.tips) {
    if (Math.hypot(p.x - tip.centre.x, p.y - tip.centre.y) < R + tip.radius - tolerance) return `overlaps the jaw tip of ${tip.pocket}`;
  }
  for (const pocket of table.pockets) {
    if (Math.hypot(p.x - pocket.captureCentre.x, p.y - pocket.captureCentre.y) <= pocket.captureRadius) return `is in the ${pocket.pocket} pocket`;
  }
  const hx = table.spec.length / 2 + table.pockets[0]!.captureRadius * 3;
  const hy = table.spec.width / 2 + table.pockets[0]!.captureRadius * 3;
  if (Math.abs(p.x) > hx || Math.abs(p.y) > hy) return 'is off the table';
  return null;
}

/** Every problem with a layout (overlapping balls, balls in cushions or pockets), as text. */
export function layoutProblems(table: TableGeometry, balls: readonly BallPlacement[], tolerance = LAYOUT_TOLERANCE): string[] {
  const problems: string[] = [];
  const seen = new Set<BallId>();
  const contact = 2 * table.ballRadius - tolerance;
  balls.forEach((ball, i) => {
    if (seen.has(ball.id)) problems.push(`ball ${ball.id} is on the bed twice`);
    seen.add(ball.id);
    if (!Number.isFinite(ball.x) || !Number.isFinite(ball.y)) problems.push(`ball ${ball.id} has no finite position`);
    const clearance = tableClearanceProblem(table, ball, tolerance);
    if (clearance) problems.push(`ball ${ball.id} ${clearance}`);
    for (let j = i + 1; j < balls.length; j++) {
      const other = balls[j]!;
      if (Math.hypot(ball.x - other.x, ball.y - other.y) < contact) problems.push(`balls ${ball.id} and ${other.id} overlap`);
    }
  });
  return problems;
}

/** True when ball `id` could sit at p: on the bed, inside the cushion noses, clear of every other ball. */
export function isSpotFree(table: TableGeometry, balls: readonly BallPlacement[], id: BallId, p: Vec2): boolean {
  const R = table.ballRadius;
  if (Math.abs(p.x) > table.spec.length / 2 - R || Math.abs(p.y) > table.spec.width / 2 - R) return false;
  return balls.every((b) => b.id === id || Math.hypot(b.x - p.x, b.y - p.y) >= 2 * R);
}

/**
 * Moves ball `id` to `target` (adding it if absent). A target off the bed is first clamped
 * into it; if that spot is taken, the ball goes to the nearest free spot found on rings of growing radius around the
 * target (steps of R/8, 64 directions), which is deterministic. Returns a new layout.
 */
export function nudgeBall(table: TableGeometry, balls: readonly BallPlacement[], id: BallId, target: Vec2): BallPlacement[] {
  const R = table.ballRadius;
  const place = (p: Vec2): BallPlacement[] => {
    const moved = { id, x: p.x, y: p.y };
    return balls.some((b) => b.id === id) ? balls.map((b) => (b.id === id ? moved : b)) : [...balls, moved];
  };
  const hx = table.spec.length / 2 - R;
  const hy = table.spec.width / 2 - R;
  target = { x: Math.max(-hx, Math.min(hx, target.x)), y: Math.max(-hy, Math.min(hy, target.y)) };
  if (isSpotFree(table, balls, id, target)) return place(target);
  const maxRadius = Math.hypot(table.spec.length, table.spec.width);
  for (let ring = 1; ring * (R / 8) <= maxRadius; ring++) {
    const radius = ring * (R / 8);
    for (let k = 0; k < 64; k++) {
      const angle = (2 * Math.PI * k) / 64;
      const p = { x: target.x + radius * Math.cos(angle), y: target.y + radius * Math.sin(angle) };
      if (isSpotFree(table, balls, id, p)) return place(p);
    }
  }
  throw new RangeError(`no free spot for ball ${id} on the table`);
}
