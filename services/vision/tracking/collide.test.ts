import { describe, expect, it } from 'vitest';
import { BALL_RADIUS } from '../../table/spec.ts';
import { stopAtRestingBall } from './collide.ts';
import type { MotionState } from './motion.ts';
import { BallTracker } from './tracker.ts';

const R = BALL_RADIUS;
const state = (x: number, y: number, vx: number, vy: number): MotionState => ({ x, y, vx, vy, cov: [1e-6, 0, 1e-4] });

describe('stopAtRestingBall: a ball cannot pass through another', () => {
  it('stops a full hit at the contact (centres two radii apart), its speed given to the ball hit', () => {
    const p = stopAtRestingBall({ x: 0.4, y: 0 }, state(0.6, 0, 12, 0), [{ x: 0.5, y: 0 }], R);
    expect(p.x).toBeCloseTo(0.5 - 2 * R, 9);
    expect(p.y).toBeCloseTo(0, 9);
    expect(Math.hypot(p.vx, p.vy)).toBeCloseTo(0, 9);
  });

  it('turns a half-ball hit 60 degrees off its line, keeping the speed across the line of centres', () => {
    // Aimed so the centres pass one radius apart: the line of centres 30 degrees off the way.
    const p = stopAtRestingBall({ x: 0.3, y: 0 }, state(0.7, 0, 12, 0), [{ x: 0.5, y: R }], R);
    expect(Math.hypot(p.vx, p.vy)).toBeCloseTo(12 * Math.sin(Math.PI / 6), 6);
    expect(Math.atan2(p.vy, p.vx)).toBeCloseTo(-Math.PI / 3, 6);
    expect(p.y).toBeLessThan(0); // went on, to the side away from the ball hit
  });

  it('leaves the prediction alone when the way passes by, ends short, moves away or starts frozen to the ball', () => {
    const free = state(0.6, 0, 12, 0);
    expect(stopAtRestingBall({ x: 0.4, y: 0 }, free, [{ x: 0.5, y: 2.1 * R }], R)).toBe(free); // passes by
    expect(stopAtRestingBall({ x: 0.4, y: 0 }, free, [{ x: 0.7, y: 0 }], R)).toBe(free); // beyond this frame
    expect(stopAtRestingBall({ x: 0.4, y: 0 }, free, [{ x: 0.3, y: 0 }], R)).toBe(free); // behind it
    expect(stopAtRestingBall({ x: 0.4, y: 0 }, free, [{ x: 0.4 + 2 * R, y: 0 }], R)).toBe(free); // frozen: a push
  });
});

describe('BallTracker with ballRadius', () => {
  // 9-ball 6316: a break's cue ball (10 m/s, 17 cm a frame at 60 fps) hits the apex ball and stops
  // at the contact. Predicted straight on, its track ran through the rack and took another ball's
  // detection; the ball it stopped beside started a new track.
  const run = (ballRadius: number | null): boolean => {
    const fps = 60;
    const tracker = new BallTracker<{ x: number; y: number; tag: string }>({ minHits: 1, ballRadius });
    const rack = [{ x: 0.636, y: 0, tag: 'one' }, { x: 0.686, y: -0.029, tag: 'two' }, { x: 0.686, y: 0.029, tag: 'three' }, { x: 0.736, y: 0, tag: 'nine' }, { x: 0.736, y: -0.058, tag: 'four' }, { x: 0.736, y: 0.058, tag: 'five' }];
    let out = tracker.update([{ x: -0.7, y: 0, tag: 'cue' }, ...rack], 0);
    for (let k = 1; k <= 6; k++) out = tracker.update([{ x: -0.7, y: 0, tag: 'cue' }, ...rack], k / fps);
    const cue = out.find((o) => o.detection?.tag === 'cue')!.trackId;
    // Rolling at 9 m/s toward the apex ball, seen every frame, last 14 cm short of it.
    let x = -0.7;
    let k = 7;
    while (x + 0.15 <= 0.5 + 1e-9) { x += 0.15; out = tracker.update([{ x, y: 0, tag: 'cue' }, ...rack], k++ / fps); }
    // The hit: the cue ball stops at the contact; the 1 moves off, pushing the 9 out of its place.
    out = tracker.update([{ x: 0.636 - 2 * R - 0.004, y: 0, tag: 'cue' }, { x: 0.655, y: 0, tag: 'one' }, { x: 0.686, y: -0.029, tag: 'two' }, { x: 0.686, y: 0.029, tag: 'three' }, { x: 0.79, y: 0, tag: 'nine' }, rack[4]!, rack[5]!], k / fps);
    return out.find((o) => o.detection?.tag === 'cue')?.trackId === cue;
  };
  it('keeps the break\'s cue ball on its track where it stopped at the apex ball', () => {
    expect(run(R)).toBe(true);
  });
  it('(without: the straight-on prediction takes another detection or loses it)', () => {
    expect(run(null)).toBe(false);
  });
});
