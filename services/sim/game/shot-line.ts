// A simulated shot as the contract's shot line: t = strike time; start.balls every ball on the
// bed at the strike ("moving":true for those still rolling or spinning); declared; the physics'
// events; end {t, balls}: the rest time and the balls at rest. A shot cut short by the next
// strike (a ball still rolling, G10) ends at that strike with the balls where they are then.
import type { BallId } from '../../contract/ids.ts';
import type { BallPosition, Declared, ShotLine } from '../../contract/log.ts';
import type { BallInput, ShotSimulation } from '../physics/index.ts';

const isMoving = (b: BallInput): boolean =>
  Math.hypot(b.vx ?? 0, b.vy ?? 0) > 1e-9 || Math.hypot(b.wx ?? 0, b.wy ?? 0, b.wz ?? 0) > 1e-9;

export function shotLine(strikeT: number, inputs: readonly BallInput[], declared: Declared, sim: ShotSimulation, cutAt: number | null): ShotLine {
  const start: BallPosition[] = inputs.map((b) => (isMoving(b) ? { id: b.id, x: b.x, y: b.y, moving: true } : { id: b.id, x: b.x, y: b.y }));
  const endT = cutAt ?? sim.restTime;
  const events = cutAt === null ? sim.events : sim.events.filter((e) => e.t <= cutAt);
  const end: BallPosition[] = cutAt === null
    ? sim.finalBalls.map((b) => ({ id: b.id, x: b.x, y: b.y }))
    : onBedAt(sim, cutAt).map((b) => ({ id: b.id, x: b.x, y: b.y }));
  const line: ShotLine = { kind: 'shot', t: strikeT, start: { balls: start }, events, end: { t: endT, balls: end } };
  if (Object.keys(declared).length > 0) line.declared = declared;
  return line;
}

/** Balls on the bed at time t, with their motion (for the next shot's physics input). */
export function onBedAt(sim: ShotSimulation, t: number): (BallInput & { moving: boolean })[] {
  const out: (BallInput & { moving: boolean })[] = [];
  for (const id of sim.trajectory.balls) {
    const s = sim.trajectory.stateAt(id, t);
    if (s.state === 'pocketed' || s.state === 'off-table') continue;
    const moving = s.state === 'sliding' || s.state === 'rolling' || s.state === 'spinning';
    out.push({ id, x: s.x, y: s.y, vx: s.vx, vy: s.vy, wx: s.wx, wy: s.wy, wz: s.wz, orientation: s.orientation, moving });
  }
  return out;
}

/** When the cue ball came to rest (its last segment's start), or null when it left the bed. */
export function cueRestTime(sim: ShotSimulation): number | null {
  if (!sim.finalBalls.some((b) => b.id === 0)) return null;
  const segments = sim.trajectory.segments(0 as BallId);
  return segments[segments.length - 1]!.t0;
}

/**
 * A time to strike again while an object ball still rolls (G10): not before `earliest` (the
 * cue ball at rest and the player ready), after the shot's last contract event (so the shot's
 * facts are complete), with some other ball still moving. Null when the shot gives no such moment.
 */
export function earlyStrikeTime(sim: ShotSimulation, earliest: number, u: number): number | null {
  if (!Number.isFinite(earliest)) return null;
  const lastEvent = sim.events.reduce((m, e) => Math.max(m, e.t), -Infinity);
  const from = Math.max(earliest, lastEvent + 0.05);
  const to = sim.restTime - 0.15;
  if (!(to > from)) return null;
  const t = from + (to - from) * Math.min(0.6, u);
  return onBedAt(sim, t).some((b) => b.id !== 0 && b.moving) ? t : null;
}
