// Speed of `railbird analyze` on a 1080p60 recording against the floor it stands on: ffmpeg's
// decode into Node alone, measured in the same run on the same file. Prints frames/s, the
// real-time factor (video seconds per wall-clock second, target ≥ 2) and the cost of each stage.
// The recording is simulated (a match of 8 shots with brisk pauses, ~1 min of 1080p60: mostly
// balls at rest, as a match is) unless BENCH_VIDEO names one (with
// BENCH_CALIBRATION, else it is calibrated from its first frames).
//   node bin/run-ts.mjs test/bench/analyze-speed.ts          (also run by npm run bench)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeVideo, type AnalyzeResult } from '../../services/analyze/analyze.ts';
import { decodeStream, type PixelFormat } from '../../services/vision/decode/decode-stream.ts';
import { recordSimulation } from '../../services/sim/recording/record.ts';

interface Source { video: string; calibration: string | undefined; cleanup: () => void }

async function source(): Promise<Source> {
  if (process.env.BENCH_VIDEO) return { video: process.env.BENCH_VIDEO, calibration: process.env.BENCH_CALIBRATION, cleanup: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'railbird-bench-analyze-'));
  process.stderr.write('analyze bench: simulating and filming a 1080p60 recording (8 shots, ~2 min)…\n');
  await recordSimulation({ game: '9ball', shots: 8, seed: 21, fps: 60, width: 1920, height: 1080, out: dir, players: ['Ann', 'Bob'], table: '9ft', preset: 'default', brisk: true });
  return { video: join(dir, 'recording.mp4'), calibration: join(dir, 'calibration.json'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Rate { fps: number; frames: number; videoSeconds: number; nodeMs: number; ffmpegMs: number | null }

/** Frames/s if both cores were ours, from CPU time: Node's work on `threads` cores at most, all work on two. */
const idleFps = (frames: number, nodeMs: number, ffmpegMs: number | null, threads = 1): number =>
  Math.min((Math.min(2, threads) * frames) / (nodeMs / 1000), (2 * frames) / ((nodeMs + (ffmpegMs ?? 0)) / 1000));

/** Decode only: frames/s of ffmpeg → Node, its CPU time, and the video's length. */
async function decodeOnly(video: string, pixelFormat: PixelFormat, width?: number, stdout = false): Promise<Rate> {
  // Read as analyze reads it (frame buffers recycled, one decoding thread, through a FIFO unless `stdout`).
  const s = decodeStream(video, { benchmark: true, recycle: true, threads: 1, stdout, pixelFormat, ...(width ? { scale: { width } } : {}) });
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let n = 0;
  let last = 0;
  for await (const f of s) { n++; last = f.t; }
  const c = process.cpuUsage(c0);
  const info = await s.info;
  return { fps: n / ((performance.now() - t0) / 1000), frames: n, videoSeconds: last + 1 / info.fps, nodeMs: (c.user + c.system) / 1000, ffmpegMs: s.stats.ffmpegCpuMs };
}

function rateRows(label: string, r: Rate, threads = 1): Record<string, string> {
  const per = (ms: number | null): string => (ms === null ? '-' : (ms / r.frames).toFixed(2));
  return {
    [`${label}: frames/s`]: r.fps.toFixed(1),
    [`${label}: CPU ms/frame, Node / ffmpeg`]: `${per(r.nodeMs)} / ${per(r.ffmpegMs)}`,
    [`${label}: frames/s if both cores were ours (from CPU)`]: idleFps(r.frames, r.nodeMs, r.ffmpegMs, threads).toFixed(1),
  };
}

function stageRows(r: AnalyzeResult): Record<string, string> {
  const per = (ms: number): string => (ms / Math.max(1, r.frames)).toFixed(2);
  const s = r.stats;
  const rows: Record<string, string> = {
    'waiting for decode (ms/frame)': per(s.waitMs),
    'vision, whole step (ms/frame)': per(s.visionMs),
    '  detection, wall (ms/frame)': per(s.detectMs),
  };
  for (const [k, v] of Object.entries(s.stages)) rows[`    ${k} (CPU ms/frame)`] = per(v);
  rows['  tracker (CPU ms/frame)'] = per(s.trackMs);
  rows['  identity crops + model (ms/frame)'] = per(s.identityMs);
  rows['  learned detector looks (ms/frame)'] = per(s.learnedMs);
  rows['  full-bed searches (% of frames)'] = ((100 * s.fullSearches) / Math.max(1, r.frames)).toFixed(0);
  rows['event inference (s)'] = r.seconds.events.toFixed(2);
  rows['judge (s)'] = r.seconds.judge.toFixed(2);
  rows['shot pictures (s)'] = r.seconds.pictures.toFixed(2);
  return rows;
}

export async function benchAnalyze(): Promise<void> {
  const src = await source();
  try {
    const out = mkdtempSync(join(tmpdir(), 'railbird-bench-out-'));
    const dec = await decodeOnly(src.video, 'yuv420p');
    const rows: Record<string, string> = {
      ...rateRows('decode only, ffmpeg → Node (YUV 4:2:0, as analyze reads)', dec),
      ...rateRows('decode only, RGB24 (before 2026-12-04, 2nd session)', await decodeOnly(src.video, 'rgb24')),
      ...rateRows('decode only, RGB24 from ffmpeg\'s stdout (before 2026-12-04)', await decodeOnly(src.video, 'rgb24', undefined, true)),
      ...rateRows('decode only, scaled to 960 wide', await decodeOnly(src.video, 'yuv420p', 960)),
    };
    const runs: [string, { width?: number; fps?: number; jobs: number; pixelFormat?: PixelFormat }][] = [
      ['full size, --jobs 1', { jobs: 1 }], ['full size, --jobs 2', { jobs: 2 }], ['full size, --jobs 2, RGB24 frames', { jobs: 2, pixelFormat: 'rgb24' }],
      ['--width 960 --jobs 2', { width: 960, jobs: 2 }], ['--width 960 --fps 30 --jobs 2', { width: 960, fps: 30, jobs: 2 }],
    ];
    const results: [string, AnalyzeResult][] = [];
    for (const [label, opts] of runs) {
      const t0 = performance.now();
      const r = await analyzeVideo({
        video: src.video, out: join(out, label.replace(/\W+/g, '')), game: '9ball', players: ['Ann', 'Bob'],
        ...(src.calibration ? { calibration: src.calibration } : {}), ...opts,
      });
      const wall = (performance.now() - t0) / 1000;
      results.push([label, r]);
      Object.assign(rows, rateRows(`analyze ${label} (decode + vision)`, { fps: r.frames / r.seconds.track, frames: r.frames, videoSeconds: dec.videoSeconds, nodeMs: r.cpu.nodeMs, ffmpegMs: r.cpu.ffmpegMs }, opts.jobs));
      rows[`analyze ${label}: whole run (s)`] = wall.toFixed(1);
      rows[`analyze ${label}: real-time factor (target ≥ 2)`] = (dec.videoSeconds / wall).toFixed(2);
      const idle = idleFps(r.frames, r.cpu.nodeMs, r.cpu.ffmpegMs, opts.jobs);
      rows[`analyze ${label}: real-time factor if both cores were ours (decode + vision)`] = ((idle * dec.videoSeconds) / r.frames).toFixed(2);
    }
    rmSync(out, { recursive: true, force: true });
    console.log(`\nrailbird analyze on ${dec.frames} frames (${dec.videoSeconds.toFixed(1)} s of 1080p60, ${src.video}) — ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`);
    console.table(rows);
    // Per-stage CPU figures are process-wide: only the one-thread run's are per frame of one pipeline.
    for (const [label, r] of results.slice(0, 1)) {
      console.log(`per stage, ${label}:`);
      console.table(stageRows(r));
    }
  } finally {
    src.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAnalyze();
