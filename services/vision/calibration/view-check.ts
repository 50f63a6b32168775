// Is this frame the calibrated view of the table? A broadcast cuts to a close-up, another camera,
// a replay or the crowd; a corrupt stretch of a file decodes to smeared blocks. Vision must not
// track balls there (it would see phantom balls and phantom movements), so each frame is checked
// against the look the calibrated view had: a sparse lattice of points on the bed (cloth) and on
// the rails just outside the cushions, each compared with its own colour in a reference frame of
// the view. In the calibrated view most of both match (a player leaning over the table covers a
// part of them); a close-up shows cloth where the rails should be, another angle puts cloth and
// rails elsewhere, a crowd shot has neither.
//
// In: the calibration and frames (RGB24 or YUV 4:2:0). Out: per frame, whether it is the view,
// with the share of matching bed and rail points. The reference is the first frame that looks
// like the calibrated view (where the calibration knows the cloth's colour: most bed points of
// that colour, most rail points not: a close-up of the cloth or another camera's picture is not
// taken for it, as a video or one of analyze's segments may start in a cut) and follows slow
// changes of light.
import { POCKETS } from '../../contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS, pocketCentre } from '../../table/spec.ts';
import { isYuv, yuvPixel, type VideoImage } from '../decode/yuv-image.ts';
import { tableToImage, type VisionCalibration } from './calibration-model.ts';

export interface ViewCheckOptions {
  /** Shares of bed and of rail points that must match for the frame to be the view. */
  minBed: number;
  minRail: number;
  /** A point matches when its brightness is within this factor of the reference's … */
  brightness: number;
  /** … and its chromaticity (r, g shares of r + g + b) within this distance. */
  chroma: number;
  /** How fast the reference follows matching points (per frame). */
  follow: number;
}

export const DEFAULT_VIEW_CHECK: ViewCheckOptions = { minBed: 0.45, minRail: 0.45, brightness: 1.7, chroma: 0.06, follow: 0.02 };

export interface ViewVerdict {
  /** The frame is the calibrated view of the table. */
  view: boolean;
  /** Shares of the bed's and the rails' points that look as they did. */
  bed: number;
  rail: number;
}

/** A first frame is the view when this share of bed points has the cloth's colour and this share of rail points has not. */
const REFERENCE = { bed: 0.7, rail: 0.5 };
/** Chromaticity distance within which a point has the cloth's colour. */
const CLOTH_CHROMA = 0.06;

/** Distance (m) outside the cushion noses at which the rail points lie: the rail top, beyond the cushion. */
const RAIL_OUT = 0.09;
/** Rail points keep this far (m) from a pocket's centre (the pocket's hole and its leather). */
const POCKET_CLEAR = 0.14;

interface Point {
  u: number;
  v: number;
  rail: boolean;
}

export class ViewCheck {
  private readonly points: Point[];
  private ref: Float32Array | null = null;
  private readonly now: Float32Array;
  private readonly px = new Uint8Array(3);

  private readonly cloth: { chroma: readonly [number, number]; brightness: number } | null;

  constructor(cal: VisionCalibration, private readonly o: ViewCheckOptions = DEFAULT_VIEW_CHECK) {
    this.points = viewPoints(cal);
    this.cloth = cal.cloth ? { chroma: [cal.cloth.chroma[0], cal.cloth.chroma[1]], brightness: cal.cloth.brightness } : null;
    this.now = new Float32Array(this.points.length * 3);
  }

  /** How many points it looks at (bed, rail). */
  get size(): { bed: number; rail: number } {
    const rail = this.points.filter((p) => p.rail).length;
    return { bed: this.points.length - rail, rail };
  }

  /** Checks a frame; the first one that looks like the calibrated view becomes the reference. */
  check(img: VideoImage): ViewVerdict {
    this.measure(img);
    if (!this.ref) {
      const looks = this.looksLikeTheView();
      if (looks.view) this.ref = this.now.slice();
      return looks;
    }
    let bed = 0, bedN = 0, rail = 0, railN = 0;
    const match = new Uint8Array(this.points.length);
    for (let k = 0; k < this.points.length; k++) {
      const ok = this.matches(k);
      match[k] = ok ? 1 : 0;
      if (this.points[k]!.rail) { railN++; rail += match[k]!; } else { bedN++; bed += match[k]!; }
    }
    const verdict = { view: false, bed: bedN ? bed / bedN : 1, rail: railN ? rail / railN : 1 };
    verdict.view = verdict.bed >= this.o.minBed && verdict.rail >= this.o.minRail;
    if (verdict.view) {
      // Follow slow changes of light on the points that still match.
      const a = this.o.follow;
      for (let k = 0; k < this.points.length; k++) {
        if (!match[k]) continue;
        for (let c = 0; c < 3; c++) this.ref[3 * k + c] = (1 - a) * this.ref[3 * k + c]! + a * this.now[3 * k + c]!;
      }
    }
    return verdict;
  }

  /** With no reference yet: most bed points of the calibration's cloth colour, most rail points not. */
  private looksLikeTheView(): ViewVerdict {
    const cloth = this.cloth;
    if (!cloth) return { view: true, bed: 1, rail: 1 };
    let bed = 0, bedN = 0, rail = 0, railN = 0;
    for (let k = 0; k < this.points.length; k++) {
      const r = this.now[3 * k]!, g = this.now[3 * k + 1]!, b = this.now[3 * k + 2]!;
      const s = r + g + b + 1e-6;
      const isCloth = Math.abs(r / s - cloth.chroma[0]) + Math.abs(g / s - cloth.chroma[1]) < CLOTH_CHROMA && s > 0.35 * cloth.brightness;
      if (this.points[k]!.rail) { railN++; if (!isCloth) rail++; } else { bedN++; if (isCloth) bed++; }
    }
    const v = { bed: bedN ? bed / bedN : 1, rail: railN ? rail / railN : 1 };
    return { view: v.bed >= REFERENCE.bed && v.rail >= REFERENCE.rail, ...v };
  }

  private matches(k: number): boolean {
    const ref = this.ref!;
    const r0 = ref[3 * k]!, g0 = ref[3 * k + 1]!, b0 = ref[3 * k + 2]!;
    const r1 = this.now[3 * k]!, g1 = this.now[3 * k + 1]!, b1 = this.now[3 * k + 2]!;
    const s0 = r0 + g0 + b0 + 15;
    const s1 = r1 + g1 + b1 + 15;
    const q = s1 / s0;
    if (q > this.o.brightness || q < 1 / this.o.brightness) return false;
    // Dark points (a black rail, a shadow) have no colour to compare: their brightness decides.
    if (s0 < 90 && s1 < 90) return true;
    return Math.abs(r1 / s1 - r0 / s0) + Math.abs(g1 / s1 - g0 / s0) < this.o.chroma;
  }

  /** Mean RGB of the 3×3 pixels at each point. */
  private measure(img: VideoImage): void {
    const W = img.width, H = img.height;
    const yuv = isYuv(img) ? img : null;
    const rgb = isYuv(img) ? null : img.data;
    for (let k = 0; k < this.points.length; k++) {
      const p = this.points[k]!;
      const x0 = Math.round(p.u), y0 = Math.round(p.v);
      let r = 0, g = 0, b = 0, n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const y = y0 + dy;
        if (y < 0 || y >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const x = x0 + dx;
          if (x < 0 || x >= W) continue;
          if (yuv) {
            yuvPixel(yuv, x, y, this.px, 0);
            r += this.px[0]!; g += this.px[1]!; b += this.px[2]!;
          } else {
            const i = (y * W + x) * 3;
            r += rgb![i]!; g += rgb![i + 1]!; b += rgb![i + 2]!;
          }
          n++;
        }
      }
      const s = n || 1;
      this.now[3 * k] = r / s;
      this.now[3 * k + 1] = g / s;
      this.now[3 * k + 2] = b / s;
    }
  }
}

/** The lattice: bed points 10 cm clear of the cushions, rail points along the four rails, inside the image. */
function viewPoints(cal: VisionCalibration): Point[] {
  const { length: L, width: W } = TABLE_SPECS[cal.table];
  const pts: Point[] = [];
  const inside = (u: number, v: number): boolean => u >= 2 && v >= 2 && u <= cal.imageWidth - 3 && v <= cal.imageHeight - 3;
  const add = (x: number, y: number, rail: boolean): void => {
    const p = tableToImage(cal, x, y, rail ? 'ball' : 'bed');
    if (Number.isFinite(p.u) && Number.isFinite(p.v) && inside(p.u, p.v)) pts.push({ u: p.u, v: p.v, rail });
  };
  const nx = 12, ny = 6;
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < ny; j++) add(-L / 2 + 0.1 + ((L - 0.2) * (i + 0.5)) / nx, -W / 2 + 0.1 + ((W - 0.2) * (j + 0.5)) / ny, false);
  }
  const pockets = POCKETS.map((p) => pocketCentre(TABLE_SPECS[cal.table], p));
  const clear = (x: number, y: number): boolean => pockets.every((p) => Math.hypot(x - p.x, y - p.y) > POCKET_CLEAR + BALL_RADIUS);
  const step = 0.12;
  for (let x = -L / 2; x <= L / 2 + 1e-9; x += step) {
    for (const y of [W / 2 + RAIL_OUT, -W / 2 - RAIL_OUT]) if (clear(x, Math.sign(y) * W / 2)) add(x, y, true);
  }
  for (let y = -W / 2; y <= W / 2 + 1e-9; y += step) {
    for (const x of [L / 2 + RAIL_OUT, -L / 2 - RAIL_OUT]) if (clear(Math.sign(x) * L / 2, y)) add(x, y, true);
  }
  return pts;
}
