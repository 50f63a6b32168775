// Where the live referee's balls come from: anything that yields track frames (the contract's
// tracks, shared/contracts/EVENTS.md) in time order: `VisionBallSource` (the video through the
// vision pipeline, in a worker thread) or `TracksFileSource` (a recording's tracks.jsonl played
// in step with its video: for tests, and to compare against vision).
import type { TrackFrame } from '../contract/tracks.ts';

/** A track frame with the pass of a looping recording it belongs to (0 for live sources). */
export interface SourcedFrame extends TrackFrame {
  pass: number;
}

export type SourceState = 'starting' | 'live' | 'lost' | 'reconnecting' | 'ended' | 'stopped' | 'unavailable';

export interface SourceStatus {
  kind: string;
  description: string;
  state: SourceState;
  /** Frames (or images) per second over the last seconds. */
  fps: number;
  reconnects: number;
  lastError: string | null;
  /** The vision tracker's figures (a camera source tracked by vision). */
  vision?: VisionStatus;
  /** Something the pages should say about the source (vision behind, calibrating), or null. */
  note?: string | null;
}

export interface VisionStatus {
  /** Frames per second decoded from the source, tracked by vision, and dropped to keep up. */
  decodedFps: number;
  processedFps: number;
  droppedFps: number;
  /** How far behind the source the latest tracked frame was (ms). */
  lagMs: number;
  /** Mean wall ms of vision per frame. */
  visionMs: number;
  /** Where the calibration comes from. */
  calibration: string;
  /** Vision cannot keep up: frames are dropped or it runs late. */
  behind: boolean;
  worker: 'running' | 'stopped';
}

export interface BallSource {
  readonly kind: string;
  readonly description: string;
  /** Gets ready before the recording's clock starts (vision loads its model and warms up). */
  prepare?(signal: AbortSignal): Promise<void>;
  /** Yields frames until stopped (the signal) or the source ends. */
  frames(signal: AbortSignal): AsyncIterable<SourcedFrame>;
  status(): SourceStatus;
}

/** Frames per second over a sliding window of arrival times. */
export class RateMeter {
  private readonly stamps: number[] = [];
  constructor(private readonly windowMs = 2000) {}
  tick(now = Date.now()): void {
    this.stamps.push(now);
    while (this.stamps.length > 0 && this.stamps[0]! < now - this.windowMs) this.stamps.shift();
  }
  clear(): void {
    this.stamps.length = 0;
  }
  rate(now = Date.now()): number {
    while (this.stamps.length > 0 && this.stamps[0]! < now - this.windowMs) this.stamps.shift();
    return Math.round((this.stamps.length * 1000 * 10) / this.windowMs) / 10;
  }
}

/** Resolves after `ms`, or at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Exponential backoff between reconnects: `initial`, doubled each time up to `max`, until reset. */
export class Backoff {
  private ms: number;
  constructor(private readonly o: { initial: number; max: number }) {
    this.ms = o.initial;
  }
  reset(): void {
    this.ms = this.o.initial;
  }
  async wait(signal: AbortSignal): Promise<void> {
    await sleep(this.ms, signal);
    this.ms = Math.min(this.ms * 2, this.o.max);
  }
}

/** Waits for the start of the playhead's pass after `pass`; false (at once) when the recording does not loop. */
export async function nextPass(playhead: { o: { loop: boolean }; msUntil(p: { pass: number; t: number }): number }, pass: number, signal: AbortSignal): Promise<boolean> {
  if (!playhead.o.loop) return false;
  await sleep(Math.max(50, playhead.msUntil({ pass: pass + 1, t: 0 })), signal);
  return true;
}
