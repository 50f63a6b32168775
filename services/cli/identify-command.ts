// `railbird identify <crop.png>...`: the ball identity of each crop, one JSON line per image:
// {"image", "id": 0–15 | null, "kind": "cue" | "eight" | "solid" | "stripe" | "none", "confidence",
// "scale"}. Crops come as people cut them: tight to the ball or with cloth around it, 20 to 200 px,
// square or not. The model's convention is a square of 1.5 ball diameters about the ball
// (services/vision/identity/crop.ts); by default each crop is re-cut about its centre at several
// ratios of its shorter side to the ball's diameter (1 to 3), and read at the ratio where it looks
// most like a ball (the least "not a ball"): on rendered crops of 16 balls × 4 tables never looked
// at before, ids right 100 % at every ratio, where reading them all as 1.5 gave 90.6 % for tight
// crops and 40.6 % with three diameters of cloth around; cloth, cushion and pocket squares stay
// "not a ball". `--scale r` says the ratio instead ("scale" in the output is the one read).
import type { Command } from 'commander';
import { NONE_CLASS } from '../vision/identity/classes.ts';
import { BallIdentifier, DEFAULT_MODEL_PATH, type Identity } from '../vision/identity/classifier.ts';
import { CROP_SCALE, CROP_SIZE, cropSquare, cropsToTensor, readImage, type RgbImage } from '../vision/identity/crop.ts';

export interface IdentifyLine {
  image: string;
  id: number | null;
  kind: string;
  confidence: number;
  /** The ratio of the crop's shorter side to the ball's diameter it was read at. */
  scale: number;
}

/** The ratios of a crop's shorter side to the ball's diameter tried when none is given. */
export const SCALES = [1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.4, 3.0] as const;

/** The crop re-cut to the model's convention, taking its shorter side as `ratio` ball diameters. */
const recut = (img: RgbImage, ratio: number): Uint8Array =>
  cropSquare(img, (img.width - 1) / 2, (img.height - 1) / 2, (Math.min(img.width, img.height) * CROP_SCALE) / ratio, CROP_SIZE);

/** Identifies crop images; `scale` the ratio of their shorter side to the ball's diameter, else found per crop. */
export async function identifyImages(paths: readonly string[], opts: { scale?: number; model?: string } = {}): Promise<IdentifyLine[]> {
  const images: RgbImage[] = [];
  for (const p of paths) images.push(await readImage(p));
  const scales = opts.scale !== undefined ? [opts.scale] : [...SCALES];
  const model = await BallIdentifier.load(opts.model ?? DEFAULT_MODEL_PATH);
  try {
    const res = await model.identify(cropsToTensor(images.flatMap((img) => scales.map((s) => recut(img, s)))));
    return images.map((_, k) => {
      // The ratio at which the crop looks most like a ball.
      let best = 0;
      const at = (i: number): Identity => res[k * scales.length + i]!;
      for (let i = 1; i < scales.length; i++) if (at(i).probs[NONE_CLASS]! < at(best).probs[NONE_CLASS]!) best = i;
      const r = at(best);
      return { image: paths[k]!, id: r.id, kind: r.kind, confidence: Math.round(r.confidence * 1e4) / 1e4, scale: scales[best]! };
    });
  } finally {
    await model.release();
  }
}

export function registerIdentify(program: Command): void {
  program
    .command('identify')
    .description('identify balls in crop images (cue, 1–15 or not a ball), one JSON line per image')
    .argument('<crops...>', 'crop images (PNG, JPEG …) centred on a ball: tight or with cloth around, square or not')
    .option('--scale <ratio>', 'shorter side / ball diameter of the given images (default: found per crop)')
    .option('--model <file>', 'ONNX model', DEFAULT_MODEL_PATH)
    .action(async (crops: string[], opts: { scale?: string; model: string }) => {
      const scale = opts.scale === undefined ? undefined : Number(opts.scale);
      if (scale !== undefined && !(scale > 0.5 && scale < 4)) throw new Error('--scale must be between 0.5 and 4');
      for (const line of await identifyImages(crops, { ...(scale !== undefined ? { scale } : {}), model: opts.model })) process.stdout.write(JSON.stringify(line) + '\n');
    });
}
