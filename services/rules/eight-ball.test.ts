// 8-ball (E1-E3.7).
import { describe, expect, it } from 'vitest';
import type { BallPosition } from '../contract/log.ts';
import { balls, contact, cross, cushion, fifteenBallRack, judge, match, pocket, rules, shot } from '../../test/support/log.ts';

const rails4 = [cushion(4, 'left-foot'), cushion(5, 'right-foot'), cushion(6, 'foot'), cushion(13, 'foot')];
const spread = balls(
  [0, -0.5, 0.1], [1, -0.3, 0.3], [2, 0.3, 0.4], [3, 0.5, -0.3], [4, 0.9, 0.2], [5, 1.0, -0.4], [6, -0.8, -0.4], [7, 0.1, -0.5],
  [8, 0.7, 0.0], [9, -0.2, -0.2], [10, 0.2, 0.1], [11, 1.1, 0.5], [12, -1.0, 0.5], [13, 0.4, -0.1], [14, -0.6, 0.45], [15, 0.0, 0.25],
);
const without = (ids: number[], bs: BallPosition[] = spread) => bs.filter((b) => !ids.includes(b.id));
const breakShot = (events: Parameters<typeof shot>[0]['events']) => {
  const gone = (events ?? []).flatMap((e) => (e.type === 'pocket' || e.type === 'off-table' ? [e.ball as number] : []));
  return shot({ start: fifteenBallRack(), events, end: without(gone) });
};
const openTable = () => [match('8ball'), breakShot([cross(), contact(0, 1), ...rails4])]; // Bob to shoot, table open
/** Bob is solids: he called and made the 1. */
const bobSolids = () => [...openTable(), shot({ start: spread, declared: { call: { ball: 1, pocket: 'head-left' } }, events: [contact(0, 1), pocket(1, 'head-left')] })];

describe('E2.2: the break', () => {
  it('four balls to a cushion is legal; nothing pocketed passes the table', () => {
    const { last } = judge(openTable());
    expect(last.fouls).toEqual([]);
    expect(last.next).toMatchObject({ player: 'Bob', ballInHand: 'none', group: { Ann: null, Bob: null } });
  });
  it('too few balls to a cushion: foul; the opponent plays on or has a re-rack', () => {
    const { last } = judge([match('8ball'), breakShot([cross(), contact(0, 1), cushion(4, 'foot')])]);
    expect(rules(last)).toContain('E2.2');
    expect(last.next.awaiting).toEqual({ by: 'Bob', choices: ['play', 'rebreak-self', 'rebreak-opponent'] });
    expect(last.next.ballInHand).toBe('none');
  });
  it.each([
    ['rebreak-self', 'Bob'], ['rebreak-opponent', 'Ann'], ['rerack', 'Bob'],
  ])('after an illegal break, "%s" re-racks and %s breaks', (choice, breaker) => {
    const { last } = judge([match('8ball'), breakShot([cross(), contact(0, 1)]), { kind: 'decision', by: 'Bob', choice }]);
    expect(last.next).toMatchObject({ player: breaker, ballInHand: 'kitchen' });
    expect(last.breakNext).toBe(true);
    expect(last.game).toBe(1);
  });
  it('the 8 on a legal break: the breaker re-racks or spots the 8', () => {
    const { last } = judge([match('8ball'), breakShot([cross(), contact(0, 1), pocket(8, 'foot-left')])]);
    expect(last.gameOver).toBeNull();
    expect(last.next.awaiting).toEqual({ by: 'Ann', choices: ['rerack', 'spot8'] });
    const spot = judge([match('8ball'), breakShot([cross(), contact(0, 1), pocket(8, 'foot-left')]), { kind: 'decision', by: 'Ann', choice: 'spot8' }]).last;
    expect(spot.respot).toEqual([{ id: 8, x: 0.635, y: 0, rule: 'E2.2' }]);
    expect(spot.next).toMatchObject({ player: 'Ann', ballInHand: 'none' });
  });
  it('the 8 on a foul break: the opponent re-racks or spots the 8 with ball in hand in the kitchen', () => {
    const lines = [match('8ball'), breakShot([cross(), contact(0, 1), pocket(8, 'foot-left'), pocket(0, 'head-left')])];
    const { last } = judge(lines);
    expect(rules(last)).toContain('G18c');
    expect(last.next.awaiting).toEqual({ by: 'Bob', choices: ['rerack', 'spot8'] });
    const spot = judge([...lines, { kind: 'decision', by: 'Bob', choice: 'spot8' }]).last;
    expect(spot.next).toMatchObject({ player: 'Bob', ballInHand: 'kitchen' });
    const rerack = judge([...lines, { kind: 'decision', by: 'Bob', choice: 'rerack' }]).last;
    expect(rerack.next).toMatchObject({ player: 'Bob', ballInHand: 'kitchen' });
  });
  it('E3.5b: the 8 off the table on the break is a foul, not a loss; it is spotted', () => {
    const { last } = judge([match('8ball'), breakShot([cross(), contact(0, 1), ...rails4, { type: 'off-table', ball: 8 }])]);
    expect(last.gameOver).toBeNull();
    expect(rules(last)).toContain('G18e');
    expect(last.respot[0]).toMatchObject({ id: 8 });
  });
});

describe('E3.1 / E3.2: open table, groups, continuing', () => {
  it('a called ball legally pocketed chooses the group', () => {
    const { last } = judge(bobSolids());
    expect(last.next).toMatchObject({ player: 'Bob', group: { Bob: 'solids', Ann: 'stripes' } });
  });
  it('balls pocketed on the break choose no group; the called shot missed chooses none', () => {
    const { last } = judge([...openTable(), shot({ start: spread, declared: { call: { ball: 1, pocket: 'head-left' } }, events: [contact(0, 1), pocket(1, 'head-right')] })]);
    expect(last.next).toMatchObject({ player: 'Ann', group: { Bob: null, Ann: null } });
  });
  it('the 8 hit first on an open table is no foul, chooses nothing, and ends the turn', () => {
    const { last } = judge([...openTable(), shot({ start: spread, declared: { call: { ball: 13, pocket: 'side-right' } }, events: [contact(0, 8), contact(8, 13), pocket(13, 'side-right')] })]);
    expect(last.fouls).toEqual([]);
    expect(last.next).toMatchObject({ player: 'Ann', group: { Bob: null } });
  });
  it('E3.2 / G18a: with a group, hitting an opponent ball first is a foul', () => {
    const { last } = judge([...bobSolids(), shot({ start: without([1]), declared: { call: { ball: 2, pocket: 'side-left' } }, events: [contact(0, 9), cushion(9, 'foot')] })]);
    expect(rules(last)).toContain('G18a');
    expect(last.next).toMatchObject({ player: 'Ann', ballInHand: 'anywhere' });
  });
  it('E3.2: own ball made with an opponent ball: continues, nothing respotted', () => {
    const { last } = judge([...bobSolids(), shot({ start: without([1]), declared: { call: { ball: 2, pocket: 'side-left' } }, events: [contact(0, 2), contact(2, 10), pocket(2, 'side-left'), pocket(10, 'side-right')] })]);
    expect(last.fouls).toEqual([]);
    expect(last.next.player).toBe('Bob');
    expect(last.respot).toEqual([]);
  });
  it('E3.2: the called ball in another pocket is a miss', () => {
    const { last } = judge([...bobSolids(), shot({ start: without([1]), declared: { call: { ball: 2, pocket: 'side-left' } }, events: [contact(0, 2), pocket(2, 'foot-left')] })]);
    expect(last.fouls).toEqual([]);
    expect(last.next.player).toBe('Ann');
  });
  it('G22: a declared safety ends the turn even when a ball drops', () => {
    const { last } = judge([...bobSolids(), shot({ start: without([1]), declared: { safety: true }, events: [contact(0, 2), pocket(2, 'foot-left')] })]);
    expect(last.next.player).toBe('Ann');
  });
  it('E3.3h: three consecutive fouls do not lose in 8-ball', () => {
    const foul = () => shot({ start: without([1]), events: [contact(0, 9)] });
    const lines = [...bobSolids(), foul(), foul(), foul(), foul(), { kind: 'warning', to: 'Bob' }, foul()];
    const { last } = judge(lines);
    expect(last.gameOver).toBeNull();
  });
});

describe('E3.4 / E3.5 / E3.7: the 8', () => {
  /** Bob has solids with only the 8 left to play. */
  const bobOnEight = () => {
    const left = without([1, 2, 3, 4, 5, 6, 7]);
    return { lines: [...bobSolids(), shot({ start: without([1]), declared: { call: { ball: 2, pocket: 'side-left' } }, events: [contact(0, 2), pocket(2, 'side-left'), pocket(3, 'foot-left'), pocket(4, 'foot-right'), pocket(5, 'head-left'), pocket(6, 'head-right'), pocket(7, 'side-right')] })], left };
  };
  it('E3.4: the 8 in the called pocket after the group wins', () => {
    const { lines, left } = bobOnEight();
    const { last } = judge([...lines, shot({ start: left, declared: { call: { ball: 8, pocket: 'foot-left' } }, events: [contact(0, 8), pocket(8, 'foot-left')] })]);
    expect(last.gameOver).toMatchObject({ winner: 'Bob', rule: 'E3.4' });
  });
  it.each([
    ['E3.5a', 'early', () => [...bobSolids(), shot({ start: without([1]), declared: { call: { ball: 2, pocket: 'side-left' } }, events: [contact(0, 2), contact(2, 8), pocket(8, 'foot-left')] })]],
    ['E3.5a', 'on an open table', () => [...openTable(), shot({ start: spread, declared: { call: { ball: 8, pocket: 'foot-left' } }, events: [contact(0, 8), pocket(8, 'foot-left')] })]],
    ['E3.5c', 'on a foul', () => { const { lines, left } = bobOnEight(); return [...lines, shot({ start: left, declared: { call: { ball: 8, pocket: 'foot-left' } }, events: [contact(0, 8), pocket(8, 'foot-left'), pocket(0, 'side-left')] })]; }],
    ['E3.5d', 'in an uncalled pocket', () => { const { lines, left } = bobOnEight(); return [...lines, shot({ start: left, declared: { call: { ball: 8, pocket: 'foot-right' } }, events: [contact(0, 8), pocket(8, 'foot-left')] })]; }],
    ['E3.5e', 'with the last ball of the group', () => {
      const lines = [...bobSolids(), shot({ start: without([1]), declared: { call: { ball: 2, pocket: 'side-left' } }, events: [contact(0, 2), pocket(2, 'side-left'), pocket(3, 'foot-left'), pocket(4, 'foot-right'), pocket(5, 'head-left'), pocket(6, 'head-right')] })];
      return [...lines, shot({ start: without([1, 2, 3, 4, 5, 6]), declared: { call: { ball: 7, pocket: 'side-right' } }, events: [contact(0, 7), pocket(7, 'side-right'), pocket(8, 'foot-left')] })];
    }],
    ['E3.7', 'without a call', () => { const { lines, left } = bobOnEight(); return [...lines, shot({ start: left, events: [contact(0, 8), pocket(8, 'foot-left')] })]; }],
    ['E3.5b', 'off the table', () => { const { lines, left } = bobOnEight(); return [...lines, shot({ start: left, declared: { call: { ball: 8, pocket: 'foot-left' } }, events: [contact(0, 8), { type: 'off-table', ball: 8 }] })]; }],
  ])('%s: the 8 %s loses', (rule, _what, build) => {
    const { last } = judge(build() as object[]);
    expect(last.gameOver).toMatchObject({ winner: 'Ann', rule });
    expect(last.score).toEqual({ Ann: 1, Bob: 0 });
  });
  it('E3.3g: a stalemate (operator) is a draw, re-racked with the same breaker', () => {
    const { last } = judge([...bobSolids(), { kind: 'foul', rule: 'E3.3g', by: 'Bob' }]);
    expect(last.gameOver).toMatchObject({ winner: null, rule: 'E3.3g' });
    expect(last.score).toEqual({ Ann: 0, Bob: 0 });
    expect(last.next).toMatchObject({ player: 'Ann', ballInHand: 'kitchen' });
  });
  it('E3.3f / G23.2a: an opponent-group ball off the table is not spotted, an own ball is', () => {
    const a = judge([...bobSolids(), shot({ start: without([1]), events: [contact(0, 2), contact(2, 10), { type: 'off-table', ball: 10 }] })]).last;
    expect(a.respot).toEqual([]);
    const b = judge([...bobSolids(), shot({ start: without([1]), events: [contact(0, 2), { type: 'off-table', ball: 2 }] })]).last;
    expect(b.respot).toMatchObject([{ id: 2, rule: 'G17' }]);
  });
});
