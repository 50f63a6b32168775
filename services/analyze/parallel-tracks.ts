// Tracking a recorded video on several cores: the video is cut into consecutive segments, each
// tracked in its own worker thread with its own ffmpeg and vision pipeline, starting a little
// before its segment so that the tracker and the identity votes have settled by then. The
// segments' Tracks lines are joined in time order; tracker ids are made distinct per segment
// (a ball crossing a seam continues under a new track, named by its own identity votes).
// Per-frame vision is sequential (each frame's search windows come from the previous frame's
// tracks), so cutting the video in time is what lets a second core help.
import { Worker } from 'node:worker_threads';
import type { TrackFrame } from '../contract/tracks.ts';
import type { VisionCalibration } from '../vision/calibration/calibration-model.ts';
import type { PixelFormat } from '../vision/decode/decode-stream.ts';
import { FIFO_WORKER_OPTIONS } from '../vision/decode/frame-fifo.ts';
import type { PipelineOptions } from '../vision/pipeline.ts';
import { emptyTrackStats, type TrackVideoStats } from './video-tracks.ts';

export interface SegmentJob {
  video: string;
  calibration: VisionCalibration;
  /** Segment start and end (s); end null: to the end of the video. */
  start: number;
  end: number | null;
  /** Seconds decoded and tracked before `start`, not reported. */
  warmup: number;
  width: number | undefined;
  fps: number | undefined;
  sourceFps: number;
  pixelFormat: PixelFormat;
  pipeline: PipelineOptions | undefined;
  stats: TrackVideoStats;
}

export type SegmentMessage =
  | { kind: 'frames'; frames: TrackFrame[]; trackIds: number[][] }
  | { kind: 'done'; stats: TrackVideoStats; ffmpegCpuMs: number | null }
  | { kind: 'error'; message: string };

export interface ParallelOptions {
  jobs: number;
  /** Video length (s) and frame rate, from the decoder's description. */
  duration: number;
  sourceFps: number;
  width?: number;
  fps?: number;
  /** The decoded frames' pixels (decode-stream.ts). Default 'yuv420p'. */
  pixelFormat?: PixelFormat;
  warmup?: number;
  pipeline?: PipelineOptions;
  signal?: AbortSignal;
  /** Frames done so far (all segments). */
  progress?: (done: number) => void;
}

export interface ParallelTracks {
  frames: TrackFrame[];
  trackIds: number[][];
  stats: TrackVideoStats;
  ffmpegCpuMs: number | null;
}

/** Tracker ids of segment k start at k · TRACK_ID_STRIDE. */
const TRACK_ID_STRIDE = 1_000_000;

function addStats(a: TrackVideoStats, b: TrackVideoStats): void {
  for (const k of ['frames', 'fullSearches', 'waitMs', 'detectMs', 'trackMs', 'identityMs', 'learnedMs', 'visionMs'] as const) a[k] += b[k];
  for (const [k, v] of Object.entries(b.stages)) a.stages[k] = (a.stages[k] ?? 0) + v;
  a.scaledFrom ??= b.scaledFrom;
  a.unseen.push(...b.unseen);
}

function runSegment(job: SegmentJob, k: number, o: ParallelOptions, workers: Worker[], onFrames: (n: number) => void): Promise<ParallelTracks> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./track-worker.mjs', import.meta.url), { ...FIFO_WORKER_OPTIONS, workerData: job });
    workers.push(worker);
    const out: ParallelTracks = { frames: [], trackIds: [], stats: emptyTrackStats(), ffmpegCpuMs: null };
    const abort = (): void => { void worker.terminate(); reject(o.signal?.reason instanceof Error ? o.signal.reason : new Error('aborted')); };
    o.signal?.addEventListener('abort', abort, { once: true });
    const finish = (): void => o.signal?.removeEventListener('abort', abort);
    worker.on('message', (m: SegmentMessage) => {
      if (m.kind === 'frames') {
        for (const f of m.frames) out.frames.push(f);
        for (const ids of m.trackIds) out.trackIds.push(ids.map((id) => id + k * TRACK_ID_STRIDE));
        onFrames(m.frames.length);
      } else if (m.kind === 'done') {
        out.stats = m.stats;
        out.ffmpegCpuMs = m.ffmpegCpuMs;
        finish();
        void worker.terminate();
        resolve(out);
      } else {
        finish();
        void worker.terminate();
        reject(new Error(`segment ${k + 1} (from ${job.start.toFixed(1)} s): ${m.message}`));
      }
    });
    worker.on('error', (e) => { finish(); reject(e); });
  });
}

/** Tracks the whole video in `jobs` segments at once; frames come back in time order. */
export async function trackVideoParallel(video: string, calibration: VisionCalibration, o: ParallelOptions): Promise<ParallelTracks> {
  const rate = o.fps ?? o.sourceFps;
  // Segment bounds on frame times, so that no frame falls between two segments.
  const bound = (k: number): number => Math.round(((o.duration * k) / o.jobs) * rate) / rate;
  let done = 0;
  const workers: Worker[] = [];
  const segments = await Promise.all(Array.from({ length: o.jobs }, (_, k) => runSegment({
    video, calibration, start: bound(k), end: k === o.jobs - 1 ? null : bound(k + 1), warmup: k === 0 ? 0 : o.warmup ?? 2,
    width: o.width, fps: o.fps, sourceFps: o.sourceFps, pixelFormat: o.pixelFormat ?? 'yuv420p', pipeline: o.pipeline, stats: emptyTrackStats(),
  }, k, o, workers, (n) => { done += n; o.progress?.(done); }))).catch((e: unknown) => {
    for (const w of workers) void w.terminate();
    throw e;
  });
  const all: ParallelTracks = { frames: [], trackIds: [], stats: emptyTrackStats(), ffmpegCpuMs: 0 };
  for (const s of segments) {
    for (const f of s.frames) all.frames.push(f);
    for (const ids of s.trackIds) all.trackIds.push(ids);
    addStats(all.stats, s.stats);
    all.ffmpegCpuMs = all.ffmpegCpuMs === null || s.ffmpegCpuMs === null ? null : all.ffmpegCpuMs + s.ffmpegCpuMs;
  }
  // Frame numbers count from the start of the video (each worker's decode counted from its own start).
  all.frames.forEach((f, i) => { f.frame = o.fps ? i : Math.round(f.t * o.sourceFps); });
  return all;
}
