// Leave one source out: each real source is scored by a committed model never trained on it.
// A model's training record (<model>.train.json, `trainedOn`) names the sources it learned from;
// a family's committed models are its default file, then the files of loso/ beside it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BallIdentifier, DEFAULT_MODEL_PATH } from '../../../services/vision/identity/classifier.ts';

export interface TrainInfo {
  trainedOn?: string[];
  threshold?: number;
}

/** A model's training record (<model>.train.json), {} when it has none. */
export function trainInfo(model: string): TrainInfo {
  const info = model.replace(/\.onnx$/, '.train.json');
  return existsSync(info) ? (JSON.parse(readFileSync(info, 'utf8')) as TrainInfo) : {};
}

/** The committed models of a family: its default file, then loso/*.onnx beside it (sorted). */
export function committedModels(defaultModel: string): string[] {
  const loso = join(dirname(defaultModel), 'loso');
  return [defaultModel, ...(existsSync(loso) ? readdirSync(loso).filter((f) => f.endsWith('.onnx')).sort().map((f) => join(loso, f)) : [])];
}

/** The first of `models` whose training record lacks `source`; throws where every one saw it. */
export function heldOutModel(models: readonly string[], source: string, family: string): string {
  const m = models.find((f) => !(trainInfo(f).trainedOn ?? []).includes(source));
  if (!m) throw new Error(`no committed ${family} model holds out ${source}`);
  return m;
}

/**
 * Identity models that score each source with one never trained on it (models/identity/ and its
 * loso/), or one given model for every source (`only`: a model under trial). Each file is loaded
 * once; `for` resets its adaptation to a rack (each clip is another set in play).
 */
export class HeldOutIdentities {
  private readonly loaded = new Map<string, BallIdentifier>();

  constructor(private readonly only?: string) {}

  /** The model file that scores `source`. */
  modelFor(source: string): string {
    return this.only ?? heldOutModel(committedModels(DEFAULT_MODEL_PATH), source, 'identity');
  }

  async for(source: string): Promise<BallIdentifier> {
    const m = this.modelFor(source);
    let id = this.loaded.get(m);
    if (!id) {
      id = await BallIdentifier.load(m);
      this.loaded.set(m, id);
    }
    id.resetAdaptation();
    return id;
  }

  async release(): Promise<void> {
    for (const id of this.loaded.values()) await id.release();
    this.loaded.clear();
  }
}
