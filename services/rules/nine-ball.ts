// 9-ball (N1-N3.5): lowest ball first, the break, push-out, the 9 spotted after a foul.
import type { BallId } from '../contract/ids.ts';
import type { Declared, Foul } from '../contract/log.ts';
import { breakBallCount, commonFouls } from './fouls.ts';
import { objectIdsOnBed, type GameRules, type ShotOutcome } from './outcome.ts';
import { objectPocketed, type ShotFacts } from './shot-facts.ts';
import { opponentOf, type RefereeState } from './state.ts';

const NINE = 9 as BallId;

/** N1: the lowest-numbered ball on the table. */
export function lowestBall(f: ShotFacts): BallId | null {
  const ids = objectIdsOnBed(f);
  return ids.length === 0 ? null : ids.reduce((a, b) => (b < a ? b : a));
}

/** The 9 is spotted when it is pocketed on a foul or a push-out, or leaves the table (G17, G23.1, N2.3). */
function nineSpot(f: ShotFacts, rule: string): { id: BallId; rule: string }[] {
  const down = f.pocketed.some((p) => p.ball === NINE);
  const off = f.offTable.includes(NINE);
  return down || off ? [{ id: NINE, rule: off ? 'G17' : rule }] : [];
}

function foulOutcome(s: RefereeState, f: ShotFacts, fouls: Foul[], rule: string): ShotOutcome {
  return {
    fouls, countsTowardsThreeFouls: true, nextShooter: opponentOf(s, s.shooter), ballInHand: 'anywhere',
    respot: nineSpot(f, 'G23.1'), pushOutAvailable: false, reasons: [rule],
  };
}

function judgeBreak(s: RefereeState, f: ShotFacts): ShotOutcome {
  const lowest = lowestBall(f);
  const required = lowest === null ? null : [lowest];
  const fouls = commonFouls(f, { game: '9ball', table: s.table, required, isBreak: true, fromKitchen: true, pushOut: false });
  if (fouls.some((x) => x.code === 'foul/wrong-ball-first' || x.code === 'foul/no-ball-hit')) {
    fouls.push({ rule: 'N2.2', code: 'foul/break-wrong-ball-first' });
  }
  const count = breakBallCount(f);
  if (count.toCushion < 4 && count.pocketed < 1) fouls.push({ rule: 'N2.2', code: 'foul/break-too-few-balls-to-cushion' });
  // N2.2: after a foul break the incoming player has ball in hand anywhere (option a); option (b),
  // playing the position as it lies, is the same table with the cue ball left where it is.
  if (fouls.length > 0) return foulOutcome(s, f, fouls, 'N2.2');
  const base = { fouls, countsTowardsThreeFouls: true, respot: [], ballInHand: 'none' as const };
  if (f.pocketed.some((p) => p.ball === NINE)) {
    return { ...base, nextShooter: s.shooter, pushOutAvailable: false, reasons: ['N2.2'], gameOver: { winner: s.shooter, rule: 'N2.2', code: 'win/nine-on-break' } };
  }
  const continues = objectPocketed(f).length > 0;
  return { ...base, nextShooter: continues ? s.shooter : opponentOf(s, s.shooter), pushOutAvailable: true, reasons: ['N2.2'] };
}

function judgePlay(s: RefereeState, f: ShotFacts, declared: Declared | undefined): ShotOutcome {
  const lowest = lowestBall(f);
  const pushOut = declared?.pushOut === true && s.pushOutAvailable;
  const fouls = commonFouls(f, {
    game: '9ball', table: s.table, required: lowest === null ? null : [lowest], isBreak: false, fromKitchen: false, pushOut,
  });
  if (fouls.length > 0) return foulOutcome(s, f, fouls, pushOut ? 'N2.3' : 'N3.5');
  const opp = opponentOf(s, s.shooter);
  if (pushOut) {
    return {
      fouls, countsTowardsThreeFouls: true, nextShooter: opp, ballInHand: 'none', respot: nineSpot(f, 'N2.3'),
      pushOutAvailable: false, pushOut: true, reasons: ['N2.3'],
      pending: { kind: 'push-out', by: opp, other: s.shooter, choices: ['play', 'pass'], fallback: 'play', ballInHandIfPlay: 'none' },
    };
  }
  const base = { fouls, countsTowardsThreeFouls: true, respot: [], ballInHand: 'none' as const, pushOutAvailable: false };
  if (f.pocketed.some((p) => p.ball === NINE)) {
    return { ...base, nextShooter: s.shooter, reasons: ['N3.2'], gameOver: { winner: s.shooter, rule: 'N3.2', code: 'win/nine-ball' } };
  }
  const continues = objectPocketed(f).length > 0;
  return { ...base, nextShooter: continues ? s.shooter : opp, reasons: [continues ? 'N3.1' : 'N1'] };
}

export const nineBall: GameRules = {
  judgeShot: (s, f, declared) => (s.breakShot ? judgeBreak(s, f) : judgePlay(s, f, declared)),
};
