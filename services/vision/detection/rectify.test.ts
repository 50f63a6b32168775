import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCalibration, type VisionCalibration } from '../calibration/calibration-model.ts';
import { yuvBilinear, yuvToRgb, type Yuv420Image } from '../decode/yuv-image.ts';
import { allocRectifiedFrame, buildGrid, disjointWindows, rectify, type GridWindow } from './rectify.ts';

/** A small deterministic generator (the tests' windows and pixels). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('disjointWindows', () => {
  it('covers the windows\' union with every pixel once, for overlapping, nested, touching and empty windows', () => {
    const rnd = lcg(7);
    const W = 60;
    const H = 40;
    for (let trial = 0; trial < 200; trial++) {
      const wins: GridWindow[] = Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => {
        const i0 = Math.floor(rnd() * W);
        const j0 = Math.floor(rnd() * H);
        // Some windows empty (zero width or height), as clipping at the grid's edge leaves them.
        return { i0, j0, i1: Math.min(W, i0 + Math.floor(rnd() * 25)), j1: Math.min(H, j0 + Math.floor(rnd() * 20)) };
      });
      const want = new Uint8Array(W * H);
      for (const w of wins) for (let j = w.j0; j < w.j1; j++) for (let i = w.i0; i < w.i1; i++) want[j * W + i] = 1;
      const got = new Uint8Array(W * H);
      const parts = disjointWindows(wins);
      for (const w of parts) {
        expect(w.i1 > w.i0 && w.j1 > w.j0).toBe(true);
        for (let j = w.j0; j < w.j1; j++) for (let i = w.i0; i < w.i1; i++) got[j * W + i]!++;
      }
      expect([...got]).toEqual([...want]);
    }
  });
});

describe('rectify from a YUV 4:2:0 frame', () => {
  const demo = loadCalibration(fileURLToPath(new URL('../../../recordings/demo/calibration.json', import.meta.url)));
  // Even and odd frame sizes: an odd width's last chroma column and an odd height's last row serve one pixel.
  it.each([
    [1920, 1080],
    [1919, 1079],
  ])('samples each grid pixel as yuvBilinear does (%i×%i)', (width, height) => {
    const cal: VisionCalibration = { ...demo, imageWidth: width, imageHeight: height };
    const g = buildGrid(cal, { ballDiameterPx: 8 });
    const rnd = lcg(width);
    const cw = (width + 1) >> 1;
    const ch = (height + 1) >> 1;
    const fill = (n: number): Uint8Array => Uint8Array.from({ length: n }, () => Math.floor(rnd() * 256));
    const img: Yuv420Image = { format: 'yuv420p', width, height, y: fill(width * height), u: fill(cw * ch), v: fill(cw * ch), colour: yuvToRgb('bt709', false) };
    const f = rectify(g, img, allocRectifiedFrame(g), undefined, true);
    const rgb = [0, 0, 0];
    let checked = 0;
    for (let p = 0; p < g.width * g.height; p += 7) {
      const k = g.base[p]!;
      yuvBilinear(img, k % width, Math.floor(k / width), g.fx[p]!, g.fy[p]!, rgb);
      const S = rgb[0]! + rgb[1]! + rgb[2]! + 1;
      const inv = 1 / S;
      expect(f.r[p]).toBe(Math.fround(rgb[0]! * inv));
      expect(f.g[p]).toBe(Math.fround(rgb[1]! * inv));
      expect(Math.abs(f.logS[p]! - Math.log(S))).toBeLessThan(0.25 / S + 1e-6);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
