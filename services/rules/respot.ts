// G23.1 respotting: foot spot first; then on the long string behind it, as near the spot as
// possible, touching (never overlapping) the balls there, lowest number nearest the spot; when
// the long string is full, its extension in front of the foot spot towards the centre.
import type { BallId } from '../contract/ids.ts';
import type { BallPosition, Respot } from '../contract/log.ts';
import { BALL_DIAMETER, BALL_RADIUS, footSpot, type Point, type TableSpec } from '../table/spec.ts';

const EPS = 1e-9;

const placed = (b: BallPosition): boolean => Number.isFinite(b.x) && Number.isFinite(b.y);

function free(p: Point, obstacles: readonly Point[]): boolean {
  return obstacles.every((o) => Math.hypot(p.x - o.x, p.y - o.y) >= BALL_DIAMETER - EPS);
}

/** x positions on y = 0 where a ball would just touch an obstacle ball. */
function touchingXs(obstacles: readonly Point[]): number[] {
  const xs: number[] = [];
  for (const o of obstacles) {
    if (Math.abs(o.y) >= BALL_DIAMETER) continue;
    const dx = Math.sqrt(BALL_DIAMETER * BALL_DIAMETER - o.y * o.y);
    xs.push(o.x + dx, o.x - dx);
  }
  return xs;
}

/** The spot on the long string (or its extension) for one ball, given the balls already there. */
export function spotPosition(t: TableSpec, obstacles: readonly Point[]): Point {
  const foot = footSpot(t);
  if (free(foot, obstacles)) return foot;
  const maxX = t.length / 2 - BALL_RADIUS;
  const minX = -t.length / 2 + BALL_RADIUS;
  const candidates = touchingXs(obstacles);
  const behind = candidates
    .filter((x) => x >= foot.x - EPS && x <= maxX + EPS)
    .sort((a, b) => a - b)
    .find((x) => free({ x, y: 0 }, obstacles));
  if (behind !== undefined) return { x: behind, y: 0 };
  const front = candidates
    .filter((x) => x <= foot.x + EPS && x >= minX - EPS)
    .sort((a, b) => b - a)
    .find((x) => free({ x, y: 0 }, obstacles));
  if (front !== undefined) return { x: front, y: 0 };
  // The whole string is blocked (never in practice): fall back to the foot spot.
  return foot;
}

/**
 * Spots `ids` in numeric order among the balls on the bed. `ignore` lists balls that are not
 * obstacles (the cue ball when it is in hand).
 */
export function spotBalls(t: TableSpec, ids: readonly BallId[], bed: readonly BallPosition[], rule: string, ignore: readonly BallId[] = []): Respot[] {
  const obstacles: Point[] = bed.filter((b) => placed(b) && !ids.includes(b.id) && !ignore.includes(b.id));
  const out: Respot[] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const p = spotPosition(t, obstacles);
    out.push({ id, x: p.x, y: p.y, rule });
    obstacles.push(p);
  }
  return out;
}

/** Positions of a 15-ball triangle, apex on the foot spot, rows towards the foot cushion. */
export function trianglePositions(t: TableSpec): Point[] {
  const foot = footSpot(t);
  const rowStep = BALL_DIAMETER * Math.sqrt(3) / 2;
  const out: Point[] = [];
  for (let row = 0; row < 5; row++) {
    for (let k = 0; k <= row; k++) {
      out.push({ x: foot.x + row * rowStep, y: (k - row / 2) * BALL_DIAMETER });
    }
  }
  return out;
}
