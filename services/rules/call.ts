// Building the contract's call object from the state after an input.
import type { BallId, LogKind } from '../contract/ids.ts';
import type { Call, Foul, GameOver, Respot } from '../contract/log.ts';
import type { RefereeState } from './state.ts';

export interface CallParts {
  line: number;
  t: number | null;
  input: LogKind;
  shooter: string | null;
  game: number;
  fouls?: Foul[];
  pocketed?: BallId[];
  respot?: Respot[];
  gameOver?: GameOver | null;
  legal?: boolean;
  extra?: Record<string, unknown>;
}

/** The call for an input, stating what happens next from the state after it. */
export function makeCall(after: RefereeState, p: CallParts): Call {
  const fouls = p.fouls ?? [];
  const warningDue = after.match.players.find((pl) => after.match.game !== '8ball' && after.consecutiveFouls[pl] === 2 && !after.warned[pl]);
  return {
    seq: after.seq,
    line: p.line,
    t: p.t,
    input: p.input,
    shooter: p.shooter,
    game: p.game,
    legal: p.legal ?? fouls.length === 0,
    fouls,
    pocketed: p.pocketed ?? [],
    respot: p.respot ?? [],
    next: {
      player: after.shooter,
      ballInHand: after.ballInHand,
      consecutiveFouls: { ...after.consecutiveFouls },
      group: { ...after.groups },
      awaiting: after.awaiting ? { by: after.awaiting.by, choices: [...after.awaiting.choices] } : null,
    },
    gameOver: p.gameOver ?? null,
    score: { ...after.score },
    ...(warningDue ? { warningDue } : {}),
    ...(after.breakShot && !after.matchOver ? { breakNext: true } : {}),
    ...(after.matchOver ? { matchOver: after.matchOver } : {}),
    ...p.extra,
  };
}

/** A rejected input: the state is unchanged and the call says why (rejections are data). */
export function rejectedCall(s: RefereeState, p: CallParts, code: string, message: string): Call {
  return makeCall(s, { ...p, legal: true, extra: { ...p.extra, rejected: { code, message } } });
}
