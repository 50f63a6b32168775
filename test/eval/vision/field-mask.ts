// The clips' labelled playing field (their masks: category 5 the cloth, the cushions' tops
// included, with the balls, 1–4, on it; 0 elsewhere, the pockets included), read against a
// calibration: how far the field goes on beyond each side's nose (`fieldBeyond`, real-bed.ts's
// report), and the bed an operator gives where the automatic calibration doubts it
// (`operatorBed`, `installedBed`: the evaluations calibrate as an installation does).
import { join } from 'node:path';
import { TABLE_SPECS } from '../../../services/table/spec.ts';
import { distortPixel, noseCorners, parseCalibration, tableToImage, type VisionCalibration } from '../../../services/vision/calibration/calibration-model.ts';
import { adjustCorners } from '../../../services/server/calibration-adjust.ts';
import { liftedPlaneHomography } from '../../../services/vision/calibration/camera-pose.ts';
import { applyH } from '../../../services/vision/numeric/linalg.ts';
import { decodeImage } from '../../../services/vision/decode/decode.ts';
import { DEFAULT_CUSHION_WIDTH } from '../../../services/vision/calibration/seen-edges.ts';
import type { RgbImage } from '../../../services/vision/decode/image.ts';
import type { LabelledFrame } from './real.ts';

/** The field mask of a labelled frame: 1 where the playing field (or a ball on it) is. */
export async function fieldMask(clip: string, which: LabelledFrame): Promise<RgbImage> {
  return decodeImage(join(clip, 'masks', `frame_${which}.png`));
}

const onField = (mask: RgbImage, u: number, v: number): boolean | null => {
  const x = Math.round(u);
  const y = Math.round(v);
  if (x < 0 || y < 0 || x >= mask.width || y >= mask.height) return null;
  return mask.data[(y * mask.width + x) * 3]! > 0;
};

/** Height (m) of the cushions' tops, where the field meets the rails' wood (a little over the nose's 36 mm). */
const CUSHION_TOP = 0.04;

/** Sides of the bed: a point on the nose at `along` (−1…1 of the side's length) and the outward normal. */
export const SIDES = ['head', 'foot', 'left', 'right'] as const;
export type Side = (typeof SIDES)[number];
function sidePoint(side: Side, along: number, hx: number, hy: number): { x: number; y: number; nx: number; ny: number } {
  switch (side) {
    case 'head': return { x: -hx, y: along * hy, nx: -1, ny: 0 };
    case 'foot': return { x: hx, y: along * hy, nx: 1, ny: 0 };
    case 'left': return { x: along * hx, y: hy, nx: 0, ny: 1 };
    case 'right': return { x: along * hx, y: -hy, nx: 0, ny: -1 };
  }
}

/**
 * How far (m) the labelled field goes on beyond each side's nose at the cushions' top height
 * (median over places along the side clear of the pockets; null where out of view): the
 * cushion's width on every side of a right calibration; less where a side was put outward (on
 * the cushion's top, the far rail; negative beyond the field's end), more where it was put
 * inward. Half the difference of two opposite sides is how far the bed is shifted between them.
 */
export function fieldBeyond(cal: VisionCalibration, mask: RgbImage): Record<Side, number | null> {
  const spec = TABLE_SPECS[cal.table];
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  const top = liftedPlaneHomography(cal.bedHomography, cal.cameraPosition, CUSHION_TOP);
  const onFieldAt = (x: number, y: number): boolean | null => {
    const q = applyH(top, x, y);
    const p = distortPixel(cal, q.x, q.y);
    return onField(mask, p.u, p.v);
  };
  const out = {} as Record<Side, number | null>;
  for (const side of SIDES) {
    const reach: number[] = [];
    const alongs = side === 'head' || side === 'foot' ? [-0.6, -0.4, -0.2, 0, 0.2, 0.4, 0.6] : [-0.75, -0.6, -0.45, -0.3, 0.3, 0.45, 0.6, 0.75];
    for (const along of alongs) {
      const p = sidePoint(side, along, hx, hy);
      const inside = onFieldAt(p.x - 0.02 * p.nx, p.y - 0.02 * p.ny);
      if (inside === null) continue; // the bed inside is not in view
      // Outward while on the field; where the side was put beyond the field's end, inward until
      // the field starts (d inside it, read as negative).
      const sign = inside ? 1 : -1;
      let d = 0;
      while (d < 0.3 && onFieldAt(p.x + sign * d * p.nx, p.y + sign * d * p.ny) === inside) d += 0.002;
      if (d < 0.3) reach.push(sign * d);
    }
    reach.sort((a, b) => a - b);
    out[side] = reach.length >= 3 ? reach[Math.floor(reach.length / 2)]! : null;
  }
  return out;
}

/**
 * The bed an operator gives where the automatic calibration doubts it (the four corners dragged
 * on /calibration, `adjustCorners`), stood in for by the labelled field: each side is moved to
 * the cushion's width inside the field's end (`fieldBeyond`; a side out of view stays), the
 * corners where the moved sides meet, a few rounds (each round's field is read on the last
 * round's bed). The operator's eye is the labeller's: nothing here is fitted to the clips (the
 * cushion's width is the calibration's own constant).
 */
export function operatorBed(auto: VisionCalibration, mask: RgbImage, rounds = 3): VisionCalibration {
  const spec = TABLE_SPECS[auto.table];
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  let cal = auto;
  for (let round = 0; round < rounds; round++) {
    const beyond = fieldBeyond(cal, mask);
    const out = (side: Side): number => (beyond[side] === null ? 0 : beyond[side]! - DEFAULT_CUSHION_WIDTH);
    const x0 = -hx - out('head'), x1 = hx + out('foot'), y0 = -hy - out('right'), y1 = hy + out('left');
    const corners = noseCorners(cal.table).map((c) => tableToImage(cal, c.x < 0 ? x0 : x1, c.y < 0 ? y0 : y1));
    cal = parseCalibration(adjustCorners(cal as unknown as Record<string, unknown>, corners).calibration);
  }
  return cal;
}

/**
 * The calibration an installation analyses with: the automatic one, or where it doubts the bed
 * (the referee then asks the operator for the corners), the operator's (`operatorBed`, read on
 * the clip's labelled frame `which`).
 */
export async function installedBed(auto: VisionCalibration, clip: string, which: LabelledFrame): Promise<{ calibration: VisionCalibration; bed: 'automatic' | 'operator' }> {
  if (!auto.fit?.doubts?.length) return { calibration: auto, bed: 'automatic' };
  return { calibration: operatorBed(auto, await fieldMask(clip, which)), bed: 'operator' };
}
