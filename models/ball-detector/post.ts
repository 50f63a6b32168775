// The camera after the renderer: what a real camera and its encoder do to a frame that the
// renderer does not (its lamps, noise and vignetting are kept). Per image, seeded: light from one
// hot spot to flat and worn, patchy cloth (low-frequency multiplicative fields), exposure from
// dark to blown (gain, gamma, clipping), colour temperature and tint, saturation, extra sensor
// noise, focus / motion softness (a gaussian blur), JPEG compression with 4:2:0 chroma (as
// H.264 video), then the scaling to the detector's working size. Everything but the blur, the
// JPEG and the resampling (sharp) is plain TypeScript on the RGB24 buffer.
import sharp from 'sharp';
import { Rng } from '../../services/sim/render/prng.ts';

export interface PostParams {
  /** Exposure gain (linear in sRGB levels) and gamma (> 1 darker mid-tones). */
  gain: number;
  gamma: number;
  /** Per-channel white balance (colour temperature and tint). */
  wb: [number, number, number];
  saturation: number;
  /** A hot spot: centre (fractions of the image), radius (fraction of the width), strength (0 = flat). */
  hotspot: { x: number; y: number; radius: number; strength: number };
  /** Patchy light / worn cloth: a coarse grid of multiplicative factors, bilinear between cells. */
  patches: { cols: number; rows: number; amp: number; seed: number };
  /** Extra gaussian noise (levels). */
  noise: number;
  /** Gaussian blur sigma (px at the rendered size); 0: none. */
  blur: number;
  /** JPEG quality; 0: no compression. */
  jpeg: number;
}

export function randomPost(rng: Rng): PostParams {
  const dark = rng.next();
  // Exposure: 20 % dark, 15 % bright to blown, the rest near right.
  const gain = dark < 0.2 ? rng.range(0.45, 0.8) : dark < 0.35 ? rng.range(1.2, 1.9) : rng.range(0.85, 1.2);
  const temp = rng.range(-0.18, 0.18), tint = rng.range(-0.06, 0.06);
  const flat = rng.next() < 0.35;
  return {
    gain,
    gamma: Math.exp(rng.range(-0.25, 0.25)),
    wb: [1 + temp, 1 + tint, 1 - temp],
    saturation: rng.range(0.6, 1.3),
    hotspot: { x: rng.range(0.2, 0.8), y: rng.range(0.2, 0.8), radius: rng.range(0.15, 0.6), strength: flat ? 0 : rng.range(0, 0.9) },
    patches: { cols: 3 + rng.int(8), rows: 2 + rng.int(6), amp: rng.next() < 0.5 ? rng.range(0, 0.15) : 0, seed: rng.int(1 << 30) },
    noise: rng.next() < 0.5 ? rng.range(0, 5) : 0,
    blur: rng.next() < 0.5 ? rng.range(0.3, 1.6) : 0,
    jpeg: rng.next() < 0.85 ? Math.round(rng.range(25, 92)) : 0,
  };
}

/** Applies the photometric part in place (RGB24). */
export function applyPhotometric(rgb: Uint8Array, width: number, height: number, p: PostParams): void {
  const pr = new Rng(p.patches.seed);
  const grid = new Float32Array((p.patches.cols + 1) * (p.patches.rows + 1));
  for (let k = 0; k < grid.length; k++) grid[k] = 1 + p.patches.amp * (2 * pr.next() - 1);
  const hs = p.hotspot;
  const hr2 = 2 * (hs.radius * width) ** 2;
  // Normalise the hot spot so the image's mean light stays about the same.
  const hotMean = hs.strength * Math.min(1, (Math.PI * hr2) / 2 / (width * height));
  const lut = new Float32Array(256);
  for (let i = 0; i < 256; i++) lut[i] = Math.pow(i / 255, p.gamma) * 255;
  const noise = new Rng(p.patches.seed ^ 0x77);
  for (let y = 0; y < height; y++) {
    const gy = (y / (height - 1)) * p.patches.rows;
    const j0 = Math.min(p.patches.rows - 1, Math.floor(gy)), fy = gy - j0;
    for (let x = 0; x < width; x++) {
      const gx = (x / (width - 1)) * p.patches.cols;
      const i0 = Math.min(p.patches.cols - 1, Math.floor(gx)), fx = gx - i0;
      const w = p.patches.cols + 1;
      const patch = (grid[j0 * w + i0]! * (1 - fx) + grid[j0 * w + i0 + 1]! * fx) * (1 - fy) + (grid[(j0 + 1) * w + i0]! * (1 - fx) + grid[(j0 + 1) * w + i0 + 1]! * fx) * fy;
      const dx = x - hs.x * width, dy = y - hs.y * height;
      const light = (1 + hs.strength * Math.exp(-(dx * dx + dy * dy) / hr2)) / (1 + hotMean) * patch * p.gain;
      const k = 3 * (y * width + x);
      const r = lut[rgb[k]!]! * light * p.wb[0], g = lut[rgb[k + 1]!]! * light * p.wb[1], b = lut[rgb[k + 2]!]! * light * p.wb[2];
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      const n = p.noise ? p.noise * noise.gauss() : 0;
      const out = [l + (r - l) * p.saturation + n, l + (g - l) * p.saturation + n, l + (b - l) * p.saturation + n];
      for (let c = 0; c < 3; c++) {
        const v = out[c]!;
        rgb[k + c] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
      }
    }
  }
}

/**
 * The whole camera: photometric changes, blur and JPEG at the rendered size, then scaled by
 * `scale` (area-like resampling). Returns the new RGB24 image.
 */
export async function postProcess(rgb: Uint8Array, width: number, height: number, p: PostParams, scale: number): Promise<{ data: Uint8Array; width: number; height: number }> {
  const buf = Uint8Array.from(rgb);
  applyPhotometric(buf, width, height, p);
  let img = sharp(buf, { raw: { width, height, channels: 3 } });
  if (p.blur >= 0.3) img = img.blur(p.blur);
  let raw: Buffer;
  if (p.jpeg > 0) {
    const jpg = await img.jpeg({ quality: p.jpeg, chromaSubsampling: '4:2:0' }).toBuffer();
    img = sharp(jpg);
  }
  const w = Math.max(16, Math.round(width * scale)), h = Math.max(16, Math.round(height * scale));
  raw = await img.resize(w, h, { fit: 'fill', kernel: scale < 1 ? 'lanczos3' : 'cubic' }).removeAlpha().raw().toBuffer();
  return { data: new Uint8Array(raw.buffer, raw.byteOffset, raw.length), width: w, height: h };
}
