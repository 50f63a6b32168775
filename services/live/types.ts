// Plain-data types shared by the live referee, its storage and its server. No classes: every
// value here serialises to JSON as it is (the WebSocket messages and the database rows).
import type { BallId, BallInHand, Game, Group, TableSize } from '../contract/ids.ts';
import type { Awaiting, Call, Declared, GameOver, MatchLine, Respot } from '../contract/log.ts';

/** Who put a line into a match's log. */
export type LineOrigin = 'camera' | 'operator' | 'script';

/** A ball's path during a shot, sampled in table metres. */
export interface BallPath {
  id: BallId;
  points: [number, number][];
}

/** How sure the referee is of a call and why (camera lines; operator lines are certain). */
export interface Confidence {
  /** 0..1; below LOW_CONFIDENCE the operator is asked to confirm. */
  value: number;
  reasons: string[];
}

export const LOW_CONFIDENCE = 0.75;

/** What the camera saw beside the line itself (kept with the line). */
export interface LineEvidence {
  confidence: Confidence;
  paths: BallPath[];
}

/** The plain words of a call: a headline, each rule applied, what happens next. */
export interface CallWords {
  headline: string;
  tone: 'legal' | 'foul' | 'info' | 'win' | 'rejected';
  rules: { id: string; text: string }[];
  next: string;
  /**
   * A fact of the call the camera could not settle and the operator has not confirmed: the
   * headline then says "Too close to call", and this is the verdict as the camera read it.
   */
  asRead?: string;
}

/** A call of the rules engine as the live referee publishes it. */
export interface JudgedCall {
  matchId: number;
  /** The stored log position of the line that produced it. */
  ord: number;
  origin: LineOrigin;
  call: Call;
  words: CallWords;
  confidence: Confidence;
  /** The operator confirmed the call (low-confidence calls ask for it). */
  confirmed: boolean;
  /** The ball paths of the shot (shot calls from the camera). */
  paths: BallPath[];
}

export type MatchStatus = 'live' | 'finished' | 'closed';

export interface MatchRecord {
  id: number;
  createdAt: string;
  updatedAt: string;
  status: MatchStatus;
  /** The source the match is played from (a key: resuming needs the same source). */
  source: string;
  /** Demo/file sources: the pass of the recording and where its log is complete. */
  sourcePass: number;
  resumeT: number | null;
  match: MatchLine;
  /** The operator's declaration for the next shot (call, safety, push-out). */
  pendingDeclared: Declared | null;
  tableId: number | null;
  title: string;
}

export interface StoredLine {
  matchId: number;
  ord: number;
  kind: string;
  t: number | null;
  /** The line as fed to the rules engine (one JSON object). */
  text: string;
  /** The line before an operator's correction, when corrected. */
  originalText: string | null;
  origin: LineOrigin;
  evidence: LineEvidence | null;
  voided: boolean;
  confirmed: boolean;
  createdAt: string;
}

export interface AuditEntry {
  id: number;
  matchId: number | null;
  at: string;
  actor: string;
  action: string;
  body: unknown;
  status: number;
  outcome: string;
}

/** The referee's state as the pages show it. */
export interface StateView {
  matchId: number;
  title: string;
  status: MatchStatus;
  game: Game;
  table: TableSize;
  players: [string, string];
  raceTo: number | null;
  gameNo: number;
  score: Record<string, number>;
  shooter: string;
  breaker: string;
  breakNext: boolean;
  ballInHand: BallInHand;
  /** Where the cue ball may go: the whole bed, the kitchen (x < headString), or nowhere. */
  ballInHandZone: { x0: number; x1: number; y0: number; y1: number } | null;
  groups: Record<string, Group | null>;
  consecutiveFouls: Record<string, number>;
  warned: Record<string, boolean>;
  /** A player on two fouls who has not been warned yet (G19). */
  warningDue: string | null;
  pushOutAvailable: boolean;
  awaiting: (Awaiting & { question: string }) | null;
  respot: Respot[];
  /** Object balls still on the bed (game's balls not pocketed or off the table). */
  ballsLeft: BallId[];
  bed: { id: BallId; x: number; y: number }[];
  pendingDeclared: Declared | null;
  gameOver: GameOver | null;
  matchOver: GameOver | null;
  lastCallSeq: number;
}
