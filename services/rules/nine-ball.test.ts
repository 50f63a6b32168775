// 9-ball (N1-N3.5).
import { describe, expect, it } from 'vitest';
import { balls, contact, cross, cushion, judge, match, nineBallRack, pocket, rules, shot } from '../../test/support/log.ts';

const rails4 = [cushion(4, 'left-foot'), cushion(5, 'right-foot'), cushion(6, 'foot'), cushion(8, 'foot')];
const after = balls([0, 0.3, 0.05], [1, -0.4, -0.3], [3, 0.2, -0.2], [4, 1.0, 0.4], [5, 0.9, -0.5], [6, 0.6, 0.3], [7, 0.1, 0.3], [8, 1.1, -0.05], [9, 0.8, 0.1]);
const breakShot = (events: Parameters<typeof shot>[0]['events']) => shot({ start: nineBallRack(), events, end: after.concat(balls([2, 0.5, -0.4])) });

describe('N2.2: the break', () => {
  it('legal: the 1 first and four balls to a cushion; nothing pocketed passes the table', () => {
    const { last } = judge([match('9ball'), breakShot([cross(), contact(0, 1), ...rails4])]);
    expect(last.fouls).toEqual([]);
    expect(last.next).toMatchObject({ player: 'Bob', ballInHand: 'none', awaiting: null });
  });
  it('legal with a ball pocketed: the breaker continues', () => {
    const { last } = judge([match('9ball'), breakShot([cross(), contact(0, 1), pocket(7, 'foot-right')])]);
    expect(last.fouls).toEqual([]);
    expect(last.next.player).toBe('Ann');
  });
  it('fewer than four balls to a cushion and none pocketed: foul, ball in hand anywhere', () => {
    const { last } = judge([match('9ball'), breakShot([cross(), contact(0, 1), cushion(4, 'foot')])]);
    expect(rules(last)).toContain('N2.2');
    expect(last.next).toMatchObject({ player: 'Bob', ballInHand: 'anywhere' });
  });
  it('the 1 not hit first: foul', () => {
    const start = nineBallRack();
    const { last } = judge([match('9ball'), shot({ start, events: [cross(), contact(0, 2), ...rails4] })]);
    expect(rules(last)).toEqual(expect.arrayContaining(['G18a', 'N2.2']));
  });
  it('the 9 on a legal break wins', () => {
    const { last } = judge([match('9ball'), breakShot([cross(), contact(0, 1), pocket(9, 'foot-left')])]);
    expect(last.gameOver).toMatchObject({ winner: 'Ann', rule: 'N2.2' });
    expect(last.score).toEqual({ Ann: 1, Bob: 0 });
    expect(last.next).toMatchObject({ player: 'Ann', ballInHand: 'kitchen' });
  });
  it('the 9 on a foul break is spotted; balls pocketed on the foul stay down', () => {
    const { last } = judge([match('9ball'), breakShot([cross(), contact(0, 1), pocket(9, 'foot-left'), pocket(7, 'foot-right'), pocket(0, 'head-left')])]);
    expect(rules(last)).toContain('G18c');
    expect(last.gameOver).toBeNull();
    expect(last.respot).toEqual([{ id: 9, x: 0.635, y: 0, rule: 'G23.1' }]);
    expect(last.next).toMatchObject({ player: 'Bob', ballInHand: 'anywhere' });
  });
  it('N3.4: a cue ball pocketed on the break is the first of three fouls', () => {
    const { last } = judge([match('9ball'), breakShot([cross(), contact(0, 1), ...rails4, pocket(0, 'head-left')])]);
    expect(last.next.consecutiveFouls.Ann).toBe(1);
  });
});

describe('N1 / N3.1 / N3.2: lowest ball first, continuing, winning', () => {
  const open = [match('9ball'), breakShot([cross(), contact(0, 1), ...rails4])];
  it('N1: the lowest ball on the table is the one to hit (the 1 is gone: the 3)', () => {
    const start = balls([0, 0.3, 0.05], [3, 0.2, -0.2], [9, 0.8, 0.1]);
    const ok = judge([...open, shot({ start, events: [contact(0, 3), cushion(3, 'right-foot')] })]).last;
    expect(ok.fouls).toEqual([]);
    const bad = judge([...open, shot({ start, events: [contact(0, 9), cushion(9, 'right-foot')] })]).last;
    expect(rules(bad)).toContain('G18a');
  });
  it('N3.1: any ball pocketed on a legal shot continues', () => {
    const { last } = judge([...open, shot({ start: after, events: [contact(0, 1), contact(1, 7), pocket(7, 'side-left')] })]);
    expect(last.next.player).toBe('Bob');
    expect(last.shooter).toBe('Bob');
  });
  it('N3.2: the 9 pocketed on a legal combination wins', () => {
    const { last } = judge([...open, shot({ start: after, events: [contact(0, 1), contact(1, 9), pocket(9, 'foot-left')] })]);
    expect(last.gameOver).toMatchObject({ winner: 'Bob', rule: 'N3.2' });
  });
  it('G23.1: the 9 pocketed on a foul is spotted and the opponent has ball in hand', () => {
    const { last } = judge([...open, shot({ start: after, events: [contact(0, 3), contact(3, 9), pocket(9, 'foot-left')] })]);
    expect(last.gameOver).toBeNull();
    expect(last.respot).toEqual([{ id: 9, x: 0.635, y: 0, rule: 'G23.1' }]);
    expect(last.next).toMatchObject({ player: 'Ann', ballInHand: 'anywhere' });
  });
});

describe('N2.3: push-out', () => {
  const open = [match('9ball'), breakShot([cross(), contact(0, 1), ...rails4])];
  const push = () => shot({ start: after, declared: { pushOut: true }, events: [], end: after.map((b) => (b.id === 0 ? { ...b, x: -0.2 } : b)) });
  it('a declared push-out needs no contact and no rail; the opponent plays or passes', () => {
    const { last } = judge([...open, push()]);
    expect(last.fouls).toEqual([]);
    expect(last.pushOut).toBe(true);
    expect(last.next).toMatchObject({ player: 'Ann', awaiting: { by: 'Ann', choices: ['play', 'pass'] } });
  });
  it('pass hands the shot back to the pusher; play keeps it', () => {
    expect(judge([...open, push(), { kind: 'decision', by: 'Ann', choice: 'pass' }]).last.next.player).toBe('Bob');
    expect(judge([...open, push(), { kind: 'decision', by: 'Ann', choice: 'play' }]).last.next.player).toBe('Ann');
  });
  it('a decision by the wrong player is rejected and changes nothing', () => {
    const { last } = judge([...open, push(), { kind: 'decision', by: 'Bob', choice: 'pass' }]);
    expect(last.rejected).toMatchObject({ code: 'decision/wrong-player' });
    expect(last.next.awaiting).toMatchObject({ by: 'Ann' });
  });
  it('a scratch on a push-out is a foul with ball in hand', () => {
    const { last } = judge([...open, shot({ start: after, declared: { pushOut: true }, events: [pocket(0, 'side-left')] })]);
    expect(rules(last)).toEqual(['G18c']);
    expect(last.next).toMatchObject({ player: 'Ann', ballInHand: 'anywhere', awaiting: null });
  });
  it('the 9 pocketed on a push-out is spotted', () => {
    const { last } = judge([...open, shot({ start: after, declared: { pushOut: true }, events: [contact(0, 9), pocket(9, 'foot-left')] })]);
    expect(last.gameOver).toBeNull();
    expect(last.respot).toEqual([{ id: 9, x: 0.635, y: 0, rule: 'N2.3' }]);
  });
  it('a push-out is only available right after the break: later it is a normal shot', () => {
    const { last } = judge([...open, shot({ start: after, events: [contact(0, 1), cushion(1, 'head')] }), shot({ start: after, declared: { pushOut: true }, events: [] })]);
    expect(rules(last)).toContain('G18a');
  });
});
