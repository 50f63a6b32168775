// 14.1 continuous (S with the G exceptions).
import { describe, expect, it } from 'vitest';
import type { BallPosition } from '../contract/log.ts';
import { BALL_DIAMETER } from '../table/spec.ts';
import { balls, contact, cross, cushion, fifteenBallRack, judge, match, pocket, rules, shot } from '../../test/support/log.ts';
import { trianglePositions } from './respot.ts';
import { TABLE_SPECS } from '../table/spec.ts';

const spread = balls(
  [0, -0.5, 0.1], [1, -0.3, 0.3], [2, 0.3, 0.4], [3, 0.5, -0.3], [4, 0.9, 0.2], [5, 1.0, -0.4], [6, -0.8, -0.4], [7, 0.1, -0.5],
  [8, 0.7, 0.1], [9, -0.2, -0.2], [10, 0.2, 0.1], [11, 1.1, 0.5], [12, -1.0, 0.5], [13, 0.4, -0.1], [14, -0.6, 0.45], [15, 0.0, 0.25],
);
const without = (ids: number[], bs: BallPosition[] = spread) => bs.filter((b) => !ids.includes(b.id));
const safeBreak = () => shot({ start: fifteenBallRack(), events: [cross(), contact(0, 1), cushion(13, 'foot'), cushion(15, 'foot'), cushion(0, 'foot')], end: spread });
const started = () => [match('14.1', { target: 50 }), safeBreak()]; // Bob to shoot

describe('S: the opening break', () => {
  it('the cue ball and two object balls to a cushion is legal', () => {
    const { last } = judge(started());
    expect(last.fouls).toEqual([]);
    expect(last.points).toBe(0);
    expect(last.next.player).toBe('Bob');
  });
  it('otherwise -2, not counted as a consecutive foul; the opponent plays or has the offender break again', () => {
    const bad = shot({ start: fifteenBallRack(), events: [cross(), contact(0, 1), cushion(13, 'foot')], end: spread });
    const { last } = judge([match('14.1', { target: 50 }), bad]);
    expect(rules(last)).toContain('S');
    expect(last.score).toEqual({ Ann: -2, Bob: 0 });
    expect(last.next.consecutiveFouls.Ann).toBe(0);
    expect(last.next.awaiting).toEqual({ by: 'Bob', choices: ['play', 'rebreak-opponent'] });
    const again = judge([match('14.1', { target: 50 }), bad, { kind: 'decision', by: 'Bob', choice: 'rebreak-opponent' }]).last;
    expect(again.next).toMatchObject({ player: 'Ann', ballInHand: 'kitchen' });
    expect(again.breakNext).toBe(true);
  });
  it('a called ball pocketed on the break scores and continues', () => {
    const brk = shot({ start: fifteenBallRack(), declared: { call: { ball: 15, pocket: 'foot-right' } }, events: [cross(), contact(0, 1), pocket(15, 'foot-right')], end: without([15]) });
    const { last } = judge([match('14.1', { target: 50 }), brk]);
    expect(last.score).toEqual({ Ann: 1, Bob: 0 });
    expect(last.next.player).toBe('Ann');
  });
});

describe('S: scoring', () => {
  it('a called ball in the called pocket is a point, with every other ball made on the stroke', () => {
    const { last } = judge([...started(), shot({ start: spread, declared: { call: { ball: 3, pocket: 'side-right' } }, events: [contact(0, 3), pocket(3, 'side-right'), pocket(7, 'side-right')] })]);
    expect(last.score).toEqual({ Ann: 0, Bob: 2 });
    expect(last.next.player).toBe('Bob');
  });
  it('a miss scores nothing, the balls that fell are spotted, the turn ends', () => {
    const { last } = judge([...started(), shot({ start: spread, declared: { call: { ball: 3, pocket: 'side-right' } }, events: [contact(0, 3), contact(3, 7), pocket(7, 'side-right'), cushion(3, 'right-foot')] })]);
    expect(last.score).toEqual({ Ann: 0, Bob: 0 });
    expect(last.respot).toMatchObject([{ id: 7 }]);
    expect(last.next.player).toBe('Ann');
  });
  it('G22: a ball pocketed on a declared safety is respotted (only in 14.1)', () => {
    const { last } = judge([...started(), shot({ start: spread, declared: { safety: true }, events: [contact(0, 3), pocket(3, 'side-right')] })]);
    expect(last.respot).toMatchObject([{ id: 3 }]);
    expect(last.score.Bob).toBe(0);
  });
  it('G18e / G17: an object ball off the table is no foul in 14.1 but is spotted', () => {
    const { last } = judge([...started(), shot({ start: spread, declared: { call: { ball: 3, pocket: 'side-right' } }, events: [contact(0, 3), pocket(3, 'side-right'), { type: 'off-table', ball: 10 }] })]);
    expect(last.fouls).toEqual([]);
    expect(last.respot).toMatchObject([{ id: 10, rule: 'G17' }]);
    expect(last.score.Bob).toBe(1);
  });
  it('G21: a foul is -1, balls made on it are spotted; a scratch gives ball in hand in the kitchen', () => {
    const { last } = judge([...started(), shot({ start: spread, declared: { call: { ball: 3, pocket: 'side-right' } }, events: [contact(0, 3), pocket(3, 'side-right'), pocket(0, 'side-left')] })]);
    expect(last.score.Bob).toBe(-1);
    expect(last.respot).toMatchObject([{ id: 3 }]);
    expect(last.next).toMatchObject({ player: 'Ann', ballInHand: 'kitchen' });
    const noRail = judge([...started(), shot({ start: spread, events: [contact(0, 3)] })]).last;
    expect(noRail.next.ballInHand).toBe('anywhere');
  });
  it('G19: the third consecutive foul is one event of -18, with the re-rack option', () => {
    const foul = () => shot({ start: spread, events: [cushion(0, 'head')] });
    const { calls, last } = judge([...started(), foul(), foul(), foul(), foul(), { kind: 'warning', to: 'Bob' }, foul()]);
    expect(calls.filter((c) => c.input === 'shot').map((c) => c.score.Bob)).toEqual([0, -1, -1, -2, -2, -20]);
    expect(rules(last)).toContain('G19');
    expect(last.points).toBe(-18);
    expect(last.next.awaiting).toEqual({ by: 'Ann', choices: ['play', 'rerack'] });
    expect(last.next.consecutiveFouls.Bob).toBe(0);
  });
  it('the target score ends the match', () => {
    const { last } = judge([match('14.1', { target: 2 }), safeBreak(), shot({ start: spread, declared: { call: { ball: 3, pocket: 'side-right' } }, events: [contact(0, 3), pocket(3, 'side-right'), pocket(7, 'side-right')] })]);
    expect(last.gameOver).toMatchObject({ winner: 'Bob', rule: 'S' });
    expect(last.matchOver).toBeTruthy();
  });
});

describe('S: re-rack of 14 when one object ball remains', () => {
  it('the 14 are racked with the apex empty and the shooter continues', () => {
    const two = balls([0, -0.5, 0.1], [3, 0.5, -0.3], [9, -0.2, -0.3]);
    const { last } = judge([...started(), shot({ start: two, declared: { call: { ball: 3, pocket: 'side-right' } }, events: [contact(0, 3), pocket(3, 'side-right')] })]);
    expect(last.next.player).toBe('Bob');
    const racked = last.respot.filter((r) => r.rule === 'S');
    expect(racked).toHaveLength(14);
    expect(racked.map((r) => r.id)).not.toContain(9);
    const slots = trianglePositions(TABLE_SPECS['9ft']).slice(1);
    for (const r of racked) expect(slots.some((p) => Math.hypot(p.x - r.x, p.y - r.y) < 1e-9)).toBe(true);
  });
});

describe('G23.1: the long string full behind the foot spot', () => {
  it('spots in front of the foot spot, towards the centre', () => {
    const onString = [2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((id, k) => [id, 0.635 + k * BALL_DIAMETER, 0] as [number, number, number]);
    const start = balls([0, -0.5, 0.2], [1, -0.3, 0.3], [3, 0.2, -0.3], [14, -0.6, 0.45], [15, 0.0, 0.25], ...(onString as [1, number, number][]));
    const { last } = judge([...started(), shot({ start, declared: { call: { ball: 3, pocket: 'side-right' } }, events: [contact(0, 3), pocket(3, 'side-right'), pocket(0, 'side-left')] })]);
    expect(last.respot).toHaveLength(1);
    expect(last.respot[0]!.x).toBeCloseTo(0.635 - BALL_DIAMETER, 9);
    expect(last.respot[0]!.y).toBe(0);
  });
});
