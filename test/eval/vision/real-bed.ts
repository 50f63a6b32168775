// Is the automatic calibration right on the real clips? Their masks label the playing field (the
// cloth, the cushions' tops included: category 5, with the balls, 1–4, on it; 0 elsewhere, the
// pockets included). On each labelled frame, calibrated from the frame alone as `railbird detect`
// and `analyze` do, the field is followed outward from each side's nose at the cushions' top
// height until it ends at the rail's wood: on a right calibration that is the cushion's width
// (5 cm, `DEFAULT_CUSHION_WIDTH`) on every side; a side put outward (on the cushion's top) reads
// less (negative beyond the field's end), one put inward more. "off" is the largest difference
// from the cushion's width.
// "doubted": whether the calibration said it is unsure (bed-check.ts), so that the operator is
// asked for the corners; a bed off by centimetres without a doubt is the failure that counts
// ("never a silently wrong bed").
import { calibrate } from '../../../services/vision/calibration/calibrate.ts';
import { type VisionCalibration } from '../../../services/vision/calibration/calibration-model.ts';
import { decodeImage } from '../../../services/vision/decode/decode.ts';
import { DEFAULT_CUSHION_WIDTH } from '../../../services/vision/calibration/seen-edges.ts';
import { FRAMES, REAL_CLIPS_ROOT, labelledPaths, realClips, type LabelledFrame } from './real.ts';
import { SIDES, fieldBeyond, fieldMask, type Side } from './field-mask.ts';

export interface BedScore {
  /** fieldBeyond: the field beyond each side's nose (m). */
  beyond: Record<Side, number | null>;
  fit: 'noses' | 'outline only';
  doubted: boolean;
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
