// `railbird calibrate <image|video> [--table 9ft] > calibration.json` and
// `railbird detect <image>... [--calibration c.json]` (one JSON line per image). `detect` finds
// balls with the learned detector (models/ball-detector/): on held-out real tables it found
// 93.9-98.0 % of the balls where the classical detector found 79.6-97.0 % (MODEL_CARD.md); the
// video pipeline keeps the classical one (windows around tracked balls) until it is measured there.
import type { Command } from 'commander';
import { BALL_IDS, TABLE_SIZES, isOneOf } from '../contract/ids.ts';
import { calibrate, CalibrationError } from '../vision/calibration/calibrate.ts';
import { unsureMessage } from '../vision/calibration/bed-check.ts';
import { loadCalibration, type VisionCalibration } from '../vision/calibration/calibration-model.ts';
import { decodeFrames, decodeImage } from '../vision/decode/decode.ts';
import { LearnedBallDetector } from '../vision/detection/learned/learned-detector.ts';
import { BallIdentifier, kindOfClass } from '../vision/identity/classifier.ts';
import { NONE_CLASS, readsNotABall } from '../vision/identity/classes.ts';
import { assignSetIds, CUE_ON_TABLE_BONUS } from '../vision/identity/rack.ts';
import { detectionCrops } from '../vision/tracking/track-identity.ts';
import type { RgbImage } from '../vision/decode/image.ts';

const VIDEO = /\.(mp4|mov|mkv|avi|webm|m4v|ts)$/i;

/** Calibrates from an image, or from the first frames of a video (the first frame that calibrates). */
async function calibrateFile(path: string, table: (typeof TABLE_SIZES)[number]): Promise<VisionCalibration> {
  const frames: RgbImage[] = VIDEO.test(path) ? await decodeFrames(path, 10) : [await decodeImage(path)];
  let last: unknown = null;
  // Try a few spread frames: the first one may have a player leaning over the table.
  for (const f of [frames[0], frames[Math.floor(frames.length / 2)], frames[frames.length - 1]]) {
    if (!f) continue;
    try {
      return calibrate(f.data, f.width, f.height, { table });
    } catch (e) {
      if (!(e instanceof CalibrationError)) throw e;
      last = e;
    }
  }
  throw last instanceof Error ? last : new Error('calibration failed');
}

export function registerCalibrate(program: Command): void {
  program
    .command('calibrate')
    .description('find the table (cushion noses, lens, camera) in an image or video and print calibration.json')
    .argument('<file>', 'PNG/JPEG image or a video (its first frames are used)')
    .option('--table <size>', 'table size: 9ft | 8ft | 7ft', '9ft')
    .action(async (file: string, opts: { table: string }) => {
      if (!isOneOf(TABLE_SIZES, opts.table)) throw new Error(`--table must be one of ${TABLE_SIZES.join(', ')}`);
      try {
        const cal = await calibrateFile(file, opts.table);
        process.stdout.write(JSON.stringify(cal, null, 2) + '\n');
        const fit = cal.fit;
        process.stderr.write(`railbird calibrate: ${file}: ${fit?.edges ?? 'unknown'}, rail residual ${fit?.railResidualPx?.toFixed(2) ?? '-'} px, k1 ${cal.k1.toFixed(4)}, focal ${cal.fx.toFixed(0)} px (${fit?.focalSource ?? '-'})\n`);
        if (fit?.correctedBy === 'diamonds') process.stderr.write('railbird calibrate: the bed was moved along an axis onto the rails\' diamond sights\n');
        if (fit?.doubts?.length) process.stderr.write(`railbird calibrate: UNSURE: ${unsureMessage(fit.doubts)}\n`);
      } catch (e) {
        process.stderr.write(`railbird calibrate: ${file}: ${(e as Error).message}\n`);
        process.exitCode = 1;
      }
    });
}

/** Below this detector confidence a candidate the identity model calls "not a ball" is dropped. */
const UNSURE_DETECTION = 0.6;

/** A ball found in an image: centre and radius (px), the detector's confidence (0-1). */
export interface FoundBall {
  u: number;
  v: number;
  r: number;
  confidence: number;
}

export interface DetectLine {
  image: string;
  /** Where the calibration came from: given (--calibration), found in the image, or none (balls found self-scaled). */
  calibration?: 'given' | 'found' | 'none';
  balls: { x: number; y: number; r: number; kind: 'cue' | 'eight' | 'solid' | 'stripe'; id: number | null; confidence: number; detection: number }[];
  error?: string;
}

/**
 * Names the balls found in one decoded image with the identity model (one batch), one ball of
 * each number: the ids are the likeliest assignment in which no two balls share one
 * (`assignSetIds`), so where two balls both look most like the 8 the likelier keeps it and the
 * other takes its next likeliest id. The cue ball is taken to be on the table unless
 * `cueInHand` (`CUE_ON_TABLE_BONUS`: when no ball reads as it outright, the ball likeliest to be
 * it is named the cue ball if the model gives it a fifth of that ball's own reading). `id` is
 * null where the model calls the crop "not a ball" (or a seventeenth ball would need one), `kind`
 * then from its likeliest ball class;
 * `confidence` the model's probability of the id given (of its call when null), `detection` the
 * detector's own confidence. A candidate the detector is unsure of (confidence under 0.6) that
 * the model calls "not a ball" is left out.
 */
export async function nameBalls(path: string, img: RgbImage, found: readonly FoundBall[], model: BallIdentifier, opts: { cueInHand?: boolean } = {}): Promise<DetectLine> {
  const looks = await model.identify(detectionCrops(img, found));
  // A candidate the detector is unsure of that the model calls "not a ball" is neither (a
  // pocket's mouth, a mark on a rail); a sure detection stays, whatever the model says.
  const named = found.map((b, k) => ({ b, m: looks[k]! })).filter(({ b, m }) => !(b.confidence < UNSURE_DETECTION && readsNotABall(m.probs)));
  const oneOfEach = assignSetIds(named.map(({ m }) => m.probs), BALL_IDS, NONE_CLASS, { cueOnTable: opts.cueInHand ? 0 : CUE_ON_TABLE_BONUS });
  const r3 = (v: number): number => Math.round(v * 1000) / 1000;
  return {
    image: path,
    balls: named.map(({ b, m }, k) => {
      let lead = 0;
      for (let c = 1; c < NONE_CLASS; c++) if (m.probs[c]! > m.probs[lead]!) lead = c;
      const id = oneOfEach[k] ?? null;
      const kind = kindOfClass(id ?? lead) as DetectLine['balls'][number]['kind'];
      return { x: r3(b.u), y: r3(b.v), r: r3(b.r), kind, id, confidence: r3(id === null ? m.confidence : m.probs[id]!), detection: r3(b.confidence) };
    }),
  };
}

/**
 * `railbird detect` on one decoded image: the learned detector (on the calibrated bed at the
 * calibration's scale; with no calibration, or one whose scale the balls contradict, the whole
 * image self-scaled), then `nameBalls`.
 */
export async function detectLine(path: string, img: RgbImage, cal: VisionCalibration | null, model: BallIdentifier, detector: LearnedBallDetector, opts: { cueInHand?: boolean } = {}): Promise<DetectLine> {
  const found = (await detector.detect(img, { calibration: cal })).balls;
  return nameBalls(path, img, found, model, opts);
}

/** The image's own calibration, or null where no table is found in it. */
function ownCalibration(img: RgbImage, table: (typeof TABLE_SIZES)[number]): VisionCalibration | null {
  try {
    return calibrate(img.data, img.width, img.height, { table });
  } catch (e) {
    if (e instanceof CalibrationError) return null;
    throw e;
  }
}

export function registerDetect(program: Command): void {
  program
    .command('detect')
    .description('detect and identify balls in images; one JSON line per image ({"image", "balls": [{x, y, r, kind, id, confidence, detection}]}, pixels)')
    .argument('<images...>', 'PNG/JPEG images')
    .option('--calibration <file>', 'calibration.json (default: calibrate each image itself)')
    .option('--table <size>', 'table size when calibrating: 9ft | 8ft | 7ft', '9ft')
    .option('--cue-in-hand', 'the cue ball may be off the table (ball in hand): no ball is named the cue ball unless it reads as it')
    .action(async (images: string[], opts: { calibration?: string; table: string; cueInHand?: boolean }) => {
      if (!isOneOf(TABLE_SIZES, opts.table)) throw new Error(`--table must be one of ${TABLE_SIZES.join(', ')}`);
      const fixed = opts.calibration ? loadCalibration(opts.calibration) : null;
      const detector = await LearnedBallDetector.load();
      const model = await BallIdentifier.load();
      for (const path of images) {
        try {
          const img = await decodeImage(path);
          if (fixed && (img.width !== fixed.imageWidth || img.height !== fixed.imageHeight)) {
            throw new Error(`image is ${img.width}×${img.height}, calibration is for ${fixed.imageWidth}×${fixed.imageHeight}`);
          }
          // No table found (a photo from the side, a close-up): the balls are still looked for, self-scaled.
          const cal = fixed ?? ownCalibration(img, opts.table);
          const line = await detectLine(path, img, cal, model, detector, { cueInHand: opts.cueInHand === true });
          process.stdout.write(JSON.stringify({ image: line.image, calibration: fixed ? 'given' : cal ? 'found' : 'none', balls: line.balls }) + '\n');
        } catch (e) {
          process.stdout.write(JSON.stringify({ image: path, balls: [], error: (e as Error).message }) + '\n');
          process.exitCode = 1;
        }
      }
      await detector.release();
      await model.release();
    });
}
