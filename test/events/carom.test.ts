// Event inference on another table and ball size (the carom table of the real-motion check):
// the geometry, ball radius included, comes in through the inference options.
import { describe, expect, it } from 'vitest';
import type { BallId } from '../../services/contract/ids.ts';
import type { ShotLine } from '../../services/contract/log.ts';
import type { TrackFrame } from '../../services/contract/tracks.ts';
import { mulberry32, simulateShot } from '../../services/sim/physics/index.ts';
import { CAROM, caromGeometry, readCarom } from '../eval/carom.ts';
import { inferEvents } from '../../services/events/infer.ts';

/** A simulated three-ball carom shot sampled at 50 fps with 1 mm of noise. */
function caromShot(): { frames: TrackFrame[]; truth: ReturnType<typeof simulateShot> } {
  const table = caromGeometry();
  const balls = [{ id: 0 as BallId, x: -0.9, y: -0.2 }, { id: 1 as BallId, x: 0.2, y: 0.1 }, { id: 2 as BallId, x: 1.0, y: -0.45 }];
  const truth = simulateShot({ table, balls, strike: { speed: 3, direction: Math.atan2(0.3 - 0.02, 1.1), height: 0.2 }, params: { ballRadius: CAROM.ballRadius }, startTime: 1, rng: mulberry32(5) });
  const noise = mulberry32(9);
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(1e-12, noise()))) * Math.cos(2 * Math.PI * noise());
  const frames: TrackFrame[] = [];
  for (let k = 0; k * 0.02 < truth.restTime + 1; k++) {
    const t = k * 0.02;
    frames.push({ frame: k, t, balls: balls.map((b) => { const p = t < 1 ? b : truth.trajectory.positionAt(b.id, t); return { id: b.id, x: p.x + 0.001 * gauss(), y: p.y + 0.001 * gauss() }; }) });
  }
  return { frames, truth };
}

describe('event inference on a carom table', () => {
  it('finds the first kiss and the cue ball’s cushions with the carom geometry', () => {
    const { frames, truth } = caromShot();
    const shot = inferEvents(frames, { geometry: caromGeometry() }).find((l): l is ShotLine => l.kind === 'shot')!;
    const kisses = (ev: ShotLine['events']) => ev.flatMap((e) => (e.type === 'contact' ? [`${e.a}-${e.b}`] : []));
    expect(kisses(shot.events)).toEqual(kisses(truth.events));
    const cushions = (ev: ShotLine['events']) => ev.filter((e) => e.type === 'cushion' && e.ball === 0).map((e) => (e.type === 'cushion' ? e.cushion : ''));
    expect(cushions(shot.events)).toEqual(cushions(truth.events));
    expect(shot.events.some((e) => e.type === 'pocket' || e.type === 'off-table')).toBe(false);
  });

  it('counts the cue ball’s cushions before the second object ball (none here: it never gets there)', () => {
    const { frames, truth } = caromShot();
    const reading = readCarom(frames);
    const second = Math.max(...[1, 2].map((b) => truth.events.find((e) => e.type === 'contact' && e.a === 0 && e.b === b)?.t ?? Infinity));
    const truthCushions = truth.events.filter((e) => e.type === 'cushion' && e.ball === 0 && e.t < second).length;
    expect(reading.cushionsBeforeSecond).toBe(Number.isFinite(second) ? truthCushions : null);
  });
});
