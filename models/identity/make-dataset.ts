// Renders the ball-identity data set: labelled 32×32 crops from random table setups, written as
// NumPy files (git-ignored) for models/identity/train.py. Deterministic by seed; shard it across
// processes:
//   node bin/run-ts.mjs models/identity/make-dataset.ts --split train --configs 120 --shard 0 --shards 2
// Writes <out>/<split>-<shard>-crops.npy (N,32,32,3 uint8) and <split>-<shard>-meta.npy
// (N,8 float32: label, set (0 standard, 1 TV, 2 other shades), occluded, smear, diameter, noneType, height, tilt; see samples.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CROP_SIZE } from '../../services/vision/identity/crop.ts';
import { writeNpy } from './npy.ts';
import { META_COLUMNS, configSamples, metaRow, type Sample } from './samples.ts';
import { RESTING_SCENES, TRAIN_SCENES, randomConfig } from './scenes.ts';

/** First configuration seed of each split: the evaluation never sees a training seed. */
export const SPLIT_SEEDS = { train: 1, oblique: 200_000, broadcast: 300_000, palette: 600_000, val: 500_000, test: 900_000 } as const;
export type Split = keyof typeof SPLIT_SEEDS;

export function splitSamples(split: Split, configs: number, frames: number, shard: number, shards: number, log?: (s: string) => void): Sample[] {
  const all: Sample[] = [];
  for (let i = shard; i < configs; i += shards) {
    const cfg = split === 'broadcast' ? randomConfig(SPLIT_SEEDS[split] + i, undefined, 0, 1)
      // Every setup with another set's shades; a third with an oblique camera.
      : split === 'palette' ? randomConfig(SPLIT_SEEDS[split] + i, undefined, 0.3, 0, 1)
      : randomConfig(SPLIT_SEEDS[split] + i, undefined, split === 'oblique' ? 1 : split === 'train' ? 0 : 0.3, split === 'test' ? 0.3 : 0);
    const t0 = performance.now();
    const scenes = split === 'train' || split === 'oblique' || split === 'broadcast' || split === 'palette' ? TRAIN_SCENES : i % 2 === 0 ? RESTING_SCENES : TRAIN_SCENES;
    const s = configSamples(cfg, frames, scenes, { noneRatio: 0.35, maxOccluded: 0.95 });
    for (const x of s) all.push(x);
    log?.(`${split} config ${i} ${cfg.width}x${cfg.height} ${cfg.table} ${typeof cfg.ballSet === 'string' ? cfg.ballSet : cfg.ballSet.name} cloth ${cfg.cloth.join(',')}: ${s.length} crops in ${((performance.now() - t0) / 1000).toFixed(1)} s (total ${all.length})`);
  }
  return all;
}

export function writeSamples(dir: string, name: string, samples: readonly Sample[]): void {
  const n = samples.length;
  const px = CROP_SIZE * CROP_SIZE * 3;
  const crops = new Uint8Array(n * px);
  const meta = new Float32Array(n * META_COLUMNS.length);
  samples.forEach((s, k) => {
    crops.set(s.crop, k * px);
    meta.set(metaRow(s), k * META_COLUMNS.length);
  });
  mkdirSync(dir, { recursive: true });
  writeNpy(join(dir, `${name}-crops.npy`), { dtype: 'u1', shape: [n, CROP_SIZE, CROP_SIZE, 3], data: crops });
  writeNpy(join(dir, `${name}-meta.npy`), { dtype: 'f4', shape: [n, META_COLUMNS.length], data: meta });
}

if (process.argv[1]?.endsWith('make-dataset.ts')) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'tmp/identity-data' },
      split: { type: 'string', default: 'train' },
      configs: { type: 'string', default: '120' },
      frames: { type: 'string', default: '20' },
      shard: { type: 'string', default: '0' },
      shards: { type: 'string', default: '1' },
    },
  });
  const split = values.split as Split;
  if (!(split in SPLIT_SEEDS)) throw new Error(`--split must be one of ${Object.keys(SPLIT_SEEDS).join(', ')}`);
  const shard = Number(values.shard);
  const t0 = performance.now();
  const samples = splitSamples(split, Number(values.configs), Number(values.frames), shard, Number(values.shards), (s) => console.log(s));
  writeSamples(values.out, `${split}-${shard}`, samples);
  console.log(`wrote ${samples.length} crops to ${values.out}/${split}-${shard}-*.npy in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
