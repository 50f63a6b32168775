// Judging a shot line: facts → the game's rules → G19 → bookkeeping → score and game over.
import type { BallId, Game } from '../contract/ids.ts';
import type { Call, GameOver, Respot, ShotLine } from '../contract/log.ts';
import { makeCall } from './call.ts';
import { applySpots, bedAfterShot, rerackStraightPool } from './bookkeeping.ts';
import { eightBall } from './eight-ball.ts';
import { addPoints, finishGame, recordFoul, recordLegalShot } from './match.ts';
import { nineBall } from './nine-ball.ts';
import type { GameRules } from './outcome.ts';
import { readShot } from './shot-facts.ts';
import { straightPool } from './straight-pool.ts';
import type { RefereeState } from './state.ts';

export const RULES_BY_GAME: Readonly<Record<Game, GameRules>> = {
  '8ball': eightBall,
  '9ball': nineBall,
  '14.1': straightPool,
};

export function judgeShot(before: RefereeState, shot: ShotLine, lineNo: number, extra: Record<string, unknown>): { state: RefereeState; call: Call } {
  const s = before;
  const shooter = s.shooter;
  const facts = readShot(shot, s.table, s.bed);
  const outcome = RULES_BY_GAME[s.match.game].judgeShot(s, facts, shot.declared);
  const fouls = [...outcome.fouls];
  const notes: string[] = [];

  let state = bedAfterShot(s, shot, facts);
  let points = outcome.points ?? 0;
  let gameOver: GameOver | null = outcome.gameOver ?? null;
  let pending = outcome.pending ?? null;
  if (fouls.length > 0 && outcome.countsTowardsThreeFouls) {
    const r = recordFoul(state, shooter, outcome.ballInHand);
    state = r.state;
    fouls.push(...r.penalty.fouls);
    notes.push(...r.penalty.notes);
    if (r.penalty.gameOver) gameOver = r.penalty.gameOver;
    if (r.penalty.points !== undefined) points = r.penalty.points;
    if (r.penalty.pending) pending = r.penalty.pending;
  } else if (fouls.length === 0) {
    state = recordLegalShot(state, shooter);
  }

  state = {
    ...state,
    shooter: outcome.nextShooter,
    ballInHand: outcome.ballInHand,
    breakShot: false,
    pushOutAvailable: outcome.pushOutAvailable,
    groups: outcome.groups ? { ...state.groups, ...outcome.groups } : state.groups,
    awaiting: pending,
  };
  const spotted = applySpots(state, outcome.respot);
  state = spotted.state;
  const respot: Respot[] = [...spotted.respot];

  if (s.match.game === '14.1') {
    const scored = addPoints(state, shooter, points);
    state = scored.state;
    gameOver = scored.gameOver ?? gameOver;
    if (!gameOver) {
      const rerack = rerackStraightPool(state);
      if (rerack) {
        state = { ...rerack.state, rackNo: state.rackNo + 1 };
        if (rerack.cueInRack) state = { ...state, ballInHand: 'kitchen' };
        respot.push(...rerack.respot);
        notes.push('S: re-rack');
      }
    }
  }
  const pocketed: BallId[] = facts.pocketed.map((p) => p.ball);
  state = { ...state, seq: state.seq + 1 };
  const afterGame = gameOver && s.match.game !== '14.1' ? finishGame(state, gameOver) : state;
  const call = makeCall(afterGame, {
    line: lineNo,
    t: shot.end?.t ?? shot.t ?? facts.strikeT,
    input: 'shot',
    shooter,
    game: s.gameNo,
    fouls,
    pocketed,
    respot,
    gameOver,
    extra: {
      ...extra,
      reasons: outcome.reasons,
      ...(s.match.game === '14.1' ? { points } : {}),
      ...(outcome.pushOut ? { pushOut: true } : {}),
      ...(s.breakShot ? { break: true } : {}),
      ...(facts.firstHit.length > 0 ? { firstContact: facts.firstHit } : {}),
      ...(notes.length > 0 ? { notes } : {}),
    },
  });
  return { state: afterGame, call };
}
