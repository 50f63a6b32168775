// RGB24 frames as the H.264 decoder gives them to analyze (YUV 4:2:0), for tests and benchmarks of
// code that reads both.
import type { RgbImage } from '../../services/vision/decode/image.ts';
import { yuv420Image, yuvToRgb, type Yuv420Image } from '../../services/vision/decode/yuv-image.ts';

/** RGB24 → YUV 4:2:0 (BT.601, limited range; chroma the mean of each 2 × 2 block). */
export function toYuv(img: RgbImage): Yuv420Image {
  const { width: W, height: H, data } = img;
  const cw = (W + 1) >> 1, ch = (H + 1) >> 1;
  const out = new Uint8Array(W * H + 2 * cw * ch);
  for (let p = 0; p < W * H; p++) {
    const r = data[3 * p]!, g = data[3 * p + 1]!, b = data[3 * p + 2]!;
    out[p] = Math.round(16 + (219 / 255) * (0.299 * r + 0.587 * g + 0.114 * b));
  }
  for (let j = 0; j < ch; j++) {
    for (let i = 0; i < cw; i++) {
      let r = 0, g = 0, b = 0, n = 0;
      for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) {
        const x = Math.min(W - 1, 2 * i + dx), y = Math.min(H - 1, 2 * j + dy), k = 3 * (y * W + x);
        r += data[k]!; g += data[k + 1]!; b += data[k + 2]!; n++;
      }
      r /= n; g /= n; b /= n;
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      out[W * H + j * cw + i] = Math.round(128 + (224 / 255) * ((b - l) / 1.772));
      out[W * H + cw * ch + j * cw + i] = Math.round(128 + (224 / 255) * ((r - l) / 1.402));
    }
  }
  return yuv420Image(out, W, H, yuvToRgb('bt601', false));
}
