// Output: H.264 MP4 through an ffmpeg child process (raw RGB24 on its stdin, with backpressure),
// and a probe (ffprobe where it sits beside the ffmpeg; the npm package's ffmpeg has none, so
// then ffmpeg decodes the stream and its log is read). Single frames as PNG: services/capture/still-image.ts (sharp).
import { spawn, execFile, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { ffmpegPath, ffprobePath } from '../../capture/ffmpeg-path.ts';

export interface EncoderOptions {
  /** Output .mp4 path. */
  path: string;
  width: number;
  height: number;
  /** 30, 60 or 120 (any positive rate works). */
  fps: number;
  /** x264 constant rate factor; 20–23 looks like a club stream. Default 21. */
  crf?: number;
  preset?: 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
  ffmpegPath?: string;
}

/** Streams RGB24 frames into ffmpeg (libx264, yuv420p) and resolves `close()` when the MP4 is complete. */
export class VideoEncoder {
  private readonly proc: ChildProcessWithoutNullStreams;
  private readonly frameBytes: number;
  private readonly done: Promise<void>;
  private failure: Error | null = null;
  private stderr = '';
  private closed = false;
  frames = 0;

  constructor(readonly opts: EncoderOptions) {
    if (opts.width % 2 || opts.height % 2) throw new Error('VideoEncoder: yuv420p needs an even width and height');
    this.frameBytes = opts.width * opts.height * 3;
    const args = [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${opts.width}x${opts.height}`, '-r', String(opts.fps), '-i', 'pipe:0',
      '-an', '-c:v', 'libx264', '-preset', opts.preset ?? 'fast', '-crf', String(opts.crf ?? 21),
      '-pix_fmt', 'yuv420p', '-movflags', '+faststart', opts.path,
    ];
    this.proc = spawn(opts.ffmpegPath ?? ffmpegPath(), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stderr.setEncoding('utf8');
    this.proc.stderr.on('data', (s: string) => { this.stderr = (this.stderr + s).slice(-4000); });
    this.proc.stdout.resume();
    this.proc.stdin.on('error', (e: Error) => { this.failure ??= e; });
    this.done = new Promise<void>((resolve, reject) => {
      this.proc.on('error', (e) => { this.failure ??= e; reject(e); });
      this.proc.on('close', (code, signal) => {
        if (code === 0) resolve();
        else reject(new Error(`ffmpeg exited with ${code ?? signal}: ${this.stderr.trim()}`));
      });
    });
    this.done.catch(() => undefined);
  }

  /** Queues one frame (copied, so the caller may reuse its buffer); waits while ffmpeg is behind. */
  async write(rgb: Uint8Array): Promise<void> {
    if (this.closed) throw new Error('VideoEncoder: write after close');
    if (this.failure) throw this.failure;
    if (rgb.length !== this.frameBytes) throw new Error(`VideoEncoder: frame has ${rgb.length} bytes, expected ${this.frameBytes}`);
    const ok = this.proc.stdin.write(Buffer.from(rgb));
    this.frames++;
    if (!ok) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = (): void => { cleanup(); resolve(); };
        const onClose = (): void => { cleanup(); reject(this.failure ?? new Error(`ffmpeg closed its input: ${this.stderr.trim()}`)); };
        const cleanup = (): void => {
          this.proc.stdin.off('drain', onDrain);
          this.proc.off('close', onClose);
        };
        this.proc.stdin.once('drain', onDrain);
        this.proc.once('close', onClose);
      });
    }
  }

  /** Ends the input and resolves when ffmpeg has written the file. */
  async close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.proc.stdin.end();
    }
    await this.done;
  }

  /** Stops ffmpeg without finishing the file. */
  abort(): void {
    this.closed = true;
    this.proc.kill('SIGKILL');
  }
}

export interface VideoInfo {
  width: number;
  height: number;
  frames: number;
  codec: string;
  pixFmt: string;
  fps: number;
}

/** Reads a video's first stream (counting the frames by decoding): ffprobe, or ffmpeg's log when there is no ffprobe. */
export function probeVideo(path: string, ffprobe: string | null = ffprobePath()): Promise<VideoInfo> {
  if (ffprobe === null) return probeWithFfmpeg(path);
  const args = ['-v', 'error', '-select_streams', 'v:0', '-count_frames', '-show_entries',
    'stream=width,height,nb_read_frames,codec_name,pix_fmt,r_frame_rate', '-of', 'json', path];
  return new Promise((resolve, reject) => {
    execFile(ffprobe, args, (err, stdout) => {
      if (err) return reject(err);
      const parsed = JSON.parse(stdout) as { streams?: Record<string, string | number>[] };
      const s = parsed.streams?.[0];
      if (!s) return reject(new Error(`ffprobe: no video stream in ${path}`));
      const [num, den] = String(s['r_frame_rate']).split('/').map(Number);
      resolve({
        width: Number(s['width']), height: Number(s['height']), frames: Number(s['nb_read_frames']),
        codec: String(s['codec_name']), pixFmt: String(s['pix_fmt']), fps: (num ?? 0) / (den || 1),
      });
    });
  });
}

/** The same from `ffmpeg -i path -map 0:v:0 -f null -`: the stream line ("Video: h264 (High) …, yuv420p(progressive), 640x360, …, 30 fps") and the last "frame=" count. */
function probeWithFfmpeg(path: string): Promise<VideoInfo> {
  return new Promise((resolve, reject) => {
    execFile(ffmpegPath(), ['-hide_banner', '-nostats', '-i', path, '-map', '0:v:0', '-f', 'null', '-', '-progress', 'pipe:1'], { maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(err);
      const line = /Stream #0:\d+[^:]*: Video: (\w+)[^,]*, (\w+)[^,]*(?:\([^)]*\))?, (\d+)x(\d+)[^\n]*?, ([\d.]+) fps/.exec(stderr);
      const frames = [...stdout.matchAll(/^frame=(\d+)$/gm)].pop();
      if (!line || !frames) return reject(new Error(`ffmpeg: no video stream read in ${path}`));
      resolve({ codec: line[1]!, pixFmt: line[2]!, width: Number(line[3]), height: Number(line[4]), fps: Number(line[5]), frames: Number(frames[1]) });
    });
  });
}
