// 8-ball (E1-E3.7): open table, groups by a called ball, the break and its options, the 8.
import { groupOf, type BallId, type Group } from '../contract/ids.ts';
import type { Declared, Foul, GameOver } from '../contract/log.ts';
import { breakBallCount, commonFouls } from './fouls.ts';
import { calledBallMade, objectIdsOnBed, type GameRules, type ShotOutcome } from './outcome.ts';
import { cueOffTable, cuePocketed, objectPocketed, type ShotFacts } from './shot-facts.ts';
import { opponentOf, type RefereeState } from './state.ts';

const EIGHT = 8 as BallId;
const other = (g: Group): Group => (g === 'solids' ? 'stripes' : 'solids');

const breakFoul: Foul = { rule: 'E2.2', code: 'foul/break-too-few-balls-to-cushion' };

function lose(winner: string, rule: string, code: string): GameOver {
  return { winner, rule, code };
}

/** Object balls off the table are spotted, except the opponent's group (E3.3f, G23.2a); never the 8 here. */
function offTableSpots(f: ShotFacts, oppGroup: Group | null): { id: BallId; rule: string }[] {
  return f.offTable
    .filter((id) => id !== 0 && id !== EIGHT && (oppGroup === null || groupOf(id) !== oppGroup))
    .map((id) => ({ id, rule: 'G17' }));
}

function judgeBreak(s: RefereeState, f: ShotFacts): ShotOutcome {
  const shooter = s.shooter;
  const opp = opponentOf(s, shooter);
  const fouls = commonFouls(f, { game: '8ball', table: s.table, required: null, isBreak: true, fromKitchen: true, pushOut: false });
  const count = breakBallCount(f);
  if (count.toCushion < 4 && count.pocketed < 1) fouls.push(breakFoul);
  const respot = offTableSpots(f, null);
  // E3.5b: the 8 off the table on the break is a foul, not a loss; it is spotted (G17).
  if (f.offTable.includes(EIGHT)) respot.push({ id: EIGHT, rule: 'G17' });
  const scratched = cuePocketed(f) || cueOffTable(f);
  const base = { countsTowardsThreeFouls: true, respot, pushOutAvailable: false };
  if (f.pocketed.some((p) => p.ball === EIGHT)) {
    if (fouls.length === 0) {
      return {
        ...base, fouls, nextShooter: shooter, ballInHand: 'none', reasons: ['E2.2'],
        pending: { kind: 'eight-on-break', by: shooter, other: opp, choices: ['rerack', 'spot8'], fallback: 'spot8', ballInHandIfPlay: 'none' },
      };
    }
    return {
      ...base, fouls, nextShooter: opp, ballInHand: 'kitchen', reasons: ['E2.2'],
      pending: { kind: 'eight-on-break-foul', by: opp, other: shooter, choices: ['rerack', 'spot8'], fallback: 'spot8', ballInHandIfPlay: 'kitchen' },
    };
  }
  if (fouls.length > 0) {
    const bih = scratched ? 'kitchen' : 'none';
    return {
      ...base, fouls, nextShooter: opp, ballInHand: bih, reasons: ['E2.2'],
      pending: { kind: 'eight-break-foul', by: opp, other: shooter, choices: ['play', 'rebreak-self', 'rebreak-opponent'], fallback: 'play', ballInHandIfPlay: bih },
    };
  }
  const continues = count.pocketed > 0;
  return { ...base, fouls, nextShooter: continues ? shooter : opp, ballInHand: 'none', reasons: continues ? ['E3.1'] : ['E2.2'] };
}

function eightOutcome(s: RefereeState, f: ShotFacts, declared: Declared | undefined, fouls: Foul[], ownLeft: BallId[]): GameOver | null {
  const opp = opponentOf(s, s.shooter);
  const group = s.groups[s.shooter] ?? null;
  if (f.offTable.includes(EIGHT)) return lose(opp, 'E3.5b', 'loss/eight-off-table');
  const eight = f.pocketed.find((p) => p.ball === EIGHT);
  if (!eight) return null;
  if (fouls.length > 0) return lose(opp, 'E3.5c', 'loss/eight-on-foul');
  if (group === null || ownLeft.length > 0) {
    const pocketedNow = objectPocketed(f);
    const clearedNow = group !== null && ownLeft.every((id) => pocketedNow.includes(id));
    return clearedNow ? lose(opp, 'E3.5e', 'loss/eight-with-last-ball') : lose(opp, 'E3.5a', 'loss/eight-early');
  }
  if (declared?.safety) return lose(opp, 'G23.1', 'loss/eight-on-safety');
  const call = declared?.call;
  if (!call || call.ball !== EIGHT) return lose(opp, 'E3.7', 'loss/eight-not-called');
  if (call.pocket !== 'obvious' && call.pocket !== eight.pocket) return lose(opp, 'E3.5d', 'loss/eight-wrong-pocket');
  return { winner: s.shooter, rule: 'E3.4', code: 'win/eight-ball' };
}

function judgePlay(s: RefereeState, f: ShotFacts, declared: Declared | undefined): ShotOutcome {
  const shooter = s.shooter;
  const opp = opponentOf(s, shooter);
  const group = s.groups[shooter] ?? null;
  const ownLeft = group === null ? [] : objectIdsOnBed(f).filter((id) => groupOf(id) === group);
  const required = group === null ? null : ownLeft.length === 0 ? [EIGHT] : ownLeft;
  const fouls = commonFouls(f, {
    game: '8ball', table: s.table, required, isBreak: false, fromKitchen: s.ballInHand === 'kitchen', pushOut: false,
  });
  const respot = offTableSpots(f, group === null ? null : other(group));
  const base = { fouls, countsTowardsThreeFouls: true, respot, pushOutAvailable: false };
  const over = eightOutcome(s, f, declared, fouls, ownLeft);
  if (over) return { ...base, nextShooter: opp, ballInHand: 'none', gameOver: over, reasons: [over.rule] };
  if (fouls.length > 0) return { ...base, nextShooter: opp, ballInHand: 'anywhere', reasons: ['E3.6'] };
  const pass: ShotOutcome = { ...base, nextShooter: opp, ballInHand: 'none', reasons: ['E3.2'] };
  if (declared?.safety) return { ...pass, reasons: ['G22'] };
  const pocketed = objectPocketed(f).filter((id) => id !== EIGHT);
  const call = declared?.call;
  if (group === null) {
    // E3.1: hitting the 8 first on an open table is legal but ends the turn and chooses nothing.
    if (f.firstHit.includes(EIGHT)) return { ...pass, reasons: ['E3.1'] };
    if (call) {
      if (call.ball === EIGHT || !calledBallMade(f, declared)) return { ...pass, reasons: ['E3.2'] };
      const chosen = groupOf(call.ball)!;
      return {
        ...base, nextShooter: shooter, ballInHand: 'none', reasons: ['E3.1'],
        groups: { [shooter]: chosen, [opp]: other(chosen) },
      };
    }
    // No call: the referee credits the ball (G22: he must shoot again), but only a called ball chooses a group.
    return pocketed.length > 0 ? { ...base, nextShooter: shooter, ballInHand: 'none', reasons: ['E3.7', 'G22'] } : pass;
  }
  if (call) {
    const own = groupOf(call.ball) === group;
    return own && calledBallMade(f, declared) ? { ...base, nextShooter: shooter, ballInHand: 'none', reasons: ['E3.2'] } : pass;
  }
  const ownMade = pocketed.some((id) => groupOf(id) === group);
  return ownMade ? { ...base, nextShooter: shooter, ballInHand: 'none', reasons: ['E3.7', 'G22'] } : pass;
}

export const eightBall: GameRules = {
  judgeShot: (s, f, declared) => (s.breakShot ? judgeBreak(s, f) : judgePlay(s, f, declared)),
};
