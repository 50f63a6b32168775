import { describe, expect, it } from 'vitest';
import { CUSHIONS, POCKETS, TABLE_SIZES } from '../contract/ids.ts';
import { TABLE_SPECS } from './spec.ts';
import { buildTableGeometry, standardTable } from './geometry.ts';

describe('table geometry', () => {
  for (const size of TABLE_SIZES) {
    const table = standardTable(size);
    const { length, width } = TABLE_SPECS[size];
    const R = table.ballRadius;

    it(`${size}: one nose line per contract cushion, along the playing-surface edge`, () => {
      const noses = table.lines.filter((l) => l.part === 'nose');
      expect(noses.map((l) => l.cushion)).toEqual([...CUSHIONS]);
      for (const line of noses) {
        const inward = line.normal.x * -line.start.x + line.normal.y * -line.start.y;
        expect(inward).toBeGreaterThan(0);
        const onEdge = Math.abs(line.start.x) === length / 2 || Math.abs(line.start.y) === width / 2;
        expect(onEdge).toBe(true);
      }
      const head = noses.find((l) => l.cushion === 'head')!;
      expect(head.start.x).toBe(-length / 2);
      expect(noses.find((l) => l.cushion === 'left-foot')!.start.y).toBe(width / 2);
      expect(noses.find((l) => l.cushion === 'right-head')!.start.y).toBe(-width / 2);
    });

    it(`${size}: pockets use the contract names, with WPA mouths and jaws on both sides`, () => {
      expect(table.pockets.map((p) => p.pocket)).toEqual([...POCKETS]);
      for (const pocket of table.pockets) {
        expect(pocket.mouthWidth).toBeCloseTo(pocket.kind === 'corner' ? 0.127 : 0.1397, 4);
        expect(table.lines.filter((l) => l.pocket === pocket.pocket)).toHaveLength(2);
        expect(table.tips.filter((t) => t.pocket === pocket.pocket)).toHaveLength(2);
      }
      const footLeft = table.pockets.find((p) => p.pocket === 'foot-left')!;
      expect(footLeft.captureCentre.x).toBeGreaterThan(length / 2 - 0.1);
      expect(footLeft.captureCentre.y).toBeGreaterThan(width / 2 - 0.1);
      const sideRight = table.pockets.find((p) => p.pocket === 'side-right')!;
      expect(sideRight.captureCentre.x).toBeCloseTo(0, 12);
      expect(sideRight.captureCentre.y).toBeLessThan(-width / 2);
    });

    it(`${size}: the boundary is closed: nose ends meet the tips, jaw facings converge, and a ball sliding down a jaw is captured before its end`, () => {
      for (const tip of table.tips) {
        const nose = table.lines.find((l) => l.part === 'nose' && l.cushion === tip.cushion)!;
        const jaw = table.lines.find((l) => l.part === 'jaw' && l.pocket === tip.pocket && l.cushion === tip.cushion)!;
        const noseEnd = [nose.start, nose.end].reduce((a, b) => (Math.hypot(a.x - tip.centre.x, a.y - tip.centre.y) < Math.hypot(b.x - tip.centre.x, b.y - tip.centre.y) ? a : b));
        expect(Math.hypot(noseEnd.x - tip.centre.x, noseEnd.y - tip.centre.y)).toBeCloseTo(tip.radius, 12);
        expect(Math.hypot(jaw.start.x - tip.centre.x, jaw.start.y - tip.centre.y)).toBeCloseTo(tip.radius, 12);
        const pocket = table.pockets.find((p) => p.pocket === tip.pocket)!;
        // Facings lean towards the pocket axis: the throat narrows.
        expect(jaw.direction.x * jaw.normal.x + jaw.direction.y * jaw.normal.y).toBeCloseTo(0, 12);
        expect(pocket.axis.x * jaw.normal.x + pocket.axis.y * jaw.normal.y).toBeLessThan(0);
        // A ball centre running along the facing at distance R reaches the capture circle before the facing ends.
        const endCentre = { x: jaw.end.x + R * jaw.normal.x, y: jaw.end.y + R * jaw.normal.y };
        expect(Math.hypot(endCentre.x - pocket.captureCentre.x, endCentre.y - pocket.captureCentre.y)).toBeLessThan(pocket.captureRadius);
      }
    });
  }

  it('accepts other pocket cuts', () => {
    const tight = buildTableGeometry('9ft', { cornerMouth: 4.875 * 0.0254, sideMouth: 5.375 * 0.0254 });
    expect(tight.pockets[0]!.mouthWidth).toBeCloseTo(0.1238, 4);
    expect(tight.pockets[2]!.mouthWidth).toBeCloseTo(0.1365, 4);
  });
});
