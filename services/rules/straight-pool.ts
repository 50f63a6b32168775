// 14.1 continuous (S, with the G-rule exceptions): called ball and pocket every shot, a point per
// legal ball, -1 per foul, the opening break (-2), balls spotted on fouls, misses and safeties.
import type { BallId } from '../contract/ids.ts';
import type { Declared } from '../contract/log.ts';
import { commonFouls } from './fouls.ts';
import { calledBallMade, type GameRules, type ShotOutcome } from './outcome.ts';
import { cueOffTable, cuePocketed, objectPocketed, type ShotFacts } from './shot-facts.ts';
import { opponentOf, type RefereeState } from './state.ts';

export const OPENING_BREAK_POINTS = -2;
export const FOUL_POINTS = -1;
/** G19 resolution: the third consecutive foul is one event of -18 (the foul's 1 plus 15). */
export const THIRD_FOUL_POINTS = -18;

const spot = (ids: BallId[], rule: string): { id: BallId; rule: string }[] => ids.map((id) => ({ id, rule }));

function judge(s: RefereeState, f: ShotFacts, declared: Declared | undefined): ShotOutcome {
  const shooter = s.shooter;
  const opp = opponentOf(s, shooter);
  const fouls = commonFouls(f, {
    game: '14.1', table: s.table, required: null, isBreak: s.breakShot, fromKitchen: s.ballInHand === 'kitchen' || s.breakShot, pushOut: false,
  });
  const pocketed = objectPocketed(f);
  // G17: object balls off the table are spotted; in 14.1 that is no foul (G18e).
  const offSpots = spot(f.offTable.filter((id) => id !== 0), 'G17');
  const scratched = cuePocketed(f) || cueOffTable(f);
  const called = calledBallMade(f, declared);
  const base = { countsTowardsThreeFouls: true, pushOutAvailable: false };

  if (s.breakShot) {
    // S: the opening break must pocket the called ball, or drive the cue ball and two object balls to a cushion.
    const toCushion = [...f.objectBallsToCushion].length;
    const legalBreak = called || (f.cueRailAfterContact && toCushion >= 2);
    if (!legalBreak) {
      const bih = scratched ? 'kitchen' : 'none';
      return {
        ...base, countsTowardsThreeFouls: false,
        fouls: [...fouls, { rule: 'S', code: 'foul/opening-break' }],
        points: OPENING_BREAK_POINTS, nextShooter: opp, ballInHand: bih,
        respot: [...spot(pocketed, 'G21'), ...offSpots], reasons: ['S'],
        pending: { kind: 'straight-break-violation', by: opp, other: shooter, choices: ['play', 'rebreak-opponent'], fallback: 'play', ballInHandIfPlay: bih },
      };
    }
    if (fouls.length > 0) {
      // G19: fouls on the opening break are not counted towards three consecutive fouls.
      return {
        ...base, countsTowardsThreeFouls: false, fouls, points: FOUL_POINTS, nextShooter: opp,
        ballInHand: scratched ? 'kitchen' : 'anywhere', respot: [...spot(pocketed, 'G21'), ...offSpots], reasons: ['G21'],
      };
    }
  }
  if (fouls.length > 0) {
    return {
      ...base, fouls, points: FOUL_POINTS, nextShooter: opp, ballInHand: scratched ? 'kitchen' : 'anywhere',
      respot: [...spot(pocketed, 'G21'), ...offSpots], reasons: ['G21'],
    };
  }
  if (declared?.safety) {
    return { ...base, fouls, points: 0, nextShooter: opp, ballInHand: 'none', respot: [...spot(pocketed, 'G22'), ...offSpots], reasons: ['G22'] };
  }
  if (called) {
    return { ...base, fouls, points: pocketed.length, nextShooter: shooter, ballInHand: 'none', respot: offSpots, reasons: ['S'] };
  }
  // A miss: nothing scores; balls that fell without being called are spotted.
  return { ...base, fouls, points: 0, nextShooter: opp, ballInHand: 'none', respot: [...spot(pocketed, 'S'), ...offSpots], reasons: ['S'] };
}

export const straightPool: GameRules = { judgeShot: judge };
