import { describe, expect, it } from 'vitest';
import { TABLE_SPECS } from '../../services/table/spec.ts';
import { TableRenderer } from '../../services/sim/render/index.ts';
import { calibrate } from '../../services/vision/calibration/calibrate.ts';
import { checkBed } from '../../services/vision/calibration/bed-check.ts';
import { checkDiamonds, correctByDiamonds, DIAMONDS_OFF } from '../../services/vision/calibration/diamond-check.ts';
import { parseCalibration, tableToImage, type VisionCalibration } from '../../services/vision/calibration/calibration-model.ts';
import { mulMat3, type Mat3 } from '../../services/vision/numeric/linalg.ts';
import { evalScene } from '../support/render-scenes.ts';

/** The calibration with its bed (and ball plane) mapped through `m` (table coordinates) first. */
function warped(cal: VisionCalibration, m: Mat3): VisionCalibration {
  const { homography: _h, ballHomography: _b, ...rest } = cal;
  return parseCalibration({ ...rest, bedHomography: mulMat3(cal.bedHomography, m), ballCentreHomography: mulMat3(cal.ballCentreHomography, m) });
}

/** The calibration with its head side moved `out` metres beyond the true nose (the other sides kept). */
function headMovedOut(cal: VisionCalibration, out: number): VisionCalibration {
  const hx = TABLE_SPECS[cal.table].length / 2;
  const a = (2 * hx + out) / (2 * hx);
  return warped(cal, [a, 0, -out / 2, 0, 1, 0, 0, 0, 1]);
}

describe('the calibration check (is the bed on the cloth the frame shows?)', () => {
  const r = new TableRenderer({ width: 1024, height: 576, cloth: 'green', seed: 4301 });
  const f = r.render(evalScene(4301, { layout: 'scatter' }));
  const img = { data: f.rgb, width: f.width, height: f.height };
  const cal = calibrate(f.rgb, f.width, f.height, { table: '9ft' });

  it('finds no doubt in a right calibration, and calibrate() says so in fit.doubts', () => {
    expect(cal.fit?.doubts).toEqual([]);
    const c = checkBed(img, cal);
    expect(c.sure).toBe(true);
    for (const side of ['head', 'foot', 'left', 'right'] as const) expect(c.edgeCloth[side]).toBeGreaterThan(0.9);
  });

  it('doubts a side put on the rail (10 cm beyond its nose): the bed just inside it is not cloth', () => {
    const c = checkBed(img, headMovedOut(cal, 0.1));
    expect(c.sure).toBe(false);
    expect(c.doubts.map((d) => [d.code, d.side])).toEqual([['bed-edge-not-cloth', 'head']]);
    expect(c.doubts[0]!.message).toMatch(/head side/);
  });

  it('doubts a bed no camera sees as the table\'s rectangle (its long sides sheared 5 %), not one 2 % off', () => {
    expect(checkBed(img, cal).shape).toBeLessThan(1e-6);
    const sheared = checkBed(img, warped(cal, [1, 0, 0, 0.05, 1, 0, 0, 0, 1]));
    expect(sheared.doubts.map((d) => d.code)).toContain('bed-not-rectangle');
    expect(checkBed(img, warped(cal, [1, 0, 0, 0.02, 1, 0, 0, 0, 1])).doubts.map((d) => d.code)).not.toContain('bed-not-rectangle');
  });

  it('doubts a bed from the cloth outline alone, and a side whose nose line rests on a handful of edge points', () => {
    expect(checkBed(img, { ...cal, fit: { ...cal.fit!, edges: 'cloth-outline' } }).doubts.map((d) => d.code)).toEqual(['outline-only']);
    const weak = checkBed(img, { ...cal, fit: { ...cal.fit!, railPoints: [cal.fit!.railPoints[0], 6, cal.fit!.railPoints[2], cal.fit!.railPoints[3]] } });
    expect(weak.doubts.map((d) => [d.code, d.side])).toEqual([['weak-side', 'foot']]);
  });

  it('finds the rails\' diamond sights where a right bed puts them, and doubts a bed whose head end is a cushion\'s width out (its length 2 % long)', () => {
    const right = checkDiamonds(img, cal);
    expect(right.doubts).toEqual([]);
    expect(right.length.found).toBeGreaterThanOrEqual(10);
    expect(right.width.found).toBeGreaterThanOrEqual(5);
    expect(right.length.medianOffset!).toBeLessThan(0.01);
    expect(right.width.medianOffset!).toBeLessThan(0.01);
    const long = checkDiamonds(img, headMovedOut(cal, 0.05));
    expect(long.doubts.map((d) => d.code)).toEqual(['diamonds-off']);
    expect(long.doubts[0]!.message).toMatch(/length/);
    expect(long.length.medianOffset!).toBeGreaterThan(DIAMONDS_OFF);
    // The bed-plane check cannot see it: the cloth still fills the strips inside the noses, and the shape is a rectangle's.
    expect(checkBed(img, headMovedOut(cal, 0.05)).doubts).toEqual([]);
  });

  it('moves a bed the diamonds doubt onto them (its head end a cushion\'s width out), and leaves a right bed as it is', () => {
    const wrong = headMovedOut(cal, 0.05);
    const { calibration: fixed, check } = correctByDiamonds(img, wrong, (m) => warped(wrong, m));
    expect(fixed.fit?.correctedBy).toBe('diamonds');
    expect(checkDiamonds(img, fixed).doubts).toEqual([]);
    expect(check).toEqual(checkDiamonds(img, fixed));
    // The nose corners back within 1.5 px (about 4 mm here) of the right calibration's; 14 px off before.
    const cornerPx = (c: VisionCalibration): number => Math.max(...cal.corners.map((k) => {
      const p = tableToImage(c, k.x, k.y);
      return Math.hypot(p.u - k.u, p.v - k.v);
    }));
    expect(cornerPx(wrong)).toBeGreaterThan(10);
    expect(cornerPx(fixed)).toBeLessThan(1.5);
    expect(correctByDiamonds(img, cal, (m) => warped(cal, m)).calibration).toBe(cal);
  });
});
