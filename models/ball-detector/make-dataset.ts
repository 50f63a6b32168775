// Renders the ball-detector data set (models/ball-detector/scenes.ts setups and frames through
// post.ts's camera), each image scaled so that a ball at the bed's centre spans BALL_PX × 0.8–1.5
// px, labelled with every ball's centre, radius, hidden fraction and smear. Deterministic by seed;
// one process at a time on the shared machine (shard it across runs if wanted):
//   node bin/run-ts.mjs models/ball-detector/make-dataset.ts --split train --configs 300 --frames 8
// Writes tmp/ball-detector-data/<split>/*.png and labels-<shard>.jsonl (labels.ts).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BALL_RADIUS } from '../../services/table/spec.ts';
import { Rng } from '../../services/sim/render/prng.ts';
import { BALL_PX } from '../../services/vision/detection/learned/learned-detector.ts';
import { detectorRenderer, detectorScene, randomDetectorConfig, type DetectorConfig } from './scenes.ts';
import { postProcess, randomPost } from './post.ts';
import { rescaleCoord, writeExample, type IgnoreCircle, type LabelBall } from './labels.ts';

const R = BALL_RADIUS;

/** First configuration seed of each split: the evaluation's renders (seeds 9000+, other code) never meet these. */
export const SPLIT_SEEDS = { train: 1_000_000, val: 2_000_000 } as const;
export type Split = keyof typeof SPLIT_SEEDS;

/** Renders `frames` frames of one setup and writes them. */
export async function renderConfig(cfg: DetectorConfig, frames: number, dir: string, shard: number): Promise<number> {
  const r = detectorRenderer(cfg);
  const cal = r.calibration;
  const rng = new Rng(cfg.seed ^ 0x3e77);
  const diameter = (x: number, y: number, z: number): number => (2 * cal.fx * R) / cal.depth(x, y, z);
  const centre = diameter(0, 0, R);
  let balls = 0;
  for (let k = 0; k < frames; k++) {
    const { scene, extras } = detectorScene(rng, cfg.table);
    scene.frame = k;
    const f = r.render(scene);
    const post = randomPost(rng);
    const scale = (BALL_PX * Math.exp(rng.range(Math.log(0.8), Math.log(1.5)))) / centre;
    const out = await postProcess(f.rgb, f.width, f.height, post, scale);
    const sx = out.width / f.width, sy = out.height / f.height;
    const labelled: LabelBall[] = [];
    const ignore: IgnoreCircle[] = [];
    f.balls.forEach((t, i) => {
      const b = scene.balls[i]!;
      const z = b.z ?? R;
      const rad = (diameter(b.x, b.y, z) / 2) * sx;
      const u = rescaleCoord(t.u, f.width, out.width), v = rescaleCoord(t.v, f.height, out.height);
      if (u < -rad || v < -rad || u > out.width - 1 + rad || v > out.height - 1 + rad) return;
      let blur = 0;
      if (b.v) {
        const h = r.exposure / 2;
        const p0 = cal.tableToImage(b.x - b.v.x * h, b.y - b.v.y * h, z), p1 = cal.tableToImage(b.x + b.v.x * h, b.y + b.v.y * h, z);
        blur = Math.hypot((p1.u - p0.u) * sx, (p1.v - p0.v) * sy);
      }
      // Mostly hidden, held above the cloth, or its centre off the image: neither a ball to find nor background.
      if (t.occludedFraction > 0.7 || z > R + 0.005 || !t.inImage) ignore.push([u, v, rad * 1.2 + blur / 2]);
      else labelled.push([u, v, rad, t.occludedFraction, blur]);
    });
    balls += labelled.length;
    await writeExample(dir, shard, {
      file: `${cfg.seed}-${k}.png`, source: 'renders', width: out.width, height: out.height, scale: sx, balls: labelled, ignore,
      info: { camera: cfg.camera, tilt: Math.round((Math.hypot(cfg.tiltX, cfg.tiltY) * 180) / Math.PI), jaws: extras.jaws.size, jpeg: post.jpeg },
    }, out.data);
  }
  return balls;
}

if (process.argv[1]?.endsWith('make-dataset.ts')) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'tmp/ball-detector-data' },
      split: { type: 'string', default: 'train' },
      configs: { type: 'string', default: '300' },
      frames: { type: 'string', default: '8' },
      first: { type: 'string', default: '0' },
      shard: { type: 'string', default: '0' },
      shards: { type: 'string', default: '1' },
    },
  });
  const split = values.split as Split;
  if (!(split in SPLIT_SEEDS)) throw new Error(`--split must be one of ${Object.keys(SPLIT_SEEDS).join(', ')}`);
  const shard = Number(values.shard), shards = Number(values.shards);
  const dir = join(values.out, `renders-${split}`);
  const labels = join(dir, `labels-${shard}.jsonl`);
  if (Number(values.first) === 0 && existsSync(labels)) rmSync(labels);
  const t0 = performance.now();
  for (let i = Number(values.first) + shard; i < Number(values.configs); i += shards) {
    const cfg = randomDetectorConfig(SPLIT_SEEDS[split] + i);
    const t1 = performance.now();
    const n = await renderConfig(cfg, Number(values.frames), dir, shard);
    console.log(`${split} config ${i} ${cfg.camera} ${cfg.width}x${cfg.height} ${cfg.table} cloth ${cfg.cloth.join(',')}: ${n} balls in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  }
  console.log(`done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
