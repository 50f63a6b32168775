// Speed of the learned ball detector against the classical one on rendered 1080p frames (one
// thread each): a whole-bed search (the bed region at the calibrated scale) and a tracker's
// window (0.25 m around a ball), on RGB24 and on YUV 4:2:0 frames (as analyze decodes them).
//   node bin/run-ts.mjs test/bench/detector-speed.ts [--model m.onnx] [--frames 12]
// Prints the median wall-clock ms per frame by part (resampling, network, peaks) and the classical
// detector's CPU ms for the same searches. On the shared 2-core machine the wall clock includes
// waiting for the core; repeat runs vary by ~20 %.
import { TableRenderer } from '../../services/sim/render/index.ts';
import { parseCalibration } from '../../services/vision/calibration/calibration-model.ts';
import { quantile, type RgbImage } from '../../services/vision/decode/image.ts';
import { toYuv } from '../support/rgb-to-yuv.ts';
import { BallDetector } from '../../services/vision/detection/detect.ts';
import { DEFAULT_DETECTOR_MODEL, LearnedBallDetector, calibratedScale, type LearnedResult } from '../../services/vision/detection/learned/learned-detector.ts';
import { evalScene } from '../support/render-scenes.ts';

const args = process.argv.slice(2);
const opt = (name: string, d: string): string => { const i = args.indexOf(name); return i >= 0 ? args[i + 1]! : d; };
const model = opt('--model', DEFAULT_DETECTOR_MODEL);
const frames = Number(opt('--frames', '12'));
const det = await LearnedBallDetector.load(model);
const rows: Record<string, { resample: number[]; network: number[]; peaks: number[]; total: number[]; input: string }> = {};
const classical: Record<string, number[]> = { 'whole bed': [], window: [] };
const add = (key: string, r: LearnedResult): void => {
  const row = (rows[key] ??= { resample: [], network: [], peaks: [], total: [], input: `${r.inputWidth}×${r.inputHeight}` });
  row.resample.push(r.ms.resample); row.network.push(r.ms.network); row.peaks.push(r.ms.peaks); row.total.push(r.ms.total);
};
for (let k = 0; k < frames; k++) {
  const seed = 9100 + k;
  const r = new TableRenderer({ width: 1920, height: 1080, seed, cloth: (['green', 'blue', 'red', 'grey'] as const)[k % 4] });
  const scene = evalScene(seed, { layout: k % 2 ? 'rack' : 'scatter', moving: 2 });
  const f = r.render(scene);
  const img: RgbImage = { data: Uint8Array.from(f.rgb), width: f.width, height: f.height };
  const yuv = toYuv(img);
  const cal = parseCalibration(r.calibration.toJSON());
  const scale = calibratedScale(cal);
  const b = f.balls[0]!;
  const half = 0.25 * cal.fx / r.calibration.depth(b.x, b.y, 0);
  const win = { x0: Math.max(0, Math.floor(b.u - half)), y0: Math.max(0, Math.floor(b.v - half)), x1: Math.min(f.width, Math.ceil(b.u + half)), y1: Math.min(f.height, Math.ceil(b.v + half)) };
  add('whole bed, RGB', await det.detect(img, { calibration: cal }));
  add('whole bed, YUV', await det.detect(yuv, { calibration: cal }));
  add('window 0.25 m, YUV', await det.detect(yuv, { calibration: cal, region: win, scale }));
  const cd = new BallDetector(cal);
  cd.learnCloth(yuv);
  classical['whole bed']!.push(cd.detect(yuv).timings.total);
  classical['window']!.push(cd.detect(yuv, [{ x: b.x, y: b.y, radius: 0.25 }]).timings.total);
}
await det.release();
const m = (a: number[]): string => quantile(a, 0.5).toFixed(1).padStart(8);
console.log(`\nLearned ball detector ${model}: median wall-clock ms per 1080p rendered frame (${frames} frames, onnxruntime-node, one thread)`);
console.log(`${'search'.padEnd(22)} ${'input'.padStart(10)} ${'resample'.padStart(8)} ${'network'.padStart(8)} ${'peaks'.padStart(8)} ${'total'.padStart(8)}`);
for (const [k, r] of Object.entries(rows)) console.log(`${k.padEnd(22)} ${r.input.padStart(10)} ${m(r.resample)} ${m(r.network)} ${m(r.peaks)} ${m(r.total)}`);
console.log(`classical BallDetector (CPU ms, YUV): whole bed ${m(classical['whole bed']!)}, window 0.25 m ${m(classical['window']!)}`);
