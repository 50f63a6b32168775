// A tiny 5×7 bitmap font for ball numbers, rasterised into smooth coverage maps that the ball
// shader samples inside the number circle.

const GLYPHS: Record<string, readonly string[]> = {
  '0': ['01110', '11011', '11011', '11011', '11011', '11011', '01110'],
  '1': ['00110', '01110', '11110', '00110', '00110', '00110', '01111'],
  '2': ['01110', '11011', '00011', '00110', '01100', '11000', '11111'],
  '3': ['11110', '00011', '00011', '01110', '00011', '00011', '11110'],
  '4': ['00110', '01110', '11010', '11010', '11111', '00010', '00010'],
  '5': ['11111', '11000', '11110', '00011', '00011', '11011', '01110'],
  '6': ['01110', '11000', '11000', '11110', '11011', '11011', '01110'],
  '7': ['11111', '00011', '00110', '00110', '01100', '01100', '01100'],
  '8': ['01110', '11011', '11011', '01110', '11011', '11011', '01110'],
  '9': ['01110', '11011', '11011', '01111', '00011', '00011', '01110'],
};

/** Side of a number map (texels). */
export const NUMBER_MAP_SIZE = 64;

/**
 * Coverage (0..1) of the dark numeral over the number circle, NUMBER_MAP_SIZE² texels, row 0 at
 * the top; the circle is inscribed in the map. 6 and 9 are underlined, as on real balls.
 */
export function numberMap(n: number): Float32Array {
  const S = NUMBER_MAP_SIZE;
  const out = new Float32Array(S * S);
  const text = String(n);
  const underline = n === 6 || n === 9;
  const cellsW = text.length * 5 + (text.length - 1);
  const cellsH = underline ? 9 : 7;
  // Text box in circle units ([-1, 1] across the circle).
  const cell = Math.min(1.25 / cellsW, 1.3 / cellsH);
  const x0 = (-cellsW * cell) / 2;
  const y0 = (-cellsH * cell) / 2;
  const sub = 4;
  for (let ty = 0; ty < S; ty++) {
    for (let tx = 0; tx < S; tx++) {
      let cov = 0;
      for (let sy = 0; sy < sub; sy++) {
        for (let sx = 0; sx < sub; sx++) {
          const px = ((tx + (sx + 0.5) / sub) / S) * 2 - 1;
          const py = ((ty + (sy + 0.5) / sub) / S) * 2 - 1;
          const cx = Math.floor((px - x0) / cell);
          const cy = Math.floor((py - y0) / cell);
          if (cx < 0 || cy < 0 || cx >= cellsW || cy >= cellsH) continue;
          if (cy === 8) {
            if (underline) cov++;
            continue;
          }
          if (cy >= 7) continue;
          const ch = Math.floor(cx / 6);
          const col = cx % 6;
          const glyph = GLYPHS[text[ch] ?? ''];
          if (col < 5 && glyph?.[cy]?.[col] === '1') cov++;
        }
      }
      out[ty * S + tx] = cov / (sub * sub);
    }
  }
  return out;
}
