// Evaluates the ball-identity model: freshly rendered frames of seeds never used in training
// (resting, blurred, occluded, "none" crops; per set; with a camera colour cast before and
// after `adaptToRack`), the speed, and the real development clips (kind accuracy).
//   node bin/run-ts.mjs models/identity/eval.ts [--configs 30] [--frames 10] [--model path] [--no-real] [--liners SHARE]
// --liners: that share of the setups with pocket liners other than dark leather (scenes.ts).
import { parseArgs } from 'node:util';
import { Rng } from '../../services/sim/render/prng.ts';
import type { BallId } from '../../services/contract/ids.ts';
import { BallIdentifier, DEFAULT_MODEL_PATH, argmax } from '../../services/vision/identity/classifier.ts';
import { NONE_CLASS, type BallKind } from '../../services/vision/identity/classes.ts';
import { CROP_VALUES, cropsToTensor, selectCrops } from '../../services/vision/identity/crop.ts';
import { SPLIT_SEEDS } from './make-dataset.ts';
import { Groups, kindTable } from './metrics.ts';
import { realCrops } from './real-clips.ts';
import { NONE_TYPES, configSamples, type Sample } from './samples.ts';
import { RESOLUTIONS, RESTING_SCENES, TRAIN_SCENES, randomConfig } from './scenes.ts';

async function classify(model: BallIdentifier, crops: Float32Array): Promise<number[]> {
  const out: number[] = [];
  for (let o = 0; o < crops.length; o += 256 * CROP_VALUES) {
    for (const r of await model.identify(crops.subarray(o, Math.min(crops.length, o + 256 * CROP_VALUES)))) out.push(argmax(r.probs));
  }
  return out;
}

function groupsOf(s: Sample): string[] {
  if (s.label === NONE_CLASS) return ['none (not a ball)', `none: ${NONE_TYPES[s.noneType]}`];
  const g = ['all balls'];
  if (s.occluded < 0.05) {
    if (s.smear === 0 && s.tilt > 3) g.push('resting, oblique camera (9–37°)');
    else if (s.smear === 0) g.push('resting (overhead camera)', `resting, ${s.set ? 'TV' : 'standard'} set`, `resting, ${s.height}p`);
    else g.push(s.smear < 0.3 ? 'blurred, smear < 0.3 d' : s.smear < 1 ? 'blurred, smear 0.3–1 d' : 'blurred, smear > 1 d');
  } else {
    g.push(s.occluded < 0.3 ? 'occluded 5–30 %' : s.occluded < 0.6 ? 'occluded 30–60 %' : 'occluded > 60 %');
  }
  return g;
}

/** A camera colour cast (per-channel gain, exposure, gamma) beyond the training augmentation. */
function colourCast(t: Float32Array, rng: Rng): Float32Array {
  const warm = rng.next() < 0.5;
  const g = warm ? [rng.range(1.2, 1.35), 1, rng.range(0.62, 0.75)] : [rng.range(0.68, 0.8), 1, rng.range(1.2, 1.35)];
  const expo = rng.range(0.8, 1.15), gamma = rng.range(0.8, 1.25);
  const out = new Float32Array(t.length);
  const n = CROP_VALUES / 3;
  for (let i = 0; i < t.length; i++) {
    const ch = Math.floor((i % CROP_VALUES) / n);
    out[i] = Math.min(1, Math.pow(Math.min(1, t[i]! * g[ch]! * expo), gamma));
  }
  return out;
}

export async function evaluate(o: { configs: number; frames: number; model: string; real: boolean; liners?: number }): Promise<string> {
  const model = await BallIdentifier.load(o.model);
  const groups = new Groups();
  const cast = new Groups();
  const report: string[] = [];
  for (let i = 0; i < o.configs; i++) {
    // Every image size in turn; 30 % of the setups with an oblique camera.
    const cfg = randomConfig(SPLIT_SEEDS.test + i, [RESOLUTIONS[i % RESOLUTIONS.length]!], 0.3, 0, 0, o.liners ?? 0);
    const samples = configSamples(cfg, o.frames, i % 2 === 0 ? RESTING_SCENES : TRAIN_SCENES, { noneRatio: 0.35, maxOccluded: 1 });
    const t = cropsToTensor(samples.map((s) => s.crop));
    model.resetAdaptation();
    const pred = await classify(model, t);
    samples.forEach((s, k) => { for (const g of groupsOf(s)) groups.add(g, s.label, pred[k]!); });
    // The rack: the first resting, unoccluded crop of each id; the rest of the resting crops are scored.
    const rackIdx: number[] = [];
    const seen = new Set<number>();
    samples.forEach((s, k) => {
      if (s.label !== NONE_CLASS && s.smear === 0 && s.occluded < 0.05 && !seen.has(s.label)) { seen.add(s.label); rackIdx.push(k); }
    });
    const rest = samples.map((s, k) => k).filter((k) => !rackIdx.includes(k) && samples[k]!.label !== NONE_CLASS && samples[k]!.smear === 0 && samples[k]!.occluded < 0.05);
    const tc = colourCast(t, new Rng(cfg.seed ^ 0xca57));
    const rackIds = rackIdx.map((k) => samples[k]!.label as BallId);
    const base = await classify(model, selectCrops(tc, rest));
    const fit = await model.adaptToRack(selectCrops(tc, rackIdx), rackIds);
    const adapted = await classify(model, selectCrops(tc, rest));
    const cleanFit = await model.adaptToRack(selectCrops(t, rackIdx), rackIds);
    const clean = await classify(model, selectCrops(t, rest));
    const setOk = fit.set === cfg.ballSet;
    rest.forEach((k, j) => {
      cast.add('colour cast, no adaptation', samples[k]!.label, base[j]!);
      cast.add('colour cast, adaptToRack', samples[k]!.label, adapted[j]!);
      cast.add('no cast, adaptToRack', samples[k]!.label, clean[j]!);
      cast.add('no cast, no adaptation', samples[k]!.label, pred[k]!);
    });
    console.error(`config ${i} ${cfg.width}x${cfg.height} ${cfg.ballSet} tilt ${(Math.hypot(cfg.tiltX ?? 0, cfg.tiltY ?? 0) * 57.3).toFixed(0)}°: ${samples.length} crops; rack fit set ${fit.set} (${setOk ? 'right' : 'WRONG'}), gains ${fit.adaptation.gain.map((g) => g.toFixed(2)).join('/')}, without cast ${cleanFit.adaptation.gain.map((g) => g.toFixed(2)).join('/')}`);
  }
  model.resetAdaptation();
  report.push(`## Rendered test frames (${o.configs} table setups × ${o.frames} frames, seeds ${SPLIT_SEEDS.test}+)\n`);
  report.push(groups.table([
    'resting (overhead camera)', 'resting, standard set', 'resting, TV set', 'resting, 540p', 'resting, 720p', 'resting, 1080p', 'resting, 1440p', 'resting, 2160p',
    'resting, oblique camera (9–37°)', 'blurred, smear < 0.3 d', 'blurred, smear 0.3–1 d', 'blurred, smear > 1 d', 'occluded 5–30 %', 'occluded 30–60 %', 'occluded > 60 %',
    'all balls', 'none (not a ball)', ...NONE_TYPES.slice(1).map((n) => `none: ${n}`),
  ]));
  report.push('\n## Colour cast (gains 0.62–1.35 per channel, gamma 0.8–1.25) and adaptToRack (resting balls, rack = one crop per id)\n');
  report.push(cast.table(['colour cast, no adaptation', 'colour cast, adaptToRack', 'no cast, no adaptation', 'no cast, adaptToRack']));
  // Speed.
  const probe = cropsToTensor(Array.from({ length: 64 }, (_, k) => new Uint8Array(CROP_VALUES).fill(40 + k)));
  for (const n of [1, 16, 64]) {
    const batch = probe.subarray(0, n * CROP_VALUES);
    await model.identify(batch);
    const reps = Math.max(5, Math.floor(400 / n));
    const t0 = performance.now();
    for (let r = 0; r < reps; r++) await model.identify(batch);
    report.push(`${n === 1 ? '\n## Speed (CPU, 1 thread)\n\n' : ''}batch ${n}: ${((performance.now() - t0) / (reps * n)).toFixed(3)} ms per ball`);
  }
  for (const boxScale of o.real ? [1, 0.8] : []) {
    const real = await realCrops(undefined, boxScale);
    if (real.length) {
      const res = await model.identify(cropsToTensor(real.map((r) => r.crop)));
      const pairs = real.map((r, k) => ({ truth: r.kind, pred: res[k]!.kind as BallKind }));
      const balls = pairs.filter((p) => p.pred !== 'none');
      report.push(`\n## Real development clips (${real.length} boxes, ball diameter = ${boxScale} × the box's larger side; kind from the predicted id)\n`);
      report.push(kindTable(pairs));
      const ok = balls.filter((p) => p.truth === p.pred).length;
      report.push(`kind accuracy among crops not called "none": ${ok}/${balls.length}`);
      const wrong = real.map((r, k) => ({ r, p: res[k]! })).filter(({ r, p }) => r.kind !== p.kind);
      report.push(`errors: ${wrong.map(({ r, p }) => `${r.clip}/${r.frame} box ${r.box.join(',')} ${r.kind}→${p.id ?? 'none'} (${p.confidence.toFixed(2)})`).join('; ') || 'none'}`);
    }
  }
  return report.join('\n');
}

if (process.argv[1]?.endsWith('eval.ts')) {
  const { values } = parseArgs({
    options: {
      configs: { type: 'string', default: '30' },
      frames: { type: 'string', default: '10' },
      model: { type: 'string', default: DEFAULT_MODEL_PATH },
      'no-real': { type: 'boolean', default: false },
      liners: { type: 'string', default: '0' },
    },
  });
  console.log(await evaluate({ configs: Number(values.configs), frames: Number(values.frames), model: values.model, real: !values['no-real'], liners: Number(values.liners) }));
}
