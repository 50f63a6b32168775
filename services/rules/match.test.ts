// The match layer: race to N, who breaks each game (E1, N1), the end of the match.
import { describe, expect, it } from 'vitest';
import { contact, cross, fifteenBallRack, judge, match, nineBallRack, pocket, shot } from '../../test/support/log.ts';

/** The breaker makes the 9 on a legal break: one game, won by whoever breaks. */
const nineOnBreak = () => shot({ start: nineBallRack(), events: [cross(), contact(0, 1), pocket(9, 'foot-left')] });
/** The breaker fouls (scratch), the opponent wins with ball in hand (1 then 9 combination). */
const breakerLoses = () => [
  shot({ start: nineBallRack(), events: [cross(), contact(0, 1), pocket(0, 'head-left')] }),
  shot({ start: nineBallRack([0.3, 0.2]), events: [contact(0, 1), contact(1, 9), pocket(9, 'foot-left')] }),
];

describe('E1 / N1: break order and race', () => {
  it('winner breaks: the winner of a game breaks the next', () => {
    const { calls } = judge([match('9ball', { breaks: 'winner' }), ...breakerLoses(), nineOnBreak()]);
    expect(calls[1]!.gameOver).toMatchObject({ winner: 'Bob' });
    expect(calls[1]!.next.player).toBe('Bob');
    expect(calls[2]!.shooter).toBe('Bob');
    expect(calls[2]!.game).toBe(2);
  });
  it('alternate: breaks alternate whoever wins', () => {
    const { calls } = judge([match('9ball', { breaks: 'alternate' }), nineOnBreak(), nineOnBreak(), nineOnBreak()]);
    expect(calls.map((c) => c.shooter)).toEqual(['Ann', 'Bob', 'Ann']);
    expect(calls[2]!.score).toEqual({ Ann: 2, Bob: 1 });
  });
  it('firstBreak names who breaks the first game', () => {
    const { calls } = judge([match('9ball', { firstBreak: 'Bob' }), nineOnBreak()]);
    expect(calls[0]!.shooter).toBe('Bob');
  });
  it('race to N: the match ends at N games, later inputs are rejected', () => {
    const { calls } = judge([match('9ball', { raceTo: 2 }), nineOnBreak(), nineOnBreak(), nineOnBreak()]);
    expect(calls[1]!.matchOver).toMatchObject({ winner: 'Ann' });
    expect(calls[2]!.rejected).toMatchObject({ code: 'match/over' });
    expect(calls[2]!.score).toEqual({ Ann: 2, Bob: 0 });
  });
  it('G24.3: unsportsmanlike conduct (operator) loses the game in 9-ball', () => {
    const { last } = judge([match('9ball'), { kind: 'foul', rule: 'G24.3', by: 'Ann' }]);
    expect(last.gameOver).toMatchObject({ winner: 'Bob', rule: 'G24.3' });
  });
  it('[operator] fouls apply like any foul: G18h hands Bob ball in hand', () => {
    const { last } = judge([match('9ball'), nineOnBreak(), { kind: 'foul', t: 99, rule: 'G18h', by: 'Bob' }]);
    expect(last).toMatchObject({ input: 'foul', legal: false, fouls: [{ rule: 'G18h' }] });
    expect(last.next).toMatchObject({ player: 'Ann', ballInHand: 'anywhere', consecutiveFouls: { Bob: 1 } });
  });
});

describe('G2 / N2.1 / E2.1: the rack check', () => {
  const rackLine = (bs: { id: number; x: number; y: number }[]) => ({ kind: 'rack', t: 1, balls: bs.filter((b) => b.id !== 0) });
  it('a proper 9-ball diamond gives no call', () => {
    expect(judge([match('9ball'), rackLine(nineBallRack())]).calls).toEqual([]);
  });
  it('N2.1: the 9 not in the centre is called', () => {
    const swapped = nineBallRack().map((b) => (b.id === 9 ? { ...b, id: 4 } : b.id === 4 ? { ...b, id: 9 } : b));
    const { last } = judge([match('9ball'), rackLine(swapped)]);
    expect(last.input).toBe('rack');
    expect(last.rackCheck).toMatchObject({ ok: false, problems: [{ rule: 'N2.1', code: 'rack/nine-not-in-centre' }] });
  });
  it('E2.1: a proper 8-ball triangle gives no call; back corners of one group are called', () => {
    expect(judge([match('8ball'), rackLine(fifteenBallRack())]).calls).toEqual([]);
    const bad = fifteenBallRack().map((b) => (b.id === 14 ? { ...b, id: 6 } : b.id === 6 ? { ...b, id: 14 } : b));
    const { last } = judge([match('8ball'), rackLine(bad)]);
    expect((last.rackCheck as { problems: { code: string }[] }).problems.map((p) => p.code)).toContain('rack/back-corners-same-group');
  });
});
