// Racking (G2, E2.1, N2.1): the ball order of each game's rack, at random within the rules, on
// the physics' rack lattice (apex on the foot spot). Racks are tight (every ball touching its
// neighbours, G2): with even 0.1 mm gaps the simulator passes the break's momentum down single
// lines of balls like a Newton's cradle and a 15-ball rack hardly opens. 9-ball racks are tight
// or 0.1 mm loose at random (both open well).
import { groupOf, type BallId, type Game } from '../../contract/ids.ts';
import type { TableSpec } from '../../table/spec.ts';
import { fifteenBallRack, nineBallRack, type BallPlacement } from '../physics/index.ts';
import { shuffled, type Rng } from './random.ts';

const TRIANGLE_SIDES: readonly (readonly number[])[] = [[0, 1, 3, 6, 10], [0, 2, 5, 9, 14], [10, 11, 12, 13, 14]];

/** E2.1: the 8 in the centre, no side all one group, the back corners of different groups. */
function eightBallOrder(rng: Rng): BallId[] {
  const others = ([1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15] as BallId[]);
  for (;;) {
    const rest = shuffled(rng, others);
    const order = [...rest.slice(0, 4), 8 as BallId, ...rest.slice(4)];
    const back = [groupOf(order[10]!), groupOf(order[14]!)];
    if (back[0] === back[1]) continue;
    const oneGroupSide = TRIANGLE_SIDES.some((side) => side.every((i) => groupOf(order[i]!) === groupOf(order[side[0]!]!)));
    if (!oneGroupSide) return order;
  }
}

/** N2.1: the 1 on the foot spot, the 9 in the centre, the rest at random. */
function nineBallOrder(rng: Rng): BallId[] {
  const rest = shuffled(rng, [2, 3, 4, 5, 6, 7, 8] as BallId[]);
  return [1 as BallId, ...rest.slice(0, 3), 9 as BallId, ...rest.slice(3)];
}

export function rackBalls(game: Game, spec: TableSpec, rng: Rng): BallPlacement[] {
  const loose = game === '9ball' && rng() < 0.5;
  const options = loose ? { gap: 1e-4, jitter: 3e-5, rng } : { gap: 0 };
  const slots = game === '9ball' ? nineBallRack(spec, options) : fifteenBallRack(spec, options);
  const order = game === '9ball' ? nineBallOrder(rng) : game === '8ball' ? eightBallOrder(rng) : shuffled(rng, slots.map((s) => s.id));
  return slots.map((s, i) => ({ id: order[i]!, x: s.x, y: s.y }));
}
