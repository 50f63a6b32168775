// Event inference from tracks, against the physics simulator's truth.
import { describe, expect, it } from 'vitest';
import type { BallId } from '../../services/contract/ids.ts';
import type { ShotEvent, ShotLine } from '../../services/contract/log.ts';
import type { TrackFrame } from '../../services/contract/tracks.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../../services/table/spec.ts';
import { nineBallRack } from '../../services/sim/physics/index.ts';
import { trackShot } from '../support/physics-tracks.ts';
import { inferEvents } from '../../services/events/infer.ts';

const shotOf = (frames: TrackFrame[]): ShotLine => {
  const s = inferEvents(frames).filter((l): l is ShotLine => l.kind === 'shot');
  expect(s).toHaveLength(1);
  return s[0]!;
};
const kinds = (ev: ShotEvent[], type: ShotEvent['type']) => ev.filter((e) => e.type === type);
const firstContact = (ev: ShotEvent[]) => ev.find((e) => e.type === 'contact' && e.a === 0);

describe('event inference on simulated tracks', () => {
  it.each([60, 30, 120])('a straight pot at %i fps: strike, first contact 0-1, the pocket', (fps) => {
    const { frames, sim } = trackShot({
      balls: [{ id: 0, x: 0, y: 0 }, { id: 1 as BallId, x: 0.6, y: 0.3 }],
      strike: { speed: 2.5, direction: Math.atan2(0.635 - 0.3, 1.27 - 0.6) }, fps, noise: 0.001,
    });
    const shot = shotOf(frames);
    expect(shot.events[0]).toMatchObject({ type: 'strike' });
    expect(Math.abs(shot.events[0]!.t - 1)).toBeLessThan(1 / fps);
    const truth = firstContact(sim.events)!;
    const got = firstContact(shot.events)!;
    expect(got).toMatchObject({ a: 0, b: 1 });
    expect(Math.abs(got.t - truth.t)).toBeLessThan(0.5 / fps);
    expect(kinds(shot.events, 'pocket')).toEqual(kinds(sim.events, 'pocket').map((e) => ({ ...e, t: expect.any(Number) })));
    expect(shot.end!.balls.map((b) => b.id)).toEqual(sim.finalBalls.map((b) => b.id));
  });

  it('a kick shot: the cushion before the contact is in order, the object ball reaches a cushion after', () => {
    const { frames, sim } = trackShot({
      balls: [{ id: 0, x: -0.6, y: -0.3 }, { id: 3 as BallId, x: 0.3, y: -0.3 }, { id: 5 as BallId, x: 0.0, y: 0.0 }],
      strike: { speed: 2.2, direction: Math.atan2(0.635 - 0.3 + 0.6 - 0.3, 0.45) }, fps: 60, noise: 0.001,
    });
    const shot = shotOf(frames);
    const truthOrder = sim.events.filter((e) => e.type === 'contact' || e.type === 'cushion').slice(0, 3).map((e) => e.type);
    const gotOrder = shot.events.filter((e) => e.type === 'contact' || e.type === 'cushion').slice(0, 3).map((e) => e.type);
    expect(gotOrder).toEqual(truthOrder);
  });

  it('a 9-ball break: first contact on the 1, the balls that reached a cushion, pockets', () => {
    const rack = nineBallRack(TABLE_SPECS['9ft']);
    const { frames, sim } = trackShot({
      balls: [{ id: 0, x: -0.8, y: 0.05 }, ...rack], strike: { speed: 9, direction: Math.atan2(-0.05, 0.635 + 0.8) }, fps: 60, noise: 0.001, seed: 3,
    });
    const shot = shotOf(frames);
    expect(firstContact(shot.events)).toMatchObject({ a: 0, b: 1 });
    const railed = (ev: ShotEvent[]) => [...new Set(ev.flatMap((e) => (e.type === 'cushion' && e.ball !== 0 ? [e.ball] : [])))].sort();
    expect(railed(shot.events)).toEqual(railed(sim.events));
    expect(kinds(shot.events, 'cross')).toHaveLength(1);
  });

  it('a ball still rolling at the strike is marked moving (G10); a ball nudged between shots is disturbed (G13)', () => {
    const a = trackShot({ balls: [{ id: 0, x: -0.5, y: 0 }, { id: 4 as BallId, x: 0.5, y: 0.4 }, { id: 6 as BallId, x: 0.2, y: -0.45, vx: 0.35, vy: 0 }], strike: { speed: 1.5, direction: Math.atan2(0.4, 1.0) }, fps: 60, noise: 0.0008 });
    const shot = shotOf(a.frames);
    expect(shot.start!.balls.find((b) => b.id === 6)).toMatchObject({ moving: true });
    expect(shot.start!.balls.find((b) => b.id === 4)?.moving).toBeUndefined();
    // Then a hand moves a resting object ball by 10 cm while nothing else moves.
    const last = a.frames[a.frames.length - 1]!;
    const extra: TrackFrame[] = [];
    const b4 = last.balls.find((b) => b.id !== 0)!;
    for (let k = 1; k <= 90; k++) {
      const f = Math.min(1, Math.max(0, (k - 30) / 20));
      extra.push({ frame: last.frame + k, t: last.t + k / 60, balls: last.balls.map((b) => (b.id === b4.id ? { ...b, x: b4.x + 0.1 * f } : b)) });
    }
    const lines = inferEvents([...a.frames, ...extra]);
    const disturbed = lines.filter((l) => l.kind === 'disturbed');
    expect(disturbed).toHaveLength(1);
    expect(disturbed[0]).toMatchObject({ balls: [{ id: b4.id }] });
    expect((disturbed[0] as { balls: { x: number }[] }).balls[0]!.x).toBeCloseTo(b4.x + 0.1, 2);
  });

  it('balls slid into a rack between shots were racked, not disturbed (G13): the next shot starts from a rack (9-ball 6483, 19.6 s)', () => {
    const rack = nineBallRack(TABLE_SPECS['9ft']);
    const a = trackShot({ balls: [{ id: 0, x: -0.5, y: 0 }, { id: 1 as BallId, x: 0.2, y: 0.3 }, { id: 2 as BallId, x: 0.3, y: -0.35 }], strike: { speed: 1, direction: Math.PI }, fps: 60, noise: 0.0008 });
    const last = a.frames[a.frames.length - 1]!;
    // A hand slides the 1 and the 2 into their places in the rack over a third of a second.
    const pause: TrackFrame[] = [];
    for (let k = 1; k <= 120; k++) {
      const f = Math.min(1, Math.max(0, (k - 30) / 20));
      pause.push({ frame: last.frame + k, t: last.t + k / 60, balls: last.balls.map((b) => {
        const to = rack.find((r) => r.id === b.id);
        return to ? { ...b, x: b.x + (to.x - b.x) * f, y: b.y + (to.y - b.y) * f } : b;
      }) });
    }
    const end = pause[pause.length - 1]!;
    const brk = trackShot({ balls: [{ id: 0, x: -0.8, y: 0.05 }, ...rack], strike: { speed: 9, direction: Math.atan2(-0.05, 0.635 + 0.8) }, fps: 60, noise: 0.0008, strikeTime: end.t + 1 + 1 / 60, seed: 3 });
    const frames = [...a.frames, ...pause, ...brk.frames.map((f, k) => ({ ...f, frame: end.frame + 1 + k }))];
    const lines = inferEvents(frames);
    expect(lines.filter((l) => l.kind === 'shot')).toHaveLength(2);
    expect(lines.filter((l) => l.kind === 'rack')).toHaveLength(1);
    expect(lines.filter((l) => l.kind === 'disturbed')).toEqual([]);
  });

  it.each([60, 30])('a ball in the jaws that drops within a frame of the hit was hit by the cue ball, then pocketed (%i fps)', (fps) => {
    const x = 1.27 - 0.03, y = 0.635 - 0.03;
    const { frames, sim } = trackShot({ balls: [{ id: 0, x: x - 0.5, y: y - 0.25 }, { id: 3 as BallId, x, y }], strike: { speed: 2, direction: Math.atan2(0.25, 0.5) }, fps, noise: 0.001 });
    const truth = firstContact(sim.events)!;
    const drop = kinds(sim.events, 'pocket').find((e) => e.type === 'pocket' && e.ball === 3)!;
    expect(drop.t - truth.t).toBeLessThan(1 / fps);
    const shot = shotOf(frames);
    const got = firstContact(shot.events)!;
    expect(got).toMatchObject({ a: 0, b: 3 });
    expect(Math.abs(got.t - truth.t)).toBeLessThan(1 / fps);
    const pocket = kinds(shot.events, 'pocket').find((e) => e.type === 'pocket' && e.ball === 3)!;
    expect(pocket).toMatchObject({ pocket: 'foot-left' });
    expect(pocket.t).toBeGreaterThanOrEqual(got.t);
    expect(Math.abs(pocket.t - drop.t)).toBeLessThan(2 / fps);
  });

  it('a hand placing the cue ball (ball in hand: it speeds up, nothing else moves) is no strike', () => {
    const a = trackShot({ balls: [{ id: 0, x: -0.5, y: 0 }, { id: 4 as BallId, x: 0.5, y: 0.4 }], strike: { speed: 1.5, direction: Math.atan2(0.4, 1.0) }, fps: 60, noise: 0.001 });
    const last = a.frames[a.frames.length - 1]!;
    const cue = last.balls.find((b) => b.id === 0)!;
    const noise = (k: number) => 0.001 * Math.sin(k * 12.9898);
    const extra: TrackFrame[] = [];
    for (let k = 1; k <= 120; k++) {
      const u = Math.min(1, Math.max(0, (k - 30) / 36));
      const f = u * u * (3 - 2 * u); // eased in and out over 0.6 s: 0.4 m, 1 m/s at most
      extra.push({ frame: last.frame + k, t: last.t + k / 60, balls: last.balls.map((b) => (b.id === 0 ? { ...b, x: cue.x + 0.4 * f + noise(k), y: cue.y + noise(k + 99) } : b)) });
    }
    expect(inferEvents([...a.frames, ...extra]).filter((l) => l.kind === 'shot')).toHaveLength(1);
  });

  it('frozen cue ball and object ball: the object ball counts as hit at the strike', () => {
    const { frames } = trackShot({
      balls: [{ id: 0, x: 0, y: 0 }, { id: 2 as BallId, x: 2 * BALL_RADIUS + 0.0001, y: 0 }],
      strike: { speed: 1.2, direction: 0.2 }, fps: 60, noise: 0.0008,
    });
    expect(firstContact(shotOf(frames).events)).toMatchObject({ a: 0, b: 2 });
  });
});
