// Whole-game scenarios, one per game, checking every call of the game in order.
import { describe, expect, it } from 'vitest';
import { KITCHEN_CUE, LogBuilder, breakEvents, hit, pot, rail, rails } from './log-builder.ts';
import {
  expectAwaiting, expectFoul, expectGameOver, expectGroups, expectNext, expectNoFoul, judgeOk, type Calls,
} from './expect-calls.ts';
import type { Call } from '../../services/contract/log.ts';

function expectWellFormed(calls: Calls, lines: number[]): void {
  expect(calls.all.map((c) => c.line)).toEqual(lines);
  calls.all.forEach((c: Call, i) => {
    if (i > 0) expect(c.seq, 'seq counts up by one').toBe(calls.all[i - 1]!.seq + 1);
    expect(Number.isInteger(c.seq)).toBe(true);
    expect(c.t === null || typeof c.t === 'number').toBe(true);
    expect(Array.isArray(c.fouls) && Array.isArray(c.pocketed) && Array.isArray(c.respot)).toBe(true);
    expect(['anywhere', 'kitchen', 'none']).toContain(c.next.ballInHand);
  });
}

describe('whole games', () => {
  it('N1–N3.2 a 9-ball game: break, push-out passed back, run, miss, foul, winning combination', () => {
    const b = new LogBuilder({ game: '9ball', raceTo: 3, breaks: 'winner' });
    b.rack9();
    const brk = b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [3, 4, 5, 6]), end: 'spread' }); // Ann, nothing down
    const push = b.shot({ pushOut: true, events: [], endSet: { 0: [0.1, -0.3] } }); // Bob pushes out
    const pass = b.decision('Ann', 'pass'); // Bob must shoot again
    const s1 = b.shot({ events: [hit(1), pot(1, 'head-left')] }); // Bob
    const s2 = b.shot({ events: [hit(2), rail(2, 'left-head')] }); // Bob misses
    const s3 = b.shot({ events: [hit(2), pot(2, 'foot-left')] }); // Ann
    const s4 = b.shot({ events: [hit(3), hit(3, 4), pot(3, 'side-left'), pot(4, 'foot-right')] }); // Ann
    const s5 = b.shot({ events: [hit(5), rail(5, 'foot'), pot(0, 'side-right')] }); // Ann scratches
    const s6 = b.shot({ cue: [0.0, 0.3], events: [hit(5), hit(5, 9), pot(9, 'foot-left')] }); // Bob wins
    const calls = judgeOk(b);
    expectWellFormed(calls, [brk, push, pass, s1, s2, s3, s4, s5, s6]);
    expect(calls.all.every((c) => c.game === calls.all[0]!.game)).toBe(true);

    expect(calls.at(brk).shooter).toBe('Ann');
    expectNext(calls.at(brk), { player: 'Bob', ballInHand: 'none', awaiting: null });
    expect(calls.at(push).shooter).toBe('Bob');
    expectNoFoul(calls.at(push));
    expectAwaiting(calls.at(push), 'Ann', { exactly: ['play', 'pass'] });
    expect(calls.at(pass).input).toBe('decision');
    expectNext(calls.at(pass), { player: 'Bob', awaiting: null });
    expectNext(calls.at(s1), { player: 'Bob' });
    expectNext(calls.at(s2), { player: 'Ann', ballInHand: 'none' });
    expect(calls.at(s3).shooter).toBe('Ann');
    expectNext(calls.at(s4), { player: 'Ann' });
    expect([...calls.at(s4).pocketed].sort()).toEqual([3, 4]);
    expectFoul(calls.at(s5), 'G18c');
    expectNext(calls.at(s5), { player: 'Bob', ballInHand: 'anywhere', fouls: { Ann: 1, Bob: 0 } });
    expect(calls.at(s6).shooter).toBe('Bob');
    expectGameOver(calls.at(s6), 'Bob', ['N3.2']);
    expect(calls.at(s6).score).toEqual({ Ann: 0, Bob: 1 });
    expect(calls.at(s6).next.player).toBe('Bob');
    for (const l of [brk, push, pass, s1, s2, s3, s4, s5]) expect(calls.at(l).gameOver).toBeNull();
  });

  it('E1–E3.4 an 8-ball game: open table, group chosen, miss, foul, run-out and the 8', () => {
    const b = new LogBuilder({ game: '8ball', raceTo: 3, breaks: 'alternate' });
    b.rack8();
    const brk = b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10]), end: 'spread' }); // Ann
    const g = b.shot({ call: [10, 'foot-left'], events: [hit(10), pot(10, 'foot-left')] }); // Bob: stripes
    const miss = b.shot({ call: [11, 'foot-left'], events: [hit(11), rail(11, 'left-foot')] }); // Bob misses
    const foul = b.shot({ call: [2, 'foot-left'], events: [hit(12), rail(12, 'foot')] }); // Ann hits a stripe first
    const run = [9, 11, 12, 13, 14, 15].map((id) =>
      b.shot({ call: [id, 'foot-right'], events: [hit(id), pot(id, 'foot-right')] }));
    const win = b.shot({ call: [8, 'side-left'], events: [hit(8), pot(8, 'side-left')] });
    const calls = judgeOk(b);
    expectWellFormed(calls, [brk, g, miss, foul, ...run, win]);

    expectNext(calls.at(brk), { player: 'Bob', ballInHand: 'none', awaiting: null });
    expectGroups(calls.at(brk), { Ann: null, Bob: null });
    expectGroups(calls.at(g), { Ann: 'solids', Bob: 'stripes' });
    expectNext(calls.at(g), { player: 'Bob' });
    expectNoFoul(calls.at(miss));
    expectNext(calls.at(miss), { player: 'Ann', ballInHand: 'none' });
    expect(calls.at(foul).shooter).toBe('Ann');
    expectFoul(calls.at(foul), 'G18a');
    expectNext(calls.at(foul), { player: 'Bob', ballInHand: 'anywhere', fouls: { Ann: 1, Bob: 0 } });
    for (const l of run) {
      expect(calls.at(l).shooter).toBe('Bob');
      expectNext(calls.at(l), { player: 'Bob', fouls: { Bob: 0 } });
      expectGroups(calls.at(l), { Ann: 'solids', Bob: 'stripes' });
    }
    expectGameOver(calls.at(win), 'Bob', ['E3.4']);
    expect(calls.at(win).score).toEqual({ Ann: 0, Bob: 1 });
    expect(calls.at(win).next.player).toBe('Bob'); // alternate: Ann broke game 1
  });

  it('S a 14.1 match to 5: opening break, an inning, a foul, and the winning run', () => {
    const b = new LogBuilder({ game: '14.1', target: 5, breaks: 'alternate' });
    b.rack15();
    const brk = b.shot({ cue: KITCHEN_CUE, events: [hit(1), ...rails([4, 7, 11, 15]), rail(0, 'head')], end: 'spread' }); // Ann
    const p = [3, 4, 5].map((id) => b.shot({ call: [id, 'foot-left'], events: [hit(id), pot(id, 'foot-left')] })); // Bob 3
    const miss = b.shot({ call: [6, 'foot-right'], events: [hit(6), rail(6, 'foot')] }); // Bob misses
    const foul = b.shot({ call: [6, 'foot-right'], events: [rail(0, 'foot')] }); // Ann: no contact
    const p4 = b.shot({ call: [6, 'foot-right'], events: [hit(6), pot(6, 'foot-right')] }); // Bob 4
    const p5 = b.shot({ call: [7, 'side-left'], events: [hit(7), pot(7, 'side-left')] }); // Bob 5: wins
    const calls = judgeOk(b);
    expectWellFormed(calls, [brk, ...p, miss, foul, p4, p5]);

    expectNext(calls.at(brk), { player: 'Bob' });
    expect(p.map((l) => calls.at(l).score.Bob)).toEqual([1, 2, 3]);
    expectNext(calls.at(miss), { player: 'Ann', ballInHand: 'none' });
    expectFoul(calls.at(foul), 'G18a');
    expect(calls.at(foul).score).toEqual({ Ann: -1, Bob: 3 });
    expectNext(calls.at(foul), { player: 'Bob', ballInHand: 'anywhere' });
    expect(calls.at(p4).score).toEqual({ Ann: -1, Bob: 4 });
    expect(calls.at(p4).gameOver).toBeNull();
    const end = calls.at(p5);
    expect(end.score).toEqual({ Ann: -1, Bob: 5 });
    expect(end.gameOver?.winner).toBe('Bob');
    expect(end.gameOver?.rule).toMatch(/^S/);
  });
});
