// Frames as the H.264 decoder gives them: YUV 4:2:0 planar (ffmpeg's yuv420p), half the bytes
// of RGB24 and no colour conversion in ffmpeg. Analyzing a 1080p60 video, the RGB conversion
// and the 6 MB a frame through the pipe cost more CPU than the decoding itself (ffmpeg 4.7 ms
// a frame for RGB24, ~2 for yuv420p; Node's read halves too). Vision reads RGB only where it
// samples (the rectified grid, the rays of the fits, the crops, a few sparse checks), so it
// converts those samples itself, as ffmpeg would: chroma repeated over each 2×2 block (the
// unscaled yuv420p → rgb24 path of swscale), the stream's matrix (BT.601 unless it says BT.709)
// and range (limited unless full).
import { checkRgbImage, type RgbImage } from './image.ts';

export type ColourMatrix = 'bt601' | 'bt709';

/** Y'CbCr → R'G'B' (bytes): R = ky(Y − y0) + rv·V', G = ky(Y − y0) − gu·U' − gv·V', B = ky(Y − y0) + bu·U' (U', V' = U, V − 128). */
export interface YuvToRgb {
  readonly matrix: ColourMatrix;
  readonly fullRange: boolean;
  readonly y0: number;
  readonly ky: number;
  readonly rv: number;
  readonly gu: number;
  readonly gv: number;
  readonly bu: number;
}

export function yuvToRgb(matrix: ColourMatrix, fullRange: boolean): YuvToRgb {
  const [kr, kb] = matrix === 'bt709' ? [0.2126, 0.0722] : [0.299, 0.114];
  const kg = 1 - kr - kb;
  // Limited range: Y in 16–235, U and V in 16–240.
  const ky = fullRange ? 1 : 255 / 219;
  const kc = fullRange ? 1 : 255 / 224;
  return {
    matrix, fullRange, y0: fullRange ? 0 : 16, ky,
    rv: 2 * (1 - kr) * kc, gu: (2 * (1 - kb) * kb * kc) / kg, gv: (2 * (1 - kr) * kr * kc) / kg, bu: 2 * (1 - kb) * kc,
  };
}

/** A YUV 4:2:0 planar frame: Y at full size, U and V at half size (rounded up) in both directions. */
export interface Yuv420Image {
  readonly format: 'yuv420p';
  readonly y: Uint8Array;
  readonly u: Uint8Array;
  readonly v: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly colour: YuvToRgb;
}

/** What the vision pipeline takes: RGB24 (stills, the renderer) or YUV 4:2:0 (decoded video). */
export type VideoImage = RgbImage | Yuv420Image;

export const isYuv = (img: VideoImage): img is Yuv420Image => 'format' in img && img.format === 'yuv420p';

/** An RGB24 image, or a YUV 4:2:0 one whose planes fit its size. */
export function checkVideoImage(img: VideoImage, who: string): void {
  if (!isYuv(img)) return checkRgbImage(img, who);
  const n = img.y.length + img.u.length + img.v.length;
  if (n !== yuv420Bytes(img.width, img.height)) throw new Error(`${who}: YUV image has ${n} bytes, expected ${yuv420Bytes(img.width, img.height)}`);
}

/** Bytes of a yuv420p frame. */
export const yuv420Bytes = (width: number, height: number): number => width * height + 2 * ((width + 1) >> 1) * ((height + 1) >> 1);

/** The planes of a yuv420p frame held in `data` (views, not copies). */
export function yuv420Image(data: Uint8Array, width: number, height: number, colour: YuvToRgb): Yuv420Image {
  const n = width * height;
  const c = ((width + 1) >> 1) * ((height + 1) >> 1);
  if (data.length !== n + 2 * c) throw new Error(`yuv420Image: ${data.length} bytes, expected ${n + 2 * c} for ${width}×${height}`);
  return { format: 'yuv420p', y: data.subarray(0, n), u: data.subarray(n, n + c), v: data.subarray(n + c, n + 2 * c), width, height, colour };
}

const clamp255 = (x: number): number => (x < 0 ? 0 : x > 255 ? 255 : x);

/**
 * RGB (0–255 floats) at (x, y), bilinear in pixel-centre coordinates, clamped at the border: Y
 * is interpolated, and U and V with the same weights from each of the four pixels' chroma.
 */
export function sampleYuv(img: Yuv420Image, x: number, y: number, out: Float32Array | number[]): void {
  const W = img.width;
  const H = img.height;
  const xc = x < 0 ? 0 : x > W - 1 ? W - 1 : x;
  const yc = y < 0 ? 0 : y > H - 1 ? H - 1 : y;
  const x0 = Math.max(0, Math.min(W - 2, Math.floor(xc)));
  const y0 = Math.max(0, Math.min(H - 2, Math.floor(yc)));
  const fx = xc - x0;
  const fy = yc - y0;
  yuvBilinear(img, x0, y0, fx, fy, out);
}

/** The bilinear RGB of the 2×2 pixels from (x0, y0) with weights fx, fy (x0 ≤ W − 2, y0 ≤ H − 2). */
export function yuvBilinear(img: Yuv420Image, x0: number, y0: number, fx: number, fy: number, out: Float32Array | number[]): void {
  const W = img.width;
  const cw = (W + 1) >> 1;
  const p = y0 * W + x0;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  const Y = img.y;
  const yy = Y[p]! * w00 + Y[p + 1]! * w10 + Y[p + W]! * w01 + Y[p + W + 1]! * w11;
  const ca = (y0 >> 1) * cw;
  const cb = ((y0 + 1) >> 1) * cw;
  const xa = x0 >> 1;
  const xb = (x0 + 1) >> 1;
  const U = img.u;
  const V = img.v;
  const uu = U[ca + xa]! * w00 + U[ca + xb]! * w10 + U[cb + xa]! * w01 + U[cb + xb]! * w11 - 128;
  const vv = V[ca + xa]! * w00 + V[ca + xb]! * w10 + V[cb + xa]! * w01 + V[cb + xb]! * w11 - 128;
  const c = img.colour;
  const l = c.ky * (yy - c.y0);
  out[0] = clamp255(l + c.rv * vv);
  out[1] = clamp255(l - c.gu * uu - c.gv * vv);
  out[2] = clamp255(l + c.bu * uu);
}

/** RGB bytes of pixel (x, y) into `out` at `at`. */
export function yuvPixel(img: Yuv420Image, x: number, y: number, out: Uint8Array, at: number): void {
  const ci = (y >> 1) * ((img.width + 1) >> 1) + (x >> 1);
  const c = img.colour;
  const l = c.ky * (img.y[y * img.width + x]! - c.y0);
  const uu = img.u[ci]! - 128;
  const vv = img.v[ci]! - 128;
  // Uint8Array stores truncate: + 0.5 rounds.
  out[at] = clamp255(l + c.rv * vv) + 0.5;
  out[at + 1] = clamp255(l - c.gu * uu - c.gv * vv) + 0.5;
  out[at + 2] = clamp255(l + c.bu * uu) + 0.5;
}

/**
 * Change between two pixels' (Y, U, V) bytes as the largest |ΔR|, |ΔG|, |ΔB| it makes (the
 * conversion is linear but for clamping): a change test in RGB terms without converting.
 */
export function yuvChange(c: YuvToRgb, dy: number, du: number, dv: number): number {
  const l = c.ky * dy;
  const r = l + c.rv * dv;
  const g = l - c.gu * du - c.gv * dv;
  const b = l + c.bu * du;
  return Math.max(r < 0 ? -r : r, g < 0 ? -g : g, b < 0 ? -b : b);
}

/**
 * Whether the (Y, U, V) difference changes some RGB channel by more than `limit`: yuvChange(…) >
 * limit without the maximum's builtin call, for loops over every sample of a bed or a patch.
 */
export function yuvChangeOver(c: YuvToRgb, dy: number, du: number, dv: number, limit: number): boolean {
  const l = c.ky * dy;
  const r = l + c.rv * dv;
  const g = l - c.gu * du - c.gv * dv;
  const b = l + c.bu * du;
  return (r < 0 ? -r : r) > limit || (g < 0 ? -g : g) > limit || (b < 0 ? -b : b) > limit;
}

/**
 * How the pixel triplets of a frame (pixelTriplets) compare: RGB bytes as they are, or a YUV
 * frame's Y, U, V through its conversion. Change tests (key-frame patches, bed changes) keep
 * triplets in the frame's own terms and never convert.
 */
export type TripletTerms = YuvToRgb | 'rgb';

export const tripletTerms = (img: VideoImage): TripletTerms => (isYuv(img) ? img.colour : 'rgb');

/** The largest change in an RGB channel that the difference (d0, d1, d2) of two triplets makes. */
export function tripletChange(terms: TripletTerms, d0: number, d1: number, d2: number): number {
  if (terms !== 'rgb') return yuvChange(terms, d0, d1, d2);
  return Math.max(d0 < 0 ? -d0 : d0, d1 < 0 ? -d1 : d1, d2 < 0 ? -d2 : d2);
}

/**
 * Each pixel's triplet of the rectangle [x0, x0 + w) × [y0, y0 + h) (inside the image) into
 * `out`, in the frame's own terms: its RGB bytes, or its Y, U, V bytes.
 */
export function pixelTriplets(img: VideoImage, x0: number, y0: number, w: number, h: number, out: Uint8Array): void {
  if (!isYuv(img)) {
    for (let j = 0; j < h; j++) {
      const src = ((y0 + j) * img.width + x0) * 3;
      out.set(img.data.subarray(src, src + w * 3), j * w * 3);
    }
    return;
  }
  const W = img.width;
  const cw = (W + 1) >> 1;
  for (let j = 0, o = 0; j < h; j++) {
    const row = (y0 + j) * W;
    const crow = ((y0 + j) >> 1) * cw;
    for (let i = 0; i < w; i++, o += 3) {
      const x = x0 + i;
      out[o] = img.y[row + x]!;
      out[o + 1] = img.u[crow + (x >> 1)]!;
      out[o + 2] = img.v[crow + (x >> 1)]!;
    }
  }
}

/**
 * The RGB24 pixels of the rectangle [x0, x0 + w) × [y0, y0 + h) (clipped to the image): a view
 * of the rows' bytes is not possible, so this copies, or converts a YUV frame. For the small
 * patches vision reads pixel by pixel (crops, key-frame patches, mean colours).
 */
export function rgbPatch(img: VideoImage, x0: number, y0: number, w: number, h: number): { image: RgbImage; x0: number; y0: number } {
  const xa = Math.max(0, Math.floor(x0));
  const ya = Math.max(0, Math.floor(y0));
  const xb = Math.min(img.width, Math.floor(x0) + w);
  const yb = Math.min(img.height, Math.floor(y0) + h);
  const pw = Math.max(0, xb - xa);
  const ph = Math.max(0, yb - ya);
  const data = new Uint8Array(pw * ph * 3);
  if (isYuv(img)) {
    for (let j = 0, o = 0; j < ph; j++) for (let i = 0; i < pw; i++, o += 3) yuvPixel(img, xa + i, ya + j, data, o);
  } else pixelTriplets(img, xa, ya, pw, ph, data);
  return { image: { data, width: pw, height: ph }, x0: xa, y0: ya };
}

/** The whole frame as RGB24 (a YUV frame converted: ~9 ms at 1080p; for once-a-run uses). */
export function toRgbImage(img: VideoImage): RgbImage {
  return isYuv(img) ? rgbPatch(img, 0, 0, img.width, img.height).image : img;
}
