import { describe, expect, it } from 'vitest';
import { BedChanges } from './bed-changes.ts';
import type { RectifiedGrid } from './rectify.ts';

/** A grid that samples a 120×60 image one to one (grid pixel (i, j) = image pixel (i, j)). */
function identityGrid(width: number, height: number): RectifiedGrid {
  const n = width * height;
  return {
    scaleX: 1, scaleY: 1, scale: 1, width, height, x0: 0, y0: 0, u: new Float32Array(n), v: new Float32Array(n), base: Int32Array.from({ length: n }, (_, p) => p),
    fx: new Float32Array(n), fy: new Float32Array(n), valid: new Uint8Array(n).fill(1), mouth: new Uint8Array(n), ballRadius: 5,
    chroma: Int32Array.from({ length: n }, (_, p) => ((Math.floor(p / width) >> 1) * ((width + 1) >> 1)) + ((p % width) >> 1)),
    chromaStep: Uint8Array.from({ length: n }, (_, p) => ((p % width) & 1) | ((Math.floor(p / width) & 1) << 1)),
  };
}

const image = (paint?: (i: number, j: number) => number | null): { data: Uint8Array; width: number; height: number } => {
  const data = new Uint8Array(120 * 60 * 3);
  for (let j = 0; j < 60; j++) for (let i = 0; i < 120; i++) data.fill(paint?.(i, j) ?? 80 + ((i * 7 + j * 3) % 9), (j * 120 + i) * 3, (j * 120 + i) * 3 + 3);
  return { data, width: 120, height: 60 };
};

describe('bed changes', () => {
  it('finds the windows where the image changed since the reference, nothing under noise', () => {
    const c = new BedChanges(identityGrid(120, 60), { margin: 2 });
    expect(c.ready).toBe(false);
    c.setReference(image());
    expect(c.changedWindows(image((i, j) => 80 + ((i * 5 + j) % 13)))).toEqual([]);
    // A bright disc appears at (90, 20): one window around it.
    const w = c.changedWindows(image((i, j) => ((i - 90) ** 2 + (j - 20) ** 2 < 36 ? 240 : null)));
    expect(w).toHaveLength(1);
    expect(w[0]!.i0 <= 84 && w[0]!.i1 >= 96 && w[0]!.j0 <= 14 && w[0]!.j1 >= 26).toBe(true);
    expect(w[0]!.i1 - w[0]!.i0).toBeLessThanOrEqual(40);
  });
});
