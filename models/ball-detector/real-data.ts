// The real sources as detector training data (read from ../shared/data/real/, never copied into
// the repository; written at the detector's working scale under tmp/ball-detector-data/):
//
// - clips: every frame of each clip of the chosen sources (clips-dev/<source>_clip*), scaled so a
//   ball at the bed's centre spans BALL_PX × 0.8–1.5 px (the calibration of the clip's first
//   frame). The first and last frames carry their boxes. In between, a boxed ball is labelled at
//   its box where its patch still looks as on the labelled frame it came from (a ball resting
//   through the shot); what changed from both labelled frames (moving balls, the cue, the player)
//   is left out of the training (ignore circles), as is a ball whose patch changed (hidden).
//   Frames whose view changed (a camera move or a cut: a third of the blocks changed) are skipped.
// - phone: the balls-phone-yolo train photos (real-phone) and valid photos (real-phone-valid,
//   the training's validation; the test split is the evaluation's),
//   un-stretched to round balls (each photo's median box aspect) and scaled so that their median
//   ball spans BALL_PX × 0.8–1.5 px.
//
//   node bin/run-ts.mjs models/ball-detector/real-data.ts --sources game1,game2,phone
// Writes tmp/ball-detector-data/real-<source>/*.png and labels-0.jsonl (labels.ts).
import { existsSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { Rng } from '../../services/sim/render/prng.ts';
import { calibrate } from '../../services/vision/calibration/calibrate.ts';
import { decodeImage } from '../../services/vision/decode/decode.ts';
import { decodeStream } from '../../services/vision/decode/decode-stream.ts';
import type { RgbImage } from '../../services/vision/decode/image.ts';
import { BALL_PX, ballDiameterAt } from '../../services/vision/detection/learned/learned-detector.ts';
import { FRAMES, labelledPaths, readBoxes, realClips, sourceOf } from '../../test/eval/vision/real.ts';
import { phoneImages } from '../../test/eval/vision/detector-sources.ts';
import { rescaleCoord, writeExample, type IgnoreCircle, type LabelBall } from './labels.ts';

type Box = [number, number, number, number];

/** Mean absolute difference (levels, all channels) of two images over a box. */
function patchDiff(a: RgbImage, b: RgbImage, x0: number, y0: number, x1: number, y1: number): number {
  let s = 0, n = 0;
  const W = a.width;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(a.height, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(W, Math.ceil(x1)); x++) {
      const k = 3 * (y * W + x);
      s += Math.abs(a.data[k]! - b.data[k]!) + Math.abs(a.data[k + 1]! - b.data[k + 1]!) + Math.abs(a.data[k + 2]! - b.data[k + 2]!);
      n += 3;
    }
  }
  return n ? s / n : 0;
}

/** A ball's patch differs from its labelled frame's by more than this (levels): hidden or gone. */
const PATCH_CHANGED = 14;
/** An 8 × 8 block differs from both labelled frames by more than this: something moved there. */
const BLOCK_CHANGED = 14;
const BLOCK = 8;

const centreOf = (b: Box): [number, number] => [b[0] + b[2] / 2 - 0.5, b[1] + b[3] / 2 - 0.5];

async function scaled(img: RgbImage, scale: number, sxFactor = 1): Promise<{ data: Uint8Array; width: number; height: number }> {
  const w = Math.round(img.width * scale * sxFactor), h = Math.round(img.height * scale);
  const raw = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).resize(w, h, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer();
  return { data: new Uint8Array(raw.buffer, raw.byteOffset, raw.length), width: w, height: h };
}

export async function writeClips(source: string, out: string, seed: number, every: number, log: (s: string) => void): Promise<void> {
  const dir = join(out, `real-${source}`);
  const rng = new Rng(seed);
  for (const clip of realClips().filter((c) => sourceOf(c) === source)) {
    const name = basename(clip);
    const ref = { first: await decodeImage(labelledPaths(clip, 'first').png), last: await decodeImage(labelledPaths(clip, 'last').png) };
    const boxes = { first: readBoxes(clip, 'first').map((b) => [b[0], b[1], b[2], b[3]] as Box), last: readBoxes(clip, 'last').map((b) => [b[0], b[1], b[2], b[3]] as Box) };
    const cal = calibrate(ref.first.data, ref.first.width, ref.first.height);
    const d = ballDiameterAt(cal, 0, 0);
    const frames: RgbImage[] = [];
    for await (const f of decodeStream(join(clip, `${name}.mp4`))) frames.push({ data: Uint8Array.from(f.image.data), width: f.image.width, height: f.image.height });
    let kept = 0, skipped = 0;
    for (let t = 0; t < frames.length; t++) {
      const last = t === frames.length - 1;
      if (t !== 0 && !last && t % every !== 0) continue;
      // The labelled frames themselves (the PNGs) stand for the first and the last.
      const img = t === 0 ? ref.first : last ? ref.last : frames[t]!;
      const balls: LabelBall[] = [];
      const ignore: IgnoreCircle[] = [];
      const scale = (BALL_PX * Math.exp(rng.range(Math.log(0.8), Math.log(1.5)))) / d;
      const outImg = await scaled(img, scale);
      const sx = outImg.width / img.width, sy = outImg.height / img.height;
      const put = (b: Box, into: 'ball' | 'ignore'): void => {
        const [u, v] = centreOf(b);
        const U = rescaleCoord(u, img.width, outImg.width), V = rescaleCoord(v, img.height, outImg.height);
        if (into === 'ball') balls.push([U, V, (Math.min(b[2], b[3]) / 2) * Math.sqrt(sx * sy), 0, 0]);
        else ignore.push([U, V, (Math.max(b[2], b[3]) / 2) * Math.sqrt(sx * sy) * 1.3]);
      };
      if (t === 0 || last) {
        for (const b of boxes[t === 0 ? 'first' : 'last']) put(b, 'ball');
      } else {
        // Blocks that changed from both labelled frames: moving balls, the cue, the player.
        const changed: [number, number][] = [];
        const nb = Math.ceil(img.width / BLOCK) * Math.ceil(img.height / BLOCK);
        for (let y = 0; y < img.height; y += BLOCK) {
          for (let x = 0; x < img.width; x += BLOCK) {
            if (patchDiff(img, ref.first, x, y, x + BLOCK, y + BLOCK) > BLOCK_CHANGED && patchDiff(img, ref.last, x, y, x + BLOCK, y + BLOCK) > BLOCK_CHANGED) changed.push([x + BLOCK / 2 - 0.5, y + BLOCK / 2 - 0.5]);
          }
        }
        if (changed.length > nb / 3) {
          skipped++;
          continue;
        }
        const placed: [number, number][] = [];
        for (const which of FRAMES) {
          for (const b of boxes[which]) {
            const [u, v] = centreOf(b);
            if (placed.some(([pu, pv]) => Math.hypot(pu - u, pv - v) < 3)) continue;
            placed.push([u, v]);
            const same = patchDiff(img, ref[which], b[0], b[1], b[0] + b[2], b[1] + b[3]) <= PATCH_CHANGED;
            put(b, same ? 'ball' : 'ignore');
          }
        }
        for (const [u, v] of changed) ignore.push([rescaleCoord(u, img.width, outImg.width), rescaleCoord(v, img.height, outImg.height), BLOCK * 0.75 * Math.sqrt(sx * sy)]);
      }
      await writeExample(dir, 0, { file: `${name}-${String(t).padStart(4, '0')}.png`, source, width: outImg.width, height: outImg.height, scale: sx, balls, ignore, info: { clip: name, frame: t, labelled: t === 0 || last ? 1 : 0 } }, outImg.data);
      kept++;
    }
    log(`${name}: ${frames.length} frames, ${kept} written, ${skipped} skipped (view changed); ball ${d.toFixed(1)} px`);
  }
}

export async function writePhone(out: string, seed: number, log: (s: string) => void): Promise<void> {
  const rng = new Rng(seed);
  let n = 0;
  for (const split of ['train', 'valid'] as const) {
    // The valid split is the training's validation (the threshold), never trained on.
    const dir = join(out, split === 'train' ? 'real-phone' : 'real-phone-valid');
    for (const im of phoneImages(split)) {
      if (!im.boxes.length) continue;
      const img = await decodeImage(im.path);
      const aspects = im.boxes.map((b) => b[3] / b[2]).sort((a, b) => a - b);
      // Photos were stretched to 640 × 640: widen (or narrow) so the balls are round again.
      const stretch = Math.max(0.5, Math.min(2.5, aspects[Math.floor(aspects.length / 2)]!));
      const sizes = im.boxes.map((b) => Math.sqrt(b[2] * stretch * b[3])).sort((a, b) => a - b);
      const scale = (BALL_PX * Math.exp(rng.range(Math.log(0.8), Math.log(1.5)))) / sizes[Math.floor(sizes.length / 2)]!;
      const o = await scaled(img, scale, stretch);
      const sx = o.width / img.width, sy = o.height / img.height;
      const balls: LabelBall[] = im.boxes.map((b) => {
        const [u, v] = centreOf(b);
        return [rescaleCoord(u, img.width, o.width), rescaleCoord(v, img.height, o.height), (Math.sqrt(b[2] * sx * b[3] * sy) / 2), 0, 0];
      });
      await writeExample(dir, 0, { file: `${split}-${String(n).padStart(4, '0')}.png`, source: 'phone', width: o.width, height: o.height, scale: sy, balls, ignore: [], info: { split, name: im.name, stretch: Math.round(stretch * 100) / 100 } }, o.data);
      n++;
    }
  }
  log(`phone: ${n} photos written`);
}

if (process.argv[1]?.endsWith('real-data.ts')) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'tmp/ball-detector-data' },
      sources: { type: 'string', default: 'game1,game2,phone' },
      every: { type: 'string', default: '1' },
      seed: { type: 'string', default: '19' },
    },
  });
  const t0 = performance.now();
  for (const source of values.sources.split(',')) {
    for (const d of source === 'phone' ? ['real-phone', 'real-phone-valid'] : [`real-${source}`]) {
      const labels = join(values.out, d, 'labels-0.jsonl');
      if (existsSync(labels)) rmSync(labels);
    }
    if (source === 'phone') await writePhone(values.out, Number(values.seed), console.log);
    else await writeClips(source, values.out, Number(values.seed) + source.length * 1000 + source.charCodeAt(source.length - 1), Number(values.every), console.log);
  }
  console.log(`done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
