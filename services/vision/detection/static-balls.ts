// Balls at rest need no new detection while the image around them does not change: each
// resting ball's image patch (the ball and a margin, RGB or Y, U, V as the frame has them) is kept from the frame of its last
// real detection (the key frame), and later frames compare the same pixels. When almost no
// pixel moved by more than sensor and compression noise, the key frame's detection stands
// (the ball has not moved by a pixel, nothing came over it); any cue, hand, shadow or roll
// changes many pixels along the ball's outline and sends it back to the detector.
import { isYuv, pixelTriplets, tripletChange, tripletTerms, yuvChangeOver, type VideoImage, type Yuv420Image } from '../decode/yuv-image.ts';

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
  /** Each pixel's triplet in the frame's own terms (yuv-image.ts): RGB, or from a YUV frame Y, U, V. */
  triplets: Uint8Array;
  yuv: boolean;
  detection: D;
}

/** Key-frame patches of resting balls, keyed by track id. */
export class StaticBalls<D extends { u: number; v: number; r: number }> {
  private readonly keys = new Map<number, KeyPatch<D>>();
  private readonly o: StaticOptions;
  private scratch = new Uint8Array(0);

  constructor(o: Partial<StaticOptions> = {}) {
    this.o = { ...DEFAULT_STATIC, ...o };
    if (!(this.o.margin >= 0 && this.o.pixelDelta > 0 && this.o.changedShare >= 0)) throw new Error('StaticBalls: bad options');
  }

  /** Keeps the patch of a resting ball's real detection in this frame as its key frame. */
  remember(track: number, img: VideoImage, d: D): void {
    const half = Math.ceil(d.r + this.o.margin);
    const x0 = Math.max(0, Math.round(d.u) - half);
    const y0 = Math.max(0, Math.round(d.v) - half);
    const w = Math.min(img.width, Math.round(d.u) + half + 1) - x0;
    const h = Math.min(img.height, Math.round(d.v) + half + 1) - y0;
    if (w <= 0 || h <= 0) return;
    const triplets = new Uint8Array(w * h * 3);
    pixelTriplets(img, x0, y0, w, h, triplets);
    this.keys.set(track, { x0, y0, w, h, triplets, yuv: isYuv(img), detection: d });
  }

  /** The key frame's detection when the ball's patch has not changed since, else null. */
  unchanged(track: number, frame: VideoImage): D | null {
    const k = this.keys.get(track);
    if (!k) return null;
    const limit = Math.floor(this.o.changedShare * k.w * k.h);
    const t = this.o.pixelDelta;
    if (isYuv(frame) !== k.yuv) return null;
    if (isYuv(frame)) return this.unchangedYuv(k, frame, limit) ? k.detection : null;
    // The same pixels now, compared as the change they make in RGB (yuv-image.ts).
    const was = k.triplets;
    const now = (this.scratch = this.scratch.length >= was.length ? this.scratch : new Uint8Array(was.length));
    pixelTriplets(frame, k.x0, k.y0, k.w, k.h, now);
    const terms = tripletTerms(frame);
    let changed = 0;
    for (let q = 0; q < was.length; q += 3) {
      if (tripletChange(terms, now[q]! - was[q]!, now[q + 1]! - was[q + 1]!, now[q + 2]! - was[q + 2]!) > t && ++changed > limit) return null;
    }
    return k.detection;
  }

  /**
   * `unchanged` on a YUV frame, read in place: pixelTriplets written out and the YUV test without
   * tripletChange's dispatch (a patch of every resting ball, every frame).
   */
  private unchangedYuv(k: KeyPatch<D>, frame: Yuv420Image, limit: number): boolean {
    const t = this.o.pixelDelta;
    const c = frame.colour;
    const { y: Y, u: U, v: V, width: W } = frame;
    const cw = (W + 1) >> 1;
    const was = k.triplets;
    let changed = 0;
    for (let j = 0, q = 0; j < k.h; j++) {
      const row = (k.y0 + j) * W;
      const crow = ((k.y0 + j) >> 1) * cw;
      for (let i = 0; i < k.w; i++, q += 3) {
        const x = k.x0 + i;
        if (yuvChangeOver(c, Y[row + x]! - was[q]!, U[crow + (x >> 1)]! - was[q + 1]!, V[crow + (x >> 1)]! - was[q + 2]!, t) && ++changed > limit) return false;
      }
    }
    return true;
  }

  forget(track: number): void {
    this.keys.delete(track);
  }

  /** Drops the patches of tracks no longer alive. */
  keepOnly(alive: ReadonlySet<number>): void {
    for (const id of this.keys.keys()) if (!alive.has(id)) this.keys.delete(id);
  }
}
