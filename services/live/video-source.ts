// The camera image: ffmpeg decodes the video source (a file paced on the recording's playhead,
// a V4L2 device such as /dev/video0, or an RTSP/HTTP stream) into small JPEG snapshots a few
// times a second. A source that stops (ffmpeg exits, the stream stalls) is restarted with
// exponential backoff; the status says what is happening. The match is not touched by any of it.
import { spawn, type ChildProcess } from 'node:child_process';
import { ffmpegPath } from '../capture/ffmpeg-path.ts';
import { Backoff, nextPass, RateMeter, sleep, type SourceStatus } from './ball-source.ts';
import { JpegSplitter } from '../capture/mjpeg.ts';
import type { Playhead, PlayheadPosition } from './playhead.ts';

export type VideoInput =
  | { kind: 'file'; path: string; playhead: Playhead }
  | { kind: 'device'; path: string }
  | { kind: 'stream'; url: string };

export interface VideoSourceOptions {
  /** Snapshot width in pixels (height follows the aspect). */
  width: number;
  /** Snapshots per second. */
  rate: number;
  backoffMs: { initial: number; max: number };
  /** A live source that gives no image for this long is restarted. */
  stallMs: number;
}

export const DEFAULT_VIDEO: VideoSourceOptions = { width: 640, rate: 4, backoffMs: { initial: 500, max: 10_000 }, stallMs: 5000 };

export interface Snapshot {
  jpeg: Buffer;
  seq: number;
  /** Recording time (file) or seconds since the source started (live). */
  t: number;
  pass: number;
  at: number;
}

/** Names a `--source` argument: a device path, a URL, or a video file. */
export function videoInputOf(source: string, playhead: Playhead | null): VideoInput {
  if (/^(rtsps?|https?|rtmp|udp|tcp|srt):\/\//i.test(source)) return { kind: 'stream', url: source };
  if (source.startsWith('/dev/')) return { kind: 'device', path: source };
  if (!playhead) throw new Error(`a video file source needs a playhead: ${source}`);
  return { kind: 'file', path: source, playhead };
}

type Ending = 'eof' | 'failed' | 'stalled' | 'pass' | 'aborted';

/**
 * The camera image the service shows: its own decode of the source (VideoSource), or the JPEG
 * output of vision's decode (RelayedImage, one reader for a camera).
 */
export interface CameraImage {
  readonly latest: Snapshot | null;
  readonly description: string;
  start(): void;
  stop(): Promise<void>;
  status(): SourceStatus & { pid: number | null };
  /** Its own ffmpeg process, if it has one. */
  pid(): number | null;
}

export class VideoSource implements CameraImage {
  latest: Snapshot | null = null;
  private readonly rate = new RateMeter();
  private state: SourceStatus['state'] = 'starting';
  private reconnects = 0;
  private lastError: string | null = null;
  private child: ChildProcess | null = null;
  private seq = 0;
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private readonly listeners = new Set<(s: Snapshot) => void>();

  constructor(readonly input: VideoInput, private readonly o: VideoSourceOptions = DEFAULT_VIDEO) {}

  get description(): string {
    return this.input.kind === 'stream' ? this.input.url : this.input.path;
  }

  onSnapshot(listener: (s: Snapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.input.kind === 'file') this.input.playhead.begin();
    this.running ??= this.run(this.abort.signal);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    this.child?.kill('SIGKILL');
    await this.running;
    this.state = 'stopped';
  }

  /** The ffmpeg process now running (fault scripts kill it to test the recovery). */
  pid(): number | null {
    return this.child?.pid ?? null;
  }

  status(): SourceStatus & { pid: number | null } {
    return {
      kind: `video-${this.input.kind}`, description: this.description, state: this.state, fps: this.rate.rate(),
      reconnects: this.reconnects, lastError: this.lastError, pid: this.pid(),
    };
  }

  private async run(signal: AbortSignal): Promise<void> {
    const backoff = new Backoff(this.o.backoffMs);
    while (!signal.aborted) {
      const from = this.input.kind === 'file' ? this.input.playhead.position() : null;
      // Between passes (the gap) or after the last one: wait for the next pass.
      const atEnd = this.input.kind === 'file' && from !== null && from.t >= this.input.playhead.o.duration;
      const ending = atEnd ? 'eof' : await this.session(from, signal, () => backoff.reset());
      if (ending === 'aborted') break;
      if (ending === 'pass') continue;
      if (ending === 'eof' && this.input.kind === 'file' && from) {
        if (!(await nextPass(this.input.playhead, from.pass, signal))) { this.state = 'ended'; return; }
        continue;
      }
      this.state = 'lost';
      this.reconnects += 1;
      await backoff.wait(signal);
      this.state = 'reconnecting';
    }
  }

  private args(from: PlayheadPosition | null): string[] {
    const out = ['-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '7', 'pipe:1'];
    const vf = ['-vf', `fps=${this.o.rate},scale=${this.o.width}:-2`];
    const head = ['-hide_banner', '-loglevel', 'error', '-nostdin'];
    switch (this.input.kind) {
      case 'file': return [...head, '-ss', (from?.t ?? 0).toFixed(3), '-i', this.input.path, ...vf, ...out];
      case 'device': return [...head, '-f', 'v4l2', '-i', this.input.path, ...vf, ...out];
      case 'stream': {
        const rtsp = /^rtsps?:/i.test(this.input.url) ? ['-rtsp_transport', 'tcp'] : [];
        return [...head, ...rtsp, '-i', this.input.url, ...vf, ...out];
      }
    }
  }

  /** One ffmpeg run: images until it ends, stalls, the pass changes or we stop. */
  private async session(from: PlayheadPosition | null, signal: AbortSignal, onFirstImage: () => void): Promise<Ending> {
    const child = spawn(ffmpegPath(), this.args(from), { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-2000); });
    let gone = false;
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    child.once('exit', (code, sig) => {
      // A killed or failed ffmpeg is a lost source at once, even while decoded images remain queued.
      if (!signal.aborted && (sig !== null || (code !== 0 && code !== null))) {
        gone = true;
        this.state = 'lost';
        this.lastError = sig ? `ffmpeg killed (${sig})` : `ffmpeg exited (${code})`;
      }
    });
    child.once('error', (e) => { this.lastError = e.message; });
    const splitter = new JpegSplitter();
    const started = Date.now();
    let k = 0;
    let lastImageAt = Date.now();
    let ending: Ending = 'eof';
    const stall = setInterval(() => {
      if (this.input.kind !== 'file' && Date.now() - lastImageAt > this.o.stallMs) { ending = 'stalled'; child.kill('SIGKILL'); }
    }, 500);
    try {
      for await (const chunk of child.stdout!) {
        for (const jpeg of splitter.push(chunk as Buffer)) {
          const t = this.input.kind === 'file' ? (from?.t ?? 0) + k / this.o.rate : (Date.now() - started) / 1000;
          const pass = from?.pass ?? 0;
          k += 1;
          if (this.input.kind === 'file') {
            const playhead = this.input.playhead;
            const wait = playhead.msUntil({ pass, t });
            // An image the playhead has left behind (decoding lags) is skipped, not shown late.
            if ((wait / 1000) * playhead.o.speed < -0.5) continue;
            if (wait > 0) await sleep(wait, signal);
            if (playhead.position().pass !== pass) { ending = 'pass'; child.kill('SIGKILL'); break; }
          }
          if (signal.aborted) { ending = 'aborted'; break; }
          if (k === 1) onFirstImage();
          lastImageAt = Date.now();
          if (gone) { ending = 'failed'; break; }
          this.state = 'live';
          this.lastError = null;
          this.rate.tick();
          this.latest = { jpeg, seq: ++this.seq, t, pass, at: Date.now() };
          for (const l of this.listeners) l(this.latest);
        }
        if (ending !== 'eof') break;
      }
      if (ending === 'failed') ending = 'eof'; // ends below as a failure (the exit code says so)
    } catch (e) {
      this.lastError = (e as Error).message;
    } finally {
      clearInterval(stall);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const code = await exited;
    this.child = null;
    if (signal.aborted) return 'aborted';
    if (ending !== 'eof') return ending;
    if (code === 0 && this.input.kind === 'file') return 'eof';
    this.lastError = stderr.trim().split('\n').pop() || `ffmpeg exited (${code ?? 'killed'})`;
    return 'failed';
  }
}
