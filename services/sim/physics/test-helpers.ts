// Shared helpers for the physics tests: random layouts and shots, and invariant checks
// over a simulated trajectory (no overlaps, no ball inside a cushion, energy never rising).
import type { BallId } from '../../contract/ids.ts';
import { BALL_IDS } from '../../contract/ids.ts';
import type { CueStrike } from './cue.ts';
import { nudgeBall, tableClearanceProblem, type BallPlacement } from './layout.ts';
import { kineticEnergy, type MotionState } from './motion.ts';
import { DEFAULT_PHYSICS_PARAMS, type PhysicsParams } from './params.ts';
import { uniform, type Rng } from './rng.ts';
import type { ShotSimulation } from './simulate.ts';
import type { TableGeometry } from '../../table/geometry.ts';

const onBed = (state: MotionState): boolean => state !== 'pocketed' && state !== 'off-table';

/** `count` balls (ids 0..count-1) at random free spots. */
export function randomLayout(table: TableGeometry, rng: Rng, count: number): BallPlacement[] {
  let balls: BallPlacement[] = [];
  const hx = table.spec.length / 2 - table.ballRadius;
  const hy = table.spec.width / 2 - table.ballRadius;
  for (const id of BALL_IDS.slice(0, count)) {
    balls = nudgeBall(table, balls, id, { x: uniform(rng, -hx, hx), y: uniform(rng, -hy, hy) });
  }
  return balls;
}

export function randomStrike(rng: Rng, minSpeed = 0.3, maxSpeed = 12): CueStrike {
  const offset = 0.5 * Math.sqrt(rng());
  const angle = uniform(rng, 0, 2 * Math.PI);
  return {
    speed: uniform(rng, minSpeed, maxSpeed),
    direction: uniform(rng, -Math.PI, Math.PI),
    side: offset * Math.cos(angle),
    height: offset * Math.sin(angle),
  };
}

/** Times to inspect: a regular grid plus instants just around every physics event. */
export function sampleTimes(sim: ShotSimulation, step: number): number[] {
  const start = sim.physicsEvents[0]?.t ?? 0;
  const times: number[] = [];
  for (let t = start; t <= sim.restTime + step; t += step) times.push(t);
  for (const e of sim.physicsEvents) times.push(e.t, e.t + 1e-7, Math.max(start, e.t - 1e-7));
  return times.sort((a, b) => a - b);
}

export interface InvariantReport {
  /** Worst overlap between two balls (m), 0 if none. */
  readonly worstBallOverlap: number;
  /** Messages for balls found inside a cushion or pocket while still on the bed. */
  readonly tableViolations: string[];
  /** Largest rise of total kinetic energy across an event (J). */
  readonly worstEnergyRiseAtEvents: number;
  /** Largest rise of total kinetic energy between consecutive samples (J). */
  readonly worstEnergyRiseBetweenSamples: number;
}

export function checkInvariants(table: TableGeometry, sim: ShotSimulation, step = 0.002, params: PhysicsParams = DEFAULT_PHYSICS_PARAMS): InvariantReport {
  const balls: BallId[] = sim.trajectory.balls;
  const R = table.ballRadius;
  let worstBallOverlap = 0;
  const tableViolations: string[] = [];
  let worstEnergyRiseBetweenSamples = 0;
  let previousEnergy = Infinity;
  for (const t of sampleTimes(sim, step)) {
    const snapshot = balls.map((id) => sim.trajectory.stateAt(id, t)).filter((s) => onBed(s.state));
    let energy = 0;
    for (let i = 0; i < snapshot.length; i++) {
      const a = snapshot[i]!;
      energy += kineticEnergy(a, params);
      const problem = tableClearanceProblem(table, a, 1e-6);
      if (problem && tableViolations.length < 5) tableViolations.push(`t=${t.toFixed(6)} ball ${a.id} ${problem}`);
      for (let j = i + 1; j < snapshot.length; j++) {
        const b = snapshot[j]!;
        worstBallOverlap = Math.max(worstBallOverlap, 2 * R - Math.hypot(a.x - b.x, a.y - b.y));
      }
    }
    worstEnergyRiseBetweenSamples = Math.max(worstEnergyRiseBetweenSamples, energy - previousEnergy);
    previousEnergy = energy;
  }
  let worstEnergyRiseAtEvents = 0;
  for (const t of new Set(sim.physicsEvents.map((e) => e.t))) {
    const total = (side: 'before' | 'after'): number =>
      balls.map((id) => sim.trajectory.stateAt(id, t, side)).filter((s) => onBed(s.state)).reduce((sum, s) => sum + kineticEnergy(s, params), 0);
    worstEnergyRiseAtEvents = Math.max(worstEnergyRiseAtEvents, total('after') - total('before'));
  }
  return { worstBallOverlap, tableViolations, worstEnergyRiseAtEvents, worstEnergyRiseBetweenSamples };
}
