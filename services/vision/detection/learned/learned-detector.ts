// The learned ball detector (models/ball-detector/, see its MODEL_CARD.md): a small fully
// convolutional network run by onnxruntime-node on the CPU (one thread). It sees the frame
// scaled so that a ball spans about BALL_PX pixels and gives, per 4×4 cell of that, the
// probability that a ball's centre lies in the cell, the centre's place within it and the ball's
// radius (CenterNet-style). Local maxima above a threshold are the balls.
//
// Where it looks and at what scale:
// - with a calibration: the bed and a margin past the noses (balls in the jaws, on the rail's
//   edge), scaled so that a ball at the bed's centre spans BALL_PX;
// - without one (a photo), or when the balls found disagree with its scale (a wrong calibration):
//   the whole image, first with its longer side at FIRST_PASS_SIDE px, then again at the scale
//   the balls found say (their median radius), when that differs;
// - or a region and a scale given by the caller (a tracker's window).
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import { POCKETS } from '../../../contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS, pocketCentre } from '../../../table/spec.ts';
import { imageToTable, tableToImage, type VisionCalibration } from '../../calibration/calibration-model.ts';
import { checkVideoImage, type VideoImage } from '../../decode/yuv-image.ts';
import type { LearnedBall } from './learned-ball.ts';
import { refineLearned } from './refine-learned.ts';
import { resampleToTensor, type PixelBox } from './resample.ts';

/** A ball's diameter (px) on the network's input at the bed's centre (the scale it was trained around). */
export const BALL_PX = 16;
/** The network's output stride. */
export const STRIDE = 4;
/** Input sizes are padded to a multiple of this (three stride-2 stages and one more). */
export const INPUT_MULTIPLE = 16;
/** Without a calibration, the first pass sees the image with this longer side. */
export const FIRST_PASS_SIDE = 512;
/** How far past the cushion noses (m) the bed region reaches. */
export const BED_MARGIN = 0.12;
/**
 * With a calibration, a ball centre further than this past a nose line (m; ball-centre plane) is
 * on the rail, not the bed (a chalk cube, a diamond), unless it is in a pocket's jaws (within
 * JAWS of the pocket's centre). A calibration from the cloth's outline only is less sure of its
 * lines (as the classical detector's grid margin, detect.ts).
 */
export const OFF_BED = { noses: 0.05, outline: 0.08 } as const;
export const JAWS = 0.12;
/**
 * With a calibration, a ball's radius is known where it lies: a peak whose radius is outside
 * these multiples of it is not a ball (a spot on the cloth, a mark). On rendered validation
 * frames 99.5 % of the balls found have 0.79–1.27 × their true radius.
 */
export const RADIUS_RANGE = [0.65, 1.6] as const;

export const DEFAULT_DETECTOR_MODEL = fileURLToPath(new URL('../../../../models/ball-detector/ball-detector.onnx', import.meta.url));

export type { LearnedBall } from './learned-ball.ts';

export interface LearnedResult {
  balls: LearnedBall[];
  /** Input scale (network px per image px) of the (last) pass, and the input size. */
  scale: number;
  inputWidth: number;
  inputHeight: number;
  /** Wall-clock ms: resampling, the network, decoding the peaks (all passes), the outline fits. */
  ms: { resample: number; network: number; peaks: number; refine: number; total: number };
}

export interface LearnedOptions {
  calibration?: VisionCalibration | null;
  /** Image region to look in (px); default the bed (with a calibration) or the whole image. */
  region?: PixelBox;
  /** Network px per image px; default from the calibration (or two passes without one). */
  scale?: number;
  /** Peak threshold (default DEFAULT_THRESHOLD). */
  threshold?: number;
  /** Keep balls beyond the bed (OFF_BED) or of a size unlike a ball's there (RADIUS_RANGE) when calibrated; default false. */
  keepImplausible?: boolean;
  /** With a calibration: fit each ball's outline in the full frame (refine-learned.ts); default false. */
  refine?: boolean;
}

/** The committed model's peak threshold (the best F1 on its validation sets, MODEL_CARD.md). */
export const DEFAULT_THRESHOLD = 0.4;

/**
 * Whether a ball found fits the calibration: its centre (image px) on the bed or in a pocket's
 * jaws, its radius within RADIUS_RANGE of a ball's there (from CAP_RANGE_LOW beside a cushion the
 * camera looks over, which hides the ball's lower part).
 */
export function plausible(cal: VisionCalibration, b: { u: number; v: number; r: number }): boolean {
  const spec = TABLE_SPECS[cal.table];
  const p = imageToTable(cal, b.u, b.v, 'ball');
  const k = (2 * b.r) / ballDiameterAt(cal, p.x, p.y);
  const low = behindNearCushion(cal, p.x, p.y) ? CAP_RANGE_LOW : RADIUS_RANGE[0];
  if (!(k >= low && k <= RADIUS_RANGE[1])) return false;
  const m = cal.fit?.edges === 'cloth-outline' ? OFF_BED.outline : OFF_BED.noses;
  if (Math.abs(p.x) <= spec.length / 2 + m && Math.abs(p.y) <= spec.width / 2 + m) return true;
  return POCKETS.some((q) => {
    const c = pocketCentre(spec, q);
    return Math.hypot(p.x - c.x, p.y - c.y) < JAWS;
  });
}

/**
 * Least size (of a ball's there) of a ball seen over a cushion between it and the camera: the
 * cushion's top hides its lower part, and the network reads the cap it sees (game2 clip 1: a ball
 * frozen to the near cushion of a view from behind that rail, 0.43 of a ball).
 */
const CAP_RANGE_LOW = 0.3;
/** How near (m, centre to nose) a ball the cushion may hide lies: its cap's centre reads up to a radius further in. */
const CAP_REACH = 3 * BALL_RADIUS;

/** Whether table point (x, y) lies within CAP_REACH of a cushion the camera looks over (it stands beyond that side). */
export function behindNearCushion(cal: VisionCalibration, x: number, y: number): boolean {
  const spec = TABLE_SPECS[cal.table];
  const hx = spec.length / 2, hy = spec.width / 2;
  const [cx, cy] = cal.cameraPosition;
  return (cx > hx && x > hx - CAP_REACH) || (cx < -hx && x < -hx + CAP_REACH) || (cy > hy && y > hy - CAP_REACH) || (cy < -hy && y < -hy + CAP_REACH);
}

/**
 * A ball's diameter (image px) at table point (x, y): a sphere's outline is not foreshortened,
 * so the ball-centre plane's scale across the line of sight (the larger of its two axes' scales)
 * is the ball's, not their mean (an elevated view's depth axis is squeezed).
 */
export function ballDiameterAt(cal: VisionCalibration, x: number, y: number): number {
  const e = 0.01;
  const a = tableToImage(cal, x - e, y, 'ball'), b = tableToImage(cal, x + e, y, 'ball');
  const c = tableToImage(cal, x, y - e, 'ball'), d = tableToImage(cal, x, y + e, 'ball');
  return (2 * BALL_RADIUS * Math.max(Math.hypot(b.u - a.u, b.v - a.v), Math.hypot(d.u - c.u, d.v - c.v))) / (2 * e);
}

/** Network px per image px that make a ball at the bed's centre BALL_PX wide. */
export function calibratedScale(cal: VisionCalibration): number {
  return BALL_PX / ballDiameterAt(cal, 0, 0);
}

/** The image box of the bed plus `margin` m past the noses (bed and ball-centre planes both). */
export function bedRegion(cal: VisionCalibration, margin = BED_MARGIN): PixelBox {
  const spec = TABLE_SPECS[cal.table];
  const hx = spec.length / 2 + margin, hy = spec.width / 2 + margin;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let k = 0; k <= 16; k++) {
    const a = -1 + k / 8;
    for (const [x, y] of [[a * hx, hy], [a * hx, -hy], [hx, a * hy], [-hx, a * hy]] as const) {
      for (const plane of ['bed', 'ball'] as const) {
        const p = tableToImage(cal, x, y, plane);
        x0 = Math.min(x0, p.u); y0 = Math.min(y0, p.v); x1 = Math.max(x1, p.u); y1 = Math.max(y1, p.v);
      }
    }
  }
  return { x0: Math.max(0, Math.floor(x0)), y0: Math.max(0, Math.floor(y0)), x1: Math.min(cal.imageWidth, Math.ceil(x1) + 1), y1: Math.min(cal.imageHeight, Math.ceil(y1) + 1) };
}

export class LearnedBallDetector {
  private constructor(private readonly session: ort.InferenceSession) {}

  /** Loads the model (one intra-op thread, sequential execution). */
  static async load(path = DEFAULT_DETECTOR_MODEL): Promise<LearnedBallDetector> {
    const session = await ort.InferenceSession.create(path, {
      executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all',
    });
    return new LearnedBallDetector(session);
  }

  /** The balls in an image (RGB24 or YUV 4:2:0). */
  async detect(img: VideoImage, o: LearnedOptions = {}): Promise<LearnedResult> {
    checkVideoImage(img, 'LearnedBallDetector.detect');
    const cal = o.calibration ?? null;
    if (cal && (cal.imageWidth !== img.width || cal.imageHeight !== img.height)) throw new Error(`detect: image is ${img.width}×${img.height}, calibration is for ${cal.imageWidth}×${cal.imageHeight}`);
    let region = o.region ?? (cal ? bedRegion(cal) : { x0: 0, y0: 0, x1: img.width, y1: img.height });
    const threshold = o.threshold ?? DEFAULT_THRESHOLD;
    const ms = { resample: 0, network: 0, peaks: 0, refine: 0, total: 0 };
    const t0 = performance.now();
    let scale = o.scale ?? (cal ? calibratedScale(cal) : FIRST_PASS_SIDE / Math.max(region.x1 - region.x0, region.y1 - region.y0));
    let pass = await this.pass(img, region, scale, threshold, ms);
    let selfScaled = o.scale === undefined && !cal;
    if (o.scale === undefined && cal && o.region === undefined && !scaleAgrees(pass.balls, scale)) {
      // The calibration's scale is not the balls' (a wrong calibration): the whole image, self-scaled.
      region = { x0: 0, y0: 0, x1: img.width, y1: img.height };
      scale = FIRST_PASS_SIDE / Math.max(img.width, img.height);
      pass = await this.pass(img, region, scale, threshold, ms);
      selfScaled = true;
    }
    if (selfScaled) {
      // The balls found say how big a ball is: look again at the scale that makes it BALL_PX.
      const sure = pass.balls.filter((b) => b.confidence >= 0.5).map((b) => b.r).sort((a, b) => a - b);
      if (sure.length) {
        const want = BALL_PX / (2 * sure[Math.floor(sure.length / 2)]!);
        if (Math.abs(Math.log(want / scale)) > Math.log(1.15)) {
          scale = want;
          pass = await this.pass(img, region, scale, threshold, ms);
        }
      }
    }
    let balls = cal && !selfScaled && !o.keepImplausible ? pass.balls.filter((b) => plausible(cal, b)) : pass.balls;
    if (cal && !selfScaled && o.refine) {
      const t = performance.now();
      balls = balls.map((b) => refineLearned(img, cal, b));
      ms.refine = performance.now() - t;
    }
    ms.total = performance.now() - t0;
    return { balls, scale, inputWidth: pass.w, inputHeight: pass.h, ms };
  }

  private async pass(img: VideoImage, region: PixelBox, scale: number, threshold: number, ms: LearnedResult['ms']): Promise<{ balls: LearnedBall[]; w: number; h: number }> {
    let t = performance.now();
    const input = resampleToTensor(img, region, scale, INPUT_MULTIPLE);
    ms.resample += performance.now() - t;
    t = performance.now();
    const out = await this.session.run({ input: new ort.Tensor('float32', input.data, [1, 3, input.height, input.width]) });
    ms.network += performance.now() - t;
    t = performance.now();
    const y = out['out'];
    if (!y || !(y.data instanceof Float32Array)) throw new Error('LearnedBallDetector: unexpected model outputs');
    const [, , gh, gw] = y.dims as number[];
    const balls = decodePeaks(y.data, gw!, gh!, threshold).flatMap((p) => {
      // Network px → image px (the resampler's mapping: image = x0 + (net + 0.5) / s − 0.5).
      const u = region.x0 + (p.x + 0.5) / input.scaleX - 0.5;
      const v = region.y0 + (p.y + 0.5) / input.scaleY - 0.5;
      // Centres on the padding are not in the region.
      if (p.x > input.validWidth - 0.5 || p.y > input.validHeight - 0.5) return [];
      return [{ u, v, r: p.r / Math.sqrt(input.scaleX * input.scaleY), confidence: p.score }];
    });
    ms.peaks += performance.now() - t;
    return { balls, w: input.width, h: input.height };
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

/**
 * Whether the sure balls found at `scale` are about BALL_PX wide on the network's input (their
 * median within a factor 1.6 of it; too few balls to tell: yes).
 */
export function scaleAgrees(balls: readonly LearnedBall[], scale: number): boolean {
  const d = balls.filter((b) => b.confidence >= 0.5).map((b) => 2 * b.r * scale).sort((a, b) => a - b);
  if (d.length < 3) return true;
  const m = d[Math.floor(d.length / 2)]!;
  return m < 1.6 * BALL_PX && m > BALL_PX / 1.6;
}

/**
 * The peaks of the network's output [4, gh, gw] (probability, x offset, y offset, log radius):
 * cells that are the maximum of their 3×3 neighbourhood and above `threshold`, a second one
 * within one radius of a stronger peak dropped. Returns network-input pixels.
 */
export function decodePeaks(out: Float32Array, gw: number, gh: number, threshold: number): { x: number; y: number; r: number; score: number }[] {
  const n = gw * gh;
  const found: { x: number; y: number; r: number; score: number }[] = [];
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const p = j * gw + i;
      const s = out[p]!;
      if (s < threshold) continue;
      let peak = true;
      for (let dj = -1; dj <= 1 && peak; dj++) {
        const jj = j + dj;
        if (jj < 0 || jj >= gh) continue;
        for (let di = -1; di <= 1; di++) {
          const ii = i + di;
          if ((di === 0 && dj === 0) || ii < 0 || ii >= gw) continue;
          const q = out[jj * gw + ii]!;
          // Ties go to the earlier cell.
          if (q > s || (q === s && jj * gw + ii < p)) {
            peak = false;
            break;
          }
        }
      }
      if (!peak) continue;
      const x = STRIDE * (i + out[n + p]!) - 0.5;
      const y = STRIDE * (j + out[2 * n + p]!) - 0.5;
      found.push({ x, y, r: STRIDE * Math.exp(out[3 * n + p]!), score: s });
    }
  }
  found.sort((a, b) => b.score - a.score);
  const kept: typeof found = [];
  for (const f of found) if (kept.every((k) => Math.hypot(k.x - f.x, k.y - f.y) > 0.8 * Math.max(k.r, f.r))) kept.push(f);
  return kept;
}
