// What a turn of the match loop runs in and what follows every call: the match's set-up and
// per-shot record, the turn's dependencies (the log, the physical table, the stage, the
// players, the random streams), and the bookkeeping after a call (the cue ball in hand, respots,
// the two-foul warning, and a check that the physical table and the referee's record agree).
// turn.ts (whose turn, what it does) and strike.ts (a break or a shot) both build on it.
import type { BallId, BreakOrder, Game, TableSize } from '../../contract/ids.ts';
import type { Call, LogLine } from '../../contract/log.ts';
import { opponentOf, type RefereeState } from '../../rules/state.ts';
import { layoutProblems, nudgeBall, type PhysicsParams, type Rng, type ShotSimulation, type TableGeometry } from '../physics/index.ts';
import type { BallSpot } from './geometry.ts';
import type { PlayerProfile, SimulationOptions } from './options.ts';
import type { Player, ShotIntent } from './player.ts';
import { between, chance } from './random.ts';
import type { SituationDirector } from './situations.ts';
import type { Stage } from './staging.ts';
import type { TableState } from './table-state.ts';
import type { GameView } from './targets.ts';
import type { MatchTimeline } from './timeline.ts';
import type { TruthLog } from './truth-log.ts';

export interface MatchConfig {
  readonly game: Game;
  /** Stop after this many shot lines (or when the match ends). */
  readonly shots: number;
  readonly seed: number;
  readonly players?: readonly [PlayerProfile, PlayerProfile];
  readonly table?: TableSize;
  /** Games to win (8-ball, 9-ball); default 7. */
  readonly raceTo?: number;
  /** Points to win (14.1); default 100. */
  readonly target?: number;
  readonly breaks?: BreakOrder;
  readonly options?: SimulationOptions;
}

export interface ShotRecord {
  /** 1-based line of the shot in the truth log. */
  readonly line: number;
  readonly strikeT: number;
  readonly endT: number;
  readonly shooter: string;
  readonly intent: ShotIntent;
  /** The situation the director asked for on this shot, if the player could play it. */
  readonly situation: string | null;
  readonly call: Call;
  /** Balls still moving at the strike (G10). */
  readonly moving: BallId[];
}

export interface TurnDeps {
  readonly config: MatchConfig;
  readonly options: SimulationOptions;
  readonly table: TableGeometry;
  readonly log: TruthLog;
  readonly timeline: MatchTimeline;
  readonly phys: TableState;
  readonly stage: Stage;
  readonly players: ReadonlyMap<string, Player>;
  readonly director: SituationDirector;
  readonly timing: Rng;
  readonly racks: Rng;
  readonly physicsRng: Rng;
  readonly physics: Partial<PhysicsParams>;
  readonly shots: ShotRecord[];
  readonly problems: string[];
  /** Time of the last thing that happened (s). */
  clock: number;
  /** When the cue stick of the last stroke is out of the way. */
  cueFree: number;
  /** A shot cut short by the next strike (G10): its simulation and the cut time. */
  carry: { sim: ShotSimulation; t: number; ready: number } | null;
  lastShooter: string | null;
}

export function playerOf(d: TurnDeps, name: string): Player {
  const p = d.players.get(name);
  if (!p) throw new Error(`no player named ${name}`);
  return p;
}

export function gameView(d: TurnDeps, s: RefereeState, shooter: string = s.shooter, balls: BallSpot[] = d.phys.onBed()): GameView {
  return { game: s.match.game, balls, shooter, opponent: opponentOf(s, shooter), groups: s.groups };
}

/** A new rack is due: the referee racked a new game (its bed positions are unknown). */
export const needsRack = (s: RefereeState): boolean => s.breakShot && s.bed.some((b) => b.id !== 0 && !Number.isFinite(b.x));

export function write(d: TurnDeps, line: LogLine): Call {
  const calls = d.log.write(line);
  const call = calls[calls.length - 1];
  if (!call) throw new Error(`no call for a ${line.kind} line`);
  return call;
}

/** What follows a call: the cue ball in hand, respots, the two-foul warning; then a consistency check. */
export function afterCall(d: TurnDeps, call: Call): void {
  const s = d.log.state;
  // Ball in hand: the cue ball stays where it lies until the player carries it to its spot,
  // unless the referee spots a ball onto it (the cue ball is no obstacle to spotting).
  const cue = d.phys.get(0 as BallId);
  const inTheWay = call.respot.some((r) => Math.hypot(r.x - cue.x, r.y - cue.y) < 2 * d.table.ballRadius);
  if (s.ballInHand !== 'none' && cue.status === 'bed' && inTheWay) d.stage.pickUp(0 as BallId, d.clock);
  if (call.respot.length > 3) {
    // 14.1 re-rack: the referee racks the balls in one go.
    const t0 = d.clock + 0.6;
    d.clock = d.stage.rackSome(call.respot, t0, 3 + d.timing());
  } else {
    for (const r of call.respot) d.clock = d.stage.carryBall(r.id, { x: r.x, y: r.y }, d.clock + 0.4, 'spot');
  }
  resolveOverlaps(d);
  const due = call.warningDue;
  if (typeof due === 'string' && chance(d.timing, d.options.warningGiven)) {
    d.clock += between(d.timing, 0.3, 0.8);
    write(d, { kind: 'warning', t: d.clock, to: due });
  }
  if (call.gameOver) d.director.endFoulStreak();
  checkBed(d);
}

/** The physical table must hold the balls the referee thinks are on the bed, where it thinks. */
export function checkBed(d: TurnDeps): void {
  const s = d.log.state;
  if (needsRack(s)) return;
  const inHand = s.ballInHand !== 'none';
  const physical = d.phys.onBed().filter((b) => !(inHand && b.id === 0));
  const referee = s.bed.filter((b) => !(inHand && b.id === 0) && Number.isFinite(b.x));
  const line = d.log.lineCount;
  for (const b of referee) {
    const p = physical.find((q) => q.id === b.id);
    if (!p) d.problems.push(`line ${line}: ball ${b.id} is on the referee's bed but not on the table`);
    else if (Math.hypot(p.x - b.x, p.y - b.y) > 1e-9) d.problems.push(`line ${line}: ball ${b.id} at (${p.x}, ${p.y}), the referee has (${b.x}, ${b.y})`);
  }
  for (const p of physical) {
    if (!s.bed.some((b) => b.id === p.id)) d.problems.push(`line ${line}: ball ${p.id} is on the table but not on the referee's bed`);
  }
}

/**
 * The referee's respots never land on a ball, except (a rules-engine edge case) a 14.1 re-rack
 * that sends the 15th ball to the head spot where the cue ball lies: the cue ball is then moved
 * to the nearest free spot, and the disagreement is reported as a problem.
 */
function resolveOverlaps(d: TurnDeps): void {
  const problems = layoutProblems(d.table, d.phys.onBed());
  if (problems.length === 0) return;
  d.problems.push(`line ${d.log.lineCount}: after the referee's respots: ${problems.join('; ')}`);
  const cue = d.phys.get(0 as BallId);
  if (cue.status !== 'bed') return;
  const others = d.phys.onBed().filter((b) => b.id !== 0);
  const moved = nudgeBall(d.table, others, 0 as BallId, cue).find((b) => b.id === 0)!;
  d.phys.place(0 as BallId, moved);
  d.timeline.addBall(0 as BallId, { kind: 'rest', t0: d.clock, status: 'bed', x: moved.x, y: moved.y, q: cue.q, pocket: null });
}
