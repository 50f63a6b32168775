import { describe, expect, it } from 'vitest';
import { aimDirection } from './cue.ts';
import { layoutProblems, nudgeBall } from './layout.ts';
import { DEFAULT_PHYSICS_PARAMS } from './params.ts';
import { fifteenBallRack, nineBallRack } from './racks.ts';
import { mulberry32 } from './rng.ts';
import { simulateShot, type SimulateShotInput } from './simulate.ts';
import { standardTable } from '../../table/geometry.ts';

const table = standardTable('9ft');
const { length: L, width: W } = table.spec;
const R = DEFAULT_PHYSICS_PARAMS.ballRadius;

const cushionsOf = (events: ReturnType<typeof simulateShot>['events'], ball = 0) =>
  events.flatMap((e) => (e.type === 'cushion' && e.ball === ball ? [e.cushion] : []));

function expectTimeOrdered(events: { t: number }[]): void {
  events.forEach((e, i) => {
    if (i > 0) expect(e.t).toBeGreaterThanOrEqual(events[i - 1]!.t);
  });
}

describe('pockets', () => {
  it('a ball shot straight at a corner pocket drops into it', () => {
    const from = { x: 0.6, y: 0.1 };
    const sim = simulateShot({ table, balls: [{ id: 0, ...from }], strike: { speed: 2, direction: aimDirection(from, { x: L / 2, y: W / 2 }) } });
    expect(sim.events.map((e) => e.type)).toEqual(['strike', 'pocket']);
    expect(sim.events[1]).toMatchObject({ type: 'pocket', ball: 0, pocket: 'foot-left' });
    expect(sim.pocketed).toEqual([{ ball: 0, pocket: 'foot-left', t: sim.events[1]!.t }]);
    expect(sim.finalBalls).toEqual([]);
    expect(sim.trajectory.stateAt(0, sim.restTime + 1).state).toBe('pocketed');
  });

  it('a cut shot sends the object ball into the named corner pocket', () => {
    const object = { x: 0.8, y: -0.3 };
    const pocket = { x: L / 2, y: -W / 2 };
    const toPocket = aimDirection(object, pocket);
    const ghost = { x: object.x - 2 * R * Math.cos(toPocket), y: object.y - 2 * R * Math.sin(toPocket) };
    const cue = { x: 0, y: 0 };
    const sim = simulateShot({ table, balls: [{ id: 0, ...cue }, { id: 1, ...object }], strike: { speed: 2.5, direction: aimDirection(cue, ghost) } });
    expect(sim.events[1]).toMatchObject({ type: 'contact', a: 0, b: 1 });
    expect(sim.events.find((e) => e.type === 'pocket')).toMatchObject({ ball: 1, pocket: 'foot-right' });
    expect(sim.pocketed.map((p) => p.ball)).toEqual([1]);
  });

  it('a ball rolled across the table drops into the side pocket', () => {
    const sim = simulateShot({ table, balls: [{ id: 3, x: 0, y: -0.3 }], strike: { ball: 3, speed: 1.5, direction: Math.PI / 2 } });
    expect(sim.pocketed).toMatchObject([{ ball: 3, pocket: 'side-left' }]);
  });

  it('a ball hitting a jaw tip bounces back onto the bed and is not pocketed', () => {
    const tip = table.tips.find((t) => t.pocket === 'side-left' && t.cushion === 'left-foot')!;
    // Just on the pocket side of where the nose line ends: the ball meets the rounded tip.
    const from = { x: tip.centre.x - 0.01, y: 0 };
    const sim = simulateShot({ table, balls: [{ id: 0, ...from }], strike: { speed: 1.5, direction: Math.PI / 2 } });
    const hit = sim.physicsEvents.find((e) => e.kind === 'ball-cushion');
    expect(hit).toMatchObject({ part: 'jaw-tip', cushion: 'left-foot', pocket: 'side-left' });
    expect(sim.events[1]).toMatchObject({ type: 'cushion', ball: 0, cushion: 'left-foot' });
    expect(sim.pocketed).toEqual([]);
  });
});

describe('cushions', () => {
  it('a ball hit hard across the table meets the left then the right cushion (head half)', () => {
    const sim = simulateShot({ table, balls: [{ id: 0, x: -0.6, y: 0.2 }], strike: { speed: 6, direction: Math.PI / 2 } });
    expect(cushionsOf(sim.events).slice(0, 4)).toEqual(['left-head', 'right-head', 'left-head', 'right-head']);
  });

  it('… and right then left in the foot half, and foot then head along the table', () => {
    const across = simulateShot({ table, balls: [{ id: 0, x: 0.6, y: -0.2 }], strike: { speed: 6, direction: -Math.PI / 2 } });
    expect(cushionsOf(across.events).slice(0, 2)).toEqual(['right-foot', 'left-foot']);
    const along = simulateShot({ table, balls: [{ id: 0, x: 0.3, y: 0.25 }], strike: { speed: 6, direction: 0 } });
    expect(cushionsOf(along.events).slice(0, 2)).toEqual(['foot', 'head']);
  });

  it('running english widens the rebound off a cushion, reverse english narrows it', () => {
    const reboundAngle = (side: number) => {
      const sim = simulateShot({ table, balls: [{ id: 0, x: -0.4, y: 0 }], strike: { speed: 2, direction: Math.PI / 4, side, height: 0.3 } });
      const hit = sim.events.find((e) => e.type === 'cushion')!;
      expect(hit).toMatchObject({ cushion: 'left-foot' });
      const after = sim.trajectory.stateAt(0, hit.t);
      return Math.atan2(Math.abs(after.vx), Math.abs(after.vy));
    };
    // The ball comes off the left cushion heading to the shooter's right, so right english
    // (side > 0) is running english.
    expect(reboundAngle(0.5)).toBeGreaterThan(reboundAngle(0) + 0.05);
    expect(reboundAngle(-0.5)).toBeLessThan(reboundAngle(0) - 0.02);
  });

  it('balls stay on the bed after hitting a cushion hard, and the cue ball crossing the head string is reported each way', () => {
    const sim = simulateShot({ table, balls: [{ id: 0, x: -0.9, y: 0.2 }], strike: { speed: 3, direction: 0 } });
    const crosses = sim.events.filter((e) => e.type === 'cross');
    expect(crosses.length).toBeGreaterThanOrEqual(2);
    for (const c of crosses) expect(sim.trajectory.positionAt(0, c.t).x).toBeCloseTo(table.headStringX, 9);
    expect(layoutProblems(table, sim.finalBalls)).toEqual([]);
  });
});

describe('breaks and frozen balls', () => {
  const breakShot = (seed: number, gap?: number): SimulateShotInput => ({
    table,
    balls: [{ id: 0, x: -L / 4 - 0.05, y: 0.12 }, ...nineBallRack(table.spec, gap === undefined ? {} : { gap })],
    strike: { speed: 9, direction: aimDirection({ x: -L / 4 - 0.05, y: 0.12 }, { x: L / 4, y: 0 }), height: -0.1 },
    rng: mulberry32(seed),
  });

  it('a 9-ball break (diamond rack) runs to rest with everything valid', () => {
    const sim = simulateShot(breakShot(1));
    expect(sim.truncated).toBe(false);
    expect(sim.events[0]).toEqual({ t: 0, type: 'strike' });
    expect(sim.events.find((e) => e.type === 'contact')).toMatchObject({ a: 0, b: 1 });
    expect(sim.events.filter((e) => e.type === 'cross').length).toBeGreaterThanOrEqual(1);
    expectTimeOrdered(sim.events);
    expect(sim.finalBalls.length + sim.pocketed.length + sim.offTable.length).toBe(10);
    expect(layoutProblems(table, sim.finalBalls)).toEqual([]);
    for (const id of sim.trajectory.balls) {
      const end = sim.trajectory.stateAt(id, sim.restTime);
      expect(['stationary', 'pocketed', 'off-table']).toContain(end.state);
    }
    // The rack spreads: every object ball was hit.
    const hit = new Set(sim.events.flatMap((e) => (e.type === 'contact' ? [e.a, e.b] : [])));
    for (let id = 1; id <= 9; id++) expect(hit.has(id as 1)).toBe(true);
  });

  it('is deterministic: same inputs and seed, same outputs', () => {
    const a = simulateShot(breakShot(5));
    const b = simulateShot(breakShot(5));
    expect(JSON.stringify(a.events)).toBe(JSON.stringify(b.events));
    expect(a.finalBalls).toEqual(b.finalBalls);
    expect(a.restTime).toBe(b.restTime);
  });

  it('a frozen rack (gap 0) and a 15-ball rack break without runaway event chains', () => {
    const frozen = simulateShot(breakShot(2, 0));
    expect(frozen.truncated).toBe(false);
    expect(frozen.physicsEvents.length).toBeLessThan(5000);
    const fifteen = simulateShot({
      table, balls: [{ id: 0, x: -L / 4, y: 0 }, ...fifteenBallRack(table.spec, { gap: 0 })],
      strike: { speed: 10, direction: 0 },
    });
    expect(fifteen.truncated).toBe(false);
    expect(layoutProblems(table, fifteen.finalBalls)).toEqual([]);
  });

  it('frozen balls: a cue ball frozen to a line of frozen balls passes the hit down the line', () => {
    const balls = [0, 1, 2, 3].map((id) => ({ id: id as 0, x: -0.3 + id * 2 * R, y: 0 }));
    const sim = simulateShot({ table, balls, strike: { speed: 2, direction: 0 } });
    expect(sim.truncated).toBe(false);
    expect(sim.events.slice(1, 4).map((e) => (e.type === 'contact' ? `${e.a}-${e.b}` : e.type))).toEqual(['0-1', '1-2', '2-3']);
    const speedAt = (id: 0 | 1 | 2 | 3) => {
      const s = sim.trajectory.stateAt(id, 0.01);
      return Math.hypot(s.vx, s.vy);
    };
    expect(speedAt(3)).toBeGreaterThan(1.6);
    for (const id of [0, 1, 2] as const) expect(speedAt(id)).toBeLessThan(0.3);
  });

  it('a ball frozen to the cushion: struck along it, it rolls along; struck into it, it bounces off at once', () => {
    const along = simulateShot({ table, balls: [{ id: 0, x: 0.2, y: W / 2 - R }], strike: { speed: 0.3, direction: 0 } });
    expect(along.events.map((e) => e.type)).toEqual(['strike']);
    expect(along.finalBalls[0]!.y).toBeCloseTo(W / 2 - R, 12);
    const into = simulateShot({ table, balls: [{ id: 0, x: 0.2, y: W / 2 - R }], strike: { speed: 0.5, direction: 0.3 } });
    expect(into.truncated).toBe(false);
    expect(into.events[1]).toEqual({ t: 0, type: 'cushion', ball: 0, cushion: 'left-foot' });
    expect(into.finalBalls[0]!.y).toBeLessThan(W / 2 - R - 0.01);
  });
});

describe('times', () => {
  it('all output times are absolute when a start time is given', () => {
    const at = simulateShot({ table, balls: [{ id: 0, x: -0.9, y: 0.2 }], strike: { speed: 3, direction: 0 }, startTime: 100 });
    const zero = simulateShot({ table, balls: [{ id: 0, x: -0.9, y: 0.2 }], strike: { speed: 3, direction: 0 } });
    expect(at.events[0]).toEqual({ t: 100, type: 'strike' });
    expect(at.events.length).toBe(zero.events.length);
    at.events.forEach((e, i) => expect(e.t - 100).toBeCloseTo(zero.events[i]!.t, 9));
    expect(at.restTime - 100).toBeCloseTo(zero.restTime, 9);
    expect(at.trajectory.positionAt(0, 100.5).x).toBeCloseTo(zero.trajectory.positionAt(0, 0.5).x, 9);
  });
});

describe('off-table and nudging', () => {
  it('a very hard cushion hit can send a ball off the table, driven by the injected RNG', () => {
    const input: SimulateShotInput = { table, balls: [{ id: 4, x: 0.5, y: 0 }], strike: { ball: 4, speed: 12, direction: -Math.PI / 2 } };
    const jumps = simulateShot({ ...input, rng: () => 0 });
    expect(jumps.events.map((e) => e.type)).toEqual(['strike', 'cushion', 'off-table']);
    expect(jumps.offTable).toEqual([{ ball: 4, t: jumps.events[2]!.t }]);
    expect(jumps.finalBalls).toEqual([]);
    const stays = simulateShot({ ...input, rng: () => 0.999 });
    expect(stays.offTable).toEqual([]);
    const never = simulateShot({ ...input, rng: () => 0, params: { offTable: null } });
    expect(never.offTable).toEqual([]);
    const gentle = simulateShot({ ...input, strike: { ball: 4, speed: 3, direction: -Math.PI / 2 }, rng: () => 0 });
    expect(gentle.offTable).toEqual([]);
  });

  it('nudgeBall moves a ball, or to the nearest free spot when the target is taken', () => {
    const balls = [{ id: 0 as const, x: 0, y: 0 }, { id: 1 as const, x: 0.3, y: 0.1 }];
    expect(nudgeBall(table, balls, 0, { x: -0.2, y: 0.05 })).toEqual([{ id: 0, x: -0.2, y: 0.05 }, balls[1]]);
    const moved = nudgeBall(table, balls, 0, { x: 0.31, y: 0.1 }).find((b) => b.id === 0)!;
    expect(Math.hypot(moved.x - 0.3, moved.y - 0.1)).toBeGreaterThanOrEqual(2 * R);
    expect(Math.hypot(moved.x - 0.31, moved.y - 0.1)).toBeLessThan(2 * R + R / 8);
    const clamped = nudgeBall(table, balls, 1, { x: 5, y: 0 }).find((b) => b.id === 1)!;
    expect(layoutProblems(table, [clamped])).toEqual([]);
    expect(() => simulateShot({ table, balls: [{ id: 0, x: 0, y: 0 }, { id: 1, x: R, y: 0 }] })).toThrow(/overlap/);
  });
});
