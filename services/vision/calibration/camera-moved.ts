// Has the camera moved since calibration? The cushion noses are looked for where the
// calibration puts them (a narrow band across each): their median offset is the score (px),
// and too few found, or too far off, flags a move. A calibration that only had the cloth's
// outline is checked by how well the cloth mask still fills the calibrated outline.
import { TABLE_SPECS } from '../../table/spec.ts';
import { tableToImage, type VisionCalibration } from './calibration-model.ts';
import { clothMask } from './cloth-colour.ts';
import { checkRgbImage, downscaleRgb, linearLuminance, type RgbImage } from '../decode/image.ts';
import { findRailEdges, profileCount, sideLinePoint } from './rail-edges.ts';
import { DEFAULT_CUSHION_WIDTH, bedOffsets, faceSpans, profileSpans, seenNoseEdges, sideKinds } from './seen-edges.ts';

export interface CameraMoveCheck {
  moved: boolean;
  /** Largest per-cushion median distance (px) of the nose edges from where the calibration expects them (Infinity when fewer than three cushions are measured). */
  score: number;
  /** Share of the expected edge points found near the calibrated noses. */
  found: number;
}

export interface CameraMoveOptions {
  /** Median offset (px) above which the camera counts as moved. Default 1.5. */
  maxOffsetPx?: number;
  /** Least share of edge points to find. Default 0.35. */
  minFound?: number;
}

/** Compares a frame with its calibration. */
export function checkCameraMoved(img: RgbImage, cal: VisionCalibration, opts: CameraMoveOptions = {}): CameraMoveCheck {
  checkRgbImage(img, 'checkCameraMoved');
  if (img.width !== cal.imageWidth || img.height !== cal.imageHeight) return { moved: true, score: Infinity, found: 0 };
  const maxOffset = opts.maxOffsetPx ?? 1.5;
  const minFound = opts.minFound ?? 0.35;
  const spec = TABLE_SPECS[cal.table];
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  if (cal.fit?.edges === 'cloth-outline') return outlineCheck(img, cal);
  const project = (x: number, y: number): { x: number; y: number } => {
    const p = tableToImage(cal, x, y);
    return { x: p.u, y: p.v };
  };
  // Where the calibration's camera sees each cushion's edge (the rail's edge on a cushion it is
  // behind, a real nose at its height), with the bed and shadow before a nose rise in view.
  const C = cal.cameraPosition;
  const kinds = sideKinds(cal.fit?.noseKinds);
  const offsets = bedOffsets(seenNoseEdges(C, hx, hy, DEFAULT_CUSHION_WIDTH, kinds), C, hx, hy);
  const band = { inside: 0.03, outside: -0.03 };
  const spans = profileSpans(kinds, faceSpans(C, hx, hy), band);
  const search = { hx, hy, project, ...band, cornerClear: 0.14, sideClear: 0.12, spacingPx: 6, offsets, spans };
  const chroma = cal.cloth?.chroma;
  const edges = findRailEdges(linearLuminance(img), img.width, img.height, search, img, chroma);
  const expected = Math.max(1, profileCount(search));
  // Per cushion: a slide along the table's length moves only the head and foot noses.
  let score = 0;
  let measured = 0;
  for (const side of ['head', 'foot', 'left', 'right'] as const) {
    const misses = edges.filter((p) => p.side === side).map((p) => {
      const n = sideLinePoint(p.side, hx, hy, p.along, offsets[p.side]);
      const q = tableToImage(cal, n.x, n.y);
      return Math.hypot(q.u - p.u, q.v - p.v);
    }).sort((a, b) => a - b);
    if (misses.length < 8) continue;
    measured++;
    score = Math.max(score, misses[misses.length >> 1]!);
  }
  if (measured < 3) score = Infinity;
  const found = Math.min(1, edges.length / expected);
  return { moved: found < minFound || score > maxOffset, score, found };
}

/** Fraction of the calibrated nose rectangle (grown by a cushion) that is still cloth, at low resolution. */
function outlineCheck(img: RgbImage, cal: VisionCalibration): CameraMoveCheck {
  const factor = Math.max(1, Math.round(Math.max(img.width, img.height) / 320));
  const small = downscaleRgb(img, factor);
  const c = cal.cloth;
  if (!c) return { moved: false, score: Infinity, found: 0 };
  const mask = clothMask(small, { r: c.chroma[0], g: c.chroma[1], sigma: 0.01, brightness: c.brightness });
  const spec = TABLE_SPECS[cal.table];
  let inside = 0;
  let cloth = 0;
  for (let a = 0; a <= 20; a++) {
    for (let b = 0; b <= 10; b++) {
      const x = (a / 20 - 0.5) * spec.length * 0.9;
      const y = (b / 10 - 0.5) * spec.width * 0.9;
      const p = tableToImage(cal, x, y);
      const i = Math.round(p.u / factor);
      const j = Math.round(p.v / factor);
      if (i < 0 || j < 0 || i >= small.width || j >= small.height) continue;
      inside++;
      if (mask[j * small.width + i]) cloth++;
    }
  }
  const found = inside ? cloth / inside : 0;
  return { moved: found < 0.8, score: Infinity, found };
}
