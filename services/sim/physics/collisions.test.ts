import { describe, expect, it } from 'vitest';
import { resolveBallBall, resolveBallCushion } from './collisions.ts';
import { kineticEnergy, type BallKinematics } from './motion.ts';
import { DEFAULT_PHYSICS_PARAMS, physicsParams } from './params.ts';
import { mulberry32, uniform } from './rng.ts';
import { simulateShot } from './simulate.ts';
import { standardTable } from '../../table/geometry.ts';

const table = standardTable('9ft');
const R = DEFAULT_PHYSICS_PARAMS.ballRadius;
const degrees = (radians: number): number => (radians * 180) / Math.PI;
const angleOf = (vx: number, vy: number): number => Math.atan2(vy, vx);

/** Object ball placed so a cue ball travelling along +x from the origin hits it at `cut` (radians, cut to the left). */
function cutLayout(cut: number, distance: number) {
  return [
    { id: 0 as const, x: -1, y: 0 },
    { id: 1 as const, x: -1 + distance + 2 * R * Math.cos(cut), y: -2 * R * Math.sin(cut) },
  ];
}

function velocitiesAfterFirstContact(sim: ReturnType<typeof simulateShot>) {
  const contact = sim.events.find((e) => e.type === 'contact');
  if (!contact) throw new Error('no contact');
  const cue = sim.trajectory.stateAt(0, contact.t);
  const object = sim.trajectory.stateAt(1, contact.t);
  return { t: contact.t, cue, object };
}

describe('ball–ball collisions', () => {
  it('90° rule: a stun cut with e = 1 and no friction separates the balls at 90°', () => {
    for (const cutDegrees of [15, 30, 45, 60]) {
      const cut = (cutDegrees * Math.PI) / 180;
      const sim = simulateShot({
        table, balls: cutLayout(cut, 0.02), strike: { speed: 3, direction: 0 },
        params: { ballFriction: 0, ballRestitution: 1 },
      });
      const { cue, object } = velocitiesAfterFirstContact(sim);
      const separation = degrees(Math.abs(angleOf(cue.vx, cue.vy) - angleOf(object.vx, object.vy)));
      expect(separation).toBeCloseTo(90, 0);
      expect(Math.abs(degrees(angleOf(object.vx, object.vy)) + cutDegrees)).toBeLessThan(0.01);
    }
  });

  it('90° rule with default restitution and friction: close to 90°, object ball thrown a little', () => {
    const cut = Math.PI / 6;
    const sim = simulateShot({ table, balls: cutLayout(cut, 0.02), strike: { speed: 3, direction: 0 } });
    const { cue, object } = velocitiesAfterFirstContact(sim);
    const separation = degrees(Math.abs(angleOf(cue.vx, cue.vy) - angleOf(object.vx, object.vy)));
    expect(separation).toBeGreaterThan(82);
    expect(separation).toBeLessThan(90);
    const throwDegrees = degrees(angleOf(object.vx, object.vy)) + 30;
    expect(throwDegrees).toBeGreaterThan(0.5); // thrown towards the cue ball's path
    expect(throwDegrees).toBeLessThan(degrees(Math.atan(DEFAULT_PHYSICS_PARAMS.ballFriction)) + 0.01);
    // The stun cue ball slides almost straight along its new line (only the little spin
    // the contact friction gave it bends the path), so the final path keeps the angle.
    const later = sim.trajectory.stateAt(0, 0.3);
    expect(Math.abs(degrees(angleOf(later.vx, later.vy) - angleOf(cue.vx, cue.vy)))).toBeLessThan(1);
  });

  it('30° rule: a rolling cue ball hitting half-ball deflects about 30° once it rolls again', () => {
    const cut = Math.PI / 6;
    const sim = simulateShot({ table, balls: cutLayout(cut, 0.5), strike: { speed: 1.5, direction: 0, height: 0.4 } });
    const contact = sim.events.find((e) => e.type === 'contact')!;
    const rollsAgain = sim.physicsEvents.find((e) => e.kind === 'state-change' && e.ball === 0 && e.t > contact.t && e.to === 'rolling');
    expect(rollsAgain).toBeDefined();
    const cue = sim.trajectory.stateAt(0, rollsAgain!.t + 0.01);
    const deflection = degrees(angleOf(cue.vx, cue.vy));
    // Theory for e = 1 without friction: atan(sin θ cos θ / (sin² θ + 2/5)) = 33.7° at θ = 30°.
    expect(deflection).toBeGreaterThan(28);
    expect(deflection).toBeLessThan(35);
  });

  it('never creates energy, for random states and both friction models', () => {
    const rng = mulberry32(11);
    for (const model of ['frictional-impulse', 'alciatore-throw'] as const) {
      const p = physicsParams({ ballBallModel: model });
      for (let trial = 0; trial < 2000; trial++) {
        const angle = uniform(rng, 0, 2 * Math.PI);
        const random = (x: number, y: number): BallKinematics => ({
          x, y, vx: uniform(rng, -5, 5), vy: uniform(rng, -5, 5),
          wx: uniform(rng, -200, 200), wy: uniform(rng, -200, 200), wz: uniform(rng, -200, 200),
        });
        const a = random(0, 0);
        const b = random(2 * R * Math.cos(angle), 2 * R * Math.sin(angle));
        const out = resolveBallBall(a, b, p);
        const before = kineticEnergy(a, p) + kineticEnergy(b, p);
        const after = kineticEnergy(out.a, p) + kineticEnergy(out.b, p);
        expect(after).toBeLessThanOrEqual(before * (1 + 1e-12) + 1e-12);
        if (out.approachSpeed > 0) {
          const separating = (out.b.vx - out.a.vx) * Math.cos(angle) + (out.b.vy - out.a.vy) * Math.sin(angle);
          expect(separating).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('ball–cushion collisions', () => {
  it('never creates energy and always leaves the cushion', () => {
    const rng = mulberry32(12);
    for (const model of ['han-2005', 'frictionless-planar'] as const) {
      const p = physicsParams({ cushionModel: model });
      for (let trial = 0; trial < 2000; trial++) {
        const k: BallKinematics = {
          x: 0, y: 0, vx: uniform(rng, -6, 6), vy: uniform(rng, -6, 0),
          wx: uniform(rng, -300, 300), wy: uniform(rng, -300, 300), wz: uniform(rng, -300, 300),
        };
        const out = resolveBallCushion(k, { x: 0, y: 1 }, p);
        expect(kineticEnergy(out.ball, p)).toBeLessThanOrEqual(kineticEnergy(k, p) * (1 + 1e-12) + 1e-12);
        expect(out.ball.vy).toBeGreaterThan(0);
      }
    }
  });

  it('a rolling ball into the cushion square on comes back slower, with its spin reversed', () => {
    const k: BallKinematics = { x: 0, y: 0, vx: 0, vy: -2, wx: 2 / R, wy: 0, wz: 0 };
    const out = resolveBallCushion(k, { x: 0, y: 1 }, DEFAULT_PHYSICS_PARAMS).ball;
    expect(out.vx).toBeCloseTo(0, 12);
    expect(out.vy).toBeGreaterThan(1);
    expect(out.vy).toBeLessThan(2 * DEFAULT_PHYSICS_PARAMS.cushionRestitution);
    expect(out.wx).toBeLessThan(2 / R); // topspin reduced by the nose contact above the equator
  });
});
