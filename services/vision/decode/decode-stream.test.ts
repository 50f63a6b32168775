import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../capture/ffmpeg-path.ts';
import { decodeStream, ffmpegArgs, parseStreamInfo, sourceKind, type DecodedFrame } from './decode-stream.ts';
import { yuv420Bytes, yuvPixel } from './yuv-image.ts';

const W = 64;
const H = 48;
const N = 24;
const FPS = 30;
let dir = '';
let clip = '';

/** Frame k: every pixel (10k, 255 − 10k, 7k) — distinct per frame, read back exactly (lossless FFV1). */
function frameBytes(k: number, w = W, h = H): Uint8Array {
  const px = new Uint8Array(w * h * 3);
  for (let p = 0; p < w * h; p++) px.set([10 * k, 255 - 10 * k, 7 * k], 3 * p);
  return px;
}

function encode(path: string, frames: number, w = W, h = H, frameOf = (k: number): Uint8Array => frameBytes(k, w, h)): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${w}x${h}`, '-r', String(FPS), '-i', 'pipe:0', '-c:v', 'ffv1', path];
    const p = spawn(ffmpegPath(), args, { stdio: ['pipe', 'ignore', 'inherit'] });
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
    for (let k = 0; k < frames; k++) p.stdin.write(frameOf(k));
    p.stdin.end();
  });
}

async function collect(it: AsyncIterable<DecodedFrame>): Promise<DecodedFrame[]> {
  const out: DecodedFrame[] = [];
  for await (const f of it) out.push(f);
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'railbird-decode-'));
  clip = join(dir, 'clip.mkv');
  await encode(clip, N);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('decodeStream', () => {
  it('reads the same frames from a FIFO (the default) as from ffmpeg\'s stdout', async () => {
    const viaFifo = await collect(decodeStream(clip, { recycle: false }));
    const viaStdout = await collect(decodeStream(clip, { stdout: true }));
    expect(viaFifo).toHaveLength(N);
    expect(viaStdout).toHaveLength(N);
    viaFifo.forEach((f, k) => {
      expect(f.t).toBe(viaStdout[k]!.t);
      expect(Buffer.from(f.image.data).equals(Buffer.from(viaStdout[k]!.image.data))).toBe(true);
    });
  });

  it('yields every frame in order with its index, time and exact pixels', async () => {
    const s = decodeStream(clip);
    const frames = await collect(s);
    expect(frames).toHaveLength(N);
    frames.forEach((f, k) => {
      expect(f.index).toBe(k);
      expect(f.t).toBeCloseTo(k / FPS, 9);
      expect(f.image.width).toBe(W);
      expect(f.image.height).toBe(H);
      expect(Buffer.from(f.image.data).equals(Buffer.from(frameBytes(k)))).toBe(true);
    });
    const info = await s.info;
    expect(info).toMatchObject({ width: W, height: H, fps: FPS, live: false });
    expect(info.duration).toBeCloseTo(N / FPS, 1);
    expect(s.running).toBe(false);
  });

  it('yields YUV 4:2:0 frames when asked (half the bytes), with recycled buffers, whose colours convert back to the source\'s', async () => {
    const s = decodeStream(clip, { pixelFormat: 'yuv420p', recycle: true, queue: 2 });
    const px = new Uint8Array(3);
    let k = 0;
    for await (const f of s) {
      expect(f.index).toBe(k);
      expect(f.image.format).toBe('yuv420p');
      expect(f.image.y.length + f.image.u.length + f.image.v.length).toBe(yuv420Bytes(W, H));
      for (const [x, y] of [[0, 0], [W - 1, H - 1], [17, 30]] as const) {
        yuvPixel(f.image, x, y, px, 0);
        // RGB → BT.601 limited-range YUV in ffmpeg → RGB here: within rounding of the source.
        [10 * k, 255 - 10 * k, 7 * k].forEach((c, i) => expect(Math.abs(px[i]! - c)).toBeLessThanOrEqual(3));
      }
      k++;
    }
    expect(k).toBe(N);
    expect((await s.info).matrix).toBe('bt601');
  });

  it('scales, starts late and stops after maxFrames', async () => {
    const frames = await collect(decodeStream(clip, { scale: { width: 32 }, start: 10 / FPS, maxFrames: 5 }));
    expect(frames.map((f) => f.index)).toEqual([0, 1, 2, 3, 4]);
    expect(frames[0]!.image.width).toBe(32);
    expect(frames[0]!.image.height).toBe(24);
    expect(frames[0]!.t).toBeCloseTo(10 / FPS, 6);
    // A uniform frame stays uniform when scaled: the first one is source frame 10.
    expect(Array.from(frames[0]!.image.data.subarray(0, 3))).toEqual([100, 155, 70]);
  });

  it('starting between two frames, begins with the next one at its own time', async () => {
    const [f] = await collect(decodeStream(clip, { start: 10.5 / FPS, maxFrames: 1 }));
    expect(f!.t).toBeCloseTo(11 / FPS, 9);
    expect(Array.from(f!.image.data.subarray(0, 3))).toEqual([110, 145, 77]);
  });

  it('holds at most `queue` frames (plus one chunk) for a consumer that lags: ffmpeg is paused', async () => {
    const big = join(dir, 'big.mkv');
    await encode(big, 40, 320, 240);
    const s = decodeStream(big, { queue: 2 });
    let n = 0;
    for await (const f of s) {
      expect(f.index).toBe(n++);
      await new Promise((r) => setTimeout(r, 15)); // a slow consumer
    }
    expect(n).toBe(40);
    expect(s.stats.pauses).toBeGreaterThan(0);
    expect(s.stats.maxQueued).toBeLessThanOrEqual(3);
  });

  it('with `recycle`, reuses a few frame buffers and every frame still has its exact pixels while held', async () => {
    const s = decodeStream(clip, { recycle: true, queue: 2 });
    const buffers = new Set<Uint8Array>();
    let n = 0;
    for await (const f of s) {
      expect(Buffer.from(f.image.data).equals(Buffer.from(frameBytes(f.index)))).toBe(true);
      buffers.add(f.image.data);
      n++;
      await new Promise((r) => setTimeout(r, 2)); // ffmpeg fills the queue meanwhile
    }
    expect(n).toBe(N);
    // The queue, the frame being filled and the one held: far fewer buffers than frames.
    expect(buffers.size).toBeLessThanOrEqual(s.stats.maxQueued + 2);
    expect(buffers.size).toBeLessThan(N);
  });

  it('stops ffmpeg when the consumer breaks out', async () => {
    const s = decodeStream(clip, { queue: 1 });
    for await (const f of s) if (f.index === 2) break;
    // ffmpeg is killed at once; its exit may take a moment on a loaded machine.
    await expect.poll(() => s.running, { timeout: 5000, interval: 20 }).toBe(false);
  });

  it('throws the abort reason and kills ffmpeg when the signal aborts', async () => {
    const ac = new AbortController();
    const s = decodeStream(clip, { signal: ac.signal, queue: 1 });
    const seen: number[] = [];
    const run = (async () => {
      for await (const f of s) {
        seen.push(f.index);
        if (f.index === 3) ac.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([0, 1, 2, 3]);
    // ffmpeg is killed at once; its exit may take a moment on a loaded machine.
    await expect.poll(() => s.running, { timeout: 5000, interval: 20 }).toBe(false);
  });

  it('paces frames at their times when asked (never earlier than real time)', async () => {
    const t0 = performance.now();
    const frames = await collect(decodeStream(clip, { realtime: 1, maxFrames: 10 }));
    expect(frames).toHaveLength(10);
    expect(performance.now() - t0).toBeGreaterThanOrEqual((9 / FPS) * 1000 - 5);
  });

  it('leaves identical frames of a clean file alone: only after a decoding error is a repeat a corrupt stretch', async () => {
    // A still scene: every frame the same pixels (the encoder skips every block, as in a long pause).
    const still = join(dir, 'still.mkv');
    await encode(still, 12, W, H, () => frameBytes(3));
    const stream = decodeStream(still);
    const frames = await collect(stream);
    expect(frames).toHaveLength(12);
    expect(frames.filter((f) => f.repeated)).toEqual([]);
    expect(stream.stats.decodeErrors).toBe(0);
  });

  it('names the problem: a missing file, a file that is no video', async () => {
    await expect(collect(decodeStream(join(dir, 'nope.mp4')))).rejects.toThrow(/no such video file: .*nope\.mp4/);
    const junk = join(dir, 'junk.mp4');
    writeFileSync(junk, 'this is not a video\n'.repeat(50));
    await expect(collect(decodeStream(junk))).rejects.toThrow(/could not decode .*junk\.mp4: ffmpeg exited with status 1: .*Invalid data/);
  });

  it('decodes the demo recording (1080p30) frame by frame', async () => {
    const s = decodeStream('recordings/demo/recording.mp4', { maxFrames: 4, benchmark: true });
    const frames = await collect(s);
    expect(s.stats.ffmpegCpuMs).toBeGreaterThan(0);
    expect(frames.map((f) => [f.image.width, f.image.height, f.t])).toEqual([0, 1, 2, 3].map((k) => [1920, 1080, k / 30]));
    expect((await s.info).duration).toBeGreaterThan(50);
  });

  it('with `snapshots`, the same ffmpeg also writes small JPEG camera images while the frames stay exact', async () => {
    const images: Buffer[] = [];
    const s = decodeStream(clip, { snapshots: { width: 32, rate: 10, onImage: (j) => images.push(j) } });
    const frames = await collect(s);
    expect(frames).toHaveLength(N);
    expect(Buffer.from(frames[5]!.image.data).equals(Buffer.from(frameBytes(5)))).toBe(true);
    // 24 frames at 30 fps = 0.8 s: 8 images at 10 a second (ffmpeg's fps filter may round to one more or less).
    expect(images.length).toBeGreaterThanOrEqual(7);
    expect(images.length).toBeLessThanOrEqual(9);
    for (const j of images) {
      expect([j[0], j[1], j.at(-2), j.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
      // The JPEG's frame header (SOF0) says 32 × 24.
      const sof = j.indexOf(Buffer.from([0xff, 0xc0]));
      expect([j.readUInt16BE(sof + 7), j.readUInt16BE(sof + 5)]).toEqual([32, 24]);
    }
  });

  it('recognises sources and builds the arguments', () => {
    expect(sourceKind('/dev/video0')).toBe('device');
    expect(sourceKind('rtsp://cam/stream')).toBe('stream');
    expect(sourceKind('match.mp4')).toBe('file');
    expect(ffmpegArgs('/dev/video0')).toContain('v4l2');
    expect(ffmpegArgs('rtsp://cam/x').join(' ')).toContain('-rtsp_transport tcp');
    expect(ffmpegArgs('a.mp4', { scale: { width: 960 } }).join(' ')).toContain('scale=960:-2');
    const log = 'Input #0\n  Duration: 00:01:02.50, start\nOutput #0, rawvideo, to pipe:1:\n    Stream #0:0: Video: rawvideo (RGB[24] / 0x18424752), rgb24, 1920x1080, q=2-31, 1492992 kb/s, 60 fps, 60 tbn\n';
    expect(ffmpegArgs('a.mp4', { benchmark: true })).toContain('-benchmark');
    // The camera image is a second output (pipe:3) after the frames' (pipe:1).
    const both = ffmpegArgs('/dev/video0', { snapshots: { width: 640, rate: 4, onImage: () => {} } }).join(' ');
    expect(both).toMatch(/-f rawvideo -pix_fmt rgb24 pipe:1 .*-vf fps=4,scale=640:-2 -f image2pipe -c:v mjpeg .*pipe:3$/);
    expect(parseStreamInfo(log, false, 2.5)).toEqual({ width: 1920, height: 1080, fps: 60, duration: 60, live: false, matrix: 'bt601', fullRange: false });
    // yuv420p output: the matrix as ffmpeg tags the output stream.
    const tagged = 'Input #0\n  Duration: 00:00:10.00, start\nOutput #0, rawvideo, to pipe:1:\n    Stream #0:0: Video: rawvideo (I420 / 0x30323449), yuv420p(tv, bt709, progressive), 1280x720, q=2-31, 30 fps\n';
    expect(parseStreamInfo(tagged, false)).toMatchObject({ matrix: 'bt709', fullRange: false });
    expect(parseStreamInfo(tagged.replace('(tv, bt709', '(pc, bt709'), false)?.fullRange).toBe(true);
    expect(ffmpegArgs('a.mp4', { pixelFormat: 'yuv420p' }).join(' ')).toContain('-f rawvideo -pix_fmt yuv420p');
    expect(parseStreamInfo('Input #0 only', false)).toBeNull();
    // A log cut in the middle of the stream line is not read yet.
    expect(parseStreamInfo(log.slice(0, log.indexOf('q=2-31') + 6), false)).toBeNull();
  });
});
