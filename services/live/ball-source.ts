// Where the live referee's balls come from: anything that yields track frames (the contract's
// tracks, shared/contracts/EVENTS.md) in time order. Today that is `TracksFileSource` (a
// recording's tracks.jsonl played in step with its video: the stand-in for vision); the vision
// tracker will be another implementation of the same interface.
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
}

export interface BallSource {
  readonly kind: string;
  readonly description: string;
  /** Yields frames until stopped (the signal) or the source ends. */
  frames(signal: AbortSignal): AsyncIterable<SourcedFrame>;
  status(): SourceStatus;
}

/** A source with no ball tracking (a camera while the vision tracker is not available). */
export class NoBallSource implements BallSource {
  readonly kind = 'none';
  constructor(readonly description: string) {}
  async *frames(signal: AbortSignal): AsyncIterable<SourcedFrame> {
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  status(): SourceStatus {
    return { kind: this.kind, description: this.description, state: 'unavailable', fps: 0, reconnects: 0, lastError: null };
  }
}

/** Frames per second over a sliding window of arrival times. */
export class RateMeter {
  private readonly stamps: number[] = [];
  constructor(private readonly windowMs = 2000) {}
  tick(now = Date.now()): void {
    this.stamps.push(now);
    while (this.stamps.length > 0 && this.stamps[0]! < now - this.windowMs) this.stamps.shift();
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
