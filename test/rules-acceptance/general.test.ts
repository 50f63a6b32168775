// General rules (G*) — black-box acceptance of the rules engine from shared/rules/RULES.en.md and
// shared/contracts/EVENTS.md. Most cases run in 9-ball (the required ball is simply the lowest); the
// kitchen rules run in 14.1 and 8-ball (G6 is "not used in 9-ball").
import { describe, expect, it } from 'vitest';
import {
  D, FOOT_SPOT, FROZEN_LEFT_Y, HEAD_X, KITCHEN_CUE, LogBuilder, breakEvents, cross, hit, off, pot, rail, same,
  type Ev, type XY,
} from './log-builder.ts';
import {
  expectFoul, expectGameOver, expectNext, expectNoFoul, expectNotRespotted, expectPocketed, expectRespotAt,
  judgeOk, ruleIds,
} from './expect-calls.ts';
import {
  eightAnnSolids, nineAnnToShoot, nineMiss, noContact, straightBobAfterBreak,
} from './setups.ts';

// Spread table after nineAnnToShoot(): 1 (-0.45,0.45), 3 (-0.05,0.45), 4 (0.15,0.45), 5 (0.35,0.45),
// 6 (-0.45,0.2), 7 (-0.25,0.2), 8 (-0.05,0.2), 9 (0.15,0.2); cue (-0.2,0). The 2 was pocketed on the break.

interface ShotCase { name: string; events: Ev[]; foul?: string[]; continues?: boolean; set?: Record<number, XY>; cue?: XY; moving?: number[] }

function runNineShot(c: ShotCase) {
  const b = nineAnnToShoot();
  const l = b.shot({ events: c.events, ...(c.set ? { set: c.set } : {}), ...(c.cue ? { cue: c.cue } : {}), ...(c.moving ? { moving: c.moving } : {}) });
  const call = judgeOk(b).at(l);
  expect(call.input).toBe('shot');
  expect(call.shooter).toBe('Ann');
  if (c.foul) {
    expectFoul(call, ...c.foul);
    // G21: (a) the opponent gets the turn; (c) ball in hand anywhere (N3.5). G19: recorded against the shooter.
    expectNext(call, { player: 'Bob', ballInHand: 'anywhere', fouls: { Ann: 1, Bob: 0 } });
  } else {
    expectNoFoul(call);
    expectNext(call, { player: c.continues ? 'Ann' : 'Bob', ballInHand: 'none', fouls: { Ann: 0, Bob: 0 } });
  }
  return call;
}

describe('G12 legal shot — first hit, then a cushion or a pocketed ball (G18a, G18b)', () => {
  const cases: ShotCase[] = [
    { name: 'G12 legal: the required ball is hit first and then touches a cushion', events: [hit(1), rail(1, 'head')] },
    { name: 'G12 legal: required ball first, then the cue ball touches a cushion', events: [hit(1), rail(0, 'right-head')] },
    { name: 'G12 legal: required ball first, then a ball it set in motion touches a cushion', events: [hit(1), hit(1, 6), rail(6, 'left-head')] },
    { name: 'G12 legal: the required ball is hit first and pocketed (N3.1 the shooter continues)', events: [hit(1), pot(1, 'head-left')], continues: true },
    { name: 'G18a foul: the cue ball touches no object ball', events: [rail(0, 'foot'), rail(0, 'head')], foul: ['G18a'] },
    { name: 'G18a foul: the cue ball first touches a ball other than the required (lowest, N1) one', events: [hit(3), rail(3, 'left-head')], foul: ['G18a', 'N1'] },
    { name: 'G18b foul: the required ball is hit first but afterwards no ball touches a cushion and nothing is pocketed', events: [hit(1)], foul: ['G18b', 'G12'] },
    { name: 'G18b foul: a cushion the cue ball touched before the contact does not count (G12 "then")', events: [rail(0, 'left-head'), hit(1)], foul: ['G18b', 'G12'] },
    { name: 'G18b foul: a contact between two balls is not a cushion', events: [hit(1), hit(1, 6)], foul: ['G18b', 'G12'] },
    { name: 'G12 foul: simultaneous hit of the required ball and another ball (two contacts at the same t)', events: [hit(1), same(hit(6)), rail(1, 'head'), rail(6, 'left-head')], foul: ['G12', 'G18a'] },
  ];
  it.each(cases)('$name', (c) => {
    runNineShot(c);
  });

  it('G11 balls pocketed on a foul score nothing: a ball pocketed on a G18a foul does not let the shooter continue', () => {
    const call = runNineShot({ name: '', events: [hit(3), hit(3, 4), pot(4, 'foot-left')], foul: ['G18a', 'N1'] });
    expectPocketed(call, [4]);
  });
});

describe('G10 / G18i shooting while a ball still moves', () => {
  it.each([
    { name: 'G18i foul: an object ball still rolling at the strike', moving: [5] },
    { name: 'G18i foul: the cue ball still spinning at the strike', moving: [0] },
    { name: 'G10 foul: several balls moving', moving: [4, 8] },
  ])('$name', ({ moving }) => {
    runNineShot({ name: '', events: [hit(1), rail(1, 'head')], moving, foul: ['G18i', 'G10'] });
  });
});

describe('G17 / G23.2 / G18c–e balls leaving the playing surface', () => {
  it('G18c foul: the cue ball is pocketed (scratch); pocketed lists it; opponent has ball in hand anywhere', () => {
    const call = runNineShot({ name: '', events: [hit(1), rail(1, 'head'), pot(0, 'side-right')], foul: ['G18c'] });
    expect(call.pocketed).toContain(0);
  });
  it('G18d / G23.2a foul: the cue ball leaves the playing surface and stays off it', () => {
    runNineShot({ name: '', events: [hit(1), rail(1, 'head'), off(0)], foul: ['G18d'] });
  });
  it('G18e / G23.2a foul: an object ball stops off the table; in 9-ball it is not spotted (G17: only the 9)', () => {
    const call = runNineShot({ name: '', events: [hit(1), rail(1, 'head'), hit(1, 6), off(6)], foul: ['G18e'] });
    expectNotRespotted(call, 6);
  });
  it('G17 / G18e: the 9 driven off the table is a foul and is spotted on the foot spot', () => {
    const call = runNineShot({ name: '', events: [hit(1), hit(1, 9), rail(1, 'head'), off(9)], foul: ['G18e'] });
    expectRespotAt(call, 9, FOOT_SPOT);
    expect(call.gameOver).toBeNull();
  });
});

describe('G18g / G18j a ball frozen to a cushion (the 1 frozen to the left-foot cushion)', () => {
  const frozen = { 1: [0.3, FROZEN_LEFT_Y] as XY };
  const cases: ShotCase[] = [
    { name: 'G18g/G18j foul: the frozen ball only rebounds from its own cushion, nothing else touches one', events: [hit(1), rail(1, 'left-foot')], foul: ['G18g', 'G18j', 'G18b', 'G12'] },
    { name: 'G18g/G18j foul: the frozen ball is hit and nothing touches a cushion at all', events: [hit(1)], foul: ['G18g', 'G18j', 'G18b', 'G12'] },
    { name: 'G18j legal: the frozen ball touches another cushion', events: [hit(1), rail(1, 'foot')] },
    { name: 'G18j legal: the cue ball touches a cushion', events: [hit(1), rail(0, 'right-foot')] },
    { name: 'G18j legal: another object ball touches a cushion it had not touched before', events: [hit(1), hit(1, 5), rail(5, 'foot')] },
    { name: 'G18j legal: a ball is pocketed (the shooter continues)', events: [hit(1), pot(1, 'foot-left')], continues: true },
  ];
  it.each(cases)('$name', (c) => {
    runNineShot({ ...c, set: frozen });
  });
});

describe('G18l / G18a a cue ball frozen to an object ball', () => {
  it('G18l legal: cue ball frozen to the required ball, played with a normal stroke, the ball then touches a cushion', () => {
    runNineShot({ name: '', cue: [-0.45 - D, 0.45], events: [hit(1), rail(1, 'head')] });
  });
  it('G18a legal: shooting away from the ball the cue ball is frozen to (the 3) does not count as touching it', () => {
    runNineShot({ name: '', cue: [-0.05 - D, 0.45], events: [hit(1), rail(1, 'head')] });
  });
});

// ---- the kitchen (G5, G6, G18n) ----
// Two ways to ball in hand behind the head string: a scratch in 14.1 (G21c) and, in 8-ball, the 8 pocketed on the
// break with a foul, the opponent choosing to spot the 8 (E2.2 option b).
function kitchenStraight(): LogBuilder {
  const b = straightBobAfterBreak();
  b.shot({ call: [3, 'foot-left'], events: [hit(3), rail(3, 'left-head'), pot(0, 'side-left')] }); // Bob scratches
  return b; // Ann: ball in hand behind the head string
}
function kitchenEight(): LogBuilder {
  const b = new LogBuilder({ game: '8ball' });
  b.rack8();
  b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10], [[8, 'foot-left']], [pot(0, 'head-right')]), end: 'spread' });
  b.decision('Bob', 'spot8');
  b.put({ 8: FOOT_SPOT });
  return b; // Bob: ball in hand behind the head string
}
const kitchens: Array<{ game: string; make: () => LogBuilder; player: string; opp: string; target: number }> = [
  { game: '14.1', make: kitchenStraight, player: 'Ann', opp: 'Bob', target: 2 },
  { game: '8ball', make: kitchenEight, player: 'Bob', opp: 'Ann', target: 2 },
];

describe('G6 ball in hand behind the head string', () => {
  it.each(kitchens)('G21c/E2.2 ($game) the incoming player has ball in hand in the kitchen', ({ make }) => {
    const b = make();
    const c = judgeOk(b).last;
    expect(c.next.ballInHand).toBe('kitchen');
  });
  it.each(kitchens)('G6 legal ($game): the cue ball crosses the head string before it touches a ball', ({ make, player, target }) => {
    const b = make();
    const l = b.shot({ cue: [-0.9, 0], call: [target, 'foot-left'], events: [cross(0), hit(target), rail(target, 'left-head')], autoCross: false });
    const c = judgeOk(b).at(l);
    expect(c.shooter).toBe(player);
    expectNoFoul(c);
  });
  it.each(kitchens)('G6 foul ($game): an object ball lying behind the head string is hit directly, before the cue ball crosses', ({ make, player, opp }) => {
    const b = make();
    const l = b.shot({ cue: [-0.9, 0], set: { 5: [-0.8, 0.2] }, call: [5, 'head-left'], events: [hit(5), rail(5, 'head')], autoCross: false });
    const c = judgeOk(b).at(l);
    expect(c.shooter).toBe(player);
    expectFoul(c, 'G6');
    expect(c.next.player).toBe(opp);
  });
  it.each(kitchens)('G6 legal ($game): the cue ball crosses out, comes back, and only then hits a ball lying in the kitchen', ({ make }) => {
    const b = make();
    const l = b.shot({
      cue: [-0.9, 0], set: { 5: [-0.8, 0.2] }, call: [5, 'head-left'],
      events: [cross(0), rail(0, 'foot'), cross(0), hit(5), rail(5, 'head')], autoCross: false,
    });
    expectNoFoul(judgeOk(b).at(l));
  });
});

describe('G13 / G18f disturbed balls and operator fouls (9-ball, Ann at the table)', () => {
  it('G13 a disturbed ball is reported, not yet a foul: the operator must confirm it', () => {
    const b = nineAnnToShoot();
    const l = b.disturbed({ 4: [0.16, 0.4] });
    const c = judgeOk(b).at(l);
    expect(c.input).toBe('disturbed');
    expect(ruleIds(c)).toEqual([]);
    expectNext(c, { player: 'Ann', ballInHand: 'none', fouls: { Ann: 0 } });
  });
  it('G13 / G18f the operator confirms the disturbed ball as a foul: opponent, ball in hand anywhere', () => {
    const b = nineAnnToShoot();
    b.disturbed({ 4: [0.16, 0.4] });
    const l = b.foul('G18f', 'Ann');
    const c = judgeOk(b).at(l);
    expect(c.input).toBe('foul');
    expect(ruleIds(c)).toContain('G18f');
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere', fouls: { Ann: 1, Bob: 0 } });
  });
  it.each(['G3', 'G9', 'G14', 'G15', 'G18f', 'G18h', 'G18k', 'G18m'])('%s operator foul line: a foul under that rule, the opponent has ball in hand (G21)', (rule) => {
    const b = nineAnnToShoot();
    const l = b.foul(rule, 'Ann');
    const c = judgeOk(b).at(l);
    expect(ruleIds(c)).toContain(rule);
    expect(c.legal).toBe(false);
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere', fouls: { Ann: 1, Bob: 0 } });
    expect(c.gameOver).toBeNull();
  });
  it('G24.3 unsportsmanlike conduct (operator), first offence: loss of game in 9-ball', () => {
    const b = nineAnnToShoot();
    const l = b.foul('G24.3', 'Ann');
    const c = judgeOk(b).at(l);
    expectGameOver(c, 'Bob', ['G24.3']);
    expect(c.score).toEqual({ Ann: 0, Bob: 1 });
  });
});

describe('G19 three consecutive fouls — the count (9-ball)', () => {
  it('G19 each foul is recorded against the shooter only', () => {
    const b = nineAnnToShoot();
    const l = noContact(b);
    expectNext(judgeOk(b).at(l), { fouls: { Ann: 1, Bob: 0 } });
  });
  it("G19 the opponent's legal shot does not cancel the shooter's count", () => {
    const b = nineAnnToShoot();
    noContact(b);
    const l = nineMiss(b); // Bob
    const c = judgeOk(b).at(l);
    expect(c.shooter).toBe('Bob');
    expectNext(c, { player: 'Ann', fouls: { Ann: 1, Bob: 0 } });
  });
  it('G19 a legal shot (a cushion touched) by the fouler cancels the count', () => {
    const b = nineAnnToShoot();
    noContact(b);
    nineMiss(b); // Bob
    const l = nineMiss(b); // Ann
    expectNext(judgeOk(b).at(l), { player: 'Bob', fouls: { Ann: 0, Bob: 0 } });
  });
  it('G19 a legal shot (a ball pocketed) by the fouler cancels the count', () => {
    const b = nineAnnToShoot();
    noContact(b);
    nineMiss(b); // Bob
    const l = b.shot({ events: [hit(1), pot(1, 'head-left')] }); // Ann
    expectNext(judgeOk(b).at(l), { player: 'Ann', fouls: { Ann: 0, Bob: 0 } });
  });
  it('G19 two consecutive fouls count two', () => {
    const b = nineAnnToShoot();
    noContact(b);
    nineMiss(b);
    const l = noContact(b);
    expectNext(judgeOk(b).at(l), { player: 'Bob', ballInHand: 'anywhere', fouls: { Ann: 2, Bob: 0 } });
  });
  it('G19 the warning line produces a call and changes neither the turn nor the counts', () => {
    const b = nineAnnToShoot();
    noContact(b);
    nineMiss(b);
    noContact(b);
    const l = b.warning('Ann');
    const c = judgeOk(b).at(l);
    expect(c.input).toBe('warning');
    expect(ruleIds(c)).toEqual([]);
    expectNext(c, { player: 'Bob', fouls: { Ann: 2, Bob: 0 } });
    expect(c.gameOver).toBeNull();
  });
  it('G19 without the two-foul warning the third foul is not penalised and the count stays at two', () => {
    const b = nineAnnToShoot();
    noContact(b);
    nineMiss(b);
    noContact(b);
    nineMiss(b);
    const l = noContact(b); // third, never warned
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a');
    expect(c.gameOver).toBeNull();
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere', fouls: { Ann: 2, Bob: 0 } });
  });
});

describe('G22 safety play', () => {
  it('G22 8-ball: a declared safety that pockets an own ball — the opponent shoots and the ball stays down', () => {
    const b = eightAnnSolids();
    const l = b.shot({ safety: true, events: [hit(2), pot(2, 'side-left')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectNext(c, { player: 'Bob', ballInHand: 'none' });
    expectNotRespotted(c, 2);
  });
  it('G22 / E3.3c 8-ball: pocketing an own called ball without declaring a safety — the shooter must shoot again', () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [2, 'side-left'], events: [hit(2), pot(2, 'side-left')] });
    expectNext(judgeOk(b).at(l), { player: 'Ann', ballInHand: 'none' });
  });
  it('G22 a safety must still send a ball to a cushion after the contact: otherwise a foul', () => {
    const b = eightAnnSolids();
    const l = b.shot({ safety: true, events: [hit(2)] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G22', 'G18b', 'G12');
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere' });
  });
  it('G22 14.1: a ball pocketed on a safety is respotted and the opponent shoots', () => {
    const b = straightBobAfterBreak();
    const l = b.shot({ safety: true, events: [hit(3), pot(3, 'side-left')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectRespotAt(c, 3, FOOT_SPOT);
    expectNext(c, { player: 'Ann', ballInHand: 'none' });
  });
});

describe('interpretation', () => {
  // A foul line names who fouled ("by"); G21 gives the opponent the turn with ball in hand. Reading: an operator foul
  // reported for the shot that already ended the fouler's turn leaves the opponent at the table, now with ball in hand.
  it('G18h / G21 an operator foul reported after the turn passed: the opponent keeps the table with ball in hand', () => {
    const b = nineAnnToShoot();
    nineMiss(b); // Ann misses: Bob to shoot
    const l = b.foul('G18h', 'Ann');
    const c = judgeOk(b).at(l);
    expect(ruleIds(c)).toContain('G18h');
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere', fouls: { Ann: 1 } });
  });

  // G23.2(b): "A ball that leaves the bed and returns by itself is not a foul." Reading: an off-table event for a
  // ball that is back on the bed in end.balls is such a return (the contract defines end.balls as the balls at
  // rest on the bed and says off-table balls are absent there).
  it('G23.2b a ball that leaves the bed and returns by itself is not a foul', () => {
    const b = nineAnnToShoot();
    const l = b.shot({ events: [hit(1), rail(1, 'head'), hit(1, 6), off(6)], endSet: { 6: [-0.45, 0.3] } });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expect(c.next.player).toBe('Bob');
  });

  // G18n: "Ball in hand behind the head string, the cue ball is not in the kitchen, the referee warns, and the
  // player shoots anyway." The engine is the referee and sees the cue ball's start position; reading: a cue
  // ball struck from outside the kitchen while ball in hand is restricted to the kitchen is the G18n foul
  // (the G6 id is accepted too, as the rule it enforces).
  it.each(kitchens)('G18n ($game) cue ball outside the kitchen when ball in hand is behind the head string: foul', ({ make, opp, target }) => {
    const b = make();
    const l = b.shot({ cue: [-0.3, 0], call: [target, 'foot-left'], events: [hit(target), rail(target, 'left-head')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18n', 'G6');
    expect(c.next.player).toBe(opp);
  });
  // G6 "behind (not on) the head string": a cue ball centre exactly on x = -L/4 is not in the kitchen.
  it('G6 / G18n a cue ball placed exactly on the head string is not behind it (14.1): foul', () => {
    const b = kitchenStraight();
    const l = b.shot({ cue: [HEAD_X, 0.1], call: [2, 'foot-left'], events: [hit(2), rail(2, 'left-head')] });
    expectFoul(judgeOk(b).at(l), 'G18n', 'G6');
  });
  // G5: on the break the cue ball is anywhere behind the head string. Reading: breaking from outside the kitchen
  // is a foul (named G5, or G18n as the kitchen-placement foul); the breaker does not keep the table.
  it('G5 a break struck from outside the kitchen is a foul (9-ball)', () => {
    const b = new LogBuilder({ game: '9ball' });
    b.rack9();
    const l = b.shot({ cue: [-0.5, 0], events: breakEvents(1, [3, 4, 5, 6], [[2, 'foot-left']]), end: 'spread' });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G5', 'G18n');
    expect(c.next.awaiting?.by ?? c.next.player).toBe('Bob');
  });
  // G22 + S: "Only in 14.1 is a ball pocketed on a safety respotted" — reading: it scores nothing either.
  it('G22 14.1: a ball pocketed on a safety scores no point', () => {
    const b = straightBobAfterBreak();
    const l = b.shot({ safety: true, events: [hit(3), pot(3, 'side-left')] });
    expect(judgeOk(b).at(l).score).toEqual({ Ann: 0, Bob: 0 });
  });
  // G22 "A safety must be declared (not in 9-ball)" — reading: a 9-ball shot that pockets a ball continues the
  // turn (N3.1) whatever the operator typed in declared.safety.
  it('G22 / N3.1 9-ball: a "declared safety" that pockets a ball still continues the turn', () => {
    const b = nineAnnToShoot();
    const l = b.shot({ safety: true, events: [hit(1), pot(1, 'head-left')] });
    expectNext(judgeOk(b).at(l), { player: 'Ann' });
  });
});
