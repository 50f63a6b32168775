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
 * Models of one family that score each source with one never trained on it, or one given model
 * for every source (`only`: a model under trial). Each file is loaded once.
 */
export class HeldOutModels<M extends { release(): Promise<void> }> {
  private readonly loaded = new Map<string, M>();

  constructor(private readonly family: string, private readonly defaultModel: string, private readonly load: (path: string) => Promise<M>, private readonly only?: string) {}

  /** The model file that scores `source`. */
  modelFor(source: string): string {
    return this.only ?? heldOutModel(committedModels(this.defaultModel), source, this.family);
  }

  async for(source: string): Promise<M> {
    const m = this.modelFor(source);
    let model = this.loaded.get(m);
    if (!model) {
      model = await this.load(m);
      this.loaded.set(m, model);
    }
    return model;
  }

  async release(): Promise<void> {
    for (const m of this.loaded.values()) await m.release();
    this.loaded.clear();
  }
}

/** Identity models held out per source (models/identity/ and its loso/); `for` resets the adaptation to a rack (each clip is another set in play). */
export class HeldOutIdentities extends HeldOutModels<BallIdentifier> {
  constructor(only?: string) {
    super('identity', DEFAULT_MODEL_PATH, (path) => BallIdentifier.load(path), only);
  }

  override async for(source: string): Promise<BallIdentifier> {
    const id = await super.for(source);
    id.resetAdaptation();
    return id;
  }
}
