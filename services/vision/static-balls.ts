// Balls at rest need no new detection while the image around them does not change: each
// resting ball's image patch (the ball and a margin, RGB) is kept from the frame of its last
// real detection (the key frame), and later frames compare the same pixels. When almost no
// pixel moved by more than sensor and compression noise, the key frame's detection stands
// (the ball has not moved by a pixel, nothing came over it); any cue, hand, shadow or roll
// changes many pixels along the ball's outline and sends it back to the detector.
import type { RgbImage } from './image.ts';

export interface StaticOptions {
  /** Margin around the ball's radius (px) of the compared patch. Default 4. */
  margin: number;
  /** A pixel changed: some channel differs by more than this (0–255). Default 28. */
  pixelDelta: number;
  /** The patch changed: more than this share of its pixels changed. Default 0.006. */
  changedShare: number;
}

export const DEFAULT_STATIC: StaticOptions = { margin: 4, pixelDelta: 28, changedShare: 0.006 };

interface KeyPatch<D> {
  x0: number;
  y0: number;
  w: number;
  h: number;
  rgb: Uint8Array;
  detection: D;
}

/** Key-frame patches of resting balls, keyed by track id. */
export class StaticBalls<D extends { u: number; v: number; r: number }> {
  private readonly keys = new Map<number, KeyPatch<D>>();
  private readonly o: StaticOptions;

  constructor(o: Partial<StaticOptions> = {}) {
    this.o = { ...DEFAULT_STATIC, ...o };
    if (!(this.o.margin >= 0 && this.o.pixelDelta > 0 && this.o.changedShare >= 0)) throw new Error('StaticBalls: bad options');
  }

  /** Keeps the patch of a resting ball's real detection in this frame as its key frame. */
  remember(track: number, img: RgbImage, d: D): void {
    const half = Math.ceil(d.r + this.o.margin);
    const x0 = Math.max(0, Math.round(d.u) - half);
    const y0 = Math.max(0, Math.round(d.v) - half);
    const w = Math.min(img.width, Math.round(d.u) + half + 1) - x0;
    const h = Math.min(img.height, Math.round(d.v) + half + 1) - y0;
    if (w <= 0 || h <= 0) return;
    const rgb = new Uint8Array(w * h * 3);
    for (let j = 0; j < h; j++) {
      const src = ((y0 + j) * img.width + x0) * 3;
      rgb.set(img.data.subarray(src, src + w * 3), j * w * 3);
    }
    this.keys.set(track, { x0, y0, w, h, rgb, detection: d });
  }

  /** The key frame's detection when the ball's patch has not changed since, else null. */
  unchanged(track: number, img: RgbImage): D | null {
    const k = this.keys.get(track);
    if (!k) return null;
    const limit = Math.floor(this.o.changedShare * k.w * k.h);
    const t = this.o.pixelDelta;
    const d = img.data;
    let changed = 0;
    for (let j = 0; j < k.h; j++) {
      let p = ((k.y0 + j) * img.width + k.x0) * 3;
      let q = j * k.w * 3;
      for (let i = 0; i < k.w; i++, p += 3, q += 3) {
        const dr = d[p]! - k.rgb[q]!, dg = d[p + 1]! - k.rgb[q + 1]!, db = d[p + 2]! - k.rgb[q + 2]!;
        if (dr > t || dr < -t || dg > t || dg < -t || db > t || db < -t) {
          if (++changed > limit) return null;
        }
      }
    }
    return k.detection;
  }

  forget(track: number): void {
    this.keys.delete(track);
  }

  /** Drops the patches of tracks no longer alive. */
  keepOnly(alive: ReadonlySet<number>): void {
    for (const id of this.keys.keys()) if (!alive.has(id)) this.keys.delete(id);
  }
}
