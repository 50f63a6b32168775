import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALL_RADIUS } from '../../services/table/spec.ts';
import { TableRenderer, randomQuat, type RenderedFrame, type SceneBall } from '../../services/sim/render/index.ts';
import { Rng } from '../../services/sim/render/prng.ts';
import { parseCalibration, tableToImage, type VisionCalibration } from '../../services/vision/calibration/calibration-model.ts';
import type { RgbImage } from '../../services/vision/decode/image.ts';
import { toYuv } from '../support/rgb-to-yuv.ts';
import {
  BALL_PX, DEFAULT_DETECTOR_MODEL, LearnedBallDetector, STRIDE, ballDiameterAt, bedRegion, calibratedScale, decodePeaks, plausible, scaleAgrees, type LearnedBall,
} from '../../services/vision/detection/learned/learned-detector.ts';
import { resampleToTensor } from '../../services/vision/detection/learned/resample.ts';

const R = BALL_RADIUS;

describe('learned detector: input resampling and peak decoding', () => {
  it('keeps a spot where the scale puts it (pixel centres at integers), RGB and YUV alike', () => {
    const W = 64, H = 48;
    const data = new Uint8Array(W * H * 3).fill(40);
    // A 2 × 2 white block centred on (20.5, 30.5).
    for (const [x, y] of [[20, 30], [21, 30], [20, 31], [21, 31]] as const) data.fill(250, 3 * (y * W + x), 3 * (y * W + x) + 3);
    const img: RgbImage = { data, width: W, height: H };
    for (const source of [img, toYuv(img)]) {
      const t = resampleToTensor(source, { x0: 8, y0: 4, x1: 56, y1: 44 }, 0.5, 16);
      expect([t.width, t.height, t.validWidth, t.validHeight]).toEqual([32, 32, 24, 20]);
      let sx = 0, sy = 0, s = 0;
      for (let j = 0; j < t.height; j++) for (let i = 0; i < t.width; i++) {
        const w = Math.max(0, t.data[j * t.width + i]! - 40 / 255);
        sx += w * i; sy += w * j; s += w;
      }
      // Net = (image − x0 + 0.5) · s − 0.5: (20.5 − 8 + 0.5) / 2 − 0.5 = 6, (30.5 − 4 + 0.5) / 2 − 0.5 = 13.
      expect(sx / s).toBeCloseTo(6, 1);
      expect(sy / s).toBeCloseTo(13, 1);
      // Padding is zero; the cloth level is kept.
      expect(t.data[31 * t.width + 31]).toBe(0);
      expect(t.data[2 * t.width + 2]).toBeCloseTo(40 / 255, 1);
    }
  });

  it('decodes peaks (cell + offset − 0.5, radius 4·e^lr) and drops a weaker one on the same ball', () => {
    const gw = 10, gh = 8, n = gw * gh;
    const out = new Float32Array(4 * n);
    const put = (i: number, j: number, p: number, ox: number, oy: number, lr: number): void => {
      out[j * gw + i] = p; out[n + j * gw + i] = ox; out[2 * n + j * gw + i] = oy; out[3 * n + j * gw + i] = lr;
    };
    put(2, 3, 0.9, 0.25, 0.5, Math.log(2));
    put(7, 5, 0.6, 0.5, 0.5, Math.log(2));
    // A separate local maximum one cell from the first ball's peak, pointing at the same ball.
    put(4, 3, 0.4, -1.75, 0.5, Math.log(2));
    put(3, 3, 0.1, 0, 0, 0);
    const p = decodePeaks(out, gw, gh, 0.35);
    expect(p.length).toBe(2);
    expect(p[0]).toMatchObject({ x: STRIDE * 2.25 - 0.5, y: STRIDE * 3.5 - 0.5 });
    expect(p[0]!.r).toBeCloseTo(8, 5);
    expect(p[0]!.score).toBeCloseTo(0.9, 5);
    expect(p[1]).toMatchObject({ x: STRIDE * 7.5 - 0.5, y: STRIDE * 5.5 - 0.5 });
  });

  it('takes a ball seen as a cap over a cushion the camera looks over (game2 clip 1, 0.43 of a ball\'s size), nowhere else', () => {
    const r = new TableRenderer({ width: 960, height: 540, seed: 4711, staticSamples: 1 });
    const overhead = parseCalibration(r.calibration.toJSON());
    // The same bed filmed from beyond the foot rail (x > 1.27), as from behind a short rail.
    const behindFoot: VisionCalibration = { ...overhead, cameraPosition: [3, 0, 1] };
    const at = (cal: VisionCalibration, x: number, y: number, size: number): { u: number; v: number; r: number } => {
      const { u, v } = tableToImage(cal, x, y, 'ball');
      return { u, v, r: (size * ballDiameterAt(cal, x, y)) / 2 };
    };
    // Frozen to the foot cushion, its cap 0.43 of a ball: a ball when the camera looks over that cushion.
    expect(plausible(behindFoot, at(behindFoot, 1.27 - R, 0.3, 0.43))).toBe(true);
    expect(plausible(overhead, at(overhead, 1.27 - R, 0.3, 0.43))).toBe(false);
    // Not at the head cushion (the camera sees its face), nor mid-bed; whole balls everywhere.
    expect(plausible(behindFoot, at(behindFoot, -1.27 + R, 0.3, 0.43))).toBe(false);
    expect(plausible(behindFoot, at(behindFoot, 0.2, 0.3, 0.43))).toBe(false);
    expect(plausible(behindFoot, at(behindFoot, 0.2, 0.3, 1))).toBe(true);
  });

  it('scales from the calibration: a ball at the bed centre BALL_PX wide, the bed and its margin in the region', () => {
    const r = new TableRenderer({ width: 960, height: 540, seed: 4711, staticSamples: 1 });
    const cal = parseCalibration(r.calibration.toJSON());
    const truth = (2 * r.calibration.fx * R) / r.calibration.depth(0, 0, R);
    expect(ballDiameterAt(cal, 0, 0) / truth).toBeCloseTo(1, 1);
    expect(calibratedScale(cal) * truth).toBeCloseTo(BALL_PX, 0);
    const box = bedRegion(cal);
    const corners = cal.corners.map((c) => [c.u, c.v] as const);
    for (const [u, v] of corners) {
      expect(u).toBeGreaterThan(box.x0);
      expect(u).toBeLessThan(box.x1);
      expect(v).toBeGreaterThan(box.y0);
      expect(v).toBeLessThan(box.y1);
    }
    const ball = (r: number, confidence = 0.9): LearnedBall => ({ u: 0, v: 0, r, confidence });
    expect(scaleAgrees([ball(8), ball(8), ball(9)], 1)).toBe(true);
    expect(scaleAgrees([ball(20), ball(21), ball(19)], 1)).toBe(false);
    expect(scaleAgrees([ball(20), ball(21)], 1)).toBe(true);
  });
});

const HAVE_MODEL = existsSync(DEFAULT_DETECTOR_MODEL);

describe.skipIf(!HAVE_MODEL)('learned detector: the committed model on a rendered frame', () => {
  let det: LearnedBallDetector;
  let frame: RenderedFrame;
  let img: RgbImage;
  let cal: VisionCalibration;
  let balls: SceneBall[];
  beforeAll(async () => {
    det = await LearnedBallDetector.load();
    const rng = new Rng(77);
    // Scattered balls, two touching, one frozen on a cushion, on a blue cloth.
    balls = [
      { id: 0, x: -0.6, y: 0.1 }, { id: 1, x: 0.3, y: -0.2 }, { id: 2, x: 0.3 + 2 * R + 0.0002, y: -0.2 }, { id: 3, x: 0.9, y: 0.4 },
      { id: 8, x: -0.2, y: 0.635 - R - 0.0005 }, { id: 9, x: 0.0, y: -0.3 }, { id: 11, x: -1.0, y: -0.45 }, { id: 14, x: 1.05, y: -0.1 },
    ].map((b) => ({ ...b, id: b.id as SceneBall['id'], q: randomQuat(rng) }));
    const r = new TableRenderer({ width: 960, height: 540, seed: 5151, cloth: 'blue', staticSamples: 1 });
    frame = r.render({ balls, frame: 0 });
    img = { data: Uint8Array.from(frame.rgb), width: frame.width, height: frame.height };
    cal = parseCalibration(r.calibration.toJSON());
  });
  afterAll(async () => {
    await det.release();
  });

  const check = (found: readonly LearnedBall[], tol: number, extra = 0): void => {
    for (const t of frame.balls) {
      const near = found.filter((b) => Math.hypot(b.u - t.u, b.v - t.v) < tol);
      expect(near.length, `ball ${t.id} at (${t.u.toFixed(1)}, ${t.v.toFixed(1)})`).toBe(1);
    }
    expect(found.length).toBeGreaterThanOrEqual(frame.balls.length);
    expect(found.length).toBeLessThanOrEqual(frame.balls.length + extra);
  };

  it('finds every ball within 1.5 px, and nothing else, with the calibration', async () => {
    const res = await det.detect(img, { calibration: cal });
    check(res.balls, 1.5);
    // Radii within 25 % of the true outline.
    const truth = ballDiameterAt(cal, 0, 0) / 2;
    for (const b of res.balls) expect(Math.abs(b.r / truth - 1)).toBeLessThan(0.25);
  });

  it('with the outline fit, puts resting balls\' centres within 0.3 px of the truth (the network alone: 1.5 px)', async () => {
    const res = await det.detect(img, { calibration: cal, refine: true });
    check(res.balls, 1.5);
    const errs = frame.balls.map((t) => Math.min(...res.balls.map((b) => Math.hypot(b.u - t.u, b.v - t.v)))).sort((a, b) => a - b);
    expect(errs[Math.floor(errs.length / 2)]).toBeLessThan(0.3);
    expect(res.balls.filter((b) => 'refined' in b && b.refined).length).toBeGreaterThanOrEqual(6);
  });

  it('finds them on the YUV 4:2:0 frame too, and without a calibration (self-scaled)', async () => {
    const yuv = await det.detect(toYuv(img), { calibration: cal });
    check(yuv.balls, 1.5);
    // Without a calibration nothing says how big a ball is there: the foot spot may pass for one.
    const bare = await det.detect(img);
    check(bare.balls, 2, 1);
  });
});
