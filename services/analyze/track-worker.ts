// One segment of a video tracked in a worker thread (parallel-tracks.ts): decode from a little
// before the segment (so the tracker and the identity votes have settled by its start), track,
// and post the segment's Tracks lines with their tracker ids in batches.
import { parentPort, workerData } from 'node:worker_threads';
import { DecodeError, decodeStream } from '../vision/decode/decode-stream.ts';
import type { SegmentJob, SegmentMessage } from './parallel-tracks.ts';
import { trackVideo } from './video-tracks.ts';

const job = workerData as SegmentJob;
const port = parentPort!;
const post = (m: SegmentMessage): void => port.postMessage(m);

async function run(): Promise<void> {
  const from = Math.max(0, job.start - job.warmup);
  // Exactly the frames before the segment's end, so that ffmpeg ends by itself (and reports its CPU time).
  const rate = job.fps ?? job.sourceFps;
  const frameAt = (t: number): number => Math.ceil(t * rate - 1e-3);
  const stream = decodeStream(job.video, {
    pixelFormat: job.pixelFormat,
    start: from, benchmark: true, recycle: true, threads: 1, ...(job.width ? { scale: { width: job.width } } : {}), ...(job.fps ? { fps: job.fps } : {}),
    ...(job.end !== null ? { maxFrames: frameAt(job.end) - frameAt(from) } : {}),
  });
  const frames: SegmentMessage & { kind: 'frames' } = { kind: 'frames', frames: [], trackIds: [] };
  let ids: number[] = [];
  const stats = job.stats;
  for await (const f of trackVideo(stream, job.calibration, { stats, pipeline: job.pipeline, onFrame: (_, pf) => { ids = pf.balls.map((b) => b.trackId); } })) {
    if (job.end !== null && f.t >= job.end - 1e-6) break;
    if (f.t < job.start - 1e-6) continue;
    frames.frames.push(f);
    frames.trackIds.push(ids);
    if (frames.frames.length >= 30) {
      post({ ...frames });
      frames.frames = [];
      frames.trackIds = [];
    }
  }
  if (frames.frames.length > 0) post(frames);
  // The warm-up's stretches belong to the segment before (its own are clipped to it).
  stats.unseen = stats.unseen.filter((u) => u.to >= job.start - 1e-6 && (job.end === null || u.from < job.end - 1e-6))
    .map((u) => ({ ...u, from: Math.max(u.from, job.start) }));
  post({ kind: 'done', stats, ffmpegCpuMs: stream.stats.ffmpegCpuMs });
}

run().catch((e: unknown) => {
  // A later segment of a file cut short may start past its last decodable frame: it has no frames.
  if (e instanceof DecodeError && e.noFrames && job.start > 0) post({ kind: 'done', stats: job.stats, ffmpegCpuMs: null });
  else post({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
});
