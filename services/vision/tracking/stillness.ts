// When a tracked ball rests, read from its own detections: at its anchor (its detections have
// stayed within STILL_RADIUS for REST_HITS of them), through a real view's jitter, or not at
// all because it is creeping on. The tracker's strike and rejoin rules (tracker.ts) ask these.
import type { IdentityHook } from '../identity/vote.ts';
import type { TablePositioned, Track } from './track.ts';

/**
 * A seen ball counts as at rest for the numbers' joint assignment when its last STILL_HITS
 * detections stayed within STILL_RADIUS (m) of one place, whatever its filtered speed (on an
 * elevated broadcast view a resting ball's filtered speed jitters up to 0.3–0.7 m/s).
 */
export const STILL_RADIUS = 0.015;
export const STILL_HITS = 10;
/** A track rests once this many of its detections stayed within STILL_RADIUS of its anchor. */
export const REST_HITS = 5;

/**
 * Whether a track has rested (REST_HITS detections at its anchor) and, given a detection
 * (this frame's), still lies there.
 */
export function rests<D extends TablePositioned, H extends IdentityHook>(tr: Track<D, H>, d: D | null): boolean {
  const a = tr.anchor;
  return !!a && a.hits >= REST_HITS && (!d || Math.hypot(d.x - a.x, d.y - a.y) < STILL_RADIUS);
}

/**
 * A resting ball read through a real view's jitter: on an elevated view a ball's readings jump
 * by more than STILL_RADIUS from frame to frame (each jump starts a new anchor, so it never
 * `rests`) while it goes nowhere. Its noise is measured on its readings of the last JITTER_SPAN
 * seconds or more before this frame's (at least JITTER_HITS, all within JITTER_RADIUS of their
 * mean: jitter, not travel): it stands still when this frame's reading lies within three times
 * their spread (RMS) of their mean, and never less than STILL_RADIUS or more than JITTER_RADIUS.
 * A quiet track (renders, an overhead camera) is held to STILL_RADIUS as by `rests`: a cue ball
 * struck into a ball it nearly touches moves a centimetre or two, and that is a stroke.
 */
const JITTER_SPAN = 0.4;
export const JITTER_KEEP = 0.5;
const JITTER_HITS = 5;
const JITTER_RADIUS = 0.03;

export function jitterRests<D extends TablePositioned, H extends IdentityHook>(tr: Track<D, H>, now: number): boolean {
  const r = tr.recent;
  if (!r || r.length <= JITTER_HITS || r[0]!.t > now - JITTER_SPAN || r[r.length - 1]!.t !== now) return false;
  const before = r.slice(0, -1);
  const mx = before.reduce((s, p) => s + p.x, 0) / before.length, my = before.reduce((s, p) => s + p.y, 0) / before.length;
  const d2 = before.map((p) => (p.x - mx) ** 2 + (p.y - my) ** 2);
  if (d2.some((d) => d > JITTER_RADIUS ** 2)) return false;
  const spread = Math.sqrt(d2.reduce((s, d) => s + d, 0) / d2.length);
  const last = r[r.length - 1]!;
  return Math.hypot(last.x - mx, last.y - my) <= Math.min(JITTER_RADIUS, Math.max(STILL_RADIUS, 3 * spread));
}

/**
 * Whether a track's readings of the last JITTER_KEEP seconds (ROLL_HITS or more over ROLL_SPAN
 * or longer) lie along a steady way: a straight line fitted to them goes ROLL_MIN or more, and
 * more than ROLL_SIGMAS times their scatter about it (a jittering ball at rest goes nowhere).
 */
const ROLL_HITS = 6;
const ROLL_SPAN = 0.25;
const ROLL_MIN = 0.02;
const ROLL_SIGMAS = 6;

export function rollsOn<D extends TablePositioned, H extends IdentityHook>(tr: Track<D, H>): boolean {
  const r = tr.recent;
  if (!r || r.length < ROLL_HITS) return false;
  const span = r[r.length - 1]!.t - r[0]!.t;
  if (span < ROLL_SPAN) return false;
  const n = r.length;
  const mt = r.reduce((s, p) => s + p.t, 0) / n, mx = r.reduce((s, p) => s + p.x, 0) / n, my = r.reduce((s, p) => s + p.y, 0) / n;
  const stt = r.reduce((s, p) => s + (p.t - mt) ** 2, 0);
  const vx = r.reduce((s, p) => s + (p.t - mt) * (p.x - mx), 0) / stt, vy = r.reduce((s, p) => s + (p.t - mt) * (p.y - my), 0) / stt;
  const rms = Math.sqrt(r.reduce((s, p) => s + (p.x - mx - vx * (p.t - mt)) ** 2 + (p.y - my - vy * (p.t - mt)) ** 2, 0) / n);
  const travel = Math.hypot(vx, vy) * span;
  return travel >= ROLL_MIN && travel > ROLL_SIGMAS * rms;
}

/** Where a track's ball is: this frame's detection when seen, else its prediction. */
export function placeOf<D extends TablePositioned, H extends IdentityHook>(tr: Track<D, H>): TablePositioned {
  return tr.missed === 0 && tr.last ? tr.last : tr.state;
}
