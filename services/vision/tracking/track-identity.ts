// Ball identity along tracks, at a bounded cost: each frame picks the tracks that need a look
// (new or unresolved tracks, ids lost to a stronger track, balls just out of an occlusion or
// after a close pass of another ball, unsure ids; balls that move every few frames; balls at
// rest only now and then, staggered), cuts their crops from the frame, runs the identity model
// once on the batch and adds the class probabilities to each track's vote. When a rack is seen
// at rest (before any adaptation), its crops calibrate the model to the ball set (identity-rack.ts).
import type { BallId } from '../../contract/ids.ts';
import { stageMs, type BallDetection } from '../detection/detect.ts';
import type { BallIdentifier } from '../identity/classifier.ts';
import { CROP_SCALE, CROP_VALUES, cropBall, cropsToTensor } from '../identity/crop.ts';
import { RACK_IDS, assignRackIds, findRack } from '../identity/rack.ts';
import type { RackFit } from '../identity/adapt.ts';
import type { TrackVote } from '../identity/vote.ts';
import { isYuv, rgbPatch, type VideoImage } from '../decode/yuv-image.ts';
import type { BallTracker, TrackedBall } from './tracker.ts';

export interface IdentitySchedule {
  /** Frames between looks at a resolved, sure ball at rest (staggered over tracks). Default 30. */
  restEvery: number;
  /** Frames between looks at a resolved ball that moves. Default 3. */
  movingEvery: number;
  /** A resolved id below this posterior is looked at every frame. Default 0.995. */
  sure: number;
  /** Speed (m/s) below which a ball is at rest. Default 0.05. */
  restSpeed: number;
  /** Frames a track is looked at every frame after an occlusion or a close pass. Default 4. */
  watchFrames: number;
  /** Centre distance (m) of a close pass (a possible swap of tracks). Default 0.075. */
  closePass: number;
  /** Most crops per frame (the others wait for a later frame). Default 24. */
  maxCrops: number;
  /** Vote weight of a blurred or partly seen ball's crop. Default 0.5. */
  weakWeight: number;
  /** Evidence kept when a track comes back from an occlusion or passes close to another ball (it may have swapped). Default 0.2. */
  soften: number;
  /** Learn the ball set from a rack seen at rest. Default true. */
  adaptToRack: boolean;
}

export const DEFAULT_SCHEDULE: IdentitySchedule = {
  restEvery: 30, movingEvery: 3, sure: 0.995, restSpeed: 0.05, watchFrames: 4, closePass: 0.075, maxCrops: 24, weakWeight: 0.5, soften: 0.2, adaptToRack: true,
};

interface TrackState {
  last: number;
  watchUntil: number;
  wasHidden: boolean;
}

export interface IdentityStats {
  /** Crops classified in the last frame. */
  crops: number;
  /** CPU ms of the last frame's crop cutting and inference (all threads of the process). */
  ms: number;
  /** The rack calibration, once made. */
  rack: { frame: number; ids: BallId[]; fit: RackFit } | null;
}

type Ball = TrackedBall<BallDetection>;

/** The identity model's input for detected balls (crops centred on each, 1.5 diameters wide). */
export function detectionCrops(img: VideoImage, dets: readonly { u: number; v: number; r: number }[]): Float32Array {
  if (!isYuv(img)) {
    const src = { rgb: img.data, width: img.width, height: img.height };
    return cropsToTensor(dets.map((d) => cropBall(src, d.u, d.v, 2 * d.r)));
  }
  // A YUV frame: each crop cut from its square converted to RGB (with a margin for the sampling).
  return cropsToTensor(dets.map((d) => {
    const half = Math.ceil(CROP_SCALE * d.r) + 2;
    const p = rgbPatch(img, Math.floor(d.u) - half, Math.floor(d.v) - half, 2 * half + 2, 2 * half + 2);
    return cropBall({ rgb: p.image.data, width: p.image.width, height: p.image.height }, d.u - p.x0, d.v - p.y0, 2 * d.r);
  }));
}

export class TrackIdentities {
  private readonly s: IdentitySchedule;
  private readonly state = new Map<number, TrackState>();
  private frame = 0;
  readonly stats: IdentityStats = { crops: 0, ms: 0, rack: null };

  constructor(private readonly model: BallIdentifier, schedule: Partial<IdentitySchedule> = {}) {
    this.s = { ...DEFAULT_SCHEDULE, ...schedule };
    const s = this.s;
    if (!(Number.isInteger(s.restEvery) && s.restEvery >= 1 && Number.isInteger(s.movingEvery) && s.movingEvery >= 1)) throw new Error('TrackIdentities: restEvery and movingEvery must be positive integers');
    if (!(Number.isInteger(s.maxCrops) && s.maxCrops >= 1)) throw new Error('TrackIdentities: maxCrops must be a positive integer');
    if (!(s.weakWeight > 0 && s.weakWeight <= 1)) throw new Error('TrackIdentities: weakWeight must be in (0, 1]');
  }

  /** Looks at this frame's balls (the tracker's output, ids already made unique) and votes. */
  async observe(img: VideoImage, balls: readonly Ball[], tracker: BallTracker<BallDetection, TrackVote>): Promise<void> {
    const w0 = stageMs();
    const f = this.frame++;
    this.stats.crops = 0;
    const live = new Set(tracker.tracks.map((t) => t.trackId));
    for (const k of this.state.keys()) if (!live.has(k)) this.state.delete(k);
    const moving = (b: Ball): boolean => Math.hypot(b.vx, b.vy) >= this.s.restSpeed;
    for (const b of balls) {
      const st = this.state.get(b.trackId) ?? { last: -Infinity, watchUntil: -1, wasHidden: false };
      this.state.set(b.trackId, st);
      if (st.wasHidden && !b.occluded) this.watch(b.trackId, st, f, tracker);
      st.wasHidden = b.occluded;
    }
    for (let i = 0; i < balls.length; i++) {
      for (let j = i + 1; j < balls.length; j++) {
        const a = balls[i]!, b = balls[j]!;
        if ((moving(a) || moving(b)) && Math.hypot(a.x - b.x, a.y - b.y) < this.s.closePass) {
          this.watch(a.trackId, this.state.get(a.trackId)!, f, tracker);
          this.watch(b.trackId, this.state.get(b.trackId)!, f, tracker);
        }
      }
    }
    if (this.s.adaptToRack && !this.stats.rack && f % 5 === 0 && (await this.tryRack(img, balls, tracker, f))) {
      this.stats.ms = stageMs() - w0;
      return;
    }
    const want: { b: Ball; priority: number }[] = [];
    for (const b of balls) {
      if (!b.detection) continue;
      const st = this.state.get(b.trackId)!;
      const hook = tracker.track(b.trackId)!.identity;
      const vote = hook.identity;
      let p = -1;
      // Not a ball so far: looked at again every few frames (a ball a hand let go of turns up).
      if (b.id === null && hook.notABall) p = f - st.last >= this.s.movingEvery ? 2 : -1;
      else if (b.id === null) p = 0;
      else if (f <= st.watchUntil || vote.confidence < this.s.sure) p = 1;
      else if (moving(b) && f - st.last >= this.s.movingEvery) p = 2;
      else if ((f + 7 * b.trackId) % this.s.restEvery === 0 || f - st.last >= 2 * this.s.restEvery) p = 3;
      if (p >= 0) want.push({ b, priority: p });
    }
    want.sort((a, b) => a.priority - b.priority || this.state.get(a.b.trackId)!.last - this.state.get(b.b.trackId)!.last);
    const chosen = want.slice(0, this.s.maxCrops).map((w) => w.b);
    if (chosen.length) {
      const res = await this.model.identify(this.crops(img, chosen));
      chosen.forEach((b, k) => {
        const d = b.detection!;
        tracker.track(b.trackId)!.identity.add(res[k]!.probs, d.blurred || d.partial ? this.s.weakWeight : 1);
        this.state.get(b.trackId)!.last = f;
      });
    }
    this.stats.crops = chosen.length;
    this.stats.ms = stageMs() - w0;
  }

  /** Looks at a track every frame for a while; its evidence so far counts less (once per episode). */
  private watch(track: number, st: TrackState, f: number, tracker: BallTracker<BallDetection, TrackVote>): void {
    if (f > st.watchUntil) tracker.track(track)?.identity.soften(this.s.soften);
    st.watchUntil = f + this.s.watchFrames;
  }

  private crops(img: VideoImage, balls: readonly Ball[]): Float32Array {
    return detectionCrops(img, balls.map((b) => b.detection!));
  }

  /** Calibrates the model from a rack at rest, fully seen; votes its balls. True when done. */
  private async tryRack(img: VideoImage, balls: readonly Ball[], tracker: BallTracker<BallDetection, TrackVote>, f: number): Promise<boolean> {
    const seen = balls.filter((b) => b.detection && !b.detection.blurred && Math.hypot(b.vx, b.vy) < this.s.restSpeed && (tracker.track(b.trackId)?.hits ?? 0) >= 3);
    const idx = findRack(seen);
    if (!idx) return false;
    const rack = idx.map((i) => seen[i]!);
    const ids = RACK_IDS.get(rack.length)!;
    const all = [...rack, ...seen.filter((b) => !rack.includes(b))];
    const crops = this.crops(img, all);
    const raw = await this.model.identify(crops);
    const assigned = assignRackIds(raw.slice(0, rack.length).map((r) => r.probs), ids);
    // The cue ball joins the fit when the model is sure of one (it pins the white balance).
    let cue = -1;
    for (let k = rack.length; k < all.length; k++) {
      const r = raw[k]!;
      if (r.id === 0 && r.confidence > 0.9 && (cue < 0 || r.confidence > raw[cue]!.confidence)) cue = k;
    }
    const n = rack.length * CROP_VALUES;
    const fitCrops = new Float32Array(n + (cue >= 0 ? CROP_VALUES : 0));
    fitCrops.set(crops.subarray(0, n));
    if (cue >= 0) fitCrops.set(crops.subarray(cue * CROP_VALUES, (cue + 1) * CROP_VALUES), n);
    const fitIds: BallId[] = cue >= 0 ? [...assigned, 0] : assigned;
    const fit = await this.model.adaptToRack(fitCrops, fitIds);
    this.stats.rack = { frame: f, ids: fitIds, fit };
    const res = await this.model.identify(crops);
    all.forEach((b, k) => {
      tracker.track(b.trackId)!.identity.add(res[k]!.probs);
      this.state.get(b.trackId)!.last = f;
    });
    this.stats.crops = all.length;
    return true;
  }
}
