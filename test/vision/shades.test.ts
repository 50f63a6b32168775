// The set's shades learned from the rack (services/vision/identity/shades.ts): each racked ball's
// embedding is a prototype; later crops lean towards the racked ball they look like.
import { describe, expect, it } from 'vitest';
import type { BallId } from '../../services/contract/ids.ts';
import { NONE_CLASS, NUM_CLASSES } from '../../services/vision/identity/classes.ts';
import { addShadeBonus, learnShades } from '../../services/vision/identity/shades.ts';

const DIM = 4;
/** Embeddings along the given axes (one row per racked ball). */
function rows(axes: readonly number[][]): Float32Array {
  const e = new Float32Array(axes.length * DIM);
  axes.forEach((a, k) => a.forEach((v, j) => { e[k * DIM + j] = v; }));
  return e;
}
const RACK: BallId[] = [3, 7, 0];
const shades = learnShades(rows([[1, 0, 0, 0], [0.8, 0.6, 0, 0], [0, 0, 0, 1]]), RACK, 5)!;

function bonus(e: number[]): Float32Array {
  const logits = new Float32Array(NUM_CLASSES);
  addShadeBonus(shades, rows([e]), 0, logits);
  return logits;
}

describe('set shades from the rack', () => {
  it('needs two racked balls', () => {
    expect(learnShades(rows([[1, 0, 0, 0]]), [3])).toBeNull();
  });

  it.each([
    ['a crop like the racked 3 leans to 3, not to the similar 7', [1, 0.05, 0, 0], 3, 7],
    ['a crop like the racked 7 leans to 7, not to the similar 3', [0.75, 0.65, 0, 0], 7, 3],
    ['a crop like the racked cue ball leans to the cue ball', [0, 0.1, 0, 1], 0, 3],
  ] as const)('%s', (_, e, winner, loser) => {
    const l = bonus([...e]);
    expect(l[winner]!).toBeGreaterThan(l[loser]!);
  });

  it('ids not racked and "not a ball" are left to the network; the likest racked id keeps its logit', () => {
    for (const e of [[1, 0, 0, 0], [0, 0, 1, 0], [0, 0.2, 0, 1]]) {
      const l = bonus(e);
      expect(l[12]).toBe(0);
      expect(l[NONE_CLASS]).toBe(0);
      expect(Math.max(...RACK.map((id) => l[id]!))).toBeCloseTo(0, 6);
    }
  });

  it('a crop unlike every racked ball is pushed towards none of them', () => {
    const l = bonus([0, 0, 1, 0]);
    for (const id of RACK) expect(l[id]!).toBeLessThanOrEqual(0);
  });

  it('repeated ids are averaged into one prototype', () => {
    const twice = learnShades(rows([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]]), [3, 3, 7], 1)!;
    const l = new Float32Array(NUM_CLASSES);
    addShadeBonus(twice, rows([[1, 1, 0, 0]]), 0, l);
    // The 3's prototype is (1, 1)/√2: the crop's own direction; the 7's is orthogonal to it.
    expect(l[3]).toBeCloseTo(0, 5);
    expect(l[7]).toBeCloseTo(-1, 5);
  });
});
