// True tracks from the physics simulator: a shot sampled at a frame rate, with Gaussian noise,
// for testing event inference without the renderer and vision in the loop.
import type { BallId, TableSize } from '../../services/contract/ids.ts';
import type { TrackFrame } from '../../services/contract/tracks.ts';
import { mulberry32, simulateShot, type BallInput, type CueStrike, type ShotSimulation } from '../../services/sim/physics/index.ts';

export interface TrackShotOptions {
  table?: TableSize;
  balls: readonly BallInput[];
  strike: CueStrike;
  fps?: number;
  /** Standard deviation of the position noise (m). */
  noise?: number;
  seed?: number;
  /** Seconds of rest before the strike and after the last ball stops. */
  before?: number;
  after?: number;
  /** Start time of the strike (s). */
  strikeTime?: number;
}

function gaussian(r: () => number): number {
  const u = Math.max(1e-12, r());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

export function trackShot(o: TrackShotOptions): { frames: TrackFrame[]; sim: ShotSimulation } {
  const fps = o.fps ?? 60;
  const t0 = o.strikeTime ?? 1;
  const sim = simulateShot({ table: o.table ?? '9ft', balls: o.balls, strike: o.strike, startTime: t0, rng: mulberry32(o.seed ?? 1) });
  const noise = mulberry32((o.seed ?? 1) * 7919 + 1);
  const frames: TrackFrame[] = [];
  const from = t0 - (o.before ?? 1);
  const to = sim.restTime + (o.after ?? 1);
  const gone = new Map<BallId, number>();
  for (const p of sim.pocketed) gone.set(p.ball, p.t);
  for (const p of sim.offTable) gone.set(p.ball, p.t);
  // Frame times on a fixed grid so that the strike falls anywhere between two frames.
  const phase = (((o.seed ?? 1) * 0.618) % 1) / fps;
  for (let k = 0, t = from + phase; t <= to; k++, t = from + phase + k / fps) {
    const balls = o.balls.filter((b) => !(gone.has(b.id) && gone.get(b.id)! <= t)).map((b) => {
      // Before the strike a ball given a velocity was rolling in (straight, at that speed).
      const p = t < t0 ? { x: b.x - (b.vx ?? 0) * (t0 - t), y: b.y - (b.vy ?? 0) * (t0 - t) } : sim.trajectory.positionAt(b.id, t);
      return { id: b.id, x: p.x + (o.noise ?? 0) * gaussian(noise), y: p.y + (o.noise ?? 0) * gaussian(noise) };
    });
    frames.push({ frame: k, t, balls });
  }
  return { frames, sim };
}
