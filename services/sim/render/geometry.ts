// Plan-view geometry of the table: bed, cushions with pocket cuts, rails, diamonds, pocket holes.
// Works in the table frame (metres); every query folds the point into the first quadrant.
import type { TableSpec } from '../../table/spec.ts';

/** Cushion width, nose line to the rail's inner edge (m). */
export const CUSHION_W = 0.05;
/** Rail top width (m). */
export const RAIL_W = 0.105;
/** How far beyond the nose lines the image must show (rails plus a strip of floor). */
export const OUTER_MARGIN = CUSHION_W + RAIL_W + 0.05;
export const Z_NOSE = 0.0363;
export const Z_CUSHION = 0.0385;
export const Z_RAIL = 0.0415;
export const Z_FLOOR = -0.78;
/** Pocket mouths, jaw to jaw along the nose lines' corner (m): corner 5 in, side 5.5 in. */
export const CORNER_MOUTH = 0.127;
export const SIDE_MOUTH = 0.1397;
/** Pocket facing angles (between the nose line and the facing), degrees. */
const CORNER_FACING_DEG = 142;
const SIDE_FACING_DEG = 104;
const CORNER_HOLE_R = 0.068;
const CORNER_HOLE_OFF = 0.017;
const SIDE_HOLE_R = 0.066;
const SIDE_HOLE_OFF = 0.062;
export const LINER_W = 0.012;
const OUTER_CORNER_R = 0.045;

export const S_BED = 0;
export const S_CUSHION = 1;
export const S_RAIL = 2;
export const S_LINER = 3;
export const S_HOLE = 4;
export const S_OUTSIDE = 5;

/** Details of the last `classify` call (kept in fields to avoid allocation per sample). */
export class TableGeometry {
  readonly hx: number;
  readonly hy: number;
  readonly ox: number;
  readonly oy: number;
  /** Hole centres (signed, table frame) and radii. */
  readonly holes: { x: number; y: number; r: number }[];
  private readonly cornerJaw = CORNER_MOUTH / Math.SQRT2;
  private readonly sideJaw = SIDE_MOUTH / 2;
  private readonly cornerCot = 1 / Math.tan(((180 - CORNER_FACING_DEG) * Math.PI) / 180);
  private readonly sideCot = 1 / Math.tan(((180 - SIDE_FACING_DEG) * Math.PI) / 180);

  // ---- outputs of classify ----
  /** Cushion: distance from the nose or a facing (m). Bed: distance to the nearest nose line. */
  edgeDist = 0;
  /** Rail: coordinate along the rail and distance from its inner edge (m); true on a long rail. */
  railAlong = 0;
  railAcross = 0;
  longRail = true;
  /** Hole / liner: index into `holes`, distance from its centre. */
  hole = -1;
  holeDist = 0;
  /** Cushion: distance from the nose line (m), 0..CUSHION_W. */
  cushionDepth = 0;
  /** Bed point in a pocket throat (beyond the nose lines). */
  throat = false;
  /** Rail point on a diamond sight (coverage 0..1). */
  diamond = 0;

  constructor(readonly spec: TableSpec) {
    this.hx = spec.length / 2;
    this.hy = spec.width / 2;
    this.ox = this.hx + CUSHION_W + RAIL_W;
    this.oy = this.hy + CUSHION_W + RAIL_W;
    const c = CORNER_HOLE_OFF;
    const hx = this.hx;
    const hy = this.hy;
    this.holes = [
      { x: -hx - c, y: hy + c, r: CORNER_HOLE_R }, { x: -hx - c, y: -hy - c, r: CORNER_HOLE_R },
      { x: 0, y: hy + SIDE_HOLE_OFF, r: SIDE_HOLE_R }, { x: 0, y: -hy - SIDE_HOLE_OFF, r: SIDE_HOLE_R },
      { x: hx + c, y: hy + c, r: CORNER_HOLE_R }, { x: hx + c, y: -hy - c, r: CORNER_HOLE_R },
    ];
  }

  /** Index of the hole whose disc (plus `grow`) contains (x, y), or -1. Sets holeDist. */
  holeAt(x: number, y: number, grow: number): number {
    if (Math.abs(y) < this.hy - 0.1 + grow) return -1;
    for (let i = 0; i < this.holes.length; i++) {
      const h = this.holes[i]!;
      const dx = x - h.x;
      const dy = y - h.y;
      const rr = h.r + grow;
      const d2 = dx * dx + dy * dy;
      if (d2 < rr * rr) {
        this.holeDist = Math.sqrt(d2);
        return i;
      }
    }
    return -1;
  }

  /** Plan classification of (x, y): S_BED, S_CUSHION, S_RAIL, S_LINER, S_HOLE or S_OUTSIDE. */
  classify(x: number, y: number): number {
    const ax = Math.abs(x);
    const ay = Math.abs(y);
    const hx = this.hx;
    const hy = this.hy;
    this.throat = false;
    this.diamond = 0;
    // Outside the outer outline (rounded corners)?
    if (ax > this.ox || ay > this.oy) return S_OUTSIDE;
    const rc = OUTER_CORNER_R;
    if (ax > this.ox - rc && ay > this.oy - rc && Math.hypot(ax - (this.ox - rc), ay - (this.oy - rc)) > rc) return S_OUTSIDE;
    this.hole = this.holeAt(x, y, 0);
    if (this.hole >= 0) return S_HOLE;
    if (ax <= hx && ay <= hy) {
      this.edgeDist = Math.min(hx - ax, hy - ay);
      return S_BED;
    }
    const inCushionBand = ax <= hx + CUSHION_W && ay <= hy + CUSHION_W;
    if (inCushionBand) {
      if (ax > hx && ay > hy) return this.throatBed();
      if (ay > hy) {
        // Long cushion: corner pocket at (hx, hy) and side pocket at (0, hy).
        const b = ay - hy;
        const aCorner = hx - ax;
        const fc = aCorner - (this.cornerJaw - b * this.cornerCot);
        const fs = ax - (this.sideJaw - b * this.sideCot);
        if (fc <= 0 || fs <= 0) return this.throatBed();
        this.edgeDist = Math.min(b, fc * 0.62, fs * 0.97);
        this.cushionDepth = b;
        return S_CUSHION;
      }
      const b = ax - hx;
      const fc = hy - ay - (this.cornerJaw - b * this.cornerCot);
      if (fc <= 0) return this.throatBed();
      this.edgeDist = Math.min(b, fc * 0.62);
      this.cushionDepth = b;
      return S_CUSHION;
    }
    // Rail band: liner ring around the hole first.
    this.hole = this.holeAt(x, y, LINER_W);
    if (this.hole >= 0) return S_LINER;
    const inLongBand = ay > hy + CUSHION_W;
    const inShortBand = ax > hx + CUSHION_W;
    this.longRail = inLongBand && !(inShortBand && ax - hx > ay - hy);
    if (this.longRail) {
      this.railAlong = x;
      this.railAcross = ay - hy - CUSHION_W;
      this.diamond = this.sight(ax, this.spec.length / 8, 3);
    } else {
      this.railAlong = y;
      this.railAcross = ax - hx - CUSHION_W;
      this.diamond = this.sight(ay, this.spec.width / 4, 1);
    }
    return S_RAIL;
  }

  private throatBed(): number {
    this.throat = true;
    this.edgeDist = 0;
    return S_BED;
  }

  /** Coverage of a diamond sight at |along| = k·step (k = 0..n, k = 0 only on short rails). */
  private sight(aAlong: number, step: number, n: number): number {
    const k = Math.round(aAlong / step);
    if (k > n || (n === 3 && k === 0)) return 0;
    const da = Math.abs(aAlong - k * step) / 0.012;
    const dc = Math.abs(this.railAcross - RAIL_W * 0.5) / 0.0065;
    const s = da + dc;
    return s >= 1.15 ? 0 : s <= 0.85 ? 1 : (1.15 - s) / 0.3;
  }
}
