// The shades of the set in play, learned from the rack: every ball of a set is seen there once,
// with its id known (rack assignment), so the network's embedding of each racked ball becomes a
// prototype for its id. A later crop's logit of each racked id changes by
// `weight × (cosine(embedding, prototype) − the best such cosine)`: the racked id the crop looks
// most like keeps its logit, the other racked ids lose in proportion to how much less alike they
// are. Ids not racked (the stripes in 9-ball, a cue ball the rack left out) and "not a ball" are
// left to the network, so the prototypes choose between racked balls and never pull a crop
// towards one of them. A set whose 4 is a shade the network never saw still has that shade in
// the rack: the prototype carries it. Nearest-prototype reading of an embedding (as in few-shot
// learning) is written here by hand: it is a few dot products per crop.
import type { BallId } from '../../contract/ids.ts';
import { NONE_CLASS, NUM_CLASSES } from './classes.ts';

export interface SetShades {
  /** NUM_CLASSES × dim, unit rows; rows of ids not seen are zero. */
  prototypes: Float32Array;
  /** 1 where the id has a prototype. */
  has: Uint8Array;
  dim: number;
  weight: number;
}

/** Default weight of the prototype similarity against the logits (chosen on validation sets; see the model card). */
export const SHADE_WEIGHT = 24;

function normalise(v: Float32Array): Float32Array {
  let s = 0;
  for (const x of v) s += x * x;
  const n = Math.sqrt(s) || 1;
  return v.map((x) => x / n);
}

function dot(a: Float32Array, ao: number, b: Float32Array, bo: number, n: number): number {
  let s = 0;
  for (let j = 0; j < n; j++) s += a[ao + j]! * b[bo + j]!;
  return s;
}

/** Prototypes from the rack's embeddings (n × dim, one row per id; repeated ids are averaged). */
export function learnShades(embedding: Float32Array, ids: readonly BallId[], weight = SHADE_WEIGHT): SetShades | null {
  const n = ids.length;
  if (n < 2 || embedding.length % n !== 0) return null;
  const dim = embedding.length / n;
  const sums = new Float32Array(NUM_CLASSES * dim);
  const has = new Uint8Array(NUM_CLASSES);
  ids.forEach((id, k) => {
    const e = normalise(embedding.subarray(k * dim, (k + 1) * dim));
    for (let j = 0; j < dim; j++) sums[id * dim + j]! += e[j]!;
    has[id] = 1;
  });
  const prototypes = new Float32Array(NUM_CLASSES * dim);
  const rows: number[] = [];
  for (let c = 0; c < NUM_CLASSES; c++) {
    if (!has[c]) continue;
    prototypes.set(normalise(sums.subarray(c * dim, (c + 1) * dim)), c * dim);
    rows.push(c);
  }
  if (rows.length < 2) return null;
  return { prototypes, has, dim, weight };
}

/** Adds the shade term of crop k (its embedding row) to its logits, in place. */
export function addShadeBonus(shades: SetShades, embedding: Float32Array, k: number, logits: Float32Array): void {
  const d = shades.dim;
  let s = 0;
  for (let j = 0; j < d; j++) s += embedding[k * d + j]! ** 2;
  const norm = Math.sqrt(s) || 1;
  const sim = new Float32Array(NUM_CLASSES);
  let best = -Infinity;
  for (let c = 0; c < NUM_CLASSES; c++) {
    if (!shades.has[c] || c === NONE_CLASS) continue;
    sim[c] = dot(embedding, k * d, shades.prototypes, c * d, d) / norm;
    if (sim[c]! > best) best = sim[c]!;
  }
  for (let c = 0; c < NUM_CLASSES; c++) if (shades.has[c] && c !== NONE_CLASS) logits[c] = logits[c]! + shades.weight * (sim[c]! - best);
}
