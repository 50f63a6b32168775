// `railbird identify <crop.png>...`: the ball identity of each crop, one JSON line per image:
// {"image", "id": 0–15 | null, "kind": "cue" | "eight" | "solid" | "stripe" | "none", "confidence"}.
// A crop is a square centred on the ball whose side is 1.5 × the ball's diameter (the
// convention of services/vision/identity/crop.ts); --scale tells another ratio (e.g. 1 for a
// tight bounding box), and the image is re-cut to the model's convention around its centre.
import type { Command } from 'commander';
import { BallIdentifier, DEFAULT_MODEL_PATH } from '../vision/identity/classifier.ts';
import { CROP_SCALE, CROP_SIZE, cropSquare, cropsToTensor, readImage } from '../vision/identity/crop.ts';

export interface IdentifyLine {
  image: string;
  id: number | null;
  kind: string;
  confidence: number;
}

/** Loads the crops (scaled to the model input) and identifies them in one batch. */
export async function identifyImages(paths: readonly string[], opts: { scale?: number; model?: string } = {}): Promise<IdentifyLine[]> {
  const scale = opts.scale ?? CROP_SCALE;
  const crops: Uint8Array[] = [];
  for (const p of paths) {
    // The square about the image's centre, re-cut to the model's convention (the same area
    // resampling as the crops cut from frames).
    const img = await readImage(p);
    const side = (Math.min(img.width, img.height) * CROP_SCALE) / scale;
    crops.push(cropSquare(img, (img.width - 1) / 2, (img.height - 1) / 2, side, CROP_SIZE));
  }
  const model = await BallIdentifier.load(opts.model ?? DEFAULT_MODEL_PATH);
  try {
    const res = await model.identify(cropsToTensor(crops));
    return res.map((r, k) => ({ image: paths[k]!, id: r.id, kind: r.kind, confidence: Math.round(r.confidence * 1e4) / 1e4 }));
  } finally {
    await model.release();
  }
}

export function registerIdentify(program: Command): void {
  program
    .command('identify')
    .description('identify balls in crop images (cue, 1–15 or not a ball), one JSON line per image')
    .argument('<crops...>', 'crop images (PNG), centred on the ball, side 1.5 × the ball diameter')
    .option('--scale <ratio>', 'crop side / ball diameter of the given images', String(CROP_SCALE))
    .option('--model <file>', 'ONNX model', DEFAULT_MODEL_PATH)
    .action(async (crops: string[], opts: { scale: string; model: string }) => {
      const scale = Number(opts.scale);
      if (!(scale > 0.5 && scale < 4)) throw new Error('--scale must be between 0.5 and 4');
      for (const line of await identifyImages(crops, { scale, model: opts.model })) process.stdout.write(JSON.stringify(line) + '\n');
    });
}
