// The real clips' calibration score (test/eval/vision/real-bed.ts) on a mask made from a known
// bed: the rendered demo's calibration, the field drawn as the bed plus the 5 cm cushions at
// their top height, shifted by a known amount.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCalibration, undistortPixel } from '../../services/vision/calibration/calibration-model.ts';
import { liftedPlaneHomography } from '../../services/vision/calibration/camera-pose.ts';
import type { RgbImage } from '../../services/vision/decode/image.ts';
import { applyH, invMat3 } from '../../services/vision/numeric/linalg.ts';
import { sideError } from '../eval/vision/real-bed.ts';
import { fieldBeyond, operatorBed } from '../eval/vision/field-mask.ts';
import { tableToImage } from '../../services/vision/calibration/calibration-model.ts';

const cal = parseCalibration(JSON.parse(readFileSync(new URL('../../recordings/demo/calibration.json', import.meta.url), 'utf8')));

/** A mask whose field is the 9 ft bed with 5 cm cushions, moved `shift` m along x (toward the foot). */
function mask(shift: number): RgbImage {
  const { imageWidth: w, imageHeight: h } = cal;
  const toTable = invMat3(liftedPlaneHomography(cal.bedHomography, cal.cameraPosition, 0.04));
  const data = new Uint8Array(w * h * 3);
  for (let v = 0; v < h; v++) {
    for (let u = 0; u < w; u++) {
      const q = undistortPixel(cal, u, v);
      const p = applyH(toTable, q.u, q.v);
      if (Math.abs(p.x - shift) <= 1.27 + 0.05 && Math.abs(p.y) <= 0.635 + 0.05) data[(v * w + u) * 3] = 5;
    }
  }
  return { data, width: w, height: h };
}

describe('real-bed: the field beyond each side of a calibrated bed', () => {
  it('reads the cushions\' 5 cm on every side of a right bed, and a bed 2 cm off as 2 cm off', () => {
    const right = fieldBeyond(cal, mask(0));
    for (const side of ['head', 'foot', 'left', 'right'] as const) expect(right[side]).toBeCloseTo(0.05, 2);
    expect(sideError(right)!).toBeLessThan(0.005);
    // The real field 2 cm toward the foot: 3 cm beyond the head's nose, 7 beyond the foot's.
    const off = fieldBeyond(cal, mask(0.02));
    expect(off.head!).toBeCloseTo(0.03, 2);
    expect(off.foot!).toBeCloseTo(0.07, 2);
    expect(sideError(off)!).toBeGreaterThan(0.015);
  });

  it('reads a side put beyond the field\'s end as negative (8 cm toward the foot: 3 cm short of the head\'s nose)', () => {
    // Before, that side read as out of view (null), so the bed's largest error went unseen.
    expect(fieldBeyond(cal, mask(0.08)).head!).toBeCloseTo(-0.03, 2);
  });

  it('gives the operator\'s bed: each side at the cushion\'s width inside the field, wherever the automatic bed was', () => {
    const op = operatorBed(cal, mask(0.08));
    for (const [x, y] of [[-1.27, -0.635], [1.27, -0.635], [1.27, 0.635], [-1.27, 0.635]] as const) {
      const got = tableToImage(op, x, y);
      const want = tableToImage(cal, x + 0.08, y);
      expect(Math.hypot(got.u - want.u, got.v - want.v)).toBeLessThan(1.5);
    }
  });
});
