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

// 14.1 6545 at 1080p60 (33.85–35.2 s), ball in hand after a foul: the hand takes the cue ball (its
// reading jumps 3 cm and stands), lets go, takes it again and carries it off, seen leaving for
// three frames, unseen 0.93 s, laid down 53 cm on; the stroke comes at 5 s.
function handled(lift: 'nudge' | 'carry' | 'roll'): TrackFrame[] {
  const out: TrackFrame[] = [];
  const rest = { x: 0.846, y: -0.345 };
  const placed = { x: 1.17, y: 0.037 };
  for (let k = 0; k < 8 * FPS; k++) {
    const t = k / FPS;
    const balls: TrackBall[] = [{ id: 3 as BallId, x: 0.65, y: 0.03 }, { id: 12 as BallId, x: 0.64, y: -0.05 }];
    let cue: { x: number; y: number } | null = rest;
    // The readings 6545 gave as the hand took it, then where it stood.
    const took = [[0.833, -0.3715], [0.8329, -0.3715], [0.8369, -0.3783], [0.837, -0.3787], [0.8372, -0.3761]] as const;
    if (lift === 'nudge' && t >= 2 - 1e-9) cue = k - 2 * FPS < took.length ? { x: took[k - 2 * FPS]![0], y: took[k - 2 * FPS]![1] } : { x: 0.8375, y: -0.377 };
    if (lift !== 'nudge' && t >= 2) {
      // Leaves rest towards where it ends at 0.39 m/s, seen three frames; then unseen (carried) or seen rolling there.
      const s = Math.min(t - 2, 0.05);
      const dir = { x: (placed.x - rest.x) / 0.53, y: (placed.y - rest.y) / 0.53 };
      cue = { x: rest.x + dir.x * 0.39 * s, y: rest.y + dir.y * 0.39 * s };
      if (t > 2.05) cue = lift === 'carry' ? (t < 2.98 ? null : placed) : t < 3.4 ? { x: rest.x + dir.x * 0.39 * (t - 2), y: rest.y + dir.y * 0.39 * (t - 2) } : { x: rest.x + dir.x * 0.546, y: rest.y + dir.y * 0.546 };
    }
    const strikeFrom = lift === 'nudge' ? { x: 0.837, y: -0.377 } : lift === 'carry' ? placed : null;
    if (strikeFrom && t >= 5) cue = { x: strikeFrom.x - 1.5 * Math.min(t - 5, 1), y: strikeFrom.y };
    if (cue) balls.push({ id: 0 as BallId, ...cue });
    out.push({ frame: k, t, balls });
  }
  return out;
}

describe('a cue ball in a hand that hits nothing (shots.ts nudged, pickedUp)', () => {
  it('set down 3 cm from where it lay is a hand\'s nudge, not a shot', () => {
    expect(shotTimes(handled('nudge'))).toEqual([5]);
  });

  it('seen leaving rest, then unseen until it lies 53 cm on, was carried there', () => {
    expect(shotTimes(handled('carry'))).toEqual([5]);
  });

  it('seen rolling all the way there it was struck (a miss: hit nothing)', () => {
    expect(shotTimes(handled('roll'))).toEqual([2]);
  });
});

describe('a cue ball struck into a pocket and placed by hand later', () => {
  // 9-ball 6559 at 1080p60, 24.16 s: struck at 0.88 m/s from beside the side-left pocket into it,
  // seen five frames, gone at the mouth; slid into place by hand 2 s later 1.3 m away. A shot (a scratch).
  it('is a shot: gone at a pocket\'s mouth, it went in', () => {
    const out: TrackFrame[] = [];
    const rest = { x: -0.0812, y: 0.5618 };
    for (let k = 0; k < 8 * FPS; k++) {
      const t = k / FPS;
      const balls: TrackBall[] = [{ id: 3 as BallId, x: 0.65, y: 0.03 }, { id: 12 as BallId, x: 0.64, y: -0.05 }];
      let cue: { x: number; y: number } | null = rest;
      // The hand slides it into place (seen 0.1 s: that motion joins the stroke's run), covers it
      // 0.6 s as it lets go, and it lies there.
      if (t >= 2) cue = t <= 2.085 ? { x: rest.x + 0.7 * (t - 2), y: rest.y + 0.53 * (t - 2) } : t < 3.9 ? null : t < 4.0 ? { x: 1.175 - 0.3 * (4.0 - t), y: 0.464 } : t < 4.6 ? null : { x: 1.175, y: 0.464 };
      if (cue) balls.push({ id: 0 as BallId, ...cue });
      out.push({ frame: k, t, balls });
    }
    expect(shotTimes(out)).toEqual([2]);
  });
});

describe('a cue ball struck hard that scratches, unseen at 30 fps as it went in', () => {
  // 9-ball seed 700 of the match eval at 30 fps, 121.2 s: struck at 7.5 m/s toward the foot-right
  // pocket, seen 8 frames, last 15 cm short of its mouth; placed by hand 1.3 s later. No hand moves a ball that fast.
  it('is a shot', () => {
    const out: TrackFrame[] = [];
    const rest = { x: -0.69, y: 0.56 };
    const dir = { x: 0.86, y: -0.51 };
    for (let k = 0; k < 8 * 30; k++) {
      const t = k / 30;
      const balls: TrackBall[] = [{ id: 3 as BallId, x: 0.65, y: 0.03 }, { id: 12 as BallId, x: 0.64, y: -0.05 }];
      let cue: { x: number; y: number } | null = rest;
      if (t >= 2) cue = t <= 2.24 ? { x: rest.x + dir.x * 7.5 * (t - 2), y: rest.y + dir.y * 7.5 * (t - 2) } : t < 3.5 ? null : { x: 0.236, y: -0.306 };
      if (cue) balls.push({ id: 0 as BallId, ...cue });
      out.push({ frame: k, t, balls });
    }
    expect(shotTimes(out)).toEqual([2]);
  });
});
