// Edge points of the cushion noses. Along each cushion, profiles of linear luminance are cut
// across the expected nose line, from the bed outwards; the nose is where the bright bed
// first drops into the dark cushion face (or the nose's shadow line), located to a fraction
// of a pixel at the half-way level between the two sides of the step.
import { samplePlane, sampleRgb, type RgbImage } from './image.ts';
import type { Point2 } from './linalg.ts';
import type { SideOffsets } from './seen-edges.ts';

export type RailSide = 'head' | 'foot' | 'left' | 'right';
export const RAIL_SIDES: readonly RailSide[] = ['head', 'foot', 'left', 'right'];

export interface RailEdgePoint {
  side: RailSide;
  /** Image pixel (as seen, distorted). */
  u: number;
  v: number;
  /** Position along the cushion in the table frame (y for head/foot, x for left/right), m. */
  along: number;
  /** Luminance step (inside − outside) relative to the bed's level. */
  contrast: number;
}

export interface RailSearch {
  /** Nose half-length and half-width (m). */
  hx: number;
  hy: number;
  /** Table (bed plane) → image pixel (as seen). */
  project: (x: number, y: number) => Point2;
  /** Profile span across the expected nose, inside (positive, m) and outside (negative, m). */
  inside: number;
  outside: number;
  /** Distance kept clear of corner pockets along each cushion, and half-width of the side-pocket gap (m). */
  cornerClear: number;
  sideClear: number;
  /** Spacing of the profiles along the cushion (image pixels). */
  spacingPx: number;
  /** Outward offset (m) of the bed line the profiles are centred on, per side (seen-edges.ts); default 0, the noses. */
  offsets?: SideOffsets;
}

/** The outward table-frame normal and the point of a side's line (`off` beyond the nose) at `along`. */
function sideGeometry(side: RailSide, hx: number, hy: number, along: number, off = 0): { px: number; py: number; nx: number; ny: number } {
  switch (side) {
    case 'head': return { px: -hx - off, py: along, nx: -1, ny: 0 };
    case 'foot': return { px: hx + off, py: along, nx: 1, ny: 0 };
    case 'left': return { px: along, py: hy + off, nx: 0, ny: 1 };
    case 'right': return { px: along, py: -hy - off, nx: 0, ny: -1 };
  }
}

/** Positions along a side, clear of the pockets, about `spacingPx` apart in the image. */
function alongPositions(side: RailSide, s: RailSearch): number[] {
  const half = side === 'head' || side === 'foot' ? s.hy : s.hx;
  const off = s.offsets?.[side] ?? 0;
  const a = sideGeometry(side, s.hx, s.hy, -half, off);
  const b = sideGeometry(side, s.hx, s.hy, half, off);
  const pa = s.project(a.px, a.py);
  const pb = s.project(b.px, b.py);
  const pxPerM = Math.hypot(pb.x - pa.x, pb.y - pa.y) / (2 * half);
  const step = s.spacingPx / pxPerM;
  const out: number[] = [];
  for (let t = -half + s.cornerClear; t <= half - s.cornerClear; t += step) {
    if ((side === 'left' || side === 'right') && Math.abs(t) < s.sideClear) continue;
    out.push(t);
  }
  return out;
}

/**
 * Finds the nose edge in one luminance profile (index 0 = inside on the bed, step `ds` px).
 * Returns the sub-sample position of the step, or null when there is no clear step.
 */
export function findNoseStep(profile: Float32Array, ds: number, insideIsCloth?: (k: number) => boolean): { pos: number; contrast: number } | null {
  const n = profile.length;
  const innerEnd = Math.max(4, Math.floor(n * 0.25));
  const inner = Array.from(profile.subarray(0, innerEnd)).sort((a, b) => a - b);
  const bed = inner[Math.floor(inner.length * 0.75)]!;
  if (!(bed > 1e-4)) return null;
  const thr = 0.4 * bed;
  const hold = Math.max(2, Math.round(1.5 / ds));
  for (let k = 1; k < n - hold; k++) {
    if (profile[k]! >= thr) continue;
    let m = 0;
    for (let j = k; j < k + hold; j++) m += profile[j]!;
    if (m / hold >= thr * 1.1) continue;
    // Levels either side: just inside (0.75–1.5 px before) and the darkest of the next 2 px.
    const i0 = Math.max(0, k - Math.round(1.5 / ds));
    const i1 = Math.max(i0 + 1, k - Math.round(0.75 / ds));
    let lin = 0;
    for (let j = i0; j < i1; j++) lin = Math.max(lin, profile[j]!);
    let lout = Infinity;
    for (let j = k; j < Math.min(n, k + Math.round(2 / ds)); j++) lout = Math.min(lout, profile[j]!);
    const contrast = (lin - lout) / bed;
    // The bed must come right before the drop (not a cue, a hand or a ball): else look further out.
    if (contrast < 0.25 || (insideIsCloth && !insideIsCloth(Math.max(0, k - Math.round(2.5 / ds))))) {
      while (k < n - hold && profile[k]! < thr) k++;
      continue;
    }
    const mid = (lin + lout) / 2;
    for (let j = Math.max(1, i0); j <= k; j++) {
      const a = profile[j - 1]!;
      const b = profile[j]!;
      if (a >= mid && b < mid) return { pos: j - 1 + (a - mid) / (a - b), contrast };
    }
    return { pos: k, contrast };
  }
  return null;
}

/** How many profiles a search cuts (all four sides). */
export function profileCount(s: RailSearch): number {
  return RAIL_SIDES.reduce((n, side) => n + alongPositions(side, s).length, 0);
}

/** Nose edge points on all four cushions. */
export function findRailEdges(lum: Float32Array, W: number, H: number, s: RailSearch, img?: RgbImage, clothChroma?: readonly [number, number]): RailEdgePoint[] {
  const rgb = [0, 0, 0];
  const out: RailEdgePoint[] = [];
  const ds = 0.5;
  for (const side of RAIL_SIDES) {
    for (const t of alongPositions(side, s)) {
      const g = sideGeometry(side, s.hx, s.hy, t, s.offsets?.[side] ?? 0);
      const pin = s.project(g.px - g.nx * s.inside, g.py - g.ny * s.inside);
      const pout = s.project(g.px - g.nx * s.outside, g.py - g.ny * s.outside);
      const len = Math.hypot(pout.x - pin.x, pout.y - pin.y);
      const n = Math.max(8, Math.floor(len / ds));
      if (pin.x < 1 || pin.y < 1 || pin.x > W - 2 || pin.y > H - 2 || pout.x < 1 || pout.y < 1 || pout.x > W - 2 || pout.y > H - 2) continue;
      const ux = (pout.x - pin.x) / len;
      const uy = (pout.y - pin.y) / len;
      const prof = new Float32Array(n);
      for (let k = 0; k < n; k++) prof[k] = samplePlane(lum, W, H, pin.x + ux * k * ds, pin.y + uy * k * ds);
      const isCloth = img && clothChroma
        ? (k: number): boolean => {
            sampleRgb(img, pin.x + ux * k * ds, pin.y + uy * k * ds, rgb);
            const S = rgb[0]! + rgb[1]! + rgb[2]! + 1;
            return Math.hypot(rgb[0]! / S - clothChroma[0], rgb[1]! / S - clothChroma[1]) < 0.06 + 8 / S;
          }
        : undefined;
      const step = findNoseStep(prof, ds, isCloth);
      if (!step) continue;
      out.push({ side, u: pin.x + ux * step.pos * ds, v: pin.y + uy * step.pos * ds, along: t, contrast: step.contrast });
    }
  }
  return out;
}
