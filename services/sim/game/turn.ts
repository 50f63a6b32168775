// One step of the match loop, whatever the referee's state asks for next: a decision, a
// rack, a break, a hand disturbing a ball, or a shot. Also what follows every call: respots,
// the cue ball taken in hand, the two-foul warning, and a check that the physical table and
// the referee's record agree.
import type { RefereeState } from '../../rules/state.ts';
import { nudgeBall } from '../physics/index.ts';
import { along } from './geometry.ts';
import { bestPotChance } from './pot-candidates.ts';
import { rackBalls } from './rack.ts';
import { between, pick } from './random.ts';
import { playBreak, playShot } from './strike.ts';
import { legalTargets } from './targets.ts';
import { afterCall, checkBed, gameView, needsRack, playerOf, write, type TurnDeps } from './turn-context.ts';

export function playTurn(d: TurnDeps, s: RefereeState): void {
  if (s.awaiting) return decide(d, s);
  if (needsRack(s)) return rack(d, s);
  if (s.breakShot) return playBreak(d, s);
  if (!d.carry && maybeDisturb(d, s)) return;
  playShot(d, s);
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

