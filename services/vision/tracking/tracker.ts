// The tracker adds track ids to detections and nothing else (supervision / norfair style): the
// detector's own detection type flows through, the motion model and the distance are injected,
// settings are checked at construction. Each frame: predict every track (constant velocity),
// assign detections (Hungarian or greedy on gated distances), coast unmatched tracks through
// short occlusions (cue, arm, hand), start tracks from unmatched detections. Each track has
// an identity-vote hook: a classifier adds votes, the track reports a resolved ball id or null.
import type { BallId } from '../../contract/ids.ts';
import { greedyAssign, hungarian } from '../numeric/hungarian.ts';
import { TrackVote, assignUnique, type IdentityHook } from '../identity/vote.ts';
import { BALL_RADIUS, MAX_BALL_SPEED } from '../../table/spec.ts';
import { stopAtRestingBall } from './collide.ts';
import { ConstantVelocityFilter, type MotionFilter, type MotionState } from './motion.ts';
import { JITTER_KEEP, REST_HITS, STILL_HITS, STILL_RADIUS, jitterRests, placeOf, rests, rollsOn } from './stillness.ts';
import type { TablePositioned, Track } from './track.ts';

export type { TablePositioned, Track } from './track.ts';

/** Distance between a track's prediction and a detection (gated by `maxDistance`). */
export type DistanceFunction<D extends TablePositioned> = (predicted: MotionState, detection: D) => number;

/** Euclidean distance in the table frame (m). */
export const tableDistance = <D extends TablePositioned>(p: MotionState, d: D): number => Math.hypot(p.x - d.x, p.y - d.y);

export type { IdentityHook } from '../identity/vote.ts';

export interface TrackerSettings<D extends TablePositioned, H extends IdentityHook = TrackVote> {
  motion: MotionFilter;
  distance: DistanceFunction<D>;
  /** Largest distance at which a detection may join a track (plus `gateSigmas` predicted sigmas). */
  maxDistance: number;
  /** The gate grows by this many standard deviations of the predicted position (coasting tracks widen). */
  gateSigmas: number;
  /** Frames a track is kept without a detection (occlusions). */
  maxMissedFrames: number;
  /** Detections needed before a track is reported. */
  minHits: number;
  /** A new track whose first detection passes this is reported at once (a clear, whole ball: no need to wait for `minHits`). */
  sureAtOnce: (detection: D) => boolean;
  /** A new track whose first detection passes this has rested already (seen in place over several looks before it was given): its anchor starts full. */
  restingAtOnce: (detection: D) => boolean;
  assignment: 'hungarian' | 'greedy';
  /** Makes a new track's identity hook. */
  identity: () => H;
  /**
   * A second chance for a detection left over after assignment and a track that went unmatched
   * (a ball struck out of its gate: the smear points back at where it rested): the track's new
   * state when the detection continues it, else null. `dt`: seconds since the last frame.
   */
  rejoin: (track: Track<D, H>, detection: D, dt: number) => MotionState | null;
  /** A ball struck from a still table, lost from its window and seen sharp beyond the gate, keeps its track (`strikeRejoin`). */
  strikeRejoin: boolean;
  /** Ball radius (m): a moving track's prediction stops at a resting track in its way (collide.ts); null: straight through. */
  ballRadius: number | null;
  /** A ball surely a solid or a stripe whose number went to another gets a free number of its kind (`assignUnique`'s `byKind`: games whose calls read only the kind). */
  numbersByKind: boolean;
}

export function defaultTrackerSettings<D extends TablePositioned>(): TrackerSettings<D, TrackVote> {
  return {
    motion: new ConstantVelocityFilter(), distance: tableDistance, maxDistance: 0.06, gateSigmas: 3,
    maxMissedFrames: 30, minHits: 2, sureAtOnce: () => false, restingAtOnce: () => false, assignment: 'hungarian', identity: () => new TrackVote(), rejoin: () => null,
    strikeRejoin: true, ballRadius: BALL_RADIUS, numbersByKind: false,
  };
}

/** One ball of a frame's output: the detection (or the prediction while hidden) with its track. */
export interface TrackedBall<D extends TablePositioned> {
  trackId: number;
  /** Resolved ball number, or null until the identity votes agree. */
  id: BallId | null;
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** This frame's detection; null while the track coasts unseen. */
  detection: D | null;
  /** Set on the frame a ball that left rest at a strike's speed from a still table went on its way (it is the cue ball). */
  struck?: true;
  /** True while coasting (hidden by the cue, an arm, a hand, or missed). */
  occluded: boolean;
}

function checkSettings<D extends TablePositioned, H extends IdentityHook>(s: TrackerSettings<D, H>): void {
  const bad = (what: string): never => {
    throw new Error(`BallTracker: ${what}`);
  };
  if (!s.motion || typeof s.motion.predict !== 'function') bad('motion must be a MotionFilter');
  if (typeof s.distance !== 'function') bad('distance must be a function');
  if (!(s.maxDistance > 0) || !Number.isFinite(s.maxDistance)) bad('maxDistance must be a positive finite number');
  if (!(s.gateSigmas >= 0) || !Number.isFinite(s.gateSigmas)) bad('gateSigmas must be a non-negative number');
  if (!(Number.isInteger(s.maxMissedFrames) && s.maxMissedFrames >= 0)) bad('maxMissedFrames must be a non-negative integer');
  if (!(Number.isInteger(s.minHits) && s.minHits >= 1)) bad('minHits must be a positive integer');
  if (s.assignment !== 'hungarian' && s.assignment !== 'greedy') bad('assignment must be "hungarian" or "greedy"');
  if (s.ballRadius !== null && !(s.ballRadius > 0 && Number.isFinite(s.ballRadius))) bad('ballRadius must be a positive number or null');
  if (typeof s.identity !== 'function') bad('identity must be a factory of identity hooks');
  if (typeof s.rejoin !== 'function') bad('rejoin must be a function of a track and a detection');
  if (typeof s.sureAtOnce !== 'function') bad('sureAtOnce must be a function of a detection');
  if (typeof s.restingAtOnce !== 'function') bad('restingAtOnce must be a function of a detection');
  if (typeof s.strikeRejoin !== 'boolean') bad('strikeRejoin must be a boolean');
}

export class BallTracker<D extends TablePositioned, H extends IdentityHook = TrackVote> {
  private readonly s: TrackerSettings<D, H>;
  private readonly live: Track<D, H>[] = [];
  private nextId = 1;
  private lastT: number | null = null;
  /** The predictions made for time t (pipeline.ts asks predictedRegions twice a frame, then update): computed once, the tracks do not change between. */
  private predictedAt: { t: number; states: MotionState[] } | null = null;

  /** Settings not given take `defaultTrackerSettings`; a custom hook type needs its `identity` factory. */
  constructor(settings: Partial<TrackerSettings<D, H>> = {}) {
    this.s = { ...(defaultTrackerSettings<D>() as unknown as TrackerSettings<D, H>), ...settings };
    checkSettings(this.s);
  }

  get tracks(): readonly Track<D, H>[] {
    return this.live;
  }

  /** Whether a track is reported (confirmed by `minHits` detections, or sure at once). */
  isReported(tr: Track<D, H>): boolean {
    return tr.sure || tr.hits >= this.s.minHits;
  }

  /** A live track by id (to add identity votes to `track.identity`), or undefined. */
  track(trackId: number): Track<D, H> | undefined {
    return this.live.find((t) => t.trackId === trackId);
  }

  /** Where each live track is expected at time t, with a search radius (for the detector's windows). */
  predictedRegions(t: number, minRadius = 0.05): { x: number; y: number; radius: number; trackId: number }[] {
    if (this.predictedAt?.t !== t) {
      const dt = this.lastT === null ? 0 : Math.max(0, t - this.lastT);
      this.predictedAt = { t, states: this.predictAll(dt) };
    }
    return this.predictedAt.states.map((p, k) => {
      const tr = this.live[k]!;
      return { x: p.x, y: p.y, radius: Math.max(minRadius, 3 * this.s.motion.positionSigma(p)), trackId: tr.trackId };
    });
  }

  /** Every live track's prediction `dt` ahead, a moving one stopped at a resting ball in its way. */
  private predictAll(dt: number): MotionState[] {
    const predicted = this.live.map((tr) => this.s.motion.predict(tr.state, dt, tr.missed));
    const R = this.s.ballRadius;
    if (R === null || !(dt > 0)) return predicted;
    const resting = this.live.flatMap((tr) => (rests(tr, null) ? [{ x: tr.anchor!.x, y: tr.anchor!.y, trackId: tr.trackId }] : []));
    if (!resting.length) return predicted;
    return predicted.map((p, k) => {
      const tr = this.live[k]!;
      if (rests(tr, null)) return p;
      return stopAtRestingBall(tr.state, p, resting.filter((b) => b.trackId !== tr.trackId), R);
    });
  }

  /** Takes one frame's detections (time t in seconds) and returns the frame's tracked balls. */
  update(detections: readonly D[], t: number): TrackedBall<D>[] {
    const dt = this.lastT === null ? 0 : t - this.lastT;
    if (!(dt >= 0)) throw new Error('BallTracker.update: time went backwards');
    this.lastT = t;
    // Frames missing (a broadcast's cut away, a corrupt stretch): a ball is taken up again only
    // where it was; one that moved meanwhile starts a new track, which the identity votes name.
    const gap = dt > GAP;
    const predicted = gap ? this.live.map((tr) => this.s.motion.predict({ ...tr.state, vx: 0, vy: 0 }, 0, tr.missed))
      : this.predictedAt?.t === t ? this.predictedAt.states : this.predictAll(dt);
    this.predictedAt = null;
    const cost = predicted.map((p) => {
      const gate = this.s.maxDistance + (gap ? 0 : this.s.gateSigmas * this.s.motion.positionSigma(p));
      return detections.map((d) => {
        const v = this.s.distance(p, d);
        return v <= gate ? v : Infinity;
      });
    });
    const match = this.s.assignment === 'hungarian' ? hungarian(cost) : greedyAssign(cost);
    const rejoined = gap ? new Map<number, MotionState>() : this.rejoin(match, detections, dt);
    if (this.s.strikeRejoin && !gap) this.strikeRejoin(match, detections, dt, rejoined);
    const usedDet = new Set<number>();
    const out: TrackedBall<D>[] = [];
    const survivors: Track<D, H>[] = [];
    const leftRest: Track<D, H>[] = [];
    const struck: { tr: Track<D, H>; hitters: readonly number[] }[] = [];
    this.live.forEach((tr, k) => {
      tr.identity.age();
      if (tr.restedAt && ++tr.restedAt.frames > JUST_LEFT) delete tr.restedAt;
      const di = match[k]!;
      if (di >= 0) {
        const d = detections[di]!;
        usedDet.add(di);
        tr.state = rejoined.get(k) ?? this.s.motion.update(predicted[k]!, d.x, d.y);
        tr.hits++;
        const prev = tr.last;
        tr.missed = 0;
        tr.last = d;
        (tr.recent ??= []).push({ x: d.x, y: d.y, t });
        while (tr.recent[0]!.t < t - JITTER_KEEP) tr.recent.shift();
        const secondLook = tr.restedAt?.offWay === true;
        if (secondLook) tr.restedAt!.offWay = false;
        if (tr.strikeFrom && furtherOnItsWay(tr.strikeFrom, tr.strikeFrom.wx, tr.strikeFrom.wy, d, STRIKE_STEP / 2)) struck.push({ tr, hitters: tr.strikeFrom.hitters });
        else if (tr.strikeFrom && tr.restedAt && tr.restedAt.offWay === undefined) tr.restedAt.offWay = true;
        delete tr.strikeFrom;
        const moved = tr.anchor ? Math.hypot(d.x - tr.anchor.x, d.y - tr.anchor.y) : 0;
        const leaving = tr.leaving === true;
        tr.leaving = false;
        if (tr.anchor && moved < STILL_RADIUS) tr.anchor.hits++;
        else {
          // From rest at a stroke's step, or one frame after leaving rest (the stroke fell late in that frame).
          const fromRest = !!tr.anchor && tr.anchor.hits >= REST_HITS;
          // One more look from where it rested, the frame after its first sighting off rest did not
          // go on (its strike unconfirmed): the cue's tip against the ball can pull that sighting the
          // wrong way (game2 clip 1: 3 cm toward the cue, then away at a stroke's speed).
          const again = secondLook && Math.hypot(d.x - tr.restedAt!.x, d.y - tr.restedAt!.y) >= STRIKE_STEP;
          // Across missing frames a ball's move is no stroke's step.
          if (!gap && ((fromRest && moved >= STRIKE_STEP) || (leaving && prev && Math.hypot(d.x - prev.x, d.y - prev.y) >= STRIKE_STEP) || again)) leftRest.push(tr);
          else tr.leaving = fromRest && !gap;
          if (fromRest) tr.restedAt = { x: tr.anchor!.x, y: tr.anchor!.y, frames: 0 };
          tr.anchor = { x: d.x, y: d.y, hits: 1 };
        }
      } else {
        tr.state = predicted[k]!;
        tr.missed++;
        tr.leaving = false;
        if (tr.strikeFrom && ++tr.strikeFrom.frames > STRIKE_MAX_MISSED) delete tr.strikeFrom;
      }
      if (tr.missed > this.s.maxMissedFrames) return;
      survivors.push(tr);
    });
    detections.forEach((d, di) => {
      if (usedDet.has(di)) return;
      survivors.push({
        trackId: this.nextId++, state: this.s.motion.init(d.x, d.y), hits: 1, missed: 0, sure: this.s.sureAtOnce(d), last: d, identity: this.s.identity(),
        ...(this.s.restingAtOnce(d) ? { anchor: { x: d.x, y: d.y, hits: REST_HITS } } : {}),
      });
    });
    this.live.length = 0;
    this.live.push(...survivors);
    // A strike: one ball leaves rest at speed while every other ball in sight stands still, and
    // goes on (its next sighting further on its way). One step alone is not a stroke: a resting
    // ball read 3 cm off as a player's arm uncovers it leaves rest too (9-ball 6324: the 6 took
    // the cue ball's number, and the real stroke a moment later was lost).
    // The table stands still but for one ball the struck one may have hit since (`hitAway`: a ball
    // 9 cm off reached within the frame of the stroke, 8-ball 7702 at 576p25); when both left rest
    // this frame, the struck one is the one the other went away from.
    const sinceStroke = dt * (STRIKE_MAX_MISSED + 1);
    const awayFrom = (b: Track<D, H>, a: Track<D, H>): boolean => !!a.restedAt && !!b.last && this.hitAway(b, b.last, a.restedAt, sinceStroke);
    const [l0, l1] = leftRest;
    const mover = leftRest.length === 1 ? l0!
      : leftRest.length === 2 && awayFrom(l1!, l0!) !== awayFrom(l0!, l1!) ? (awayFrom(l1!, l0!) ? l0! : l1!) : null;
    const rolling = mover?.restedAt ? this.live.filter((tr) => tr !== mover && !this.standsStill(tr, tr.missed === 0 ? tr.last : null) && !this.cannotHaveMoved(tr, mover.restedAt!)) : [];
    const stillBut = rolling.length === 0 || (rolling.length === 1 && rolling[0]!.missed === 0 && awayFrom(rolling[0]!, mover!));
    if (mover?.restedAt && mover.last && !this.pushedByNeighbour(mover, mover.restedAt, mover.last) && stillBut) {
      const { x, y } = mover.restedAt;
      const wx = mover.last.x - x, wy = mover.last.y - y;
      mover.strikeFrom = { x, y, wx, wy, frames: 0, hitters: this.hiddenHitters(mover, { x, y }, wx, wy, dt) };
    }
    // A ball that went out of sight behind it as it left rest may have hit it: the strike stands
    // once each such ball is seen again where it rested.
    const hitterBack = (id: number): boolean => {
      const h = this.track(id);
      return !h || !this.isReported(h) || (h.missed === 0 && rests(h, h.last));
    };
    const confirmed = struck.filter((s) => s.hitters.every(hitterBack)).map((s) => s.tr);
    for (const tr of confirmed) tr.identity.markStruck?.();
    for (const tr of this.live) {
      if (!this.isReported(tr)) continue;
      const seen = tr.missed === 0;
      const at = placeOf(tr);
      out.push({
        trackId: tr.trackId, id: tr.identity.resolved(),
        x: at.x, y: at.y,
        vx: tr.state.vx, vy: tr.state.vy, detection: seen ? tr.last : null, occluded: !seen,
        ...(confirmed.includes(tr) ? { struck: true } : {}),
      });
    }
    return uniqueIdentities(out, this.live, this.s.numbersByKind);
  }

  /** Second chances (settings.rejoin) for unmatched tracks and left-over detections; sets `match` and returns the rejoined tracks' states. */
  private rejoin(match: number[], detections: readonly D[], dt: number): Map<number, MotionState> {
    const out = new Map<number, MotionState>();
    const taken = new Set(match.filter((di) => di >= 0));
    detections.forEach((d, di) => {
      if (taken.has(di)) return;
      let best = -1;
      let bestState: MotionState | null = null;
      let bestDist = Infinity;
      this.live.forEach((tr, k) => {
        if (match[k]! >= 0) return;
        const s = this.s.rejoin(tr, d, dt);
        const dist = s && tr.last ? Math.hypot(tr.last.x - d.x, tr.last.y - d.y) : Infinity;
        if (s && dist < bestDist) {
          best = k;
          bestState = s;
          bestDist = dist;
        }
      });
      if (best < 0 || !bestState) return;
      match[best] = di;
      taken.add(di);
      out.set(best, bestState);
    });
    return out;
  }

  /**
   * A ball struck from a still table that outran its window and shows up sharp beyond the gate
   * (the rejoin hook needs a smear to say where a ball came from): the one track that rested and
   * just went unseen takes the one new detection within a stroke's reach of where it rested,
   * when every other ball in sight still rests. Sets `match` and `out` (the state with the
   * speed that path implies).
   */
  private strikeRejoin(match: number[], detections: readonly D[], dt: number, out: Map<number, MotionState>): void {
    if (!(dt > 0)) return;
    // The one reported track that rested, or left rest in the last JUST_LEFT frames, and is unseen now.
    const lost = this.live.flatMap((tr, k) => (match[k]! < 0 && tr.missed < STRIKE_MAX_MISSED && this.isReported(tr) && (rests(tr, null) || tr.restedAt) ? [k] : []));
    if (lost.length !== 1) return;
    const k = lost[0]!;
    const tr = this.live[k]!;
    const resting = rests(tr, null);
    // A ball creeping on (within STILL_RADIUS a frame, so it `rests`) that goes out of sight
    // dropped or went behind something; it was not struck from rest (14.1 6393, 34.3 s: the 14
    // rolled into a corner pocket, and its track took the cue ball creeping after it).
    if (resting && rollsOn(tr)) return;
    const a = resting ? tr.anchor! : tr.restedAt!;
    // Every other ball stands still, but for at most one resting ball the struck one ran straight
    // into (`hitBy`), whose detection now lies back toward where the struck one came from: a ball
    // hit moves away from its hitter, so that detection is the hitter's (14.1 6331: a cue ball
    // too fast to be seen reached the 3, the 3 flew off unseen, and the 3's track took the cue ball).
    const stirred = this.live.flatMap((o, j) => (j === k || this.standsStill(o, match[j]! >= 0 ? detections[match[j]!]! : null) ? [] : [j]));
    const hitBy = stirred.length === 1 && this.hitterSighting(stirred[0]!, match, detections, a) ? stirred[0]! : null;
    // Since it left rest: the frame it left in may have begun a frame before it was seen off its rest.
    const elapsed = dt * (tr.missed + 1 + (resting ? 0 : tr.restedAt!.frames + 1));
    // Or that one ball, seen on its own way away from the struck one's rest and within the struck
    // one's reach since the stroke, was hit by it (8-ball 7702 at 576p25, 30.9 s: the cue ball
    // reached the 9, 9 cm off, within a frame of the stroke, and was next seen as a blur beyond
    // its gate while the 9 rolled): its sighting is its own, and the struck ball's is another.
    const only = stirred.length === 1 ? stirred[0]! : -1;
    const hitOne = only >= 0 && hitBy === null && match[only]! >= 0 && this.hitAway(this.live[only]!, detections[match[only]!]!, a, elapsed);
    if (stirred.length > (hitBy === null && !hitOne ? 0 : 1)) return;
    // Having left rest, it goes on the way it went: beyond its last sighting, within STRIKE_CONE of that line.
    const last = tr.last;
    const onItsWay = (d: D): boolean => resting || !last || furtherOnItsWay(a, last.x - a.x, last.y - a.y, d, 0);
    // For a ball that has left rest, a detection another track took is free when that track is one
    // frame old and not reported (the stroke's smear, seen beside the ball as it left rest, started a
    // track of its own). Not for a ball still at rest: a hand or cue tip beside a ball hidden under
    // it starts such tracks too.
    const owner = (di: number): number => match.findIndex((m) => m === di);
    const free = (di: number): boolean => {
      const j = owner(di);
      return j < 0 || j === hitBy || (!resting && this.live[j]!.hits === 1 && !this.isReported(this.live[j]!));
    };
    const near = detections.flatMap((d, di) => {
      const r = Math.hypot(d.x - a.x, d.y - a.y);
      return free(di) && r >= STRIKE_STEP && r <= MAX_BALL_SPEED * elapsed && onItsWay(d) ? [di] : [];
    });
    if (near.length !== 1) return;
    // With a ball stirred, only the sighting beside it may be the struck ball's.
    if (hitBy !== null && owner(near[0]!) !== hitBy) return;
    const d = detections[near[0]!]!;
    const owned = owner(near[0]!);
    if (owned >= 0) match[owned] = -1;
    match[k] = near[0]!;
    const from = resting || !last ? a : last;
    const took = resting || !last ? elapsed : dt * (tr.missed + 1);
    out.set(k, { ...this.s.motion.init(d.x, d.y), vx: (d.x - from.x) / took, vy: (d.y - from.y) / took });
  }

  /**
   * Whether track j, resting, was seen this frame off its rest toward `from` (where a struck ball
   * left rest), near the straight line from there to it: the struck ball's sighting beside the
   * ball it reached, not that ball leaving (a ball hit moves away from its hitter).
   */
  private hitterSighting(j: number, match: readonly number[], detections: readonly D[], from: { x: number; y: number }): boolean {
    const o = this.live[j]!;
    const di = match[j]!;
    if (di < 0 || !rests(o, null)) return false;
    const d = detections[di]!;
    const rest = o.anchor!;
    const R = this.s.ballRadius ?? BALL_RADIUS;
    const tx = from.x - rest.x, ty = from.y - rest.y, t = Math.hypot(tx, ty);
    const mx = d.x - rest.x, my = d.y - rest.y, m = Math.hypot(mx, my);
    if (!(t > 2 * R) || !(m > 0) || m > 4 * R) return false;
    const towardHitter = (mx * tx + my * ty) / (m * t) > 0;
    const offLine = Math.abs(mx * ty - my * tx) / t;
    return towardHitter && offLine <= 2 * R;
  }

  /**
   * Whether a track rested within reach of a ball struck at `from` `elapsed` ago (two radii and
   * MAX_BALL_SPEED × elapsed) and is seen (`d`) off its rest, away from `from` (a ball hit moves
   * away from its hitter). Its rest: where it left rest in the last JUST_LEFT frames, or where it
   * still rests; a rolling ball's anchor (its last sighting) is no rest: a ball that rolled into
   * the one leaving and bounced off goes away from it too, and is its hitter (8-ball 6701 at
   * 1080p60, 42.67 s: the cue ball, rolling for seven frames, hit the 6, which was taken as struck
   * from a still table and so named the cue ball back to where it came to rest 1.8 s before).
   */
  private hitAway(o: Track<D, H>, d: D, from: { x: number; y: number }, elapsed: number): boolean {
    const rest = o.restedAt ?? (o.anchor && o.anchor.hits >= REST_HITS ? o.anchor : undefined);
    if (!rest) return false;
    const R = this.s.ballRadius ?? BALL_RADIUS;
    const tx = rest.x - from.x, ty = rest.y - from.y;
    const mx = d.x - rest.x, my = d.y - rest.y;
    return Math.hypot(tx, ty) <= 2 * R + MAX_BALL_SPEED * elapsed && Math.hypot(mx, my) > 0 && mx * tx + my * ty > 0;
  }

  /**
   * Resting balls that went out of sight within the last STRIKE_MAX_MISSED frames, behind a ball
   * that just left rest at `from` on its way (wx, wy), within a stroke's reach of it: any of them
   * may have been the cue ball that hit it, lost in its stroke's blur or under the cue (8-ball
   * 6327, 25.4 s: the cue ball 4 cm from the 13 struck it within a frame and was not seen; the
   * 13, leaving rest alone, took the cue ball's number).
   */
  private hiddenHitters(mover: Track<D, H>, from: TablePositioned, wx: number, wy: number, dt: number): number[] {
    const w = Math.hypot(wx, wy);
    const R = this.s.ballRadius ?? BALL_RADIUS;
    return this.live.flatMap((tr) => {
      if (tr === mover || !this.isReported(tr) || tr.missed === 0 || tr.missed > STRIKE_MAX_MISSED || !rests(tr, null)) return [];
      const ax = tr.anchor!.x - from.x, ay = tr.anchor!.y - from.y;
      const behind = w > 0 && (ax * wx + ay * wy) / w <= 0;
      const reach = 2 * R + MAX_BALL_SPEED * dt * (tr.missed + 1);
      return behind && Math.hypot(ax, ay) <= reach ? [tr.trackId] : [];
    });
  }

  /**
   * Whether a track leaves the table still for a strike: not yet reported, or resting at `seen`
   * (this frame's detection), or hidden (`seen` null) while it was still — a ball hidden while it
   * rolls (the cue ball passing behind or against another ball) means the table is not still.
   */
  private standsStill(tr: Track<D, H>, seen: D | null): boolean {
    return !this.isReported(tr) || (seen ? rests(tr, seen) || jitterRests(tr, this.lastT ?? -Infinity) : Math.hypot(tr.state.vx, tr.state.vy) < REREAD_SPEED);
  }

  /**
   * Whether a ball that rested at `rest` and was next seen at `to` may have been pushed by another
   * ball touching it: one within TOUCH_GAP of touching it at its rest, on the far side of its way
   * (within PUSH_CONE of the line of centres, along which a push sends a ball). A cue ball stunned
   * into the ball it nearly touches moves a centimetre and stops; the ball it hit leaves rest at a
   * stroke's speed from a table that looks still (14.1 6350, 30.6 s; 8-ball 6373, 50.3 s).
   */
  private pushedByNeighbour(mover: Track<D, H>, rest: TablePositioned, to: TablePositioned): boolean {
    const R = this.s.ballRadius ?? BALL_RADIUS;
    const wx = to.x - rest.x, wy = to.y - rest.y, w = Math.hypot(wx, wy);
    if (!(w > 0)) return false;
    return this.live.some((tr) => {
      if (tr === mover || !this.isReported(tr)) return false;
      const p = placeOf(tr);
      const ax = rest.x - p.x, ay = rest.y - p.y, a = Math.hypot(ax, ay);
      return a <= 2 * R + TOUCH_GAP && a > 0 && (ax * wx + ay * wy) / (a * w) >= Math.cos(PUSH_CONE);
    });
  }

  /**
   * Whether a moving track cannot have set a ball resting at `rest` moving: it has no number (no
   * ball the identity model named: on real footage a player's hand, arm or cue taken for a ball)
   * and is further from the rest than a ball could have come in a frame (STRIKE_NEAR).
   */
  private cannotHaveMoved(tr: Track<D, H>, rest: TablePositioned): boolean {
    if (tr.held !== null && tr.held !== undefined) return false;
    const p = placeOf(tr);
    return Math.hypot(p.x - rest.x, p.y - rest.y) > STRIKE_NEAR;
  }

  /** The balls of a frame with their ids read again from the tracks' votes (after votes were added). */
  resolveIds(balls: TrackedBall<D>[]): TrackedBall<D>[] {
    return uniqueIdentities(balls, this.live, this.s.numbersByKind);
  }
}

/** Below this speed (m/s) a seen ball counts as at rest for the numbers' joint assignment (or after STILL_HITS detections in place, stillness.ts). */
const REREAD_SPEED = 0.15;
/** Seconds between two frames beyond which frames are missing (a cut, a corrupt stretch), not a frame interval. */
const GAP = 0.25;
/**
 * A ball at rest (`rests`: REST_HITS detections within STILL_RADIUS) whose next detection is
 * STRIKE_STEP (m) away or more (0.75 m/s at 30 frames/s: a cue's stroke, not a hand), or whose
 * next step after it left rest is (the stroke came late in the frame it left in), while every
 * other ball in sight rests as long was struck: it is the cue ball (`IdentityHook.markStruck`).
 */
const STRIKE_STEP = 0.025;
/** A moving track without a number further than this (m) from a ball that left rest cannot have set it moving (`cannotHaveMoved`): a ball at 5 m/s in a frame at 25 frames/s. */
const STRIKE_NEAR = 0.2;
/** A ball within this (m) of touching a ball that left rest, behind it within PUSH_CONE (rad) of its way, may have pushed it (`pushedByNeighbour`). */
const TOUCH_GAP = 0.015;
const PUSH_CONE = Math.PI / 4;
/** A struck ball lost from its window is looked for this many frames, up to MAX_BALL_SPEED from where it rested. */
const STRIKE_MAX_MISSED = 3;
/** A ball that left rest this many frames ago or fewer may still outrun its window (a stroke that fell late in a frame). */
const JUST_LEFT = 2;
/** …on its way: within this angle (rad) of the line from its rest through its last sighting. */
const STRIKE_CONE = 0.35;

/**
 * A sighting further on a ball's way from its rest `from` (its way so far: wx, wy): more than
 * `margin` beyond how far it had gone, within STRIKE_CONE of that line.
 */
function furtherOnItsWay(from: TablePositioned, wx: number, wy: number, d: TablePositioned, margin: number): boolean {
  const w = Math.hypot(wx, wy);
  const ux = d.x - from.x, uy = d.y - from.y, u = Math.hypot(ux, uy);
  return w > 0 && u > w + margin && (wx * ux + wy * uy) / (w * u) >= Math.cos(STRIKE_CONE);
}

/**
 * A ball number belongs to one track (`assignUnique`): moving balls keep their own on the
 * stronger claim; balls at rest and in sight are given theirs jointly, a number staying with the
 * ball that holds it unless the looks clearly say otherwise (moving balls are not read again: at
 * a break, blurred looks and softened votes would trade ids).
 */
function uniqueIdentities<D extends TablePositioned, H extends IdentityHook>(balls: TrackedBall<D>[], tracks: readonly Track<D, H>[], byKind: boolean): TrackedBall<D>[] {
  const shown = new Set(balls.map((b) => b.trackId));
  const live = new Map(tracks.filter((t) => shown.has(t.trackId)).map((t) => [t.trackId, t]));
  const still = new Set(balls.filter((b) => !b.occluded && (Math.hypot(b.vx, b.vy) < REREAD_SPEED || (live.get(b.trackId)?.anchor?.hits ?? 0) >= STILL_HITS)).map((b) => b.trackId));
  const ids = assignUnique([...live].map(([k, t]) => [k, t.identity] as const), (k) => still.has(k), (k) => live.get(k)?.held ?? null, byKind);
  for (const t of live.values()) t.held = ids.get(t.trackId) ?? null;
  return balls.map((b) => ({ ...b, id: ids.get(b.trackId) ?? null }));
}
