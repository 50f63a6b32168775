// The rectified bed: a top-down grid on the plane of ball centres (z = R), a few pixels per
// centimetre, with its sampling map into the camera image computed once per calibration.
// A grid pixel's centre is a table point, so a ball at rest is a near-circular blob centred
// on its table position; each frame is resampled through the map (bilinear, no undistortion
// pass over the full frame).
import { imageToTable, tableToImage, type VisionCalibration } from '../calibration/calibration-model.ts';
import type { RgbImage } from '../decode/image.ts';
import { isYuv, type VideoImage, type Yuv420Image } from '../decode/yuv-image.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../../table/spec.ts';
import { standardTable } from '../../table/geometry.ts';

export interface RectifiedGrid {
  /** Grid pixels per metre: across the table's length (x) and width (y), and the larger of the two. */
  scaleX: number;
  scaleY: number;
  scale: number;
  width: number;
  height: number;
  /** Table x of column 0's centre and y of row 0's centre (y decreases down the rows). */
  x0: number;
  y0: number;
  /** Image pixel sampled for each grid pixel (as seen, distorted). */
  u: Float32Array;
  v: Float32Array;
  /** Bilinear sampling: top-left source pixel index and the fractions, per grid pixel. */
  base: Int32Array;
  fx: Float32Array;
  fy: Float32Array;
  /**
   * The same sample in a YUV 4:2:0 frame's chroma planes: the index of `base`'s chroma sample,
   * and whether the pixel right of `base` (bit 1) and the one below it (bit 2) fall in the next
   * chroma column and row. Kept with the map so a frame's sampling does no division.
   */
  chroma: Int32Array;
  chromaStep: Uint8Array;
  /** 1 where the grid pixel shows the bed (inside the noses by `edgeClear`) or a pocket's mouth, and lies inside the image. */
  valid: Uint8Array;
  /**
   * 1 where a valid grid pixel lies in a pocket's mouth (behind the mouth line, where a ball can
   * hang in the jaws): not cloth — the detector compares it with its own look when empty.
   */
  mouth: Uint8Array;
  /** Ball radius in grid pixels. */
  ballRadius: number;
}

export interface GridOptions {
  /** Ball diameter in grid pixels (sets the scale). Default 22. */
  ballDiameterPx?: number;
  /** How far beyond the noses the grid reaches (m). Default 0.04 (a ball hanging in a side pocket's jaws). */
  margin?: number;
  /** Bed within this distance of a nose (its dark edge) is not used (m). Default 0.004. */
  edgeClear?: number;
}

/** Builds the grid and its map for a calibration. */
export function buildGrid(cal: VisionCalibration, opts: GridOptions = {}): RectifiedGrid {
  const spec = TABLE_SPECS[cal.table];
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  const ballPx = opts.ballDiameterPx ?? 22;
  // A ball is round on the grid: seen from a low camera (a broadcast view from behind a rail) its
  // outline covers more of the bed along the line of sight, so that axis gets fewer grid pixels.
  const foot = silhouetteFootprint(cal);
  const scaleX = ballPx / foot.x;
  const scaleY = ballPx / foot.y;
  const scale = Math.max(scaleX, scaleY);
  const margin = opts.margin ?? 0.04;
  const clear = opts.edgeClear ?? 0.004;
  const width = Math.ceil(2 * (hx + margin) * scaleX);
  const height = Math.ceil(2 * (hy + margin) * scaleY);
  const x0 = -(width - 1) / (2 * scaleX);
  const y0 = (height - 1) / (2 * scaleY);
  const n = width * height;
  const u = new Float32Array(n);
  const v = new Float32Array(n);
  const base = new Int32Array(n);
  const fx = new Float32Array(n);
  const fy = new Float32Array(n);
  const chroma = new Int32Array(n);
  const chromaStep = new Uint8Array(n);
  const valid = new Uint8Array(n);
  const mouth = new Uint8Array(n);
  const inMouth = mouthTest(cal, clear);
  const W = cal.imageWidth;
  const H = cal.imageHeight;
  const cw = (W + 1) >> 1;
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const p = j * width + i;
      const x = x0 + i / scaleX;
      const y = y0 - j / scaleY;
      const img = tableToImage(cal, x, y, 'ball');
      u[p] = img.u;
      v[p] = img.v;
      const inside = img.u >= 0 && img.v >= 0 && img.u <= W - 1 && img.v <= H - 1;
      const uc = Math.min(W - 1.001, Math.max(0, img.u));
      const vc = Math.min(H - 1.001, Math.max(0, img.v));
      const iu = Math.floor(uc);
      const iv = Math.floor(vc);
      base[p] = iv * W + iu;
      fx[p] = uc - iu;
      fy[p] = vc - iv;
      chroma[p] = (iv >> 1) * cw + (iu >> 1);
      chromaStep[p] = (((iu + 1) >> 1) - (iu >> 1)) | ((((iv + 1) >> 1) - (iv >> 1)) << 1);
      if (!inside) continue;
      const bed = imageToTable(cal, img.u, img.v, 'bed');
      if (inMouth(bed.x, bed.y)) {
        valid[p] = 1;
        mouth[p] = 1;
      } else if (Math.abs(bed.x) <= hx - clear && Math.abs(bed.y) <= hy - clear) valid[p] = 1;
    }
  }
  return { scaleX, scaleY, scale, width, height, x0, y0, u, v, base, fx, fy, chroma, chromaStep, valid, mouth, ballRadius: ballPx / 2 };
}

/**
 * How much of the table (m, along x and along y) a ball's outline covers where the camera looks
 * at the table's middle: its image circle carried back onto the plane of ball centres. Looking
 * down, both are about a diameter (within 10 %: taken as exactly one, the grid square); from a
 * low angle the line of sight's axis is longer (at most four diameters).
 */
export function silhouetteFootprint(cal: VisionCalibration): { x: number; y: number } {
  const D = 2 * BALL_RADIUS;
  const R = cal.rotation;
  const depth = R[6]! * 0 + R[7]! * 0 + R[8]! * BALL_RADIUS + cal.translation[2]!;
  const rho = (cal.fx * BALL_RADIUS) / depth;
  if (!(rho > 0) || !Number.isFinite(rho)) return { x: D, y: D };
  const c = tableToImage(cal, 0, 0, 'ball');
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let k = 0; k < 16; k++) {
    const a = (k * Math.PI) / 8;
    const p = imageToTable(cal, c.u + rho * Math.cos(a), c.v + rho * Math.sin(a), 'ball');
    x0 = Math.min(x0, p.x); x1 = Math.max(x1, p.x); y0 = Math.min(y0, p.y); y1 = Math.max(y1, p.y);
  }
  const fx = Math.min(4, Math.max(1, (x1 - x0) / D));
  const fy = Math.min(4, Math.max(1, (y1 - y0) / D));
  const round = (f: number): number => (f < 1.1 ? 1 : f);
  return { x: D * round(fx), y: D * round(fy) };
}

/**
 * Whether a bed-plane point lies in a pocket's mouth: between the jaws, from `clear` in front of
 * the mouth line to where a ball hanging on the edge of the drop (its centre at the capture
 * circle) still covers — the part of a pocket where a ball can stop, seen against the hole.
 */
export function mouthTest(cal: VisionCalibration, clear: number): (x: number, y: number) => boolean {
  const pockets = standardTable(cal.table).pockets.map((p) => {
    const depthOfCapture = (p.captureCentre.x - p.mouthCentre.x) * p.axis.x + (p.captureCentre.y - p.mouthCentre.y) * p.axis.y - p.captureRadius;
    return { p, deep: depthOfCapture + BALL_RADIUS + 0.004, half: p.mouthWidth / 2 };
  });
  return (x, y) => pockets.some(({ p, deep, half }) => {
    const dx = x - p.mouthCentre.x;
    const dy = y - p.mouthCentre.y;
    const along = dx * p.axis.x + dy * p.axis.y;
    const across = -dx * p.axis.y + dy * p.axis.x;
    return along >= -clear && along <= deep && Math.abs(across) <= half;
  });
}

/** Grid pixel (column, row as floats) of a table point. */
export function tableToGrid(g: RectifiedGrid, x: number, y: number): { i: number; j: number } {
  return { i: (x - g.x0) * g.scaleX, j: (g.y0 - y) * g.scaleY };
}

/** Table point of a (fractional) grid pixel. */
export function gridToTable(g: RectifiedGrid, i: number, j: number): { x: number; y: number } {
  return { x: g.x0 + i / g.scaleX, y: g.y0 - j / g.scaleY };
}

/** A rectangle of grid pixels, [i0, i1) × [j0, j1). */
export interface GridWindow {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

export const fullWindow = (g: RectifiedGrid): GridWindow => ({ i0: 0, j0: 0, i1: g.width, j1: g.height });

/** The window around a table point (radius in m), grown by `pad` grid pixels and clipped. */
export function windowAround(g: RectifiedGrid, x: number, y: number, radius: number, pad = 0): GridWindow {
  const c = tableToGrid(g, x, y);
  const r = radius * g.scale + pad;
  return clipWindow(g, { i0: Math.floor(c.i - r), j0: Math.floor(c.j - r), i1: Math.ceil(c.i + r) + 1, j1: Math.ceil(c.j + r) + 1 });
}

export function clipWindow(g: RectifiedGrid, w: GridWindow): GridWindow {
  return { i0: Math.max(0, w.i0), j0: Math.max(0, w.j0), i1: Math.min(g.width, w.i1), j1: Math.min(g.height, w.j1) };
}

export function growWindow(g: RectifiedGrid, w: GridWindow, by: number): GridWindow {
  return clipWindow(g, { i0: w.i0 - by, j0: w.j0 - by, i1: w.i1 + by, j1: w.j1 + by });
}

/**
 * The pixels of `windows`, each once: disjoint rectangles covering their union (the bands between
 * the windows' row edges, each band's column spans merged). A pass that computes each pixel on
 * its own (rectify, the cloth difference, the foreground mask) would otherwise repeat where
 * windows overlap (a cluster's balls, a changed region around a tracked one): 16 % of the
 * windows' pixels on the bench's 1080p60 recording.
 */
export function disjointWindows(windows: readonly GridWindow[]): GridWindow[] {
  if (windows.length <= 1) return windows.filter((w) => w.i1 > w.i0 && w.j1 > w.j0);
  const rows = [...new Set(windows.flatMap((w) => [w.j0, w.j1]))].sort((a, b) => a - b);
  const out: GridWindow[] = [];
  for (let e = 0; e + 1 < rows.length; e++) {
    const j0 = rows[e]!;
    const j1 = rows[e + 1]!;
    const spans = windows.filter((w) => w.j0 <= j0 && w.j1 >= j1 && w.i1 > w.i0).sort((a, b) => a.i0 - b.i0);
    let i0 = 0;
    let i1 = -1;
    for (const w of spans) {
      if (w.i0 > i1) {
        if (i1 > i0) out.push({ i0, j0, i1, j1 });
        i0 = w.i0;
        i1 = w.i1;
      } else if (w.i1 > i1) i1 = w.i1;
    }
    if (i1 > i0) out.push({ i0, j0, i1, j1 });
  }
  return out;
}

/** ln(S) for S = R+G+B+1 ∈ [1, 766] in quarter steps (error below 0.25 / S, far under the noise). */
const LOG_LUT: Float32Array = (() => {
  const t = new Float32Array(766 * 4 + 8);
  for (let k = 0; k < t.length; k++) t[k] = Math.log(Math.max(1, (k + 0.5) / 4));
  return t;
})();

/** A frame resampled onto the grid: log-brightness and chromaticity per grid pixel. */
export interface RectifiedFrame {
  /** ln(R + G + B + 1) of the bilinear sRGB sample. */
  logS: Float32Array;
  /** Chromaticity R/S and G/S. */
  r: Float32Array;
  g: Float32Array;
}

export function allocRectifiedFrame(g: RectifiedGrid): RectifiedFrame {
  const n = g.width * g.height;
  return { logS: new Float32Array(n), r: new Float32Array(n), g: new Float32Array(n) };
}

/**
 * Resamples a frame onto the grid (bilinear) as log-brightness and chromaticity. Pixels off
 * the bed are skipped unless `all`. Reuses `out` when given.
 */
export function rectify(g: RectifiedGrid, img: VideoImage, out?: RectifiedFrame, windows?: readonly GridWindow[], all = false): RectifiedFrame {
  const f = out ?? allocRectifiedFrame(g);
  for (const w of windows ?? [fullWindow(g)]) {
    if (isYuv(img)) rectifyYuvWindow(g, img, f, w, all);
    else rectifyWindow(g, img, f, w, all);
  }
  return f;
}

function rectifyWindow(g: RectifiedGrid, img: RgbImage, f: RectifiedFrame, win: GridWindow, all: boolean): void {
  const L = f.logS;
  const Rr = f.r;
  const Gg = f.g;
  const d = img.data;
  const row = img.width * 3;
  const valid = g.valid;
  for (let j = win.j0; j < win.j1; j++) for (let i = win.i0, p = j * g.width + win.i0; i < win.i1; i++, p++) {
    if (!all && !valid[p]) continue;
    const k = g.base[p]! * 3;
    const a = g.fx[p]!;
    const b = g.fy[p]!;
    const w00 = (1 - a) * (1 - b);
    const w10 = a * (1 - b);
    const w01 = (1 - a) * b;
    const w11 = a * b;
    const k2 = k + row;
    const R = d[k]! * w00 + d[k + 3]! * w10 + d[k2]! * w01 + d[k2 + 3]! * w11;
    const G = d[k + 1]! * w00 + d[k + 4]! * w10 + d[k2 + 1]! * w01 + d[k2 + 4]! * w11;
    const B = d[k + 2]! * w00 + d[k + 5]! * w10 + d[k2 + 2]! * w01 + d[k2 + 5]! * w11;
    const S = R + G + B + 1;
    L[p] = LOG_LUT[(S * 4) | 0]!;
    const inv = 1 / S;
    Rr[p] = R * inv;
    Gg[p] = G * inv;
  }
}

/** rectifyWindow for a YUV 4:2:0 frame: the same bilinear sample, converted to RGB (yuv-image.ts). */
function rectifyYuvWindow(g: RectifiedGrid, img: Yuv420Image, f: RectifiedFrame, win: GridWindow, all: boolean): void {
  const L = f.logS;
  const Rr = f.r;
  const Gg = f.g;
  const W = img.width;
  const cw = (W + 1) >> 1;
  const { valid, base, fx, fy, chroma, chromaStep } = g;
  const { y: Y, u: U, v: V } = img;
  const { y0: yOff, ky, rv, gu, gv, bu } = img.colour;
  // yuvBilinear (yuv-image.ts) written out, the chroma samples from the grid's map: this loop is a
  // frame's largest sampling.
  for (let j = win.j0; j < win.j1; j++) for (let i = win.i0, p = j * g.width + win.i0; i < win.i1; i++, p++) {
    if (!all && !valid[p]) continue;
    const k = base[p]!;
    const a = fx[p]!;
    const b = fy[p]!;
    const w00 = (1 - a) * (1 - b);
    const w10 = a * (1 - b);
    const w01 = (1 - a) * b;
    const w11 = a * b;
    const yy = Y[k]! * w00 + Y[k + 1]! * w10 + Y[k + W]! * w01 + Y[k + W + 1]! * w11;
    const c00 = chroma[p]!;
    const step = chromaStep[p]!;
    const c10 = c00 + (step & 1);
    const c01 = step & 2 ? c00 + cw : c00;
    const c11 = c01 + (step & 1);
    const uu = U[c00]! * w00 + U[c10]! * w10 + U[c01]! * w01 + U[c11]! * w11 - 128;
    const vv = V[c00]! * w00 + V[c10]! * w10 + V[c01]! * w01 + V[c11]! * w11 - 128;
    const l = ky * (yy - yOff);
    let R = l + rv * vv;
    let G = l - gu * uu - gv * vv;
    let B = l + bu * uu;
    R = R < 0 ? 0 : R > 255 ? 255 : R;
    G = G < 0 ? 0 : G > 255 ? 255 : G;
    B = B < 0 ? 0 : B > 255 ? 255 : B;
    const S = R + G + B + 1;
    L[p] = LOG_LUT[(S * 4) | 0]!;
    const inv = 1 / S;
    Rr[p] = R * inv;
    Gg[p] = G * inv;
  }
}
