// The learned ball detector (services/vision/detection/learned/) as a `SourceDetector` for
// detector-sources.ts: the image's calibration when it has one (the bed region, the scale), else
// the whole image self-scaled; with `refine` (" +fit"), the outline fit of refine-learned.ts on
// calibrated images; with `raw`, the network's peaks without the calibration's plausibility check
// (on the bed, a ball's size there). The sources it was trained on come from <model>.train.json.
import { basename } from 'node:path';
import { DEFAULT_DETECTOR_MODEL, LearnedBallDetector } from '../../../services/vision/detection/learned/learned-detector.ts';
import type { SourceDetector } from './detector-sources.ts';
import { HeldOutModels, committedModels as committed, heldOutModel, trainInfo } from './held-out.ts';

/** The model's own threshold (chosen on its validation sets, in its .train.json) unless one is given. */
export async function learnedSourceDetector(model = DEFAULT_DETECTOR_MODEL, opts: { threshold?: number; refine?: boolean; raw?: boolean } = {}): Promise<SourceDetector> {
  const det = await LearnedBallDetector.load(model);
  const info = trainInfo(model);
  const threshold = opts.threshold ?? info.threshold;
  return {
    name: `learned ${basename(model, '.onnx')}${opts.raw ? ' raw' : ''}${opts.refine ? ' +fit' : ''}`,
    trainedOn: info.trainedOn ?? [],
    async detect(img, cal) {
      const res = await det.detect(img, { calibration: cal, refine: opts.refine === true, keepImplausible: opts.raw === true, ...(threshold !== undefined ? { threshold } : {}) });
      return res.balls;
    },
    release: () => det.release(),
  };
}

/** The committed models (models/ball-detector/*.onnx, then loso/*.onnx), the one used first. */
export function committedModels(): string[] {
  return committed(DEFAULT_DETECTOR_MODEL);
}

/**
 * Learned detectors that score each source with a model never trained on it (leave one source
 * out): `for(source)` loads (once) the first committed model whose training record lacks the
 * source, or throws where every model saw it.
 */
export class HeldOutDetectors extends HeldOutModels<LearnedBallDetector> {
  constructor() {
    super('ball-detector', DEFAULT_DETECTOR_MODEL, (path) => LearnedBallDetector.load(path));
  }

  /** The model file that never saw `source`. */
  static modelFor(source: string): string {
    return heldOutModel(committedModels(), source, 'ball-detector');
  }
}
