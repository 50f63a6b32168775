// A small RGB24 drawing surface for the shot diagrams: filled and ringed discs, thick lines,
// rectangles and text in a 5×7 bitmap font (upper case, digits, a little punctuation), saved as
// PNG (sharp).
import { writePng } from '../capture/still-image.ts';

export type Colour = readonly [number, number, number];

// Each glyph: 7 rows of 5 bits (leftmost pixel = 0x10), two hex digits a row.
const GLYPHS: Record<string, string> = {
  '0': '0e11131519110e', '1': '040c040404040e', '2': '0e11010204081f', '3': '1f02040201110e',
  '4': '02060a121f0202', '5': '1f101e0101110e', '6': '0608101e11110e', '7': '1f010204080808',
  '8': '0e11110e11110e', '9': '0e11110f01020c', A: '0e1111111f1111', B: '1e11111e11111e',
  C: '0e11101010110e', D: '1c12111111121c', E: '1f10101e10101f', F: '1f10101e101010',
  G: '0e11101711110f', H: '1111111f111111', I: '0e04040404040e', J: '0702020202120c',
  K: '11121418141211', L: '1010101010101f', M: '111b1515111111', N: '11111915131111',
  O: '0e11111111110e', P: '1e11111e101010', Q: '0e11111115120d', R: '1e11111e141211',
  S: '0f10100e01011e', T: '1f040404040404', U: '1111111111110e', V: '11111111110a04',
  W: '1111111515150a', X: '11110a040a1111', Y: '1111110a040404', Z: '1f01020408101f',
  '.': '00000000000c0c', ':': '000c0c000c0c00', '-': '0000001f000000', '/': '00010204081000',
  ',': '000000000c0408', '(': '02040808080402', ')': '08040202020408', '=': '00001f001f0000',
  '+': '0004041f040400', '>': '08040201020408', '#': '0a0a1f0a1f0a0a', ' ': '00000000000000',
};

export class Canvas {
  readonly rgb: Uint8Array;

  constructor(readonly width: number, readonly height: number, background: Colour) {
    this.rgb = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  pixel(i: number, j: number, c: Colour): void {
    if (i < 0 || j < 0 || i >= this.width || j >= this.height) return;
    this.rgb.set(c, (j * this.width + i) * 3);
  }

  rect(i0: number, j0: number, w: number, h: number, c: Colour): void {
    const a = Math.max(0, Math.round(i0));
    const b = Math.min(this.width, Math.round(i0 + w));
    for (let j = Math.max(0, Math.round(j0)); j < Math.min(this.height, Math.round(j0 + h)); j++) {
      for (let i = a; i < b; i++) this.rgb.set(c, (j * this.width + i) * 3);
    }
  }

  /** A disc (filled) or a ring `ring` pixels wide, centred at (ci, cj). */
  disc(ci: number, cj: number, r: number, c: Colour, ring = 0): void {
    for (let j = Math.floor(cj - r - 1); j <= cj + r + 1; j++) {
      for (let i = Math.floor(ci - r - 1); i <= ci + r + 1; i++) {
        const d = Math.hypot(i - ci, j - cj);
        if (d <= r && (ring === 0 || d >= r - ring)) this.pixel(i, j, c);
      }
    }
  }

  /** A line `thick` pixels wide; `dash` > 0 draws dashes of that length. */
  line(i0: number, j0: number, i1: number, j1: number, c: Colour, thick = 1, dash = 0): void {
    const n = Math.max(1, Math.ceil(Math.hypot(i1 - i0, j1 - j0)));
    const r = thick / 2;
    for (let k = 0; k <= n; k++) {
      if (dash > 0 && Math.floor(k / dash) % 2 === 1) continue;
      const i = i0 + ((i1 - i0) * k) / n;
      const j = j0 + ((j1 - j0) * k) / n;
      if (thick <= 1) this.pixel(Math.round(i), Math.round(j), c);
      else this.disc(i, j, r, c);
    }
  }

  /** Text with its top-left corner at (i, j), `scale` pixels per font pixel; returns its width. */
  text(i: number, j: number, s: string, c: Colour, scale = 2): number {
    let x = Math.round(i);
    for (const ch of s.toUpperCase()) {
      const g = GLYPHS[ch] ?? GLYPHS['#']!;
      for (let row = 0; row < 7; row++) {
        const bits = parseInt(g.slice(row * 2, row * 2 + 2), 16);
        for (let col = 0; col < 5; col++) if (bits & (0x10 >> col)) this.rect(x + col * scale, j + row * scale, scale, scale, c);
      }
      x += 6 * scale;
    }
    return x - i;
  }

  /** Width in pixels of a text at `scale`. */
  static textWidth(s: string, scale = 2): number {
    return s.length * 6 * scale;
  }

  save(path: string): Promise<void> {
    return writePng(path, this.rgb, this.width, this.height);
  }
}
