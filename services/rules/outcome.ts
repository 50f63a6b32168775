// What a game's rules decide about one shot, before the shared bookkeeping (G19 counts,
// respot coordinates, the match layer) is applied by the reducer.
import type { BallId, BallInHand, Group } from '../contract/ids.ts';
import type { Declared, Foul, GameOver } from '../contract/log.ts';
import type { ShotFacts } from './shot-facts.ts';
import type { PendingDecision, RefereeState } from './state.ts';

export interface ShotOutcome {
  fouls: Foul[];
  /** The foul counts towards three consecutive fouls (not a 14.1 opening break, G19). */
  countsTowardsThreeFouls: boolean;
  nextShooter: string;
  ballInHand: BallInHand;
  /** Object balls to spot (G23.1 positions are computed by the reducer), and the rule spotting them. */
  respot: { id: BallId; rule: string }[];
  groups?: Record<string, Group | null>;
  pending?: PendingDecision;
  gameOver?: GameOver;
  /** 14.1: points for the shooter on this shot (negative for fouls). */
  points?: number;
  pushOutAvailable: boolean;
  /** The shot was a push-out (N2.3). */
  pushOut?: boolean;
  /** Rule ids behind what happens next that are not fouls (continuation, group, miss). */
  reasons: string[];
}

export interface GameRules {
  judgeShot(s: RefereeState, f: ShotFacts, declared: Declared | undefined): ShotOutcome;
}

export const objectIdsOnBed = (f: ShotFacts): BallId[] => f.start.filter((b) => b.id !== 0).map((b) => b.id);

export const calledBallMade = (f: ShotFacts, declared: Declared | undefined): boolean => {
  const call = declared?.call;
  if (!call) return false;
  const made = f.pocketed.find((p) => p.ball === call.ball);
  return made !== undefined && (call.pocket === 'obvious' || call.pocket === made.pocket);
};
