import { describe, expect, it } from 'vitest';
import { DEFAULT_PHYSICS_PARAMS as P } from './params.ts';
import { simulateShot } from './simulate.ts';
import { standardTable } from '../../table/geometry.ts';

const table = standardTable('9ft');
const g = P.gravity;

function stateChanges(sim: ReturnType<typeof simulateShot>, ball = 0) {
  return sim.physicsEvents.flatMap((e) => (e.kind === 'state-change' && e.ball === ball ? [e] : []));
}

describe('ball motion on the cloth', () => {
  it('a stun shot slides, then rolls at 5/7 of its speed after 2 v0 / (7 mu_s g)', () => {
    const v0 = 2;
    const sim = simulateShot({ table, balls: [{ id: 0, x: -1, y: 0 }], strike: { speed: v0, direction: 0 } });
    const [toRolling] = stateChanges(sim);
    expect(toRolling).toMatchObject({ from: 'sliding', to: 'rolling' });
    expect(toRolling!.t).toBeCloseTo((2 * v0) / (7 * P.slidingFriction * g), 12);
    const after = sim.trajectory.stateAt(0, toRolling!.t);
    expect(Math.hypot(after.vx, after.vy)).toBeCloseTo((5 / 7) * v0, 12);
    expect(after.wy * P.ballRadius).toBeCloseTo(after.vx, 12);
    expect(after.y).toBe(0);
  });

  it('a rolling ball stops after v² / (2 mu_r g) and stays put', () => {
    const v0 = 0.6;
    const sim = simulateShot({ table, balls: [{ id: 0, x: -1, y: 0.2 }], strike: { speed: v0, direction: 0, height: 0.4 } });
    expect(stateChanges(sim).map((e) => `${e.from}->${e.to}`)).toEqual(['rolling->stationary']);
    const [rest] = sim.finalBalls;
    expect(rest!.x - -1).toBeCloseTo((v0 * v0) / (2 * P.rollingFriction * g), 9);
    expect(rest!.y).toBeCloseTo(0.2, 12);
    expect(sim.restTime).toBeCloseTo(v0 / (P.rollingFriction * g), 9);
    // It starts in the kitchen and rolls over the head string once.
    expect(sim.events.map((e) => e.type)).toEqual(['strike', 'cross']);
  });

  it('a draw shot into a full ball comes back; a level cue alone cannot make it come back', () => {
    const R = P.ballRadius;
    const alone = simulateShot({ table, balls: [{ id: 0, x: 0, y: 0 }], strike: { speed: 1, direction: 0, height: -0.6 } });
    expect(alone.finalBalls[0]!.x).toBeGreaterThan(0);
    const sim = simulateShot({
      table, balls: [{ id: 0, x: -0.5, y: 0 }, { id: 1, x: -0.5 + 2 * R + 0.2, y: 0 }],
      strike: { speed: 2, direction: 0, height: -0.6 },
    });
    expect(sim.events[1]).toMatchObject({ type: 'contact', a: 0, b: 1 });
    expect(sim.finalBalls.find((b) => b.id === 0)!.x).toBeLessThan(-0.6);
    expect(sim.events.filter((e) => e.type === 'cross')).toHaveLength(1);
  });

  it('english with no translation leaves the ball spinning in place until the spin decays', () => {
    const wz = 30;
    const sim = simulateShot({ table, balls: [{ id: 0, x: 0.1, y: 0.1, wz }] });
    expect(stateChanges(sim).map((e) => `${e.from}->${e.to}`)).toEqual(['spinning->stationary']);
    expect(sim.restTime).toBeCloseTo(wz / ((5 * P.spinningFriction * g) / (2 * P.ballRadius)), 12);
    expect(sim.finalBalls[0]).toEqual({ id: 0, x: 0.1, y: 0.1 });
  });

  it('a slow rolling ball with side spin rolls to rest, then spins out', () => {
    const R = P.ballRadius;
    const v = 0.05;
    const sim = simulateShot({ table, balls: [{ id: 0, x: 0.1, y: 0, vx: v, wy: v / R, wz: 40 }] });
    const changes = stateChanges(sim);
    expect(changes.map((e) => `${e.from}->${e.to}`)).toEqual(['rolling->spinning', 'spinning->stationary']);
    expect(changes[0]!.t).toBeCloseTo(v / (P.rollingFriction * g), 12);
  });
});
