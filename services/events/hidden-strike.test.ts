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
