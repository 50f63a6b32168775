// The referee's state between inputs. Plain data (no classes, no Maps) so that it clones,
// serialises and compares trivially; the reducer never mutates a state it was given.
import {
  objectBallsOf, type BallId, type BallInHand, type DecisionChoice, type Game, type Group,
} from '../contract/ids.ts';
import type { BallPosition, GameOver, MatchLine } from '../contract/log.ts';
import { TABLE_SPECS, type TableSpec } from '../table/spec.ts';

/** Why a decision is awaited; each kind has its own meaning for the choices. */
export type PendingKind =
  | 'push-out' // N2.3: after a legal push-out, the incoming player plays or passes
  | 'eight-break-foul' // E2.2: illegal break / foul on the break, opponent's options
  | 'eight-on-break' // E2.2: 8 pocketed on a legal break, breaker's options
  | 'eight-on-break-foul' // E2.2: 8 pocketed on a foul break, opponent's options
  | 'straight-break-violation' // S: 14.1 opening break violation, opponent's options
  | 'straight-rerack-option'; // G19 / G24.3: 14.1 penalty with the re-rack option

export interface PendingDecision {
  kind: PendingKind;
  by: string;
  /** The player the decision is about (the pusher, the breaker, the offender). */
  other: string;
  choices: DecisionChoice[];
  /** Applied when the next shot arrives with no decision line. */
  fallback: DecisionChoice;
  /** Ball in hand for the chooser if he plays on. */
  ballInHandIfPlay: BallInHand;
}

export interface RefereeState {
  match: MatchLine;
  table: TableSpec;
  seq: number;
  /** 1-based game number within the match (14.1 is one game). */
  gameNo: number;
  breaker: string;
  shooter: string;
  ballInHand: BallInHand;
  /** The next shot is a break (opening break of a rack / of 14.1). */
  breakShot: boolean;
  /** 9-ball: the next shot may be a push-out (N2.3). */
  pushOutAvailable: boolean;
  consecutiveFouls: Record<string, number>;
  /** The two-foul warning has been given to the player (G19). */
  warned: Record<string, boolean>;
  groups: Record<string, Group | null>;
  awaiting: PendingDecision | null;
  /** Balls on the bed with their last known positions (position unknown: NaN). */
  bed: BallPosition[];
  /** Balls pocketed (or in hand, for the cue ball). */
  down: BallId[];
  /** Balls off the table and not spotted. */
  off: BallId[];
  /** Games won (8/9-ball) or points (14.1). */
  score: Record<string, number>;
  /** 14.1: racks started so far. */
  rackNo: number;
  matchOver: GameOver | null;
}

export const opponentOf = (s: RefereeState, p: string): string =>
  s.match.players[0] === p ? s.match.players[1] : s.match.players[0];

export const perPlayer = <T>(m: MatchLine, v: T): Record<string, T> => ({ [m.players[0]]: v, [m.players[1]]: v });

/** Every ball of the game, cue ball included, on the bed at unknown positions. */
export function fullRack(game: Game): BallPosition[] {
  return [0 as BallId, ...objectBallsOf(game)].map((id) => ({ id, x: NaN, y: NaN }));
}

export function initialState(match: MatchLine): RefereeState {
  return {
    match,
    table: TABLE_SPECS[match.table],
    seq: 0,
    gameNo: 1,
    breaker: match.firstBreak,
    shooter: match.firstBreak,
    ballInHand: 'kitchen',
    breakShot: true,
    pushOutAvailable: false,
    consecutiveFouls: perPlayer(match, 0),
    warned: perPlayer(match, false),
    groups: perPlayer(match, null),
    awaiting: null,
    bed: fullRack(match.game),
    down: [],
    off: [],
    score: perPlayer(match, 0),
    rackNo: 1,
    matchOver: null,
  };
}

/** A fresh rack for a new game or a re-rack: the breaker breaks from the kitchen. */
export function newRack(s: RefereeState, breaker: string, nextGame: boolean): RefereeState {
  return {
    ...s,
    gameNo: nextGame ? s.gameNo + 1 : s.gameNo,
    breaker,
    shooter: breaker,
    ballInHand: 'kitchen',
    breakShot: true,
    pushOutAvailable: false,
    groups: perPlayer(s.match, null),
    awaiting: null,
    bed: fullRack(s.match.game),
    down: [],
    off: [],
    // G19 counts run across racks in 14.1 only; a new game of 8/9-ball starts clean.
    consecutiveFouls: s.match.game === '14.1' ? s.consecutiveFouls : perPlayer(s.match, 0),
    warned: s.match.game === '14.1' ? s.warned : perPlayer(s.match, false),
  };
}
