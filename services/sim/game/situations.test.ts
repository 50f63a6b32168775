// The stress preset really produces every situation the referee must handle, counted the way
// a referee test sees them: by the rule ids of the calls and by the kinds of the log's lines.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '../../contract/ids.ts';
import { simulateMatch } from './match.ts';
import { simulationOptions } from './options.ts';
import { addCounts, countSituations, type SituationCounts } from './stats.ts';

const SEEDS = [1, 2, 3];
const SHOTS = 50;
const byGame = new Map<Game, SituationCounts>();

beforeAll(() => {
  for (const game of ['9ball', '8ball', '14.1'] as const) {
    for (const seed of SEEDS) {
      const rec = simulateMatch({ game, shots: SHOTS, seed, options: simulationOptions('stress', { pause: { min: 2, max: 4 } }) });
      expect(rec.problems).toEqual([]);
      const counts = countSituations(rec);
      byGame.set(game, byGame.has(game) ? addCounts(byGame.get(game)!, counts) : counts);
    }
  }
}, 120_000);

const all = (): SituationCounts => [...byGame.values()].reduce(addCounts);

describe('the stress preset produces every situation', () => {
  it.each([
    ['G18c scratch', 'scratch'],
    ['G18a no ball or the wrong ball first', 'noBallOrWrongBall'],
    ['G18b no rail after contact', 'noRail'],
    ['G10 a ball still moving at the strike', 'movingBalls'],
    ['G12 simultaneous hit', 'simultaneous'],
    ['G18g/G18j frozen ball without a rail', 'frozenNoRail'],
    ['frozen-ball shots (cue ball frozen to a ball, or the first ball frozen to a cushion)', 'frozenShots'],
    ['balls off the table', 'ballsOffTable'],
    ['disturbed balls (disturbed lines)', 'disturbed'],
    ['operator fouls (G18f after a disturbed ball)', 'operatorFouls'],
    ['two-foul warnings', 'warnings'],
    ['decisions', 'decisions'],
    ['declared safeties', 'safeties'],
  ] as const)('%s', (_name, key) => {
    expect(all()[key]).toBeGreaterThan(0);
  });

  it('G18d or G18e: a ball off the table is called as a foul', () => {
    expect(all().cueOffTable + all().objectOffTable).toBeGreaterThan(0);
  });

  it('8 or 9 pocketed on the break', () => {
    expect(byGame.get('9ball')!.keyBallOnBreak + byGame.get('8ball')!.keyBallOnBreak).toBeGreaterThan(0);
  });

  it('9-ball: push-outs and the three-foul loss (N3.4)', () => {
    expect(byGame.get('9ball')!.pushOuts).toBeGreaterThan(0);
    expect(byGame.get('9ball')!.threeFoulPenalties).toBeGreaterThan(0);
  });

  it('14.1: the third consecutive foul is penalised (G19, after a warning)', () => {
    expect(byGame.get('14.1')!.threeFoulPenalties).toBeGreaterThan(0);
    expect(byGame.get('14.1')!.warnings).toBeGreaterThan(0);
  });

  it('8-ball never calls a warning (no G19 penalty in 8-ball) and has no push-outs', () => {
    expect(byGame.get('8ball')!.warnings).toBe(0);
    expect(byGame.get('8ball')!.pushOuts).toBe(0);
  });
});

describe('rates are controllable', () => {
  it('with every rate at zero, no provoked situation appears', () => {
    const quiet = simulationOptions('default', {
      situations: { scratch: 0, miss: 0, wrongBall: 0, noRail: 0, frozen: 0, hardShot: 0, simultaneous: 0, movingBalls: 0, disturbed: 0, keyBallOnBreak: 0, pushOut: 0, threeFouls: 0 },
      pause: { min: 2, max: 3 },
    });
    const rec = simulateMatch({ game: '9ball', shots: 30, seed: 4, options: quiet });
    const c = countSituations(rec);
    expect(c.movingBalls).toBe(0);
    expect(c.disturbed).toBe(0);
    expect(c.threeFoulPenalties).toBe(0);
    expect(rec.shots.filter((s) => s.situation !== null)).toEqual([]);
  });
});
