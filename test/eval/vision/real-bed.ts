// Is the automatic calibration right on the real clips? Their masks label the playing field (the
// cloth, the cushions' tops included: category 5, with the balls, 1–4, on it; 0 elsewhere, the
// pockets included). On each labelled frame, calibrated from the frame alone as `railbird detect`
// and `analyze` do, the field is followed outward from each side's nose at the cushions' top
// height until it ends at the rail's wood: on a right calibration that is the cushion's width
// (5 cm, `DEFAULT_CUSHION_WIDTH`) on every side; a side put outward (on the cushion's top) reads
// less, one put inward more. "off" is the largest difference from the cushion's width.
// "doubted": whether the calibration said it is unsure (bed-check.ts), so that the operator is
// asked for the corners; a bed off by centimetres without a doubt is the failure that counts
// ("never a silently wrong bed").
import { TABLE_SPECS } from '../../../services/table/spec.ts';
import { calibrate } from '../../../services/vision/calibration/calibrate.ts';
import { distortPixel, type VisionCalibration } from '../../../services/vision/calibration/calibration-model.ts';
import { liftedPlaneHomography } from '../../../services/vision/calibration/camera-pose.ts';
import { applyH } from '../../../services/vision/numeric/linalg.ts';
import { decodeImage } from '../../../services/vision/decode/decode.ts';
import { DEFAULT_CUSHION_WIDTH } from '../../../services/vision/calibration/seen-edges.ts';
import type { RgbImage } from '../../../services/vision/decode/image.ts';
import { FRAMES, REAL_CLIPS_ROOT, labelledPaths, realClips, type LabelledFrame } from './real.ts';
import { join } from 'node:path';

export interface BedScore {
  /** fieldBeyond: the field beyond each side's nose (m). */
  beyond: Record<Side, number | null>;
  fit: 'noses' | 'outline only';
  doubted: boolean;
}

/** The field mask of a labelled frame: 1 where the playing field (or a ball on it) is. */
async function fieldMask(clip: string, which: LabelledFrame): Promise<RgbImage> {
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
const SIDES = ['head', 'foot', 'left', 'right'] as const;
type Side = (typeof SIDES)[number];
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
 * the cushion's top, the far rail), more where it was put inward. Half the difference of two
 * opposite sides is how far the bed is shifted between them.
 */
export function fieldBeyond(cal: VisionCalibration, mask: RgbImage): Record<Side, number | null> {
  const spec = TABLE_SPECS['9ft'];
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  const top = liftedPlaneHomography(cal.bedHomography, cal.cameraPosition, CUSHION_TOP);
  const onFieldAt = (x: number, y: number): boolean => {
    const q = applyH(top, x, y);
    const p = distortPixel(cal, q.x, q.y);
    return onField(mask, p.u, p.v) === true;
  };
  const out = {} as Record<Side, number | null>;
  for (const side of SIDES) {
    const reach: number[] = [];
    const alongs = side === 'head' || side === 'foot' ? [-0.6, -0.4, -0.2, 0, 0.2, 0.4, 0.6] : [-0.75, -0.6, -0.45, -0.3, 0.3, 0.45, 0.6, 0.75];
    for (const along of alongs) {
      const p = sidePoint(side, along, hx, hy);
      if (!onFieldAt(p.x - 0.02 * p.nx, p.y - 0.02 * p.ny)) continue; // the bed inside is not in view (or not field)
      let d = 0;
      while (d < 0.3 && onFieldAt(p.x + d * p.nx, p.y + d * p.ny)) d += 0.002;
      if (d < 0.3) reach.push(d);
    }
    reach.sort((a, b) => a - b);
    out[side] = reach.length >= 3 ? reach[Math.floor(reach.length / 2)]! : null;
  }
  return out;
}

/** Each clip's labelled frames: calibrated from the frame alone, as `railbird detect` and `analyze` do. */
export async function realBedScores(root = REAL_CLIPS_ROOT): Promise<{ clip: string; which: LabelledFrame; score: BedScore | null }[]> {
  const out: { clip: string; which: LabelledFrame; score: BedScore | null }[] = [];
  for (const clip of realClips(root)) {
    for (const which of FRAMES) {
      const img = await decodeImage(labelledPaths(clip, which).png);
      let cal: VisionCalibration;
      try {
        cal = calibrate(img.data, img.width, img.height);
      } catch {
        out.push({ clip, which, score: null });
        continue;
      }
      const mask = await fieldMask(clip, which);
      out.push({
        clip, which,
        score: { beyond: fieldBeyond(cal, mask), fit: cal.fit?.edges === 'cushion-noses' ? 'noses' : 'outline only', doubted: (cal.fit?.doubts?.length ?? 0) > 0 },
      });
    }
  }
  return out;
}

/** The largest difference (m) of a side's field beyond its nose from the cushion's width (null: no side in view). */
export function sideError(beyond: Record<Side, number | null>): number | null {
  const d = SIDES.flatMap((k) => (beyond[k] === null ? [] : [Math.abs(beyond[k]! - DEFAULT_CUSHION_WIDTH)]));
  return d.length ? Math.max(...d) : null;
}

const pad = (s: string, n: number): string => s.padStart(n);

/** Prints the table; nothing when the clips are not present. */
export async function printRealBedScores(root = REAL_CLIPS_ROOT): Promise<void> {
  const rows = await realBedScores(root);
  if (!rows.length) return;
  console.log(`\nReal clips, calibration against the labelled playing field (each labelled frame calibrated alone; the field beyond each side's nose at the cushions' top, ${100 * DEFAULT_CUSHION_WIDTH} cm on a right bed; off: the largest difference; doubted: the operator is asked for the corners)`);
  console.log(`${pad('clip frame', 18)} ${pad('table', 13)} ${pad('field beyond head / foot / left / right (cm)', 44)} ${pad('off (cm)', 9)} ${pad('doubted', 8)}`);
  for (const { clip, which, score } of rows) {
    const name = `${(clip.split('/').pop() ?? clip).replace('_', ' ')} ${which}`;
    if (!score) {
      console.log(`${pad(name, 18)} ${pad('not found', 13)}`);
      continue;
    }
    const cm = SIDES.map((k) => (score.beyond[k] === null ? '-' : (100 * score.beyond[k]!).toFixed(1))).join(' / ');
    const off = sideError(score.beyond);
    console.log(`${pad(name, 18)} ${pad(score.fit, 13)} ${pad(cm, 44)} ${pad(off === null ? '-' : (100 * off).toFixed(1), 9)} ${pad(score.doubted ? 'yes' : 'no', 8)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await printRealBedScores();
