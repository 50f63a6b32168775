// The frame being drawn: the static layer plus sensor noise, and the pixel operations every
// dynamic element uses (coverage blending in sRGB with the same noise, shadow darkening,
// occlusion stamping).
import { LIN2SRGB, SHADE_GAMMA } from './palette.ts';
import { hash32, Rng } from './prng.ts';

export class FrameBuffer {
  /** The frame, sRGB bytes (clamped writes). */
  readonly fb: Uint8ClampedArray;
  /** Per-pixel occluder stamp: equal to `stampId` where the cue or the player covers the pixel. */
  readonly stamp: Uint32Array;
  stampId = 0;
  /** Offset into the noise texture for this frame (a multiple of 12). */
  noff = 0;
  /** Noise texture, biased by `lim` (so 0..2·lim). */
  private readonly noise: Uint8Array;
  private readonly lim: number;
  /** The static layer clamped to [lim, 255 - lim] minus lim: adding biased noise never carries. */
  private readonly bgm: Uint8Array;
  private readonly span: number;

  constructor(
    readonly W: number,
    readonly H: number,
    readonly bg: Uint8Array,
    readonly vig: Float32Array,
    readonly rays: Float32Array,
    /** Bed point (table x, y at z = 0) of every pixel, interleaved. */
    readonly bed: Float32Array,
    readonly tint: readonly [number, number, number],
    sigma: number,
    seed: number,
  ) {
    const n = W * H * 3;
    this.fb = new Uint8ClampedArray(n);
    this.stamp = new Uint32Array(W * H);
    this.span = Math.max(1, Math.min(Math.floor((W * H) / 4), 1 << 19));
    const lim = Math.max(1, Math.min(60, Math.ceil(4 * sigma)));
    this.lim = lim;
    this.noise = new Uint8Array(n + this.span * 12);
    this.bgm = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const v = bg[i]!;
      this.bgm[i] = (v < lim ? lim : v > 255 - lim ? 255 - lim : v) - lim;
    }
    const rng = new Rng(seed ^ 0x6e015e);
    const gauss = new Float32Array(4096);
    for (let i = 0; i < gauss.length; i++) gauss[i] = rng.gauss() * sigma;
    const nz = this.noise;
    const mix = hash32(seed, 0x5eed);
    const q = (v: number): number => {
      const r = Math.round(v);
      return (r < -lim ? -lim : r > lim ? lim : r) + lim;
    };
    // Mostly luminance noise with a little chroma, as after a camera's demosaic and denoise.
    for (let i = 0, k = 0; i < nz.length; i += 3, k++) {
      let h = Math.imul(k ^ mix, 0x9e3779b1);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      const l = gauss[h & 4095]!;
      const c = h >>> 12;
      nz[i] = q(l + gauss[c & 4095]! * 0.45);
      nz[i + 1] = q(l + gauss[(c >>> 4) & 4095]! * 0.3);
      nz[i + 2] = q(l + gauss[(c >>> 8) & 4095]! * 0.55);
    }
  }

  /** Starts a frame: static layer plus this frame's noise; a new occlusion stamp. */
  begin(seed: number, frame: number): void {
    this.noff = (hash32(seed, frame) % this.span) * 12;
    this.stampId = (this.stampId + 1) >>> 0 || 1;
    const n = this.fb.length;
    const n4 = n >>> 2;
    // Four bytes at a time: no byte can carry (see bgm), so a 32-bit add is a per-byte add.
    const out = new Uint32Array(this.fb.buffer, this.fb.byteOffset, n4);
    const a = new Uint32Array(this.bgm.buffer, this.bgm.byteOffset, n4);
    const b = new Uint32Array(this.noise.buffer, this.noise.byteOffset + this.noff, n4);
    for (let i = 0; i < n4; i++) out[i] = a[i]! + b[i]!;
    const fb = this.fb;
    for (let i = n4 * 4; i < n; i++) fb[i] = this.bgm[i]! + this.noise[i + this.noff]!;
  }

  /** Blends linear colour (r, g, b) over pixel p (index) with coverage c (0..1). */
  put(p: number, r: number, g: number, b: number, c: number): void {
    const v = this.vig[p]! * 4095;
    const t = this.tint;
    const i = p * 3;
    const fb = this.fb;
    const nz = this.noise;
    const o = this.noff + i;
    const l = this.lim;
    const sr = LIN2SRGB[Math.min(4095, (r * t[0] * v + 0.5) | 0)]! + nz[o]! - l;
    const sg = LIN2SRGB[Math.min(4095, (g * t[1] * v + 0.5) | 0)]! + nz[o + 1]! - l;
    const sb = LIN2SRGB[Math.min(4095, (b * t[2] * v + 0.5) | 0)]! + nz[o + 2]! - l;
    const f0 = fb[i]!;
    const f1 = fb[i + 1]!;
    const f2 = fb[i + 2]!;
    fb[i] = f0 + (sr - f0) * c;
    fb[i + 1] = f1 + (sg - f1) * c;
    fb[i + 2] = f2 + (sb - f2) * c;
  }

  /** Multiplies the light reaching pixel p by f (linear, 0..1). */
  darken(p: number, f: number): void {
    const k = SHADE_GAMMA[f <= 0 ? 0 : f >= 1 ? 255 : (f * 255 + 0.5) | 0]!;
    const i = p * 3;
    const fb = this.fb;
    fb[i] = fb[i]! * k;
    fb[i + 1] = fb[i + 1]! * k;
    fb[i + 2] = fb[i + 2]! * k;
  }
}
