// Which balls move when: each ball's samples split into rest runs and motion runs. A sample
// is "still" when every sample within ±window of it lies within `stillRadius` of it.
import type { Sample, Series } from './series.ts';
import { fitLine, median } from './series.ts';

export interface MotionOptions {
  /** Half-width of the stillness window (s). */
  window: number;
  /** A sample is still when a line fitted over its window moves slower than this (m/s). */
  stillSpeed: number;
  /** Moving samples within this distance (m) of the resting place are trimmed off a run. */
  stillRadius: number;
  /** Motion runs separated by less than this (s) of stillness are one run. */
  mergeGap: number;
  /** A ball unseen this long (s) ends its motion run there (it left the bed, or was lost): a run never spans its absence. */
  maxGap: number;
}

export const DEFAULT_MOTION: MotionOptions = { window: 0.1, stillSpeed: 0.03, stillRadius: 0.003, mergeGap: 0.06, maxGap: 2 };

export interface MotionRun {
  /** Index of the first and last moving sample. */
  first: number;
  last: number;
  /** Where the ball rested before and after (null: never seen resting there). */
  restBefore: { x: number; y: number } | null;
  restAfter: { x: number; y: number } | null;
  /** The ball vanished during or at the end of this run (pocketed, off the table, hidden). */
  vanished: boolean;
}

export interface BallMotion {
  series: Series;
  /** Position noise σ (m) per axis, from the ball's still samples (0 when too few). */
  noise: number;
  still: boolean[];
  runs: MotionRun[];
}

function stillFlags(s: readonly Sample[], o: MotionOptions): boolean[] {
  const flags = new Array<boolean>(s.length).fill(false);
  let lo = 0;
  let hi = 0;
  for (let k = 0; k < s.length; k++) {
    const p = s[k]!;
    while (s[lo]!.t < p.t - o.window) lo++;
    while (hi + 1 < s.length && s[hi + 1]!.t <= p.t + o.window) hi++;
    if (hi - lo < 2) continue; // too few samples to tell
    const fit = fitLine(s.slice(lo, hi + 1), p.t);
    flags[k] = fit !== null && Math.hypot(fit.vx, fit.vy) < o.stillSpeed && fit.rms < 4 * o.stillRadius;
  }
  return flags;
}

function restAround(s: readonly Sample[], still: boolean[], from: number, step: 1 | -1): { x: number; y: number } | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let k = from; k >= 0 && k < s.length && still[k] && xs.length < 30; k += step) {
    xs.push(s[k]!.x);
    ys.push(s[k]!.y);
  }
  return xs.length === 0 ? null : { x: median(xs), y: median(ys) };
}

/** How far (m) from its resting place a ball's reading still counts as there: the still radius, or 3.5 σ of its noise. */
export const restRadius = (noise: number, stillRadius = DEFAULT_MOTION.stillRadius): number => Math.max(stillRadius, 3.5 * noise);

/** Share of a run's move made in a single step between two frames in a row for it to be a new reading, not a move. */
const ONE_STEP = 0.7;

/**
 * A ball unseen at rest for less than this (s) was not moved by a hand meanwhile: a hand that
 * moves a ball hides it longer (9-ball 6501 of the nudges eval: 0.6 s). Its step across the gap
 * is a reading anew.
 */
export const SHORT_HIDE = 0.15;

/**
 * The run went from one resting place to the other in one step between two frames in a row, the
 * ball seen on both (or unseen between them for less than SHORT_HIDE): the same ball read anew
 * (another circle fitted to its pixels: a ball beside its shadow, a same-colour ball on its cloth;
 * 9-ball 6413, 6430, 8-ball 6420; 14.1 7606 at 720p30: a ball beside a cushion read 1.8 cm into it,
 * that reading kept while its image did not change, read right after one frame unseen), not
 * moved. A ball moved that far within a frame would have rolled on; a hand that moves one hides
 * it for longer. `moved`: the move (m), by default from the run's rest before to its rest after.
 */
export function readAnew(samples: readonly Sample[], r: MotionRun, frameTime: number, moved?: number): boolean {
  const m = moved ?? (r.restBefore && r.restAfter && !r.vanished ? Math.hypot(r.restAfter.x - r.restBefore.x, r.restAfter.y - r.restBefore.y) : 0);
  if (!(m > 0)) return false;
  for (let k = Math.max(1, r.first); k <= Math.min(samples.length - 1, r.last + 1); k++) {
    const a = samples[k - 1]!, b = samples[k]!;
    if (b.t - a.t <= Math.max(1.5 * frameTime, SHORT_HIDE) && Math.hypot(b.x - a.x, b.y - a.y) >= ONE_STEP * m) return true;
  }
  return false;
}

/** Hardest a free ball slows (m/s²): sliding on the cloth (μ ≈ 0.2). */
const HARDEST_STOP = 2;
/** Fastest step (m/s) from which a stop too short for it is told from noise. */
const FAST_STEP = 0.3;

/**
 * The run's reading moved at FAST_STEP or more between two frames in a row and lay at rest again
 * after a path shorter than a ball that fast slides before it stops (v² / 2·HARDEST_STOP): no
 * ball moved so, it was read anew over a few frames (8-ball 6584 at 1080p60, 35.38 s: the green
 * 6 on green cloth, read 2.4 cm off for seconds, stepped back 1.6 cm over three frames at up to
 * 0.54 m/s as the player struck: "moving at the stroke", G10). A ball stopped by another ball or
 * a cushion sends it off or comes back.
 */
export function stopsShort(samples: readonly Sample[], r: MotionRun): boolean {
  if (!r.restBefore || !r.restAfter || r.vanished) return false;
  let fastest = 0;
  let path = 0;
  let from = r.restBefore;
  // The path from the rest before through the run's readings; its fastest step between two of them.
  for (let k = r.first; k <= Math.min(samples.length - 1, r.last + 1); k++) {
    const p = samples[k]!;
    const step = Math.hypot(p.x - from.x, p.y - from.y);
    if (k > r.first) fastest = Math.max(fastest, step / (p.t - samples[k - 1]!.t));
    path += step;
    from = p;
  }
  path += Math.hypot(r.restAfter.x - from.x, r.restAfter.y - from.y);
  return fastest >= FAST_STEP && path < (fastest * fastest) / (2 * HARDEST_STOP);
}

/** The run is a resting ball read again, not a move: in one step (`readAnew`) or over a few frames (`stopsShort`). */
export const readAgain = (samples: readonly Sample[], r: MotionRun, frameTime: number): boolean =>
  readAnew(samples, r, frameTime) || stopsShort(samples, r);

/**
 * Position noise σ (m) per axis, from the scatter of consecutive still samples that differ: the
 * vision repeats a resting ball's detection while its image patch is unchanged, and a repeated
 * reading is the same measurement, not a quiet one (with most samples repeats, the median step
 * was 0 for nearly every ball).
 */
export function noiseOf(s: readonly Sample[], still: readonly boolean[]): number {
  const d: number[] = [];
  for (let k = 1; k < s.length; k++) {
    if (!still[k] || !still[k - 1]) continue;
    const step = Math.hypot(s[k]!.x - s[k - 1]!.x, s[k]!.y - s[k - 1]!.y);
    if (step > 0) d.push(step);
  }
  // The distance between two samples with noise σ per axis is Rayleigh(σ√2): median 1.665 σ.
  return d.length < 5 ? 0 : median(d) / 1.665;
}

export function analyseMotion(series: Series, frameTimes: readonly number[], o: MotionOptions = DEFAULT_MOTION): BallMotion {
  const s = series.samples;
  const still = stillFlags(s, o);
  const noise = noiseOf(s, still);
  const runs: MotionRun[] = [];
  let k = 0;
  while (k < s.length) {
    if (still[k]) { k++; continue; }
    const first = k;
    let last = k;
    let gone = false;
    while (k < s.length) {
      // Unseen for a while (pocketed and racked again much later, or lost): the run ends unseen.
      if (k > first && s[k]!.t - s[k - 1]!.t > o.maxGap) { gone = k - 1 === last; break; }
      if (!still[k]) { last = k; k++; continue; }
      // A short stretch of stillness inside a motion run (a ball stopping to be hit again) ends it
      // only if it lasts mergeGap.
      let j = k;
      while (j < s.length && still[j]) j++;
      if (j < s.length && s[j]!.t - s[k]!.t < o.mergeGap) { k = j; continue; }
      break;
    }
    const restBefore = restAround(s, still, first - 1, -1);
    const restAfter = restAround(s, still, last + 1, 1);
    // The window blurs the edges of a run: trim samples still sitting at the resting places
    // (looking a few samples ahead, so that one noisy rest sample does not start the run).
    const radius = restRadius(noise, o.stillRadius);
    const near = (k: number, r: { x: number; y: number } | null): boolean => r !== null && Math.hypot(s[k]!.x - r.x, s[k]!.y - r.y) < radius;
    let a = first;
    let b = last;
    const reach = (k: number, dir: 1 | -1): number => {
      let j = k;
      while (j + dir >= first && j + dir <= last && Math.abs(s[j + dir]!.t - s[k]!.t) <= 2 * o.window) j += dir;
      return j;
    };
    for (let k = reach(first, 1); k >= first; k--) if (near(k, restBefore)) { a = k + 1; break; }
    for (let k = reach(last, -1); k <= last && k >= a; k++) if (near(k, restAfter)) { b = k - 1; break; }
    if (a > b) continue;
    // A run that never left its resting place's noise and came back to it is the reading
    // flickering (a ball's colour close to the cloth's: 9-ball 6380's green 6), not the ball
    // moving. A ball that crept is still found displaced at rest (shot-models.ts).
    if (restBefore && restAfter && !gone && Math.hypot(restAfter.x - restBefore.x, restAfter.y - restBefore.y) < radius) {
      let inside = true;
      for (let k = a; k <= b && inside; k++) inside = near(k, restBefore);
      if (inside) continue;
    }
    runs.push({ first: a, last: b, restBefore, restAfter: gone ? null : restAfter, vanished: gone });
  }
  // A ball that stops being seen while frames go on has vanished (or is hidden).
  const lastSeen = s[s.length - 1]?.t ?? -Infinity;
  const lastFrame = frameTimes[frameTimes.length - 1] ?? -Infinity;
  if (s.length > 0 && lastFrame > lastSeen + 1e-9) {
    const tail = runs[runs.length - 1];
    if (tail && tail.last === s.length - 1) tail.vanished = true;
    else runs.push({ first: s.length - 1, last: s.length - 1, restBefore: restAround(s, still, s.length - 1, -1), restAfter: null, vanished: true });
  }
  return { series, noise, still, runs };
}
