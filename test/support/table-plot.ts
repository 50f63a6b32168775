// A tiny top-view plotter for checking event inference by eye: the table, ball paths, and
// markers where events were inferred, drawn into an RGB buffer and saved as PNG.
import { writePng } from '../../services/capture/still-image.ts';

export type Rgb = readonly [number, number, number];

export class TablePlot {
  readonly width: number;
  readonly height: number;
  private readonly rgb: Uint8Array;
  private readonly scale: number;
  private readonly margin: number;

  /** A plot of a table `length` × `width` metres (origin at its centre), `pixelsPerMetre` across. */
  constructor(private readonly length: number, private readonly tableWidth: number, pixelsPerMetre = 400, margin = 24) {
    this.scale = pixelsPerMetre;
    this.margin = margin;
    this.width = Math.round(length * pixelsPerMetre) + 2 * margin;
    this.height = Math.round(tableWidth * pixelsPerMetre) + 2 * margin;
    this.rgb = new Uint8Array(this.width * this.height * 3);
    this.fillRect(0, 0, this.width, this.height, [70, 45, 30]);
    this.fillRect(margin, margin, this.width - 2 * margin, this.height - 2 * margin, [20, 95, 60]);
  }

  /** Pixel column and row of table point (x, y): x to the right, y up. */
  private px(x: number, y: number): [number, number] {
    return [this.margin + (x + this.length / 2) * this.scale, this.margin + (this.tableWidth / 2 - y) * this.scale];
  }

  private set(i: number, j: number, c: Rgb): void {
    if (i < 0 || j < 0 || i >= this.width || j >= this.height) return;
    const k = (j * this.width + i) * 3;
    this.rgb[k] = c[0];
    this.rgb[k + 1] = c[1];
    this.rgb[k + 2] = c[2];
  }

  private fillRect(i0: number, j0: number, w: number, h: number, c: Rgb): void {
    for (let j = j0; j < j0 + h; j++) for (let i = i0; i < i0 + w; i++) this.set(i, j, c);
  }

  /** A straight line between two table points, `thick` pixels wide. */
  line(a: { x: number; y: number }, b: { x: number; y: number }, c: Rgb, thick = 1): void {
    const [i0, j0] = this.px(a.x, a.y);
    const [i1, j1] = this.px(b.x, b.y);
    const n = Math.max(1, Math.ceil(Math.hypot(i1 - i0, j1 - j0)));
    const r = (thick - 1) / 2;
    for (let k = 0; k <= n; k++) {
      const i = i0 + ((i1 - i0) * k) / n;
      const j = j0 + ((j1 - j0) * k) / n;
      for (let di = -r; di <= r; di++) for (let dj = -r; dj <= r; dj++) this.set(Math.round(i + di), Math.round(j + dj), c);
    }
  }

  /** A circle of `radius` metres around a table point (a ring, or a disc when filled). */
  circle(p: { x: number; y: number }, radius: number, c: Rgb, filled = false): void {
    const [ci, cj] = this.px(p.x, p.y);
    const r = radius * this.scale;
    for (let j = Math.floor(cj - r - 1); j <= cj + r + 1; j++) {
      for (let i = Math.floor(ci - r - 1); i <= ci + r + 1; i++) {
        const d = Math.hypot(i - ci, j - cj);
        if (filled ? d <= r : Math.abs(d - r) <= 0.8) this.set(i, j, c);
      }
    }
  }

  /** A small cross (an event marker) at a table point. */
  cross(p: { x: number; y: number }, c: Rgb, size = 5): void {
    const [i, j] = this.px(p.x, p.y);
    for (let k = -size; k <= size; k++) {
      this.set(Math.round(i + k), Math.round(j + k), c);
      this.set(Math.round(i + k), Math.round(j - k), c);
    }
  }

  save(path: string): Promise<void> {
    return writePng(path, this.rgb, this.width, this.height);
  }
}
