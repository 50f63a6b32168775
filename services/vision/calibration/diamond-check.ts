// Do the rails' diamond sights lie where the calibration puts them? A check along each axis of
// the bed that the cloth cannot give: on a table whose cushion tops (cloth) or rails (a wood of
// the cloth's colour) look like the bed, a nose fit can take a cushion's back edge for its nose
// and put one end of the bed a cushion's width out. The bed then keeps a shape some camera could
// see (bed-check.ts cannot tell), and balls near the centre are still placed within a centimetre
// while the ends are off by several.
//
// Diamonds are the table's own ruler: sights on the rail tops at every eighth of the playing
// length on the long rails and every quarter of the width on the short ones, measured from the
// pocket's centre on the nose lines. For each sight the calibration predicts, the brightest spot
// along the rail within a few centimetres of it (the sight's across-rail place varies by table,
// so the rail's whole middle band is searched) is taken as the sight when it stands out of the
// rail around it. The offsets of the sights found say, per axis, how far the calibration's
// ruler is from the table's: a bed off along an axis is moved onto them (correctByDiamonds), and
// doubted when it cannot be. Where no sights are found (a table without them, a view too
// coarse, rails out of the frame) nothing is said.
//
// Written by hand: a 1-D search along lines the calibration itself predicts, which no image
// library offers.
import { TABLE_SPECS } from '../../table/spec.ts';
import { applyH, mulMat3, type Mat3 } from '../numeric/linalg.ts';
import { quantile, type RgbImage } from '../decode/image.ts';
import { distortPixel, type CalibrationDoubt, type VisionCalibration } from './calibration-model.ts';
import { liftedPlaneHomography } from './camera-pose.ts';
import { RAIL_SIDES } from './rail-edges.ts';

/** Height of the rail tops above the bed (m): a cushion nose is at 36 mm, the rail a little above. */
const RAIL_TOP = 0.04;
/** The band across the rail searched for sights (m beyond the nose): WPA has them 94 mm out; rails vary. */
const ACROSS = [0.065, 0.14] as const;
const ACROSS_STEP = 0.005;
const ALONG_STEP = 0.002;
/** How far along the rail from its predicted place a sight is looked for (m). */
const SEARCH = 0.05;
/** The rail around a sight, whose median brightness the sight must stand out of (m each way). */
const SURROUND = 0.1;
/** Luma levels (0–255) a sight must be brighter than its rail's median. */
const MIN_CONTRAST = 20;
/** An axis is judged on at least this many sights found. */
const MIN_SIGHTS = 3;
/**
 * Above this median offset (m) of an axis's sights the bed is corrected, or doubted. Rendered
 * broadcast views with a right bed (seeds 410001+ and 420001+, 216 views) stay at 0.63 cm and
 * under; beds with a side on a cushion's back edge are 2.6–5 cm.
 */
export const DIAMONDS_OFF = 0.015;

export interface DiamondAxis {
  /** Sights found on this axis's rails (long rails measure the length, short rails the width). */
  found: number;
  /** Median distance (m) along the rail between the sights found and where the calibration puts them; null: fewer than MIN_SIGHTS found. */
  medianOffset: number | null;
}

export interface DiamondCheck {
  length: DiamondAxis;
  width: DiamondAxis;
  doubts: CalibrationDoubt[];
}

/** A sight found: where the table has it on its axis (x on a long rail, y on a short one) and where the calibration's bed sees it (m). */
export interface Sight {
  axis: 'length' | 'width';
  table: number;
  seen: number;
}

/** The diamond sights on the rails of `img` (a frame of the calibration's view), each where the table has it and where the bed sees it. */
export function findSights(img: RgbImage, cal: VisionCalibration): Sight[] {
  const spec = TABLE_SPECS[cal.table];
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  const rail = liftedPlaneHomography(cal.bedHomography, cal.cameraPosition, RAIL_TOP);
  const { data, width, height } = img;
  const luma = (x: number, y: number): number | null => {
    const p = applyH(rail, x, y);
    const q = distortPixel(cal, p.x, p.y);
    const u = Math.round(q.u);
    const v = Math.round(q.v);
    if (!(u >= 0 && v >= 0 && u < width && v < height)) return null;
    const i = (v * width + u) * 3;
    return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
  };
  const found: Sight[] = [];
  for (const side of RAIL_SIDES) {
    const long = side === 'left' || side === 'right';
    const half = long ? hx : hy;
    const step = long ? spec.length / 8 : spec.width / 4;
    // Long rails: three sights each side of the side pocket; short rails: the middle and one each side.
    const sights = long ? [-3, -2, -1, 1, 2, 3] : [-1, 0, 1];
    const at = (t: number, a: number): [number, number] =>
      side === 'head' ? [-hx - a, t] : side === 'foot' ? [hx + a, t] : side === 'left' ? [t, hy + a] : [t, -hy - a];
    // The rail's brightest point across its middle band, every ALONG_STEP along it.
    const along: number[] = [];
    const bright: (number | null)[] = [];
    for (let t = -half + SEARCH; t <= half - SEARCH; t += ALONG_STEP) {
      let best: number | null = null;
      for (let a = ACROSS[0]; a <= ACROSS[1] + 1e-9; a += ACROSS_STEP) {
        const l = luma(...at(t, a));
        if (l !== null && (best === null || l > best)) best = l;
      }
      along.push(t);
      bright.push(best);
    }
    for (const k of sights) {
      const t0 = k * step;
      const around: number[] = [];
      let peak = -1;
      let peakAt = -1;
      for (let i = 0; i < along.length; i++) {
        const b = bright[i];
        if (b === null || b === undefined) continue;
        const d = along[i]! - t0;
        if (Math.abs(d) <= SURROUND) around.push(b);
        if (Math.abs(d) <= SEARCH && b > peak) {
          peak = b;
          peakAt = i;
        }
      }
      // Most of the surround in the frame, and a spot that stands out of it.
      if (around.length < SURROUND / ALONG_STEP || peakAt < 0) continue;
      const floor = quantile(around, 0.5);
      if (peak - floor < MIN_CONTRAST) continue;
      // The sight's middle: the centroid of the run above half its height around the peak (a
      // sight is a plateau some pixels long; its brightest pixel may lie anywhere on it).
      const level = floor + (peak - floor) / 2;
      let w = 0;
      let sum = 0;
      for (const dir of [-1, 1]) {
        for (let i = dir < 0 ? peakAt : peakAt + 1; i >= 0 && i < along.length; i += dir) {
          const b = bright[i];
          if (b === null || b === undefined || b < level) break;
          w += b - level;
          sum += (b - level) * along[i]!;
        }
      }
      found.push({ axis: long ? 'length' : 'width', table: t0, seen: w > 0 ? sum / w : along[peakAt]! });
    }
  }
  return found;
}

/** Checks the calibration's bed against the diamond sights on the rails of `img` (a frame of its view). */
export function checkDiamonds(img: RgbImage, cal: VisionCalibration, sights = findSights(img, cal)): DiamondCheck {
  const axis = (name: Sight['axis']): DiamondAxis => {
    const o = sights.filter((s) => s.axis === name).map((s) => Math.abs(s.seen - s.table));
    return { found: o.length, medianOffset: o.length >= MIN_SIGHTS ? quantile(o, 0.5) : null };
  };
  const length = axis('length');
  const widthAxis = axis('width');
  const doubts: CalibrationDoubt[] = [];
  for (const [name, a] of [['length', length], ['width', widthAxis]] as const) {
    if (a.medianOffset !== null && a.medianOffset > DIAMONDS_OFF) {
      doubts.push({
        code: 'diamonds-off', offset: Math.round(a.medianOffset * 1000) / 1000,
        message: `the diamonds along the table's ${name} are ${(a.medianOffset * 100).toFixed(1)} cm from where the bed puts them: a side is likely on a cushion's back edge`,
      });
    }
  }
  return { length, width: widthAxis, doubts };
}

/** A correction is fitted to at least this many sights of an axis, spread over at least this share of it. */
const FIT_SIGHTS = 4;
const FIT_SPREAD = 0.5;
/** Sights further than this from the first fit are left out of the second (m). */
const FIT_OUTLIER = 0.01;

/**
 * Where the diamonds doubt the bed along an axis, moves it onto them: per axis the bed's
 * coordinate of each sight is fitted as a·(the table's) + b (a side taken too far out or in is
 * exactly such a map along its axis), and the bed homography is composed with that map
 * (`rebuild(M)`: the calibration of the fitted bed homography times M, its camera solved
 * again). Twice, the second time on the first's camera. Kept only when the sights then lie
 * where the bed puts them (no `diamonds-off`); else the bed is returned as it was. With the
 * bed, the diamond check of it (its doubts are the calibration's).
 */
export function correctByDiamonds(img: RgbImage, cal: VisionCalibration, rebuild: (m: Mat3) => VisionCalibration): { calibration: VisionCalibration; check: DiamondCheck } {
  const first = findSights(img, cal);
  const asIs = { calibration: cal, check: checkDiamonds(img, cal, first) };
  if (asIs.check.doubts.length === 0) return asIs;
  const spec = TABLE_SPECS[cal.table];
  let m = axisMap(first, spec.length, spec.width);
  if (!m) return asIs;
  let next = rebuild(m);
  const again = axisMap(findSights(img, next), spec.length, spec.width);
  if (again) {
    m = mulMat3(m, again);
    next = rebuild(m);
  }
  const after = findSights(img, next);
  const check = checkDiamonds(img, next, after);
  if (check.doubts.length > 0 || after.length < first.length - 2) return asIs;
  return { calibration: { ...next, fit: next.fit ? { ...next.fit, correctedBy: 'diamonds' } : null }, check };
}

/** The map table → bed coordinates the sights say ([a 0 b; 0 c d; 0 0 1]); an axis with too few sights keeps its coordinates; null when no axis can be fitted. */
function axisMap(sights: readonly Sight[], length: number, width: number): Mat3 | null {
  /** Least squares seen = a·table + b over sights spread enough; null when too few or too bunched. */
  const line = (pts: readonly Sight[], span: number): [number, number] | null => {
    if (pts.length < FIT_SIGHTS) return null;
    const xs = pts.map((p) => p.table);
    if (Math.max(...xs) - Math.min(...xs) < FIT_SPREAD * span) return null;
    const n = pts.length;
    const mx = xs.reduce((a, b) => a + b, 0) / n;
    const my = pts.reduce((a, p) => a + p.seen, 0) / n;
    let sxy = 0;
    let sxx = 0;
    for (const p of pts) {
      sxy += (p.table - mx) * (p.seen - my);
      sxx += (p.table - mx) ** 2;
    }
    const a = sxy / sxx;
    return [a, my - a * mx];
  };
  // Fitted, then again without the sights more than FIT_OUTLIER off the first fit; a map far from the identity is no correction.
  const fit = (name: Sight['axis'], span: number): [number, number] | null => {
    const pts = sights.filter((s) => s.axis === name);
    const first = line(pts, span);
    if (!first) return null;
    const [a0, b0] = first;
    const second = line(pts.filter((p) => Math.abs(a0 * p.table + b0 - p.seen) <= FIT_OUTLIER), span);
    return second && Math.abs(second[0] - 1) < 0.1 && Math.abs(second[1]) < 0.15 ? second : null;
  };
  const x = fit('length', length);
  const y = fit('width', width);
  if (!x && !y) return null;
  const [a, b] = x ?? [1, 0];
  const [c, d] = y ?? [1, 0];
  return [a, 0, b, 0, c, d, 0, 0, 1];
}
