// Ball sets beyond the renderer's two named ones, for the identity data and its evaluation.
//
// Every pool set follows one numbering convention (1 yellow, 2 blue, 3 red, 4 purple or pink,
// 5 orange, 6 green, 7 maroon or brown, 8 black; 9–15 the same colours on a white band), but each
// manufacturer has its own shades and its own white (ivory to cream). `randomPalette` draws a set
// from the convention's core shades (the training data); `HELD_OUT_SETS` are four sets whose
// shades lie outside those ranges — faded, deep, bright TV and teal/violet — that no training
// setup ever renders: numbers on them are numbers on a ball set the model was not trained on.
import { hsvToRgb, type BallPalette, type RGB } from '../../services/sim/render/index.ts';
import type { Rng } from '../../services/sim/render/prng.ts';

/** sRGB from hue (degrees, any turn), saturation and value in [0, 1]. */
export function hsv(h: number, s: number, v: number): RGB {
  return hsvToRgb((((h % 360) + 360) % 360) / 60, s, v * 255);
}

type Range = readonly [number, number];
/** Hue, saturation and value ranges of one shade. */
interface Shade { h: Range; s: Range; v: Range }

/** The training ranges: the convention's core shades. */
const CORE: Record<1 | 2 | 3 | 5 | 6 | 8, Shade> = {
  1: { h: [44, 54], s: [0.85, 1], v: [0.86, 0.98] },
  2: { h: [212, 230], s: [0.72, 0.92], v: [0.48, 0.7] },
  3: { h: [354, 364], s: [0.78, 0.92], v: [0.68, 0.86] },
  5: { h: [19, 28], s: [0.86, 1], v: [0.86, 0.98] },
  6: { h: [143, 160], s: [0.8, 1], v: [0.35, 0.52] },
  8: { h: [0, 360], s: [0, 0.15], v: [0.06, 0.11] },
};
const PURPLE: Shade = { h: [262, 285], s: [0.55, 0.75], v: [0.38, 0.55] };
const PINK: Shade = { h: [325, 340], s: [0.5, 0.66], v: [0.8, 0.94] };
const MAROON: Shade = { h: [352, 361], s: [0.7, 0.86], v: [0.38, 0.5] };
const BROWN: Shade = { h: [22, 32], s: [0.62, 0.8], v: [0.36, 0.5] };

/** A shade drawn from its ranges, widened by `wide` (1: hue ±14°, saturation −0.3, value ±0.15). */
function draw(rng: Rng, s: Shade, wide: number): RGB {
  const cl = (x: number): number => Math.max(0, Math.min(1, x));
  return hsv(
    rng.range(s.h[0] - 14 * wide, s.h[1] + 14 * wide),
    rng.range(cl(s.s[0] - 0.3 * wide), s.s[1]),
    rng.range(cl(s.v[0] - 0.15 * wide), cl(s.v[1] + 0.15 * wide)),
  );
}

/**
 * A set drawn from the core shades, with a white from bright to ivory-cream. `wide` > 0 draws
 * beyond the core (never in training: the shades used to choose the rack adaptation's weight).
 */
export function randomPalette(rng: Rng, name = 'random', wide = 0): BallPalette {
  const d = (s: Shade): RGB => draw(rng, s, wide);
  const r = rng.range(232, 250);
  const white: RGB = [Math.round(r), Math.round(r - rng.range(1, 8)), Math.round(r - rng.range(6, 26))];
  return {
    name,
    white,
    colours: {
      1: d(CORE[1]), 2: d(CORE[2]), 3: d(CORE[3]),
      4: d(rng.next() < 0.5 ? PURPLE : PINK),
      5: d(CORE[5]), 6: d(CORE[6]),
      7: d(rng.next() < 0.5 ? MAROON : BROWN),
      8: d(CORE[8]),
    },
  };
}

/** Sets for evaluation only: each colour lies outside the training ranges on at least one axis. */
export const HELD_OUT_SETS: readonly BallPalette[] = [
  {
    // An old club set, washed out by years of chalk and cleaning.
    name: 'faded',
    white: [246, 240, 222],
    colours: {
      1: hsv(50, 0.62, 0.95), 2: hsv(215, 0.55, 0.78), 3: hsv(2, 0.6, 0.88), 4: hsv(275, 0.42, 0.66),
      5: hsv(25, 0.66, 0.98), 6: hsv(150, 0.58, 0.6), 7: hsv(356, 0.55, 0.6), 8: hsv(0, 0, 0.16),
    },
  },
  {
    // Deep, dark shades.
    name: 'deep',
    white: [232, 232, 226],
    colours: {
      1: hsv(40, 1, 0.8), 2: hsv(234, 0.95, 0.38), 3: hsv(348, 0.95, 0.58), 4: hsv(282, 0.8, 0.3),
      5: hsv(15, 1, 0.82), 6: hsv(166, 1, 0.28), 7: hsv(347, 0.9, 0.28), 8: hsv(0, 0, 0.035),
    },
  },
  {
    // A bright TV set: lemon 1, sky-blue 2, light pink 4, dark brown 7.
    name: 'bright-tv',
    white: [250, 248, 240],
    colours: {
      1: hsv(57, 0.9, 1), 2: hsv(204, 0.85, 0.84), 3: hsv(9, 0.9, 0.92), 4: hsv(318, 0.42, 0.97),
      5: hsv(32, 0.95, 1), 6: hsv(136, 0.85, 0.62), 7: hsv(16, 0.6, 0.3), 8: hsv(220, 0.2, 0.12),
    },
  },
  {
    // Teal-green 6, violet 4, a brick-red 7, cream white.
    name: 'teal-violet',
    white: [240, 234, 208],
    colours: {
      1: hsv(47, 0.92, 0.92), 2: hsv(222, 0.9, 0.6), 3: hsv(345, 0.85, 0.78), 4: hsv(296, 0.6, 0.56),
      5: hsv(14, 0.92, 0.96), 6: hsv(173, 0.9, 0.45), 7: hsv(8, 0.76, 0.42), 8: hsv(30, 0.2, 0.08),
    },
  },
];
