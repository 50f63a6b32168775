// Edge points of the cushion noses. Along each cushion, profiles of linear luminance are cut
// across the expected line, from the bed outwards: on a rendered cushion the nose is where the
// bright bed first drops into the dark face; on a real one, lit, where the lit nose rises out of
// the shadow under it (the first drop is then the rail). Each is located to a fraction of a
// pixel at the half-way level of its step, and tagged with its kind (seen-edges.ts says which
// 3-D line each kind is).
import { samplePlane, sampleRgb, type RgbImage } from '../decode/image.ts';
import type { Point2 } from '../numeric/linalg.ts';

export type RailSide = 'head' | 'foot' | 'left' | 'right';
/** How far apart (px) calibration looks for nose edge points along a side. */
export const NOSE_SEARCH_SPACING_PX = 2;
export const RAIL_SIDES: readonly RailSide[] = ['head', 'foot', 'left', 'right'];
/** Outward offsets (m) of the bed lines that look like the seen lines, per side. */
export type SideOffsets = Record<RailSide, number>;

export interface RailEdgePoint {
  side: RailSide;
  /** Image pixel (as seen, distorted). */
  u: number;
  v: number;
  /** Position along the cushion in the table frame (y for head/foot, x for left/right), m. */
  along: number;
  /** Luminance step (inside − outside) relative to the bed's level. */
  contrast: number;
  /** 'drop': the bed falls into a dark face or rail; 'rise': the bed's shadow rises into a lit cushion nose (see findNoseRise). */
  kind: EdgeKind;
}

export type EdgeKind = 'drop' | 'rise';

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
  /** Per side, the widest shadow a nose rise may come out of (m on the bed; default 0.05). */
  dips?: Partial<Record<RailSide, number>>;
  /** Per-side profile spans replacing inside / outside. */
  spans?: Partial<Record<RailSide, { inside: number; outside: number }>>;
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

/** The point (table frame) of a side's line `off` beyond the nose at `along` (y for head / foot, x for left / right). */
export function sideLinePoint(side: RailSide, hx: number, hy: number, along: number, off = 0): Point2 {
  const g = sideGeometry(side, hx, hy, along, off);
  return { x: g.px, y: g.py };
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

/** The bed's level in a profile: the upper quartile of its inner quarter. */
function bedLevel(profile: Float32Array): number {
  const innerEnd = Math.max(4, Math.floor(profile.length * 0.25));
  const inner = Array.from(profile.subarray(0, innerEnd)).sort((a, b) => a - b);
  return inner[Math.floor(inner.length * 0.75)]!;
}

/**
 * Finds the nose edge in one luminance profile (index 0 = inside on the bed, step `ds` px,
 * `perMetre` samples a metre on the bed). The first clear drop from the bed (into a dark cushion
 * face, or the rail), unless a nose rise comes before it (`findNoseRise`). Returns the
 * sub-sample position of the edge, or null when there is no clear one.
 */
export function findNoseStep(profile: Float32Array, ds: number, insideIsCloth?: (k: number) => boolean, perMetre?: number, maxDip?: number): { pos: number; contrast: number; kind: EdgeKind } | null {
  const bed = bedLevel(profile);
  if (!(bed > 1e-4)) return null;
  const drop = findNoseDrop(profile, ds, bed, insideIsCloth);
  const rise = perMetre ? findNoseRise(profile, perMetre, bed, drop ? drop.pos : profile.length, insideIsCloth, maxDip) : null;
  if (rise) return { ...rise, kind: 'rise' };
  return drop ? { ...drop, kind: 'drop' } : null;
}

function findNoseDrop(profile: Float32Array, ds: number, bed: number, insideIsCloth?: (k: number) => boolean): { pos: number; contrast: number } | null {
  const n = profile.length;
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

/**
 * A real cushion seen from above or the side: the bed darkens into the shadow under the nose,
 * then the lit, cloth-covered nose and cushion top rise sharply out of it, and the rail comes
 * a cushion width further out. The rise is the nose (at its height, 0.036 m: seen-edges.ts).
 * Looks for a dip under 0.6 of the bed, back over 0.75 of it within `maxDipM` (5 cm; a far
 * cushion's whole face is its shadow), then a cloth band at
 * 0.6 of the bed or more for 1.2 cm (or to the profile's end, 0.8 cm at least), all before
 * `end` (the first drop, which is then the rail's edge). A rendered cushion's dark face then
 * lit top is a drop first, and stays one. Position: the half-way crossing of the rise.
 */
export function findNoseRise(profile: Float32Array, perMetre: number, bed: number, end: number, isCloth?: (k: number) => boolean, maxDipM = 0.05): { pos: number; contrast: number } | null {
  const n = profile.length;
  const maxDip = Math.round(maxDipM * perMetre);
  for (let k = 1; k < n; k++) {
    if (profile[k]! >= 0.6 * bed) continue;
    let m = k;
    let j = k;
    while (j < n && j - k < maxDip && profile[j]! < 0.75 * bed) {
      if (profile[j]! < profile[m]!) m = j;
      j++;
    }
    if (j >= n || j - k >= maxDip || j >= end) return null;
    let e = j;
    while (e < n && profile[e]! >= 0.6 * bed) e++;
    const band = (e - j) / perMetre;
    if (band < (e >= n ? 0.008 : 0.012)) {
      k = e;
      continue;
    }
    if (isCloth && !isCloth(Math.round((j + Math.min(e, j + 0.01 * perMetre)) / 2))) return null;
    const top = Array.from(profile.subarray(j, Math.min(e, j + Math.max(2, Math.round(0.01 * perMetre))))).sort((a, b) => a - b);
    const level = top[top.length >> 1]!;
    const floor = profile[m]!;
    const contrast = (level - floor) / bed;
    if (contrast < 0.25) return null;
    const mid = (floor + level) / 2;
    for (let i = m + 1; i <= j; i++) {
      const a = profile[i - 1]!;
      const b = profile[i]!;
      if (a < mid && b >= mid) return { pos: i - 1 + (mid - a) / (b - a), contrast };
    }
    return { pos: j, contrast };
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
      const span = s.spans?.[side] ?? s;
      const pin = s.project(g.px - g.nx * span.inside, g.py - g.ny * span.inside);
      const pout = s.project(g.px - g.nx * span.outside, g.py - g.ny * span.outside);
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
      const step = findNoseStep(prof, ds, isCloth, n / (span.inside - span.outside), s.dips?.[side]);
      if (!step) continue;
      out.push({ side, u: pin.x + ux * step.pos * ds, v: pin.y + uy * step.pos * ds, along: t, contrast: step.contrast, kind: step.kind });
    }
  }
  return out;
}
