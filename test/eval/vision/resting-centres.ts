// Where the classical detector reads resting balls in rendered recordings, against the
// simulator's tracks: `node bin/run-ts.mjs test/eval/vision/resting-centres.ts DIR… [--times 12,24,36,48]`.
// Each DIR is a recording as the simulator writes it (recording.mp4, tracks.jsonl,
// calibration.json; `test/eval/analyze-video.ts` caches them under tmp/analyze-eval/). At each
// time, the frame is searched whole, with the simulator's calibration (the detector's error
// alone, not the calibration's), and every ball at rest then (unmoved over the 10 frames before)
// is matched to the nearest detection. Rows: all balls, then the worst (cloth, ball) pairs by
// their 90th percentile: a ball whose colour is near the cloth's is where readings go wrong.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { CLOTHS } from '../../../services/sim/render/palette.ts';
import { loadCalibration } from '../../../services/vision/calibration/calibration-model.ts';
import { dominantClothColour } from '../../../services/vision/calibration/cloth-colour.ts';
import type { RgbImage } from '../../../services/vision/decode/image.ts';
import { BallDetector } from '../../../services/vision/detection/detect.ts';

const args = process.argv.slice(2);
const k = args.indexOf('--times');
const times = (k >= 0 ? args[k + 1]! : '12,24,36,48').split(',').map(Number);
const dirs = args.filter((a, i) => !a.startsWith('--') && (k < 0 || i !== k + 1));
/** A ball read farther than this (m) from where it lies was not found (hidden by the player, the cue). */
const NOT_FOUND = 0.03;
const WRONG = 0.003;

function frameAt(dir: string, t: number, width: number, height: number): RgbImage {
  const rgb = execFileSync('ffmpeg', ['-v', 'error', '-ss', String(t), '-i', `${dir}/recording.mp4`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 3 * width * height + 1024 });
  return { data: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length), width, height };
}

/** The renderer's cloth nearest the frame's dominant cloth colour (chromaticity). */
function clothName(img: RgbImage): string {
  const c = dominantClothColour(img);
  let best = '';
  let bestD = Infinity;
  for (const [name, [r, g, b]] of Object.entries(CLOTHS)) {
    const s = r + g + b;
    const d = Math.hypot(r / s - c.r, g / s - c.g);
    if (d < bestD) { bestD = d; best = name; }
  }
  return best;
}

interface Reading { key: string; error: number }
const readings: Reading[] = [];
const wrong: string[] = [];
for (const dir of dirs) {
  const cal = loadCalibration(`${dir}/calibration.json`);
  const tracks = readFileSync(`${dir}/tracks.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { t: number; balls: { id: number; x: number; y: number }[] });
  const detector = new BallDetector(cal);
  const first = frameAt(dir, 0.2, cal.imageWidth, cal.imageHeight);
  detector.learnCloth(first);
  const cloth = clothName(first);
  for (const t of times) {
    const at = tracks.findIndex((f) => f.t >= t);
    if (at < 10) continue;
    const now = tracks[at]!;
    const before = tracks[at - 10]!;
    const found = detector.detect(frameAt(dir, now.t, cal.imageWidth, cal.imageHeight)).balls;
    for (const b of now.balls) {
      const was = before.balls.find((q) => q.id === b.id);
      if (!was || Math.hypot(was.x - b.x, was.y - b.y) > 1e-4) continue;
      const error = Math.min(...found.map((d) => Math.hypot(d.x - b.x, d.y - b.y)));
      readings.push({ key: `${cloth} cloth, ball ${b.id}`, error });
      if (error > WRONG && error <= NOT_FOUND) wrong.push(`${basename(dir)} ${now.t.toFixed(2)} s ball ${b.id}: ${(error * 1000).toFixed(1)} mm`);
    }
  }
}

const q = (v: readonly number[], f: number): number => v[Math.min(v.length - 1, Math.floor(f * v.length))]!;
const row = (v: number[], notFound: number): Record<string, string | number> => {
  v.sort((a, b) => a - b);
  return { balls: v.length + notFound, 'not found': notFound, 'median (mm)': (1000 * q(v, 0.5)).toFixed(2), 'p90 (mm)': (1000 * q(v, 0.9)).toFixed(2), 'p99 (mm)': (1000 * q(v, 0.99)).toFixed(2), '> 3 mm': v.filter((e) => e > WRONG).length };
};
const table: Record<string, Record<string, string | number>> = {};
const found = readings.filter((r) => r.error <= NOT_FOUND);
table['all'] = row(found.map((r) => r.error), readings.length - found.length);
const byKey = new Map<string, number[]>();
for (const r of found) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r.error]);
const worst = [...byKey].filter(([, v]) => v.length >= 5).sort(([, a], [, b]) => q([...b].sort((x, y) => x - y), 0.9) - q([...a].sort((x, y) => x - y), 0.9)).slice(0, 8);
for (const [key, v] of worst) table[key] = row(v, 0);
console.log(`Resting balls in ${dirs.length} rendered recordings at ${times.join(', ')} s, the whole frame searched with the simulator's calibration: centre error against its tracks`);
console.table(table);
if (wrong.length) console.log(`Read more than 3 mm off:\n  ${wrong.join('\n  ')}`);
