// 9-ball (N1–N3.5) acceptance tests.
import { describe, expect, it } from 'vitest';
import { D, FOOT_SPOT, KITCHEN_CUE, LogBuilder, breakEvents, hit, off, pot, rail, type Ev } from './log-builder.ts';
import {
  expectAwaiting, expectFoul, expectGameOver, expectNext, expectNoFoul, expectNotRespotted, expectRespotAt,
  judgeOk, settle,
} from './expect-calls.ts';
import { nineAnnToShoot, nineBobAfterBreak, nineMiss, noContact } from './setups.ts';

function nineBreak(events: Ev[]): { b: LogBuilder; l: number } {
  const b = new LogBuilder({ game: '9ball' });
  b.rack9();
  const l = b.shot({ cue: KITCHEN_CUE, events, end: 'spread' });
  return { b, l };
}

describe('N1 / N3 the lowest ball first, continuing, winning', () => {
  it('N1 the lowest-numbered ball on the table is the required ball (the 1 gone, the 3 is lowest, the 2 was pocketed on the break)', () => {
    const b = nineAnnToShoot();
    b.shot({ events: [hit(1), pot(1, 'head-left')] });
    const l = b.shot({ events: [hit(3), rail(3, 'left-head')] });
    expectNoFoul(judgeOk(b).at(l));
  });

  it('N1 / G18a hitting a higher ball before the lowest is a foul', () => {
    const b = nineAnnToShoot();
    b.shot({ events: [hit(1), pot(1, 'head-left')] });
    const l = b.shot({ events: [hit(4), rail(4, 'left-foot')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a', 'N1');
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere' });
  });

  it('N3.1 / N3.3 hitting the lowest first and pocketing any other ball (nothing called): the shooter continues', () => {
    const b = nineAnnToShoot();
    const l = b.shot({ events: [hit(1), hit(1, 6), pot(6, 'side-left')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectNext(c, { player: 'Ann', ballInHand: 'none' });
  });

  it('N3.1 hitting the lowest first and pocketing nothing: the turn passes, no ball in hand', () => {
    const b = nineAnnToShoot();
    const l = nineMiss(b);
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectNext(c, { player: 'Bob', ballInHand: 'none' });
  });

  it('N3.2 legally pocketing the 9 on a combination (lowest ball first) wins, other balls still on the table', () => {
    const b = nineAnnToShoot();
    const l = b.shot({ events: [hit(1), hit(1, 9), pot(9, 'foot-right')] });
    const c = judgeOk(b).at(l);
    expectGameOver(c, 'Ann', ['N3.2']);
    expect(c.score).toEqual({ Ann: 1, Bob: 0 });
  });

  it('N3.2 pocketing the 9 as the last ball wins', () => {
    const b = nineAnnToShoot();
    for (const id of [1, 3, 4, 5, 6, 7, 8]) b.shot({ events: [hit(id), pot(id, 'foot-left')] });
    const l = b.shot({ events: [hit(9), pot(9, 'side-right')] });
    expectGameOver(judgeOk(b).at(l), 'Ann', ['N3.2']);
  });

  it('N3.5 / G23.1 the 9 pocketed on a foul does not win: it is spotted and the opponent has ball in hand anywhere', () => {
    const b = nineAnnToShoot();
    const l = b.shot({ events: [hit(1), hit(1, 9), pot(9, 'foot-right'), pot(0, 'side-left')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18c');
    expect(c.gameOver).toBeNull();
    expectRespotAt(c, 9, FOOT_SPOT);
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere' });
  });

  it('G21b / N2.2 in 9-ball other balls pocketed on a foul stay down', () => {
    const b = nineAnnToShoot();
    const l = b.shot({ events: [hit(4), hit(4, 5), pot(5, 'foot-right'), rail(4, 'left-foot')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a', 'N1');
    expectNotRespotted(c, 5);
  });
});

describe('N2.2 the break', () => {
  it('N2.2 legal break (the 1 first, four balls to a cushion), nothing pocketed: the opponent shoots, no decision due', () => {
    const { b, l } = nineBreak(breakEvents(1, [3, 4, 5, 6]));
    const c = judgeOk(b).at(l);
    expect(c.shooter).toBe('Ann');
    expectNoFoul(c);
    expectNext(c, { player: 'Bob', ballInHand: 'none', awaiting: null, fouls: { Ann: 0, Bob: 0 } });
  });

  it('N2.2 the breaker hits the 1 first and pockets a ball (one ball to a cushion): he continues', () => {
    const { b, l } = nineBreak(breakEvents(1, [3], [[2, 'foot-left']]));
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectNext(c, { player: 'Ann', ballInHand: 'none' });
  });

  it('N2.2 / N3.2 the 9 dropping on a legal break wins the game for the breaker', () => {
    const { b, l } = nineBreak(breakEvents(1, [3, 4, 5, 6], [[9, 'side-left']]));
    const c = judgeOk(b).at(l);
    expectGameOver(c, 'Ann', ['N2.2', 'N3.2']);
    expect(c.score).toEqual({ Ann: 1, Bob: 0 });
  });

  const fouls: Array<{ name: string; events: Ev[]; rules: string[] }> = [
    { name: 'N2.2 the break misses the 1 first', events: breakEvents(2, [3, 4, 5, 6]), rules: ['N2.2', 'G18a', 'N1'] },
    { name: 'N2.2 fewer than four balls to a cushion and nothing pocketed', events: breakEvents(1, [3, 4, 5]), rules: ['N2.2'] },
    { name: 'N2.2 / G18c a scratch on the break', events: breakEvents(1, [3, 4, 5, 6], [], [pot(0, 'side-right')]), rules: ['G18c'] },
    { name: 'N2.2 / G18c a scratch on a break that also pockets a ball', events: breakEvents(1, [3, 4, 5, 6], [[2, 'foot-left']], [pot(0, 'side-right')]), rules: ['G18c'] },
    { name: 'N2.2 / G18d the cue ball off the table on the break', events: breakEvents(1, [3, 4, 5, 6], [], [off(0)]), rules: ['G18d'] },
  ];
  it.each(fouls)('$name is a foul: the incoming player is to play (N3.4 it counts toward three fouls)', ({ events, rules }) => {
    const { b, l } = nineBreak(events);
    const c = judgeOk(b).at(l);
    expectFoul(c, ...rules);
    expect(c.gameOver).toBeNull();
    expect(c.next.consecutiveFouls.Ann).toBe(1);
    expect(c.next.awaiting?.by ?? c.next.player).toBe('Bob');
    if (c.next.awaiting === null) expect(c.next.ballInHand).toBe('anywhere');
  });

  it('N2.2 / G17 an object ball (not the 9) off the table on the break: a foul, and the ball is not spotted', () => {
    const { b, l } = nineBreak(breakEvents(1, [3, 4, 5, 6], [], [hit(1, 7), off(7)]));
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18e');
    expectNotRespotted(c, 7);
    expect(c.next.awaiting?.by ?? c.next.player).toBe('Bob');
  });

  it('N2.2 a foul on the break that pockets the 9: no win, the 9 is spotted, other balls stay down', () => {
    const { b, l } = nineBreak(breakEvents(2, [3, 4, 5, 6], [[9, 'foot-left'], [7, 'foot-right']]));
    const c = judgeOk(b).at(l);
    expectFoul(c, 'N2.2', 'G18a', 'N1');
    expect(c.gameOver).toBeNull();
    expectRespotAt(c, 9, FOOT_SPOT);
    expectNotRespotted(c, 7);
  });

  it('N2.2 a scratch on the break with the 9 dropping: no win, the 9 is spotted', () => {
    const { b, l } = nineBreak(breakEvents(1, [3, 4, 5, 6], [[9, 'foot-left']], [pot(0, 'side-right')]));
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18c');
    expect(c.gameOver).toBeNull();
    expectRespotAt(c, 9, FOOT_SPOT);
  });
});

describe('N2.3 push-out', () => {
  it('N2.3 a declared push-out right after a legal break need touch no ball or cushion: no foul, the opponent decides play or pass', () => {
    const b = nineBobAfterBreak();
    const l = b.shot({ pushOut: true, events: [], endSet: { 0: [0.1, -0.3] } });
    const c = judgeOk(b).at(l);
    expect(c.shooter).toBe('Bob');
    expectNoFoul(c);
    expectAwaiting(c, 'Ann', { exactly: ['play', 'pass'] });
    expect(c.next.consecutiveFouls.Bob).toBe(0);
  });

  it('N2.3 a push-out hitting a ball with no cushion after it is still no foul (G18a/G18b do not apply)', () => {
    const b = nineBobAfterBreak();
    const l = b.shot({ pushOut: true, events: [hit(5)] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectAwaiting(c, 'Ann', { exactly: ['play', 'pass'] });
  });

  it('N2.3 after a push-out the incoming player plays from the position', () => {
    const b = nineBobAfterBreak();
    b.shot({ pushOut: true, events: [], endSet: { 0: [0.1, -0.3] } });
    const d = b.decision('Ann', 'play');
    const l = nineMiss(b);
    const calls = judgeOk(b);
    expect(calls.at(d).input).toBe('decision');
    expectNext(calls.at(d), { player: 'Ann', ballInHand: 'none', awaiting: null });
    expect(calls.at(l).shooter).toBe('Ann');
  });

  it('N2.3 after a push-out the incoming player hands the shot back to the pusher', () => {
    const b = nineBobAfterBreak();
    b.shot({ pushOut: true, events: [], endSet: { 0: [0.1, -0.3] } });
    const d = b.decision('Ann', 'pass');
    const l = nineMiss(b);
    const calls = judgeOk(b);
    expectNext(calls.at(d), { player: 'Bob', ballInHand: 'none', awaiting: null });
    expect(calls.at(l).shooter).toBe('Bob');
  });

  it('N2.3 a ball pocketed on a push-out stays down; the 9 pocketed on a push-out is spotted and does not win', () => {
    const b = nineBobAfterBreak();
    const l = b.shot({ pushOut: true, events: [hit(5), hit(5, 9), pot(5, 'foot-left'), pot(9, 'foot-right')] });
    const c = judgeOk(b).at(l);
    expect(c.gameOver).toBeNull();
    expectNoFoul(c);
    expectRespotAt(c, 9, FOOT_SPOT);
    expectNotRespotted(c, 5);
    expectAwaiting(c, 'Ann', { exactly: ['play', 'pass'] });
  });

  it('N2.3 / G23.1 the 9 pocketed on a push-out is spotted behind the cue ball resting at the foot spot (no ball in hand after a push-out)', () => {
    const b = nineBobAfterBreak();
    const l = b.shot({ pushOut: true, events: [hit(5), hit(5, 9), pot(9, 'foot-right')], endSet: { 0: [FOOT_SPOT[0], 0.01] } });
    const c = judgeOk(b).at(l);
    expectRespotAt(c, 9, [FOOT_SPOT[0] + Math.sqrt(D * D - 0.01 * 0.01), 0]);
  });

  it('N2.3 an illegal push-out (scratch) is a foul with ball in hand, no decision', () => {
    const b = nineBobAfterBreak();
    const l = b.shot({ pushOut: true, events: [rail(0, 'foot'), pot(0, 'foot-left')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18c');
    expectNext(c, { player: 'Ann', ballInHand: 'anywhere', awaiting: null, fouls: { Bob: 1 } });
  });

  it('N2.3 the breaker who pocketed a ball shoots immediately after the break: he may push out', () => {
    const b = nineAnnToShoot();
    const l = b.shot({ pushOut: true, events: [], endSet: { 0: [0.1, -0.3] } });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectAwaiting(c, 'Bob', { exactly: ['play', 'pass'] });
  });

  it('N2.3 a push-out declared later than the shot right after the break is a normal shot (G18a foul without contact)', () => {
    const b = nineBobAfterBreak();
    nineMiss(b); // Bob, the shot right after the break
    const l = b.shot({ pushOut: true, events: [rail(0, 'foot')] }); // Ann
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a');
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere', awaiting: null });
  });

  it('N2.3 a push-out not declared is a normal shot: no contact is a G18a foul', () => {
    const b = nineBobAfterBreak();
    const l = b.shot({ events: [rail(0, 'foot')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a');
    expectNext(c, { player: 'Ann', ballInHand: 'anywhere', awaiting: null });
  });
});

describe('N3.4 three consecutive fouls lose the game', () => {
  it('N3.4 / G19 a third consecutive foul, after the two-foul warning, loses the game', () => {
    const b = nineAnnToShoot();
    noContact(b); // Ann 1
    nineMiss(b); // Bob
    noContact(b); // Ann 2
    const w = b.warning('Ann');
    nineMiss(b); // Bob
    const l = noContact(b); // Ann 3
    const calls = judgeOk(b);
    expectNext(calls.at(w), { fouls: { Ann: 2 } });
    const c = calls.at(l);
    expectFoul(c, 'G18a');
    expectGameOver(c, 'Bob', ['N3.4', 'G19']);
    expect(c.score).toEqual({ Ann: 0, Bob: 1 });
  });

  it('N3.4 the warning may come after the opponent\'s shot, as long as it is before the player comes to the table', () => {
    const b = nineAnnToShoot();
    noContact(b);
    nineMiss(b);
    noContact(b);
    nineMiss(b); // Bob
    b.warning('Ann');
    const l = noContact(b);
    expectGameOver(judgeOk(b).at(l), 'Bob', ['N3.4', 'G19']);
  });

  it('N3.4 / G19 without the warning the third foul does not lose; a warning then makes the next foul lose', () => {
    const b = nineAnnToShoot();
    noContact(b);
    nineMiss(b);
    noContact(b);
    nineMiss(b);
    const third = noContact(b); // never warned: not penalised, count stays 2
    b.warning('Ann');
    nineMiss(b);
    const fourth = noContact(b);
    const calls = judgeOk(b);
    expect(calls.at(third).gameOver).toBeNull();
    expectNext(calls.at(third), { fouls: { Ann: 2 } });
    expectGameOver(calls.at(fourth), 'Bob', ['N3.4', 'G19']);
  });

  it('N3.4 / G19 operator foul lines count toward the three fouls', () => {
    const b = nineAnnToShoot();
    b.foul('G18h', 'Ann'); // Ann 1
    nineMiss(b); // Bob
    noContact(b); // Ann 2
    b.warning('Ann');
    nineMiss(b); // Bob
    const l = b.foul('G18m', 'Ann'); // Ann 3 (reported while she is at the table)
    expectGameOver(judgeOk(b).at(l), 'Bob', ['N3.4', 'G19']);
  });

  it('N3.4 a legal shot in between resets the count: the next foul is the first again', () => {
    const b = nineAnnToShoot();
    noContact(b);
    nineMiss(b);
    noContact(b);
    b.warning('Ann');
    nineMiss(b);
    nineMiss(b); // Ann legal
    nineMiss(b); // Bob
    const l = noContact(b);
    const c = judgeOk(b).at(l);
    expect(c.gameOver).toBeNull();
    expectNext(c, { fouls: { Ann: 1 } });
  });

  // N3.4 "A cue ball pocketed on the break counts as the first of the three fouls." Where the foul break leaves a
  // decision due (N2.2 options), it is answered "play" when offered (see interpretation below).
  it('N3.4 a scratch on the break counts as the first of the three fouls', () => {
    const { b } = nineBreak(breakEvents(1, [3, 4, 5, 6], [], [pot(0, 'side-right')]));
    settle(b);
    nineMiss(b); // Bob
    noContact(b); // Ann 2
    b.warning('Ann');
    nineMiss(b); // Bob
    const l = noContact(b); // Ann 3
    expectGameOver(judgeOk(b).at(l), 'Bob', ['N3.4', 'G19']);
  });
});

describe('interpretation', () => {
  // N2.2 "the incoming player chooses: (a) ball in hand anywhere, or (b) play from the position left". The contract's
  // tokens are "play"/"pass"; nothing fixes which token means (a). Reading: "play" (play from the position, the
  // contract's word for "play on") is offered, and choosing it leaves Bob at the table.
  it('N2.2 foul break: the incoming player may play from the position', () => {
    const { b, l } = nineBreak(breakEvents(1, [3, 4, 5]));
    const c = judgeOk(b).at(l);
    if (c.next.awaiting) {
      expectAwaiting(c, 'Bob', { including: ['play'] });
      const d = b.decision('Bob', 'play');
      expectNext(judgeOk(b).at(d), { player: 'Bob', awaiting: null });
    } else {
      // no decision: ball in hand anywhere dominates playing from the position
      expectNext(c, { player: 'Bob', ballInHand: 'anywhere' });
    }
  });
  // N2.3 is only for "the player shooting immediately after a legal break": reading — a push-out declared on a
  // foul break's next shot is a normal shot.
  it('N2.3 no push-out after a foul break: the declared push-out is a normal shot', () => {
    const { b } = nineBreak(breakEvents(1, [3, 4, 5]));
    settle(b);
    const l = b.shot({ pushOut: true, events: [rail(0, 'foot')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a');
    expect(c.next.awaiting).toBeNull();
  });
  // After a win, the next call's consecutive-foul counts belong to a new game: reading — they start at 0.
  it('N3.4 the foul counts do not carry over into the next game', () => {
    const b = nineAnnToShoot();
    nineMiss(b); // Ann misses
    noContact(b); // Bob fouls: Bob 1
    const win = b.shot({ events: [hit(1), hit(1, 9), pot(9, 'foot-right')] }); // Ann, ball in hand, wins
    const c = judgeOk(b).at(win);
    expectGameOver(c, 'Ann', ['N3.2']);
    expect(c.next.consecutiveFouls).toEqual({ Ann: 0, Bob: 0 });
  });
});
