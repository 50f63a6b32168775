// Is the calibrated bed where the image's cloth is? A check of calibrate()'s result against
// evidence its fit did not use directly: the cloth-coloured pixels of the frame. The fit finds
// each cushion's nose as an edge; on a view it was not built for it can take another edge (a
// far rail's back, a cushion's shadow) for a nose and put a side centimetres to decimetres off.
// Then the strip just inside that side is not cloth. Such a calibration is reported with its
// doubts, so the operator is asked to set the four corners on /calibration instead of the
// referee working on a silently wrong bed.
//
// A side whose nose line rests on a handful of edge points is doubted too, and so is a bed whose
// shape no camera could see as the table's rectangle: with the principal point at the image's
// centre, Zhang's two constraints (camera-pose.ts) hold at some focal length for the image of a
// 2:1 rectangle; a side taken centimetres off breaks them (a fit whose sides all slid by the
// same amount keeps the shape and is not seen this way).
//
// What it cannot see: a side placed too far inward (the strip inside is still cloth), and
// errors of a centimetre or two. The near side of an elevated view is not checked (its own
// cushion hides the bed behind its nose from the camera).
import { TABLE_SPECS } from '../../table/spec.ts';
import { downscaleRgb, type RgbImage } from '../decode/image.ts';
import { tableToImage, type CalibrationDoubt, type VisionCalibration } from './calibration-model.ts';
import { focalFromHomography } from './camera-pose.ts';
import { clothMask, dominantClothColour } from './cloth-colour.ts';
import { NOSE_SEARCH_SPACING_PX, RAIL_SIDES, type RailSide } from './rail-edges.ts';

export interface BedCheck {
  /** No doubt: the bed lies on the cloth the frame shows. */
  sure: boolean;
  doubts: CalibrationDoubt[];
  /** Share of cloth in the strip just inside each side's nose (null: not checked, out of view or hidden by its cushion). */
  edgeCloth: Record<RailSide, number | null>;
  /** Share of cloth over the bed away from the cushions (null: too little of it in view). */
  bedCloth: number | null;
  /** Zhang's residual of the bed homography at its best focal length (0: a rectangle of the table's shape seen by a centred camera). */
  shape: number;
}

/** The strip just inside a nose (m in from it) where the bed must be cloth. */
const EDGE_STRIP = [0.015, 0.03];
/** Kept clear of the corners and the side pockets' mouths (m). */
const CORNER_CLEAR = 0.15;
const SIDE_POCKET_CLEAR = 0.12;
/** Below this share of cloth a side's strip is not bed (balls frozen along it cover a part). */
const EDGE_MIN_CLOTH = 0.6;
/** Below this share the bed away from the cushions is not cloth (a player, balls cover some). */
const BED_MIN_CLOTH = 0.5;
/** A strip (or the bed) is judged when at least this share of its samples is in the frame. */
const MIN_IN_VIEW = 0.5;
const STEP = 0.02;
/** A side's nose line found on fewer edge points than this share of the positions searched along it is weak. */
const WEAK_SUPPORT = 0.12;
const WORK_SIZE = 480;
/**
 * Above this shape residual the bed is doubted. Right beds of rendered broadcast views (seeds
 * 410001+ and 420001+, 216 views) stay under 7.5e-4, the real clips' undoubted beds under 2e-4
 * (their beds from the cloth outline, 4.8–6.8 cm off, up to 9.4e-4); a bed 41 cm off on a nose
 * fit (seed 420013) gave 2.9e-3.
 */
const SHAPE_RESIDUAL = 1.5e-3;

/** The frame's cloth mask on a copy `factor` times smaller than the frame. */
export interface ClothOfFrame {
  mask: Uint8Array;
  width: number;
  height: number;
  factor: number;
}

/** Checks a calibration against the frame it came from (any frame of the same view). */
export function checkBed(img: RgbImage, cal: VisionCalibration): BedCheck {
  const factor = Math.max(1, Math.round(Math.max(img.width, img.height) / WORK_SIZE));
  const small = downscaleRgb(img, factor);
  return checkBedOnCloth(cal, { mask: clothMask(small, dominantClothColour(small)), width: small.width, height: small.height, factor });
}

/** The same on the cloth mask calibrate() already made. */
export function checkBedOnCloth(cal: VisionCalibration, cloth: ClothOfFrame): BedCheck {
  const spec = TABLE_SPECS[cal.table];
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  const { mask, width, height, factor } = cloth;
  /** 1 cloth, 0 not, null out of the frame. */
  const clothAt = (x: number, y: number): number | null => {
    const p = tableToImage(cal, x, y);
    const u = Math.floor(p.u / factor);
    const v = Math.floor(p.v / factor);
    if (!(u >= 0 && v >= 0 && u < width && v < height)) return null;
    return mask[v * width + u]!;
  };
  const share = (points: { x: number; y: number }[]): number | null => {
    let seen = 0;
    let cloth = 0;
    for (const q of points) {
      const c = clothAt(q.x, q.y);
      if (c === null) continue;
      seen++;
      cloth += c;
    }
    return seen >= MIN_IN_VIEW * points.length && seen > 0 ? cloth / seen : null;
  };

  const doubts: CalibrationDoubt[] = [];
  const shape = focalFromHomography(cal.bedHomography, cal.cx, cal.cy, Math.max(cal.imageWidth, cal.imageHeight)).residual;
  if (shape > SHAPE_RESIDUAL) {
    doubts.push({ code: 'bed-not-rectangle', message: 'no camera sees this bed as the table\'s rectangle: a side is likely off' });
  }
  if (cal.fit?.edges === 'cloth-outline') {
    doubts.push({ code: 'outline-only', message: 'no cushion nose was found: the bed is the cloth\'s outline, which may be centimetres off' });
  }

  if (cal.fit?.edges === 'cushion-noses') {
    // Each side's nose line rests on its edge points: a line through a handful of them may be another edge.
    const nose = (a: { x: number; y: number }, b: { x: number; y: number }): number => {
      const p = tableToImage(cal, a.x, a.y);
      const q = tableToImage(cal, b.x, b.y);
      return Math.hypot(p.u - q.u, p.v - q.v);
    };
    const lengths: Record<RailSide, number> = {
      head: nose({ x: -hx, y: -hy }, { x: -hx, y: hy }), foot: nose({ x: hx, y: -hy }, { x: hx, y: hy }),
      left: nose({ x: -hx, y: hy }, { x: hx, y: hy }), right: nose({ x: -hx, y: -hy }, { x: hx, y: -hy }),
    };
    RAIL_SIDES.forEach((side, i) => {
      const support = cal.fit!.railPoints[i]! / Math.max(1, lengths[side] / NOSE_SEARCH_SPACING_PX);
      if (support < WEAK_SUPPORT) {
        doubts.push({ code: 'weak-side', side, message: `the ${side} side's nose line rests on few edge points (${Math.round(100 * support)} % of its length): it may be another edge` });
      }
    });
  }

  const [cx, cy] = cal.cameraPosition;
  const edgeCloth = {} as Record<RailSide, number | null>;
  for (const side of RAIL_SIDES) {
    // The camera beyond this side's nose: its cushion hides the bed just inside it.
    const hidden = side === 'head' ? cx < -hx : side === 'foot' ? cx > hx : side === 'left' ? cy > hy : cy < -hy;
    if (hidden) {
      edgeCloth[side] = null;
      continue;
    }
    const long = side === 'left' || side === 'right';
    const half = long ? hx : hy;
    const points: { x: number; y: number }[] = [];
    for (let t = -half + CORNER_CLEAR; t <= half - CORNER_CLEAR; t += STEP) {
      if (long && Math.abs(t) < SIDE_POCKET_CLEAR) continue;
      for (const d of EDGE_STRIP) {
        if (side === 'head') points.push({ x: -hx + d, y: t });
        else if (side === 'foot') points.push({ x: hx - d, y: t });
        else if (side === 'left') points.push({ x: t, y: hy - d });
        else points.push({ x: t, y: -hy + d });
      }
    }
    const s = share(points);
    edgeCloth[side] = s;
    if (s !== null && s < EDGE_MIN_CLOTH) {
      doubts.push({ code: 'bed-edge-not-cloth', side, cloth: round2(s), message: `the ${side} side: the bed just inside its nose is not cloth (${Math.round(100 * s)} %): that side is likely off` });
    }
  }

  const bedPoints: { x: number; y: number }[] = [];
  for (let x = -hx + 0.1; x <= hx - 0.1; x += 2 * STEP) for (let y = -hy + 0.1; y <= hy - 0.1; y += 2 * STEP) bedPoints.push({ x, y });
  const bedCloth = share(bedPoints);
  if (bedCloth !== null && bedCloth < BED_MIN_CLOTH) {
    doubts.push({ code: 'bed-not-cloth', cloth: round2(bedCloth), message: `the bed is mostly not cloth (${Math.round(100 * bedCloth)} %): the table is likely elsewhere` });
  }
  return { sure: doubts.length === 0, doubts, edgeCloth, bedCloth: bedCloth === null ? null : round2(bedCloth), shape };
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** One line for the operator: what is doubted and what to do. */
export function unsureMessage(doubts: readonly CalibrationDoubt[]): string {
  return `${doubts.map((d) => d.message).join('; ')}. Check the bed on /calibration and set the four corners there (or give --calibration).`;
}
