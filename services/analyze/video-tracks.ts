// Ball tracks from video frames: the vision pipeline (detector, tracker, identity) over any
// stream of decoded frames, yielding the contract's Tracks lines (shared/contracts/EVENTS.md)
// one frame at a time. Used by `railbird analyze` (frames from a file) and meant for the live
// service (frames from a camera). Decoding overlaps with the vision work without a thread of
// ours: ffmpeg is its own process and keeps decoding into the stream's small queue while a
// frame is being processed here (decode-stream.ts pauses it when the queue is full).
import type { TrackFrame } from '../contract/tracks.ts';
import type { VisionCalibration } from '../vision/calibration/calibration-model.ts';
import type { DecodedFrame } from '../vision/decode/decode-stream.ts';
import type { BallDetector } from '../vision/detection/detect.ts';
import type { RgbImage } from '../vision/decode/image.ts';
import type { Yuv420Image } from '../vision/decode/yuv-image.ts';
import { VisionPipeline, toTrackFrame, type PipelineFrame, type PipelineOptions } from '../vision/pipeline.ts';
import { ViewCheck } from '../vision/calibration/view-check.ts';
import { scaleCalibration } from './calibration-scale.ts';
import type { DetectorCache } from '../vision/detection/detector-cache.ts';

export interface TrackVideoOptions {
  pipeline?: PipelineOptions;
  /** Stops between frames; the iteration then throws the signal's reason. */
  signal?: AbortSignal;
  /** Filled as frames go by (per-stage costs for progress and benchmarks). */
  stats?: TrackVideoStats;
  /** Called with each processed frame (e.g. a progress bar or a live view). */
  onFrame?: (frame: TrackFrame, vision: PipelineFrame) => void;
  /** Detectors kept across runs (a reconnect, a looped file): the grid and the learnt cloth are reused. */
  detectors?: DetectorCache;
}

/** Accumulated costs, in milliseconds of wall clock. */
export interface TrackVideoStats {
  frames: number;
  fullSearches: number;
  /** Waiting for the next decoded frame (the decoder is behind). */
  waitMs: number;
  /** Ball detection (all stages). */
  detectMs: number;
  /** Detection by stage (CPU ms, from the detector's timings). */
  stages: Record<string, number>;
  /** Tracker update (CPU ms). */
  trackMs: number;
  /** Identity crops and model inference. */
  identityMs: number;
  /** The learned detector's looks at the bed and at its candidates, and their reads (wall ms). */
  learnedMs: number;
  /** Whole vision step per frame (detect + track + identity + conversion). */
  visionMs: number;
  /** Frames whose size differed from the calibration's, handled by a scaled calibration. */
  scaledFrom: { width: number; height: number } | null;
  /** Stretches of the video in which the table was not seen (no Tracks line was written for them). */
  unseen: UnseenStretch[];
}

/**
 * A stretch of frames that are not a view of the table: `missing`, frames the file does not have
 * (a corrupt stretch: ffmpeg repeated the last good one); `cut`, frames of something else (a
 * broadcast's close-up, another camera, a replay: vision/calibration/view-check.ts). Times of
 * the first and last such frame.
 */
export interface UnseenStretch {
  from: number;
  to: number;
  why: 'missing' | 'cut';
}

/** Adds frame time `t` to the stretches (a new one, or the last one when `t` follows it within `gap`). */
export function addUnseen(stretches: UnseenStretch[], t: number, why: UnseenStretch['why'], gap: number): void {
  const last = stretches[stretches.length - 1];
  if (last && last.why === why && t - last.to <= gap) last.to = t;
  else stretches.push({ from: t, to: t, why });
}

export function emptyTrackStats(): TrackVideoStats {
  return { frames: 0, fullSearches: 0, waitMs: 0, detectMs: 0, stages: {}, trackMs: 0, identityMs: 0, learnedMs: 0, visionMs: 0, scaledFrom: null, unseen: [] };
}

/**
 * Runs the vision pipeline over `frames` (in time order) and yields one Tracks line per frame.
 * Frames of another size than the calibration's (a scaled decode) use the calibration scaled
 * to them. The pipeline's identity model is released when the iteration ends.
 */
export async function* trackVideo(
  frames: AsyncIterable<DecodedFrame<RgbImage>> | AsyncIterable<DecodedFrame<Yuv420Image>>,
  calibration: VisionCalibration,
  opts: TrackVideoOptions = {},
): AsyncGenerator<TrackFrame, void, undefined> {
  const stats = opts.stats ?? emptyTrackStats();
  let pipeline: VisionPipeline | null = null;
  let detector: BallDetector | undefined;
  let cal = calibration;
  let lastT = -Infinity;
  let view: ViewCheck | null = null;
  const it: AsyncIterator<DecodedFrame<RgbImage | Yuv420Image>> = frames[Symbol.asyncIterator]();
  try {
    for (;;) {
      opts.signal?.throwIfAborted();
      const w0 = performance.now();
      const next = await it.next();
      stats.waitMs += performance.now() - w0;
      if (next.done) break;
      const { index, t, image } = next.value;
      // A frame the file does not have is not a view of the table: no vision, no Tracks line (a gap).
      const gap = 1.5 * (t > lastT ? t - lastT : 1 / 30);
      lastT = t;
      if (next.value.repeated) {
        addUnseen(stats.unseen, t, 'missing', gap);
        continue;
      }
      if (!pipeline) {
        if (image.width !== calibration.imageWidth || image.height !== calibration.imageHeight) {
          cal = scaleCalibration(calibration, image.width, image.height);
          stats.scaledFrom = { width: calibration.imageWidth, height: calibration.imageHeight };
        }
        detector = opts.detectors?.take(cal);
        pipeline = new VisionPipeline(cal, { ...opts.pipeline, ...(detector ? { detector } : {}) });
        view = new ViewCheck(cal);
      } else if (image.width !== cal.imageWidth || image.height !== cal.imageHeight) {
        throw new Error(`trackVideo: frame ${index} is ${image.width}×${image.height}, earlier frames were ${cal.imageWidth}×${cal.imageHeight}`);
      }
      // Not the calibrated view (the broadcast cut away): no vision, no Tracks line.
      if (!view!.check(image).view) {
        addUnseen(stats.unseen, t, 'cut', gap);
        continue;
      }
      const v0 = performance.now();
      const pf = await pipeline.process(image, t);
      const line = toTrackFrame(index, t, pf, cal);
      stats.visionMs += performance.now() - v0;
      stats.frames++;
      if (pf.fullSearch) stats.fullSearches++;
      stats.detectMs += pf.timings.total;
      for (const [k, ms] of Object.entries(pf.timings)) if (k !== 'total') stats.stages[k] = (stats.stages[k] ?? 0) + ms;
      stats.trackMs += pf.trackMs;
      stats.identityMs += pf.identity.ms;
      stats.learnedMs += pf.learnedMs;
      opts.onFrame?.(line, pf);
      yield line;
    }
  } finally {
    await it.return?.();
    await pipeline?.release();
    if (detector && opts.detectors) opts.detectors.give(detector);
  }
}
