// The detector data's format, shared by the renders (make-dataset.ts) and the real sources
// (real-data.ts): a folder per set with PNG images already at the detector's working scale and
// labels-<shard>.jsonl, one line per image:
//   {"file", "source", "width", "height", "scale", "balls": [[u, v, r, hidden, blur]], "ignore": [[u, v, r]]}
// u, v: the ball's centre (px, OpenCV convention: pixel centres at integers); r: its radius (px);
// hidden: the fraction of its disc covered (0–1; partly hidden balls are still balls); blur: the
// length of its smear over the exposure (px; 0 at rest). `ignore`: circles the training neither
// rewards nor punishes (a mostly hidden ball, a ball held above the cloth, a stretch of a real
// frame whose labels are not known). `scale`: stored size / original size.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

export type LabelBall = [u: number, v: number, r: number, hidden: number, blur: number];
export type IgnoreCircle = [u: number, v: number, r: number];

export interface LabelLine {
  file: string;
  source: string;
  width: number;
  height: number;
  scale: number;
  balls: LabelBall[];
  ignore: IgnoreCircle[];
  /** Free-form description of the setup (camera kind, cloth …), for breakdowns. */
  info?: Record<string, string | number>;
}

const r2 = (v: number): number => Math.round(v * 100) / 100;

/** Writes one image (RGB24) and appends its label line. */
export async function writeExample(dir: string, shard: number, line: LabelLine, rgb: Uint8Array): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await sharp(rgb, { raw: { width: line.width, height: line.height, channels: 3 } }).png({ compressionLevel: 6 }).toFile(join(dir, line.file));
  const out: LabelLine = {
    ...line,
    scale: Math.round(line.scale * 1e5) / 1e5,
    balls: line.balls.map((b) => b.map(r2) as LabelBall),
    ignore: line.ignore.map((b) => b.map(r2) as IgnoreCircle),
  };
  appendFileSync(join(dir, `labels-${shard}.jsonl`), JSON.stringify(out) + '\n');
}

/** Maps a pixel of an image resized from W to w (sharp, `fit: fill`): pixel centres scale about the edges. */
export const rescaleCoord = (u: number, W: number, w: number): number => (u + 0.5) * (w / W) - 0.5;
