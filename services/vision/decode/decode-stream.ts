// Streaming decode: ffmpeg turns a video file, a V4L2 device (/dev/video0) or a stream URL
// (rtsp://, http://, …) into RGB24 (or YUV 4:2:0) frames, yielded one at a time as an AsyncIterable. Memory
// stays bounded whatever the length of the video: at most `queue` whole frames wait for the
// consumer; when they do, reading is paused, the pipe fills and ffmpeg blocks (backpressure).
// The frames come through a named pipe read straight into each frame's buffer (frame-fifo.ts;
// ffmpeg's stdout where no FIFO can be made). Frame times: a file is decoded at a constant rate (`-vsync cfr`), so frame k
// of a decode from `start` is `k / fps` after the first frame at or after `start`; a live
// source is timed by arrival (seconds since its first frame). Where a file has no frame of its
// own (a corrupt stretch), `-vsync cfr` repeats the last one: once ffmpeg has reported a decoding
// error, frames with the same pixels as the previous one at every sampled byte are marked
// `repeated`. (A clean file's still scene can decode to identical frames too, when the encoder
// skipped every block: those are left alone.)
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { FrameFifo } from './frame-fifo.ts';
import { ffmpegPath } from '../../capture/ffmpeg-path.ts';
import { JpegSplitter } from '../../capture/mjpeg.ts';
import type { RgbImage } from './image.ts';
import { yuv420Bytes, yuv420Image, yuvToRgb, type Yuv420Image } from './yuv-image.ts';

export interface DecodedFrame<I extends RgbImage | Yuv420Image = RgbImage> {
  /** 0-based index of the frame in this decode. */
  index: number;
  /** Its time in seconds (video time for a file; since the first frame for a live source). */
  t: number;
  image: I;
  /**
   * A file's frame that ffmpeg repeated to keep the constant rate where the file has no frame of
   * its own (a corrupt or missing stretch): the previous frame's pixels again. Not a view of the
   * table at this time.
   */
  repeated?: true;
}

export type PixelFormat = 'rgb24' | 'yuv420p';

export interface StreamInfo {
  width: number;
  height: number;
  /** Output frame rate (frames/s); NaN when ffmpeg did not say. */
  fps: number;
  /** Duration of a file in seconds (after `start`), null when unknown (live sources). */
  duration: number | null;
  live: boolean;
  /** The output's colour matrix and range as ffmpeg tags them (BT.601 unless BT.709; limited unless `pc`), for yuv420p frames. */
  matrix: 'bt601' | 'bt709';
  fullRange: boolean;
}

export interface DecodeStreamOptions {
  /** Output size: `{ width }` keeps the aspect (even height), or both. Default: the source's. */
  scale?: { width: number; height?: number };
  /** Pace frames at their times (1 = real time, 2 = twice as fast). Default: as fast as decoded. */
  realtime?: number;
  /** Stops the decode: ffmpeg is killed and the iteration throws the signal's reason. */
  signal?: AbortSignal;
  /** Whole frames held for the consumer before ffmpeg is paused. Default 3. */
  queue?: number;
  /** Start this many seconds into a file. */
  start?: number;
  /** Stop after this many frames. */
  maxFrames?: number;
  /** Force a frame rate (ffmpeg `-r`): frames are dropped or repeated to reach it. */
  fps?: number;
  /** The ffmpeg binary (default: ffmpegPath()). */
  ffmpeg?: string;
  /**
   * ffmpeg's decoding threads (`-threads`). Default: ffmpeg's choice (one per core and more),
   * right for one decode beside light work; where every core is already busy (analyze's
   * segments, each with its own ffmpeg beside a vision thread) 1 costs less CPU per frame.
   */
  threads?: number;
  /**
   * The frames' pixels: 'rgb24' (default) or 'yuv420p' (the decoder's own format: no conversion
   * in ffmpeg and half the bytes; yuv-image.ts).
   */
  pixelFormat?: PixelFormat;
  /** Read the frames from ffmpeg's stdout instead of a FIFO read in place (frame-fifo.ts). Default false. */
  stdout?: boolean;
  /** Have ffmpeg report its CPU time at the end (`stats.ffmpegCpuMs`). */
  benchmark?: boolean;
  /**
   * Reuse frame buffers: a frame's pixels stay valid only until the next frame is asked for,
   * then its buffer takes a later frame. Saves a fresh allocation per frame (6 MB at 1080p: the
   * kernel's page faults, then the garbage collector's full collections to free it). Default
   * false: every frame keeps its own pixels.
   */
  recycle?: boolean;
  /**
   * A second output of the same ffmpeg: small JPEG images (the camera image for viewers),
   * `rate` a second, `width` pixels wide, each handed to `onImage` as it is encoded. One reader
   * for a camera that only one process may open (V4L2), and one decode instead of two for a
   * stream. The images come at the decode's pace: while the frames wait for the consumer,
   * so do they.
   */
  snapshots?: SnapshotOutput;
}

export interface SnapshotOutput {
  width: number;
  rate: number;
  onImage: (jpeg: Buffer) => void;
}

export type SourceKind = 'file' | 'device' | 'stream';

export function sourceKind(source: string): SourceKind {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) return 'stream';
  if (source.startsWith('/dev/')) return 'device';
  return 'file';
}

/** The ffmpeg argument list for a decode (exported for tests and for logging). */
export function ffmpegArgs(source: string, o: DecodeStreamOptions = {}, output = 'pipe:1'): string[] {
  const kind = sourceKind(source);
  const input: string[] = [];
  if (kind === 'device') input.push('-f', 'v4l2');
  if (kind === 'stream' && /^rtsps?:/i.test(source)) input.push('-rtsp_transport', 'tcp');
  if (o.start && o.start > 0) input.push('-ss', o.start.toFixed(6));
  if (o.threads !== undefined) input.push('-threads', String(o.threads));
  const filters: string[] = [];
  if (o.scale) filters.push(`scale=${o.scale.width}:${o.scale.height ?? -2}:flags=area`);
  const out: string[] = [];
  if (filters.length > 0) out.push('-vf', filters.join(','));
  if (o.fps) out.push('-r', String(o.fps));
  if (kind === 'file') out.push('-vsync', 'cfr');
  if (o.maxFrames !== undefined) out.push('-frames:v', String(o.maxFrames));
  const snapshots = o.snapshots
    ? ['-an', '-sn', '-vf', `fps=${o.snapshots.rate},scale=${o.snapshots.width}:-2`, '-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '7', 'pipe:3']
    : [];
  return ['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info', ...(o.benchmark ? ['-benchmark'] : []), ...input, '-i', source, '-an', '-sn', ...out, '-f', 'rawvideo', '-pix_fmt', o.pixelFormat ?? 'rgb24', ...(output === 'pipe:1' ? [] : ['-y']), output, ...snapshots];
}

/** Reads ffmpeg's description of its input and rawvideo output; null until the output stream is described. */
export function parseStreamInfo(log: string, live: boolean, start = 0): StreamInfo | null {
  const at = log.indexOf('Output #0');
  if (at < 0) return null;
  const out = log.slice(at);
  // Only a whole line: ffmpeg's log may arrive cut anywhere.
  const line = /Video: rawvideo[^\n]*\n/.exec(out)?.[0];
  const matrix = line && /\(\w+, bt709\b/.test(line) ? 'bt709' : 'bt601';
  const fullRange = line ? /\(pc\b/.test(line) : false;
  const m = line ? /, (\d{2,5})x(\d{2,5})/.exec(line) : null;
  if (!line || !m) return null;
  const fps = /, ([\d.]+) fps/.exec(line);
  const d = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(log.slice(0, at));
  const duration = !live && d ? Math.max(0, Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) - start) : null;
  return { width: Number(m[1]), height: Number(m[2]), fps: fps ? Number(fps[1]) : NaN, duration, live, matrix, fullRange };
}

/** The last meaningful lines of an ffmpeg log, for an error message. */
function lastLines(log: string): string {
  const lines = log.split('\n').map((l) => l.trim()).filter((l) => l && !/^(frame=|Press \[q\]|Stream mapping|Metadata|encoder|handler_name)/.test(l));
  return lines.slice(-2).join(' | ') || '(no message)';
}

export class DecodeError extends Error {
  override name = 'DecodeError';
  /** ffmpeg ended without a frame (a start past the last decodable frame of a file cut short). */
  readonly noFrames: boolean;
  constructor(message: string, o: { noFrames?: boolean } = {}) {
    super(message);
    this.noFrames = o.noFrames ?? false;
  }
}

/** What a decoder says of a corrupt stream (h264, hevc, mpeg4 …: a broken NAL unit, a concealed macroblock). */
const DECODE_ERROR = /error while decoding|Invalid NAL|concealing \d+|corrupt|missing picture|Error splitting|Invalid data found/gi;

/** Every SAMPLE_STRIDE-th byte of a frame is compared with the previous frame's to find repeats. */
const SAMPLE_STRIDE = 97;

/** Whether `bytes` equals the previous frame at every sampled byte; `last` is updated to this frame's sample. */
export function repeatsLast(bytes: Uint8Array, last: { sample: Uint8Array | null }): boolean {
  const n = Math.floor((bytes.length - 1) / SAMPLE_STRIDE) + 1;
  const prev = last.sample;
  let same = prev !== null && prev.length === n;
  const sample = prev !== null && prev.length === n ? prev : new Uint8Array(n);
  for (let i = 0, k = 0; k < n; i += SAMPLE_STRIDE, k++) {
    const v = bytes[i]!;
    if (same && sample[k] !== v) same = false;
    sample[k] = v;
  }
  last.sample = sample;
  return same;
}

/**
 * Decodes `source` frame by frame. `info` resolves once ffmpeg has described the output (or
 * rejects with the decode's error). Iterate once; breaking out of the loop kills ffmpeg.
 */
export function decodeStream(source: string, opts: DecodeStreamOptions & { pixelFormat: 'yuv420p' }): FrameStream<Yuv420Image>;
export function decodeStream(source: string, opts?: DecodeStreamOptions & { pixelFormat?: 'rgb24' }): FrameStream<RgbImage>;
export function decodeStream(source: string, opts: DecodeStreamOptions): FrameStream<RgbImage> | FrameStream<Yuv420Image>;
export function decodeStream(source: string, opts: DecodeStreamOptions = {}): FrameStream<RgbImage> | FrameStream<Yuv420Image> {
  return opts.pixelFormat === 'yuv420p' ? new FrameStream<Yuv420Image>(source, opts) : new FrameStream<RgbImage>(source, opts);
}

/** A stream's frames: bytes a frame, and the image over a frame's bytes (a YUV stream's conversion fixed once). */
function frameLayout(format: PixelFormat, info: StreamInfo): { bytes: number; image: (data: Uint8Array) => RgbImage | Yuv420Image } {
  const { width, height } = info;
  if (format === 'rgb24') return { bytes: width * height * 3, image: (data) => ({ data, width, height }) };
  const colour = yuvToRgb(info.matrix, info.fullRange);
  return { bytes: yuv420Bytes(width, height), image: (data) => yuv420Image(data, width, height, colour) };
}

type Waiter<I extends RgbImage | Yuv420Image> = { resolve: (r: IteratorResult<DecodedFrame<I>>) => void; reject: (e: unknown) => void };

export class FrameStream<I extends RgbImage | Yuv420Image = RgbImage> implements AsyncIterable<DecodedFrame<I>> {
  readonly info: Promise<StreamInfo>;
  /** Frames decoded so far, the most ever queued at once, how often ffmpeg was paused, and its CPU time (with `benchmark`, once it ended). */
  readonly stats: { frames: number; maxQueued: number; pauses: number; ffmpegCpuMs: number | null; decodeErrors: number } = { frames: 0, maxQueued: 0, pauses: 0, ffmpegCpuMs: null, decodeErrors: 0 };
  private readonly kind: SourceKind;
  private readonly limit: number;
  private proc: ChildProcess | null = null;
  private fifo: FrameFifo | null = null;
  /** Frames waiting for the consumer, each with the buffer under its image. */
  private readonly queue: { frame: DecodedFrame<I>; bytes: Uint8Array }[] = [];
  /** With `recycle`: buffers free for the next frames, and the one the consumer holds. */
  private readonly free: Uint8Array[] = [];
  private held: Uint8Array | null = null;
  private waiter: Waiter<I> | null = null;
  private failure: unknown = null;
  private ended = false;
  private started = false;
  private infoResolve!: (i: StreamInfo) => void;
  private infoReject!: (e: unknown) => void;
  private parsed: StreamInfo | null = null;

  private readonly format: PixelFormat;

  constructor(readonly source: string, private readonly o: DecodeStreamOptions) {
    this.kind = sourceKind(source);
    this.format = o.pixelFormat ?? 'rgb24';
    this.limit = Math.max(1, o.queue ?? 3);
    this.info = new Promise<StreamInfo>((res, rej) => { this.infoResolve = res; this.infoReject = rej; });
    this.info.catch(() => undefined); // the iteration reports the same error
  }

  [Symbol.asyncIterator](): AsyncIterator<DecodedFrame<I>> {
    if (this.started) throw new Error('decodeStream: a stream can be iterated only once');
    this.started = true;
    this.start();
    const pace = this.o.realtime && this.o.realtime > 0 ? this.o.realtime : 0;
    let wall0 = 0;
    let t0 = 0;
    return {
      next: async () => {
        const r = await this.take();
        if (r.done || !pace) return r;
        const now = performance.now();
        if (r.value.index === 0) { wall0 = now; t0 = r.value.t; }
        const due = wall0 + ((r.value.t - t0) * 1000) / pace;
        if (due > now) await this.sleep(due - now);
        if (this.failure) throw this.failure;
        return r;
      },
      return: async () => {
        this.stop();
        return { done: true, value: undefined };
      },
    };
  }

  /** Whether ffmpeg is still running. */
  get running(): boolean {
    return this.proc !== null && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Kills ffmpeg (if running) and drops queued frames. */
  stop(): void {
    this.ended = true;
    this.queue.length = 0;
    if (this.proc && this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill('SIGKILL');
    this.fifo?.close();
  }

  private start(): void {
    const signal = this.o.signal;
    if (signal?.aborted) return this.fail(abortReason(signal));
    if (this.kind === 'file' && !existsSync(this.source)) return this.fail(new DecodeError(`no such video file: ${this.source}`));
    const fifo = this.o.stdout ? null : FrameFifo.create();
    this.fifo = fifo;
    let proc: ChildProcess;
    try {
      // Frames to the FIFO (else stdout); with snapshots, fd 3 carries the JPEG output (`pipe:3`).
      const out = fifo ? 'ignore' : 'pipe';
      const stdio = this.o.snapshots ? ['ignore', out, 'pipe', 'pipe'] as const : ['ignore', out, 'pipe'] as const;
      proc = spawn(this.o.ffmpeg ?? ffmpegPath(), ffmpegArgs(this.source, this.o, fifo?.path), { stdio: [...stdio] });
    } catch (e) {
      fifo?.close();
      return this.fail(new DecodeError(`could not start ffmpeg: ${(e as Error).message}`));
    }
    this.proc = proc;
    const snapshots = this.o.snapshots;
    const jpegOut = snapshots ? (proc.stdio[3] as Readable | null) : null;
    if (snapshots && jpegOut) {
      // Always read: an unread pipe would block ffmpeg, and with it the frames.
      const splitter = new JpegSplitter();
      jpegOut.on('data', (chunk: Buffer) => { if (!this.ended) for (const jpeg of splitter.push(chunk)) snapshots.onImage(jpeg); });
      jpegOut.on('error', () => undefined);
    }
    const onAbort = (): void => { this.fail(abortReason(signal!)); this.stop(); };
    signal?.addEventListener('abort', onAbort, { once: true });
    let log = '';
    let frameBytes = 0;
    let imageOf: ((data: Uint8Array) => RgbImage | Yuv420Image) | null = null;
    let frame: Uint8Array | null = null;
    let filled = 0;
    let wall0 = 0;
    let first = 0;
    const lastSample: { sample: Uint8Array | null } = { sample: null };
    // Once ffmpeg has described its output: the frame size and the first frame's time.
    const ready = (): boolean => {
      if (!this.parsed) this.describe(log);
      if (!this.parsed) return false;
      if (frameBytes === 0) {
        const layout = frameLayout(this.format, this.parsed);
        frameBytes = layout.bytes;
        imageOf = layout.image;
        // A file decoded from `start` begins with the first frame at or after it (frames at k / fps).
        first = this.parsed.live ? 0 : Math.ceil((this.o.start ?? 0) * this.parsed.fps - 1e-3) / this.parsed.fps;
      }
      return true;
    };
    // Not zero-filled: every byte is written from ffmpeg before the frame is handed out.
    const current = (): Uint8Array => (frame ??= this.free.pop() ?? Buffer.allocUnsafeSlow(frameBytes));
    const added = (n: number): void => {
      filled += n;
      if (filled < frameBytes || this.ended) return;
      const info = this.parsed!;
      const index = this.stats.frames++;
      const now = performance.now();
      if (index === 0) wall0 = now;
      const t = info.live ? (now - wall0) / 1000 : first + index / info.fps;
      const bytes = current();
      const repeated = !info.live && repeatsLast(bytes, lastSample) && this.stats.decodeErrors > 0;
      this.push({ index, t, image: imageOf!(bytes) as I, ...(repeated ? { repeated: true as const } : {}) }, bytes);
      frame = null;
      filled = 0;
      if (this.queue.length >= this.limit && !this.readerPaused()) { this.pauseReader(); this.stats.pauses++; }
    };
    // ffmpeg's exit is handled once the frames are all read (a FIFO may still hold some).
    let exited: { code: number | null; sig: NodeJS.Signals | null } | null = null;
    let drained = fifo === null;
    const exit = (): void => {
      if (!exited || !drained) return;
      const { code, sig } = exited;
      fifo?.close();
      const bench = /bench: utime=([\d.]+)s stime=([\d.]+)s/.exec(log);
      if (bench) this.stats.ffmpegCpuMs = (Number(bench[1]) + Number(bench[2])) * 1000;
      if (this.ended) return this.finish();
      if (code !== 0) {
        const why = sig ? `ffmpeg was killed (${sig})` : `ffmpeg exited with status ${code}`;
        return this.fail(new DecodeError(`could not decode ${this.source}: ${why}: ${lastLines(log)}`));
      }
      if (this.stats.frames === 0) return this.fail(new DecodeError(`no frame decoded from ${this.source}: ${lastLines(log)}`, { noFrames: true }));
      this.finish();
    };
    const stderr = proc.stderr!;
    stderr.setEncoding('utf8');
    stderr.on('data', (s: string) => {
      log = this.parsed ? (log + s).slice(-4000) : log + s;
      this.stats.decodeErrors += s.match(DECODE_ERROR)?.length ?? 0;
      // The FIFO is read from the moment the frame size is known (ffmpeg waits on it till then).
      if (fifo && !fifo.started && ready()) {
        fifo.start({ target: () => current().subarray(filled), filled: added }, () => { drained = true; exit(); }, (e) => this.fail(new DecodeError(`reading ffmpeg's frames: ${e.message}`)));
      }
    });
    if (!fifo) {
      const stdout = proc.stdout!;
      const pending: Buffer[] = [];
      const consume = (chunk: Buffer): void => {
        for (let off = 0; off < chunk.length && !this.ended;) {
          const n = Math.min(frameBytes - filled, chunk.length - off);
          current().set(chunk.subarray(off, off + n), filled);
          off += n;
          added(n);
        }
      };
      stdout.on('data', (chunk: Buffer) => {
        if (!ready()) { pending.push(chunk); return; }
        for (const c of pending.splice(0)) consume(c);
        consume(chunk);
      });
    }
    proc.on('error', (e) => this.fail(new DecodeError(`ffmpeg failed to run: ${e.message}`)));
    proc.on('close', (code, sig) => {
      signal?.removeEventListener('abort', onAbort);
      exited = { code, sig };
      // Never described its output (failed early): nothing will come through the FIFO.
      if (fifo && !fifo.started) drained = true;
      exit();
    });
  }

  private readerPaused(): boolean {
    return this.fifo ? this.fifo.paused : (this.proc?.stdout?.isPaused() ?? false);
  }

  private pauseReader(): void {
    if (this.fifo) this.fifo.pause();
    else this.proc?.stdout?.pause();
  }

  private resumeReader(): void {
    if (this.fifo) this.fifo.resume();
    else this.proc?.stdout?.resume();
  }

  private describe(log: string): void {
    const info = parseStreamInfo(log, this.kind !== 'file', this.o.start ?? 0);
    if (!info) return;
    if (!info.live && !(info.fps > 0)) return this.fail(new DecodeError(`ffmpeg gave no frame rate for ${this.source}`));
    this.parsed = info;
    this.infoResolve(info);
  }

  private push(f: DecodedFrame<I>, bytes: Uint8Array): void {
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      if (this.o.recycle) this.held = bytes;
      w.resolve({ done: false, value: f });
      return;
    }
    this.queue.push({ frame: f, bytes });
    this.stats.maxQueued = Math.max(this.stats.maxQueued, this.queue.length);
  }

  private take(): Promise<IteratorResult<DecodedFrame<I>>> {
    if (this.failure) return Promise.reject(this.failure);
    // The consumer is done with the frame it held: its buffer takes a later frame.
    if (this.held) this.free.push(this.held);
    this.held = null;
    const q = this.queue.shift();
    if (q) {
      if (this.o.recycle) this.held = q.bytes;
      if (this.queue.length < this.limit && this.readerPaused()) this.resumeReader();
      return Promise.resolve({ done: false, value: q.frame });
    }
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    if (this.readerPaused()) this.resumeReader();
    return new Promise((resolve, reject) => { this.waiter = { resolve, reject }; });
  }

  private finish(): void {
    this.ended = true;
    this.infoReject(new DecodeError(`ffmpeg ended before describing ${this.source}`));
    const w = this.waiter;
    this.waiter = null;
    w?.resolve({ done: true, value: undefined });
  }

  private fail(e: unknown): void {
    if (this.failure) return;
    this.failure = e;
    this.ended = true;
    this.queue.length = 0;
    this.infoReject(e);
    const w = this.waiter;
    this.waiter = null;
    w?.reject(e);
    if (this.proc && this.proc.exitCode === null) this.proc.kill('SIGKILL');
    this.fifo?.close();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const signal = this.o.signal;
      const done = (): void => { clearTimeout(timer); signal?.removeEventListener('abort', done); resolve(); };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

function abortReason(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  if (r instanceof Error) return r;
  const e = new Error(typeof r === 'string' ? r : 'decode aborted');
  e.name = 'AbortError';
  return e;
}
