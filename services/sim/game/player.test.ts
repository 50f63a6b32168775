// The player model on hand-made layouts: targets by the rules, ghost-ball candidates and clear
// paths, throw-corrected pots that drop, ball in hand placement, breaks, safeties, decisions, and
// the size of the aim error.
import { describe, expect, it } from 'vitest';
import type { BallId } from '../../contract/ids.ts';
import { BALL_DIAMETER } from '../../table/spec.ts';
import { standardTable } from '../physics/index.ts';
import { dist, type BallSpot } from './geometry.ts';
import { DEFAULT_PLANNING } from './options.ts';
import { Player } from './player.ts';
import { potCandidates } from './pot-candidates.ts';
import { planPot } from './pot-planner.ts';
import { rackBalls } from './rack.ts';
import { stream } from './random.ts';
import { planSafety } from './safety-planner.ts';
import { legalTargets, type GameView } from './targets.ts';
import { trial } from './trials.ts';

const table = standardTable('9ft');
const R = table.ballRadius;
const ball = (id: number, x: number, y: number): BallSpot => ({ id: id as BallId, x, y });
const view = (game: GameView['game'], balls: BallSpot[], groups: GameView['groups'] = { Ann: null, Bob: null }): GameView =>
  ({ game, balls, shooter: 'Ann', opponent: 'Bob', groups });

describe('targets', () => {
  const balls = [ball(0, -1, 0), ball(3, 0, 0), ball(8, 0.3, 0.2), ball(9, 0.5, 0), ball(12, 0.6, -0.3)];
  it('9-ball: the lowest ball; 14.1: any ball', () => {
    expect(legalTargets(view('9ball', balls.filter((b) => b.id <= 9)))).toEqual([3]);
    expect(legalTargets(view('14.1', balls))).toEqual([3, 8, 9, 12]);
  });
  it('8-ball: any but the 8 on an open table, the own group, the 8 once the group is cleared', () => {
    expect(legalTargets(view('8ball', balls))).toEqual([3, 9, 12]);
    expect(legalTargets(view('8ball', balls, { Ann: 'stripes', Bob: 'solids' }))).toEqual([9, 12]);
    const cleared = balls.filter((b) => b.id !== 9 && b.id !== 12);
    expect(legalTargets(view('8ball', cleared, { Ann: 'stripes', Bob: 'solids' }))).toEqual([8]);
  });
});

describe('pot candidates (ghost ball)', () => {
  const pocket = table.pockets.find((p) => p.pocket === 'foot-left')!;
  const object = ball(5, 0.8, 0.3);
  const toPocket = Math.atan2(pocket.mouthCentre.y - object.y, pocket.mouthCentre.x - object.x);
  const cue = ball(0, object.x - 0.6 * Math.cos(toPocket), object.y - 0.6 * Math.sin(toPocket));

  it('a straight shot: the ghost ball lies 2R behind the object ball on the pocket line, an easy pot', () => {
    const c = potCandidates(table, [cue, object], cue, [5 as BallId], 0.004).find((x) => x.pocket === 'foot-left')!;
    expect(c).toBeDefined();
    expect(Math.abs(c.cut)).toBeLessThan(0.05);
    expect(dist(c.ghost, object)).toBeCloseTo(2 * R, 9);
    expect(c.probability).toBeGreaterThan(0.8);
  });

  it('a ball in the way closes the shot', () => {
    const blocker = ball(7, (cue.x + object.x) / 2, (cue.y + object.y) / 2);
    const cs = potCandidates(table, [cue, object, blocker], cue, [5 as BallId], 0.004);
    expect(cs.find((x) => x.pocket === 'foot-left')).toBeUndefined();
  });

  it('the planned stroke, played as intended, pockets the ball in that pocket (throw corrected)', () => {
    const cut = ball(0, object.x - 0.45, object.y + 0.1);
    const balls = [cut, object, ball(9, -0.5, -0.4)];
    const c = potCandidates(table, balls, cut, [5 as BallId], 0.004).find((x) => x.pocket === 'foot-left')!;
    expect(Math.abs(c.cut)).toBeGreaterThan(0.3);
    const choice = planPot({ table, view: view('14.1', balls), aimSigma: 0.004, variants: 6 }, c, 'position')!;
    expect(choice.success).toBe(true);
    const o = trial(table, balls, choice.strike);
    expect(o.pocketed.get(5 as BallId)).toBe('foot-left');
    expect(o.scratch).toBe(false);
  });
});

describe('ball in hand', () => {
  it('in the kitchen: behind the head string, touching no ball, for many racks', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rng = stream(seed, 'test');
      const balls: BallSpot[] = rackBalls('8ball', table.spec, rng).map((b) => ({ ...b }));
      balls.push(ball(1, table.headStringX - 0.1, 0.05)); // a ball lying in the kitchen too
      const unique = balls.filter((b, i) => balls.findIndex((x) => x.id === b.id) === i);
      const player = new Player({ name: 'Ann', skill: 0.8 }, rng);
      const p = player.placeCueBall(table, view('8ball', unique), 'kitchen', false);
      expect(p.spot.x).toBeLessThan(table.headStringX);
      for (const b of unique) expect(dist(p.spot, b)).toBeGreaterThanOrEqual(2 * R);
    }
  });

  it('frozen to the target: within the referee\'s 3 mm, never overlapping', () => {
    const balls = [ball(2, 0.5, 0.2), ball(6, -0.3, -0.3)];
    const player = new Player({ name: 'Ann', skill: 0.8 }, stream(3, 'test'));
    const p = player.placeCueBall(table, view('9ball', balls), 'anywhere', true);
    expect(p.frozenTo).toBe(2);
    const gap = dist(p.spot, balls[0]!) - BALL_DIAMETER;
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThanOrEqual(0.003);
  });
});

describe('strokes', () => {
  it('the break: from the kitchen at the head ball, 8–11 m/s', () => {
    const rng = stream(4, 'test');
    const balls = rackBalls('9ball', table.spec, rng);
    const player = new Player({ name: 'Ann', skill: 0.8 }, rng);
    const { cue, shot } = player.planBreak({ table, view: view('9ball', balls), effort: DEFAULT_PLANNING }, null, 0);
    expect(cue.x).toBeLessThan(table.headStringX);
    expect(shot.strike.speed).toBeGreaterThanOrEqual(8);
    expect(shot.strike.speed).toBeLessThanOrEqual(11);
    expect(shot.target).toBe(1);
  });

  it('14.1 opens with a declared safe break that sends the cue ball and two object balls to a cushion', () => {
    const rng = stream(5, 'test');
    const balls = rackBalls('14.1', table.spec, rng);
    const player = new Player({ name: 'Ann', skill: 0.9 }, rng);
    const { cue, shot } = player.planBreak({ table, view: view('14.1', balls), effort: DEFAULT_PLANNING }, null, 0);
    expect(shot.intent).toBe('safe-break');
    expect(shot.declared).toEqual({ safety: true });
    const o = trial(table, [...balls, { id: 0 as BallId, ...cue }], shot.intended);
    const toCushion = new Set(o.sim.events.flatMap((e) => (e.type === 'cushion' && e.ball !== 0 ? [e.ball] : [])));
    expect(toCushion.size).toBeGreaterThanOrEqual(2);
    expect(o.sim.events.some((e) => e.type === 'cushion' && e.ball === 0)).toBe(true);
  });

  it('a safety hits the legal ball first and then a rail', () => {
    const balls = [ball(0, -0.8, 0.1), ball(1, 0.9, -0.5), ball(2, 0.2, 0.4), ball(9, 0.6, 0.1)];
    const s = planSafety({ table, view: view('9ball', balls), rng: stream(6, 'test'), trials: 8, opponentSigma: 0.005, judgement: 0 })!;
    expect(s.legal).toBe(true);
    expect(s.outcome.firstHit).toEqual([1]);
    expect(s.outcome.railAfterContact).toBe(true);
  });

  it('aim error: the played direction spreads with the skill\'s σ (1.0° − 0.8°·skill)', () => {
    const player = new Player({ name: 'Ann', skill: 0.5 }, stream(7, 'test'));
    const errors = Array.from({ length: 4000 }, () => player.execute({ speed: 2, direction: 0.3 }).direction - 0.3);
    const sd = Math.sqrt(errors.reduce((s, e) => s + e * e, 0) / errors.length) * (180 / Math.PI);
    expect(sd).toBeGreaterThan(0.6 * 0.9);
    expect(sd).toBeLessThan(0.6 * 1.1);
  });

  it('decisions are always among the choices offered', () => {
    const player = new Player({ name: 'Bob', skill: 0.7 }, stream(8, 'test'));
    for (let i = 0; i < 50; i++) {
      expect(['play', 'pass']).toContain(player.decide('push-out', ['play', 'pass'], i / 50));
      expect(['rerack', 'spot8']).toContain(player.decide('eight-on-break', ['rerack', 'spot8'], 0));
      expect(['play', 'rebreak-self', 'rebreak-opponent']).toContain(player.decide('eight-break-foul', ['play', 'rebreak-self', 'rebreak-opponent'], 0));
      expect(['play', 'rerack']).toContain(player.decide('straight-rerack-option', ['play', 'rerack'], 0));
    }
  });
});
