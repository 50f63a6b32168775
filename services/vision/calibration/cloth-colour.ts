// The cloth's colour for calibration: the dominant chromaticity of the image's central region
// (normalised r = R/S, g = G/S with S = R+G+B on sRGB values: a brightness change scales all
// three channels alike, so lamp fall-off and vignetting leave it nearly unchanged), and the
// mask of pixels that look like cloth.
import type { RgbImage } from '../decode/image.ts';

export interface ClothColour {
  /** Normalised chromaticity of the cloth. */
  r: number;
  g: number;
  /** Robust spread of the cloth's chromaticity (same units). */
  sigma: number;
  /** Median S = R+G+B of the central cloth (sRGB levels, 0–765). */
  brightness: number;
}

const BINS = 128;

/**
 * Dominant chromaticity of the central `fraction` of the image (default the middle 40 % on
 * each axis). Pixels darker than S = 45 are ignored (their chromaticity is mostly noise).
 */
export function dominantClothColour(img: RgbImage, fraction = 0.4): ClothColour {
  const W = img.width;
  const H = img.height;
  const x0 = Math.floor((W * (1 - fraction)) / 2);
  const x1 = Math.ceil((W * (1 + fraction)) / 2);
  const y0 = Math.floor((H * (1 - fraction)) / 2);
  const y1 = Math.ceil((H * (1 + fraction)) / 2);
  const hist = new Float64Array(BINS * BINS);
  const d = img.data;
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 60000)));
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const k = (y * W + x) * 3;
      const s = d[k]! + d[k + 1]! + d[k + 2]!;
      if (s < 45) continue;
      const r = d[k]! / s;
      const g = d[k + 1]! / s;
      hist[Math.min(BINS - 1, (g * BINS) | 0) * BINS + Math.min(BINS - 1, (r * BINS) | 0)]! += 1;
    }
  }
  // Mode of the 5×5-smoothed histogram.
  let best = 0;
  let bestI = 0;
  for (let gi = 2; gi < BINS - 2; gi++) {
    for (let ri = 2; ri < BINS - 2; ri++) {
      let s = 0;
      for (let a = -2; a <= 2; a++) for (let b = -2; b <= 2; b++) s += hist[(gi + a) * BINS + ri + b]!;
      if (s > best) {
        best = s;
        bestI = gi * BINS + ri;
      }
    }
  }
  let r0 = ((bestI % BINS) + 0.5) / BINS;
  let g0 = (Math.floor(bestI / BINS) + 0.5) / BINS;
  // Refine: mean and spread of the pixels near the mode (two passes, shrinking radius).
  let sigma = 0.03;
  let brightness = 0;
  for (const radius of [0.05, 0.0]) {
    const rad = radius || Math.max(0.012, 3 * sigma);
    let sr = 0;
    let sg = 0;
    let n = 0;
    // Typed arrays: their sort is numeric without a comparator (a plain array's comparator sort of ~80k samples cost ~20 ms).
    const dists = new Float64Array(Math.ceil((y1 - y0) / step) * Math.ceil((x1 - x0) / step));
    const bright = new Float64Array(dists.length);
    for (let y = y0; y < y1; y += step) {
      for (let x = x0; x < x1; x += step) {
        const k = (y * W + x) * 3;
        const s = d[k]! + d[k + 1]! + d[k + 2]!;
        if (s < 45) continue;
        const r = d[k]! / s;
        const g = d[k + 1]! / s;
        const dist = Math.sqrt((r - r0) * (r - r0) + (g - g0) * (g - g0));
        if (dist > rad) continue;
        sr += r;
        sg += g;
        dists[n] = dist;
        bright[n] = s;
        n++;
      }
    }
    if (n === 0) break;
    r0 = sr / n;
    g0 = sg / n;
    sigma = Math.max(0.002, dists.subarray(0, n).sort()[Math.floor(n / 2)]! * 1.2);
    brightness = bright.subarray(0, n).sort()[Math.floor(n / 2)]!;
  }
  return { r: r0, g: g0, sigma, brightness };
}

/**
 * 1 where a pixel looks like cloth: chromaticity within `k`·σ (at least `minDist`) of the cloth
 * and brightness at least `minBrightness` of the central cloth's (dim cushion faces pass).
 */
export function clothMask(img: RgbImage, cloth: ClothColour, opts: { k?: number; minDist?: number; minBrightness?: number; maxBrightness?: number } = {}): Uint8Array {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const d = img.data;
  const rad = Math.max(opts.minDist ?? 0.05, (opts.k ?? 4) * cloth.sigma);
  const smin = Math.max(30, (opts.minBrightness ?? 0.2) * cloth.brightness);
  // A neutral cloth shares its hue with white shirts and grey floors: keep its brightness band tight.
  const neutral = Math.hypot(cloth.r - 1 / 3, cloth.g - 1 / 3) < 0.04;
  const smax = (opts.maxBrightness ?? (neutral ? 1.4 : 1.8)) * cloth.brightness;
  for (let p = 0, k = 0; p < n; p++, k += 3) {
    const s = d[k]! + d[k + 1]! + d[k + 2]!;
    if (s < smin || s > smax) continue;
    const dr = d[k]! / s - cloth.r;
    const dg = d[k + 1]! / s - cloth.g;
    // Dim pixels (vignetted corners, cushion faces) have noisier chromaticity: widen by 8/S.
    const tol = rad + 8 / s;
    if (dr * dr + dg * dg <= tol * tol) out[p] = 1;
  }
  return out;
}
