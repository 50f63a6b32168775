// Ball crops for the identity classifier: a square centred on a detected ball, of side
// CROP_SCALE × the ball's diameter in pixels, area-resampled to CROP_SIZE × CROP_SIZE RGB.
// The same function cuts the training crops (models/identity/make-dataset.ts) and the crops
// at run time, so the convention cannot drift.
import { readRgb } from '../../capture/still-image.ts';

/** Model input side (pixels). */
export const CROP_SIZE = 32;
/** Crop side / ball diameter: the ball fills 1/1.5 of the crop, with a ring of context. */
export const CROP_SCALE = 1.5;
/** Values per crop in the model input (3 × 32 × 32). */
export const CROP_VALUES = 3 * CROP_SIZE * CROP_SIZE;

/** An RGB24 image (row-major, 3 bytes per pixel). */
export interface RgbImage {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/**
 * Cuts the square of side `side` px centred on (u, v) (OpenCV convention: pixel i's centre is
 * at i) and area-resamples it to `size`² (k×k bilinear samples per output pixel, k from the
 * scale). Outside the image the edge pixels repeat. Returns RGB24 (HWC), `size`·`size`·3 bytes.
 */
export function cropSquare(img: RgbImage, u: number, v: number, side: number, size = CROP_SIZE, out?: Uint8Array): Uint8Array {
  const dst = out ?? new Uint8Array(size * size * 3);
  const step = side / size;
  const k = Math.max(1, Math.min(6, Math.ceil(step)));
  const { rgb, width: W, height: H } = img;
  const x0 = u - side / 2;
  const y0 = v - side / 2;
  const inv = 1 / (k * k);
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0, g = 0, b = 0;
      for (let sj = 0; sj < k; sj++) {
        let y = y0 + (j + (sj + 0.5) / k) * step - 0.5;
        y = y < 0 ? 0 : y > H - 1 ? H - 1 : y;
        const yi = Math.min(H - 2, Math.floor(y));
        const fy = H > 1 ? y - yi : 0;
        for (let si = 0; si < k; si++) {
          let x = x0 + (i + (si + 0.5) / k) * step - 0.5;
          x = x < 0 ? 0 : x > W - 1 ? W - 1 : x;
          const xi = Math.min(W - 2, Math.floor(x));
          const fx = W > 1 ? x - xi : 0;
          const p00 = (Math.max(0, yi) * W + Math.max(0, xi)) * 3;
          const p01 = p00 + (W > 1 ? 3 : 0);
          const p10 = p00 + (H > 1 ? W * 3 : 0);
          const p11 = p10 + (W > 1 ? 3 : 0);
          const w00 = (1 - fx) * (1 - fy), w01 = fx * (1 - fy), w10 = (1 - fx) * fy, w11 = fx * fy;
          r += rgb[p00]! * w00 + rgb[p01]! * w01 + rgb[p10]! * w10 + rgb[p11]! * w11;
          g += rgb[p00 + 1]! * w00 + rgb[p01 + 1]! * w01 + rgb[p10 + 1]! * w10 + rgb[p11 + 1]! * w11;
          b += rgb[p00 + 2]! * w00 + rgb[p01 + 2]! * w01 + rgb[p10 + 2]! * w10 + rgb[p11 + 2]! * w11;
        }
      }
      const o = (j * size + i) * 3;
      dst[o] = Math.round(r * inv);
      dst[o + 1] = Math.round(g * inv);
      dst[o + 2] = Math.round(b * inv);
    }
  }
  return dst;
}

/** The model's crop of a ball of diameter `diameter` px centred on (u, v). */
export function cropBall(img: RgbImage, u: number, v: number, diameter: number, out?: Uint8Array): Uint8Array {
  return cropSquare(img, u, v, CROP_SCALE * diameter, CROP_SIZE, out);
}

/** Packs RGB24 crops (HWC bytes) into the model's input: float32 NCHW in [0, 1]. */
export function cropsToTensor(crops: readonly Uint8Array[]): Float32Array {
  const n = CROP_SIZE * CROP_SIZE;
  const out = new Float32Array(crops.length * 3 * n);
  crops.forEach((c, k) => {
    if (c.length !== 3 * n) throw new Error(`cropsToTensor: crop ${k} has ${c.length} bytes, expected ${3 * n}`);
    const o = k * 3 * n;
    for (let p = 0; p < n; p++) {
      out[o + p] = c[3 * p]! / 255;
      out[o + n + p] = c[3 * p + 1]! / 255;
      out[o + 2 * n + p] = c[3 * p + 2]! / 255;
    }
  });
  return out;
}

/** Reads an image file (PNG, JPEG, …) as an RGB24 image for cropping (sharp). */
export async function readImage(path: string): Promise<RgbImage> {
  const { data, width, height } = await readRgb(path);
  return { rgb: data, width, height };
}

/** The crops at `indices` of a batch (float32 NCHW, CROP_VALUES each), in that order. */
export function selectCrops(batch: Float32Array, indices: readonly number[]): Float32Array {
  const out = new Float32Array(indices.length * CROP_VALUES);
  indices.forEach((k, j) => out.set(batch.subarray(k * CROP_VALUES, (k + 1) * CROP_VALUES), j * CROP_VALUES));
  return out;
}
