// What the identity model sees of a ball: a fixed-size RGB square centred on the ball, upright
// in the table frame (crop right = table +x, crop up = table +y), sampled bilinearly through
// the calibration's ball-centre plane; and, until that model exists, a colour heuristic for
// the ball's kind.
import { tableToImage, type VisionCalibration } from './calibration-model.ts';
import { sampleRgb, type RgbImage } from './image.ts';
import { BALL_RADIUS } from '../contract/table.ts';

export interface BallCrop {
  /** RGB24, size·size·3. */
  data: Uint8Array;
  size: number;
  /** Table metres covered by the crop's width. */
  span: number;
}

/**
 * A `size`×`size` crop centred on the ball at table (x, y), covering `span` table metres
 * (default 1.25 ball diameters), upright in the table frame.
 */
export function ballCrop(img: RgbImage, cal: VisionCalibration, x: number, y: number, size = 32, span = 2.5 * BALL_RADIUS): BallCrop {
  if (!(Number.isInteger(size) && size >= 4)) throw new Error('ballCrop: size must be an integer ≥ 4');
  const data = new Uint8Array(size * size * 3);
  const rgb = [0, 0, 0];
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const tx = x + ((i + 0.5) / size - 0.5) * span;
      const ty = y + (0.5 - (j + 0.5) / size) * span;
      const p = tableToImage(cal, tx, ty, 'ball');
      sampleRgb(img, p.u, p.v, rgb);
      const k = (j * size + i) * 3;
      data[k] = Math.round(rgb[0]!);
      data[k + 1] = Math.round(rgb[1]!);
      data[k + 2] = Math.round(rgb[2]!);
    }
  }
  return { data, size, span };
}

export type BallKind = 'cue' | 'eight' | 'solid' | 'stripe';

export interface KindGuess {
  kind: BallKind;
  /** 0–1: how clearly the rule that decided applied. */
  confidence: number;
  /** Shares of the ball disc that are white, black and strongly coloured. */
  white: number;
  black: number;
  coloured: number;
}

/**
 * PLACEHOLDER until the identity classifier exists: the ball's kind from the colours in its
 * crop. White (bright, unsaturated) everywhere → cue; mostly black → eight; a white share plus
 * a coloured band → stripe; otherwise solid. Specular highlights and the number circle make
 * this a rough guess, not an identification.
 */
export function guessKind(crop: BallCrop): KindGuess {
  const { data, size, span } = crop;
  const rBall = (0.85 * BALL_RADIUS * size) / span;
  const c = (size - 1) / 2;
  let n = 0;
  let white = 0;
  let black = 0;
  let coloured = 0;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      if ((i - c) ** 2 + (j - c) ** 2 > rBall * rBall) continue;
      const k = (j * size + i) * 3;
      const r = data[k]!;
      const g = data[k + 1]!;
      const b = data[k + 2]!;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const sat = max > 0 ? (max - min) / max : 0;
      n++;
      if (max < 60) black++;
      else if (sat < 0.22 && max > 150) white++;
      else if (sat > 0.4) coloured++;
    }
  }
  const w = white / Math.max(1, n);
  const k = black / Math.max(1, n);
  const col = coloured / Math.max(1, n);
  if (w > 0.55 && col < 0.06) return { kind: 'cue', confidence: Math.min(1, (w - 0.55) / 0.3 + 0.5), white: w, black: k, coloured: col };
  if (k > 0.45 && col < 0.15) return { kind: 'eight', confidence: Math.min(1, (k - 0.45) / 0.3 + 0.5), white: w, black: k, coloured: col };
  if (w > 0.22 && col > 0.06) return { kind: 'stripe', confidence: Math.min(1, 0.4 + (w - 0.22)), white: w, black: k, coloured: col };
  return { kind: 'solid', confidence: Math.min(1, 0.4 + col), white: w, black: k, coloured: col };
}
