// Event inference, incrementally: frames arrive one by one; when the table has been still for
// the rest hold (plus a margin) after motion, `inferEvents` runs on a window of recent frames
// and every shot that has ended since the last one is emitted, once. Racks and disturbed balls
// come out with the shot they precede or when they settle. The window keeps a pre-roll before
// the next shot (start positions) and is trimmed while the table is still.
import type { TableSize } from '../contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../table/spec.ts';
import type { TrackBall, TrackFrame } from '../contract/tracks.ts';
import { inferEvents, type InferredLine } from '../events/infer.ts';
import { backfillIds } from '../analyze/backfill-ids.ts';
import { DEFAULT_SEGMENT } from '../events/shots.ts';

export interface LiveInferenceOptions {
  table: TableSize;
  /** All balls still this long (s) ends a shot (event inference's own rest hold). */
  restHold: number;
  /** Extra stillness (s) before inferring, so the shot's end is inside the window. */
  margin: number;
  /** Frames kept before a shot (s): its start positions are read there. */
  preRoll: number;
  /** The window never grows beyond this (s). */
  maxWindow: number;
  /** A ball that moved more than this (m) over `motionLag` is moving. */
  motionThreshold: number;
  motionLag: number;
  /** While one ball alone keeps moving, infer this often (s) all the same. */
  busyEvery: number;
}

export const DEFAULT_LIVE_INFERENCE: LiveInferenceOptions = {
  table: '9ft', restHold: DEFAULT_SEGMENT.restHold, margin: 0.12, preRoll: 2, maxWindow: 45, motionThreshold: 0.004, motionLag: 0.1, busyEvery: Infinity,
};

/** A line the camera saw, with the frames it was read from (for the evidence). */
export interface SeenLine {
  line: InferredLine;
  frames: TrackFrame[];
}

export interface PushResult {
  lines: SeenLine[];
  /** The table went from still to moving on this frame. */
  motionStarted: boolean;
  /** Milliseconds spent inferring on this frame (0 when it did not run). */
  inferMs: number;
}

/** What has been emitted already: nothing at or before these is emitted again. */
export interface InferenceMark {
  lastShotT: number;
  lastShotEnd: number;
  lastOtherT: number;
}

export class LiveEventInference {
  private window: TrackFrame[] = [];
  private mark: InferenceMark = { lastShotT: -Infinity, lastShotEnd: -Infinity, lastOtherT: -Infinity };
  private lastMotionT = -Infinity;
  private dirty = false;
  private retryAt = Infinity;
  private lastTrimT = -Infinity;
  private lastInferT = -Infinity;
  private lastBusyT = -Infinity;
  moving = false;

  constructor(readonly o: LiveInferenceOptions = DEFAULT_LIVE_INFERENCE) {}

  /** Resuming a match: lines up to this mark are in its log already. */
  resumeAfter(mark: InferenceMark): void {
    this.mark = { ...mark };
  }

  reset(): void {
    this.window = [];
    this.mark = { lastShotT: -Infinity, lastShotEnd: -Infinity, lastOtherT: -Infinity };
    this.lastMotionT = -Infinity;
    this.dirty = false;
    this.retryAt = Infinity;
    this.lastInferT = -Infinity;
    this.lastBusyT = -Infinity;
    this.moving = false;
  }

  get frameCount(): number {
    return this.window.length;
  }

  push(seen: TrackFrame): PushResult {
    const frame = this.onBed(seen);
    const prev = this.window[this.window.length - 1];
    if (prev && frame.t <= prev.t) return { lines: [], motionStarted: false, inferMs: 0 };
    this.window.push(frame);
    const movers = this.movingBalls(frame);
    const movingNow = movers > 0;
    if (movers > 1) this.lastBusyT = frame.t;
    const motionStarted = movingNow && !this.moving && frame.t - this.lastMotionT > this.o.restHold;
    if (movingNow) {
      this.lastMotionT = frame.t;
      this.dirty = true;
    }
    this.moving = frame.t - this.lastMotionT < this.o.restHold;
    let lines: SeenLine[] = [];
    let inferMs = 0;
    const settled = frame.t - this.lastMotionT >= this.o.restHold + this.o.margin;
    // One ball alone moving on (a hand placing the cue ball, or a last ball rolling): look now
    // and then anyway, as a shot whose balls have all stopped is over even if the table is not still.
    const alone = frame.t - this.lastBusyT >= this.o.restHold + this.o.margin;
    const periodic = this.dirty && alone && frame.t - this.lastInferT >= this.o.busyEvery;
    if ((this.dirty && settled) || frame.t >= this.retryAt || periodic) {
      const t0 = performance.now();
      this.lastInferT = frame.t;
      lines = this.infer(frame.t);
      inferMs = performance.now() - t0;
    } else if (!this.dirty && this.retryAt === Infinity && frame.t - this.lastTrimT > 1) {
      this.trim(frame.t - this.o.preRoll);
      this.lastTrimT = frame.t;
    }
    return { lines, motionStarted, inferMs };
  }

  /**
   * The frame without the hidden balls a tracker still predicts beyond the cushions (a pocketed
   * ball's track coasting on): no ball is on the bed there, and its motion would hold the shot open.
   */
  private onBed(frame: TrackFrame): TrackFrame {
    const hx = TABLE_SPECS[this.o.table].length / 2 + BALL_RADIUS;
    const hy = TABLE_SPECS[this.o.table].width / 2 + BALL_RADIUS;
    const off = (b: TrackBall) => b.occluded === true && (Math.abs(b.x) > hx || Math.abs(b.y) > hy);
    return frame.balls.some(off) ? { ...frame, balls: frame.balls.filter((b) => !off(b)) } : frame;
  }

  /** Balls displaced beyond the threshold since `motionLag` ago (2: a ball appeared or vanished). */
  private movingBalls(frame: TrackFrame): number {
    let ref: TrackFrame | undefined;
    for (let i = this.window.length - 2; i >= 0; i--) {
      const f = this.window[i]!;
      if (frame.t - f.t >= this.o.motionLag) { ref = f; break; }
    }
    if (!ref) return 0;
    const seen = (balls: readonly TrackBall[]) => balls.filter((b) => !b.occluded).length;
    if (seen(ref.balls) !== seen(frame.balls) && ref.balls.length !== frame.balls.length) return 2;
    let n = 0;
    for (const b of frame.balls) {
      if (b.occluded) continue;
      const a = b.id !== null ? ref.balls.find((r) => r.id === b.id) : nearest(ref.balls, b);
      if (!a || a.occluded) continue;
      if (Math.hypot(a.x - b.x, a.y - b.y) > this.o.motionThreshold) n += 1;
    }
    return n;
  }

  private infer(now: number): SeenLine[] {
    const lines = inferEvents(namedWindow(this.window), { table: this.o.table });
    const out: SeenLine[] = [];
    let pendingFrom = Infinity;
    let pendingEnd = -Infinity;
    // Stillness is judged over ±0.1 s: a shot is over once its end is that much older than the rest hold.
    const complete = now - this.o.restHold - 0.11;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      const t = l.t ?? -Infinity;
      if (l.kind === 'shot') {
        if (t <= this.mark.lastShotT + 0.2) continue;
        const end = l.end?.t ?? t;
        if (end > complete) {
          pendingFrom = Math.min(pendingFrom, t);
          pendingEnd = Math.max(pendingEnd, end);
          continue;
        }
        const prevLine = lines[i - 1];
        if (prevLine?.kind === 'rack' && (prevLine.t ?? -Infinity) > this.mark.lastOtherT) {
          out.push({ line: prevLine, frames: [] });
          this.mark.lastOtherT = prevLine.t ?? this.mark.lastOtherT;
        }
        out.push({ line: l, frames: this.window.filter((f) => f.t >= t - 0.2 && f.t <= end + 0.1) });
        this.mark.lastShotT = t;
        this.mark.lastShotEnd = end;
      } else if (l.kind === 'disturbed') {
        if (t <= Math.max(this.mark.lastOtherT, this.mark.lastShotEnd + this.o.restHold) || t > complete) continue;
        out.push({ line: l, frames: [] });
        this.mark.lastOtherT = t;
      }
    }
    this.dirty = false;
    // A shot not over yet is over when its balls have rested the rest hold: look again then.
    this.retryAt = pendingFrom < Infinity ? Math.max(now + 0.05, pendingEnd + this.o.restHold + 0.12) : Infinity;
    const keepFrom = Math.min(pendingFrom - this.o.preRoll, this.mark.lastShotEnd === -Infinity ? -Infinity : this.mark.lastShotEnd - this.o.preRoll);
    this.trim(Math.max(keepFrom, now - this.o.maxWindow));
    return out;
  }

  private trim(from: number): void {
    let k = 0;
    while (k < this.window.length && this.window[k]!.t < from) k++;
    if (k > 0) this.window = this.window.slice(k);
  }
}

/**
 * The window with the identities learnt later in it written back over each track (backfill-ids.ts):
 * inference runs once the shot is over, so the frames after it are there — a struck cue ball that
 * outran its track and was picked up by a new one is the cue ball from its first frame. And a
 * track that ended unseen (lost, not in the window's last frame) loses the positions its tracker
 * only guessed after it was last seen: the struck cue ball's old track coasting where it rested
 * is no evidence that it rested on. Balls carry their tracker id in `track` (the vision source
 * sets it on every ball); a window without tracker ids is left as it is. A copy: the window itself
 * keeps what was seen at the time.
 */
export function namedWindow(window: readonly TrackFrame[]): TrackFrame[] {
  if (!window.some((f) => f.balls.some((b) => b.track !== undefined))) return [...window];
  const lastSeen = new Map<number, number>();
  window.forEach((f, k) => f.balls.forEach((b) => { if (b.track !== undefined && !b.occluded) lastSeen.set(b.track, k); }));
  const atEnd = new Set((window[window.length - 1]?.balls ?? []).flatMap((b) => (b.track !== undefined ? [b.track] : [])));
  const guessed = (b: TrackBall, k: number): boolean => b.occluded === true && b.track !== undefined && !atEnd.has(b.track) && k > (lastSeen.get(b.track) ?? -1);
  const frames = window.map((f, k) => ({ ...f, balls: f.balls.filter((b) => !guessed(b, k)) }));
  if (frames.some((f) => f.balls.some((b) => b.track !== undefined && b.id === null))) {
    let loose = -1;
    const trackIds = frames.map((f) => f.balls.map((b) => b.track ?? loose--));
    backfillIds(frames, trackIds);
  }
  return frames;
}

function nearest(balls: readonly TrackBall[], b: TrackBall): TrackBall | undefined {
  let best: TrackBall | undefined;
  let d = Infinity;
  for (const r of balls) {
    const e = Math.hypot(r.x - b.x, r.y - b.y);
    if (e < d) { d = e; best = r; }
  }
  return best;
}
