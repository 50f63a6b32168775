// One step of the match loop, whatever the referee's state asks for next: a decision, a
// rack, a break, a hand disturbing a ball, or a shot. Also what follows every call: respots,
// the cue ball taken in hand, the two-foul warning, and a check that the physical table and
// the referee's record agree.
import type { BallId } from '../../contract/ids.ts';
import type { Call, LogLine } from '../../contract/log.ts';
import { opponentOf, type RefereeState } from '../../rules/state.ts';
import { layoutProblems, nudgeBall, type PhysicsParams, type Rng, type ShotSimulation, type TableGeometry } from '../physics/index.ts';
import { along, type BallSpot } from './geometry.ts';
import type { MatchConfig, ShotRecord } from './match.ts';
import type { SimulationOptions } from './options.ts';
import type { Player } from './player.ts';
import { bestPotChance } from './pot-candidates.ts';
import { rackBalls } from './rack.ts';
import { between, chance, pick } from './random.ts';
import type { SituationDirector } from './situations.ts';
import type { Stage } from './staging.ts';
import { playBreak, playShot } from './strike.ts';
import type { TableState } from './table-state.ts';
import { legalTargets, type GameView } from './targets.ts';
import type { MatchTimeline } from './timeline.ts';
import type { TruthLog } from './truth-log.ts';

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
const needsRack = (s: RefereeState): boolean => s.breakShot && s.bed.some((b) => b.id !== 0 && !Number.isFinite(b.x));

export function playTurn(d: TurnDeps, s: RefereeState): void {
  if (s.awaiting) return decide(d, s);
  if (needsRack(s)) return rack(d, s);
  if (s.breakShot) return playBreak(d, s);
  if (!d.carry && maybeDisturb(d, s)) return;
  playShot(d, s);
}

export function write(d: TurnDeps, line: LogLine): Call {
  const calls = d.log.write(line);
  const call = calls[calls.length - 1];
  if (!call) throw new Error(`no call for a ${line.kind} line`);
  return call;
}

function decide(d: TurnDeps, s: RefereeState): void {
  const a = s.awaiting!;
  const player = playerOf(d, a.by);
  let shotChance = 0;
  if (a.kind === 'push-out') {
    const view = gameView(d, s, a.by);
    const cue = view.balls.find((b) => b.id === 0);
    if (cue) shotChance = bestPotChance(d.table, view.balls, cue, legalTargets(view), player.aimSigma);
  }
  const choice = player.decide(a.kind, a.choices, shotChance);
  d.clock += between(d.timing, 0.8, 2);
  const call = write(d, { kind: 'decision', t: d.clock, by: a.by, choice });
  afterCall(d, call);
}

function rack(d: TurnDeps, s: RefereeState): void {
  const balls = rackBalls(s.match.game, d.table.spec, d.racks);
  const end = d.stage.rack(balls, d.clock + 0.5, 3 + d.timing());
  d.clock = end;
  d.carry = null;
  const calls = d.log.write({ kind: 'rack', t: end, balls: balls.map((b) => ({ id: b.id, x: b.x, y: b.y })) });
  for (const c of calls) d.problems.push(`line ${c.line}: rack check ${JSON.stringify(c.rackCheck ?? c)}`);
  d.director.endFoulStreak();
}

/** G13: a hand moves a ball between shots; the operator may charge the shooter (G18f). */
function maybeDisturb(d: TurnDeps, s: RefereeState): boolean {
  if (s.ballInHand !== 'none' || !d.director.disturb()) return false;
  const objects = d.phys.onBed().filter((b) => b.id !== 0);
  if (objects.length === 0) return false;
  const ball = pick(d.timing, objects);
  const aim = along(ball, between(d.timing, -Math.PI, Math.PI), between(d.timing, 0.02, 0.06));
  const moved = nudgeBall(d.table, d.phys.onBed(), ball.id, aim).find((b) => b.id === ball.id)!;
  const { stopped, end } = d.stage.nudge(ball.id, moved, d.clock + between(d.timing, 0.4, 1.2));
  write(d, { kind: 'disturbed', t: stopped, balls: [{ id: ball.id, x: moved.x, y: moved.y }] });
  d.clock = end;
  if (d.director.chargeDisturbance()) {
    d.clock += between(d.timing, 0.5, 1.5);
    afterCall(d, write(d, { kind: 'foul', t: d.clock, rule: 'G18f', by: s.shooter }));
  }
  checkBed(d);
  return true;
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
