// The decoding thread of a vision job: ffmpeg's frames (decode-stream.ts; YUV 4:2:0, as decoded), numbered and timed
// for the live service, paced on the playhead for a file, and the newest one handed to the vision
// thread whenever it asks (its pixels transferred, not copied). Frames vision had no time for are
// dropped here, so ffmpeg never waits on vision and vision always gets a current frame.
// Started (one per job) by vision-worker.ts through decode-worker.mjs.
import { parentPort, workerData } from 'node:worker_threads';
import { decodeStream, type DecodedFrame } from '../vision/decode/decode-stream.ts';
import type { Yuv420Image } from '../vision/decode/yuv-image.ts';
import { boundedBacklog, paced, type KeepUpCounts } from './keep-up.ts';
import { Playhead } from './playhead.ts';
import type { VisionJob } from './vision-protocol.ts';

/** From the vision thread: the next frame, please; or stop. */
export type ToDecoder = { type: 'next' } | { type: 'stop' };
/** To the vision thread: a frame (with the counts so far), or the end (an error message, or null at the end of a file). */
export type FromDecoder =
  | { type: 'frame'; frame: DecodedFrame<Yuv420Image>; decoded: number; dropped: number }
  | { type: 'snapshot'; jpeg: Uint8Array }
  | { type: 'end'; error: string | null; decoded: number; dropped: number };

const port = parentPort;
if (!port) throw new Error('decode-worker.ts runs in a worker thread');
const job = workerData as VisionJob;
const ac = new AbortController();
const counts: KeepUpCounts & { decoded: number } = { taken: 0, dropped: 0, decoded: 0 };
let wanted = 0;
let wake: (() => void) | null = null;

port.on('message', (m: ToDecoder) => {
  if (m.type === 'stop') ac.abort(new Error('stopped'));
  else wanted += 1;
  const w = wake;
  wake = null;
  w?.();
});

/** Numbered and timed: a file's frames by their video time, a camera's by arrival since the job's epoch. */
async function* stamped(frames: AsyncIterable<DecodedFrame<Yuv420Image>>, fps: () => number): AsyncGenerator<DecodedFrame<Yuv420Image>> {
  let k = job.firstFrame;
  for await (const f of frames) {
    counts.decoded += 1;
    if (job.kind === 'file') yield { ...f, index: Math.round(f.t * fps()) };
    else yield { ...f, index: k++, t: (Date.now() - job.epochWall) / 1000 };
  }
}

/** Frames vision may fall behind by in a burst (a break) before the oldest are dropped: 0.2 s at 30 fps. */
const BACKLOG_FRAMES = 6;

async function main(): Promise<void> {
  let error: string | null = null;
  try {
    const stream = decodeStream(job.source, {
      pixelFormat: 'yuv420p', signal: ac.signal, queue: 2, ...(job.start > 0 ? { start: job.start } : {}), ...(job.width ? { scale: { width: job.width } } : {}),
      ...(job.maxFrames !== null ? { maxFrames: job.maxFrames } : {}),
      // The camera image comes out of the same ffmpeg, straight to the vision thread (never dropped with the frames).
      ...(job.snapshots ? { snapshots: { ...job.snapshots, onImage: (jpeg: Buffer) => port!.postMessage({ type: 'snapshot', jpeg } satisfies FromDecoder) } } : {}),
    });
    let fps = 30;
    void stream.info.then((i) => { if (i.fps > 0) fps = i.fps; }, () => undefined);
    const playhead = job.clock ? Playhead.fromClock(job.clock) : null;
    const own = stamped(stream, () => fps);
    // A file is paced on the playhead (never dropped there: the bounded backlog drops);
    // without a playhead (a warm-up, or every frame as fast as vision goes) nothing is dropped.
    const timed = playhead ? paced(own, { msUntil: (t) => playhead.msUntil({ pass: job.pass, t }), speed: playhead.o.speed }, { taken: 0, dropped: 0 }, { slack: Infinity, maxRun: 0, signal: ac.signal }) : own;
    // Vision takes the frames in order from a short backlog (the oldest dropped beyond it).
    const frames = playhead || job.kind !== 'file' ? boundedBacklog(timed, counts, BACKLOG_FRAMES) : timed;
    const it = frames[Symbol.asyncIterator]();
    try {
      for (;;) {
        // Asked first, then taken: the frame handed over is the newest at the time of asking.
        while (wanted === 0 && !ac.signal.aborted) await new Promise<void>((r) => { wake = r; });
        if (ac.signal.aborted) break;
        const r = await it.next();
        if (r.done) break;
        wanted -= 1;
        // The three planes are views of one buffer: it moves to the vision thread with them.
        const buffer = r.value.image.y.buffer;
        port!.postMessage({ type: 'frame', frame: r.value, decoded: counts.decoded, dropped: counts.dropped } satisfies FromDecoder, buffer instanceof ArrayBuffer ? [buffer] : []);
      }
    } finally {
      await it.return?.();
    }
  } catch (e) {
    if (!ac.signal.aborted) error = (e as Error).message;
  }
  port!.postMessage({ type: 'end', error, decoded: counts.decoded, dropped: counts.dropped } satisfies FromDecoder);
  port!.close(); // nothing more to say: the thread ends
}

await main();
