// 14.1 continuous (S, with the G exceptions that name 14.1) acceptance tests. Score = points.
import { describe, expect, it } from 'vitest';
import { FOOT_SPOT, KITCHEN_CUE, LogBuilder, hit, off, pot, rack14Balls, rail } from './log-builder.ts';
import { expectFoul, expectNext, expectNoFoul, expectRespotAt, judgeOk, ruleIds } from './expect-calls.ts';
import { noContact, straightBobAfterBreak, straightMiss, straightPot } from './setups.ts';
import type { Call } from '../../services/contract/log.ts';

function expectMatchWon(c: Call, winner: string): void {
  expect(c.gameOver, 'gameOver').not.toBeNull();
  expect(c.gameOver!.winner).toBe(winner);
  expect(c.gameOver!.rule, 'a 14.1 win names an S rule').toMatch(/^S/);
}

describe('S opening break', () => {
  it('S legal opening break (the cue ball and four object balls to a cushion, nothing pocketed): the opponent shoots, no points', () => {
    const b = straightBobAfterBreak();
    const c = judgeOk(b).at(2);
    expect(c.shooter).toBe('Ann');
    expectNoFoul(c);
    expectNext(c, { player: 'Bob', fouls: { Ann: 0, Bob: 0 } });
    expect(c.score).toEqual({ Ann: 0, Bob: 0 });
  });

  it('S / G19 an illegal opening break (no ball reaches a cushion, nothing pocketed) costs 2 points and is not counted as a G19 foul', () => {
    const b = new LogBuilder({ game: '14.1', target: 100 });
    b.rack15();
    const l = b.shot({ cue: KITCHEN_CUE, events: [hit(1)], end: 'spread' });
    const c = judgeOk(b).at(l);
    expect(c.legal).toBe(false);
    expect(ruleIds(c).length).toBeGreaterThan(0);
    expect(c.score).toEqual({ Ann: -2, Bob: 0 });
    expect(c.next.consecutiveFouls.Ann).toBe(0);
  });

  it('G19 / G21c / S a scratch on a legal opening break: −1, ball in hand behind the head string, not counted toward three fouls', () => {
    const b = new LogBuilder({ game: '14.1', target: 100 });
    b.rack15();
    const l = b.shot({ cue: KITCHEN_CUE, events: [hit(1), rail(4, 'foot'), rail(7, 'left-foot'), rail(11, 'right-foot'), rail(0, 'head'), pot(0, 'head-left')], end: 'spread' });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18c');
    expect(c.score).toEqual({ Ann: -1, Bob: 0 });
    expectNext(c, { player: 'Bob', ballInHand: 'kitchen', fouls: { Ann: 0 } });
  });
});

describe('S scoring', () => {
  it('S the called ball in the called pocket scores 1 and the shooter continues', () => {
    const b = straightBobAfterBreak();
    const l = straightPot(b, 3);
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expect(c.score).toEqual({ Ann: 0, Bob: 1 });
    expectNext(c, { player: 'Bob', ballInHand: 'none' });
    expect(c.respot).toEqual([]);
  });

  it('S one point per ball: the called ball and another ball on the same legal shot score 2', () => {
    const b = straightBobAfterBreak();
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), hit(3, 5), pot(3, 'foot-left'), pot(5, 'side-left')] });
    const c = judgeOk(b).at(l);
    expect(c.score).toEqual({ Ann: 0, Bob: 2 });
    expectNext(c, { player: 'Bob' });
  });

  it('S points add up over an inning', () => {
    const b = straightBobAfterBreak();
    straightPot(b, 3);
    straightPot(b, 4, 'foot-right');
    const l = straightPot(b, 5, 'side-left');
    expect(judgeOk(b).at(l).score).toEqual({ Ann: 0, Bob: 3 });
  });

  it('S a legal miss scores nothing and ends the inning', () => {
    const b = straightBobAfterBreak();
    straightPot(b, 3);
    const l = straightMiss(b, 4);
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expect(c.score).toEqual({ Ann: 0, Bob: 1 });
    expectNext(c, { player: 'Ann', ballInHand: 'none' });
  });

  it('S a foul costs one point (the score may go negative); G21c ball in hand anywhere after a foul that is not a scratch', () => {
    const b = straightBobAfterBreak();
    const l = noContact(b, { call: [3, 'foot-left'] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a');
    expect(c.score).toEqual({ Ann: 0, Bob: -1 });
    expectNext(c, { player: 'Ann', ballInHand: 'anywhere', fouls: { Bob: 1, Ann: 0 } });
  });

  it('G11 / S a ball pocketed on a foul scores nothing (scratch while pocketing the called ball: −1 only) and is respotted', () => {
    const b = straightBobAfterBreak();
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), pot(3, 'foot-left'), pot(0, 'side-left')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18c');
    expect(c.score).toEqual({ Ann: 0, Bob: -1 });
    expectRespotAt(c, 3, FOOT_SPOT);
  });

  it.each([
    { name: 'G21c 14.1 exception: after a scratch the opponent has ball in hand behind the head string only', end: pot(0, 'side-left'), rule: 'G18c' },
    { name: 'G21c 14.1 exception: after the cue ball jumps off the table, ball in hand behind the head string only', end: off(0), rule: 'G18d' },
  ])('$name', ({ end, rule }) => {
    const b = straightBobAfterBreak();
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), rail(3, 'left-head'), end] });
    const c = judgeOk(b).at(l);
    expectFoul(c, rule);
    expectNext(c, { player: 'Ann', ballInHand: 'kitchen' });
    expect(c.score).toEqual({ Ann: 0, Bob: -1 });
  });

  it('G18e / G23.2a in 14.1 an object ball off the table is not a foul: no penalty, it is spotted (G17)', () => {
    const b = straightBobAfterBreak();
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), rail(3, 'foot'), off(3)] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expect(c.score).toEqual({ Ann: 0, Bob: 0 });
    expectRespotAt(c, 3, FOOT_SPOT);
    expectNext(c, { player: 'Ann', ballInHand: 'none', fouls: { Bob: 0 } });
  });

  it('G18e / S in 14.1 the called ball pocketed while another ball jumps off: +1, the inning goes on, the jumped ball is spotted', () => {
    const b = straightBobAfterBreak();
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), hit(3, 5), pot(3, 'foot-left'), off(5)] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expect(c.score).toEqual({ Ann: 0, Bob: 1 });
    expectRespotAt(c, 5, FOOT_SPOT);
    expectNext(c, { player: 'Bob' });
  });
});

describe('G19 / S three consecutive fouls in 14.1', () => {
  it('G19 the third consecutive foul after the warning costs 18 points, recorded as one event (−1, −1, then −18)', () => {
    const b = straightBobAfterBreak();
    const f1 = noContact(b, { call: [3, 'foot-left'] }); // Bob 1: −1
    straightMiss(b); // Ann
    const f2 = noContact(b, { call: [3, 'foot-left'] }); // Bob 2: −2
    b.warning('Bob');
    const m = straightMiss(b); // Ann
    const f3 = noContact(b, { call: [3, 'foot-left'] }); // Bob 3: −20
    const calls = judgeOk(b);
    expect(calls.at(f1).score.Bob).toBe(-1);
    expect(calls.at(f2).score.Bob).toBe(-2);
    expect(calls.at(m).score.Bob).toBe(-2);
    const c = calls.at(f3);
    expect(calls.all.filter((x) => x.line === f3)).toHaveLength(1);
    expectFoul(c, 'G18a', 'G19');
    expect(c.score).toEqual({ Ann: 0, Bob: -20 });
    expect(c.gameOver).toBeNull();
  });
});

describe('S re-rack and the end of the match', () => {
  it('S when one object ball remains, the 14 others are re-racked and the shooter continues scoring', () => {
    const b = straightBobAfterBreak();
    let l = 0;
    for (let id = 1; id <= 14; id++) l = straightPot(b, id, id % 2 ? 'foot-left' : 'foot-right');
    const calls = judgeOk(b);
    expect(calls.at(l).score).toEqual({ Ann: 0, Bob: 14 });
    expectNext(calls.at(l), { player: 'Bob' });
    expect(calls.at(l).gameOver).toBeNull();
    b.put(Object.fromEntries(rack14Balls([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])));
    const l15 = b.shot({ call: [15, 'side-right'], events: [hit(15), pot(15, 'side-right'), hit(0, 2)] });
    const l16 = straightPot(b, 11, 'foot-left');
    const after = judgeOk(b);
    expect(after.at(l15).score).toEqual({ Ann: 0, Bob: 15 });
    expect(after.at(l16).score).toEqual({ Ann: 0, Bob: 16 });
    expectNext(after.at(l16), { player: 'Bob' });
  });

  it('S the target score ends the match', () => {
    const b = straightBobAfterBreak({ target: 3 });
    straightPot(b, 3);
    const l2 = straightPot(b, 4);
    const l3 = straightPot(b, 5);
    const calls = judgeOk(b);
    expect(calls.at(l2).gameOver).toBeNull();
    const c = calls.at(l3);
    expectMatchWon(c, 'Bob');
    expect(c.score).toEqual({ Ann: 0, Bob: 3 });
  });

  it('S the target is reached on the ball that makes it, even with two balls on the shot', () => {
    const b = straightBobAfterBreak({ target: 2 });
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), hit(3, 5), pot(3, 'foot-left'), pot(5, 'side-left')] });
    expectMatchWon(judgeOk(b).at(l), 'Bob');
  });
});

describe('interpretation', () => {
  // S: standard 14.1 lets the incoming player accept the table after an illegal opening break or require the
  // offender to break again. The contract's tokens for it are not fixed; reading: a decision is due, by Bob.
  it('S after an illegal opening break the incoming player decides', () => {
    const b = new LogBuilder({ game: '14.1', target: 100 });
    b.rack15();
    const l = b.shot({ cue: KITCHEN_CUE, events: [hit(1)], end: 'spread' });
    const c = judgeOk(b).at(l);
    expect(c.next.awaiting?.by).toBe('Bob');
  });

  // G19 "otherwise the third foul is not penalised and the count stays at two": reading — the foul itself still
  // costs its point (−1); only the 3-foul penalty is dropped.
  it('G19 14.1 a third foul without the warning costs only the usual point', () => {
    const b = straightBobAfterBreak();
    noContact(b, { call: [3, 'foot-left'] });
    straightMiss(b);
    noContact(b, { call: [3, 'foot-left'] });
    straightMiss(b);
    const l = noContact(b, { call: [3, 'foot-left'] });
    const c = judgeOk(b).at(l);
    expect(c.score).toEqual({ Ann: 0, Bob: -3 });
    expect(c.next.consecutiveFouls.Bob).toBe(2);
  });

  // Standard 14.1: after the third-foul penalty the count starts again from zero.
  it('G19 14.1 after the 18-point penalty the count restarts at zero', () => {
    const b = straightBobAfterBreak();
    noContact(b, { call: [3, 'foot-left'] });
    straightMiss(b);
    noContact(b, { call: [3, 'foot-left'] });
    b.warning('Bob');
    straightMiss(b);
    const l = noContact(b, { call: [3, 'foot-left'] });
    expect(judgeOk(b).at(l).next.consecutiveFouls.Bob).toBe(0);
  });

  // Standard 14.1: a ball pocketed other than the called one on a legal shot is spotted, scores nothing, and the
  // inning ends (no foul).
  it('S a ball pocketed other than the called ball: no point, it is spotted, the inning ends', () => {
    const b = straightBobAfterBreak();
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), hit(3, 5), pot(5, 'side-left'), rail(3, 'left-head')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expect(c.score).toEqual({ Ann: 0, Bob: 0 });
    expectRespotAt(c, 5, FOOT_SPOT);
    expectNext(c, { player: 'Ann' });
  });
});
