// 8-ball (E1–E3.7) acceptance tests.
import { describe, expect, it } from 'vitest';
import { D, FOOT_SPOT, KITCHEN_CUE, LogBuilder, breakEvents, hit, off, pot, rail } from './log-builder.ts';
import {
  expectAwaiting, expectFoul, expectGameOver, expectGroups, expectNext, expectNoFoul, expectNotRespotted,
  expectPocketed, expectRespotAt, judgeOk, ruleIds, settle,
} from './expect-calls.ts';
import { clearSolids, eightAnnOpenTable, eightAnnSolids, eightBobOpenTable, eightMiss, noContact } from './setups.ts';

const OPEN = { Ann: null, Bob: null } as const;

function eightBreak(events: ReturnType<typeof breakEvents>): { b: LogBuilder; l: number } {
  const b = new LogBuilder({ game: '8ball' });
  b.rack8();
  const l = b.shot({ cue: KITCHEN_CUE, events, end: 'spread' });
  return { b, l };
}

describe('E2.2 the break', () => {
  it('E2.2 legal break: four object balls to a cushion, nothing pocketed — the opponent shoots at an open table', () => {
    const b = eightBobOpenTable();
    const c = judgeOk(b).at(2);
    expect(c.shooter).toBe('Ann');
    expectNoFoul(c);
    expectNext(c, { player: 'Bob', ballInHand: 'none', awaiting: null, fouls: { Ann: 0, Bob: 0 } });
    expectGroups(c, OPEN);
  });

  it('E2.2 legal break: one pocketed ball suffices (only three balls to a cushion) — the breaker continues', () => {
    const b = eightAnnOpenTable();
    const c = judgeOk(b).at(2);
    expectNoFoul(c);
    expectPocketed(c, [1]);
    expectNext(c, { player: 'Ann', ballInHand: 'none', awaiting: null });
  });

  it.each([[[2]], [[9]], [[2, 3]], [[9, 10, 2]]])('E3.1 the table is open right after the break whatever was pocketed on it (%j)', (pots) => {
    const { b, l } = eightBreak(breakEvents(1, [4, 5, 11, 12], pots.map((id) => [id, 'foot-left'] as [number, 'foot-left'])));
    const c = judgeOk(b).at(l);
    expectGroups(c, OPEN);
    expectNext(c, { player: 'Ann' });
  });

  it('E2.2 fewer than four balls to a cushion and nothing pocketed: illegal break, the opponent chooses (play on is offered)', () => {
    const { b, l } = eightBreak(breakEvents(1, [2, 3, 9]));
    const c = judgeOk(b).at(l);
    expectFoul(c, 'E2.2');
    expectAwaiting(c, 'Bob', { including: ['play'] });
    expect(c.gameOver).toBeNull();
  });

  it('E2.2 / E3.6 illegal break, the opponent plays on from the position: he shoots, without ball in hand', () => {
    const { b } = eightBreak(breakEvents(1, [2, 3, 9]));
    const l = b.decision('Bob', 'play');
    const c = judgeOk(b).at(l);
    expect(c.input).toBe('decision');
    expectNext(c, { player: 'Bob', ballInHand: 'none', awaiting: null });
  });

  it('E2.2 any other foul on the break (a scratch): the opponent chooses (play on is offered)', () => {
    const { b, l } = eightBreak(breakEvents(1, [2, 3, 9, 10], [], [pot(0, 'side-left')]));
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18c');
    expectAwaiting(c, 'Bob', { including: ['play'] });
  });

  it('E2.2 / G17 an object ball off the table on the break: a break foul (opponent chooses) and the ball is spotted', () => {
    const { b, l } = eightBreak(breakEvents(1, [2, 3, 9, 10], [], [hit(1, 5), off(5)]));
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18e');
    expect(c.gameOver).toBeNull();
    expectAwaiting(c, 'Bob', { including: ['play'] });
    const d = b.decision('Bob', 'play');
    const calls = judgeOk(b);
    expectRespotAt([calls.at(l), calls.at(d)], 5, FOOT_SPOT);
  });

  it('E2.2 the 8 pocketed on the break with no foul: the breaker chooses re-rack or spot the 8', () => {
    const { b, l } = eightBreak(breakEvents(1, [2, 3, 9, 10], [[8, 'foot-left']]));
    const c = judgeOk(b).at(l);
    expect(c.gameOver).toBeNull();
    expect(ruleIds(c)).toEqual([]);
    expectAwaiting(c, 'Ann', { exactly: ['rerack', 'spot8'] });
  });

  it('E2.2 8 on the break, breaker spots the 8: the 8 on the foot spot, the breaker continues from the position', () => {
    const { b, l } = eightBreak(breakEvents(1, [2, 3, 9, 10], [[8, 'foot-left']]));
    const d = b.decision('Ann', 'spot8');
    const calls = judgeOk(b);
    const c = calls.at(d);
    expectRespotAt([calls.at(l), c], 8, FOOT_SPOT);
    expectNext(c, { player: 'Ann', ballInHand: 'none', awaiting: null });
    expect(c.gameOver).toBeNull();
    expectGroups(c, OPEN);
  });

  it('E2.2 / G23.1 8 on the break, spotted while a ball rests on the foot spot: right behind it on the long string', () => {
    const b = new LogBuilder({ game: '8ball' });
    b.rack8();
    const l = b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10], [[8, 'foot-left']]), end: 'spread', endSet: { 5: FOOT_SPOT } });
    const d = b.decision('Ann', 'spot8');
    const calls = judgeOk(b);
    expectRespotAt([calls.at(l), calls.at(d)], 8, [FOOT_SPOT[0] + D, 0]);
  });

  it('E2.2 8 on the break, breaker re-racks: he breaks again', () => {
    const { b } = eightBreak(breakEvents(1, [2, 3, 9, 10], [[8, 'foot-left']]));
    const d = b.decision('Ann', 'rerack');
    b.rack8();
    const l2 = b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10]), end: 'spread' });
    const calls = judgeOk(b);
    expectNext(calls.at(d), { player: 'Ann', awaiting: null });
    expect(calls.at(d).gameOver).toBeNull();
    expect(calls.at(l2).shooter).toBe('Ann');
    expectNext(calls.at(l2), { player: 'Bob' });
  });

  it('E2.2 the 8 pocketed on the break together with a foul (scratch): the opponent chooses re-rack or spot the 8; no loss', () => {
    const { b, l } = eightBreak(breakEvents(1, [2, 3, 9, 10], [[8, 'foot-left']], [pot(0, 'side-right')]));
    const c = judgeOk(b).at(l);
    expect(c.gameOver).toBeNull();
    expectFoul(c, 'G18c');
    expectAwaiting(c, 'Bob', { exactly: ['rerack', 'spot8'] });
  });

  it('E2.2 8 and a foul on the break, opponent spots the 8: the 8 on the foot spot, ball in hand behind the head string', () => {
    const { b, l } = eightBreak(breakEvents(1, [2, 3, 9, 10], [[8, 'foot-left']], [pot(0, 'side-right')]));
    const d = b.decision('Bob', 'spot8');
    const calls = judgeOk(b);
    expectRespotAt([calls.at(l), calls.at(d)], 8, FOOT_SPOT);
    expectNext(calls.at(d), { player: 'Bob', ballInHand: 'kitchen', awaiting: null });
  });

  it('E3.5b the 8 driven off the table on the break is a foul, not a loss, and the 8 is spotted (G17)', () => {
    const { b, l } = eightBreak(breakEvents(1, [2, 3, 9, 10], [], [hit(1, 8), off(8)]));
    const first = judgeOk(b).at(l);
    expect(first.gameOver).toBeNull();
    expectFoul(first, 'G18e', 'E3.5b');
    expect(first.next.awaiting?.by ?? first.next.player).toBe('Bob');
    const d = settle(b);
    const calls = judgeOk(b);
    expectRespotAt(d === null ? [calls.at(l)] : [calls.at(l), calls.at(d)], 8, FOOT_SPOT);
  });
});

describe('E3.1 choosing groups', () => {
  it.each([
    { ball: 3, ann: 'solids', bob: 'stripes' },
    { ball: 10, ann: 'stripes', bob: 'solids' },
  ] as const)('E3.1 the called ball $ball pocketed in the called pocket chooses the group ($ann), the shooter continues', ({ ball, ann, bob }) => {
    const b = eightAnnOpenTable(); // the breaker pocketed the 1: she still must call
    const l = b.shot({ call: [ball, 'foot-left'], events: [hit(ball), pot(ball, 'foot-left')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectGroups(c, { Ann: ann, Bob: bob });
    expectNext(c, { player: 'Ann', ballInHand: 'none' });
  });

  it('E3.1 the group follows the called ball even when a ball of the other group drops on the same shot', () => {
    const b = eightAnnOpenTable();
    const l = b.shot({ call: [10, 'foot-left'], events: [hit(10), hit(10, 2), pot(10, 'foot-left'), pot(2, 'side-left')] });
    const c = judgeOk(b).at(l);
    expectGroups(c, { Ann: 'stripes', Bob: 'solids' });
    expectNext(c, { player: 'Ann' });
    expectNotRespotted(c, 2);
  });

  it('E3.1 / E3.2 the called ball dropping in another pocket is a miss: no group, the opponent plays from the position', () => {
    const b = eightAnnOpenTable();
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), pot(3, 'foot-right')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectGroups(c, OPEN);
    expectNext(c, { player: 'Bob', ballInHand: 'none' });
  });

  it('E3.1 only a called ball chooses the group: another ball dropping instead leaves the table open and ends the turn', () => {
    const b = eightAnnOpenTable();
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), hit(3, 4), pot(4, 'side-left'), rail(3, 'left-head')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectGroups(c, OPEN);
    expectNext(c, { player: 'Bob', ballInHand: 'none' });
  });

  it('E3.1 / E3.3e on an open table the 8 hit first to pocket another ball: no foul, no group, the turn passes', () => {
    const b = eightBobOpenTable();
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(8), hit(8, 3), pot(3, 'foot-left')] });
    const c = judgeOk(b).at(l);
    expect(c.shooter).toBe('Bob');
    expectNoFoul(c);
    expectGroups(c, OPEN);
    expectNext(c, { player: 'Ann', ballInHand: 'none' });
    expectNotRespotted(c, 3);
  });

  it('E3.1 a foul on an open table chooses no group', () => {
    const b = eightBobOpenTable();
    const l = noContact(b);
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a');
    expectGroups(c, OPEN);
    expectNext(c, { player: 'Ann', ballInHand: 'anywhere', fouls: { Bob: 1, Ann: 0 } });
  });

  it('E3.5a the 8 pocketed on an open table (not on the break) loses the game', () => {
    const b = eightAnnOpenTable();
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), hit(3, 8), pot(8, 'side-left')] });
    const c = judgeOk(b).at(l);
    expectGameOver(c, 'Bob', ['E3.5', 'E3.5a']);
    expect(c.score).toEqual({ Ann: 0, Bob: 1 });
  });
});

describe('E3.2 continuing (Ann solids, Bob stripes)', () => {
  it('E3.2 the called own ball pocketed: the shooter continues, groups stay', () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [2, 'side-left'], events: [hit(2), pot(2, 'side-left')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectGroups(c, { Ann: 'solids', Bob: 'stripes' });
    expectNext(c, { player: 'Ann', ballInHand: 'none' });
  });

  it('E3.2 a combination (own ball first, the called own ball pocketed by it) continues the turn', () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [4, 'foot-left'], events: [hit(2), hit(2, 4), pot(4, 'foot-left'), rail(2, 'left-head')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectNext(c, { player: 'Ann', ballInHand: 'none' });
  });

  it("E3.2 an opponent's ball dropping together with his own: he continues, and it is not respotted", () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [2, 'foot-left'], events: [hit(2), hit(2, 12), pot(2, 'foot-left'), pot(12, 'side-right')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectPocketed(c, [2, 12]);
    expect(c.respot).toEqual([]);
    expectNext(c, { player: 'Ann' });
  });

  it("E3.2 / G18a first contact on an opponent's ball is a foul: E3.6 the opponent has ball in hand anywhere", () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [2, 'foot-left'], events: [hit(12), hit(12, 2), pot(2, 'foot-left')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a');
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere', fouls: { Ann: 1, Bob: 0 } });
    expectNotRespotted(c, 2); // E3.3a balls pocketed on a foul stay down
  });

  it('E3.2 / G18a the 8 hit first while own group balls remain is a foul', () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [2, 'foot-left'], events: [hit(8), rail(8, 'foot')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a');
    expect(c.gameOver).toBeNull();
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere' });
  });

  it('E3.2 the groups hold for the opponent too: Bob (stripes) hitting a solid first fouls', () => {
    const b = eightAnnSolids();
    eightMiss(b, 2); // Ann misses
    const l = b.shot({ call: [12, 'foot-left'], events: [hit(4), rail(4, 'left-head')] });
    const c = judgeOk(b).at(l);
    expect(c.shooter).toBe('Bob');
    expectFoul(c, 'G18a');
    expectNext(c, { player: 'Ann', ballInHand: 'anywhere', fouls: { Bob: 1 } });
  });

  it("E3.2 own ball hit first, only an opponent's ball drops: the turn ends without a foul", () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [2, 'foot-left'], events: [hit(2), hit(2, 12), pot(12, 'side-left'), rail(2, 'left-head')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectNext(c, { player: 'Bob', ballInHand: 'none' });
  });

  it('E3.2 missing the called ball ends the turn even if another own ball drops (it stays down)', () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [2, 'foot-left'], events: [hit(2), hit(2, 4), pot(4, 'side-left'), rail(2, 'left-head')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectNext(c, { player: 'Bob', ballInHand: 'none' });
    expectNotRespotted(c, 4);
  });

  it('E3.2 the called ball dropping in another pocket counts as a miss: the opponent plays from the position', () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [2, 'foot-left'], events: [hit(2), pot(2, 'foot-right')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectNext(c, { player: 'Bob', ballInHand: 'none' });
  });

  it('E3.7 pocket called as "obvious": the called ball counts in whatever pocket it drops', () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [2, 'obvious'], events: [hit(2), pot(2, 'side-left')] });
    expectNext(judgeOk(b).at(l), { player: 'Ann' });
  });

  it('E3.3a balls pocketed on a foul stay down (own ball pocketed with a scratch)', () => {
    const b = eightAnnSolids();
    const l = b.shot({ call: [2, 'foot-left'], events: [hit(2), pot(2, 'foot-left'), pot(0, 'side-right')] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18c');
    expectNotRespotted(c, 2);
    expectNext(c, { player: 'Bob', ballInHand: 'anywhere' });
    expectGroups(c, { Ann: 'solids', Bob: 'stripes' });
  });
});

describe('E3.4 / E3.5 / E3.7 the 8 at the end', () => {
  it('E3.4 every group ball legally pocketed, then the 8 in the called pocket: the shooter wins', () => {
    const b = eightAnnSolids();
    clearSolids(b);
    const l = b.shot({ call: [8, 'foot-left'], events: [hit(8), pot(8, 'foot-left')] });
    const c = judgeOk(b).at(l);
    expectGameOver(c, 'Ann', ['E3.4']);
    expect(c.score).toEqual({ Ann: 1, Bob: 0 });
  });

  it('E3.4 / E3.7 the 8 called with pocket "obvious" and pocketed: the shooter wins', () => {
    const b = eightAnnSolids();
    clearSolids(b);
    const l = b.shot({ call: [8, 'obvious'], events: [hit(8), pot(8, 'side-right')] });
    expectGameOver(judgeOk(b).at(l), 'Ann', ['E3.4']);
  });

  it('E3.4 after the group is cleared the 8 is the required ball: hitting it first is legal', () => {
    const b = eightAnnSolids();
    clearSolids(b);
    const l = b.shot({ call: [8, 'foot-left'], events: [hit(8), rail(8, 'left-head')] });
    const c = judgeOk(b).at(l);
    expectNoFoul(c);
    expectNext(c, { player: 'Bob', ballInHand: 'none' });
  });

  const losses: Array<{ name: string; keep: number[]; call?: [number, 'foot-left']; safety?: boolean; events: ReturnType<typeof hit>[]; rules: string[] }> = [
    { name: 'E3.5a pocketing the 8 early (own group balls remain)', keep: [5], call: [5, 'foot-left'], events: [hit(5), hit(5, 8), pot(8, 'side-left')], rules: ['E3.5', 'E3.5a'] },
    { name: 'E3.5b driving the 8 off the table (not on the break)', keep: [5], call: [5, 'foot-left'], events: [hit(5), hit(5, 8), off(8)], rules: ['E3.5', 'E3.5b'] },
    { name: 'E3.5b driving the 8 off the table when shooting at it', keep: [], call: [8, 'foot-left'], events: [hit(8), off(8)], rules: ['E3.5', 'E3.5b'] },
    { name: 'E3.5c pocketing the 8 on a foul (scratch)', keep: [], call: [8, 'foot-left'], events: [hit(8), pot(8, 'foot-left'), pot(0, 'foot-right')], rules: ['E3.5', 'E3.5c', 'G23.1'] },
    { name: 'E3.5c pocketing the 8 on a foul (opponent ball hit first)', keep: [], call: [8, 'foot-left'], events: [hit(12), hit(12, 8), pot(8, 'foot-left')], rules: ['E3.5', 'E3.5c', 'G23.1'] },
    { name: 'E3.5d pocketing the 8 in an uncalled pocket', keep: [], call: [8, 'foot-left'], events: [hit(8), pot(8, 'foot-right')], rules: ['E3.5', 'E3.5d', 'E3.7'] },
    { name: 'E3.5e pocketing the 8 on the same shot as the last ball of the group', keep: [7], call: [7, 'foot-left'], events: [hit(7), hit(7, 8), pot(7, 'foot-left'), pot(8, 'side-left')], rules: ['E3.5', 'E3.5e'] },
    { name: 'E3.7 the 8 pocketed without any call', keep: [], events: [hit(8), pot(8, 'foot-left')], rules: ['E3.7', 'E3.5', 'E3.5d'] },
    { name: 'G23.1 the 8 pocketed on a declared safety', keep: [], safety: true, events: [hit(8), pot(8, 'side-left')], rules: ['G23.1', 'G22', 'E3.5', 'E3.5c'] },
  ];
  it.each(losses)('$name loses the game', ({ keep, call, safety, events, rules }) => {
    const b = eightAnnSolids();
    clearSolids(b, keep);
    const l = b.shot({ ...(call ? { call } : {}), ...(safety ? { safety } : {}), events });
    const c = judgeOk(b).at(l);
    expect(c.shooter).toBe('Ann');
    expectGameOver(c, 'Bob', rules);
    expect(c.score).toEqual({ Ann: 0, Bob: 1 });
  });
});

describe('E3.3 modifications', () => {
  it('E3.3h / G19 three consecutive fouls, warned, do not lose the game in 8-ball', () => {
    const b = eightBobOpenTable();
    noContact(b); // Bob 1
    eightMiss(b, 2); // Ann
    noContact(b); // Bob 2
    const w = b.warning('Bob');
    eightMiss(b, 2); // Ann
    const l = noContact(b); // Bob 3
    const calls = judgeOk(b);
    expectNext(calls.at(w), { fouls: { Bob: 2 } });
    const c = calls.at(l);
    expectFoul(c, 'G18a');
    expect(c.gameOver).toBeNull();
    expectNext(c, { player: 'Ann', ballInHand: 'anywhere' });
    expect(c.score).toEqual({ Ann: 0, Bob: 0 });
  });

  it.each(['winner', 'alternate'] as const)('E3.3g stalemate (operator line): a draw, re-racked with the same breaker (breaks: %s)', (breaks) => {
    const b = eightAnnSolids({ breaks });
    eightMiss(b, 2);
    const l = b.foul('E3.3g', 'Bob');
    b.rack8();
    const l2 = b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10]), end: 'spread' });
    const calls = judgeOk(b);
    const c = calls.at(l);
    expectGameOver(c, null, ['E3.3g']);
    expect(c.score).toEqual({ Ann: 0, Bob: 0 });
    expect(c.next.player).toBe('Ann');
    expect(calls.at(l2).shooter).toBe('Ann');
    expect(calls.at(l2).game).toBe(c.game + 1);
  });
});

describe('interpretation', () => {
  // E2.2 "any other foul ... the opponent chooses (a) play on from the position" and E3.6 "ball in hand anywhere
  // ... (not after a break foul: see E2.2)". With the cue ball pocketed there is no position for it; the only place
  // E2.2 names for a cue ball after a break foul is "ball in hand behind the head string". Reading: kitchen.
  it('E2.2 / E3.6 scratch on the break, opponent plays on: ball in hand behind the head string', () => {
    const { b } = eightBreak(breakEvents(1, [2, 3, 9, 10], [], [pot(0, 'side-left')]));
    const l = b.decision('Bob', 'play');
    expectNext(judgeOk(b).at(l), { player: 'Bob', ballInHand: 'kitchen' });
  });

  // E2.2 "(b) re-rack and choose who breaks": the contract offers "rerack", "rebreak-self", "rebreak-opponent"
  // without saying whether choosing the breaker is one decision or two. Reading: either the choices include
  // rebreak-self/rebreak-opponent directly, or "rerack" is followed by a second decision offering them;
  // "rebreak-self" means the chooser (Bob) breaks.
  it('E2.2 illegal break, the opponent re-racks and breaks himself', () => {
    const { b, l } = eightBreak(breakEvents(1, [2, 3, 9]));
    let choices = judgeOk(b).at(l).next.awaiting!.choices as string[];
    if (!choices.includes('rebreak-self')) {
      const r = b.decision('Bob', 'rerack');
      choices = expectAwaiting(judgeOk(b).at(r), 'Bob', { including: ['rebreak-self'] });
    }
    const d = b.decision('Bob', 'rebreak-self');
    b.rack8();
    const l2 = b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10]), end: 'spread' });
    const calls = judgeOk(b);
    expectNext(calls.at(d), { player: 'Bob', awaiting: null });
    expect(calls.at(l2).shooter).toBe('Bob');
    expect(choices).toContain('rebreak-opponent');
  });
});
