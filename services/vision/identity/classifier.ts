// Ball identity from a crop: a small CNN (models/identity/ball-identity.onnx, see its
// MODEL_CARD.md) run with onnxruntime-node on the CPU (one thread), batched. Input: crops cut by
// identity-crop.ts (CROP_SCALE × the ball diameter, 32×32 RGB) packed as float32 NCHW in [0, 1].
// Output per crop: the ball id (0 cue … 15, null when not a ball), its kind and a confidence.
// `adaptToRack` calibrates the colours and the class priors to the set in play (adapt.ts) and
// learns the set's shades from the rack (shades.ts).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import type { BallId } from '../../contract/ids.ts';
import { applyColour, fitRackAdaptation, type ColourReference, type RackAdaptation, type RackFit } from './adapt.ts';
import { NUM_CLASSES, idOfClass, kindOfClass, type BallKind } from './classes.ts';
import { CROP_SIZE, CROP_VALUES } from './crop.ts';
import { SHADE_WEIGHT, addShadeBonus, learnShades, type SetShades } from './shades.ts';

export { NONE_CLASS, NUM_CLASSES, kindOfClass, idOfClass, type BallKind } from './classes.ts';

export const DEFAULT_MODEL_PATH = fileURLToPath(new URL('../../../models/identity/ball-identity.onnx', import.meta.url));
/** The rendered sets' reference colours for `adaptToRack` (models/identity/colour-reference.ts). */
export const DEFAULT_COLOURS_PATH = fileURLToPath(new URL('../../../models/identity/ball-identity.colours.json', import.meta.url));

export interface Identity {
  /** 0 the cue ball, 1–15; null: not a ball. */
  id: BallId | null;
  kind: BallKind;
  /** Probability of the reported class (of "none" when id is null). */
  confidence: number;
  /** All class probabilities (index = ball id, 16 = none), for track voting. */
  probs: Float32Array;
}

export interface RawOutput {
  n: number;
  /** n × 17. */
  logits: Float32Array;
  /** n × 64 (the penultimate layer). */
  embedding: Float32Array;
}

export class BallIdentifier {
  private adaptation: RackAdaptation | null = null;
  private shades: SetShades | null = null;
  /** Milliseconds per crop of the last batch (inference only). */
  lastMsPerCrop = 0;

  private constructor(private readonly session: ort.InferenceSession, readonly reference: ColourReference | null) {}

  /**
   * Loads the model once (one intra-op thread, deterministic CPU execution), and the rendered
   * sets' reference ball colours (<model>.colours.json beside it, else the default) for `adaptToRack`.
   */
  static async load(path = DEFAULT_MODEL_PATH, opts: { colours?: string } = {}): Promise<BallIdentifier> {
    const session = await ort.InferenceSession.create(path, {
      executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all',
    });
    const beside = path.replace(/\.onnx$/, '.colours.json');
    const refPath = opts.colours ?? (existsSync(beside) ? beside : DEFAULT_COLOURS_PATH);
    const reference = existsSync(refPath) ? (JSON.parse(readFileSync(refPath, 'utf8')) as ColourReference) : null;
    return new BallIdentifier(session, reference);
  }

  /** The network's outputs for a batch (crops already colour-corrected if wanted). */
  async infer(crops: Float32Array): Promise<RawOutput> {
    if (crops.length % CROP_VALUES !== 0) throw new Error(`identify: batch length ${crops.length} is not a multiple of ${CROP_VALUES}`);
    const n = crops.length / CROP_VALUES;
    if (n === 0) return { n, logits: new Float32Array(0), embedding: new Float32Array(0) };
    const t0 = performance.now();
    const input = new ort.Tensor('float32', crops, [n, 3, CROP_SIZE, CROP_SIZE]);
    const out = await this.session.run({ input });
    this.lastMsPerCrop = (performance.now() - t0) / n;
    const logits = out['logits']?.data;
    const embedding = out['embedding']?.data;
    if (!(logits instanceof Float32Array) || !(embedding instanceof Float32Array)) throw new Error('identify: unexpected model outputs');
    return { n, logits, embedding };
  }

  /** Identifies a batch of crops (float32 NCHW, 3×32×32 each, values in [0, 1]). */
  async identify(crops: Float32Array): Promise<Identity[]> {
    const a = this.adaptation;
    const { n, logits, embedding } = await this.infer(a ? applyColour(crops, a) : crops);
    const res: Identity[] = [];
    for (let k = 0; k < n; k++) {
      const l = logits.slice(k * NUM_CLASSES, (k + 1) * NUM_CLASSES);
      if (this.shades) addShadeBonus(this.shades, embedding, k, l);
      const probs = softmax(l, a?.logPrior ?? null);
      let best = 0;
      for (let c = 1; c < NUM_CLASSES; c++) if (probs[c]! > probs[best]!) best = c;
      res.push({ id: idOfClass(best), kind: kindOfClass(best), confidence: probs[best]!, probs });
    }
    return res;
  }

  /**
   * Calibrates to the set in play from crops of balls with known ids (the rack at the start of
   * a game, plus the cue ball if seen): a per-channel colour correction mapping this camera's
   * ball colours onto the training renders, class priors that rule out ids not racked, and the
   * set's shades (each racked ball's embedding a prototype for its id; `shadeWeight` 0: none).
   * `colourBalance` false leaves the colours as they are.
   */
  async adaptToRack(crops: Float32Array, ids: readonly BallId[], opts: { absentPenalty?: number; shadeWeight?: number; colourBalance?: boolean } = {}): Promise<RackFit> {
    const fit = fitRackAdaptation(crops, ids, opts.colourBalance === false ? null : this.reference, opts.absentPenalty ?? 4);
    this.adaptation = fit.adaptation;
    const weight = opts.shadeWeight ?? SHADE_WEIGHT;
    this.shades = weight > 0 ? learnShades((await this.infer(applyColour(crops, fit.adaptation))).embedding, ids, weight) : null;
    return fit;
  }

  /** Forgets the rack calibration. */
  resetAdaptation(): void {
    this.adaptation = null;
    this.shades = null;
  }

  get adapted(): RackAdaptation | null {
    return this.adaptation;
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

/** Softmax of logits (plus optional log-priors). */
export function softmax(logits: ArrayLike<number>, logPrior: ArrayLike<number> | null): Float32Array {
  const n = logits.length;
  const out = new Float32Array(n);
  let m = -Infinity;
  for (let c = 0; c < n; c++) {
    const v = logits[c]! + (logPrior ? logPrior[c]! : 0);
    out[c] = v;
    if (v > m) m = v;
  }
  let s = 0;
  for (let c = 0; c < n; c++) {
    out[c] = Math.exp(out[c]! - m);
    s += out[c]!;
  }
  for (let c = 0; c < n; c++) out[c] = out[c]! / s;
  return out;
}

/** The class index with the highest value (ties: the lower index). */
export function argmax(p: ArrayLike<number>): number {
  let best = 0;
  for (let c = 1; c < p.length; c++) if (p[c]! > p[best]!) best = c;
  return best;
}

