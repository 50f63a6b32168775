// Cutting tracks into shots: the strike (the cue ball leaves rest at speed), the end (every
// ball at rest for `restHold`), balls already moving at the strike, and what happened between
// shots (balls disturbed while no shot was in progress).
import type { BallId } from '../contract/ids.ts';
import { fitLine, type Series } from './series.ts';
import type { BallMotion, MotionRun } from './motion.ts';

export interface SegmentOptions {
  /** The cue ball must leave rest at least this fast (m/s) for a strike (a hand is slower). */
  strikeSpeed: number;
  /** All balls still this long (s) ends a shot. */
  restHold: number;
}

export const DEFAULT_SEGMENT: SegmentOptions = { strikeSpeed: 0.15, restHold: 0.4 };

export interface ShotWindow {
  /** Cue-ball motion run of the strike. */
  cueRun: MotionRun;
  /** Time of the first moving cue-ball sample (the strike is just before it). */
  firstMoving: number;
  /** Time of the last moving sample of any ball in the shot. */
  end: number;
}

const runStart = (s: Series, r: MotionRun): number => s.samples[r.first]!.t;
const runEnd = (s: Series, r: MotionRun): number => s.samples[r.last]!.t;

function leavesAtSpeed(s: Series, r: MotionRun, o: SegmentOptions): boolean {
  if (!r.restBefore) return false;
  const pts = s.samples.slice(r.first, Math.min(r.last + 1, r.first + 3));
  if (pts.length < 2) return false;
  const fit = fitLine(pts, pts[0]!.t);
  return fit !== null && Math.hypot(fit.vx, fit.vy) >= o.strikeSpeed;
}

/** A ball moving next to the cue ball when it starts: the cue ball was hit, not struck. */
function hitByBall(motions: Map<BallId, BallMotion>, at: { x: number; y: number }, t: number): boolean {
  for (const [id, m] of motions) {
    if (id === 0) continue;
    for (const r of m.runs) {
      const a = runStart(m.series, r);
      const b = runEnd(m.series, r);
      // Only a ball already moving before the cue ball started can have hit it.
      if (a > t - 0.02 || b < t - 0.05) continue;
      // A ball that rested touching the cue ball was pushed by it (a frozen-ball stroke, G18l).
      if (r.restBefore && Math.hypot(r.restBefore.x - at.x, r.restBefore.y - at.y) < 0.05715 + 0.01) continue;
      let nearest = m.series.samples[r.first]!;
      for (let k = r.first; k <= r.last; k++) {
        const p = m.series.samples[k]!;
        if (Math.abs(p.t - t) < Math.abs(nearest.t - t)) nearest = p;
      }
      if (Math.hypot(nearest.x - at.x, nearest.y - at.y) < 0.06 + 0.5 * 0.05715) return true;
    }
  }
  return false;
}

/** A ball resting against the cue ball leaves at speed as the cue ball starts: a frozen-ball stroke. */
function pushesFrozenBall(motions: Map<BallId, BallMotion>, cue: Series, run: MotionRun, o: SegmentOptions): boolean {
  const at = run.restBefore;
  if (!at) return false;
  const t = runStart(cue, run);
  for (const [id, m] of motions) {
    if (id === 0) continue;
    for (const r of m.runs) {
      if (!r.restBefore || Math.hypot(r.restBefore.x - at.x, r.restBefore.y - at.y) > 0.05715 + 0.01) continue;
      if (Math.abs(runStart(m.series, r) - t) < 0.1 && leavesAtSpeed(m.series, r, o)) return true;
    }
  }
  return false;
}

export function findShots(motions: Map<BallId, BallMotion>, o: SegmentOptions = DEFAULT_SEGMENT): ShotWindow[] {
  const cue = motions.get(0 as BallId);
  if (!cue) return [];
  const strikes = cue.runs.filter((run) => {
    if (run.vanished && run.first === run.last) return false;
    if (!leavesAtSpeed(cue.series, run, o) && !pushesFrozenBall(motions, cue.series, run, o)) return false;
    return !hitByBall(motions, run.restBefore!, runStart(cue.series, run));
  });
  return strikes.map((run, i) => {
    const start = runStart(cue.series, run);
    const next = strikes[i + 1];
    const cap = next ? runStart(cue.series, next) - 1e-6 : Infinity;
    let end = Math.min(runEnd(cue.series, run), cap);
    // Extend the end while any ball's motion that began during the shot goes on.
    for (let grew = true; grew;) {
      grew = false;
      for (const m of motions.values()) {
        for (const r of m.runs) {
          const a = runStart(m.series, r);
          const b = Math.min(runEnd(m.series, r), cap);
          if (a <= end + o.restHold && b > end && b > start) {
            end = b;
            grew = true;
          }
        }
      }
    }
    return { cueRun: run, firstMoving: start, end };
  });
}
