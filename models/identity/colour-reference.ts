// The rendered sets' reference ball colours for `adaptToRack` (services/vision/identity/adapt.ts):
// the mean colour signature of every id, per set, over resting balls on many random tables.
//   node bin/run-ts.mjs models/identity/colour-reference.ts [out.json]
import { writeFileSync } from 'node:fs';
import { colourSignature, type ColourReference } from '../../services/vision/identity/adapt.ts';
import { cropsToTensor } from '../../services/vision/identity/crop.ts';
import { configSamples } from './samples.ts';
import { RESOLUTIONS, RESTING_SCENES, randomConfig } from './scenes.ts';

export const REFERENCE_SEEDS = 700_000;

export function colourReference(configs = 24, frames = 2): ColourReference {
  const sums: Record<'standard' | 'tv', number[][]> = { standard: [], tv: [] };
  const counts: Record<'standard' | 'tv', number[]> = { standard: new Array(16).fill(0), tv: new Array(16).fill(0) };
  for (const set of ['standard', 'tv'] as const) for (let id = 0; id < 16; id++) sums[set].push([0, 0, 0, 0, 0, 0]);
  for (let i = 0; i < configs; i++) {
    const cfg = { ...randomConfig(REFERENCE_SEEDS + i, RESOLUTIONS.slice(0, 3)), ballSet: i % 2 === 0 ? 'standard' as const : 'tv' as const };
    const s = configSamples(cfg, frames, RESTING_SCENES, { noneRatio: 0, maxOccluded: 0.01 });
    const t = cropsToTensor(s.map((x) => x.crop));
    s.forEach((x, k) => {
      const sig = colourSignature(t, k);
      const acc = sums[cfg.ballSet][x.label]!;
      for (let c = 0; c < 6; c++) acc[c]! += sig[c]!;
      counts[cfg.ballSet][x.label]!++;
    });
  }
  const out: ColourReference = { standard: {}, tv: {} };
  for (const set of ['standard', 'tv'] as const) {
    for (let id = 0; id < 16; id++) out[set][String(id)] = sums[set][id]!.map((v) => Math.round((v / Math.max(1, counts[set][id]!)) * 1e4) / 1e4);
  }
  return out;
}

if (process.argv[1]?.endsWith('colour-reference.ts')) {
  const path = process.argv[2] ?? 'models/identity/ball-identity.colours.json';
  const ref = colourReference();
  const block = (set: 'standard' | 'tv'): string => Object.entries(ref[set]).map(([id, v]) => `  "${id}": ${JSON.stringify(v).replace(/,/g, ', ')}`).join(',\n');
  writeFileSync(path, `{\n "standard": {\n${block('standard')}\n },\n "tv": {\n${block('tv')}\n }\n}\n`);
  console.log(`wrote ${path}`);
}
