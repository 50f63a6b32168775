// Typed lines of the event log (input) and the calls (output), per shared/contracts/EVENTS.md.
// Field names are the contract's; optional fields are the ones the contract marks optional.
import type {
  BallId, BallInHand, BreakOrder, Cushion, DecisionChoice, Game, Group, Pocket, TableLine, TableSize, UncertainFact,
} from './ids.ts';

export interface BallPosition {
  id: BallId;
  x: number;
  y: number;
  /** Still rolling or spinning when the cue ball was struck (G10). */
  moving?: boolean;
}

export interface MatchLine {
  kind: 'match';
  game: Game;
  table: TableSize;
  players: [string, string];
  /** Games to win (8-ball, 9-ball). */
  raceTo?: number;
  /** Points to win (14.1). */
  target?: number;
  breaks: BreakOrder;
  firstBreak: string;
}

export interface RackLine {
  kind: 'rack';
  t?: number;
  balls: BallPosition[];
}

export type ShotEvent =
  | { t: number; type: 'strike' }
  | { t: number; type: 'contact'; a: BallId; b: BallId }
  | { t: number; type: 'cushion'; ball: BallId; cushion: Cushion }
  | { t: number; type: 'pocket'; ball: BallId; pocket: Pocket }
  | { t: number; type: 'off-table'; ball: BallId }
  | { t: number; type: 'cross'; ball: BallId; line: TableLine };

export interface CalledShot {
  ball: BallId;
  pocket: Pocket | 'obvious';
}

export interface Declared {
  safety?: boolean;
  pushOut?: boolean;
  call?: CalledShot;
}

/** One alternative of an uncertain fact: a contact [a, b], a ball, a pocket, yes or no. */
export type UncertainAlternative = number | string | boolean | (number | string)[];

/**
 * A fact the call depends on that the measurement cannot settle: what else it may have been,
 * and the margin (s or m) against the measurement's error. The rules engine judges the line as
 * given and asks the operator to confirm (the call's `confirm`).
 */
export interface Uncertainty {
  fact: UncertainFact;
  alternatives: UncertainAlternative[];
  margin: number;
}

export interface ShotLine {
  kind: 'shot';
  t?: number;
  start?: { balls: BallPosition[] };
  declared?: Declared;
  events: ShotEvent[];
  end?: { t?: number; balls: BallPosition[] };
  /** From a camera: facts too close to call (EVENTS.md). */
  uncertain?: Uncertainty[];
}

export interface DecisionLine {
  kind: 'decision';
  t?: number;
  by: string;
  choice: DecisionChoice;
}

export interface FoulLine {
  kind: 'foul';
  t?: number;
  rule: string;
  by: string;
}

export interface DisturbedLine {
  kind: 'disturbed';
  t?: number;
  balls: BallPosition[];
}

export interface WarningLine {
  kind: 'warning';
  t?: number;
  to: string;
}

export type LogLine = MatchLine | RackLine | ShotLine | DecisionLine | FoulLine | DisturbedLine | WarningLine;

// ---- output ----

export interface Foul {
  rule: string;
  code: string;
}

export interface Respot {
  id: BallId;
  x: number;
  y: number;
  rule?: string;
}

export interface Awaiting {
  by: string;
  choices: DecisionChoice[];
}

export interface GameOver {
  winner: string | null;
  rule: string;
  code: string;
}

export interface Next {
  player: string;
  ballInHand: BallInHand;
  consecutiveFouls: Record<string, number>;
  group: Record<string, Group | null>;
  awaiting: Awaiting | null;
}

export interface Call {
  seq: number;
  line: number;
  t: number | null;
  input: LogLine['kind'];
  shooter: string | null;
  game: number;
  legal: boolean;
  fouls: Foul[];
  pocketed: BallId[];
  respot: Respot[];
  next: Next;
  gameOver: GameOver | null;
  score: Record<string, number>;
  /** Additions beyond the contract's fields (allowed by it): plain words and extras. */
  [extra: string]: unknown;
}
