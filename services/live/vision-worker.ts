// The live service's vision thread. Each job has its own decoding thread (decode-worker.ts:
// ffmpeg, paced on the playhead for a file, frames handed over on request from a backlog of at most
// 6, so decoding never waits for vision and vision is never more than 0.2 s behind on its account). Here: the table found on the
// first frames when no calibration is given, the vision pipeline (trackVideo) and each track
// frame posted to the service, whose event loop only forwards small messages. Started by
// vision-worker.mjs.
import { parentPort, Worker } from 'node:worker_threads';
import type { TrackFrame } from '../contract/tracks.ts';
import { emptyTrackStats, trackVideo, type TrackVideoOptions } from '../analyze/video-tracks.ts';
import { calibrate, CalibrationError } from '../vision/calibration/calibrate.ts';
import { unsureMessage } from '../vision/calibration/bed-check.ts';
import { parseCalibration, type VisionCalibration } from '../vision/calibration/calibration-model.ts';
import type { DecodedFrame } from '../vision/decode/decode-stream.ts';
import { FIFO_WORKER_OPTIONS } from '../vision/decode/frame-fifo.ts';
import { toRgbImage, type Yuv420Image } from '../vision/decode/yuv-image.ts';
import { BallIdentifier } from '../vision/identity/classifier.ts';
import { DetectorCache } from '../vision/detection/detector-cache.ts';
import { LearnedBallDetector } from '../vision/detection/learned/learned-detector.ts';
import type { FromDecoder, ToDecoder } from './decode-worker.ts';
import { Playhead } from './playhead.ts';
import type { FromVisionWorker, ToVisionWorker, VisionCounts, VisionJob } from './vision-protocol.ts';

const port = parentPort;
if (!port) throw new Error('vision-worker.ts runs in a worker thread');
const post = (m: FromVisionWorker): void => port.postMessage(m);
const jobs = new Map<number, AbortController>();
let model: Promise<BallIdentifier> | null = null;
/** The grid and learnt cloth of the last jobs: a reconnect or the next pass of a looped file starts tracking at once. */
const detectors = new DetectorCache();

/** The identity model, loaded once for all the jobs of this thread. */
function identifier(): Promise<BallIdentifier> {
  model ??= BallIdentifier.load();
  model.catch(() => { model = null; });
  return model;
}

let learned: Promise<LearnedBallDetector> | null = null;
/** The learned ball detector (learned-search.ts), loaded once for all the jobs of this thread, not again for each reconnect or pass of a looped file. */
function learnedDetector(): Promise<LearnedBallDetector> {
  learned ??= LearnedBallDetector.load();
  learned.catch(() => { learned = null; });
  return learned;
}

port.on('message', (m: ToVisionWorker) => {
  if (m.type === 'stop') jobs.get(m.id)?.abort(new Error('stopped'));
  else void run(m.job);
});

type DecoderNews = Exclude<FromDecoder, { type: 'snapshot' }> | { type: 'crash'; error: string };

/** A job's frames from its decoding thread: one asked for each time vision is ready for it. */
async function* decoded(job: VisionJob, signal: AbortSignal, counts: { decoded: number; dropped: number }): AsyncGenerator<DecodedFrame<Yuv420Image>> {
  const dw = new Worker(new URL('./decode-worker.mjs', import.meta.url), { ...FIFO_WORKER_OPTIONS, workerData: job });
  const inbox: DecoderNews[] = [];
  let wake: (() => void) | null = null;
  const push = (m: DecoderNews): void => { inbox.push(m); const w = wake; wake = null; w?.(); };
  // Camera images go on to the service at once; frames wait for vision.
  dw.on('message', (m: FromDecoder) => (m.type === 'snapshot' ? post({ type: 'snapshot', id: job.id, jpeg: m.jpeg }) : push(m)));
  dw.on('error', (e) => push({ type: 'crash', error: `decoding thread failed: ${e.message}` }));
  dw.on('exit', (code) => push({ type: 'crash', error: `decoding thread exited (${code})` }));
  const onAbort = (): void => dw.postMessage({ type: 'stop' } satisfies ToDecoder);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      dw.postMessage({ type: 'next' } satisfies ToDecoder);
      while (inbox.length === 0) await new Promise<void>((r) => { wake = r; });
      const m = inbox.shift()!;
      if (m.type === 'crash') throw new Error(m.error);
      counts.decoded = m.decoded;
      counts.dropped = m.dropped;
      if (m.type === 'end') {
        if (m.error) throw new Error(m.error);
        signal.throwIfAborted();
        return;
      }
      yield m.frame;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    dw.postMessage({ type: 'stop' } satisfies ToDecoder);
    // The decoder kills its ffmpeg on stop; then the thread is ended.
    await Promise.race([new Promise((r) => dw.once('exit', r)), new Promise((r) => setTimeout(r, 1000))]);
    await dw.terminate();
  }
}

/** The calibration of the job, or one found on its first frames (tried once a second of frames). */
async function calibrationFor(job: VisionJob, it: AsyncIterator<DecodedFrame<Yuv420Image>>, say: (note: string) => void): Promise<VisionCalibration | null> {
  if (job.calibration) return parseCalibration(job.calibration);
  let lastTry = -Infinity;
  for (;;) {
    const r = await it.next();
    if (r.done) return null;
    if (r.value.t - lastTry < 1) continue;
    lastTry = r.value.t;
    // Calibration reads RGB: this frame converted (once a second until the table is found).
    const { data, width, height } = toRgbImage(r.value.image);
    try {
      const cal = calibrate(data, width, height, { table: job.table });
      post({ type: 'calibrated', id: job.id, calibration: JSON.parse(JSON.stringify(cal)) as Record<string, unknown> });
      return cal;
    } catch (e) {
      if (!(e instanceof CalibrationError)) throw e;
      say(`calibrating: no table found yet (${e.message})`);
    }
  }
}

async function run(job: VisionJob): Promise<void> {
  const ac = new AbortController();
  jobs.set(job.id, ac);
  const dec = { decoded: 0, dropped: 0 };
  const stats = emptyTrackStats();
  const counts = (): VisionCounts => ({ ...dec, taken: stats.frames, visionMs: stats.frames > 0 ? Math.round(stats.visionMs / stats.frames) : 0 });
  let note: string | null = null;
  const ticker = setInterval(() => post({ type: 'counts', id: job.id, counts: counts(), note }), 500);
  let reason: 'eof' | 'failed' | 'stopped' = 'eof';
  let message: string | null = null;
  try {
    const playhead = job.clock ? Playhead.fromClock(job.clock) : null;
    const it = decoded(job, ac.signal, dec);
    try {
      const cal = await calibrationFor(job, it, (n) => { note = n; });
      // A calibration with doubts is used, and said until the operator sets the corners.
      note = cal?.fit?.doubts?.length ? `calibration unsure: ${unsureMessage(cal.fit.doubts)}` : null;
      if (cal) {
        const rest: AsyncIterable<DecodedFrame<Yuv420Image>> = { [Symbol.asyncIterator]: () => it };
        const lateOf = (f: TrackFrame): number => (playhead ? -playhead.msUntil({ pass: job.pass, t: f.t }) : job.kind === 'file' ? 0 : Date.now() - job.epochWall - f.t * 1000);
        const pipeline = { identifier: await identifier(), learned: await learnedDetector(), tracker: { numbersByKind: job.numbersByKind } };
        // Every ball carries its tracker id: live inference names a track by what it was found to be later in its window (live-events.ts).
        const onFrame: TrackVideoOptions['onFrame'] = (line, pf) => line.balls.forEach((b, i) => { b.track = pf.balls[i]!.trackId; });
        for await (const frame of trackVideo(rest, cal, { signal: ac.signal, stats, pipeline, onFrame, detectors })) {
          post({ type: 'frame', id: job.id, frame, lateMs: Math.round(lateOf(frame)) });
        }
      }
    } finally {
      await it.return(undefined);
    }
  } catch (e) {
    if (ac.signal.aborted) reason = 'stopped';
    else { reason = 'failed'; message = (e as Error).message; }
  } finally {
    clearInterval(ticker);
    jobs.delete(job.id);
    post({ type: 'ended', id: job.id, reason, message, counts: counts() });
  }
}
