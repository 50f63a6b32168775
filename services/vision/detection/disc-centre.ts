// A second reading of the centre of a ball whose colour is near the cloth's (a green 6 on green
// cloth, a maroon 7 on red, a blue 2 on blue). There the outline's edges are far weaker than the
// number circle's and the highlight's, and the outline fit (refine.ts) can settle on those, up to
// 2 cm off (9-ball 6784 at 1080p60, 12–48 s: the green 6 on green cloth read 16–21 mm off at
// rest). The body's colour still differs from the cloth's by a few hundredths of chromaticity,
// the number circle and the highlight by far more, and the shadow only in brightness: a mask of
// "unlike the cloth" covers the whole ball and not its shadow, and a matched disc (inside
// filled, a ring around it empty) finds its centre to about a pixel. It stands in for the fit
// only where the ball is alone on the open bed (nothing unlike the cloth in most of the ring, no
// cushion in it) and the disc explains the pixels clearly better than the fit's centre.
// Hand-written: a colour mask and a disc correlation over a window of some 60 pixels; no imaging
// library here does the masked disc search.
import { imageToTable, type VisionCalibration } from '../calibration/calibration-model.ts';
import { selectRank } from '../decode/image.ts';
import { rgbPatch, type VideoImage } from '../decode/yuv-image.ts';
import { BALL_DIAMETER, TABLE_SPECS } from '../../table/spec.ts';
import type { ClothReference } from './candidate.ts';

/** Chromaticity difference (2·Δr or 2·Δg) from the cloth's that makes a pixel unlike it. */
const UNLIKE_CHROMA = 0.06;
/** ln-brightness above the cloth's that makes a pixel unlike it (white: the number circle, a highlight). */
const UNLIKE_BRIGHT = 0.3;
/** A ball whose body (its pixels that are not white) lies nearer the cloth's chromaticity than this (median) is near the cloth's colour. */
const NEAR_CLOTH = 0.2;
/** The ring around the disc whose pixels should be cloth: from 1 to this many radii. */
const RING = 1.4;
/** Searched within this many radii of the fit's centre. */
const REACH = 0.6;
/** The disc stands in for the fit when it is this filled, its ring no fuller than this, ... */
const MIN_FILL = 0.8;
const MAX_RING = 0.3;
/** ... it scores this much more than a disc at the fit's centre, and lies this many radii from it. */
const MIN_GAIN = 0.08;
const MIN_SHIFT = 0.12;
/** The first look: discs this many radii off the fit's centre. */
const PROBES = [0.3, 0.6];
/** ... and none of them scores this much more than the fit's centre: the fit stands, no search. */
const PROBE_GAIN = MIN_GAIN / 4;

/** Where a disc of radius r (image px) centred at (cx, cy), in a patch's pixels, meets pixels unlike the cloth. */
interface DiscScore {
  /** Fill less ring. */
  s: number;
  /** Fraction of the disc's pixels unlike the cloth. */
  fill: number;
  /** Fraction of the ring's pixels unlike the cloth. */
  ring: number;
  /** Pixels of the disc or the ring beyond the cushions' noses. */
  offBed: number;
}

/**
 * The centre (image pixel, as seen) of a ball near the cloth's colour whose outline fit at
 * (u0, v0), radius r (image px), is off its body; null where the fit stands (the ball's colour
 * is not near the cloth's, it is not alone on the open bed, or the disc agrees with the fit).
 */
export function lowContrastCentre(img: VideoImage, cal: VisionCalibration, ref: ClothReference, u0: number, v0: number, r: number): { u: number; v: number } | null {
  // Most balls are far from the cloth's colour: told from the disc's pixels alone.
  const brightS = Math.exp(ref.logS + UNLIKE_BRIGHT);
  const rd = Math.ceil(r);
  const near = rgbPatch(img, Math.round(u0) - rd, Math.round(v0) - rd, 2 * rd + 1, 2 * rd + 1);
  const nearChroma = new Float32Array(near.image.width * near.image.height);
  const nearMask = new Uint8Array(nearChroma.length);
  chromaOf(near.image.data, nearChroma, nearMask, ref, brightS);
  // Cloth, or a shadow, where a candidate came (most of a whole-bed search's): no ball to read again.
  if (discFill(nearMask, near.image.width, near.image.height, u0 - near.x0, v0 - near.y0, r) < MIN_FILL / 2) return null;
  if (bodyChroma(nearChroma, near.image.width, near.image.height, u0 - near.x0, v0 - near.y0, r) >= NEAR_CLOTH) return null;
  const reach = Math.ceil(REACH * r);
  const half = Math.ceil(reach + RING * r + 2);
  const x0 = Math.round(u0) - half;
  const y0 = Math.round(v0) - half;
  const side = 2 * half + 1;
  if (x0 < 0 || y0 < 0 || x0 + side > img.width || y0 + side > img.height) return null;
  const { cls, chroma } = pixelClasses(img, cal, ref, brightS, x0, y0, side);
  const c0 = u0 - x0, c1 = v0 - y0;
  const score = (cx: number, cy: number): DiscScore => discScore(cls, side, cx, cy, r);
  // Discs a third and two thirds of a radius off the fit's centre, in eight directions: where none explains
  // the pixels better, the fit stands (most balls): no search.
  const atFit = score(c0, c1);
  let around = -Infinity;
  for (const off of PROBES) {
    for (let a = 0; a < 8; a++) around = Math.max(around, score(c0 + off * r * Math.cos((a * Math.PI) / 4), c1 + off * r * Math.sin((a * Math.PI) / 4)).s);
  }
  if (around - atFit.s < PROBE_GAIN) return null;
  // Coarse (2 px), then fine (0.5 px) around the best.
  let best = { x: c0, y: c1, ...atFit };
  for (let dy = -reach; dy <= reach; dy += 2) {
    for (let dx = -reach; dx <= reach; dx += 2) {
      const s = score(c0 + dx, c1 + dy);
      if (s.s > best.s) best = { x: c0 + dx, y: c1 + dy, ...s };
    }
  }
  const bx = best.x, by = best.y;
  for (let dy = -1.5; dy <= 1.5; dy += 0.5) {
    for (let dx = -1.5; dx <= 1.5; dx += 0.5) {
      const s = score(bx + dx, by + dy);
      if (s.s > best.s) best = { x: bx + dx, y: by + dy, ...s };
    }
  }
  const shift = Math.hypot(best.x - c0, best.y - c1);
  const stands = best.offBed === 0 && best.fill >= MIN_FILL && best.ring <= MAX_RING && best.s - atFit.s >= MIN_GAIN && shift > MIN_SHIFT * r
    && bodyChroma(chroma, side, side, best.x, best.y, r) < NEAR_CLOTH;
  return stands ? { u: best.x + x0, v: best.y + y0 } : null;
}

/** A pixel class beside 0 (cloth) and 1 (unlike the cloth): beyond the cushions' noses (a cushion's face, the rail), neither ball nor cloth. */
const OFF_BED = 2;

/** The classes (0 cloth, 1 unlike it, OFF_BED) and chromaticity distances (`chromaOf`) of a side × side patch at (x0, y0). */
function pixelClasses(img: VideoImage, cal: VisionCalibration, ref: ClothReference, brightS: number, x0: number, y0: number, side: number): { cls: Uint8Array; chroma: Float32Array } {
  const { image } = rgbPatch(img, x0, y0, side, side);
  const cls = new Uint8Array(side * side);
  const chroma = new Float32Array(side * side);
  chromaOf(image.data, chroma, cls, ref, brightS);
  const spec = TABLE_SPECS[cal.table];
  const onBed = (u: number, v: number, margin: number): boolean => {
    const t = imageToTable(cal, u, v);
    return Math.abs(t.x) <= spec.length / 2 - margin && Math.abs(t.y) <= spec.width / 2 - margin;
  };
  // Every corner of the patch well inside the noses (a ball's top, seen from the side, lies over
  // the bed up to a diameter out from where it stands): all of it on the bed.
  if ([[x0, y0], [x0 + side, y0], [x0, y0 + side], [x0 + side, y0 + side]].every(([u, v]) => onBed(u!, v!, BALL_DIAMETER))) return { cls, chroma };
  for (let j = 0; j < side; j++) for (let i = 0; i < side; i++) if (!onBed(x0 + i, y0 + j, 0)) cls[j * side + i] = OFF_BED;
  return { cls, chroma };
}

/** The disc of radius r centred at (cx, cy) over a patch's pixel classes (0 cloth, 1 unlike it, OFF_BED). */
function discScore(cls: Uint8Array, side: number, cx: number, cy: number, r: number): DiscScore {
  const r2 = r * r;
  const o2 = RING * RING * r2;
  const span = Math.ceil(RING * r) + 1;
  let inN = 0, inM = 0, outN = 0, outM = 0, offBed = 0;
  const ja = Math.max(0, Math.floor(cy - span)), jb = Math.min(side - 1, Math.ceil(cy + span));
  const ia = Math.max(0, Math.floor(cx - span)), ib = Math.min(side - 1, Math.ceil(cx + span));
  for (let j = ja; j <= jb; j++) {
    const dy = j - cy;
    const row = j * side;
    for (let i = ia; i <= ib; i++) {
      const dx = i - cx;
      const d2 = dx * dx + dy * dy;
      if (d2 > o2) continue;
      const c = cls[row + i]!;
      if (c === OFF_BED) offBed++;
      else if (d2 <= r2) { inN++; inM += c; } else { outN++; outM += c; }
    }
  }
  const fill = inN ? inM / inN : 0;
  const ring = outN ? outM / outN : 1;
  return { s: fill - ring, fill, ring, offBed };
}

/**
 * Each pixel's chromaticity distance from the cloth's (−1 for white: brighter than `brightS`),
 * and into `mask` whether it is unlike the cloth.
 */
function chromaOf(rgb: Uint8Array, chroma: Float32Array, mask: Uint8Array | null, ref: ClothReference, brightS: number): void {
  for (let p = 0, q = 0; p < chroma.length; p++, q += 3) {
    const R = rgb[q]!, G = rgb[q + 1]!, B = rgb[q + 2]!;
    const S = R + G + B + 1;
    const dr = 2 * (R / S - ref.r), dg = 2 * (G / S - ref.g);
    const white = S > brightS;
    chroma[p] = white ? -1 : Math.sqrt(dr * dr + dg * dg);
    if (mask) mask[p] = white || Math.abs(dr) > UNLIKE_CHROMA || Math.abs(dg) > UNLIKE_CHROMA ? 1 : 0;
  }
}

/** Fraction of the pixels within r of (cx, cy) that are unlike the cloth. */
function discFill(mask: Uint8Array, w: number, h: number, cx: number, cy: number, r: number): number {
  let n = 0, m = 0;
  for (let j = Math.max(0, Math.floor(cy - r)); j <= Math.min(h - 1, Math.ceil(cy + r)); j++) {
    for (let i = Math.max(0, Math.floor(cx - r)); i <= Math.min(w - 1, Math.ceil(cx + r)); i++) {
      if ((i - cx) ** 2 + (j - cy) ** 2 > r * r) continue;
      n++;
      m += mask[j * w + i]!;
    }
  }
  return n ? m / n : 0;
}

/** Median chromaticity distance from the cloth's of the pixels that are not white within 0.9 r of (cx, cy) (Infinity when they are under a quarter). */
function bodyChroma(chroma: Float32Array, w: number, h: number, cx: number, cy: number, r: number): number {
  const body = new Float32Array(chroma.length);
  let n = 0;
  const lim = 0.8 * r * r;
  for (let j = Math.max(0, Math.floor(cy - r)); j <= Math.min(h - 1, Math.ceil(cy + r)); j++) {
    for (let i = Math.max(0, Math.floor(cx - r)); i <= Math.min(w - 1, Math.ceil(cx + r)); i++) {
      const c = chroma[j * w + i]!;
      if ((i - cx) ** 2 + (j - cy) ** 2 <= lim && c >= 0) body[n++] = c;
    }
  }
  // Mostly white (the cue ball): not near the cloth's colour.
  if (n < 0.25 * Math.PI * lim) return Infinity;
  return selectRank(body, n, n >> 1);
}
