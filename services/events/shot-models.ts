// The models of every ball that moved in one shot: its motion runs inside the shot window
// turned into legs and changes (model.ts), and balls that only crept (displaced at rest).
import type { BallId } from '../contract/ids.ts';
import { creepingAtStroke, type Creep } from './creep.ts';
import type { LegOptions } from './legs.ts';
import { buildModel, displacedModel, type BallModel } from './model.ts';
import { readAgain, type BallMotion } from './motion.ts';
import { indexAtOrBefore, median, type Sample, type Series } from './series.ts';
import type { ShotWindow } from './shots.ts';

/** A ball whose resting place moved at least this much (m) across a shot was hit... */
const DISPLACED = 0.001;
/** ...and at least this many standard deviations of the two resting places' difference. */
const DISPLACED_SIGMAS = 5;
/** A ball still settles this long (s) after its last sample that reads as moving. */
export const SETTLE = 0.2;

export function restNear(samples: readonly Sample[], from: number, to: number): { x: number; y: number; n: number } | null {
  const inside = samples.slice(indexAtOrBefore(samples, from - 1e-12) + 1, indexAtOrBefore(samples, to) + 1);
  if (inside.length === 0) return null;
  return { x: median(inside.map((p) => p.x)), y: median(inside.map((p) => p.y)), n: inside.length };
}

export interface ShotModels {
  models: Map<BallId, BallModel>;
  /** Balls already moving when the cue ball was struck (G10): in a motion run, or creeping (`creep.ts`). */
  movingAtStrike: Set<BallId>;
  /** Balls whose readings drift before the stroke with no motion run: moving, or too close to call. */
  creeping: Creep[];
}

export function buildShotModels(
  shot: ShotWindow, nextStart: number, motions: ReadonlyMap<BallId, BallMotion>, series: ReadonlyMap<BallId, Series>,
  frameTime: number, legs: LegOptions,
): ShotModels {
  // The strike came after the cue ball's last still sample (a frame before it moved, unless hidden).
  const still = shot.lastStill;
  const models = new Map<BallId, BallModel>();
  const movingAtStrike = new Set<BallId>();
  for (const [id, m] of motions) {
    const runs = m.runs.filter((r) => {
      const a = m.series.samples[r.first]!.t;
      const b = m.series.samples[r.last]!.t;
      // An object ball whose reading stepped from one rest to another just before the stroke did
      // not move (9-ball 6430 33.6 s: a resting 7 read 7 mm over was called moving, G10). Not
      // during the shot: balls in a cluster stop each other within a frame.
      const steppedBefore = id !== 0 && a < still - 0.5 * frameTime && readAgain(m.series.samples, r, frameTime);
      return b >= still && a <= shot.end && !steppedBefore;
    });
    if (runs.length === 0) continue;
    const firstRun = runs[0]!;
    const startedBefore = m.series.samples[firstRun.first]!.t < still - 0.5 * frameTime;
    let first = firstRun.first;
    if (startedBefore) {
      movingAtStrike.add(id);
      while (first + 1 <= firstRun.last && m.series.samples[first]!.t < still - frameTime) first++;
    }
    const lastRun = runs[runs.length - 1]!;
    const last = lastRun.last;
    const restTime = first > 0 ? m.series.samples[first - 1]!.t : null;
    const own: LegOptions = { ...legs, breakDistance: Math.max(legs.breakDistance, legs.breakSigmas * m.noise) };
    models.set(id, buildModel(id, m.series.samples, first, last, startedBefore ? null : firstRun.restBefore, restTime, own, firstRun.restAfter, lastRun.vanished ? null : lastRun.restAfter));
  }
  // Balls that crept a few millimetres (a thin, slow hit) with no motion run: displaced at rest.
  for (const [id, s] of series) {
    if (models.has(id) || id === 0) continue;
    const before = restNear(s.samples, still - 0.35, still);
    const after = restNear(s.samples, shot.end + 0.1, Math.min(shot.end + 1, nextStart));
    if (!before || !after) continue;
    // The median of n samples with noise σ per axis scatters by 1.25 σ / √n.
    const spread = 1.25 * (motions.get(id)?.noise ?? 0) * Math.sqrt(1 / before.n + 1 / after.n);
    if (Math.hypot(after.x - before.x, after.y - before.y) < Math.max(DISPLACED, DISPLACED_SIGMAS * spread)) continue;
    const from = { x: before.x, y: before.y };
    const to = { x: after.x, y: after.y };
    models.set(id, displacedModel(id, s.samples, from, to, still, Math.min(shot.end + SETTLE, nextStart)));
  }
  // A ball creeping at the stroke, too slowly for a motion run: moving when a referee would see it roll.
  const creeping = creepingAtStroke(series, still, movingAtStrike);
  for (const c of creeping) if (c.moving) movingAtStrike.add(c.ball);
  return { models, movingAtStrike, creeping };
}
