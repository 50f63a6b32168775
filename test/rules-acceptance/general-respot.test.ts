// G23.1 respotting — where spotted balls go. The expected positions are computed from the rules text:
// "Balls to be spotted go to the foot spot; if more than one, they go on the long string behind the foot spot,
// as close to it as possible, touching each other, as close as possible to balls already there without being
// frozen to them (frozen is tolerated). If the whole long string is occupied, use its extension in front of the
// foot spot (towards the centre). Balls are spotted in numeric order, the lowest nearest the foot spot."
// Reading used throughout: each ball, lowest first, goes to the point of the long string (y = 0,
// L/4 <= x <= L/2 - R) nearest the foot spot where it overlaps no ball at rest and no ball spotted before it
// (touching allowed — that is the closest such point); if there is none, to the point of the extension
// (x < L/4) nearest the foot spot under the same condition.
import { describe, expect, it } from 'vitest';
import { D, FOOT_SPOT, FOOT_X, STRING_END_X, hit, off, pot, rail, type Balls, type Ev, type XY } from './log-builder.ts';
import { expectFoul, expectNoOverlap, expectNotRespotted, expectRespotAt, judgeOk } from './expect-calls.ts';
import { eightAnnSolids, nineAnnToShoot, straightBobAfterBreak } from './setups.ts';

const SEP = D + 1e-4; // balls laid on the string 0.1 mm apart
const onString = (ids: number[], from = FOOT_X): Balls =>
  Object.fromEntries(ids.map((id, k) => [id, [from + k * SEP, 0] as XY]));
const behind = (obstacle: XY) => obstacle[0] + Math.sqrt(D * D - obstacle[1] * obstacle[1]);

// The full-string layout really is full: 11 balls, the last at most STRING_END_X, no room for a 12th.
const FULL = [1, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13];
if (FOOT_X + 10 * SEP > STRING_END_X || FOOT_X + 10 * SEP + D <= STRING_END_X) throw new Error('bad full-string layout');

interface Case { name: string; set: Balls; events: Ev[]; want: Array<[number, XY]> }

// 14.1 (Bob at the table after the opening break): an object ball driven off the table is no foul there
// (G18e) but is spotted (G17) — the cleanest way to ask the engine where spotted balls go.
const straightCases: Case[] = [
  {
    name: 'G23.1 / G17 a single ball goes on the foot spot when it is free',
    set: {}, events: [hit(2), rail(2, 'foot'), off(2)],
    want: [[2, FOOT_SPOT]],
  },
  {
    name: 'G23.1 foot spot occupied by a ball: directly behind it on the long string, touching (frozen tolerated)',
    set: { 11: FOOT_SPOT }, events: [hit(2), rail(2, 'foot'), off(2)],
    want: [[2, [FOOT_X + D, 0]]],
  },
  {
    name: 'G23.1 a ball beside the string blocks the foot spot: the nearest free point behind it on the string',
    set: { 11: [FOOT_X + 0.025, 0.02] }, events: [hit(2), rail(2, 'foot'), off(2)],
    want: [[2, [behind([FOOT_X + 0.025, 0.02]), 0]]],
  },
  {
    name: 'G23.1 the cue ball resting near the foot spot is a ball already there: spot behind it',
    set: { 0: [FOOT_X, 0.01] }, events: [hit(2), rail(2, 'foot'), off(2)],
    want: [[2, [behind([FOOT_X, 0.01]), 0]]],
  },
  {
    name: 'G23.1 two balls: numeric order, the lowest on the foot spot, the next behind it touching',
    set: {}, events: [hit(7), hit(7, 2), rail(7, 'foot'), off(7), off(2)],
    want: [[2, FOOT_SPOT], [7, [FOOT_X + D, 0]]],
  },
  {
    name: 'G23.1 three balls in numeric order along the long string, touching',
    set: {}, events: [hit(12), hit(12, 7), hit(7, 2), rail(12, 'foot'), off(12), off(2), off(7)],
    want: [[2, FOOT_SPOT], [7, [FOOT_X + D, 0]], [12, [FOOT_X + 2 * D, 0]]],
  },
  {
    name: 'G23.1 a ball lying on the string between spots: the next ball goes past it, never overlapping',
    set: { 11: [FOOT_X + 1.5 * D, 0] }, events: [hit(7), hit(7, 2), rail(7, 'foot'), off(7), off(2)],
    want: [[2, FOOT_SPOT], [7, [FOOT_X + 2.5 * D, 0]]],
  },
  {
    name: 'G23.1 balls already on the string: spotted balls go as close as possible behind them',
    set: onString([11, 13, 14]), events: [hit(7), hit(7, 2), rail(7, 'foot'), off(7), off(2)],
    want: [[2, [FOOT_X + 2 * SEP + D, 0]], [7, [FOOT_X + 2 * SEP + 2 * D, 0]]],
  },
  {
    name: 'G23.1 the whole long string occupied: the extension in front of the foot spot, towards the centre',
    set: onString(FULL), events: [hit(2), rail(2, 'left-head'), off(2)],
    want: [[2, [FOOT_X - D, 0]]],
  },
  {
    name: 'G23.1 whole string occupied, two balls: on the extension in numeric order, the lowest nearest the foot spot',
    set: onString(FULL), events: [hit(7), hit(7, 2), rail(7, 'left-head'), off(7), off(2)],
    want: [[2, [FOOT_X - D, 0]], [7, [FOOT_X - 2 * D, 0]]],
  },
];

describe('G23.1 respot positions (14.1, balls driven off the table)', () => {
  it.each(straightCases)('$name', ({ set, events, want }) => {
    const b = straightBobAfterBreak();
    const l = b.shot({ set, call: [want[0]![0], 'foot-left'], events });
    const resting = [...b.table];
    const c = judgeOk(b).at(l);
    for (const [id, xy] of want) expectRespotAt(c, id, xy);
    expect(c.respot.length, `respot = ${JSON.stringify(c.respot)}`).toBe(want.length);
    expectNoOverlap(c, resting);
    for (const r of c.respot) expect(Math.abs(r.y)).toBeLessThan(1e-6);
  });

  it('G23.1 / G21b 14.1 balls pocketed on a foul are spotted in numeric order (scratch pocketing the 9, 4 and 6)', () => {
    const b = straightBobAfterBreak();
    const l = b.shot({
      call: [9, 'foot-left'],
      events: [hit(9), hit(9, 4), hit(4, 6), pot(9, 'foot-left'), pot(4, 'foot-right'), pot(6, 'side-left'), pot(0, 'side-right')],
    });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18c');
    expectRespotAt(c, 4, FOOT_SPOT);
    expectRespotAt(c, 6, [FOOT_X + D, 0]);
    expectRespotAt(c, 9, [FOOT_X + 2 * D, 0]);
  });
});

describe('G23.1 / G23.2a respot in 8-ball and 9-ball', () => {
  it("G23.2a / E3.3f 8-ball: the shooter's group balls off the table are spotted in numeric order, the opponent's are not", () => {
    const b = eightAnnSolids(); // Ann solids
    const l = b.shot({ events: [hit(4), hit(4, 2), hit(2, 12), off(12), off(4), off(2)] });
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18e');
    expectRespotAt(c, 2, FOOT_SPOT);
    expectRespotAt(c, 4, [FOOT_X + D, 0]);
    expectNotRespotted(c, 12);
  });

  const nineCases: Array<{ name: string; set: Balls; want: XY }> = [
    { name: 'G23.1 9-ball: the 9 pocketed on a foul goes on the free foot spot', set: {}, want: FOOT_SPOT },
    { name: 'G23.1 9-ball: a ball resting on the foot spot — the 9 goes right behind it, touching', set: { 5: FOOT_SPOT }, want: [FOOT_X + D, 0] },
    { name: 'G23.1 9-ball: a ball beside the string blocking the foot spot — the nearest free point behind', set: { 5: [FOOT_X - 0.01, -0.03] }, want: [behind([FOOT_X - 0.01, -0.03]), 0] },
  ];
  it.each(nineCases)('$name', ({ set, want }) => {
    const b = nineAnnToShoot();
    // G18a foul: the 3 is hit before the lowest (1); the 3 sends the 9 in
    const l = b.shot({ set, events: [hit(3), hit(3, 9), pot(9, 'side-left')] });
    const resting = [...b.table];
    const c = judgeOk(b).at(l);
    expectFoul(c, 'G18a', 'N1');
    expectRespotAt(c, 9, want);
    expectNoOverlap(c, resting);
    expect(c.gameOver).toBeNull();
  });
});
