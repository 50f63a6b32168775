// Common starts of a game, written only with the rules text in mind.
import { type MatchOpts, LogBuilder, KITCHEN_CUE, breakEvents, hit, pot, rail, rails } from './log-builder.ts';

type Opts = Partial<Omit<MatchOpts, 'game'>>;

/**
 * 9-ball: Ann breaks legally (hits the 1 first, four balls to a cushion) and pockets the 2 (N2.2: she continues).
 * Ann is at the table, the 1 is the lowest ball; balls spread out.
 */
export function nineAnnToShoot(opts: Opts = {}): LogBuilder {
  const b = new LogBuilder({ game: '9ball', raceTo: 3, ...opts });
  b.rack9();
  b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [3, 4, 5, 6], [[2, 'foot-left']]), end: 'spread' });
  return b;
}

/** 9-ball: Ann breaks legally and pockets nothing: Bob comes to the table (and may push out, N2.3). */
export function nineBobAfterBreak(opts: Opts = {}): LogBuilder {
  const b = new LogBuilder({ game: '9ball', raceTo: 3, ...opts });
  b.rack9();
  b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [3, 4, 5, 6]), end: 'spread' });
  return b;
}

/** 9-ball: a legal shot that pockets nothing (the turn passes, no foul): hit the lowest ball, it touches a cushion. */
export function nineMiss(b: LogBuilder): number {
  const low = b.objectBalls()[0]!;
  return b.shot({ events: [hit(low), rail(low, 'left-head')] });
}

/** Any game: the cue ball touches nothing but a cushion — G18a. */
export function noContact(b: LogBuilder, extra: { call?: [number, 'foot-left'] } = {}): number {
  return b.shot({ ...extra, events: [rail(0, 'head'), rail(0, 'foot')] });
}

/** 8-ball: Ann breaks legally, four balls to a cushion, nothing pocketed: Bob at an open table. */
export function eightBobOpenTable(opts: Opts = {}): LogBuilder {
  const b = new LogBuilder({ game: '8ball', raceTo: 3, ...opts });
  b.rack8();
  b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 3, 9, 10]), end: 'spread' });
  return b;
}

/** 8-ball: Ann breaks and pockets the 1 (she continues, table open). */
export function eightAnnOpenTable(opts: Opts = {}): LogBuilder {
  const b = new LogBuilder({ game: '8ball', raceTo: 3, ...opts });
  b.rack8();
  b.shot({ cue: KITCHEN_CUE, events: breakEvents(1, [2, 9, 10], [[1, 'foot-right']]), end: 'spread' });
  return b;
}

/** 8-ball: as eightAnnOpenTable, then Ann calls and pockets the 3: Ann has solids (2,4,5,6,7 left), Bob stripes; Ann to shoot. */
export function eightAnnSolids(opts: Opts = {}): LogBuilder {
  const b = eightAnnOpenTable(opts);
  b.shot({ call: [3, 'foot-left'], events: [hit(3), pot(3, 'foot-left')] });
  return b;
}

/** Ann (solids) pockets her remaining solids one called shot at a time, except `keep`. Returns the last line. */
export function clearSolids(b: LogBuilder, keep: number[] = []): number {
  let line = b.lineCount;
  for (const id of [2, 4, 5, 6, 7].filter((x) => !keep.includes(x))) {
    line = b.shot({ call: [id, 'foot-left'], events: [hit(id), pot(id, 'foot-left')] });
  }
  return line;
}

/** 8-ball: a legal called shot that misses (the turn passes, no foul). */
export function eightMiss(b: LogBuilder, ball: number): number {
  return b.shot({ call: [ball, 'foot-left'], events: [hit(ball), rail(ball, 'left-head')] });
}

/**
 * 14.1: Ann's legal opening break (the cue ball and four object balls touch a cushion, nothing pocketed):
 * Bob comes to the table; balls spread out.
 */
export function straightBobAfterBreak(opts: Opts = {}): LogBuilder {
  const b = new LogBuilder({ game: '14.1', target: 100, ...opts });
  b.rack15();
  b.shot({ cue: KITCHEN_CUE, events: [hit(1), ...rails([4, 7, 11, 15]), rail(0, 'right-head')], end: 'spread' });
  return b;
}

/** 14.1: a called shot that pockets the called ball in the called pocket. */
export function straightPot(b: LogBuilder, ball: number, pocket: 'foot-left' | 'foot-right' | 'side-left' = 'foot-left'): number {
  return b.shot({ call: [ball, pocket], events: [hit(ball), pot(ball, pocket)] });
}

/** 14.1: a legal called shot that misses (ball to a cushion, nothing pocketed). */
export function straightMiss(b: LogBuilder, ball?: number): number {
  const id = ball ?? b.objectBalls()[0]!;
  return b.shot({ call: [id, 'foot-left'], events: [hit(id), rail(id, 'left-head')] });
}
