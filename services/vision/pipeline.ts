// Per-frame vision for a video: detection in windows around the tracker's predictions, with a
// full search of the bed every `fullSearchEvery` frames, on the first frame, and whenever a
// track went unseen (a ball may have been struck out of its window, or a new one placed).
// Outputs the tracked balls of each frame (ids from the identity hook, or null).
import type { VisionCalibration } from './calibration-model.ts';
import { BallDetector, type BallDetection, type StageTimings } from './detect.ts';
import type { RgbImage } from './image.ts';
import { BallTracker, type TrackedBall, type TrackerSettings } from './tracker.ts';

export interface PipelineOptions {
  /** Full search period in frames. Default 15. */
  fullSearchEvery?: number;
  /** Least search radius around a prediction (m). Default 0.06. */
  windowRadius?: number;
  tracker?: Partial<TrackerSettings<BallDetection>>;
}

export interface PipelineFrame {
  balls: TrackedBall<BallDetection>[];
  /** Whether this frame searched the whole bed. */
  fullSearch: boolean;
  timings: StageTimings;
}

export class VisionPipeline {
  readonly detector: BallDetector;
  readonly tracker: BallTracker<BallDetection>;
  private readonly every: number;
  private readonly radius: number;
  private frames = 0;
  private lostSince = false;

  constructor(readonly calibration: VisionCalibration, opts: PipelineOptions = {}) {
    this.every = opts.fullSearchEvery ?? 15;
    this.radius = opts.windowRadius ?? 0.06;
    if (!(Number.isInteger(this.every) && this.every >= 1)) throw new Error('VisionPipeline: fullSearchEvery must be a positive integer');
    if (!(this.radius > 0)) throw new Error('VisionPipeline: windowRadius must be positive');
    this.detector = new BallDetector(calibration);
    this.tracker = new BallTracker<BallDetection>(opts.tracker ?? {});
  }

  /** Processes one frame taken at time t (s). */
  process(img: RgbImage, t: number): PipelineFrame {
    const full = this.frames % this.every === 0 || this.lostSince || this.tracker.tracks.length === 0;
    const regions = full ? undefined : this.tracker.predictedRegions(t, this.radius);
    const { balls, timings } = this.detector.detect(img, regions);
    const tracked = this.tracker.update(balls, t);
    this.lostSince = tracked.some((b) => b.occluded);
    this.frames++;
    return { balls: tracked, fullSearch: full, timings };
  }
}
