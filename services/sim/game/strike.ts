// Shots: the break (cue ball placed in the kitchen) and every other shot (ball in hand placed
// first when the referee gives it). The player chooses, the cue is animated, the physics runs
// from the strike time, the shot line is written and judged, and the table follows. A shot may
// be cut short by the next strike while a ball still rolls (G10), when the referee's call
// leaves the same table to play on.
import type { BallId } from '../../contract/ids.ts';
import type { ShotLine } from '../../contract/log.ts';
import { reduce } from '../../rules/engine.ts';
import type { RefereeState } from '../../rules/state.ts';
import { simulateShot, type BallInput } from '../physics/index.ts';
import { preparationTime } from './cue-motion.ts';
import type { PlannedShot, Player, ShotIntent, ShotRequest } from './player.ts';
import type { ShotSituation } from './situations.ts';
import { between } from './random.ts';
import { cueRestTime, earlyStrikeTime, onBedAt, shotLine } from './shot-line.ts';
import { gameBall } from './targets.ts';
import { afterCall, gameView, playerOf, write, type TurnDeps } from './turn-context.ts';

const KEY_BALL_TRIALS = 40;

/** The intents that carry out each shot situation. */
const SITUATION_INTENTS: Readonly<Record<ShotSituation, readonly ShotIntent[]>> = {
  scratch: ['scratch'], miss: ['miss'], wrongBall: ['wrong-ball', 'no-ball'], noRail: ['no-rail'], hardShot: ['hard'], simultaneous: ['simultaneous'],
};

export function playBreak(d: TurnDeps, s: RefereeState): void {
  const player = playerOf(d, s.shooter);
  const view = gameView(d, s, s.shooter, d.phys.onBed().filter((b) => b.id !== 0));
  const key = d.director.keyBallOnBreak() ? gameBall(s.match.game) : null;
  const { cue, shot } = player.planBreak({ table: d.table, view, effort: d.options.planning }, key, KEY_BALL_TRIALS);
  d.clock = d.stage.carryBall(0 as BallId, cue, d.clock + 0.4, 'place');
  strike(d, s, player, shot, key !== null ? 'keyBallOnBreak' : null);
}

export function playShot(d: TurnDeps, s: RefereeState): void {
  const shooter = s.shooter;
  const player = playerOf(d, shooter);
  const director = d.director;
  if (shooter !== d.lastShooter) director.maybeStartFoulStreak(shooter, s.match.game !== '8ball' && (s.consecutiveFouls[shooter] ?? 0) === 0);
  const streak = director.foulStreakPlayer;
  const cueBall = d.phys.get(0 as BallId);
  if (s.ballInHand !== 'none' || cueBall.status !== 'bed') {
    if (s.ballInHand === 'none') d.problems.push(`line ${d.log.lineCount}: the cue ball is off the bed without ball in hand`);
    const freeze = s.ballInHand === 'anywhere' && streak === null && director.freezeCueBall();
    const region = s.ballInHand === 'kitchen' ? 'kitchen' : 'anywhere';
    const placement = player.placeCueBall(d.table, gameView(d, s), region, freeze);
    d.clock = d.stage.carryBall(0 as BallId, placement.spot, d.clock + between(d.timing, 0.3, 0.8), 'place');
  }
  const situation = streak === null ? director.shotSituation() : null;
  const request: ShotRequest = {
    situation,
    freezeSafety: streak === null && director.freezeTarget(),
    pushOut: s.pushOutAvailable && streak === null ? (director.pushOut() ? 'want' : 'may') : 'no',
    tacticalFoul: streak === shooter,
    forceSafety: streak !== null && streak !== shooter,
  };
  const shot = player.chooseShot({ table: d.table, view: gameView(d, s), effort: d.options.planning }, request);
  const played = situation !== null && SITUATION_INTENTS[situation].includes(shot.intent);
  if (played) director.shotSituationPlayed();
  strike(d, s, player, shot, played ? situation : null);
}

/** The referee's call for a shot line, without writing it (the reducer is pure). */
function preview(d: TurnDeps, s: RefereeState, line: ShotLine) {
  return reduce(s, line, d.log.lineCount + 1).calls[0];
}

function strike(d: TurnDeps, s: RefereeState, player: Player, shot: PlannedShot, situation: string | null): void {
  const carry = d.carry;
  let inputs: BallInput[];
  let strikeT: number;
  let ready: number;
  if (carry) {
    strikeT = carry.t;
    inputs = onBedAt(carry.sim, carry.t).map(({ moving: _moving, ...b }) => b);
    ready = carry.ready;
  } else {
    strikeT = d.clock + between(d.timing, d.options.pause.min, d.options.pause.max);
    inputs = d.phys.inputs();
    ready = d.clock;
  }
  const cue = inputs.find((b) => b.id === 0);
  if (!cue) throw new Error('no cue ball on the bed at the strike');
  const warmups = d.timing() < 0.5 ? 2 : 3;
  const startT = Math.max(ready, d.cueFree, strikeT - preparationTime(shot.strike.speed, warmups));
  if (!carry) strikeT = Math.max(strikeT, startT + 0.8);
  const times = d.stage.stroke(player.name, {
    startT, strikeT, cueBall: { x: cue.x, y: cue.y }, direction: shot.strike.direction,
    side: shot.strike.side ?? 0, height: shot.strike.height ?? 0, ballSpeed: shot.strike.speed, warmups, radius: d.table.ballRadius,
  });
  d.cueFree = times.liftEnd;

  const sim = simulateShot({ table: d.table, balls: inputs, strike: shot.strike, rng: d.physicsRng, startTime: strikeT, params: d.physics });
  if (sim.truncated) d.problems.push(`shot at t=${strikeT}: the physics stopped early (truncated)`);
  const cueRest = cueRestTime(sim);
  const earliest = cueRest === null ? Infinity : Math.max(cueRest + 1.2, times.liftEnd + 0.9);
  let cut = d.director.strikeWhileMoving() ? earlyStrikeTime(sim, earliest, d.timing()) : null;
  let line = shotLine(strikeT, inputs, shot.declared, sim, cut);
  if (cut !== null && !playsOn(preview(d, s, line))) {
    cut = null;
    line = shotLine(strikeT, inputs, shot.declared, sim, null);
  }
  if (cut !== null) d.director.movingStrikePlayed();
  const call = write(d, line);
  for (const id of sim.trajectory.balls) d.timeline.addBall(id, { kind: 'shot', t0: strikeT, trajectory: sim.trajectory });
  const endT = cut ?? sim.restTime;
  d.phys.applyShot(sim, endT);
  d.clock = Math.max(endT, strikeT + 0.3);
  d.carry = cut !== null ? { sim, t: cut, ready: Math.max(cueRest ?? cut, times.liftEnd) } : null;
  d.lastShooter = s.shooter;
  d.shots.push({
    line: d.log.lineCount, strikeT, endT, shooter: s.shooter, intent: shot.intent, situation, call,
    moving: (line.start?.balls ?? []).filter((b) => b.moving).map((b) => b.id),
  });
  if (d.director.foulStreakPlayer === s.shooter) {
    if (call.fouls.length > 0) d.director.foulPlayed();
    else d.director.endFoulStreak();
  }
  afterCall(d, call);
}

/** The call leaves the same table to the next shot: no ball in hand, no decision, no respot, no new game. */
function playsOn(call: ReturnType<typeof preview>): boolean {
  if (!call) return false;
  return call.next.ballInHand === 'none' && call.next.awaiting === null && call.gameOver === null
    && call.respot.length === 0 && call.warningDue === undefined && call.matchOver === undefined && call.breakNext === undefined;
}
