// Numbers on ball sets the identity model was not trained on: rendered setups whose balls carry
// the held-out sets' shades (palettes.ts: faded, deep, bright TV, teal/violet; never rendered for
// training) and sets drawn from the training ranges at seeds no training setup used. Each setup's
// resting balls are read one crop at a time: without adaptation, and after `adaptToRack` with the
// set's shades (shades.ts) at the given weights (0 = colour balance and priors only; `:raw`
// after a weight: without the colour balance). The
// rack is the first resting, fully seen crop of each id; the other resting crops are scored. The
// rack's numbers are given as the pipeline gives them (`--rack model`, the default: the model's
// probabilities assigned one of each id, `assignRackIds`, the cue ball when the model is sure of
// it) or from the truth (`--rack truth`). Every frame holds one ball of each id, as a game does,
// and each mode is read two ways: single crops (argmax), and one of each id per frame
// (`assignSetIds`, as `railbird detect` names a frame's balls; tracks do the same along time).
// `--tune` scores sets drawn beyond the training ranges at validation seeds instead: the shade
// weight is chosen there, never on the held-out sets.
//   node bin/run-ts.mjs models/identity/eval-sets.ts [--setups 6] [--frames 4] [--weights 0,12,12:raw] [--tune] [--model path]
import { parseArgs } from 'node:util';
import { BALL_IDS, type BallId } from '../../services/contract/ids.ts';
import { BallIdentifier, DEFAULT_MODEL_PATH, argmax } from '../../services/vision/identity/classifier.ts';
import { NONE_CLASS } from '../../services/vision/identity/classes.ts';
import { CUE_ON_TABLE_BONUS, assignRackIds, assignSetIds } from '../../services/vision/identity/rack.ts';
import { cropsToTensor, selectCrops } from '../../services/vision/identity/crop.ts';
import { SHADE_WEIGHT } from '../../services/vision/identity/shades.ts';
import { Rng } from '../../services/sim/render/prng.ts';
import { SPLIT_SEEDS } from './make-dataset.ts';
import { Groups } from './metrics.ts';
import { HELD_OUT_SETS, randomPalette } from './palettes.ts';
import { configSamples } from './samples.ts';
import { RESOLUTIONS, RESTING_SCENES, randomConfig, type RenderConfig } from './scenes.ts';

/** Image sizes for these setups (540p–1080p: the 4K ones cost most of the time and add little). */
const SIZES = RESOLUTIONS.slice(0, 3);

export interface SetGroup { label: string; configs: RenderConfig[] }

/** The held-out sets and fresh sets from the training ranges (test seeds), `setups` setups each. */
export function testGroups(setups: number): SetGroup[] {
  const cfg = (seed: number, i: number): RenderConfig => randomConfig(seed, [SIZES[i % SIZES.length]!], 0.3);
  const groups: SetGroup[] = HELD_OUT_SETS.map((set, j) => ({
    label: `held out: ${set.name}`,
    configs: Array.from({ length: setups }, (_, i) => ({ ...cfg(SPLIT_SEEDS.test + 5000 + 100 * j + i, i), ballSet: set })),
  }));
  groups.push({
    label: 'training ranges, unseen sets',
    configs: Array.from({ length: setups }, (_, i) => {
      const seed = SPLIT_SEEDS.test + 6000 + i;
      return { ...cfg(seed, i), ballSet: randomPalette(new Rng(seed ^ 0xba11), `random-${seed}`) };
    }),
  });
  return groups;
}

/** Sets drawn beyond the training ranges at validation seeds (for choosing the shade weight). */
export function tuneGroups(setups: number): SetGroup[] {
  return [{
    label: 'beyond the training ranges (validation)',
    configs: Array.from({ length: setups * 4 }, (_, i) => {
      const seed = SPLIT_SEEDS.val + 5000 + i;
      return { ...randomConfig(seed, [SIZES[i % SIZES.length]!], 0.3), ballSet: randomPalette(new Rng(seed ^ 0xba11), `wide-${seed}`, 1) };
    }),
  }];
}

/** Per crop: the argmax, and the id given by one-of-each assignment within its frame. */
async function read(model: BallIdentifier, crops: Float32Array, frames: readonly number[]): Promise<{ single: number[]; perFrame: number[] }> {
  const probs = (await model.identify(crops)).map((r) => r.probs);
  const perFrame = new Array<number>(probs.length).fill(NONE_CLASS);
  for (const f of new Set(frames)) {
    const idx = frames.flatMap((g, k) => (g === f ? [k] : []));
    assignSetIds(idx.map((k) => probs[k]!), BALL_IDS, NONE_CLASS, { cueOnTable: CUE_ON_TABLE_BONUS }).forEach((id, j) => { perFrame[idx[j]!] = id ?? NONE_CLASS; });
  }
  return { single: probs.map((p) => argmax(p)), perFrame };
}

/** The shade prototypes' weight, and whether the colour balance is fitted. */
export type ShadeWeights = readonly [number, boolean];

export async function evaluateSets(model: BallIdentifier, groups: readonly SetGroup[], frames: number, weights: readonly ShadeWeights[], rackBy: 'model' | 'truth', log?: (s: string) => void): Promise<{ table: string; rows: string[] }> {
  const tally = new Groups();
  const rows: string[] = [];
  for (const g of groups) {
    const modes = ['no adaptation', ...weights.map(([w, b]) => (w === 0 ? `rack: ${b ? 'colour balance and ' : ''}priors` : `rack + shades ${w}${b ? '' : ', no colour balance'}`))]
      .flatMap((m) => [`${m}, single crops`, `${m}, one of each per frame`]);
    for (const cfg of g.configs) {
      const samples = configSamples(cfg, frames, RESTING_SCENES, { noneRatio: 0, maxOccluded: 1, balls: 16 });
      const t = cropsToTensor(samples.map((s) => s.crop));
      const rack: number[] = [];
      const seen = new Set<number>();
      const rest: number[] = [];
      samples.forEach((s, k) => {
        if (s.label === NONE_CLASS || s.occluded >= 0.05) return;
        if (!seen.has(s.label)) { seen.add(s.label); rack.push(k); } else rest.push(k);
      });
      const truth = rest.map((k) => samples[k]!.label);
      // Every crop of a frame takes part in its assignment; the rack's crops are not scored.
      const frameOf = samples.map((x) => x.frame);
      const scoredOf = async (): Promise<number[][]> => {
        const r = await read(model, t, frameOf);
        return [rest.map((k) => r.single[k]!), rest.map((k) => r.perFrame[k]!)];
      };
      model.resetAdaptation();
      const preds = await scoredOf();
      let rackCrops = selectCrops(t, rack);
      let rackIds = rack.map((k) => samples[k]!.label as BallId);
      if (rackBy === 'model') {
        const numbered = rack.filter((k) => samples[k]!.label !== 0);
        const cue = rack.find((k) => samples[k]!.label === 0);
        const read = await model.identify(selectCrops(t, cue === undefined ? numbered : [...numbered, cue]));
        const named = assignRackIds(read.slice(0, numbered.length).map((r) => r.probs), numbered.map((k) => samples[k]!.label as BallId).sort((a, b) => a - b));
        const sure = read[numbered.length];
        const withCue = sure !== undefined && sure.id === 0 && sure.confidence > 0.9;
        rackCrops = selectCrops(t, withCue ? [...numbered, cue!] : numbered);
        rackIds = withCue ? [...named, 0] : named;
      }
      for (const [w, b] of weights) {
        await model.adaptToRack(rackCrops, rackIds, { shadeWeight: w, colourBalance: b });
        preds.push(...(await scoredOf()));
      }
      model.resetAdaptation();
      preds.forEach((p, m) => truth.forEach((y, j) => tally.add(`${g.label} — ${modes[m]}`, y, p[j]!)));
      log?.(`${g.label} seed ${cfg.seed} ${cfg.width}x${cfg.height}: ${truth.length} crops; ${preds.map((p, m) => `${modes[m]} ${(100 * p.filter((v, j) => v === truth[j]).length / truth.length).toFixed(1)} %`).join(', ')}`);
    }
    for (const m of modes) rows.push(`${g.label} — ${m}`);
  }
  return { table: tally.table(rows), rows };
}

if (process.argv[1]?.endsWith('eval-sets.ts')) {
  const { values } = parseArgs({
    options: {
      setups: { type: 'string', default: '6' },
      frames: { type: 'string', default: '4' },
      weights: { type: 'string', default: `0,${SHADE_WEIGHT}` },
      tune: { type: 'boolean', default: false },
      rack: { type: 'string', default: 'model' },
      model: { type: 'string', default: DEFAULT_MODEL_PATH },
    },
  });
  const model = await BallIdentifier.load(values.model);
  const setups = Number(values.setups);
  const groups = values.tune ? tuneGroups(setups) : testGroups(setups);
  const { table } = await evaluateSets(model, groups, Number(values.frames), values.weights.split(',').map((p): ShadeWeights => { const q = p.split(':'); return [Number(q[0] ?? 0), q[1] !== 'raw']; }), values.rack === 'truth' ? 'truth' : 'model', (s) => console.error(s));
  console.log(`## Ball sets (${values.tune ? 'validation: beyond the training ranges' : 'held-out sets and unseen sets'}; resting balls, single crops, ${values.frames} frames per setup; rack named by the ${values.rack})\n`);
  console.log(table);
}
