// Connected regions of "unlike the cloth" pixels on the rectified bed, with their moments:
// a fast ball smears into a capsule one ball wide; the cue is long and thin; an arm or a
// hand is wider and irregular. Used for blurred balls and to tell balls from body parts.
import { FLAG_UNLIKE, type FeaturePlanes } from './cloth-model.ts';
import { fullWindow, type GridWindow, type RectifiedGrid } from './rectify.ts';

export interface Blob {
  label: number;
  area: number;
  /** Centroid (grid pixels). */
  ci: number;
  cj: number;
  /** Principal axes: standard deviations along the major and minor axis, and the major axis direction. */
  sdMajor: number;
  sdMinor: number;
  ax: number;
  ay: number;
  /** Bounding box. */
  i0: number;
  j0: number;
  i1: number;
  j1: number;
  /** It goes on across the edge of its search window (the mask must be fresh just beyond the windows): part of something bigger may lie outside. */
  clipped: boolean;
}

/** Foreground mask (1 = unlike the cloth) over windows. */
export function foregroundMask(g: RectifiedGrid, f: FeaturePlanes, out?: Uint8Array, windows?: readonly GridWindow[]): Uint8Array {
  const m = out ?? new Uint8Array(g.width * g.height);
  for (const w of windows ?? [fullWindow(g)]) {
    for (let j = w.j0; j < w.j1; j++) {
      for (let i = w.i0, p = j * g.width + w.i0; i < w.i1; i++, p++) m[p] = (f.flags[p]! & FLAG_UNLIKE) >> 2;
    }
  }
  return m;
}

/** 8-connected components of the mask (inside the windows) with at least `minArea` pixels. */
export function labelBlobs(g: RectifiedGrid, mask: Uint8Array, labels: Int32Array, minArea: number, windows?: readonly GridWindow[]): Blob[] {
  const W = g.width;
  const wins = windows ?? [fullWindow(g)];
  for (const w of wins) for (let j = w.j0; j < w.j1; j++) labels.fill(0, j * W + w.i0, j * W + w.i1);
  const blobs: Blob[] = [];
  const stack: number[] = [];
  let next = 1;
  for (const w of wins) {
    for (let j = w.j0; j < w.j1; j++) {
      for (let i = w.i0, p0 = j * W + w.i0; i < w.i1; i++, p0++) {
        if (!mask[p0] || labels[p0]) continue;
        const label = next++;
        labels[p0] = label;
        stack.length = 0;
        stack.push(p0);
        let n = 0;
        let si = 0;
        let sj = 0;
        let sii = 0;
        let sjj = 0;
        let sij = 0;
        let bi0 = i;
        let bj0 = j;
        let bi1 = i;
        let bj1 = j;
        let clipped = false;
        while (stack.length) {
          const p = stack.pop()!;
          const x = p % W;
          const y = (p - x) / W;
          n++;
          si += x;
          sj += y;
          sii += x * x;
          sjj += y * y;
          sij += x * y;
          if (x < bi0) bi0 = x;
          if (x > bi1) bi1 = x;
          if (y < bj0) bj0 = y;
          if (y > bj1) bj1 = y;
          // At the window's edge with foreground just across it (the mask is computed a little beyond the windows).
          if ((x === w.i0 && x > 0 && mask[p - 1]) || (x === w.i1 - 1 && x < W - 1 && mask[p + 1]) || (y === w.j0 && y > 0 && mask[p - W]) || (y === w.j1 - 1 && y < g.height - 1 && mask[p + W])) clipped = true;
          for (let dy = -1; dy <= 1; dy++) {
            const yy = y + dy;
            if (yy < w.j0 || yy >= w.j1) continue;
            for (let dx = -1; dx <= 1; dx++) {
              const xx = x + dx;
              if (xx < w.i0 || xx >= w.i1) continue;
              const q = yy * W + xx;
              if (mask[q] && !labels[q]) {
                labels[q] = label;
                stack.push(q);
              }
            }
          }
        }
        if (n < minArea) continue;
        const ci = si / n;
        const cj = sj / n;
        const cii = sii / n - ci * ci;
        const cjj = sjj / n - cj * cj;
        const cij = sij / n - ci * cj;
        const tr = cii + cjj;
        const disc = Math.sqrt(Math.max(0, ((cii - cjj) / 2) ** 2 + cij * cij));
        const l1 = tr / 2 + disc;
        const l2 = Math.max(0, tr / 2 - disc);
        let ax = cij;
        let ay = l1 - cii;
        if (Math.hypot(ax, ay) < 1e-9) {
          ax = cii >= cjj ? 1 : 0;
          ay = cii >= cjj ? 0 : 1;
        }
        const al = Math.hypot(ax, ay);
        blobs.push({ label, area: n, ci, cj, sdMajor: Math.sqrt(l1), sdMinor: Math.sqrt(l2), ax: ax / al, ay: ay / al, i0: bi0, j0: bj0, i1: bi1, j1: bj1, clipped });
      }
    }
  }
  return blobs;
}
