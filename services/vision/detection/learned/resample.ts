// The network's input: a region of the frame scaled by a factor (a tent filter as wide as a
// source pixel or an output pixel, whichever is larger: antialiased going down, bilinear going
// up), as float32 NCHW RGB in [0, 1], padded with zeros to a multiple of the network's stride.
// Separable, on planes: RGB24 as three interleaved planes; YUV 4:2:0 as Y at full size and U, V
// at half size, converted to RGB after scaling (fewer samples than converting first).
// Hand-written: sharp resizes only whole RGB images (a YUV frame would need converting first)
// and is asynchronous; this is one pass over the region's rows.
import type { VideoImage } from '../../decode/yuv-image.ts';
import { isYuv } from '../../decode/yuv-image.ts';

/** A box of image pixels: columns x0 ≤ x < x1, rows y0 ≤ y < y1. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface InputTensor {
  /** 3 × height × width, RGB planes, 0–1. */
  data: Float32Array;
  width: number;
  height: number;
  /** The scaled region's size within the padded input. */
  validWidth: number;
  validHeight: number;
  /** Output px per source px along each axis (the size is rounded, so nearly `scale`). */
  scaleX: number;
  scaleY: number;
}

interface Taps {
  first: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  max: number;
}

/** For each output index k: source taps around a + b·k (source pixel-centre coordinates), tent of half-width hw. */
function axisTaps(n: number, a: number, b: number, hw: number, size: number): Taps {
  const max = Math.ceil(2 * hw) + 2;
  const first = new Int32Array(n), count = new Int32Array(n), weights = new Float32Array(n * max);
  for (let k = 0; k < n; k++) {
    const c = a + b * k;
    const lo = Math.max(0, Math.ceil(c - hw)), hi = Math.min(size - 1, Math.floor(c + hw));
    let sum = 0, m = 0;
    if (hi < lo) {
      // Outside the image: the nearest pixel.
      first[k] = Math.max(0, Math.min(size - 1, Math.round(c)));
      count[k] = 1;
      weights[k * max] = 1;
      continue;
    }
    for (let s = lo; s <= hi && m < max; s++, m++) {
      const w = Math.max(0, 1 - Math.abs(s - c) / hw);
      weights[k * max + m] = w;
      sum += w;
    }
    if (sum <= 0) {
      first[k] = Math.max(0, Math.min(size - 1, Math.round(c)));
      count[k] = 1;
      weights[k * max] = 1;
      continue;
    }
    for (let q = 0; q < m; q++) weights[k * max + q]! /= sum;
    first[k] = lo;
    count[k] = m;
  }
  return { first, count, weights, max };
}

/**
 * Scales one plane (bytes at data[offset + y·rowStride + x·pixelStride], size w × h) into `out`
 * (outW × outH floats, row stride outStride) with the given taps.
 */
function scalePlane(data: Uint8Array, offset: number, pixelStride: number, rowStride: number, tx: Taps, ty: Taps, outW: number, outH: number, out: Float32Array, outOffset: number, outStride: number): void {
  const cmin = tx.first[0]!;
  let cmax = cmin;
  for (let k = 0; k < outW; k++) cmax = Math.max(cmax, tx.first[k]! + tx.count[k]! - 1);
  const span = cmax - cmin + 1;
  const row = new Float32Array(span);
  for (let j = 0; j < outH; j++) {
    row.fill(0);
    const f = ty.first[j]!, nc = ty.count[j]!;
    for (let q = 0; q < nc; q++) {
      const w = ty.weights[j * ty.max + q]!;
      let p = offset + (f + q) * rowStride + cmin * pixelStride;
      for (let x = 0; x < span; x++, p += pixelStride) row[x]! += w * data[p]!;
    }
    const o = outOffset + j * outStride;
    for (let k = 0; k < outW; k++) {
      const fx = tx.first[k]! - cmin, n = tx.count[k]!, base = k * tx.max;
      let s = 0;
      for (let q = 0; q < n; q++) s += tx.weights[base + q]! * row[fx + q]!;
      out[o + k] = s;
    }
  }
}

/** The region scaled by `scale` into the network's input tensor (padded to a multiple of `multiple`). */
export function resampleToTensor(img: VideoImage, region: PixelBox, scale: number, multiple: number): InputTensor {
  const rw = region.x1 - region.x0, rh = region.y1 - region.y0;
  if (!(rw > 0 && rh > 0 && scale > 0)) throw new Error(`resampleToTensor: empty region or scale ${scale}`);
  const vw = Math.max(1, Math.round(rw * scale)), vh = Math.max(1, Math.round(rh * scale));
  const width = Math.ceil(vw / multiple) * multiple, height = Math.ceil(vh / multiple) * multiple;
  const sx = vw / rw, sy = vh / rh;
  const data = new Float32Array(3 * width * height);
  const plane = width * height;
  // Output pixel k's centre in source pixels: x0 + (k + 0.5) / s − 0.5.
  if (!isYuv(img)) {
    const tx = axisTaps(vw, region.x0 + 0.5 / sx - 0.5, 1 / sx, Math.max(1, 1 / sx), img.width);
    const ty = axisTaps(vh, region.y0 + 0.5 / sy - 0.5, 1 / sy, Math.max(1, 1 / sy), img.height);
    for (let c = 0; c < 3; c++) scalePlane(img.data, c, 3, 3 * img.width, tx, ty, vw, vh, data, c * plane, width);
    for (let p = 0; p < 3 * plane; p++) data[p]! *= 1 / 255;
  } else {
    const tx = axisTaps(vw, region.x0 + 0.5 / sx - 0.5, 1 / sx, Math.max(1, 1 / sx), img.width);
    const ty = axisTaps(vh, region.y0 + 0.5 / sy - 0.5, 1 / sy, Math.max(1, 1 / sy), img.height);
    const cw = (img.width + 1) >> 1, ch = (img.height + 1) >> 1;
    // Chroma sample i sits at luma 2i + 0.5.
    const cx = axisTaps(vw, (region.x0 + 0.5 / sx - 0.5 - 0.5) / 2, 1 / (2 * sx), Math.max(1, 1 / (2 * sx)), cw);
    const cy = axisTaps(vh, (region.y0 + 0.5 / sy - 0.5 - 0.5) / 2, 1 / (2 * sy), Math.max(1, 1 / (2 * sy)), ch);
    const Y = new Float32Array(vw * vh), U = new Float32Array(vw * vh), V = new Float32Array(vw * vh);
    scalePlane(img.y, 0, 1, img.width, tx, ty, vw, vh, Y, 0, vw);
    scalePlane(img.u, 0, 1, cw, cx, cy, vw, vh, U, 0, vw);
    scalePlane(img.v, 0, 1, cw, cx, cy, vw, vh, V, 0, vw);
    const c = img.colour;
    const clamp = (x: number): number => (x < 0 ? 0 : x > 255 ? 255 : x) / 255;
    for (let j = 0; j < vh; j++) {
      for (let i = 0; i < vw; i++) {
        const q = j * vw + i, o = j * width + i;
        const l = c.ky * (Y[q]! - c.y0), uu = U[q]! - 128, vv = V[q]! - 128;
        data[o] = clamp(l + c.rv * vv);
        data[plane + o] = clamp(l - c.gu * uu - c.gv * vv);
        data[2 * plane + o] = clamp(l + c.bu * uu);
      }
    }
  }
  return { data, width, height, validWidth: vw, validHeight: vh, scaleX: sx, scaleY: sy };
}
