// Keeping vision up with the source. Vision may be slower than the camera; live, a late frame is
// worth less than a current one, so frames are dropped rather than queued:
//  - a file played as if live: frames are paced on the playhead (a frame due later waits for it),
//    and a frame the playhead has already left behind by more than `slack` seconds is dropped;
//  - frames are read as they come into a short backlog the consumer takes in order (the oldest
//    dropped beyond it), so the source is never held back (ffmpeg would buffer, and lag would
//    grow) while a burst of costly frames is still worked through.
// Either way the counts say how many frames were taken and dropped.

export interface Timed {
  /** Time of the frame (s): recording time for a file, seconds since the start for a live source. */
  t: number;
}

export interface KeepUpCounts {
  taken: number;
  dropped: number;
}

export interface PaceClock {
  /** Wall milliseconds until recording time `t` (≤ 0: already there). */
  msUntil(t: number): number;
  /** Recording seconds per wall second. */
  speed: number;
}

/** Resolves after `ms`, or at once when the signal aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = (): void => { clearTimeout(timer); signal?.removeEventListener('abort', done); resolve(); };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * A file's frames on the clock: each waits until it is due; one the clock has passed by more than
 * `slack` recording seconds is dropped, unless `maxRun` frames in a row were dropped already (so a
 * decoder slower than real time still makes progress, late; the lag shows in the status).
 */
export async function* paced<F extends Timed>(frames: AsyncIterable<F>, clock: PaceClock, counts: KeepUpCounts, o: { slack: number; maxRun: number; signal?: AbortSignal }): AsyncGenerator<F> {
  let run = 0;
  for await (const f of frames) {
    if (o.signal?.aborted) return;
    const wait = clock.msUntil(f.t);
    const late = (-wait / 1000) * clock.speed;
    if (late > o.slack && run < o.maxRun) {
      counts.dropped += 1;
      run += 1;
      continue;
    }
    run = 0;
    if (wait > 0) await pause(wait, o.signal);
    if (o.signal?.aborted) return;
    counts.taken += 1;
    yield f;
  }
}

/**
 * A source's frames read as fast as they come; the consumer gets them in order from a backlog of
 * at most `keep` frames (the oldest dropped beyond it; `keep` 1: only the newest). A short backlog
 * lets vision work through a burst of costly frames (a break) and catch up on the cheap ones after,
 * instead of losing the burst. Ends when the source ends; a source error is thrown to the
 * consumer after the frames before it.
 */
export function boundedBacklog<F>(frames: AsyncIterable<F>, counts: KeepUpCounts, keep = 1): AsyncIterable<F> {
  if (!(Number.isInteger(keep) && keep >= 1)) throw new Error('boundedBacklog: keep must be a positive integer');
  return {
    [Symbol.asyncIterator](): AsyncIterator<F> {
      const backlog: F[] = [];
      let done = false;
      let failure: { error: unknown } | null = null;
      let wake: (() => void) | null = null;
      const source = frames[Symbol.asyncIterator]();
      const notify = (): void => { const w = wake; wake = null; w?.(); };
      const pump = (async () => {
        try {
          for (;;) {
            const r = await source.next();
            if (r.done || done) break;
            if (backlog.length >= keep) {
              backlog.shift();
              counts.dropped += 1;
            }
            backlog.push(r.value);
            notify();
          }
        } catch (e) {
          failure = { error: e };
        }
        done = true;
        notify();
      })();
      return {
        next: async (): Promise<IteratorResult<F>> => {
          for (;;) {
            if (backlog.length) {
              counts.taken += 1;
              return { done: false, value: backlog.shift()! };
            }
            if (failure) throw (failure as { error: unknown }).error;
            if (done) return { done: true, value: undefined };
            await new Promise<void>((resolve) => { wake = resolve; });
          }
        },
        return: async (): Promise<IteratorResult<F>> => {
          done = true;
          backlog.length = 0;
          await source.return?.();
          await pump;
          return { done: true, value: undefined };
        },
      };
    },
  };
}
