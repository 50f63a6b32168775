import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import type { ShotLine } from '../contract/log.ts';
import type { TrackBall, TrackFrame } from '../contract/tracks.ts';
import { inferEvents } from './infer.ts';

// A break's cue ball, as 9-ball 6383 (8.3 s) gave it: too fast to be seen from the stroke until it
// is past the head string, then seen back across it and into the head-right pocket; placed by
// hand beyond the head string seconds later (ball in hand). The crossing in the gap is the one
// the rules need (G5: the cue ball must cross before it hits a ball); the gap from the pocket to
// the placement is no crossing of this shot.
const FPS = 60;
const R = 0.028575;

function cueAt(t: number): { x: number; y: number } | null {
  if (t < 2) return { x: -0.75, y: 0 };
  const out = 0.705;
  if (t < 2.12) return null;
  if (t < 2 + out) {
    const s = t - 2;
    return { x: -0.75 + 3 * s - 0.25 * s * s, y: 0 };
  }
  const s = t - 2 - out;
  if (s < 1.46) {
    const d = 2.12 * s - 0.25 * s * s;
    const len = Math.hypot(1.27 - R + 1.24, 0.62);
    return { x: 1.27 - R - (d * (1.27 - R + 1.24)) / len, y: (-d * 0.62) / len };
  }
  if (t < 9) return null;
  return { x: 0.2, y: 0.2 };
}

function frames(): TrackFrame[] {
  const out: TrackFrame[] = [];
  for (let k = 0; k < 12 * FPS; k++) {
    const t = k / FPS;
    const balls: TrackBall[] = [{ id: 9 as BallId, x: 0.9, y: 0.45 }];
    const cue = cueAt(t);
    if (cue) balls.push({ id: 0 as BallId, ...cue });
    out.push({ frame: k, t, balls });
  }
  return out;
}

describe('head-string crossings (infer.ts)', () => {
  it('keeps the crossing the cue ball made unseen, and takes none from its gap between a pocket and a placement by hand', () => {
    const shots = inferEvents(frames(), { table: '9ft', useOccluded: false }).filter((l): l is ShotLine => l.kind === 'shot');
    expect(shots).toHaveLength(1);
    const crosses = shots[0]!.events.filter((e) => e.type === 'cross').map((e) => e.t);
    expect(crosses).toHaveLength(2);
    // Unseen between 2.0 and 2.12 s: the crossing lies there.
    expect(crosses[0]!).toBeGreaterThan(2);
    expect(crosses[0]!).toBeLessThan(2.12);
    expect(crosses[1]!).toBeGreaterThan(2.7);
    expect(crosses[1]!).toBeLessThan(4.2);
  });
});
