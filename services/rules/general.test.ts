// General rules (G*), pinned table-driven on 9-ball and 8-ball positions.
import { describe, expect, it } from 'vitest';
import type { BallPosition } from '../contract/log.ts';
import { BALL_RADIUS } from '../table/spec.ts';
import {
  balls, contact, cross, cushion, judge, match, nineBallRack, offTable, pocket, rules, shot, type EventSpec,
} from '../../test/support/log.ts';

const R = BALL_RADIUS;
/** A 9-ball break by Ann: 1 first, four balls to a cushion, the 2 pocketed: Ann continues. */
const legalBreak = shot({
  start: nineBallRack(),
  events: [cross(), contact(0, 1), cushion(4, 'left-foot'), cushion(5, 'right-foot'), cushion(6, 'foot'), cushion(8, 'foot'), pocket(2, 'foot-left')],
  end: balls([0, 0.3, 0.05], [1, -0.4, -0.3], [3, 0.2, -0.2], [4, 1.0, 0.4], [5, 0.9, -0.5], [6, 0.6, 0.3], [7, 0.1, 0.3], [8, 1.1, -0.05], [9, 0.8, 0.1]),
});
const layout = (over: BallPosition[] = []): BallPosition[] => {
  const base = balls([0, 0.3, 0.05], [1, -0.4, -0.3], [3, 0.2, -0.2], [4, 1.0, 0.4], [5, 0.9, -0.5], [6, 0.6, 0.3], [7, 0.1, 0.3], [8, 1.1, -0.05], [9, 0.8, 0.1]);
  return base.map((b) => over.find((o) => o.id === b.id) ?? b);
};
/** Ann's second shot in 9-ball (lowest ball: the 1). */
const nine = (events: EventSpec[], start: BallPosition[] = layout(), extra: Record<string, unknown> = {}) =>
  judge([match('9ball'), legalBreak, { ...shot({ start, events }), ...extra }]);

describe('G12 / G18a / G18b: first contact and a rail after it', () => {
  it.each([
    ['legal: 1 first, then a cushion', [contact(0, 1), cushion(1, 'head')], [], 'Bob'],
    ['legal: 1 first, the cue ball to a cushion', [contact(0, 1), cushion(0, 'left-head')], [], 'Bob'],
    ['legal: 1 first and a ball pocketed (continues)', [contact(0, 1), pocket(1, 'head-right')], [], 'Ann'],
    ['G18a: no ball hit', [cushion(0, 'foot')], ['G18a'], 'Bob'],
    ['G18a: wrong ball first', [contact(0, 3), cushion(3, 'right-head')], ['G18a'], 'Bob'],
    ['G18b: no rail after contact', [contact(0, 1)], ['G18b'], 'Bob'],
    ['G18b: a cushion before the contact does not count', [cushion(0, 'head'), contact(0, 1)], ['G18b'], 'Bob'],
    ['G12: simultaneous hit of the 1 and the 3', [], ['G12'], 'Bob'],
  ])('%s', (_name, events, fouls, next) => {
    const evs = _name.startsWith('G12')
      ? [{ t: 0, type: 'contact', a: 0, b: 1 }, { t: 0, type: 'contact', a: 0, b: 3 }, { t: 0, type: 'cushion', ball: 1, cushion: 'head' }]
      : events;
    const start = layout();
    const line = shot({ start, events: evs as EventSpec[] });
    if (_name.startsWith('G12')) {
      const t0 = (line.t as number);
      (line.events as { t: number }[]).forEach((e, i) => { e.t = i === 0 ? t0 : t0 + (i < 3 ? 0.2 : 0.4); });
    }
    const { last } = judge([match('9ball'), legalBreak, line]);
    for (const f of fouls) expect(rules(last)).toContain(f);
    if (fouls.length === 0) expect(last.fouls).toEqual([]);
    expect(last.legal).toBe(fouls.length === 0);
    expect(last.next.player).toBe(next);
    expect(last.next.ballInHand).toBe(fouls.length ? 'anywhere' : 'none');
  });
});

describe('G18c, G18d, G18e, G17: scratch and balls off the table', () => {
  it('G18c: the cue ball pocketed is a foul, ball in hand anywhere (N3.5)', () => {
    const { last } = nine([contact(0, 1), cushion(1, 'head'), pocket(0, 'side-left')]);
    expect(rules(last)).toEqual(['G18c']);
    expect(last.pocketed).toEqual([0]);
    expect(last.next).toMatchObject({ player: 'Bob', ballInHand: 'anywhere' });
  });
  it('G18d: the cue ball off the table', () => {
    const { last } = nine([contact(0, 1), cushion(1, 'head'), offTable(0)]);
    expect(rules(last)).toEqual(['G18d']);
  });
  it('G18e / G17: an object ball off the table is a foul; in 9-ball only the 9 is spotted', () => {
    const a = nine([contact(0, 1), cushion(1, 'head'), offTable(3)]).last;
    expect(rules(a)).toEqual(['G18e']);
    expect(a.respot).toEqual([]);
    const b = nine([contact(0, 1), contact(1, 9), offTable(9)]).last;
    expect(rules(b)).toContain('G18e');
    expect(b.respot).toEqual([{ id: 9, x: 0.635, y: 0, rule: 'G17' }]);
  });
});

describe('G10 / G18i: striking while a ball moves', () => {
  it('a ball marked moving at the strike is a foul', () => {
    const start = layout(balls([7, 0.1, 0.3, { moving: true }]));
    const { last } = nine([contact(0, 1), cushion(1, 'head')], start);
    expect(rules(last)).toEqual(['G10', 'G18i']);
    expect(last.next.player).toBe('Bob');
  });
});

describe('G18g / G18j: a ball frozen to a cushion', () => {
  const frozen1 = layout(balls([1, -0.4, -0.635 + R]));
  it('the frozen ball leaving its own cushion is no rail: foul', () => {
    const { last } = nine([contact(0, 1), cushion(1, 'right-head')], frozen1);
    expect(rules(last)).toEqual(['G18j', 'G18g']);
  });
  it.each([
    ['the cue ball to a cushion', [contact(0, 1), cushion(1, 'right-head'), cushion(0, 'head')]],
    ['the frozen ball to another cushion', [contact(0, 1), cushion(1, 'right-head'), cushion(1, 'head')]],
    ['another ball to a cushion', [contact(0, 1), cushion(1, 'right-head'), contact(1, 3), cushion(3, 'foot')]],
    ['a ball pocketed', [contact(0, 1), pocket(1, 'head-right')]],
  ])('legal when %s', (_n, events) => {
    const { last } = nine(events as EventSpec[], frozen1);
    expect(last.fouls).toEqual([]);
  });
  it('within the 3 mm tolerance counts as frozen, 6 mm off does not', () => {
    const near = nine([contact(0, 1), cushion(1, 'right-head')], layout(balls([1, -0.4, -0.635 + R + 0.0025]))).last;
    expect(rules(near)).toContain('G18j');
    const apart = nine([contact(0, 1), cushion(1, 'right-head')], layout(balls([1, -0.4, -0.635 + R + 0.006]))).last;
    expect(apart.fouls).toEqual([]);
  });
});

describe('G18l / G18a: the cue ball frozen to an object ball', () => {
  const touching = layout(balls([0, -0.4 + 2 * R, -0.3]));
  it('the frozen ball moving counts as hit even with no contact event', () => {
    const { last } = nine([cushion(1, 'head')], touching);
    expect(last.fouls).toEqual([]);
    expect(last.firstContact).toEqual([1]);
  });
  it('shooting away from the frozen ball does not count as touching it', () => {
    const start = touching;
    const end = start.map((b) => (b.id === 0 ? { id: b.id, x: 0.5, y: 0.2 } : b));
    const { last } = judge([match('9ball'), legalBreak, shot({ start, events: [contact(0, 3), cushion(3, 'foot')], end })]);
    expect(rules(last)).toContain('G18a');
  });
});

describe('G5 / G6 / G18n: the kitchen (8-ball, ball in hand behind the head string)', () => {
  it('G5: a break from in front of the head string is a foul', () => {
    const start = nineBallRack([-0.5, 0.1]);
    const { last } = judge([match('9ball'), shot({ start, events: [contact(0, 1), cushion(4, 'foot'), cushion(5, 'foot'), cushion(6, 'foot'), cushion(8, 'foot')] })]);
    expect(rules(last)).toContain('G5');
  });
  it('G6: a ball behind the string hit before the cue ball crosses it', () => {
    const { last } = judge([match('9ball'), shot({
      start: nineBallRack(), events: [contact(0, 1), cushion(4, 'foot'), cushion(5, 'foot'), cushion(6, 'foot'), cushion(8, 'foot'), cross()],
    })]);
    expect(rules(last)).toContain('G5');
  });
  it('no cross event and a first hit far beyond the string: the cue ball must have crossed', () => {
    const { last } = judge([match('9ball'), shot({
      start: nineBallRack(), events: [contact(0, 1), cushion(4, 'foot'), cushion(5, 'foot'), cushion(6, 'foot'), cushion(8, 'foot')],
    })]);
    expect(last.fouls).toEqual([]);
  });
});

describe('G19: three consecutive fouls (9-ball loses, N3.4), with the two-foul warning', () => {
  const miss = (id: number) => ({ start: layout(), events: [contact(0, id as 3)] });
  // Ann fouls, Bob fouls back (after Ann's foul Bob shoots): each round is one foul each.
  const foulRound = () => [shot(miss(3)), shot(miss(3))];
  it('the third foul after the warning loses the game', () => {
    const { calls } = judge([match('9ball'), legalBreak, ...foulRound(), ...foulRound(), { kind: 'warning', to: 'Ann' }, shot(miss(3))]);
    const third = calls[calls.length - 1]!;
    expect(third.shooter).toBe('Ann');
    expect(rules(third)).toContain('G19');
    expect(third.gameOver).toMatchObject({ winner: 'Bob', rule: 'N3.4' });
    expect(third.score).toEqual({ Ann: 0, Bob: 1 });
  });
  it('without the warning the third foul is not penalised and the count stays at two', () => {
    const { last } = judge([match('9ball'), legalBreak, ...foulRound(), ...foulRound(), shot(miss(3))]);
    expect(last.gameOver).toBeNull();
    expect(last.next.consecutiveFouls.Ann).toBe(2);
    expect(last.warningDue).toBe('Ann');
  });
  it('a legal shot cancels the count', () => {
    const { last } = judge([match('9ball'), legalBreak, ...foulRound(), shot({ start: layout(), events: [contact(0, 1), cushion(1, 'head')] })]);
    expect(last.shooter).toBe('Ann');
    expect(last.next.consecutiveFouls).toEqual({ Ann: 0, Bob: 1 });
  });
  it('a warning that is not due is rejected as data', () => {
    const { last } = judge([match('9ball'), legalBreak, { kind: 'warning', to: 'Ann' }]);
    expect(last.rejected).toMatchObject({ code: 'warning/not-due' });
  });
});

describe('G23.1: respotting on the long string', () => {
  it('foot spot free: the 9 goes on the foot spot', () => {
    const { last } = nine([contact(0, 1), contact(1, 9), pocket(9, 'side-left'), pocket(0, 'foot-left')]);
    expect(last.respot).toEqual([{ id: 9, x: 0.635, y: 0, rule: 'G23.1' }]);
  });
  it('foot spot taken: behind it on the long string, touching', () => {
    const start = layout(balls([8, 0.635, 0]));
    const { last } = nine([contact(0, 1), contact(1, 9), pocket(9, 'side-left'), pocket(0, 'foot-left')], start);
    expect(last.respot[0]!.x).toBeCloseTo(0.635 + 2 * R, 9);
    expect(last.respot[0]!.y).toBe(0);
  });
});

describe('G23.2b: a ball that leaves the bed and returns by itself', () => {
  it('an off-table event for a ball resting on the bed at the end is no foul', () => {
    const start = layout();
    const { last } = judge([match('9ball'), legalBreak, shot({ start, events: [contact(0, 1), cushion(1, 'head'), offTable(6)], end: start })]);
    expect(last.fouls).toEqual([]);
  });
});
