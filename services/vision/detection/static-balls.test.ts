import { describe, expect, it } from 'vitest';
import { StaticBalls } from './static-balls.ts';

/** A grey 200×100 frame with sensor-like noise and a white disc of radius 12 at (u, v). */
function frame(u: number, v: number, seed: number): { data: Uint8Array; width: number; height: number } {
  const width = 200, height = 100;
  const data = new Uint8Array(width * height * 3);
  let s = seed;
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const noise = Math.round(((s / 2147483648) - 0.5) * 12);
      const inside = (i - u) ** 2 + (j - v) ** 2 <= 144;
      data.fill(inside ? 230 + Math.min(0, noise) : 90 + noise, (j * width + i) * 3, (j * width + i) * 3 + 3);
    }
  }
  return { data, width, height };
}

describe('static balls', () => {
  it('keeps a resting ball\'s detection through noise; a shift of a pixel or a hand over it sends it back', () => {
    const s = new StaticBalls<{ u: number; v: number; r: number }>();
    const det = { u: 100, v: 50, r: 12 };
    s.remember(7, frame(100, 50, 1), det);
    expect(s.unchanged(7, frame(100, 50, 2))).toBe(det);
    expect(s.unchanged(7, frame(101, 50, 3))).toBeNull();
    const hand = frame(100, 50, 4);
    for (let j = 30; j < 40; j++) hand.data.fill(200, (j * 200 + 90) * 3, (j * 200 + 110) * 3);
    expect(s.unchanged(7, hand)).toBeNull();
    expect(s.unchanged(8, frame(100, 50, 2))).toBeNull();
    s.keepOnly(new Set([8]));
    expect(s.unchanged(7, frame(100, 50, 2))).toBeNull();
  });
});
