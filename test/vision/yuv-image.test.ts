import { describe, expect, it } from 'vitest';
import { trackVideo, emptyTrackStats } from '../../services/analyze/video-tracks.ts';
import type { TrackFrame } from '../../services/contract/tracks.ts';
import { loadCalibration } from '../../services/vision/calibration/calibration-model.ts';
import { decodeStream } from '../../services/vision/decode/decode-stream.ts';
import { sampleRgb, type RgbImage } from '../../services/vision/decode/image.ts';
import { rgbPatch, sampleYuv, yuv420Bytes, yuv420Image, yuvChange, yuvPixel, yuvToRgb, type Yuv420Image } from '../../services/vision/decode/yuv-image.ts';

const DEMO = 'recordings/demo';

/** The demo's frame at `start` s, decoded by ffmpeg as RGB24 and as yuv420p. */
async function demoFrame(start: number): Promise<{ rgb: RgbImage; yuv: Yuv420Image }> {
  let rgb: RgbImage | null = null;
  let yuv: Yuv420Image | null = null;
  for await (const f of decodeStream(`${DEMO}/recording.mp4`, { start, maxFrames: 1 })) rgb = f.image;
  for await (const f of decodeStream(`${DEMO}/recording.mp4`, { start, maxFrames: 1, pixelFormat: 'yuv420p' })) yuv = f.image;
  return { rgb: rgb!, yuv: yuv! };
}

describe('yuvToRgb', () => {
  it('maps limited-range black, white and BT.601 / BT.709 primaries where the standards put them', () => {
    const px = new Uint8Array(3);
    const one = (colour: ReturnType<typeof yuvToRgb>, y: number, u: number, v: number): number[] => {
      yuvPixel(yuv420Image(Uint8Array.from([y, y, y, y, u, v]), 2, 2, colour), 0, 0, px, 0);
      return [...px];
    };
    const bt601 = yuvToRgb('bt601', false);
    expect(one(bt601, 16, 128, 128)).toEqual([0, 0, 0]);
    expect(one(bt601, 235, 128, 128)).toEqual([255, 255, 255]);
    // Rec. 601 red, green, blue at 100 %: (81, 90, 240), (145, 54, 34), (41, 240, 110).
    for (const [yuv, rgb] of [[[81, 90, 240], [255, 0, 0]], [[145, 54, 34], [0, 255, 0]], [[41, 240, 110], [0, 0, 255]]] as const) {
      one(bt601, yuv[0], yuv[1], yuv[2]).forEach((c, k) => expect(Math.abs(c - rgb[k]!)).toBeLessThanOrEqual(2));
    }
    // Rec. 709 red: (63, 102, 240).
    one(yuvToRgb('bt709', false), 63, 102, 240).forEach((c, k) => expect(Math.abs(c - [255, 0, 0][k]!)).toBeLessThanOrEqual(2));
    expect(one(yuvToRgb('bt601', true), 255, 128, 128)).toEqual([255, 255, 255]);
  });

  it('yuvChange is the largest RGB change a Y, U, V difference makes', () => {
    const c = yuvToRgb('bt601', false);
    expect(yuvChange(c, 10, 0, 0)).toBeCloseTo(10 * 255 / 219, 6);
    expect(yuvChange(c, 0, 10, 0)).toBeCloseTo(c.bu * 10, 6);
    expect(yuvChange(c, 0, 0, -10)).toBeCloseTo(c.rv * 10, 6);
  });

  it('refuses planes of the wrong size', () => {
    expect(() => yuv420Image(new Uint8Array(10), 4, 2, yuvToRgb('bt601', false))).toThrow(/expected 12/);
    expect(yuv420Bytes(1920, 1080)).toBe(1920 * 1080 * 1.5);
    expect(yuv420Bytes(5, 3)).toBe(15 + 2 * 3 * 2);
  });
});

describe('YUV frames against ffmpeg\'s own RGB conversion (the demo recording)', () => {
  it('converts every pixel as ffmpeg does (within its rounding) and samples as the RGB frame does', async () => {
    const { rgb, yuv } = await demoFrame(5);
    expect([yuv.width, yuv.height, yuv.colour.matrix]).toEqual([rgb.width, rgb.height, 'bt601']);
    const px = new Uint8Array(3);
    let off = 0;
    let worst = 0;
    for (let y = 0; y < rgb.height; y += 3) for (let x = 0; x < rgb.width; x += 3) {
      yuvPixel(yuv, x, y, px, 0);
      for (let c = 0; c < 3; c++) {
        const d = Math.abs(px[c]! - rgb.data[(y * rgb.width + x) * 3 + c]!);
        worst = Math.max(worst, d);
        if (d > 2) off++;
      }
    }
    // A wrong matrix or chroma siting is off by tens of levels at every colour edge.
    expect(worst).toBeLessThanOrEqual(4);
    expect(off).toBeLessThan(0.01 * (rgb.width * rgb.height) / 3);
    const a = [0, 0, 0];
    const b = [0, 0, 0];
    let sum = 0;
    for (let k = 0; k < 2000; k++) {
      const x = (k * 997.3) % (rgb.width - 1);
      const y = (k * 613.7) % (rgb.height - 1);
      sampleRgb(rgb, x, y, a);
      sampleYuv(yuv, x, y, b);
      for (let c = 0; c < 3; c++) sum += Math.abs(a[c]! - b[c]!);
    }
    expect(sum / 6000).toBeLessThan(2);
    // A patch converts the same pixels, clipped at the image's edge.
    const p = rgbPatch(yuv, rgb.width - 3, -2, 8, 5);
    expect([p.x0, p.y0, p.image.width, p.image.height]).toEqual([rgb.width - 3, 0, 3, 3]);
    yuvPixel(yuv, rgb.width - 2, 1, px, 0);
    expect([...p.image.data.subarray(12, 15)]).toEqual([...px]);
  });

  it('the vision pipeline tracks the same balls from YUV frames as from RGB frames (the table at rest after the break)', async () => {
    const run = async (pixelFormat: 'rgb24' | 'yuv420p'): Promise<TrackFrame[]> => {
      const out: TrackFrame[] = [];
      const frames = decodeStream(`${DEMO}/recording.mp4`, { start: 17.5, maxFrames: 20, pixelFormat });
      for await (const f of trackVideo(frames, loadCalibration(`${DEMO}/calibration.json`), { stats: emptyTrackStats() })) out.push(f);
      return out;
    };
    const [rgb, yuv] = [await run('rgb24'), await run('yuv420p')];
    expect(yuv.length).toBe(20);
    const gaps: number[] = [];
    for (let k = 0; k < rgb.length; k++) {
      expect(yuv[k]!.balls.length).toBe(rgb[k]!.balls.length);
      for (const ball of rgb[k]!.balls) gaps.push(Math.min(...yuv[k]!.balls.map((m) => Math.hypot(m.x - ball.x, m.y - ball.y))));
    }
    gaps.sort((a, b) => a - b);
    expect(gaps.length).toBeGreaterThan(100);
    // The same place to a fraction of a millimetre (the two conversions differ by a level or two).
    expect(gaps[gaps.length >> 1]!).toBeLessThan(0.0005);
    expect(gaps[gaps.length - 1]!).toBeLessThan(0.003);
  }, 60_000);
});
