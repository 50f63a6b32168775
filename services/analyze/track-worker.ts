// One segment of a video tracked in a worker thread (parallel-tracks.ts): decode from a little
// before the segment (so the tracker and the identity votes have settled by its start), track,
// and post the segment's Tracks lines with their tracker ids in batches. A later segment's
// detector learns the cloth from the video's first view of the table, as the first segment's
// does: learnt mid-match, a ball resting in a pocket's jaws would be taken for the mouth's look
// and never seen (8-ball 6305: the 15 in the jaws reported pocketed at the seam).
import { parentPort, workerData } from 'node:worker_threads';
import { DecodeError, decodeStream } from '../vision/decode/decode-stream.ts';
import { DetectorCache } from '../vision/detection/detector-cache.ts';
import type { SegmentJob, SegmentMessage } from './parallel-tracks.ts';
import { trackVideo } from './video-tracks.ts';

const job = workerData as SegmentJob;
const port = parentPort!;
const post = (m: SegmentMessage): void => port.postMessage(m);

/** How many of the video's first frames are looked through for a view of the table to learn the cloth from. */
const FIRST_VIEW_FRAMES = 120;

/**
 * Runs the segment's vision on the video's first view of the table (within its first
 * FIRST_VIEW_FRAMES frames), as the first segment does, and keeps the detector with the cloth it
 * learnt there in `detectors` (trackVideo gives it back when it ends).
 */
async function learnClothFromFirstView(job: SegmentJob, detectors: DetectorCache): Promise<void> {
  const stream = decodeStream(job.video, {
    pixelFormat: job.pixelFormat, threads: 1, maxFrames: FIRST_VIEW_FRAMES,
    ...(job.width ? { scale: { width: job.width } } : {}), ...(job.fps ? { fps: job.fps } : {}),
  });
  for await (const _ of trackVideo(stream, job.calibration, { pipeline: job.pipeline, detectors })) break;
}

async function run(): Promise<void> {
  const detectors = new DetectorCache(1);
  if (job.start > 0) await learnClothFromFirstView(job, detectors);
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
  for await (const f of trackVideo(stream, job.calibration, { stats, pipeline: job.pipeline, detectors, onFrame: (_, pf) => { ids = pf.balls.map((b) => b.trackId); } })) {
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
