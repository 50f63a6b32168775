// Trial strokes: the players "see" a shot's outcome by simulating it with the real physics
// (balls never jump off the table in a trial, so trials are deterministic), and read what
// a referee would: first contact, pocketed balls, rails after contact, where the cue ball stops.
import type { BallId, Pocket } from '../../contract/ids.ts';
import { simulateShot, type CueStrike, type ShotSimulation, type TableGeometry } from '../physics/index.ts';
import type { BallSpot, Point } from './geometry.ts';

export interface TrialOutcome {
  readonly sim: ShotSimulation;
  /** Balls the cue ball touched at its first contact instant (two or more: simultaneous). */
  readonly firstHit: BallId[];
  readonly firstContactT: number | null;
  readonly pocketed: ReadonlyMap<BallId, Pocket>;
  readonly scratch: boolean;
  readonly offTable: BallId[];
  /** Some ball touched a cushion after the first contact. */
  readonly railAfterContact: boolean;
  /** Where the cue ball stops (null: pocketed or off the table). */
  readonly cueEnd: Point | null;
  /** The balls at rest afterwards. */
  readonly after: BallSpot[];
}

const SAME_INSTANT = 1e-9;

export function simulateTrial(table: TableGeometry, balls: readonly BallSpot[], strike: CueStrike): ShotSimulation {
  return simulateShot({ table, balls, strike, params: { offTable: null }, maxEvents: 4000, maxDuration: 60 });
}

export function readOutcome(sim: ShotSimulation): TrialOutcome {
  const contacts = sim.events.filter((e) => e.type === 'contact' && e.a === 0);
  const first = contacts[0];
  const firstContactT = first ? first.t : null;
  const firstHit: BallId[] = [];
  for (const e of contacts) {
    if (e.type === 'contact' && firstContactT !== null && e.t - firstContactT <= SAME_INSTANT && !firstHit.includes(e.b)) firstHit.push(e.b);
  }
  const pocketed = new Map<BallId, Pocket>(sim.pocketed.map((p) => [p.ball, p.pocket]));
  const railAfterContact = firstContactT !== null && sim.events.some((e) => e.type === 'cushion' && e.t >= firstContactT);
  const cue = sim.finalBalls.find((b) => b.id === 0);
  return {
    sim, firstHit, firstContactT, pocketed,
    scratch: pocketed.has(0),
    offTable: sim.offTable.map((o) => o.ball),
    railAfterContact,
    cueEnd: cue ? { x: cue.x, y: cue.y } : null,
    after: sim.finalBalls.map((b) => ({ id: b.id, x: b.x, y: b.y })),
  };
}

export function trial(table: TableGeometry, balls: readonly BallSpot[], strike: CueStrike): TrialOutcome {
  return readOutcome(simulateTrial(table, balls, strike));
}

/** Direction (radians) the target leaves in after its first contact with the cue ball, or null. */
export function departureAngle(sim: ShotSimulation, target: BallId): number | null {
  const hit = sim.physicsEvents.find((e) => e.kind === 'ball-ball' && e.a === 0 && e.b === target);
  if (!hit) return null;
  const s = sim.trajectory.stateAt(target, hit.t, 'after');
  if (Math.hypot(s.vx, s.vy) < 1e-6) return null;
  return Math.atan2(s.vy, s.vx);
}
