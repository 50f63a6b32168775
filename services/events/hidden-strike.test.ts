import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import type { ShotLine } from '../contract/log.ts';
import type { TrackBall, TrackFrame } from '../contract/tracks.ts';
import { inferEvents } from './infer.ts';

// 9-ball 6307, 50–54 s, as the vision saw it: the cue ball creeps into the foot-right pocket's
// jaws and is lost from sight there (the detector does not see a ball in the jaws); 3 s later the
// player strikes it from there and it shows up moving, 14 cm from where it was last seen, on its
// way to the 6.
const FPS = 60;
const SIX = { x: 1.145, y: -0.436 };

function frames(): TrackFrame[] {
  const out: TrackFrame[] = [];
  for (let k = 0; k < 7 * FPS; k++) {
    const t = k / FPS;
    const balls: TrackBall[] = [{ id: 9 as BallId, x: -0.6, y: 0.3 }];
    // The previous shot: the cue ball rolls to the jaws until 1.3 s, slowing, and is not seen after 1.3 s.
    if (t <= 1.3) {
      const s = Math.min(t, 1.3);
      const d = 0.35 * s - 0.1 * s * s;
      balls.push({ id: 0 as BallId, x: 1.0 + d * 0.55, y: -0.2 - d * 0.83 });
    }
    // The stroke at 4.43 s; seen from 4.5 s on, at 0.9 m/s toward the 6, which it meets at 4.58 s.
    if (t >= 4.5 && t < 4.58) balls.push({ id: 0 as BallId, x: 1.185 - (t - 4.5) * 0.6, y: -0.568 + (t - 4.5) * 0.93 });
    if (t >= 4.58) balls.push({ id: 0 as BallId, x: 1.137 - (Math.min(t, 5.5) - 4.58) * 0.3, y: -0.494 + (Math.min(t, 5.5) - 4.58) * 0.1 });
    const six = t < 4.6 ? SIX : { x: SIX.x, y: SIX.y + Math.min(0.45, (Math.min(t, 6) - 4.6) * 0.5) };
    balls.push({ id: 6 as BallId, ...six });
    out.push({ frame: k, t, balls });
  }
  return out;
}

describe('a cue ball struck where the vision did not see it rest (shots.ts)', () => {
  it('finds the stroke just before the cue ball shows up moving, with no ball moving at the strike (no G10)', () => {
    const shots = inferEvents(frames(), { table: '9ft', useOccluded: false }).filter((l): l is ShotLine => l.kind === 'shot');
    const stroke = shots.find((s) => (s.t ?? 0) > 3);
    expect(stroke).toBeDefined();
    expect(stroke?.t ?? 0).toBeGreaterThan(4.4);
    expect(stroke?.t ?? 0).toBeLessThan(4.5);
    expect(stroke?.start?.balls.some((b) => b.moving) ?? true).toBe(false);
    expect(stroke!.events.find((e) => e.type === 'contact')).toMatchObject({ a: 0, b: 6 });
  });
});

// 8-ball 6463, 34.3 s, as the vision saw it: a stroke at 4.5 m/s, too fast for the detector to
// read the cue ball on its way; it met two balls 0.1 s after the stroke and was next seen 0.15 s
// later, 0.67 m from its rest, slowed by them (then rolling on with its follow).
function fastStroke(hiddenFor: number, to: { x: number; y: number }, objectBallsLeave: boolean): TrackFrame[] {
  const out: TrackFrame[] = [];
  const stroke = 1.0;
  for (let k = 0; k < 4 * FPS; k++) {
    const t = k / FPS;
    const balls: TrackBall[] = [{ id: 9 as BallId, x: 0.9, y: -0.4 }];
    if (t <= stroke) balls.push({ id: 0 as BallId, x: -0.8, y: 0 });
    else if (t >= stroke + hiddenFor) {
      const s = Math.min(t, 2.5) - (stroke + hiddenFor);
      balls.push({ id: 0 as BallId, x: to.x + 0.05 * s + 0.2 * s * s, y: to.y });
    }
    // The 2, hit at 1.1 s, off at 3.5 m/s into the foot-left pocket (1.27, 0.635), last seen 5 cm from it; the 13 off more slowly.
    const hit = objectBallsLeave && t >= stroke + 0.1;
    if (!hit) balls.push({ id: 2 as BallId, x: -0.1, y: 0.03 }, { id: 13 as BallId, x: -0.12, y: -0.05 });
    else {
      const s = t - (stroke + 0.1);
      if (s < 0.41) balls.push({ id: 2 as BallId, x: -0.1 + 3.5 * 0.915 * s, y: 0.03 + 3.5 * 0.404 * s });
      const u = Math.min(s, 1.2);
      balls.push({ id: 13 as BallId, x: -0.12 + 0.8 * u - 0.3 * u * u, y: -0.05 - 0.9 * u + 0.35 * u * u });
    }
    out.push({ frame: k, t, balls });
  }
  return out;
}

describe('a stroke too fast to read the cue ball on its way (shots.ts flewUnseen)', () => {
  const shots = (f: TrackFrame[]): ShotLine[] => inferEvents(f, { table: '9ft', useOccluded: false }).filter((l): l is ShotLine => l.kind === 'shot');

  it('finds the stroke when the cue ball shows up far from its rest after a moment unseen (before: no shot)', () => {
    const found = shots(fastStroke(0.15, { x: -0.15, y: 0 }, true));
    expect(found).toHaveLength(1);
    expect(found[0]!.t).toBeGreaterThanOrEqual(0.99);
    expect(found[0]!.t).toBeLessThan(1.15);
    expect(found[0]!.events.some((e) => e.type === 'pocket' && e.ball === 2)).toBe(true);
  });

  it('takes no stroke from a hand-slow move, nor from a jump no ball could fly', () => {
    // 0.2 m in 0.25 s unseen (a hand placing the ball), no ball hit: no shot.
    expect(shots(fastStroke(0.25, { x: -0.6, y: 0 }, false))).toHaveLength(0);
    // 3 m in 0.15 s (20 m/s): a reading of some other ball, not a flight.
    expect(shots(fastStroke(0.15, { x: 1.2, y: 0.5 }, false))).toHaveLength(0);
  });
});
