// Gentle cushion touches read from the distance-to-cushion profile: a ball that touches a
// cushion comes to exactly one radius from its face and leaves again, so its distance over
// time has a sharp corner at zero (a V); a ball that only passes close has a smooth minimum
// above zero. Each close approach is fitted both ways, and the V must fit clearly better and
// leave no faster than it came.
import type { BallId, Cushion } from '../contract/ids.ts';
import type { ShotEvent } from '../contract/log.ts';
import type { TableGeometry } from '../table/geometry.ts';
import type { BallModel } from './model.ts';
import { leastSquaresBy, minimise } from './refine.ts';
import type { Sample } from './series.ts';
import { dot, len, sub, type Vec } from './vec.ts';

export interface ProfileOptions {
  /** A close approach: the ball's centre within this distance (m) of one radius from a face. */
  zone: number;
  /** Half-width (s) of the stretch of profile fitted around a close approach... */
  halfWidth: number;
  /** ...or the close approach itself and `pad` (s) either side, up to maxHalfWidth (s) from its deepest point. */
  pad: number;
  maxHalfWidth: number;
  /** Largest height (m) of the V's corner above the face: the ball must reach it. */
  apex: number;
  /** Slowest approach and departure (m/s) across the face that count. */
  minSpeed: number;
  /** How much better (in units of the noise variance) the V must fit than a smooth minimum. */
  evidence: number;
}

export const DEFAULT_PROFILE: ProfileOptions = { zone: 0.01, halfWidth: 0.3, pad: 0.1, maxHalfWidth: 0.6, apex: 0.0015, minSpeed: 0.004, evidence: 12 };

/** A kink this close (m) to a face may be the touch itself; farther ones are other changes. */
const AT_FACE = 0.006;

interface Face {
  cushion: Cushion;
  /** Signed distance (m) of a ball centre beyond one radius from the face (NaN: not facing it). */
  gap: (p: Vec) => number;
}

function faces(table: TableGeometry): Face[] {
  const R = table.ballRadius;
  const out: Face[] = table.lines.map((l) => ({
    cushion: l.cushion,
    gap: (p: Vec): number => {
      const along = dot(sub(p, l.start), l.direction);
      return along < 0 || along > l.length ? NaN : dot(sub(p, l.start), l.normal) - R;
    },
  }));
  for (const tip of table.tips) out.push({ cushion: tip.cushion, gap: (p: Vec): number => len(sub(p, tip.centre)) - tip.radius - R });
  return out;
}

interface Corner { t: number; apex: number; vIn: number; vOut: number; rss: number }

/** Best V (corner at τ, height c, slopes vIn before and vOut after) through (t, d) points. */
function fitCorner(ts: readonly number[], ds: readonly number[]): Corner | null {
  const zeros = new Float64Array(ds.length);
  const at = (tau: number): Corner | null => {
    const fit = leastSquaresBy(ts.length, 3, (i, row) => {
      row[0] = 1;
      row[1] = Math.max(0, tau - ts[i]!);
      row[2] = Math.max(0, ts[i]! - tau);
    }, ds, zeros);
    return fit ? { t: tau, apex: fit.ux[0]!, vIn: fit.ux[1]!, vOut: fit.ux[2]!, rss: fit.rss } : null;
  };
  const lo = ts[1]!;
  const hi = ts[ts.length - 2]!;
  if (!(hi > lo)) return null;
  return at(minimise((tau) => at(tau)?.rss ?? Infinity, lo, hi, 2 * ts.length));
}

/** Residual of the best smooth (quadratic in time) profile through the points. */
function smoothResidual(ts: readonly number[], ds: readonly number[]): number {
  const mid = ts[ts.length >> 1]!;
  const fit = leastSquaresBy(ts.length, 3, (i, row) => {
    const s = ts[i]! - mid;
    row[0] = 1;
    row[1] = s;
    row[2] = s * s;
  }, ds, new Float64Array(ds.length));
  return fit?.rss ?? Infinity;
}

/** Touches of one face by one ball along its samples (from..to indices). */
function faceTouches(samples: readonly Sample[], from: number, to: number, face: Face, cuts: readonly number[], noise: number, o: ProfileOptions): number[] {
  // Distances over from..to only (a ball's samples span the whole recording): d[k - from].
  const d = new Float64Array(Math.max(0, to - from + 1));
  let closest = Infinity;
  for (let k = from; k <= to; k++) {
    const g = face.gap(samples[k]!);
    d[k - from] = g;
    if (g < closest) closest = g;
  }
  if (!(closest < o.zone)) return [];
  const gap = (k: number): number => d[k - from]!;
  const out: number[] = [];
  let k = from;
  while (k <= to) {
    if (!(gap(k) < o.zone)) { k++; continue; }
    // The deepest point of this close approach.
    let deepest = k;
    let j = k;
    while (j <= to && !(gap(j) >= o.zone)) { if (gap(j) < gap(deepest)) deepest = j; j++; }
    const t0 = samples[deepest]!.t;
    // A glancing, slow approach stays in the zone long: its arms need a wider look.
    const back = Math.min(o.maxHalfWidth, Math.max(o.halfWidth, t0 - samples[k]!.t + o.pad));
    const ahead = Math.min(o.maxHalfWidth, Math.max(o.halfWidth, samples[j - 1]!.t - t0 + o.pad));
    k = j;
    let lo = from;
    let hi = to;
    for (const c of cuts) {
      if (c < deepest) lo = Math.max(lo, c + 1);
      else hi = Math.min(hi, c);
    }
    const ts: number[] = [];
    const ds: number[] = [];
    for (let i = lo; i <= hi; i++) {
      const dt = samples[i]!.t - t0;
      if (dt >= -back && dt <= ahead && Number.isFinite(gap(i))) { ts.push(samples[i]!.t); ds.push(gap(i)); }
    }
    if (ts.length < 7) continue;
    const corner = fitCorner(ts, ds);
    if (!corner || corner.apex > o.apex || corner.apex < -3 * o.apex) continue;
    if (corner.vIn < o.minSpeed || corner.vOut < o.minSpeed) continue;
    // A cushion gives back less than it gets: a V that leaves faster than it came is no touch. It is
    // a ball dropping into a pocket past the jaw's face (the readings run off into the hole; 9-ball
    // 6580 54.56 s: the 4 "off" the foot cushion at 1.6 m/s after 0.44 in, 30 ms before it dropped),
    // or readings off in the jaws (8-ball 6602 23.25 s). On the kept tracks of 73 rendered matches,
    // 101 of the corners read were truth touches, each leaving at most 0.87 times as fast as it came;
    // 13 of the other 19 left 1.7–3.7 times faster.
    if (corner.vOut > corner.vIn) continue;
    const before = ts.filter((t) => t < corner.t).length;
    if (before < 3 || ts.length - before < 3) continue;
    if (smoothResidual(ts, ds) - corner.rss < o.evidence * Math.max(noise, 0.0003) ** 2) continue;
    out.push(corner.t);
  }
  return out;
}

/**
 * Gentle touches of every moving ball (not already in `known` within 0.3 s): corners of its
 * distance-to-cushion profile. `noise` is each ball's position noise σ (m).
 */
export function profileTouches(
  models: Map<BallId, BallModel>, table: TableGeometry, known: readonly ShotEvent[], noise: ReadonlyMap<BallId, number>, minKink: number,
  o: ProfileOptions = DEFAULT_PROFILE,
): ShotEvent[] {
  const out: ShotEvent[] = [];
  const all = faces(table);
  const seen = (ball: BallId, cushion: Cushion, t: number): boolean =>
    [...known, ...out].some((e) => e.type === 'cushion' && e.ball === ball && e.cushion === cushion && Math.abs(e.t - t) < 0.3);
  for (const m of models.values()) {
    const first = m.legs[0]?.first;
    const lastLeg = m.legs[m.legs.length - 1];
    if (first === undefined || !lastLeg) continue;
    // Follow the ball a little into its rest: it may stop against the cushion it touched.
    const tEnd = m.samples[lastLeg.last]!.t + (m.finalRest ? o.halfWidth : 0);
    let to = lastLeg.last;
    while (to + 1 < m.samples.length && m.samples[to + 1]!.t <= tEnd) to++;
    const kinks = m.changes.filter((c) => c.kind === 'kink' && len(sub(c.after, c.before)) >= minKink);
    for (const face of all) {
      // Other changes (collisions, other cushions) cut the profile: a V across one is no touch.
      const cuts = kinks.filter((c) => !(face.gap(c.at) < AT_FACE)).map((c) => indexAt(m.samples, c.t));
      for (const t of faceTouches(m.samples, first, to, face, cuts, noise.get(m.id) ?? 0.001, o)) {
        if (!seen(m.id, face.cushion, t)) out.push({ t, type: 'cushion', ball: m.id, cushion: face.cushion });
      }
    }
  }
  return out;
}

/** Index of the last sample at or before t. */
function indexAt(samples: readonly Sample[], t: number): number {
  let k = 0;
  while (k + 1 < samples.length && samples[k + 1]!.t <= t) k++;
  return k;
}
