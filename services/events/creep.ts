// A ball creeping at the stroke (G10): the last centimetres of a slow roll, each frame's step
// under the readings' noise, so that no motion run shows it (motion.ts); yet over the moments
// before the stroke its readings drift along a line far beyond what their scatter allows.
// Guided by 8-ball 6584 15.13 s: the 4 rolling its last centimetres by the foot cushion at
// about 2 cm/s, 6 mm in the 0.27 s before the stroke, read as at rest (G10 missed).
import type { BallId } from '../contract/ids.ts';
import { fitLine, indexAtOrBefore, median, speedOf, type Sample } from './series.ts';

/** How long before the stroke (s) the readings are fitted. */
const WINDOW = 0.3;
/** Fewest readings in the window, and least time they span (s). */
const MIN_READINGS = 6;
const MIN_SPAN = 0.2;
/** A drift goes on steadily: each third of the window's readings is on from the one before by at least this share of the larger step. */
const STEADY = 0.3;
/** A drift this fast (m/s) and this many standard errors of its fit is worth a look: marked. */
const MARK = { speed: 0.01, sigmas: 6 };
/** A drift this fast, this sure and this long (m) over the window is a ball a referee sees rolling: moving. */
const CALL = { speed: 0.02, sigmas: 8, moved: 0.005 };

export interface Creep {
  ball: BallId;
  /** Speed (m/s) of the drift, and how far (m) it went over the readings' span. */
  speed: number;
  moved: number;
  /** Beyond CALL: the ball was moving at the stroke. Otherwise only too close to call. */
  moving: boolean;
}

/**
 * Object balls (not in `skip`: those a motion run already shows moving) whose readings in the
 * WINDOW before `still` (the cue ball's last still reading) drift along a straight line.
 */
export function creepingAtStroke(readings: ReadonlyMap<BallId, { samples: readonly Sample[] }>, still: number, skip: ReadonlySet<BallId>): Creep[] {
  const out: Creep[] = [];
  for (const [ball, { samples }] of readings) {
    if (ball === 0 || skip.has(ball)) continue;
    const inside = samples.slice(indexAtOrBefore(samples, still - WINDOW - 1e-9) + 1, indexAtOrBefore(samples, still + 1e-9) + 1);
    if (inside.length < MIN_READINGS) continue;
    const span = inside[inside.length - 1]!.t - inside[0]!.t;
    if (span < MIN_SPAN) continue;
    const fit = fitLine(inside, still);
    if (!fit) continue;
    // Each axis's scatter about the line (two fitted numbers per axis), and the slope's standard error.
    const sigma = fit.rms * Math.sqrt(inside.length / (2 * (inside.length - 2)));
    const mean = inside.reduce((s, p) => s + p.t, 0) / inside.length;
    const spread = Math.sqrt(inside.reduce((s, p) => s + (p.t - mean) ** 2, 0));
    const speed = speedOf(fit);
    const sigmas = speed / (Math.max(sigma, 1e-5) / spread);
    if (speed < MARK.speed || sigmas < MARK.sigmas || !steady(inside, { x: fit.vx / speed, y: fit.vy / speed })) continue;
    const moved = speed * span;
    out.push({ ball, speed, moved, moving: speed >= CALL.speed && sigmas >= CALL.sigmas && moved >= CALL.moved });
  }
  return out;
}

/**
 * The readings go on along `dir` third by third (the medians of each third of them), neither
 * step much larger than the other: a slowing roll, not a resting ball read anew a few
 * millimetres over (one step, 9-ball 6430 33.6 s).
 */
function steady(inside: readonly Sample[], dir: { x: number; y: number }): boolean {
  const n = inside.length;
  const along = inside.map((p) => p.x * dir.x + p.y * dir.y);
  const thirds = [0, 1, 2].map((k) => median(along.slice(Math.round((k * n) / 3), Math.round(((k + 1) * n) / 3))));
  const a = thirds[1]! - thirds[0]!;
  const b = thirds[2]! - thirds[1]!;
  return a > 0 && b > 0 && Math.min(a, b) >= STEADY * Math.max(a, b);
}
