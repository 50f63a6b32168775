// Vision speed: `node bin/run-ts.mjs test/bench/vision.ts [--video DIR] [--start N] [--frames N] [--rgb]`.
// Frames are YUV 4:2:0 as analyze and the live service decode them (--rgb: RGB24).
// Runs the whole per-frame pipeline (detection, key-frame checks of resting balls, tracking,
// identity) over a stretch of a 1080p recording (default: the bundled demo's rack, break and the
// shots after it) and prints ms per frame by the stages' clock (detect.ts `stageMs`, the wall
// clock: their CPU time on a core nobody else uses, more on a loaded machine): each stage's
// median, and the total's median / mean / p90, over all frames and by kind of frame (whole-bed
// search or windows). Decoding is not counted.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCalibration } from '../../services/vision/calibration/calibration-model.ts';
import { readTracks, streamFrames } from '../eval/vision/video.ts';
import { quantile } from '../../services/vision/decode/image.ts';
import { VisionPipeline } from '../../services/vision/pipeline.ts';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : dflt;
};
const dir = opt('--video', fileURLToPath(new URL('../../recordings/demo', import.meta.url)));
const start = Number(opt('--start', '120'));
const frames = Number(opt('--frames', '600'));
const cal = loadCalibration(join(dir, 'calibration.json'));
const truth = readTracks(join(dir, 'tracks.jsonl'));
const pipe = new VisionPipeline(cal);
const STAGES = ['rectify', 'difference', 'edges', 'votes', 'candidates', 'refine', 'blobs'] as const;
type Row = Record<(typeof STAGES)[number] | 'static' | 'track' | 'identity' | 'total', number> & { full: boolean; crops: number; reused: number };
const rows: Row[] = [];
await streamFrames(join(dir, 'recording.mp4'), { width: cal.imageWidth, height: cal.imageHeight }, start, frames, async (img, k) => {
  const pf = await pipe.process(img, truth[k]?.t ?? k / 30);
  const t = pf.timings;
  rows.push({
    rectify: t.rectify, difference: t.difference, edges: t.edges, votes: t.votes, candidates: t.candidates, refine: t.refine, blobs: t.blobs,
    static: pf.staticMs, track: pf.trackMs, identity: pf.identity.ms, total: t.total + pf.staticMs + pf.trackMs + pf.identity.ms,
    full: pf.fullSearch, crops: pf.identity.crops, reused: pf.reused,
  });
}, args.includes('--rgb') ? 'rgb24' : 'yuv420p');
await pipe.release();

const mean = (a: number[]): number => a.reduce((s, v) => s + v, 0) / Math.max(1, a.length);
const line = (name: string, rs: Row[]): void => {
  if (!rs.length) return;
  const col = (k: keyof Row): number[] => rs.map((r) => Number(r[k]));
  const stages = [...STAGES, 'static', 'track', 'identity'] as const;
  console.log(`${name.padEnd(9)} ${String(rs.length).padStart(5)} frames | total median ${quantile(col('total'), 0.5).toFixed(2)}, mean ${mean(col('total')).toFixed(2)}, p90 ${quantile(col('total'), 0.9).toFixed(2)}`);
  console.log(`          stage medians: ${stages.map((k) => `${k} ${quantile(col(k), 0.5).toFixed(2)}`).join(' | ')}`);
  console.log(`          stage means:   ${stages.map((k) => `${k} ${mean(col(k)).toFixed(2)}`).join(' | ')}; crops/frame ${mean(col('crops')).toFixed(2)}, balls kept by key frame ${mean(col('reused')).toFixed(2)}`);
};
console.log(`Vision pipeline per 1080p frame, ms (one core, the stages' clock): ${dir}, frames ${start}–${start + rows.length - 1}, ${args.includes('--rgb') ? 'RGB24' : 'YUV 4:2:0'} frames`);
line('all', rows);
line('windowed', rows.filter((r) => !r.full));
line('whole bed', rows.filter((r) => r.full));
