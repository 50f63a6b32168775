// Plain RGB24 frames and the few pixel helpers the vision code shares: sRGB → linear light,
// luminance planes, bilinear sampling and box downscaling. Pure TypeScript on typed arrays
// (deterministic, no WASM start-up), fast enough for the per-frame budget.

/** An RGB24 image, row-major, `width · height · 3` bytes (the renderer's and ffmpeg's layout). */
export interface RgbImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export function checkRgbImage(img: RgbImage, who: string): void {
  if (!(img.width > 0 && img.height > 0 && Number.isInteger(img.width) && Number.isInteger(img.height))) {
    throw new Error(`${who}: bad image size ${img.width}×${img.height}`);
  }
  if (img.data.length !== img.width * img.height * 3) {
    throw new Error(`${who}: image has ${img.data.length} bytes, expected ${img.width * img.height * 3} (RGB24)`);
  }
}

/** sRGB byte → linear light [0, 1]. */
export const SRGB_TO_LINEAR: Float32Array = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const s = i / 255;
    t[i] = s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  }
  return t;
})();

/** Linear-light luminance (Rec. 709 weights) of every pixel. */
export function linearLuminance(img: RgbImage): Float32Array {
  const n = img.width * img.height;
  const out = new Float32Array(n);
  const d = img.data;
  const L = SRGB_TO_LINEAR;
  for (let p = 0, k = 0; p < n; p++, k += 3) {
    out[p] = 0.2126 * L[d[k]!]! + 0.7152 * L[d[k + 1]!]! + 0.0722 * L[d[k + 2]!]!;
  }
  return out;
}

/** Bilinear sample of a single-channel plane at (x, y) in pixel-centre coordinates; clamps at the border. */
export function samplePlane(plane: Float32Array, width: number, height: number, x: number, y: number): number {
  const xc = x < 0 ? 0 : x > width - 1 ? width - 1 : x;
  const yc = y < 0 ? 0 : y > height - 1 ? height - 1 : y;
  const x0 = Math.min(width - 2, Math.floor(xc));
  const y0 = Math.min(height - 2, Math.floor(yc));
  const fx = xc - x0;
  const fy = yc - y0;
  const p = y0 * width + x0;
  const a = plane[p]!;
  const b = plane[p + 1]!;
  const c = plane[p + width]!;
  const d = plane[p + width + 1]!;
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/** Bilinear RGB sample (0–255 floats) at (x, y) into `out`; clamps at the border. */
export function sampleRgb(img: RgbImage, x: number, y: number, out: Float32Array | number[]): void {
  const W = img.width;
  const H = img.height;
  const xc = x < 0 ? 0 : x > W - 1 ? W - 1 : x;
  const yc = y < 0 ? 0 : y > H - 1 ? H - 1 : y;
  const x0 = Math.min(W - 2, Math.floor(xc));
  const y0 = Math.min(H - 2, Math.floor(yc));
  const fx = xc - x0;
  const fy = yc - y0;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  const k = (y0 * W + x0) * 3;
  const k2 = k + W * 3;
  const d = img.data;
  for (let c = 0; c < 3; c++) {
    out[c] = d[k + c]! * w00 + d[k + 3 + c]! * w10 + d[k2 + c]! * w01 + d[k2 + 3 + c]! * w11;
  }
}

/** Box-averaged downscale by an integer factor (the last partial row/column is dropped). */
export function downscaleRgb(img: RgbImage, factor: number): RgbImage {
  if (!(Number.isInteger(factor) && factor >= 1)) throw new Error('downscaleRgb: factor must be a positive integer');
  if (factor === 1) return img;
  const W = Math.floor(img.width / factor);
  const H = Math.floor(img.height / factor);
  const out = new Uint8Array(W * H * 3);
  const acc = new Float64Array(W * 3);
  const d = img.data;
  const inv = 1 / (factor * factor);
  for (let j = 0; j < H; j++) {
    acc.fill(0);
    for (let dj = 0; dj < factor; dj++) {
      const row = (j * factor + dj) * img.width * 3;
      for (let i = 0; i < W; i++) {
        let k = row + i * factor * 3;
        for (let di = 0; di < factor; di++, k += 3) {
          acc[i * 3] = acc[i * 3]! + d[k]!;
          acc[i * 3 + 1] = acc[i * 3 + 1]! + d[k + 1]!;
          acc[i * 3 + 2] = acc[i * 3 + 2]! + d[k + 2]!;
        }
      }
    }
    for (let i = 0; i < W * 3; i++) out[j * W * 3 + i] = Math.round(acc[i]! * inv);
  }
  return { data: out, width: W, height: H };
}

/** The median of a numeric array (copies; NaN for an empty one). */
export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return NaN;
  const a = Float64Array.from(values as ArrayLike<number>).sort();
  return n % 2 ? a[(n - 1) / 2]! : 0.5 * (a[n / 2 - 1]! + a[n / 2]!);
}

/** The q-quantile (0..1) of a numeric array (copies; NaN for an empty one). */
export function quantile(values: ArrayLike<number>, q: number): number {
  const n = values.length;
  if (n === 0) return NaN;
  const a = Float64Array.from(values as ArrayLike<number>).sort();
  const pos = Math.min(n - 1, Math.max(0, q * (n - 1)));
  const i = Math.floor(pos);
  const f = pos - i;
  return i + 1 < n ? a[i]! * (1 - f) + a[i + 1]! * f : a[i]!;
}

/** The value of rank `k` (0-based, ascending) among v[0..m) (quickselect; reorders them). */
export function selectRank(v: Float64Array | Float32Array, m: number, k: number): number {
  let lo = 0;
  let hi = m - 1;
  while (hi > lo) {
    const pivot = v[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (v[i]! < pivot) i++;
      while (v[j]! > pivot) j--;
      if (i <= j) {
        const t = v[i]!;
        v[i] = v[j]!;
        v[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return v[k]!;
  }
  return v[k]!;
}
