// The cloth as the camera sees it, over the whole rectified bed: chromaticity (r, g) and
// log-brightness per grid pixel, learnt robustly from a frame that may hold balls, a cue and
// a player: coarse cell medians → a robust smooth surface for the lamp fall-off, then fine cells
// from only the pixels near that surface (a ball or a sleeve of the cloth's hue is not cloth).
// Per-pixel differences against it are the detector's features.
// solveDense is by hand: ml-matrix's LU gives the same 15×15 solution (to 1e-15) in 17–19 µs against 3 µs
// here, and adds 1.4 MB (measured 2026-12-04, /tmp/numbench, Node 20).
import { selectRank } from '../decode/image.ts';
import { fullWindow, type GridWindow, type RectifiedFrame, type RectifiedGrid } from './rectify.ts';

export interface ClothModel {
  /** Expected ln(S), chromaticity r and g, per grid pixel. */
  logS: Float32Array;
  r: Float32Array;
  g: Float32Array;
  /** Noise scales of the cloth: log-brightness and chromaticity. */
  sigmaLog: number;
  sigmaChroma: number;
}

interface CellField {
  cols: number;
  rows: number;
  size: number;
  /** ln S, r, g per cell. */
  l: Float32Array;
  r: Float32Array;
  g: Float32Array;
  known: Uint8Array;
}

/** The median of a[0..n) (reorders them): by selection, as the cells are many and small (a sort each cost 80 ms a cloth). */
export function medianOf(a: Float32Array, n: number): number {
  const k = n >> 1;
  const upper = selectRank(a, n, k);
  if (n % 2) return upper;
  // Even: the other middle value is the largest of those below rank k (selection put them first).
  let below = -Infinity;
  for (let q = 0; q < k; q++) if (a[q]! > below) below = a[q]!;
  return 0.5 * (below + upper);
}

/**
 * Per-cell medians over the grid pixels that are valid, cloth-hued (within `near` of `chroma`)
 * and, when `ref` is given, within `band` of its log-brightness.
 */
function cellMedians(g: RectifiedGrid, f: RectifiedFrame, size: number, chroma: readonly [number, number], near: number, ref: Float32Array | null, band: number, minFraction: number): CellField {
  const cols = Math.ceil(g.width / size);
  const rows = Math.ceil(g.height / size);
  const m = cols * rows;
  const out: CellField = { cols, rows, size, l: new Float32Array(m), r: new Float32Array(m), g: new Float32Array(m), known: new Uint8Array(m) };
  const sL = new Float32Array(size * size);
  const sR = new Float32Array(size * size);
  const sG = new Float32Array(size * size);
  const near2 = near * near;
  const [c0r, c0g] = chroma;
  for (let cj = 0; cj < rows; cj++) {
    const j1 = Math.min(g.height, (cj + 1) * size);
    for (let ci = 0; ci < cols; ci++) {
      const i1 = Math.min(g.width, (ci + 1) * size);
      let n = 0;
      let total = 0;
      for (let j = cj * size; j < j1; j++) {
        for (let i = ci * size, p = j * g.width + i; i < i1; i++, p++) {
          if (!g.valid[p] || g.mouth[p]) continue;
          total++;
          const dr = f.r[p]! - c0r;
          const dg = f.g[p]! - c0g;
          if (dr * dr + dg * dg > near2) continue;
          const l = f.logS[p]!;
          if (ref && Math.abs(l - ref[p]!) > band) continue;
          sL[n] = l;
          sR[n] = f.r[p]!;
          sG[n] = f.g[p]!;
          n++;
        }
      }
      const c = cj * cols + ci;
      if (total > 0 && n >= Math.max(3, minFraction * total)) {
        out.l[c] = medianOf(sL, n);
        out.r[c] = medianOf(sR, n);
        out.g[c] = medianOf(sG, n);
        out.known[c] = 1;
      }
    }
  }
  return out;
}

/** Bilinear interpolation of a cell field onto every grid pixel (into the three outputs). */
function interpolateCells(g: RectifiedGrid, f: CellField, l: Float32Array, r: Float32Array | null, gg: Float32Array | null): void {
  const W = g.width;
  const xs = new Int32Array(W);
  const xf = new Float32Array(W);
  for (let i = 0; i < W; i++) {
    const x = Math.min(f.cols - 1, Math.max(0, (i + 0.5) / f.size - 0.5));
    const x0 = Math.max(0, Math.min(f.cols - 2, Math.floor(x)));
    xs[i] = x0;
    xf[i] = f.cols > 1 ? x - x0 : 0;
  }
  for (let j = 0; j < g.height; j++) {
    const y = Math.min(f.rows - 1, Math.max(0, (j + 0.5) / f.size - 0.5));
    const y0 = Math.max(0, Math.min(f.rows - 2, Math.floor(y)));
    const b = f.rows > 1 ? y - y0 : 0;
    const y1 = Math.min(f.rows - 1, y0 + 1);
    for (let i = 0; i < W; i++) {
      const x0 = xs[i]!;
      const x1 = Math.min(f.cols - 1, x0 + 1);
      const a = xf[i]!;
      const c00 = y0 * f.cols + x0;
      const c10 = y0 * f.cols + x1;
      const c01 = y1 * f.cols + x0;
      const c11 = y1 * f.cols + x1;
      const w00 = (1 - a) * (1 - b);
      const w10 = a * (1 - b);
      const w01 = (1 - a) * b;
      const w11 = a * b;
      const p = j * W + i;
      l[p] = f.l[c00]! * w00 + f.l[c10]! * w10 + f.l[c01]! * w01 + f.l[c11]! * w11;
      if (r) r[p] = f.r[c00]! * w00 + f.r[c10]! * w10 + f.r[c01]! * w01 + f.r[c11]! * w11;
      if (gg) gg[p] = f.g[c00]! * w00 + f.g[c10]! * w10 + f.g[c01]! * w01 + f.g[c11]! * w11;
    }
  }
}

/**
 * Learns the cloth from one rectified frame. `chroma` is the cloth's chromaticity (from the
 * calibration) used to pick candidate cloth pixels.
 */
export function learnClothModel(g: RectifiedGrid, f: RectifiedFrame, chroma: readonly [number, number]): ClothModel {
  const near = 0.05;
  const n = g.width * g.height;
  // Coarse cells (about 2.2 ball radii): cloth-hued pixels only; then a smooth surface through
  // them, fitted robustly (an arm or a shirt of the cloth's hue covering many cells is rejected).
  const coarse = cellMedians(g, f, Math.max(8, Math.round(g.ballRadius * 2.2)), chroma, near, null, 0, 0.25);
  const surface = fitBrightnessSurface(g, coarse);
  const reference = new Float32Array(n);
  surface.fill(reference);
  // Fine cells (0.7 radius): only pixels within ±0.3 of the surface; cells without enough take the surface.
  const fineSize = Math.max(4, Math.round(g.ballRadius * 0.7));
  const fine = cellMedians(g, f, fineSize, chroma, near, reference, 0.3, 0.3);
  let cr = 0;
  let cg = 0;
  let known = 0;
  for (let c = 0; c < fine.known.length; c++) {
    if (!fine.known[c]) continue;
    cr += fine.r[c]!;
    cg += fine.g[c]!;
    known++;
  }
  cr = known ? cr / known : chroma[0];
  cg = known ? cg / known : chroma[1];
  for (let c = 0; c < fine.known.length; c++) {
    if (fine.known[c]) continue;
    const ci = c % fine.cols;
    const cj = Math.floor(c / fine.cols);
    fine.l[c] = surface.at(Math.min(g.width - 1, (ci + 0.5) * fineSize), Math.min(g.height - 1, (cj + 0.5) * fineSize));
    fine.r[c] = cr;
    fine.g[c] = cg;
    fine.known[c] = 1;
  }
  const logS = new Float32Array(n);
  const r = new Float32Array(n);
  const gg = new Float32Array(n);
  interpolateCells(g, fine, logS, r, gg);
  // Noise: robust spread of the residuals of clearly-cloth pixels.
  const dl = new Float32Array(Math.ceil(n / 7));
  const dc = new Float32Array(dl.length);
  let m = 0;
  for (let p = 0; p < n; p += 7) {
    if (!g.valid[p] || g.mouth[p]) continue;
    const a = f.logS[p]! - logS[p]!;
    const xr = f.r[p]! - r[p]!;
    const xg = f.g[p]! - gg[p]!;
    if (Math.abs(a) > 0.15 || xr * xr + xg * xg > 0.0009) continue;
    dl[m] = Math.abs(a);
    dc[m] = Math.sqrt(xr * xr + xg * xg);
    m++;
  }
  const sigmaLog = Math.max(0.01, 1.4826 * (m ? dl.subarray(0, m).sort()[m >> 1]! : 0.03));
  const sigmaChroma = Math.max(0.002, 1.2 * (m ? dc.subarray(0, m).sort()[m >> 1]! : 0.01));
  learnMouths(g, f, { logS, r, g: gg });
  return { logS, r, g: gg, sigmaLog, sigmaChroma };
}

/**
 * The pockets' mouths are not cloth: each mouth pixel's expected look is its own in `f` (a frame
 * with the mouths empty), averaged over its 3×3 mouth neighbours against the video's noise.
 */
export function learnMouths(g: RectifiedGrid, f: RectifiedFrame, m: Pick<ClothModel, 'logS' | 'r' | 'g'>): void {
  const W = g.width;
  for (let j = 0; j < g.height; j++) for (let i = 0, p = j * W; i < W; i++, p++) {
    if (!g.mouth[p]) continue;
    let l = 0;
    let r = 0;
    let gg = 0;
    let k = 0;
    for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) {
      const ii = i + di;
      const jj = j + dj;
      if (ii < 0 || jj < 0 || ii >= W || jj >= g.height) continue;
      const q = jj * W + ii;
      if (!g.mouth[q]) continue;
      l += f.logS[q]!;
      r += f.r[q]!;
      gg += f.g[q]!;
      k++;
    }
    m.logS[p] = l / k;
    m.r[p] = r / k;
    m.g[p] = gg / k;
  }
}

/** Brightness (R+G+B+1) added to both sides when comparing a mouth pixel: the hole is nearly black and its ln-brightness and hue are mostly noise. */
const MOUTH_DARK = 60;

/**
 * A smooth ln-brightness surface (polynomial of total degree 4 in the normalised grid
 * coordinates) through the known cells, by Tukey re-weighted least squares.
 */
function fitBrightnessSurface(g: RectifiedGrid, cells: CellField): { at: (i: number, j: number) => number; fill: (out: Float32Array) => void } {
  const terms: [number, number][] = [];
  for (let d = 0; d <= 4; d++) for (let a = 0; a <= d; a++) terms.push([a, d - a]);
  const m = terms.length;
  const sx = 2 / g.width;
  const sy = 2 / g.height;
  const basis = (i: number, j: number, out: Float64Array): void => {
    const x = i * sx - 1;
    const y = j * sy - 1;
    for (let t = 0; t < m; t++) out[t] = x ** terms[t]![0] * y ** terms[t]![1];
  };
  const pts: { b: Float64Array; v: number }[] = [];
  for (let c = 0; c < cells.known.length; c++) {
    if (!cells.known[c]) continue;
    const b = new Float64Array(m);
    basis(((c % cells.cols) + 0.5) * cells.size, (Math.floor(c / cells.cols) + 0.5) * cells.size, b);
    pts.push({ b, v: cells.l[c]! });
  }
  let coef: Float64Array = new Float64Array(m);
  if (pts.length < m) {
    const sorted = pts.map((p) => p.v).sort((a, b) => a - b);
    coef[0] = sorted[sorted.length >> 1] ?? 0;
  } else {
    const w = new Float64Array(pts.length).fill(1);
    for (let it = 0; it < 8; it++) {
      const A = new Float64Array(m * m);
      const rhs = new Float64Array(m);
      pts.forEach((p, k) => {
        const wk = w[k]!;
        if (!wk) return;
        for (let a = 0; a < m; a++) {
          rhs[a] = rhs[a]! + wk * p.b[a]! * p.v;
          for (let b = 0; b < m; b++) A[a * m + b] = A[a * m + b]! + wk * p.b[a]! * p.b[b]!;
        }
      });
      for (let a = 0; a < m; a++) A[a * m + a] = A[a * m + a]! + 1e-6;
      const sol = solveDense(A, rhs, m);
      if (!sol) break;
      coef = sol;
      const res = pts.map((p) => Math.abs(p.v - p.b.reduce((t, bv, a) => t + bv * coef[a]!, 0)));
      const sorted = [...res].sort((a, b) => a - b);
      const sigma = Math.max(0.02, 1.4826 * sorted[sorted.length >> 1]!);
      const cut = 4.685 * sigma;
      res.forEach((r, k) => {
        w[k] = r < cut ? (1 - (r / cut) ** 2) ** 2 : 0;
      });
    }
  }
  const b = new Float64Array(m);
  const at = (i: number, j: number): number => {
    basis(i, j, b);
    let v = 0;
    for (let a = 0; a < m; a++) v += b[a]! * coef[a]!;
    return v;
  };
  // Every grid pixel: per row, the polynomial in x (its coefficients from y), by Horner.
  const fill = (out: Float32Array): void => {
    const inX = new Float64Array(5);
    for (let j = 0; j < g.height; j++) {
      const y = j * sy - 1;
      inX.fill(0);
      for (let t = 0; t < m; t++) inX[terms[t]![0]] = inX[terms[t]![0]]! + coef[t]! * y ** terms[t]![1];
      for (let i = 0, p = j * g.width; i < g.width; i++, p++) {
        const x = i * sx - 1;
        out[p] = (((inX[4]! * x + inX[3]!) * x + inX[2]!) * x + inX[1]!) * x + inX[0]!;
      }
    }
  };
  return { at, fill };
}

/** Gaussian elimination with partial pivoting (small dense systems). */
function solveDense(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const M = Float64Array.from(A);
  const x = Float64Array.from(b);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r * n + c]!) > Math.abs(M[piv * n + c]!)) piv = r;
    if (Math.abs(M[piv * n + c]!) < 1e-14) return null;
    if (piv !== c) {
      for (let k = 0; k < n; k++) [M[c * n + k], M[piv * n + k]] = [M[piv * n + k]!, M[c * n + k]!];
      [x[c], x[piv]] = [x[piv]!, x[c]!];
    }
    for (let r = c + 1; r < n; r++) {
      const f = M[r * n + c]! / M[c * n + c]!;
      if (!f) continue;
      for (let k = c; k < n; k++) M[r * n + k] = M[r * n + k]! - f * M[c * n + k]!;
      x[r] = x[r]! - f * x[c]!;
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let v = x[r]!;
    for (let k = r + 1; k < n; k++) v -= M[r * n + k]! * x[k]!;
    x[r] = v / M[r * n + r]!;
  }
  return x;
}

export interface FeaturePlanes {
  /** ln-brightness difference from the cloth, clamped to [−1.2, 0.5] (highlights and white saturate; a black ball stays darker than a shadow). */
  dLog: Float32Array;
  /** Signed chromaticity differences, clamped to ±0.25. */
  dR: Float32Array;
  dG: Float32Array;
  /**
   * Per-pixel flags: bit 0 = active (some feature beyond about three noise sigmas: worth a
   * gradient), bit 1 = a bright, nearly white pixel (a specular highlight or a white part, on
   * any cloth), bit 2 = clearly unlike the cloth (the foreground of `isUnlike`).
   */
  flags: Uint8Array;
}

/** Feature level beyond which a pixel is active: 0.07 in ln-brightness, 0.035 in chromaticity. */
export const ACTIVE_LOG = 0.07;
export const ACTIVE_CHROMA = 0.035;
/** "Unlike the cloth": hue off by 0.06, or 0.22 brighter, or 0.7 darker (ln) — beyond any shadow. */
export const UNLIKE = { chroma: 0.06, brighter: 0.22, darker: 0.7 } as const;
export const FLAG_ACTIVE = 1;
export const FLAG_WHITE = 2;
/**
 * "Nearly white": 0.45 brighter than the cloth (ln), at least 190 per channel on average, and
 * chromaticity within 0.04 of grey (1/3, 1/3) — a specular highlight has the light's colour and
 * is near the sensor's top; a pale maple cue (0.38–0.40, 0.34; 150–200 a channel) is not white.
 */
export const WHITE = { brighter: 0.45, minLogS: Math.log(3 * 190 + 1), chroma: 0.04 } as const;
export const FLAG_UNLIKE = 4;

/** The frame's pixel is bright and grey enough to be white (`WHITE`; its brightness over the cloth is checked by the caller). */
function isWhite(f: RectifiedFrame, p: number): boolean {
  const wr = f.r[p]! - 1 / 3;
  const wg = f.g[p]! - 1 / 3;
  return f.logS[p]! > WHITE.minLogS && wr * wr + wg * wg < WHITE.chroma * WHITE.chroma;
}

export function allocFeatures(g: RectifiedGrid): FeaturePlanes {
  const n = g.width * g.height;
  return { dLog: new Float32Array(n), dR: new Float32Array(n), dG: new Float32Array(n), flags: new Uint8Array(n) };
}

/** Per grid pixel differences from the cloth, clamped (0 off the bed). */
export function clothDifference(g: RectifiedGrid, f: RectifiedFrame, m: ClothModel, out?: FeaturePlanes, windows?: readonly GridWindow[]): FeaturePlanes {
  const o = out ?? allocFeatures(g);
  const valid = g.valid;
  const mouth = g.mouth;
  for (const w of windows ?? [fullWindow(g)]) for (let j = w.j0; j < w.j1; j++) for (let i = w.i0, p = j * g.width + w.i0; i < w.i1; i++, p++) {
    if (!valid[p]) {
      o.dLog[p] = 0;
      o.dR[p] = 0;
      o.dG[p] = 0;
      o.flags[p] = 0;
      continue;
    }
    let a = f.logS[p]! - m.logS[p]!;
    let b = f.r[p]! - m.r[p]!;
    let c = f.g[p]! - m.g[p]!;
    if (mouth[p]) {
      // Against the dark hole: brightness with an offset, hue weighted by how bright both are.
      const S = Math.exp(f.logS[p]!);
      const Sm = Math.exp(m.logS[p]!);
      a = Math.log((S + MOUTH_DARK) / (Sm + MOUTH_DARK));
      const w = Math.min(1, Math.min(S, Sm) / 200);
      b *= w;
      c *= w;
    }
    o.dLog[p] = a > 0.5 ? 0.5 : a < -1.2 ? -1.2 : a;
    o.dR[p] = b > 0.25 ? 0.25 : b < -0.25 ? -0.25 : b;
    o.dG[p] = c > 0.25 ? 0.25 : c < -0.25 ? -0.25 : c;
    const active = a > ACTIVE_LOG || a < -ACTIVE_LOG || b > ACTIVE_CHROMA || b < -ACTIVE_CHROMA || c > ACTIVE_CHROMA || c < -ACTIVE_CHROMA;
    const unlike = a > UNLIKE.brighter || a < -UNLIKE.darker || b * b + c * c > UNLIKE.chroma * UNLIKE.chroma;
    o.flags[p] = (active ? FLAG_ACTIVE : 0) | (a > WHITE.brighter && isWhite(f, p) ? FLAG_WHITE : 0) | (unlike ? FLAG_UNLIKE : 0);
  }
  return o;
}
