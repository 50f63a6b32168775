// The rack check (G2, E2.1, N2.1), from a `rack` line: apex on the foot spot, the 8 or the 9 in
// the centre, 8-ball's group pattern. Positions within RACK_TOLERANCE of their slot count as there.
import { groupOf, type BallId, type Game } from '../contract/ids.ts';
import type { BallPosition } from '../contract/log.ts';
import { BALL_DIAMETER, footSpot, type Point, type TableSpec } from '../table/spec.ts';
import { trianglePositions } from './respot.ts';

/** How far (m) a racked ball may lie from its slot: a third of a ball. */
export const RACK_TOLERANCE = BALL_DIAMETER / 3;

export interface RackProblem {
  rule: string;
  code: string;
  words: string;
}

const near = (a: Point, b: Point): boolean => Math.hypot(a.x - b.x, a.y - b.y) <= RACK_TOLERANCE;

/** The 9-ball diamond: rows of 1, 2, 3, 2, 1 balls from the foot spot. */
export function diamondPositions(t: TableSpec): Point[] {
  const foot = footSpot(t);
  const dx = BALL_DIAMETER * Math.sqrt(3) / 2;
  const rows = [1, 2, 3, 2, 1];
  return rows.flatMap((n, row) => Array.from({ length: n }, (_, k) => ({ x: foot.x + row * dx, y: (k - (n - 1) / 2) * BALL_DIAMETER })));
}

/** The ball at each slot (or null), matching every ball to the nearest slot within tolerance. */
function occupancy(slots: Point[], balls: readonly BallPosition[]): (BallId | null)[] {
  return slots.map((p) => balls.find((b) => b.id !== 0 && near(b, p))?.id ?? null);
}

export function checkRack(game: Game, t: TableSpec, balls: readonly BallPosition[]): RackProblem[] {
  const problems: RackProblem[] = [];
  const objects = balls.filter((b) => b.id !== 0);
  const slots = game === '9ball' ? diamondPositions(t) : trianglePositions(t);
  const at = occupancy(slots, objects);
  const stray = objects.filter((b) => !slots.some((p) => near(b, p)));
  if (stray.length > 0) {
    problems.push({ rule: 'G2', code: 'rack/ball-out-of-place', words: `balls ${stray.map((b) => b.id).join(', ')} are not in the rack's slots` });
  }
  if (at[0] === null) problems.push({ rule: 'G2', code: 'rack/apex-not-on-foot-spot', words: 'no ball on the foot spot' });
  if (game === '9ball') {
    if (at[0] !== null && at[0] !== 1) problems.push({ rule: 'N2.1', code: 'rack/one-not-on-foot-spot', words: `the ${at[0]} is on the foot spot, not the 1` });
    if (at[4] !== 9) problems.push({ rule: 'N2.1', code: 'rack/nine-not-in-centre', words: 'the 9 is not in the centre of the diamond' });
  }
  if (game === '8ball') {
    if (at[4] !== 8) problems.push({ rule: 'E2.1', code: 'rack/eight-not-in-centre', words: 'the 8 is not in the centre of the rack' });
    const sides: { name: string; idx: number[] }[] = [
      { name: 'left side', idx: [0, 1, 3, 6, 10] },
      { name: 'right side', idx: [0, 2, 5, 9, 14] },
      { name: 'back row', idx: [10, 11, 12, 13, 14] },
    ];
    for (const side of sides) {
      const groups = side.idx.map((i) => at[i]).map((id) => (id === null || id === undefined ? null : groupOf(id)));
      if (groups.every((g) => g !== null && g === groups[0])) {
        problems.push({ rule: 'E2.1', code: 'rack/side-one-group', words: `the ${side.name} is all ${groups[0]}` });
      }
    }
    const [a, b] = [at[10], at[14]];
    if (a != null && b != null && groupOf(a) === groupOf(b)) {
      problems.push({ rule: 'E2.1', code: 'rack/back-corners-same-group', words: 'the two back corners are of the same group' });
    }
  }
  return problems;
}
