// The vision pipeline on a rendered video against its true tracks (the simulator's
// tracks.jsonl): frames streamed from ffmpeg one at a time (YUV 4:2:0 as analyze has them, or RGB24), the pipeline run on each, its
// balls matched to the true balls by nearest position (greedy, within a ball radius plus half
// the true ball's travel in a frame). Scores: detection recall (true balls not hidden) and
// precision (detected balls; recall also for balls inside the cushion noses only, as balls
// hanging in a pocket's jaws are not searched), per-frame id accuracy of the matched balls (right / unknown /
// wrong), identity switches (a true ball's matched id changing from one ball number to
// another), and the per-frame costs of the stages.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ffmpegPath } from '../../../services/capture/ffmpeg-path.ts';
import { parseTracks, type TrackFrame } from '../../../services/contract/tracks.ts';
import { BALL_RADIUS, TABLE_SPECS, type TableSpec } from '../../../services/table/spec.ts';
import type { VisionCalibration } from '../../../services/vision/calibration/calibration-model.ts';
import { matchNearest } from '../../support/detection-metrics.ts';
import type { PixelFormat } from '../../../services/vision/decode/decode-stream.ts';
import { yuv420Bytes, yuv420Image, yuvToRgb, type VideoImage } from '../../../services/vision/decode/yuv-image.ts';
import { VisionPipeline, type PipelineFrame, type PipelineOptions } from '../../../services/vision/pipeline.ts';

/** Calls `onFrame` for frames [start, start + count) of a video, decoded one at a time (rgb24). */
export async function streamFrames(path: string, size: { width: number; height: number }, start: number, count: number, onFrame: (img: VideoImage, index: number) => Promise<void>, pixelFormat: PixelFormat = 'rgb24'): Promise<number> {
  const yuv = pixelFormat === 'yuv420p';
  const bytes = yuv ? yuv420Bytes(size.width, size.height) : size.width * size.height * 3;
  // Railbird's renders carry no colour tags: BT.601, limited range, as ffmpeg takes them.
  const colour = yuvToRgb('bt601', false);
  const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', path, '-vf', `select=gte(n\\,${start})`, '-vsync', '0', '-frames:v', String(count), '-f', 'rawvideo', '-pix_fmt', pixelFormat, 'pipe:1'];
  const proc = spawn(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.setEncoding('utf8');
  proc.stderr.on('data', (s: string) => { stderr += s; });
  const closed = new Promise<number | null>((resolve, reject) => {
    proc.on('error', reject);
    proc.on('close', resolve);
  });
  let buf = Buffer.alloc(bytes);
  let fill = 0;
  let n = 0;
  for await (const chunk of proc.stdout as AsyncIterable<Buffer>) {
    let o = 0;
    while (o < chunk.length) {
      const take = Math.min(bytes - fill, chunk.length - o);
      chunk.copy(buf, fill, o, o + take);
      fill += take;
      o += take;
      if (fill === bytes) {
        const data = new Uint8Array(buf.buffer, buf.byteOffset, bytes);
        await onFrame(yuv ? yuv420Image(data, size.width, size.height, colour) : { data, width: size.width, height: size.height }, start + n++);
        buf = Buffer.alloc(bytes);
        fill = 0;
      }
    }
  }
  const code = await closed;
  if (code !== 0) throw new Error(`ffmpeg could not decode ${path}: ${stderr.trim().split('\n').slice(-2).join(' ')}`);
  return n;
}

export interface VideoScore {
  frames: number;
  /** True balls not hidden, and those found. */
  visible: number;
  found: number;
  /** The same for true balls whose centre lies inside the cushion noses (not hanging in a pocket's jaws). */
  visibleBed: number;
  foundBed: number;
  /** Detected (not coasting) pipeline balls, and those on some true ball. */
  detections: number;
  correct: number;
  /** Matched pairs by the pipeline ball's id: right, null (unknown), wrong. */
  idRight: number;
  idUnknown: number;
  idWrong: number;
  /** A true ball's matched (non-null) id changing to another ball number. */
  idSwitches: number;
  /** A true ball's matched track changing. */
  trackSwitches: number;
  /** Wrong ids, truth → reported: count. */
  confusions: Map<string, number>;
  /** Per-frame CPU ms: detection total, tracker, identity; crops classified. */
  detectMs: number[];
  windowedMs: number[];
  trackMs: number[];
  identityMs: number[];
  crops: number[];
  stages: PipelineFrame['timings'][];
  rack: string;
}

export function readTracks(path: string): TrackFrame[] {
  const r = parseTracks(readFileSync(path, 'utf8'));
  if (!r.ok) throw new Error(`${path}: ${r.error.message}`);
  return r.value;
}

/** Runs a pipeline over frames [start, start + count) of a recording and scores it against its tracks. */
export async function evalVideo(video: string, truth: readonly TrackFrame[], cal: VisionCalibration, o: { start?: number; count?: number; pipeline?: PipelineOptions; pixelFormat?: PixelFormat; inspect?: (k: number, truth: TrackFrame, pf: PipelineFrame) => void } = {}): Promise<VideoScore> {
  const start = o.start ?? 0;
  const count = Math.min(o.count ?? truth.length, truth.length - start);
  const pipe = new VisionPipeline(cal, o.pipeline);
  const s: VideoScore = {
    frames: 0, visible: 0, found: 0, visibleBed: 0, foundBed: 0, detections: 0, correct: 0, idRight: 0, idUnknown: 0, idWrong: 0, idSwitches: 0, trackSwitches: 0,
    confusions: new Map(), detectMs: [], windowedMs: [], trackMs: [], identityMs: [], crops: [], stages: [], rack: 'none',
  };
  const lastId = new Map<number, number>();
  const lastTrack = new Map<number, number>();
  try {
    await streamFrames(video, { width: cal.imageWidth, height: cal.imageHeight }, start, count, async (img, k) => {
      const tf = truth[k]!;
      const pf = await pipe.process(img, tf.t);
      s.frames++;
      (pf.fullSearch ? s.detectMs : s.windowedMs).push(pf.timings.total);
      s.stages.push(pf.timings);
      s.trackMs.push(pf.trackMs + pf.staticMs);
      s.identityMs.push(pf.identity.ms);
      s.crops.push(pf.identity.crops);
      if (pf.identity.rack && s.rack === 'none') s.rack = `frame ${k}: ids ${pf.identity.rack.ids.join(',')}, set ${pf.identity.rack.fit.set ?? '-'}`;
      scoreFrame(s, tf, truth[k - 1] ?? null, pf, lastId, lastTrack, TABLE_SPECS[cal.table]);
      o.inspect?.(k, tf, pf);
    }, o.pixelFormat ?? 'yuv420p');
  } finally {
    await pipe.release();
  }
  return s;
}

function scoreFrame(s: VideoScore, tf: TrackFrame, prev: TrackFrame | null, pf: PipelineFrame, lastId: Map<number, number>, lastTrack: Map<number, number>, spec: TableSpec): void {
  const seen = pf.balls.filter((b) => !b.occluded);
  const { tUsed, dUsed } = matchNearest(tf.balls, seen, (b) => {
    const p = prev?.balls.find((q) => q.id === b.id);
    return BALL_RADIUS + (p ? Math.hypot(b.x - p.x, b.y - p.y) / 2 : 0);
  });
  s.detections += seen.length;
  s.correct += dUsed.size;
  tf.balls.forEach((b, ti) => {
    if (b.occluded || b.id === null) return;
    s.visible++;
    const onBed = Math.abs(b.x) <= spec.length / 2 && Math.abs(b.y) <= spec.width / 2;
    if (onBed) s.visibleBed++;
    const di = tUsed.get(ti);
    if (di === undefined) return;
    s.found++;
    if (onBed) s.foundBed++;
    const d = seen[di]!;
    if (d.id === null) s.idUnknown++;
    else if (d.id === b.id) s.idRight++;
    else {
      s.idWrong++;
      const key = `${b.id}→${d.id}`;
      s.confusions.set(key, (s.confusions.get(key) ?? 0) + 1);
    }
    if (d.id !== null) {
      const was = lastId.get(b.id);
      if (was !== undefined && was !== d.id) s.idSwitches++;
      lastId.set(b.id, d.id);
    }
    const wasTrack = lastTrack.get(b.id);
    if (wasTrack !== undefined && wasTrack !== d.trackId) s.trackSwitches++;
    lastTrack.set(b.id, d.trackId);
  });
}

const pctOf = (a: number, b: number): string => (b ? ((100 * a) / b).toFixed(2) + ' %' : '-');
const medianOf = (a: readonly number[]): number => {
  if (!a.length) return NaN;
  const s = [...a].sort((p, q) => p - q);
  return s[Math.floor((s.length - 1) / 2)]!;
};

/** Prints the video table: one row per recording, then the per-frame costs over all of them. */
export function printVideoScores(rows: readonly { name: string; score: VideoScore }[]): void {
  const pad = (v: string | number, n: number): string => String(v).padStart(n);
  console.log(`${pad('recording', 26)} ${pad('frames', 6)} ${pad('balls', 6)} ${pad('recall', 8)} ${pad('in noses', 8)} ${pad('precision', 9)} ${pad('id right', 8)} ${pad('unknown', 8)} ${pad('wrong', 7)} ${pad('id sw', 5)} ${pad('trk sw', 6)}`);
  for (const { name, score: s } of rows) {
    const m = s.idRight + s.idUnknown + s.idWrong;
    console.log(`${pad(name, 26)} ${pad(s.frames, 6)} ${pad(s.visible, 6)} ${pad(pctOf(s.found, s.visible), 8)} ${pad(pctOf(s.foundBed, s.visibleBed), 8)} ${pad(pctOf(s.correct, s.detections), 9)} ${pad(pctOf(s.idRight, m), 8)} ${pad(pctOf(s.idUnknown, m), 8)} ${pad(pctOf(s.idWrong, m), 7)} ${pad(s.idSwitches, 5)} ${pad(s.trackSwitches, 6)}`);
  }
  for (const { name, score: s } of rows) {
    const conf = [...s.confusions].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, n]) => `${k} ×${n}`).join(', ');
    console.log(`  ${name}: rack ${s.rack}${conf ? `; wrong ids (truth→reported, frames): ${conf}` : ''}`);
  }
  const all = <K extends keyof VideoScore>(k: K): VideoScore[K][] => rows.map((r) => r.score[k]);
  const flat = (a: number[][]): number[] => a.flat();
  const stages = rows.flatMap((r) => r.score.stages);
  const stageKeys = ['rectify', 'difference', 'edges', 'votes', 'candidates', 'refine', 'blobs'] as const;
  const frames = stages.length;
  const crops = flat(all('crops'));
  console.log(`\nPer-frame cost on these videos (median CPU ms, one core; identity: crop cutting + batched ONNX, on ${(crops.reduce((a, b) => a + b, 0) / Math.max(1, frames)).toFixed(2)} crops per frame on average):`);
  const total = stages.map((t, k) => t.total + flat(all('trackMs'))[k]! + flat(all('identityMs'))[k]!);
  console.log(`  detection: whole-bed frames ${medianOf(flat(all('detectMs'))).toFixed(2)} (${flat(all('detectMs')).length}), windowed frames ${medianOf(flat(all('windowedMs'))).toFixed(2)} (${flat(all('windowedMs')).length})`);
  console.log(`  stages (all frames): ${stageKeys.map((k) => `${k} ${medianOf(stages.map((t) => t[k])).toFixed(2)}`).join(' | ')}`);
  console.log(`  tracking (with the resting balls' key-frame checks) ${medianOf(flat(all('trackMs'))).toFixed(3)} | identity ${medianOf(flat(all('identityMs'))).toFixed(2)} (mean ${(flat(all('identityMs')).reduce((a, b) => a + b, 0) / Math.max(1, frames)).toFixed(2)})`);
  console.log(`  detection + identity + tracking per frame: median ${medianOf(total).toFixed(2)}, mean ${(total.reduce((a, b) => a + b, 0) / Math.max(1, frames)).toFixed(2)}`);
}
