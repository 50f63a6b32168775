import { execFile } from 'node:child_process';
import { ffmpegPath } from '../../capture/ffmpeg-path.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoScene } from './demo.ts';
import { encodePng, readRgb, writePng } from '../../capture/still-image.ts';
import { probeVideo, VideoEncoder } from './encoder.ts';
import { TableRenderer } from './renderer.ts';
import type { FrameScene } from './scene.ts';

const dir = await mkdtemp(join(tmpdir(), 'railbird-render-'));
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Decodes an image or a video's first frame to RGB24 with ffmpeg. */
function decodeRgb(path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(ffmpegPath(), ['-v', 'error', '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 64 << 20 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

const W = 320;
const H = 180;
const small = (seed: number, reuseStill = true): TableRenderer => new TableRenderer({ width: W, height: H, seed, staticSamples: 1, reuseStill });

/** A few frames of a shot: the cue ball rolls towards the others, the cue follows through. */
function shot(k: number): FrameScene {
  const base = demoScene(9);
  const cb = base.balls.find((b) => b.id === 0)!;
  const v = { x: 2.5, y: 0.4 };
  return {
    frame: k,
    balls: base.balls.map((b) => (b.id === 0 ? { ...b, x: cb.x + v.x * k / 30, y: cb.y + v.y * k / 30, v } : b)),
    ...(base.cue ? { cue: { ...base.cue } } : {}),
  };
}

describe('encoder and images', () => {
  it('writes a playable H.264 MP4 with every frame, at the requested size and rate', async () => {
    const r = small(2);
    const path = join(dir, 'clip.mp4');
    const enc = new VideoEncoder({ path, width: W, height: H, fps: 30, crf: 21, preset: 'veryfast' });
    let first: Uint8Array | null = null;
    for (let k = 0; k < 12; k++) {
      const f = r.render(shot(k));
      if (k === 0) first = f.rgb.slice();
      await enc.write(f.rgb);
    }
    await enc.close();
    const info = await probeVideo(path);
    expect(info).toMatchObject({ width: W, height: H, frames: 12, codec: 'h264', pixFmt: 'yuv420p' });
    expect(info.fps).toBeCloseTo(30, 5);
    // The first decoded frame is the first rendered one, up to compression.
    const dec = await decodeRgb(path);
    let se = 0;
    for (let i = 0; i < dec.length; i++) se += (dec[i]! - first![i]!) ** 2;
    const psnr = 10 * Math.log10((255 * 255) / (se / dec.length));
    expect(psnr).toBeGreaterThan(28);
  });

  it('rejects a wrongly sized frame and reports a failing ffmpeg', async () => {
    const enc = new VideoEncoder({ path: join(dir, 'bad.mp4'), width: W, height: H, fps: 60 });
    await expect(enc.write(new Uint8Array(10))).rejects.toThrow(/bytes/);
    enc.abort();
    const broken = new VideoEncoder({ path: join(dir, 'nope', 'x.mp4'), width: W, height: H, fps: 60 });
    await expect((async () => {
      for (let k = 0; k < 50; k++) await broken.write(new Uint8Array(W * H * 3));
      await broken.close();
    })()).rejects.toThrow();
  });

  it('saves a frame as a PNG that decodes to the same pixels', async () => {
    const f = small(3).render(shot(0));
    const path = join(dir, 'frame.png');
    await writePng(path, f.rgb, f.width, f.height);
    const dec = await readRgb(path);
    expect([dec.width, dec.height]).toEqual([f.width, f.height]);
    expect(Buffer.compare(Buffer.from(dec.data), Buffer.from(f.rgb))).toBe(0);
    expect((await encodePng(f.rgb, W, H)).subarray(1, 4).toString('ascii')).toBe('PNG');
  });
});

describe('determinism', () => {
  it('the same seed and scene give the same bytes; the seed and the frame index change the noise', () => {
    const a = small(5).render(shot(3)).rgb.slice();
    const b = small(5).render(shot(3)).rgb.slice();
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    const c = small(6).render(shot(3)).rgb;
    let diff = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== c[i]) diff++;
    expect(diff / a.length).toBeGreaterThan(0.05);
    const r = small(5);
    const s0 = r.render({ ...shot(3), frame: 3 }).rgb.slice();
    const s1 = r.render({ ...shot(3), frame: 4 }).rgb;
    let changed = 0;
    let sum = 0;
    for (let i = 0; i < s0.length; i++) {
      if (s0[i] !== s1[i]) changed++;
      sum += Math.abs(s0[i]! - s1[i]!);
    }
    expect(changed / s0.length).toBeGreaterThan(0.3);
    expect(sum / s0.length).toBeLessThan(5);
  });

  it('reusing balls at rest between frames changes nothing', () => {
    const fresh = small(8, false);
    const reuse = small(8, true);
    for (let k = 0; k < 4; k++) {
      const a = fresh.render(shot(k));
      const b = reuse.render(shot(k));
      expect(Buffer.compare(Buffer.from(a.rgb), Buffer.from(b.rgb))).toBe(0);
      expect(b.balls).toEqual(a.balls);
    }
  });
});
