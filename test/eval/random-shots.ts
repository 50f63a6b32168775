// Random but plausible shots for evaluating event inference against physics truth: balls
// scattered on the bed, the cue ball aimed at one of them (ghost ball to a pocket, with error),
// at a random speed and spin; and breaks of a racked 9-ball diamond.
import type { BallId } from '../../services/contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS, pocketCentre } from '../../services/table/spec.ts';
import { POCKETS } from '../../services/contract/ids.ts';
import { layoutProblems, mulberry32, nineBallRack, standardTable, type BallInput, type CueStrike } from '../../services/sim/physics/index.ts';

export interface RandomShot {
  balls: BallInput[];
  strike: CueStrike;
  kind: 'break' | 'shot';
}

export function randomShot(seed: number, breakShare = 0.1): RandomShot {
  const r = mulberry32(seed);
  const spec = TABLE_SPECS['9ft'];
  const table = standardTable('9ft');
  const margin = BALL_RADIUS + 0.002;
  if (r() < breakShare) {
    const cue = { id: 0 as BallId, x: -spec.length / 4 - 0.05 - r() * 0.5, y: (r() - 0.5) * 0.8 };
    const rack = nineBallRack(spec, { gap: 1e-4 });
    const apex = rack[0]!;
    const direction = Math.atan2(apex.y - cue.y + (r() - 0.5) * 0.01, apex.x - cue.x);
    return { kind: 'break', balls: [cue, ...rack], strike: { speed: 7 + r() * 4, direction, side: (r() - 0.5) * 0.3, height: (r() - 0.5) * 0.4 } };
  }
  const n = 2 + Math.floor(r() * 8);
  const balls: BallInput[] = [];
  while (balls.length < n) {
    const id = (balls.length === 0 ? 0 : balls.length) as BallId;
    const cand = { id, x: (r() - 0.5) * (spec.length - 2 * margin), y: (r() - 0.5) * (spec.width - 2 * margin) };
    if (layoutProblems(table, [...balls, cand]).length === 0) balls.push(cand);
  }
  const cue = balls[0]!;
  const target = balls[1 + Math.floor(r() * (n - 1))]!;
  const pocket = pocketCentre(spec, POCKETS[Math.floor(r() * POCKETS.length)]!);
  const toPocket = Math.atan2(pocket.y - target.y, pocket.x - target.x);
  const ghost = { x: target.x - 2 * BALL_RADIUS * Math.cos(toPocket), y: target.y - 2 * BALL_RADIUS * Math.sin(toPocket) };
  let direction = Math.atan2(ghost.y - cue.y, ghost.x - cue.x) + (r() - 0.5) * 0.06;
  if (r() < 0.1) direction = r() * 2 * Math.PI; // a wild miss
  const speed = 0.4 + r() * r() * 6;
  const side = (r() - 0.5) * 0.8;
  const height = (r() - 0.5) * 1.0;
  const scale = Math.hypot(side, height) > 0.65 ? 0.65 / Math.hypot(side, height) : 1;
  return { kind: 'shot', balls, strike: { speed, direction, side: side * scale, height: height * scale } };
}
