// Per-frame vision for a video: detection in windows around the tracker's predictions, with a
// search for new balls where the bed changed since the last search (bed-changes.ts; checked
// every `changeCheckEvery` frames), every `fullSearchEvery` frames at the latest and every frame
// while nothing is tracked, over the whole bed on the first frame, every `bedSearchEvery`-th
// periodic search, and while a track goes unseen (a ball may have been struck out of its window)
// on the first such frame and every `lostSearchEvery`-th. Those cadences are frames of a 30
// frames/s video: a faster video (measured from the frame times) searches every as many more
// frames, the same per second of play. A resting ball whose image patch has not changed since
// its last detection keeps it without a window (static-balls.ts); the learned detector looks at
// the bed on whole-bed searches, each ball it alone sees added once it was found in place on
// several looks (learned-search.ts); tracking; ball identity voted along the tracks
// (track-identity.ts: the ONNX model on a few crops per frame, calibrated by the rack when one is
// seen). `toTrackFrame` gives the contract's Tracks line of a processed frame.
import type { BallId } from '../contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../table/spec.ts';
import { ConstantVelocityFilter, CushionBounceFilter } from './tracking/motion.ts';
import type { TrackBall, TrackFrame } from '../contract/tracks.ts';
import { tableToImage, type VisionCalibration } from './calibration/calibration-model.ts';
import { BallDetector, stageMs, type BallDetection, type StageTimings } from './detection/detect.ts';
import { BallIdentifier, DEFAULT_MODEL_PATH } from './identity/classifier.ts';
import { kindOfClass, readsNotABall, type BallKind } from './identity/classes.ts';
import type { TrackVote } from './identity/vote.ts';
import type { Track } from './tracking/track.ts';
import type { VideoImage } from './decode/yuv-image.ts';
import { BedChanges } from './detection/bed-changes.ts';
import { StaticBalls } from './detection/static-balls.ts';
import { LearnedSearch, type LearnedSearchOptions } from './detection/learned-search.ts';
import { DEFAULT_DETECTOR_MODEL, LearnedBallDetector } from './detection/learned/learned-detector.ts';
import { smearRejoin } from './tracking/rejoin.ts';
import { TrackIdentities, detectionCrops, type IdentitySchedule, type IdentityStats } from './tracking/track-identity.ts';
import { BallTracker, type TrackedBall, type TrackerSettings } from './tracking/tracker.ts';

export interface PipelineOptions {
  /** Search period in frames of a 30 frames/s video (for new balls: where the bed changed, or the whole bed every `bedSearchEvery`-th time). Default 10. */
  fullSearchEvery?: number;
  /** Between searches, every this many frames (of a 30 frames/s video) the bed is checked for changes since the last search (bed-changes.ts, cheap) and searched there at once if it changed: a ball the hand puts down or uncovers is found within this many frames. Default 3. */
  changeCheckEvery?: number;
  /** A reported ball seen last frame and missing from its window is looked for again at once within this radius (m; 0: no second look). Default 0.35. */
  secondLookRadius?: number;
  /** While a track goes unseen: a full search on the first such frame, then every this many frames of a 30 frames/s video (its window grows meanwhile). Default 4. */
  lostSearchEvery?: number;
  /** Least search radius around a prediction (m). Default 0.06. */
  windowRadius?: number;
  /** Largest search radius (m) of a track's window (a long-lost track is left to the full searches). Default 0.25. */
  maxWindowRadius?: number;
  /** Resting balls whose image patch did not change keep their detection (static-balls.ts). Default true. */
  reuseStatic?: boolean;
  /** Searches between whole-bed ones look only where the bed changed since the last search (bed-changes.ts); every `bedSearchEvery`-th periodic search is whole. Default true, 6 (the whole bed every 60 frames at 30 frames/s). */
  changeSearch?: boolean;
  bedSearchEvery?: number;
  tracker?: Partial<TrackerSettings<BallDetection, TrackVote>>;
  /** A new ball found whole (not blurred, not partial) with at least this confidence is reported on its first frame; otherwise its track waits for a second detection. Default 0.9. */
  sureConfidence?: number;
  /** The identity model: a loaded one, or the path of a model file to load (a worker thread gets the path); default the committed model; null: no identity (ids stay null). */
  identifier?: BallIdentifier | Promise<BallIdentifier> | string | null;
  identity?: Partial<IdentitySchedule>;
  /** A detector for this calibration to use (its cloth kept from an earlier run: detector-cache.ts); default a new one. */
  detector?: BallDetector;
  /**
   * The learned detector, a second opinion on whole-bed searches (learned-search.ts): a loaded
   * one, or the path of a model file to load (a worker thread gets the path); default the
   * committed model (models/ball-detector/); null: none (the classical detector alone).
   */
  learned?: LearnedBallDetector | Promise<LearnedBallDetector> | string | null;
  /** How often the learned detector looks at the bed and at its candidates (learned-search.ts). */
  learnedSearch?: Partial<LearnedSearchOptions>;
}

/** A tracked ball with its voted identity. */
export interface PipelineBall extends TrackedBall<BallDetection> {
  /** Kind of the ball's id, or while it has none of its vote's leading id among those no other ball has ('none' before any vote). */
  kind: BallKind;
  /** Posterior of the leading id (0 before any vote). */
  confidence: number;
}

export interface PipelineFrame {
  balls: PipelineBall[];
  /** Whether this frame searched the whole bed. */
  fullSearch: boolean;
  /** Windows searched where the bed changed (a search between whole-bed ones). */
  changeWindows: number;
  /** The detector's raw output (tracks not yet confirmed included). */
  detections: BallDetection[];
  timings: StageTimings;
  /** CPU ms of the tracker update; identity: crops classified and CPU ms (cutting + inference). */
  trackMs: number;
  /** CPU ms of the resting balls' key-frame checks, and how many balls kept their detection. */
  staticMs: number;
  reused: number;
  identity: IdentityStats;
  /** Wall-clock ms of the learned search in this frame (0 when none ran). */
  learnedMs: number;
}

/** How far (m) from a track's prediction its best candidate is taken on a lower score. */
const PRIOR_REACH = 0.04;
/** At most this many balls gone from their windows get a second look in the same frame. */
const MAX_SECOND_LOOKS = 2;
/** Speed (m/s) below which a tracked ball counts as at rest for the key-frame check. */
const REST_SPEED = 0.03;
/** The frame rate the search cadences are set for (frames/s), and the frame intervals the video's own rate is measured on. */
const CADENCE_RATE = 30;
const PACE_FRAMES = 5;

export class VisionPipeline {
  readonly detector: BallDetector;
  readonly tracker: BallTracker<BallDetection, TrackVote>;
  private readonly every: number;
  private readonly radius: number;
  private frames = 0;
  private lastSearch = -Infinity;
  private lastBed = -Infinity;
  private readonly checkEvery: number;
  private readonly secondLook: number;
  private lostSince = false;
  private lostFrames = 0;
  private readonly lostEvery: number;
  private readonly maxRadius: number;
  private readonly model: Promise<BallIdentifier> | null;
  private ids: TrackIdentities | null = null;
  private readonly schedule: Partial<IdentitySchedule>;
  private readonly ownsModel: boolean;
  private readonly statics: StaticBalls<BallDetection> | null;
  private readonly changes: BedChanges | null;
  private readonly bedEvery: number;
  private readonly learned: Promise<LearnedBallDetector> | null;
  private readonly ownsLearned: boolean;
  private readonly learnedOpts: Partial<LearnedSearchOptions>;
  private learnedSearch: LearnedSearch | null = null;
  /** Frames of this video per frame of a 30 frames/s one (1 until measured: `measurePace`). */
  private pace = 1;
  private readonly intervals: number[] = [];
  private prevT: number | null = null;

  constructor(readonly calibration: VisionCalibration, opts: PipelineOptions = {}) {
    this.every = opts.fullSearchEvery ?? 10;
    this.checkEvery = opts.changeCheckEvery ?? 3;
    this.secondLook = opts.secondLookRadius ?? 0.35;
    if (!(this.secondLook >= 0)) throw new Error('VisionPipeline: secondLookRadius must be non-negative');
    if (!(Number.isInteger(this.checkEvery) && this.checkEvery >= 1)) throw new Error('VisionPipeline: changeCheckEvery must be a positive integer');
    this.radius = opts.windowRadius ?? 0.06;
    this.lostEvery = opts.lostSearchEvery ?? 4;
    this.maxRadius = opts.maxWindowRadius ?? 0.25;
    if (!(this.maxRadius >= this.radius)) throw new Error('VisionPipeline: maxWindowRadius must be at least windowRadius');
    if (!(Number.isInteger(this.lostEvery) && this.lostEvery >= 1)) throw new Error('VisionPipeline: lostSearchEvery must be a positive integer');
    if (!(Number.isInteger(this.every) && this.every >= 1)) throw new Error('VisionPipeline: fullSearchEvery must be a positive integer');
    if (!(this.radius > 0)) throw new Error('VisionPipeline: windowRadius must be positive');
    if (opts.detector && (opts.detector.calibration.imageWidth !== calibration.imageWidth || opts.detector.calibration.imageHeight !== calibration.imageHeight)) {
      throw new Error('VisionPipeline: the detector given is for another image size');
    }
    this.detector = opts.detector ?? new BallDetector(calibration);
    const sure = opts.sureConfidence ?? 0.9;
    // Predictions come off the cushions (break balls bounce between two frames).
    const spec = TABLE_SPECS[calibration.table];
    const motion = new CushionBounceFilter(new ConstantVelocityFilter(), { x: spec.length / 2 - BALL_RADIUS, y: spec.width / 2 - BALL_RADIUS });
    this.tracker = new BallTracker<BallDetection, TrackVote>({ sureAtOnce: (d) => d.learned === true || (!d.blurred && !d.partial && d.confidence >= sure), restingAtOnce: (d) => d.learned === true, motion, rejoin: smearRejoin(motion), ...opts.tracker });
    this.schedule = opts.identity ?? {};
    this.ownsModel = opts.identifier === undefined || typeof opts.identifier === 'string';
    this.statics = opts.reuseStatic === false ? null : new StaticBalls<BallDetection>();
    this.changes = opts.changeSearch === false ? null : new BedChanges(this.detector.grid);
    this.bedEvery = opts.bedSearchEvery ?? 6;
    if (!(Number.isInteger(this.bedEvery) && this.bedEvery >= 1)) throw new Error('VisionPipeline: bedSearchEvery must be a positive integer');
    const learned = opts.learned === undefined ? DEFAULT_DETECTOR_MODEL : opts.learned;
    this.ownsLearned = typeof learned === 'string';
    this.learned = typeof learned === 'string' ? LearnedBallDetector.load(learned) : learned ? Promise.resolve(learned) : null;
    this.learned?.catch(() => undefined);
    this.learnedOpts = opts.learnedSearch ?? {};
    const identifier = opts.identifier === undefined ? DEFAULT_MODEL_PATH : opts.identifier;
    this.model = identifier === null ? null : typeof identifier === 'string' ? BallIdentifier.load(identifier) : Promise.resolve(identifier);
    // A failed load is reported by the first `process` call, not as an unhandled rejection.
    this.model?.catch(() => undefined);
  }

  /**
   * The cadences (`fullSearchEvery`, `changeCheckEvery`, `lostSearchEvery`) are frames of a 30
   * frames/s video; a faster one searches every as many more frames, so that it costs no more
   * searching a second of play (a 60 frames/s recording, analyze's bench: 2). The rate is the
   * median of the first PACE_FRAMES intervals between frame times (until then, 1).
   */
  private measurePace(t: number): void {
    if (this.prevT !== null && this.intervals.length < PACE_FRAMES && t > this.prevT) {
      this.intervals.push(t - this.prevT);
      if (this.intervals.length === PACE_FRAMES) {
        const dt = [...this.intervals].sort((a, b) => a - b)[PACE_FRAMES >> 1]!;
        this.pace = Math.max(1, Math.round(1 / (CADENCE_RATE * dt)));
      }
    }
    this.prevT = t;
  }

  /** Processes one frame taken at time t (s). */
  async process(img: VideoImage, t: number): Promise<PipelineFrame> {
    if (this.model && !this.ids) this.ids = new TrackIdentities(await this.model, this.schedule);
    this.measurePace(t);
    const every = this.every * this.pace;
    const since = this.frames - this.lastSearch;
    // A lost ball may have stopped anywhere along its way, before the last search: whole bed.
    const lost = this.lostSince && (this.lostFrames - 1) % (this.lostEvery * this.pace) === 0;
    const empty = this.tracker.tracks.length === 0;
    const s0 = stageMs();
    // Where the bed changed since the last search: checked every few frames, searched at once.
    const ready = this.changes?.ready ?? false;
    // While a track is unseen the whole bed is searched every few frames anyway (a break: the
    // bed changes everywhere, and checking it every 3 frames would cost a whole-bed search each time).
    const check = ready && !lost && (since >= every || empty || (!this.lostSince && since % (this.checkEvery * this.pace) === 0));
    const changed = check ? this.changes!.changedWindows(img) : [];
    const periodic = since >= every || changed.length > 0;
    const search = periodic || lost || empty;
    const full = search && (lost || !ready || (periodic && this.frames - this.lastBed >= every * this.bedEvery));
    if (search) {
      this.lastSearch = this.frames;
      if (full) this.lastBed = this.frames;
      this.changes?.setReference(img);
    }
    const reused = new Set<BallDetection>();
    // A track seen last frame, at rest, whose image patch has not changed: its kept detection.
    const kept = (tr: Track<BallDetection, TrackVote>): BallDetection | null =>
      this.statics && tr.missed === 0 && Math.hypot(tr.state.vx, tr.state.vy) < REST_SPEED ? this.statics.unchanged(tr.trackId, img) : null;
    const regions = full ? undefined : this.tracker.predictedRegions(t, this.radius).filter((q) => {
      const d = kept(this.tracker.track(q.trackId)!);
      if (d) reused.add(d);
      q.radius = Math.min(q.radius, this.maxRadius);
      return !d;
    });
    // A whole-bed search reads every ball afresh, but a ball only the learned detector reads (one
    // seen over the near cushion, frozen to one) the classical search cannot see: while its image
    // has not changed it stands as kept, or each whole-bed search would lose it. Every other
    // resting ball whose image has not changed keeps its kept reading where the search reads it
    // again (below): read afresh, a ball whose colour is near the cloth's can land on its other
    // outline fit, a centimetre away, and read as disturbed. Where the search no longer reads it
    // (something once taken for a ball), it is not kept: the search has the last word on that.
    const keptIfRead: BallDetection[] = [];
    if (full) {
      for (const tr of this.tracker.tracks) {
        const d = kept(tr);
        if (!d) continue;
        if (tr.last?.learned) reused.add(d);
        else keptIfRead.push(d);
      }
    }
    let staticMs = stageMs() - s0;
    // Where each tracked ball is expected: a weaker candidate there is taken (a ball known to be there).
    // Only confirmed tracks: one unconfirmed detection (a hand, a fist) is not a ball known to be there.
    const priors = this.tracker.predictedRegions(t, PRIOR_REACH).flatMap((q) => {
      const tr = this.tracker.track(q.trackId)!;
      if (!this.tracker.isReported(tr)) return [];
      const last = tr.last;
      return [{ x: q.x, y: q.y, radius: Math.min(q.radius, PRIOR_REACH), ...(last && !last.blurred ? { from: { x: last.x, y: last.y } } : {}) }];
    });
    const { balls: found, timings } = this.detector.detect(img, regions, full ? [] : changed, priors);
    let learnedMs = 0;
    if (this.learned) {
      this.learnedSearch ??= new LearnedSearch(await this.learned, this.detector, this.calibration, this.learnedOpts);
      // Where balls are known: this frame's detections and the tracked balls (hidden ones at their prediction).
      const known = (): { x: number; y: number }[] => [...found, ...reused, ...this.tracker.tracks.filter((tr) => this.tracker.isReported(tr)).map((tr) => tr.state)];
      const extra = await this.learnedSearch.step(img, t, full, known, (im, dets) => this.notABall(im, dets));
      found.push(...extra.added);
      learnedMs = extra.ms;
    }
    // A ball seen last frame and not in its window now may have been struck out of it: a wider
    // look at once (its smear leads the tracker back to it, rejoin.ts), not a frame later.
    if (regions && this.secondLook > 0) {
      const gone = regions.filter((q) => {
        const tr = this.tracker.track(q.trackId)!;
        return tr.missed === 0 && this.tracker.isReported(tr) && !found.some((d) => Math.hypot(d.x - q.x, d.y - q.y) <= q.radius + BALL_RADIUS);
      });
      // One or two balls struck away (a shot); many gone at once (a break) wait for the whole-bed search.
      if (gone.length > 0 && gone.length <= MAX_SECOND_LOOKS) {
        const more = this.detector.detect(img, gone.map((q) => ({ x: q.x, y: q.y, radius: this.secondLook })), [], priors);
        // The wider window sees a struck ball's smear whole where the track's own window cut a
        // piece of it (which then lies beyond the track's gate, with no path to rejoin it by): the
        // wider reading replaces one within a radius of it (the same ball).
        for (const d of more.balls) {
          const same = found.findIndex((f) => Math.hypot(f.x - d.x, f.y - d.y) < BALL_RADIUS);
          if (same < 0) found.push(d);
          else found[same] = d;
        }
        for (const k of Object.keys(timings) as (keyof StageTimings)[]) timings[k] += more.timings[k];
      }
    }
    for (const d of keptIfRead) if (found.some((b) => Math.hypot(b.x - d.x, b.y - d.y) < BALL_RADIUS)) reused.add(d);
    // A window of a moving ball may take in a resting one: that one keeps its kept detection.
    const keptReadings = [...reused];
    const balls = [...keptReadings, ...found.filter((b) => !keptReadings.some((r) => Math.hypot(r.x - b.x, r.y - b.y) < BALL_RADIUS))];
    const c0 = stageMs();
    let tracked = this.tracker.update(balls, t);
    const trackMs = stageMs() - c0;
    if (this.statics) {
      const k0 = stageMs();
      this.statics.keepOnly(new Set(this.tracker.tracks.map((tr) => tr.trackId)));
      // A moving ball whose image (and shadow) reaches into a resting ball's window may pull its
      // reading a millimetre or two over; kept as the key frame, that reading would stand long
      // after the mover left (8-ball 6734 at 1080p60, 50.6 s: the cue ball passing the 4 at 0.9 mm
      // left it read 1.3 mm over for 5 s, taken as a graze). The key frame from before stays.
      const moving = tracked.filter((b) => Math.hypot(b.vx, b.vy) >= REST_SPEED);
      const reach = this.radius + 2 * BALL_RADIUS;
      for (const b of tracked) {
        const d = b.detection;
        if (!d || reused.has(d) || d.blurred || Math.hypot(b.vx, b.vy) >= REST_SPEED) continue;
        if (moving.some((m) => Math.hypot(m.x - b.x, m.y - b.y) < reach)) continue;
        this.statics.remember(b.trackId, img, d);
      }
      staticMs += stageMs() - k0;
    }
    this.lostSince = tracked.some((b) => b.occluded);
    this.lostFrames = this.lostSince ? this.lostFrames + 1 : 0;
    this.frames++;
    if (this.ids) {
      await this.ids.observe(img, tracked, this.tracker);
      tracked = this.tracker.resolveIds(tracked);
    }
    const taken = new Set(tracked.flatMap((b) => (b.id === null ? [] : [b.id])));
    const out = tracked.flatMap((b): PipelineBall[] => {
      const vote = this.tracker.track(b.trackId)?.identity;
      // A track the identity model keeps calling "not a ball" is not reported.
      if (vote?.notABall) return [];
      // A ball without a number shows the kind of its likeliest number that no other ball has.
      const lead = b.id ?? vote?.leadingAmong((id) => !taken.has(id)) ?? null;
      return [{ ...b, kind: lead === null ? 'none' : kindOfClass(lead), confidence: vote?.identity.confidence ?? 0 }];
    });
    const identity = this.ids ? { ...this.ids.stats } : { crops: 0, ms: 0, rack: null };
    return { balls: out, fullSearch: full, changeWindows: full ? 0 : changed.length, detections: balls, timings, trackMs, staticMs, reused: reused.size, identity, learnedMs };
  }

  /** Whether the identity model calls each ball "not a ball" (more likely than not; without a model, none). */
  private async notABall(img: VideoImage, dets: readonly BallDetection[]): Promise<boolean[]> {
    const model = this.model ? await this.model : null;
    if (!model) return dets.map(() => false);
    const res = await model.identify(detectionCrops(img, dets));
    return res.map((r) => readsNotABall(r.probs));
  }

  /** Frees the identity model's and the learned detector's sessions (those this pipeline loaded). */
  async release(): Promise<void> {
    if (this.model && this.ownsModel) await (await this.model).release();
    if (this.learned && this.ownsLearned) await (await this.learned).release();
  }
}

/**
 * The contract's Tracks line (shared/contracts/EVENTS.md) of a processed frame: every tracked
 * ball in table metres and image pixels (a hidden ball at its predicted place, projected),
 * `occluded` while hidden, `track` (the tracker's id) for a ball whose id is not known yet.
 */
export function toTrackFrame(frame: number, t: number, pf: PipelineFrame, cal: VisionCalibration): TrackFrame {
  const r = (v: number, k: number): number => Math.round(v * k) / k;
  const balls = pf.balls.map((b): TrackBall => {
    const px = b.detection ?? tableToImage(cal, b.x, b.y, 'ball');
    const out: TrackBall = { id: b.id as BallId | null, x: r(b.x, 1e5), y: r(b.y, 1e5), u: r(px.u, 100), v: r(px.v, 100) };
    if (b.occluded) out.occluded = true;
    if (b.id === null) out.track = b.trackId;
    if (b.struck) out.struck = true;
    return out;
  });
  return { frame, t: r(t, 1e6), balls };
}
