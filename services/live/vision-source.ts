// The balls from the camera: the video source decoded and tracked by the vision pipeline in a
// worker thread (vision-worker.ts), as the live referee's BallSource. A file plays on the
// recording's playhead (in step with the camera image; one job per pass of a looped recording);
// a V4L2 device or an RTSP/HTTP stream plays until it fails or stalls, and is reconnected with
// exponential backoff. Vision slower than the source drops frames to keep up; the status says
// how many frames vision takes and how late it runs.
import { Worker } from 'node:worker_threads';
import type { TableSize } from '../contract/ids.ts';
import { Backoff, nextPass, RateMeter, type BallSource, type SourcedFrame, type SourceStatus, type VisionStatus } from './ball-source.ts';
import type { ImageFeed } from './relayed-image.ts';
import type { VideoInput } from './video-source.ts';
import type { FromVisionWorker, VisionCounts, VisionJob } from './vision-protocol.ts';

/** Longest wait (ms) for a stopped job to end before its thread is ended anyway. */
const STOP_WAIT_MS = 5000;

export interface CalibrationChoice {
  json: Record<string, unknown>;
  /** Where it comes from (shown in the status): the recording's, a saved one, an automatic one. */
  label: string;
}

export interface VisionSourceOptions {
  table: TableSize;
  /** The calibration to use, read at the start of each job (null: find the table automatically). */
  calibration: () => CalibrationChoice | null;
  /** A calibration found automatically: stored, so the next job (and restart) starts with it. */
  onCalibrated?: (json: Record<string, unknown>) => void;
  /** Decode width in pixels; null: the source's own size. */
  width: number | null;
  /** A file played as if live (late frames dropped); false: every frame, as fast as vision goes. */
  paced: boolean;
  backoffMs: { initial: number; max: number };
  /** A camera that gives no frame for this long is reconnected. */
  stallMs: number;
  /** Vision running later than this (ms) behind the source is "behind" in the status. */
  behindMs: number;
  /** The camera image from vision's decode (a camera: one reader); null: none (a file has its own, paced on the playhead). */
  snapshots: { width: number; rate: number } | null;
  /** Vision names a ball surely a solid or a stripe by a free number of its kind when its own went to another (games whose calls read only kinds: `callsReadKinds`). */
  numbersByKind: boolean;
}

export const DEFAULT_VISION_SOURCE: Omit<VisionSourceOptions, 'table' | 'calibration'> = {
  width: null, paced: true, backoffMs: { initial: 500, max: 10_000 }, stallMs: 8000, behindMs: 300, snapshots: null, numbersByKind: false,
};

type Ending = 'eof' | 'failed' | 'stalled' | 'stopped';

/** Messages of the current job, taken in order (or null after `ms` without one). */
class Inbox {
  private readonly items: FromVisionWorker[] = [];
  private wake: (() => void) | null = null;
  push(m: FromVisionWorker): void {
    this.items.push(m);
    const w = this.wake;
    this.wake = null;
    w?.();
  }
  async take(ms: number, signal: AbortSignal): Promise<FromVisionWorker | null> {
    if (this.items.length === 0) {
      await new Promise<void>((resolve) => {
        const done = (): void => { clearTimeout(timer); signal.removeEventListener('abort', done); this.wake = null; resolve(); };
        const timer = setTimeout(done, ms);
        signal.addEventListener('abort', done, { once: true });
        this.wake = done;
      });
    }
    return this.items.shift() ?? null;
  }
  clear(): void {
    this.items.length = 0;
  }
}

export class VisionBallSource implements BallSource, ImageFeed {
  readonly kind = 'vision';
  private readonly o: VisionSourceOptions;
  private worker: Worker | null = null;
  private readonly inbox = new Inbox();
  private jobId = 0;
  private state: SourceStatus['state'] = 'starting';
  private reconnects = 0;
  private lastError: string | null = null;
  private note: string | null = null;
  private readonly processed = new RateMeter();
  private readonly decodedRate = new RateMeter();
  private readonly droppedRate = new RateMeter();
  private lateMs = 0;
  private visionMs = 0;
  private calibrationLabel = 'none yet';
  private readonly epochWall = Date.now();
  private nextFrame = 0;
  private readonly imageListeners = new Set<(jpeg: Buffer) => void>();

  constructor(readonly input: VideoInput, o: Partial<VisionSourceOptions> & Pick<VisionSourceOptions, 'table' | 'calibration'>) {
    this.o = { ...DEFAULT_VISION_SOURCE, ...o };
  }

  get description(): string {
    return `${this.input.kind === 'stream' ? this.input.url : this.input.path} through vision`;
  }

  /** The camera images of the decode (with `snapshots`). */
  onImage(listener: (jpeg: Buffer) => void): () => void {
    this.imageListeners.add(listener);
    return () => this.imageListeners.delete(listener);
  }

  decodeStatus(): { reconnects: number; lastError: string | null } {
    return { reconnects: this.reconnects, lastError: this.lastError };
  }

  /**
   * Loads the worker, its model and the hot paths (compiled on first use) on a second of a file's
   * frames a third of the way in, where the balls are on the table: a warm-up whose tracks are
   * thrown away, so that the recording's clock starts with vision ready. A camera warms up on
   * its first frames.
   */
  async prepare(signal: AbortSignal): Promise<void> {
    if (this.input.kind !== 'file') return;
    const warm = this.job(0, this.input.playhead.o.duration / 3, signal, () => {}, 30);
    for await (const _ of warm) { /* the warm-up's frames are not the match's */ }
    this.state = 'starting';
    this.processed.clear();
    // Stopped while warming up: frames() will not run, so its thread is ended here.
    if (signal.aborted) await this.shutdown();
  }

  async *frames(signal: AbortSignal): AsyncIterable<SourcedFrame> {
    const backoff = new Backoff(this.o.backoffMs);
    try {
      while (!signal.aborted) {
        let from = { pass: 0, t: 0 };
        if (this.input.kind === 'file') {
          const p = this.input.playhead;
          p.begin();
          if (this.o.paced) from = p.position();
          if (from.t >= p.o.duration) {
            if (!(await nextPass(p, from.pass, signal))) break;
            continue;
          }
        }
        let ending: Ending = 'eof';
        for await (const item of this.job(from.pass, from.t, signal, () => backoff.reset())) {
          if (typeof item === 'string') ending = item;
          else yield item;
        }
        if (ending === 'stopped' || signal.aborted) break;
        if (ending === 'eof' && this.input.kind === 'file') {
          if (!this.o.paced || !(await nextPass(this.input.playhead, from.pass, signal))) break;
          continue;
        }
        this.state = 'lost';
        this.reconnects += 1;
        await backoff.wait(signal);
        this.state = 'reconnecting';
      }
      this.state = signal.aborted ? 'stopped' : 'ended';
    } finally {
      await this.shutdown();
      if (signal.aborted) this.state = 'stopped';
    }
  }

  /** One decode of the source: its frames, then how it ended. */
  private async *job(pass: number, start: number, signal: AbortSignal, onFrame: () => void, maxFrames: number | null = null): AsyncGenerator<SourcedFrame | Ending> {
    const id = ++this.jobId;
    const cal = this.o.calibration();
    if (cal) this.calibrationLabel = cal.label;
    const input = this.input;
    const job: VisionJob = {
      id, kind: input.kind, source: input.kind === 'stream' ? input.url : input.path, start, pass,
      clock: input.kind === 'file' && this.o.paced && maxFrames === null ? input.playhead.clock() : null, maxFrames,
      epochWall: this.epochWall, firstFrame: this.nextFrame, width: this.o.width, table: this.o.table,
      calibration: cal?.json ?? null, slack: 1 / 20, snapshots: maxFrames === null ? this.o.snapshots : null, numbersByKind: this.o.numbersByKind,
    };
    this.inbox.clear();
    this.ensureWorker().postMessage({ type: 'start', job });
    let lastProgress = Date.now();
    let decoded = 0;
    let counted: VisionCounts = { decoded: 0, taken: 0, dropped: 0, visionMs: 0 };
    const stop = (): void => this.worker?.postMessage({ type: 'stop', id });
    let stalled = false;
    for (;;) {
      const m = await this.inbox.take(500, signal);
      if (signal.aborted) { stop(); yield 'stopped'; return; }
      if (!m) {
        if (input.kind !== 'file' && !stalled && Date.now() - lastProgress > this.o.stallMs) {
          stalled = true;
          this.lastError = `no frame for ${Math.round(this.o.stallMs / 1000)} s`;
          stop();
        }
        continue;
      }
      if (m.id !== id) continue;
      if (m.type === 'frame') {
        onFrame();
        this.state = 'live';
        this.lastError = null;
        this.processed.tick();
        this.lateMs = m.lateMs;
        this.nextFrame = Math.max(this.nextFrame, m.frame.frame + 1);
        yield { ...m.frame, pass };
      } else if (m.type === 'counts' || m.type === 'ended') {
        const c = m.counts;
        for (let k = counted.decoded; k < c.decoded; k++) this.decodedRate.tick();
        for (let k = counted.dropped; k < c.dropped; k++) this.droppedRate.tick();
        if (c.decoded > decoded) { decoded = c.decoded; lastProgress = Date.now(); }
        this.visionMs = c.visionMs;
        counted = c;
        if (m.type === 'counts') this.note = m.note;
        else {
          if (m.message) this.lastError = m.message;
          yield stalled ? 'stalled' : m.reason;
          return;
        }
      } else if (m.type === 'calibrated') {
        this.calibrationLabel = 'automatic';
        this.o.onCalibrated?.(m.calibration);
      }
    }
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./vision-worker.mjs', import.meta.url));
    w.on('message', (m: FromVisionWorker) => {
      // Camera images are shown at once, not queued behind the frames.
      if (m.type !== 'snapshot') this.inbox.push(m);
      else if (m.id === this.jobId) {
        const jpeg = Buffer.from(m.jpeg.buffer, m.jpeg.byteOffset, m.jpeg.byteLength);
        for (const l of this.imageListeners) l(jpeg);
      }
    });
    const gone = (why: string): void => {
      if (this.worker !== w) return;
      this.worker = null;
      const empty: VisionCounts = { decoded: 0, taken: 0, dropped: 0, visionMs: 0 };
      this.inbox.push({ type: 'ended', id: this.jobId, reason: 'failed', message: `vision worker ${why}`, counts: empty });
    };
    w.on('error', (e) => gone(`failed: ${e.message}`));
    w.on('exit', (code) => gone(`exited (${code})`));
    this.worker = w;
    return w;
  }

  private async shutdown(): Promise<void> {
    const w = this.worker;
    if (!w) return;
    this.worker = null;
    const id = this.jobId;
    // The job stops its decoder and releases its models' sessions, then says it ended: a thread
    // ended while onnxruntime is still in one aborts the whole process. Waited for up to
    // STOP_WAIT_MS, then the thread is ended anyway.
    const ended = new Promise<void>((resolve) => {
      const onMessage = (m: FromVisionWorker): void => {
        if (m.type !== 'ended' || m.id !== id) return;
        w.off('message', onMessage);
        resolve();
      };
      w.on('message', onMessage);
      w.once('exit', () => resolve());
    });
    w.postMessage({ type: 'stop', id });
    await Promise.race([ended, new Promise((r) => setTimeout(r, STOP_WAIT_MS))]);
    await w.terminate();
  }

  status(): SourceStatus {
    const processedFps = this.processed.rate();
    const decodedFps = this.decodedRate.rate();
    const droppedFps = this.droppedRate.rate();
    const live = this.state === 'live';
    const behind = live && (droppedFps > 0.1 * decodedFps || this.lateMs > this.o.behindMs);
    const vision: VisionStatus = {
      processedFps, decodedFps, droppedFps, lagMs: this.lateMs, visionMs: this.visionMs, calibration: this.calibrationLabel, behind,
      worker: this.worker ? 'running' : 'stopped',
    };
    const note = this.note ?? (behind
      ? `vision behind: ${processedFps} of ${decodedFps} frames/s processed (${droppedFps}/s dropped to keep up), ${this.lateMs} ms late`
      : null);
    return { kind: this.kind, description: this.description, state: this.state, fps: processedFps, reconnects: this.reconnects, lastError: this.lastError, vision, note };
  }
}
