// The match layer: G19 three consecutive fouls, game over, score, who breaks the next game.
import type { Foul, GameOver } from '../contract/log.ts';
import { THIRD_FOUL_POINTS } from './straight-pool.ts';
import { newRack, opponentOf, type PendingDecision, type RefereeState } from './state.ts';
import type { BallInHand } from '../contract/ids.ts';

export const THIRD_FOUL: Foul = { rule: 'G19', code: 'foul/third-consecutive' };

export interface FoulPenalty {
  fouls: Foul[];
  gameOver?: GameOver;
  points?: number;
  pending?: PendingDecision;
  notes: string[];
}

/**
 * Records a foul against `offender` (G19) and applies the third-foul penalty of the game:
 * 9-ball loses (N3.4), 14.1 is -18 with the re-rack option, 8-ball nothing (E3.3h). A third
 * foul without the two-foul warning is not penalised and the count stays at two.
 */
export function recordFoul(s: RefereeState, offender: string, ballInHandIfPlay: BallInHand): { state: RefereeState; penalty: FoulPenalty } {
  const counts = { ...s.consecutiveFouls };
  const warned = { ...s.warned };
  const n = (counts[offender] ?? 0) + 1;
  const penalty: FoulPenalty = { fouls: [], notes: [] };
  counts[offender] = n;
  if (n >= 3 && s.match.game !== '8ball') {
    if (!warned[offender]) {
      counts[offender] = 2;
      penalty.notes.push('G19: third foul without the two-foul warning: not penalised, the count stays at two');
    } else {
      counts[offender] = 0;
      warned[offender] = false;
      penalty.fouls.push(THIRD_FOUL);
      const opp = opponentOf(s, offender);
      if (s.match.game === '9ball') {
        penalty.gameOver = { winner: opp, rule: 'N3.4', code: 'loss/three-fouls' };
      } else {
        penalty.points = THIRD_FOUL_POINTS;
        penalty.pending = {
          kind: 'straight-rerack-option', by: opp, other: offender, choices: ['play', 'rerack'], fallback: 'play', ballInHandIfPlay,
        };
      }
    }
  }
  return { state: { ...s, consecutiveFouls: counts, warned }, penalty };
}

/** A legal shot cancels the shooter's count (G19). */
export function recordLegalShot(s: RefereeState, shooter: string): RefereeState {
  return {
    ...s,
    consecutiveFouls: { ...s.consecutiveFouls, [shooter]: 0 },
    warned: { ...s.warned, [shooter]: false },
  };
}

const target = (s: RefereeState): number => (s.match.game === '14.1' ? s.match.target : s.match.raceTo) ?? Infinity;

/** 14.1: adds points and ends the match when the target is reached. */
export function addPoints(s: RefereeState, player: string, points: number): { state: RefereeState; gameOver: GameOver | null } {
  const score = { ...s.score, [player]: (s.score[player] ?? 0) + points };
  const state = { ...s, score };
  if ((score[player] ?? 0) >= target(s)) {
    const over: GameOver = { winner: player, rule: 'S', code: 'win/target-reached' };
    return { state: { ...state, matchOver: over, awaiting: null }, gameOver: over };
  }
  return { state, gameOver: null };
}

/** 8-ball and 9-ball: a game is over; score it and rack the next one (or end the match). */
export function finishGame(s: RefereeState, over: GameOver): RefereeState {
  if (s.match.game === '14.1') return { ...s, matchOver: over, awaiting: null };
  const score = { ...s.score };
  if (over.winner !== null) score[over.winner] = (score[over.winner] ?? 0) + 1;
  const scored = { ...s, score };
  if (over.winner !== null && (score[over.winner] ?? 0) >= target(s)) {
    return { ...scored, matchOver: { ...over, code: 'match/won' }, awaiting: null };
  }
  // E1/N1: the winner breaks the next game, or breaks alternate; a drawn game (E3.3g) keeps its breaker.
  let breaker = s.breaker;
  if (over.winner !== null) breaker = s.match.breaks === 'winner' ? over.winner : opponentOf(s, s.breaker);
  return newRack(scored, breaker, true);
}
