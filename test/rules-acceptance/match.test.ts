// The match layer: who breaks each game (E1, N1, E3.3b), scores in games, race to N, game numbers.
import { describe, expect, it } from 'vitest';
import { KITCHEN_CUE, LogBuilder, breakEvents, hit, pot, rail } from './log-builder.ts';
import { expectGameOver, expectNext, judgeOk } from './expect-calls.ts';
import { eightBobOpenTable, nineBobAfterBreak, nineMiss, noContact } from './setups.ts';

/** 9-ball: the breaker pockets the 9 on a legal break and wins (N2.2). */
function nineOnTheBreak(b: LogBuilder): number {
  b.rack9();
  return b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [3, 4, 5, 6], [[9, 'side-left']]), end: 'spread' });
}
/** 9-ball: a legal break with nothing pocketed. */
function nineDryBreak(b: LogBuilder): number {
  b.rack9();
  return b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [3, 4, 5, 6]), end: 'spread' });
}
/** 9-ball: the player at the table pockets the 9 on a combination off the 1. */
function nineCombo(b: LogBuilder): number {
  return b.shot({ events: [hit(1), hit(1, 9), pot(9, 'foot-right')] });
}

describe('E1 / N1 who breaks', () => {
  it.each([
    { game: '9ball', firstBreak: 'Ann' }, { game: '9ball', firstBreak: 'Bob' },
    { game: '8ball', firstBreak: 'Ann' }, { game: '8ball', firstBreak: 'Bob' },
    { game: '14.1', firstBreak: 'Bob' },
  ] as const)('E1 / N1 the first game ($game) is broken by the match line\'s firstBreak ($firstBreak)', ({ game, firstBreak }) => {
    const b = new LogBuilder({ game, firstBreak });
    if (game === '9ball') b.rack9();
    else if (game === '8ball') b.rack8();
    else b.rack15();
    const l = b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 4, 5], [], [rail(0, 'head')]), end: 'spread' });
    const c = judgeOk(b).at(l);
    expect(c.shooter).toBe(firstBreak);
    expect(c.next.player).toBe(firstBreak === 'Ann' ? 'Bob' : 'Ann');
  });

  it('N1 breaks "winner": the breaker who wins breaks the next game', () => {
    const b = new LogBuilder({ game: '9ball', breaks: 'winner', raceTo: 5 });
    const g1 = nineOnTheBreak(b);
    const g2 = nineDryBreak(b);
    const calls = judgeOk(b);
    expectGameOver(calls.at(g1), 'Ann', ['N2.2', 'N3.2']);
    expect(calls.at(g1).next.player).toBe('Ann');
    expect(calls.at(g2).shooter).toBe('Ann');
    expect(calls.at(g2).game).toBe(calls.at(g1).game + 1);
  });

  it('N1 breaks "winner": when the incoming player wins, he breaks the next game', () => {
    const b = nineBobAfterBreak({ breaks: 'winner' });
    const w = nineCombo(b); // Bob
    const g2 = nineDryBreak(b);
    const calls = judgeOk(b);
    expectGameOver(calls.at(w), 'Bob', ['N3.2']);
    expect(calls.at(w).next.player).toBe('Bob');
    expect(calls.at(g2).shooter).toBe('Bob');
  });

  it('E1 breaks "alternate" (9-ball): the break alternates whoever wins', () => {
    const b = new LogBuilder({ game: '9ball', breaks: 'alternate', raceTo: 5 });
    const g1 = nineOnTheBreak(b); // Ann breaks and wins
    const g2 = nineOnTheBreak(b); // Bob breaks and wins
    const g3 = nineDryBreak(b); // Ann breaks
    const calls = judgeOk(b);
    expect(calls.at(g1).next.player).toBe('Bob');
    expect(calls.at(g2).shooter).toBe('Bob');
    expectGameOver(calls.at(g2), 'Bob', ['N2.2', 'N3.2']);
    expect(calls.at(g2).next.player).toBe('Ann');
    expect(calls.at(g3).shooter).toBe('Ann');
    expect(calls.at(g3).score).toEqual({ Ann: 1, Bob: 1 });
  });

  it.each([
    { breaks: 'winner', next: 'Ann' },
    { breaks: 'alternate', next: 'Bob' },
  ] as const)('E1 / E3.3b 8-ball, breaks "$breaks": Ann breaks, Bob pockets the 8 early and loses — $next breaks game 2', ({ breaks, next }) => {
    const b = eightBobOpenTable({ breaks });
    const l = b.shot({ call: [3, 'foot-left'], events: [hit(3), hit(3, 8), pot(8, 'side-left')] });
    b.rack8();
    const g2 = b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10]), end: 'spread' });
    const calls = judgeOk(b);
    expectGameOver(calls.at(l), 'Ann', ['E3.5', 'E3.5a']);
    expect(calls.at(l).next.player).toBe(next);
    expect(calls.at(g2).shooter).toBe(next);
  });

  it('E1 / E3.3g alternate breaks with a stalemate: the drawn game is re-racked with the same breaker', () => {
    const b = new LogBuilder({ game: '8ball', breaks: 'alternate', raceTo: 5 });
    b.rack8();
    b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10]), end: 'spread' }); // Ann breaks game 1, Bob to shoot
    const w = b.shot({ call: [3, 'foot-left'], events: [hit(3), hit(3, 8), pot(8, 'side-left')] }); // Bob loses: Ann 1-0
    b.rack8();
    b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10]), end: 'spread' }); // Bob breaks game 2
    const s = b.foul('E3.3g', 'Ann');
    b.rack8();
    const g3 = b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10]), end: 'spread' });
    const calls = judgeOk(b);
    expect(calls.at(w).next.player).toBe('Bob');
    expectGameOver(calls.at(s), null, ['E3.3g']);
    expect(calls.at(s).score).toEqual({ Ann: 1, Bob: 0 });
    expect(calls.at(s).next.player).toBe('Bob');
    expect(calls.at(g3).shooter).toBe('Bob');
  });
});

describe('score and race to N', () => {
  it('E1 / N1 the score counts games won and the race ends when a player reaches raceTo', () => {
    const b = new LogBuilder({ game: '9ball', breaks: 'winner', raceTo: 2 });
    const g1 = nineOnTheBreak(b);
    b.rack9();
    const mid = b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [3, 4, 5, 6], [[2, 'foot-left']]), end: 'spread' });
    const g2 = nineCombo(b);
    const calls = judgeOk(b);
    expect(calls.at(g1).score).toEqual({ Ann: 1, Bob: 0 });
    expect(calls.at(mid).score).toEqual({ Ann: 1, Bob: 0 });
    expect(calls.at(mid).gameOver).toBeNull();
    expectGameOver(calls.at(g2), 'Ann', ['N3.2']);
    expect(calls.at(g2).score).toEqual({ Ann: 2, Bob: 0 });
  });

  it('N3.4 a game lost on three fouls scores for the opponent, who breaks next with breaks "winner"', () => {
    const b = nineBobAfterBreak({ breaks: 'winner' });
    // Bob fouls three times (warned after two); Ann answers each with a legal miss
    noContact(b); nineMiss(b); noContact(b); b.warning('Bob'); nineMiss(b);
    const l = noContact(b);
    const calls = judgeOk(b);
    expectGameOver(calls.at(l), 'Ann', ['N3.4', 'G19']);
    expect(calls.at(l).score).toEqual({ Ann: 1, Bob: 0 });
    expectNext(calls.at(l), { player: 'Ann' });
  });

  it('the game number increases by one from game to game', () => {
    const b = new LogBuilder({ game: '9ball', breaks: 'alternate', raceTo: 9 });
    const lines = [nineOnTheBreak(b), nineOnTheBreak(b), nineOnTheBreak(b)];
    const calls = judgeOk(b);
    const games = lines.map((l) => calls.at(l).game);
    expect(games[1]).toBe(games[0]! + 1);
    expect(games[2]).toBe(games[0]! + 2);
  });
});

describe('interpretation', () => {
  // The contract's example shows "game":3 without saying where counting starts; reading: the first game is 1.
  it('the first game of the match is game 1', () => {
    const b = nineBobAfterBreak();
    expect(judgeOk(b).at(2).game).toBe(1);
  });
  // G5 / E2.2 / N2.2: the cue ball on the break is anywhere behind the head string; reading: after a game ends the
  // next call reports the incoming breaker with ball in hand "kitchen".
  it('G5 after a game ends the next breaker has ball in hand behind the head string', () => {
    const b = new LogBuilder({ game: '9ball' });
    const g1 = nineOnTheBreak(b);
    expectNext(judgeOk(b).at(g1), { player: 'Ann', ballInHand: 'kitchen' });
  });
});
