import { describe, expect, it } from 'vitest';
import { medianOf } from './cloth-model.ts';

/** The median by sorting (the definition medianOf must agree with). */
function sortedMedian(values: readonly number[]): number {
  const s = Float32Array.from(values).sort();
  const n = s.length;
  return n % 2 ? s[(n - 1) >> 1]! : 0.5 * (s[n / 2 - 1]! + s[n / 2]!);
}

describe('medianOf (selection, not a sort)', () => {
  it.each([
    ['one value', [3]],
    ['two values: their mean', [5, 1]],
    ['odd count', [9, 1, 5, 3, 7]],
    ['even count', [4, 8, 1, 6, 2, 9]],
    ['all equal', [2, 2, 2, 2]],
    ['many duplicates around the middle', [1, 3, 3, 3, 3, 2, 3, 4]],
    ['sorted', [1, 2, 3, 4, 5, 6, 7]],
    ['reversed', [7, 6, 5, 4, 3, 2, 1, 0]],
  ])('%s', (_, values) => {
    const a = Float32Array.from([...values, 99, -99]); // values past n are not read
    expect(medianOf(a, values.length)).toBe(sortedMedian(values));
  });

  it('agrees with the sorted median on random cells of every size a cloth cell has', () => {
    let seed = 7;
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 1; n <= 200; n++) {
      // Coarse values make ties common, as in log-brightness of a flat cloth.
      const values = Array.from({ length: n }, () => Math.round(rand() * 20) / 4);
      expect(medianOf(Float32Array.from(values), n)).toBe(sortedMedian(values));
    }
  });
});
