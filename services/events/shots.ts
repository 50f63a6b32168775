// Cutting tracks into shots: the strike (the cue ball leaves rest at speed), the end (every
// ball at rest for `restHold`), balls already moving at the strike, and what happened between
// shots (balls disturbed while no shot was in progress).
import type { BallId } from '../contract/ids.ts';
import { BALL_RADIUS, MAX_BALL_SPEED } from '../table/spec.ts';
import { fitLine, indexAtOrBefore, speedOf, type Sample, type Series } from './series.ts';
import { VIEW_BACK } from './gone-in-cut.ts';
import { readAgain, restRadius, type BallMotion, type MotionRun } from './motion.ts';
import type { Stretch } from './uncertain.ts';
import { NEAR_MOUTH } from './vanish.ts';

export interface SegmentOptions {
  /** The cue ball must leave rest at least this fast (m/s) for a strike (a hand is slower). */
  strikeSpeed: number;
  /** All balls still this long (s) ends a shot. */
  restHold: number;
}

export const DEFAULT_SEGMENT: SegmentOptions = { strikeSpeed: 0.15, restHold: 0.4 };

export interface ShotWindow {
  /** Cue-ball motion run of the strike (null: the cue ball hardly moved, pushing a ball it rested against). */
  cueRun: MotionRun | null;
  /** Time of the first moving cue-ball sample (the strike is just before it). */
  firstMoving: number;
  /** Time of the cue ball's last sample before that (at rest; a frame earlier unless it was hidden). */
  lastStill: number;
  /** Time of the last moving sample of any ball in the shot. */
  end: number;
  /**
   * Where the shot before must end: `firstMoving`, or earlier where another ball left rest while
   * the cue ball was unseen before it was first seen moving (`strokeSeenLate`).
   */
  begins: number;
}

const runStart = (s: Series, r: MotionRun): number => s.samples[r.first]!.t;
const runEnd = (s: Series, r: MotionRun): number => s.samples[r.last]!.t;

/** Time (s) over which a ball's speed leaving rest is measured (at least three samples). */
const LEAVING = 0.05;

/**
 * A ball unseen this long (s) before it shows up moving may have been struck where nobody saw it
 * rest: it crept into a pocket's jaws, out of the detector's sight, and was played from there
 * (9-ball 6307, 53.4 s).
 */
const HIDDEN_AT_REST = 0.5;

/** The run begins after the ball went unseen for HIDDEN_AT_REST or longer. */
const afterLongUnseen = (s: Series, r: MotionRun): boolean => r.first > 0 && s.samples[r.first]!.t - s.samples[r.first - 1]!.t >= HIDDEN_AT_REST;

/**
 * A ball hidden from its rest for a moment that shows up far away flew there unseen: a stroke
 * too fast for the detector to read the ball on its way (8-ball 6463, 34.3 s: the cue ball at
 * 4.5 m/s met two balls 0.1 s after the stroke, and was next seen 0.67 m on, 0.15 s later, slowed
 * by them). No hand carries a ball this fast; no ball flies faster than MAX_BALL_SPEED (a jump
 * beyond it is a reading of another ball).
 */
const FLEW = { hidden: 0.3, speed: 1.5 };

function flewUnseen(rest: Sample, seen: Sample): boolean {
  const dt = seen.t - rest.t;
  const v = Math.hypot(seen.x - rest.x, seen.y - rest.y) / dt;
  return dt <= FLEW.hidden && v >= FLEW.speed && v <= MAX_BALL_SPEED;
}

function leavesAtSpeed(s: Series, r: MotionRun, o: SegmentOptions): boolean {
  if (!r.restBefore && !afterLongUnseen(s, r)) return false;
  const t0 = s.samples[r.first]!.t;
  let end = Math.min(r.last + 1, r.first + 3);
  while (end <= r.last && s.samples[end]!.t - t0 <= LEAVING) end++;
  const pts = s.samples.slice(r.first, end);
  // Two samples always make a speed; a creeping ball's noise can make it a fast one.
  if (pts.length < 3) return false;
  const fit = fitLine(pts, pts[0]!.t);
  if (fit !== null && Math.hypot(fit.vx, fit.vy) >= o.strikeSpeed) return true;
  // Seen again only after being hidden (by the cue, an arm), it may be turning at a cushion: its path length tells.
  const hidden = r.first > 0 && t0 - s.samples[r.first - 1]!.t > 0.1;
  if (!hidden) return false;
  // (Without a rest before, the ball was unseen HIDDEN_AT_REST or longer: no moment's flight.)
  if (flewUnseen(s.samples[r.first - 1]!, s.samples[r.first]!)) return true;
  let path = 0;
  for (let k = 1; k < pts.length; k++) path += Math.hypot(pts[k]!.x - pts[k - 1]!.x, pts[k]!.y - pts[k - 1]!.y);
  return path / (pts[pts.length - 1]!.t - t0) >= 2 * o.strikeSpeed;
}

/** Time (s) after leaving rest over which a hand's push shows by speeding up. */
const HAND_WINDOW = 0.4;
/** A ball that gets this much faster than it left (factor, and m/s) was carried. */
const SPEED_UP = { factor: 1.5, margin: 0.1 };

/**
 * The ball speeds up well after leaving rest, and stays faster over two spans in a row: a hand
 * carried it (a ball in hand being placed). A struck ball is fastest as it leaves (topspin adds a
 * few per cent at most), unless it met a ball and follows through (carried() rules that out). One
 * fast span is no speeding up: the cue's tip, following through, hides the back of the ball for
 * the first frames and its reading lags, then catches up in one step (14.1 6558 50.26 s: read
 * at 1.1 m/s leaving, then 5 cm in a frame, then 1.2 m/s).
 */
function speedsUp(s: Series, r: MotionRun): boolean {
  const t0 = s.samples[r.first]!.t;
  const pts = s.samples.slice(r.first, r.last + 1);
  // Speed as path length over time (a cushion bounce turns the path, not its length), from
  // sample k over at least three samples and LEAVING; and the sample the span ends at.
  const speedFrom = (k: number): { v: number; end: number } | null => {
    let end = k + 3;
    while (end < pts.length && pts[end - 1]!.t - pts[k]!.t < LEAVING) end++;
    if (end > pts.length) return null;
    let path = 0;
    for (let i = k + 1; i < end; i++) path += Math.hypot(pts[i]!.x - pts[i - 1]!.x, pts[i]!.y - pts[i - 1]!.y);
    return { v: path / (pts[end - 1]!.t - pts[k]!.t), end: end - 1 };
  };
  const leaving = speedFrom(0);
  if (leaving === null) return false;
  const faster = (v: number): boolean => v > SPEED_UP.factor * leaving.v + SPEED_UP.margin;
  for (let k = 1; k < pts.length && pts[k]!.t - t0 <= HAND_WINDOW; k++) {
    const span = speedFrom(k);
    if (span === null) break;
    // Faster, and still faster over the next span, from where this one ends.
    const next = faster(span.v) ? speedFrom(span.end) : null;
    if (next && faster(next.v)) return true;
  }
  return false;
}

/**
 * A cue ball hidden from its rest until it shows up moving, and seen in few of the frames of its
 * way: carried off by the hand that covered it (a ball in hand picked up and placed; 14.1 6425,
 * 22.4 s, seen in 7 of 43 frames). A struck ball is hidden by the cue for a moment at most and is
 * seen along its path. Likewise one seen only leaving rest, then unseen CARRIED_UNSEEN or longer
 * until it is seen again at rest, gone away from the pockets' mouths (NEAR_MOUTH: there it went
 * in), at a hand's speed: picked up as it left (14.1 6545, 34.25 s: seen in 3 frames of 1.7 s,
 * placed 53 cm on). And one seen leaving rest at a hand's speed, then seen in few of the frames
 * of its way to rest elsewhere.
 * Returns until when the hand may have held it, or null.
 */
const PICKED_UP = { hidden: 0.1, seen: 0.4 };
const CARRIED_UNSEEN = HIDDEN_AT_REST;

function pickedUp(cue: Series, run: MotionRun, frame: number, mouths: readonly { x: number; y: number }[]): number | null {
  if (!run.restBefore || run.first === 0) return null;
  const before = cue.samples[run.first - 1]!.t;
  const next = cue.samples[run.last + 1];
  const gone = cue.samples[run.last]!;
  // Seen only leaving (no motion after the gap: 9-ball 6559, 24.2 s, the cue ball struck into the
  // side pocket and placed by hand 2 s later), and not gone at a pocket's mouth.
  const carriedOff = next !== undefined && run.restAfter !== null && next.t - gone.t >= CARRIED_UNSEEN && gone.t - runStart(cue, run) <= HAND_WINDOW
    && !nearAMouth(gone, mouths) && atHandSpeed(cue, run);
  // Seen leaving, then hidden for most of its way to rest elsewhere, at a hand's speed, never
  // going unseen at a pocket's mouth (there it went in): a hand over it all along (9-ball 6571,
  // 41.69 s: seen in 6 of 32 frames, laid down 38 cm on).
  const hiddenFromRest = cue.samples[run.first]!.t - before >= PICKED_UP.hidden;
  const handOverIt = () => run.restAfter !== null && atHandSpeed(cue, run) && !goneAtMouth(cue, run, mouths);
  if (!carriedOff && !hiddenFromRest && !handOverIt()) return null;
  const until = carriedOff ? next.t : runEnd(cue, run);
  const frames = Math.max(1, Math.round((until - before) / frame));
  return (run.last - run.first + 1) / frames < PICKED_UP.seen ? until : null;
}

/** Within NEAR_MOUTH of a pocket's mouth centre: a ball gone there went in. */
const nearAMouth = (p: { x: number; y: number }, mouths: readonly { x: number; y: number }[]): boolean =>
  mouths.some((m) => Math.hypot(m.x - p.x, m.y - p.y) < NEAR_MOUTH);

/** Within the run the ball went unseen (PICKED_UP.hidden or longer) at a pocket's mouth. */
function goneAtMouth(cue: Series, run: MotionRun, mouths: readonly { x: number; y: number }[]): boolean {
  for (let k = run.first; k <= run.last; k++) {
    const next = cue.samples[k + 1];
    if (next && next.t - cue.samples[k]!.t >= PICKED_UP.hidden && nearAMouth(cue.samples[k]!, mouths)) return true;
  }
  return false;
}

/** The run's samples fit a speed no hand carries a ball at (FLEW.speed: 9-ball 700 at 30 fps, 121.2 s, a 7.5 m/s scratch seen 8 frames, gone 15 cm short of the pocket's mouth). */
function atHandSpeed(cue: Series, run: MotionRun): boolean {
  const pts = cue.samples.slice(run.first, run.last + 1);
  const fit = pts.length >= 2 ? fitLine(pts, pts[0]!.t) : null;
  return fit !== null && speedOf(fit) < FLEW.speed;
}

/**
 * A cue ball that came to rest again within a ball's width of where it rested, hitting nothing:
 * a hand's nudge (a ball in hand set down and shifted; 14.1 6545, 33.87 s: the reading jumped
 * 3 cm as the hand took it, then stood). A stroke that hits nothing sends it much farther.
 */
function nudged(cue: Series, run: MotionRun, diameter: number): boolean {
  const a = run.restBefore;
  const b = run.restAfter;
  return !!a && !!b && Math.hypot(b.x - a.x, b.y - a.y) < diameter && runEnd(cue, run) - runStart(cue, run) <= HAND_WINDOW;
}

/**
 * A hand placed the cue ball: it sped up on its own, or was nudged, with no other ball leaving
 * rest meanwhile; or it was carried off hidden, with no other ball leaving rest at speed meanwhile
 * (a reading or two of a ball the hand passed over may wander).
 */
function carried(motions: Map<BallId, BallMotion>, cue: Series, run: MotionRun, frame: number, o: SegmentOptions, diameter: number, mouths: readonly { x: number; y: number }[]): boolean {
  const sped = speedsUp(cue, run);
  const held = sped ? null : pickedUp(cue, run, frame, mouths);
  // A nudge, like a speeding up, stands only where no other ball left rest at all: a stroke that
  // hit a ball and stopped short leaves it moving, however slowly it is read to leave.
  const strict = sped || (held === null && nudged(cue, run, diameter));
  if (!strict && held === null) return false;
  // From its last sample at rest (it may have been hidden since) until the hand would have let go.
  const t0 = run.first > 0 ? cue.samples[run.first - 1]!.t : runStart(cue, run);
  const t1 = Math.max(held ?? -Infinity, Math.min(runEnd(cue, run), runStart(cue, run) + HAND_WINDOW));
  for (const [id, m] of motions) {
    if (id === 0) continue;
    if (m.runs.some((r) => r.restBefore && runStart(m.series, r) >= t0 && runStart(m.series, r) <= t1 + 0.1 && !cameBack(m, r) && (strict || leavesAtSpeed(m.series, r, o)))) return false;
  }
  return true;
}

/**
 * The run's readings went a ball's radius or more from where the ball rested, and it lies at
 * that rest again (within its still radius): no ball hit away comes back to its own place, so
 * the readings between were of something else (a hand over it; 14.1 7709 at 576p25, 22.7 s: the
 * 9, hidden by the hand placing the cue ball beside it, read 15 and 10 cm off, and back).
 */
function cameBack(m: BallMotion, r: MotionRun): boolean {
  const a = r.restBefore, b = r.restAfter;
  if (!a || !b || r.vanished || Math.hypot(b.x - a.x, b.y - a.y) >= restRadius(m.noise)) return false;
  const s = m.series.samples;
  for (let k = r.first; k <= r.last; k++) if (Math.hypot(s[k]!.x - a.x, s[k]!.y - a.y) >= BALL_RADIUS) return true;
  return false;
}

/** A ball moving next to the cue ball when it starts: the cue ball was hit, not struck. */
function hitByBall(motions: Map<BallId, BallMotion>, at: { x: number; y: number }, t: number, lastStill: number, diameter: number): boolean {
  for (const [id, m] of motions) {
    if (id === 0) continue;
    for (const r of m.runs) {
      const a = runStart(m.series, r);
      const b = runEnd(m.series, r);
      // Only a ball already moving before the cue ball started can have hit it; one that started
      // while the cue ball was hidden (by the cue, an arm) was more likely hit by it.
      if (a > Math.min(t - 0.02, lastStill) || b < t - 0.05) continue;
      // A ball that rested touching the cue ball was pushed by it (a frozen-ball stroke, G18l).
      if (r.restBefore && a > t - 0.1 && Math.hypot(r.restBefore.x - at.x, r.restBefore.y - at.y) < diameter + 0.01) continue;
      let nearest = m.series.samples[r.first]!;
      for (let k = r.first; k <= r.last; k++) {
        const p = m.series.samples[k]!;
        if (Math.abs(p.t - t) < Math.abs(nearest.t - t)) nearest = p;
      }
      if (Math.hypot(nearest.x - at.x, nearest.y - at.y) < 0.06 + 0.5 * diameter) return true;
    }
  }
  return false;
}

/**
 * The run's first sample lies farther from where the ball rested than any ball goes since the
 * sample before it: not that ball leaving its rest, another reading taken for it (8-ball 7711 at
 * 576p25, 18.36 s: the cue ball's number read by turns on its rolling self and on a still spot
 * 1 m off, a "rest" it seemed to leave at 25 m/s).
 */
function teleports(s: Series, r: MotionRun): boolean {
  const first = s.samples[r.first]!;
  const before = s.samples[r.first - 1];
  if (!r.restBefore || !before) return false;
  return Math.hypot(first.x - r.restBefore.x, first.y - r.restBefore.y) > MAX_BALL_SPEED * (first.t - before.t);
}

/** Shortest rest (s) of the cue ball before a strike. */
const MIN_REST = 0.15;

/** Fastest cue ball (m/s): a ball farther than this can cover cannot have been hit by it. */
const FASTEST = 12;

/**
 * A resting ball near the cue ball leaves at speed just as the cue ball starts: the cue ball was
 * struck into it (frozen, or so close that the cue ball met it before moving visibly itself).
 */
function launchesBall(motions: Map<BallId, BallMotion>, cue: Series, run: MotionRun, o: SegmentOptions, diameter: number): boolean {
  const at = run.restBefore;
  if (!at) return false;
  const t = runStart(cue, run);
  for (const [id, m] of motions) {
    if (id === 0) continue;
    for (const r of m.runs) {
      if (!r.restBefore) continue;
      const dt = runStart(m.series, r) - t;
      if (dt < -0.05 || dt > 0.1) continue;
      const gap = Math.hypot(r.restBefore.x - at.x, r.restBefore.y - at.y) - diameter;
      if (gap <= 0.01 + FASTEST * Math.max(0, dt + 0.04) && leavesAtSpeed(m.series, r, o)) return true;
    }
  }
  return false;
}

/** `mouths`: the pockets' mouth centres (a cue ball gone at one went in, not into a hand). */
export function findShots(motions: Map<BallId, BallMotion>, o: SegmentOptions = DEFAULT_SEGMENT, ballRadius = BALL_RADIUS, unseen: readonly Stretch[] = [], mouths: readonly { x: number; y: number }[] = []): ShotWindow[] {
  const diameter = 2 * ballRadius;
  const cue = motions.get(0 as BallId);
  if (!cue) return [];
  const gaps = cue.series.samples.slice(1, 200).map((p, k) => p.t - cue.series.samples[k]!.t).sort((a, b) => a - b);
  const frame = gaps[gaps.length >> 1] ?? 1 / 60;
  const strikes = cue.runs.filter((run, i) => {
    if (run.vanished && run.first === run.last) return false;
    // A struck cue ball was at rest before; a pause in a creeping ball's motion is no strike.
    const prev = cue.runs[i - 1];
    if (prev && runStart(cue.series, run) - runEnd(cue.series, prev) < MIN_REST) return false;
    if (teleports(cue.series, run)) return false;
    const launches = launchesBall(motions, cue.series, run, o, diameter);
    if (!launches && (!leavesAtSpeed(cue.series, run, o) || carried(motions, cue.series, run, frame, o, diameter, mouths))) return false;
    const lastStill = run.first > 0 ? cue.series.samples[run.first - 1]!.t : -Infinity;
    // Seen first moving after a long while unseen: struck only from a still table.
    if (!run.restBefore && anyMoving(motions, runStart(cue.series, run) - HIDDEN_AT_REST, runStart(cue.series, run))) return false;
    return !hitByBall(motions, run.restBefore ?? cue.series.samples[run.first]!, runStart(cue.series, run), lastStill, diameter);
  });
  const windows = strikes.map((run, i): ShotWindow => {
    const next = strikes[i + 1];
    // Struck where it was not seen (its rest unknown): the stroke came just before it showed up.
    const unseenRest = !run.restBefore && afterLongUnseen(cue.series, run);
    const lastStill = run.first > 0 && !unseenRest ? cue.series.samples[run.first - 1]!.t : runStart(cue.series, run) - frame;
    return windowOf(motions, run, runStart(cue.series, run), lastStill, runEnd(cue.series, run), next ? runStart(cue.series, next) : Infinity, o);
  });
  for (const u of unseen) acrossUnseen(windows, motions, u, o);
  const pushed = pushedBalls(motions, cue.series, o, diameter, frame);
  // A cue ball struck into a ball it rests against gives it most of its speed: that ball may be
  // read moving a frame or more before the cue ball is. The stroke came before it moved (9-ball
  // 6519 35.08 s: the 2 frozen to the cue ball, read moving a frame before it, was called moving
  // at the stroke, G10, and the 6 hit first).
  for (const w of windows) {
    for (const p of pushed) if (p.start < w.firstMoving && p.start >= w.lastStill - PUSH_LEAD) w.lastStill = Math.min(w.lastStill, p.lastStill);
  }
  // Strokes that barely moved the cue ball: the ball it rested against leaves at speed.
  const pushes = pushed.filter((p) => !windows.some((w) => p.start >= w.lastStill - PUSH_LEAD && p.start <= w.end + o.restHold));
  for (const p of pushes) {
    const cap = windows.find((w) => w.firstMoving > p.start)?.firstMoving ?? Infinity;
    windows.push(windowOf(motions, null, p.start, p.lastStill, p.start, cap, o));
    windows.sort((x, y) => x.firstMoving - y.firstMoving);
  }
  strokeSeenLate(windows, motions, frame);
  return windows;
}

/**
 * A stroke seen late: the cue ball unseen from its last still reading until after it set other
 * balls moving. Those balls' runs belong to the stroke, so the shot before ends where the first of
 * them left rest (from a frame before the cue ball's last still reading), not where the cue ball
 * was first seen moving (8-ball 6689 at 1080p60, 45.40 s: the cue ball, hidden from the stroke,
 * hit the 2 at its pocket and was read as the 2 for half a second until it went unseen at a
 * cushion; the shot before ran on to then and took the 2 as knocked off the table in it).
 */
function strokeSeenLate(windows: ShotWindow[], motions: Map<BallId, BallMotion>, frame: number): void {
  for (let i = 1; i < windows.length; i++) {
    const w = windows[i]!;
    if (w.firstMoving - w.lastStill <= 1.5 * frame) continue;
    for (const [id, m] of motions) {
      if (id === 0) continue;
      for (const r of m.runs) {
        const t = runStart(m.series, r);
        if (r.restBefore && t >= w.lastStill - frame && t < w.begins) w.begins = t;
      }
    }
    const before = windows[i - 1]!;
    before.end = Math.max(before.firstMoving, Math.min(before.end, w.begins - 1e-6));
  }
}

/**
 * The table went out of view (a cut, a corrupt stretch) and came back. A shot still rolling when
 * it went and balls rolling when it came back, no faster: the same shot, carried on over the
 * stretch. Faster, or no shot rolling when it went but balls rolling when it came back or lying
 * elsewhere: a stroke the camera did not see, reported as a shot of its own (its unseen facts
 * marked uncertain, not left out: the game goes on after it); the shot going ended unseen.
 * Run before the pushes are looked for: a ball the cue ball rolling on after the stretch hits is
 * no push (9-ball 8144 of the cuts eval, 42.2 s).
 */
function acrossUnseen(windows: ShotWindow[], motions: Map<BallId, BallMotion>, u: Stretch, o: SegmentOptions): void {
  const over = windows.find((w) => w.lastStill < u.from && w.end > u.to);
  const back = playedUnseen(motions, u);
  // Rolling faster when the view came back than when it went: the shot going then ended in the
  // stretch, and another was struck there.
  const speeds = back?.rolling ? speedsAround(motions, u, back.t) : null;
  const struck = speeds !== null && speeds.after > STRUCK_FASTER * speeds.before + STRUCK_MARGIN;
  if (over && !(struck && speeds.before >= ROLLING)) return;
  if (back === null) return;
  const cap = windows.find((w) => w.firstMoving > u.to)?.firstMoving ?? Infinity;
  const going = over ?? windows.find((w) => w.lastStill < u.from && w.end >= u.from - o.restHold);
  if (going && !struck) {
    if (back.rolling) going.end = Math.max(going.end, windowOf(motions, null, back.t, u.from, back.t, cap, o).end);
    return;
  }
  if (over) over.end = u.from;
  // The stroke seen as the view came back is a shot of its own already.
  if (cap - back.t < UNSEEN_START) return;
  windows.push(windowOf(motions, null, back.t, u.from, back.t, cap, o));
  windows.sort((x, y) => x.firstMoving - y.firstMoving);
}

/** Time (s) at either side of an unseen stretch over which the balls' speeds are read. */
const SPEED_SPAN = 0.2;

/**
 * Balls that roll faster when the view comes back than any did when it went were struck in
 * between: a collision passes speed on, it never adds any (9-ball 8144 of the cuts eval, 1080p60:
 * the rest of one shot and the stroke of the next fell in a cut, and were read as one shot). A
 * quarter and 0.2 m/s of margin for the readings' noise; a shot carried over the stretch has a
 * ball rolling at ROLLING or faster when it went.
 */
const STRUCK_FASTER = 1.25;
const STRUCK_MARGIN = 0.2;
const ROLLING = 0.1;

/** The fastest ball's speed (m/s) as the view went and as it came back. */
function speedsAround(motions: Map<BallId, BallMotion>, u: Stretch, back: number): { before: number; after: number } {
  const fastest = (from: number, to: number): number => {
    let v = 0;
    for (const m of motions.values()) {
      const s = m.series.samples;
      const near = s.slice(indexAtOrBefore(s, from - 1e-9) + 1, indexAtOrBefore(s, to + 1e-9) + 1);
      const fit = near.length >= 3 ? fitLine(near, near[0]!.t) : null;
      if (fit) v = Math.max(v, speedOf(fit));
    }
    return v;
  };
  return { before: fastest(u.from - SPEED_SPAN, u.from), after: fastest(back, back + SPEED_SPAN) };
}

/** Time (s) after the table comes back into view within which a ball already rolling was set moving unseen. */
const UNSEEN_START = 0.3;
/** A ball that lies this much farther (m) than its noise from where it rested was moved unseen. */
const MOVED_UNSEEN = 0.03;

/**
 * Whether balls were played while the table was out of view: the time of the first sample back,
 * and whether a ball is rolling then; null when every ball lies where it did, and when only the
 * cue ball lies elsewhere and nothing rolls: a hand placed it (ball in hand, taken while the
 * broadcast showed the player), as a carried cue ball in view (`carried`). A stroke in the cut
 * that moved the cue ball alone (a clean miss) is not told from that.
 */
function playedUnseen(motions: Map<BallId, BallMotion>, u: Stretch): { t: number; rolling: boolean } | null {
  let back = Infinity;
  let rolling = false;
  let cueMoved = false;
  let objectMoved = false;
  let objectGone = false;
  for (const [id, m] of motions) {
    const s = m.series.samples;
    const k = indexAtOrBefore(s, u.from - 1e-9);
    const before = s[k];
    const after = s[k + 1];
    if (!before || before.t < u.from - 1) continue;
    // An object ball seen as the view went and not again within a second of its return (gone-in-cut.ts).
    if (id !== 0 && (!after || after.t > u.to + VIEW_BACK)) objectGone = true;
    if (!after || after.t < u.to) continue;
    back = Math.min(back, after.t);
    if (m.runs.some((r) => r.first <= k + 1 && r.last > k + 1 && s[r.first]!.t <= after.t + UNSEEN_START)) rolling = true;
    if (Math.hypot(after.x - before.x, after.y - before.y) > MOVED_UNSEEN + 4 * m.noise) {
      if (id === 0) cueMoved = true;
      else objectMoved = true;
    }
  }
  if (!Number.isFinite(back)) return null;
  if (rolling || objectMoved) return { t: back, rolling };
  return cueMoved && objectGone ? { t: back, rolling } : null;
}

/** The shot from a strike at `start` (first moving sample): its end extended while any ball's motion that began during it goes on. */
function windowOf(motions: Map<BallId, BallMotion>, run: MotionRun | null, start: number, lastStill: number, firstEnd: number, next: number, o: SegmentOptions): ShotWindow {
  const cap = next - 1e-6;
  let end = Math.min(firstEnd, cap);
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
  return { cueRun: run, firstMoving: start, lastStill, end, begins: start };
}

/** How long (s) before the struck cue ball is read moving the ball it rested against may be. */
const PUSH_LEAD = 0.1;

/** Largest gap (m) between a resting cue ball and the ball it pushes away without moving visibly itself. */
const PUSH_GAP = 0.01;

/**
 * An object ball that leaves rest from beside the resting cue ball, no ball moving into it: the
 * cue ball was struck into it (frozen or nearly so) and hardly moved itself.
 */
function pushedBalls(motions: Map<BallId, BallMotion>, cue: Series, o: SegmentOptions, diameter: number, frame: number): { start: number; lastStill: number }[] {
  const out: { start: number; lastStill: number }[] = [];
  for (const [id, m] of motions) {
    if (id === 0) continue;
    for (const r of m.runs) {
      // At any speed (a soft safety off a frozen ball), but not carried by a hand, and not a
      // resting ball read again (motion.ts `readAgain`: 14.1 6624 at 1080p60, 45.1 s, the 6
      // beside the cue ball read up to 9 mm off by turns for 0.3 s as the player got down).
      if (!r.restBefore || r.first === 0 || speedsUp(m.series, r)) continue;
      if (readAgain(m.series.samples, r, frame)) continue;
      const t = runStart(m.series, r);
      const k = indexAtOrBefore(cue.samples, t - 1e-9);
      const at = cue.samples[k];
      const apart = at ? Math.hypot(at.x - r.restBefore.x, at.y - r.restBefore.y) : Infinity;
      // Read closer than a radius to the cue ball: not a ball beside it, one ball read under two
      // ids (14.1 6615, 15.3 s: a ball carried off for a re-rack, its readings named by turns the
      // 11 and the cue ball, which was off the table).
      if (!at || t - at.t > 0.2 || apart > diameter + PUSH_GAP || apart < diameter / 2) continue;
      // Another ball already moving near it at t may have hit it (one moving across the table
      // could not have: 9-ball 6430 33.6 s, a resting 7's reading that stepped 7 mm at the stroke).
      if (anyMoving(motions, t - 0.1, t - 0.02, id, { at: r.restBefore, reach: diameter + PUSH_REACH })) continue;
      out.push({ start: t, lastStill: m.series.samples[r.first - 1]!.t });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** How far (m) beyond a diameter a ball moving just before a push may be and still have hit the pushed ball. */
const PUSH_REACH = 0.15;

/** Some object ball (other than `except`) was moving at some time in (a, b); with `near`, within `reach` of `at` then. */
function anyMoving(motions: Map<BallId, BallMotion>, a: number, b: number, except?: BallId, near?: { at: { x: number; y: number }; reach: number }): boolean {
  for (const [id, m] of motions) {
    if (id === 0 || id === except) continue;
    for (const r of m.runs) {
      if (runStart(m.series, r) >= b || runEnd(m.series, r) <= a) continue;
      if (!near) return true;
      for (let k = r.first; k <= r.last; k++) {
        const p = m.series.samples[k]!;
        if (p.t > a - 1e-9 && p.t < b + 1e-9 && Math.hypot(p.x - near.at.x, p.y - near.at.y) <= near.reach) return true;
      }
    }
  }
  return false;
}
