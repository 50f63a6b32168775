import { describe, expect, it } from 'vitest';
import { TABLE_SIZES } from '../../contract/ids.ts';
import { standardTable } from '../../table/geometry.ts';
import { TABLE_SPECS } from '../../table/spec.ts';
import { tableClearanceProblem } from './layout.ts';

describe('ball layouts on the table geometry', () => {
  for (const size of TABLE_SIZES) {
    const table = standardTable(size);
    const { length, width } = TABLE_SPECS[size];
    const R = table.ballRadius;

    it(`${size}: every spot a ball can lie on inside the nose rectangle is clear of jaws and pockets`, () => {
      const step = 0.01;
      for (let x = -length / 2 + R; x <= length / 2 - R; x += step) {
        for (const y of [-width / 2 + R, width / 2 - R]) expect(tableClearanceProblem(table, { x, y })).toBeNull();
      }
      for (let y = -width / 2 + R; y <= width / 2 - R; y += step) {
        for (const x of [-length / 2 + R, length / 2 - R]) expect(tableClearanceProblem(table, { x, y })).toBeNull();
      }
    });
  }
});
