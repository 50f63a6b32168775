// Colours (sRGB as they appear under the table lights) and the linear-light conversions.
import type { BallId } from '../../contract/ids.ts';

export type RGB = readonly [number, number, number];

export const CLOTHS = {
  green: [22, 112, 66],
  blue: [24, 88, 162],
  red: [152, 30, 38],
  grey: [112, 116, 120],
} as const satisfies Record<string, RGB>;
export type ClothName = keyof typeof CLOTHS;

export const RAILS = {
  wood: { base: [92, 52, 28], grain: [58, 30, 14], gloss: 0.22 },
  black: { base: [26, 26, 28], grain: [22, 22, 24], gloss: 0.3 },
} as const satisfies Record<string, { base: RGB; grain: RGB; gloss: number }>;
export type RailName = keyof typeof RAILS;

export type BallSetName = 'standard' | 'tv';

/** The colour of each number (1–8; a stripe 9–15 carries the colour of its number − 8) and the white. */
export interface BallPalette {
  readonly name: string;
  readonly colours: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8, RGB>>;
  readonly white: RGB;
}

/** A named set, or any other set's colours (a manufacturer's shades the named sets do not have). */
export type BallSet = BallSetName | BallPalette;

const STANDARD: Record<number, RGB> = {
  1: [240, 182, 10], 2: [18, 52, 150], 3: [205, 28, 30], 4: [78, 36, 128],
  5: [240, 106, 14], 6: [8, 112, 58], 7: [118, 24, 30], 8: [18, 18, 20],
};
const TV: Record<number, RGB> = { ...STANDARD, 4: [232, 96, 150], 7: [112, 64, 30] };

export const BALL_WHITE: RGB = [236, 233, 222];

export interface BallStyle {
  /** Main colour (linear). */
  colour: [number, number, number];
  stripe: boolean;
  /** 0 for the cue ball (no number circle). */
  number: number;
}

/** The white of the cue ball and of the stripes' caps. */
export function ballWhite(set: BallSet): RGB {
  return typeof set === 'string' ? BALL_WHITE : set.white;
}

export function ballStyle(id: BallId, set: BallSet): BallStyle {
  if (id === 0) return { colour: toLinear(ballWhite(set)), stripe: false, number: 0 };
  const base = id > 8 ? id - 8 : id;
  const colours: Record<number, RGB> = typeof set === 'string' ? (set === 'tv' ? TV : STANDARD) : set.colours;
  const c = colours[base];
  if (!c) throw new Error(`no colour for ball ${id}`);
  return { colour: toLinear(c), stripe: id > 8, number: id };
}

export function srgbToLinear(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
}

export function linearToSrgb(l: number): number {
  const v = l <= 0.0031308 ? 12.92 * l : 1.055 * Math.pow(l, 1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, v * 255));
}

export function toLinear(c: RGB): [number, number, number] {
  return [srgbToLinear(c[0]), srgbToLinear(c[1]), srgbToLinear(c[2])];
}

/** sRGB bytes from hue in sextants [0, 6) (red 0, yellow 1, green 2, …), saturation in [0, 1] and value in [0, 255]. */
export function hsvToRgb(h: number, s: number, v: number): RGB {
  const f = h - Math.floor(h);
  const p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  const c: [number, number, number][] = [[v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v], [v, p, q]];
  const [r, g, b] = c[Math.floor(h) % 6]!;
  return [Math.round(r), Math.round(g), Math.round(b)];
}

/** Linear [0, 1] → sRGB byte, 4096 entries: index with (l · 4095 + 0.5) | 0, clamped. */
export const LIN2SRGB: Uint8Array = (() => {
  const t = new Uint8Array(4096);
  for (let i = 0; i < 4096; i++) t[i] = Math.round(linearToSrgb(i / 4095));
  return t;
})();

/** Linear multiplier [0, 1] (· 255) → the same multiplier on sRGB values (γ ≈ 1 / 2.2). */
export const SHADE_GAMMA: Float32Array = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) t[i] = Math.pow(i / 255, 1 / 2.2);
  return t;
})();

/** Skin tones and shirt colours for the player (sRGB). */
export const SKINS: readonly RGB[] = [[224, 172, 140], [198, 140, 104], [150, 100, 70], [96, 62, 44], [236, 196, 170]];
export const SHIRTS: readonly RGB[] = [
  [20, 20, 24], [30, 40, 80], [220, 220, 224], [120, 20, 24], [70, 74, 80], [24, 70, 40], [180, 150, 90],
];
export const HAIR: readonly RGB[] = [[20, 16, 14], [60, 40, 26], [110, 80, 50], [150, 150, 150], [30, 24, 20]];
