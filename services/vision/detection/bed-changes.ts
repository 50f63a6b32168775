// Where the bed changed since a reference frame: the image is sampled at a sparse lattice of
// grid pixels (every `stride`-th in both directions, through the grid's sampling map), and the
// cells of `cell`×`cell` grid pixels in which enough samples changed by more than noise come
// back as windows (connected changed cells, their bounding boxes grown by a margin). A periodic
// full search then needs to look only there: a ball that is in a cell nobody touched since the
// reference was already there at the last full search.
import { isYuv, tripletChange, tripletTerms, yuvChangeOver, type VideoImage } from '../decode/yuv-image.ts';
import { clipWindow, type GridWindow, type RectifiedGrid } from './rectify.ts';

export interface ChangeOptions {
  /** Cell side (grid px). Default 12. */
  cell: number;
  /** Sample every this many grid pixels. Default 3. */
  stride: number;
  /** A sample changed: some channel differs by more than this. Default 30. */
  delta: number;
  /** A cell changed: at least this many of its samples changed. Default 2. */
  minSamples: number;
  /** Margin (grid px) around the changed cells' boxes. Default 14. */
  margin: number;
}

export const DEFAULT_CHANGES: ChangeOptions = { cell: 12, stride: 3, delta: 30, minSamples: 2, margin: 14 };

export class BedChanges {
  private readonly o: ChangeOptions;
  /** Image pixel (y · width + x) of each sample, its 4:2:0 chroma sample, and the cell it belongs to. */
  private readonly at: Int32Array;
  private readonly atChroma: Int32Array;
  private readonly cellOf: Int32Array;
  private readonly ref: Uint8Array;
  /** This frame's samples. */
  private readonly now: Uint8Array;
  private readonly cols: number;
  private readonly rows: number;
  private hasRef = false;
  /** Whether the reference samples are Y, U, V (from a YUV frame) rather than RGB. */
  private refYuv = false;

  constructor(private readonly g: RectifiedGrid, o: Partial<ChangeOptions> = {}) {
    this.o = { ...DEFAULT_CHANGES, ...o };
    const { cell, stride } = this.o;
    if (!(Number.isInteger(cell) && cell >= 2 && Number.isInteger(stride) && stride >= 1 && stride <= cell)) throw new Error('BedChanges: cell and stride must be integers, 1 ≤ stride ≤ cell');
    this.cols = Math.ceil(g.width / cell);
    this.rows = Math.ceil(g.height / cell);
    const at: number[] = [];
    const atChroma: number[] = [];
    const cellOf: number[] = [];
    for (let j = 0; j < g.height; j += stride) {
      for (let i = 0; i < g.width; i += stride) {
        const p = j * g.width + i;
        if (!g.valid[p]) continue;
        at.push(g.base[p]!);
        atChroma.push(g.chroma[p]!);
        cellOf.push(Math.floor(j / cell) * this.cols + Math.floor(i / cell));
      }
    }
    this.at = Int32Array.from(at);
    this.atChroma = Int32Array.from(atChroma);
    this.cellOf = Int32Array.from(cellOf);
    this.ref = new Uint8Array(this.at.length * 3);
    this.now = new Uint8Array(this.at.length * 3);
  }

  get ready(): boolean {
    return this.hasRef;
  }

  /** Takes this frame as the reference. */
  setReference(img: VideoImage): void {
    this.samples(img, this.ref);
    this.refYuv = isYuv(img);
    this.hasRef = true;
  }

  /** Each sample's RGB (or, from a YUV frame, its Y, U, V) into `out` (3 bytes a sample). */
  private samples(img: VideoImage, out: Uint8Array): void {
    if (isYuv(img)) {
      const { at, atChroma } = this;
      const { y: Y, u: U, v: V } = img;
      for (let k = 0; k < at.length; k++) {
        const c = atChroma[k]!;
        out[3 * k] = Y[at[k]!]!;
        out[3 * k + 1] = U[c]!;
        out[3 * k + 2] = V[c]!;
      }
      return;
    }
    const d = img.data;
    for (let k = 0; k < this.at.length; k++) {
      const a = 3 * this.at[k]!;
      out[3 * k] = d[a]!;
      out[3 * k + 1] = d[a + 1]!;
      out[3 * k + 2] = d[a + 2]!;
    }
  }

  /** The windows (grid px) around the cells that changed since the reference. */
  changedWindows(img: VideoImage): GridWindow[] {
    if (!this.hasRef) throw new Error('BedChanges: no reference frame');
    const d = this.now;
    this.samples(img, d);
    const t = this.o.delta;
    const counts = new Uint16Array(this.cols * this.rows);
    if (isYuv(img) !== this.refYuv) counts.fill(this.o.minSamples);
    else {
      // The change each sample makes in RGB, from RGB or Y, U, V differences (yuv-image.ts).
      const terms = tripletTerms(img);
      const { ref, cellOf } = this;
      const n = this.at.length;
      if (terms === 'rgb') {
        for (let k = 0; k < n; k++) {
          const a = 3 * k;
          if (tripletChange(terms, d[a]! - ref[a]!, d[a + 1]! - ref[a + 1]!, d[a + 2]! - ref[a + 2]!) > t) counts[cellOf[k]!]!++;
        }
      } else {
        // This loop runs over ~60 000 samples every few frames: the YUV test without tripletChange's dispatch.
        for (let k = 0; k < n; k++) {
          const a = 3 * k;
          if (yuvChangeOver(terms, d[a]! - ref[a]!, d[a + 1]! - ref[a + 1]!, d[a + 2]! - ref[a + 2]!, t)) counts[cellOf[k]!]!++;
        }
      }
    }
    // Connected changed cells (8-neighbours) → bounding boxes.
    const label = new Int32Array(counts.length).fill(-1);
    const out: GridWindow[] = [];
    const stack: number[] = [];
    for (let c = 0; c < counts.length; c++) {
      if (counts[c]! < this.o.minSamples || label[c]! >= 0) continue;
      let c0 = this.cols, c1 = -1, r0 = this.rows, r1 = -1;
      label[c] = out.length;
      stack.push(c);
      while (stack.length) {
        const q = stack.pop()!;
        const ci = q % this.cols, cj = Math.floor(q / this.cols);
        c0 = Math.min(c0, ci); c1 = Math.max(c1, ci); r0 = Math.min(r0, cj); r1 = Math.max(r1, cj);
        for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) {
          const ni = ci + di, nj = cj + dj;
          if (ni < 0 || nj < 0 || ni >= this.cols || nj >= this.rows) continue;
          const n = nj * this.cols + ni;
          if (counts[n]! >= this.o.minSamples && label[n]! < 0) {
            label[n] = out.length;
            stack.push(n);
          }
        }
      }
      const { cell, margin } = this.o;
      out.push(clipWindow(this.g, { i0: c0 * cell - margin, j0: r0 * cell - margin, i1: (c1 + 1) * cell + margin, j1: (r1 + 1) * cell + margin }));
    }
    return out;
  }
}
