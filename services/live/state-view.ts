// The referee's state as the pages show it (the `state` message): score, turn, groups, fouls,
// ball in hand and its zone, balls to respot, the decision awaited, the balls left.
import type { BallId } from '../contract/ids.ts';
import type { GameOver, Respot } from '../contract/log.ts';
import { headStringX, TABLE_SPECS } from '../table/spec.ts';
import type { RefereeState } from '../rules/state.ts';
import { choiceWords } from './plain-words.ts';
import type { MatchRecord, StateView } from './types.ts';

export function stateView(m: MatchRecord, s: RefereeState | null, last: { respot: Respot[]; gameOver: GameOver | null; seq: number }): StateView {
  const match = m.match;
  const table = TABLE_SPECS[match.table];
  const players = match.players;
  const zero = Object.fromEntries(players.map((p) => [p, 0])) as Record<string, number>;
  const L = table.length / 2;
  const W = table.width / 2;
  const zone = !s || s.ballInHand === 'none' ? null
    : s.ballInHand === 'kitchen' ? { x0: -L, x1: headStringX(table), y0: -W, y1: W } : { x0: -L, x1: L, y0: -W, y1: W };
  const warningDue = s ? players.find((p) => match.game !== '8ball' && s.consecutiveFouls[p] === 2 && !s.warned[p]) ?? null : null;
  const awaiting = s?.awaiting
    ? { by: s.awaiting.by, choices: [...s.awaiting.choices], question: `${s.awaiting.by}: ${s.awaiting.choices.map(choiceWords).join(' or ')}?` }
    : null;
  const bed = (s?.bed ?? []).filter((b) => Number.isFinite(b.x) && Number.isFinite(b.y)).map((b) => ({ id: b.id, x: b.x, y: b.y }));
  const ballsLeft: BallId[] = (s?.bed ?? []).map((b) => b.id).filter((id) => id !== 0).sort((a, b) => a - b);
  return {
    matchId: m.id,
    title: m.title,
    status: m.status,
    game: match.game,
    table: match.table,
    players,
    raceTo: match.game === '14.1' ? match.target ?? null : match.raceTo ?? null,
    gameNo: s?.gameNo ?? 1,
    score: s ? { ...s.score } : { ...zero },
    shooter: s?.shooter ?? match.firstBreak,
    breaker: s?.breaker ?? match.firstBreak,
    breakNext: s ? s.breakShot && !s.matchOver : true,
    ballInHand: s?.ballInHand ?? 'kitchen',
    ballInHandZone: zone,
    groups: s ? { ...s.groups } : Object.fromEntries(players.map((p) => [p, null])),
    consecutiveFouls: s ? { ...s.consecutiveFouls } : { ...zero },
    warned: s ? { ...s.warned } : Object.fromEntries(players.map((p) => [p, false])),
    warningDue,
    pushOutAvailable: s?.pushOutAvailable ?? false,
    awaiting,
    respot: last.respot,
    ballsLeft,
    bed,
    pendingDeclared: m.pendingDeclared,
    gameOver: last.gameOver,
    matchOver: s?.matchOver ?? null,
    lastCallSeq: last.seq,
  };
}
