import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import type { ShotLine } from '../contract/log.ts';
import type { TrackBall, TrackFrame } from '../contract/tracks.ts';
import { inferEvents } from './infer.ts';

// A ball in hand picked up from the bed and placed elsewhere, as 14.1 6425 (22.4 s) gave it: the
// hand covers the cue ball at rest, carries it off mostly hidden (seen in a few frames, where it
// shows between the fingers), and lets go of it 70 cm away; then the player strikes it. Only the
// stroke is a shot.
const FPS = 60;

/** Where the cue ball is read at t (null: unseen). `hiddenStroke`: at the stroke the cue hides it this long. */
function cueAt(t: number, carry: boolean, hiddenStroke: number): { x: number; y: number } | null {
  if (t < 2) return { x: 0.7, y: -0.36 };
  if (carry) {
    // Hidden by the hand from 2.0 s; seen three times on the way (22.80, 22.87, 22.90 in 6425); laid down at 3.2 s.
    const seen: [number, { x: number; y: number }][] = [[2.4, { x: 0.63, y: -0.19 }], [2.45, { x: 0.65, y: -0.11 }], [2.5, { x: 0.7, y: -0.06 }]];
    const s = seen.find(([at]) => Math.abs(at - t) < 0.5 / FPS);
    if (t < 3.2) return s ? s[1] : null;
  }
  const rest = carry ? { x: 0.55, y: 0.37 } : { x: 0.7, y: -0.36 };
  const strike = 5;
  if (t < strike) return rest;
  if (t < strike + hiddenStroke) return null;
  // Struck towards the head at 1.5 m/s, slowing at 0.5 m/s², stopping 2.25 m on.
  const s = Math.min(t - strike, 3);
  return { x: rest.x - (1.5 * s - 0.25 * s * s), y: rest.y };
}

function frames(carry: boolean, hiddenStroke = 0): TrackFrame[] {
  const out: TrackFrame[] = [];
  for (let k = 0; k < 10 * FPS; k++) {
    const t = k / FPS;
    const balls: TrackBall[] = [{ id: 3 as BallId, x: 0.65, y: 0.03 }, { id: 12 as BallId, x: 0.64, y: -0.05 }];
    const cue = cueAt(t, carry, hiddenStroke);
    if (cue) balls.push({ id: 0 as BallId, ...cue });
    out.push({ frame: k, t, balls });
  }
  return out;
}

const shotTimes = (f: TrackFrame[]): number[] =>
  inferEvents(f, { table: '9ft', useOccluded: false }).filter((l): l is ShotLine => l.kind === 'shot').map((s) => Math.round((s.t ?? 0) * 10) / 10);

describe('a cue ball carried off hidden by a hand (shots.ts pickedUp)', () => {
  it('is a ball in hand placed, not a shot; the stroke after it is the one shot', () => {
    expect(shotTimes(frames(true))).toEqual([5]);
  });

  it('a struck cue ball hidden by the cue for a moment and seen along its way is still a shot', () => {
    expect(shotTimes(frames(false, 0.2))).toEqual([5]);
    expect(shotTimes(frames(true, 0.2))).toEqual([5]);
  });
});
