// Temporal voting of ball identities along tracks (the tracker's identity hook). Each
// observation's class probabilities add their logs (floored, so one confident wrong crop costs
// a bounded amount) to a decaying per-track score; crops that look like "not a ball" (a hand
// over the ball, a detector glitch) are left out. A stripe rolled so that its band hides for a
// few frames, or a blurred frame, then cannot flip an identity built over many observations,
// while a lasting disagreement (a tracker swap) wins in the end. `assignUnique` gives each ball
// number to at most one track: the track with the stronger evidence keeps it, and the others
// are read again among the numbers left.
import { BALL_IDS, type BallId } from '../../contract/ids.ts';
import { hungarian } from '../numeric/hungarian.ts';
import { NONE_CLASS, kindOfClass, type BallKind } from './classes.ts';

export interface VoteOptions {
  /** Multiplier of the accumulated score per observation (memory ≈ 1 / (1 − decay) observations). */
  decay: number;
  /** Floor of an observation's probability of a class before the log (bounds one crop's evidence). */
  floor: number;
  /** Observations whose "not a ball" probability exceeds this are ignored. */
  skipNone: number;
  /** Observations needed before the track resolves to an id. */
  minFrames: number;
  /** Posterior the leading id needs to resolve. */
  minConfidence: number;
  /** "Not a ball" looks (skipped ones) that make a track not a ball, when they also outnumber its ball looks `noneRatio` to one. */
  noneLooks: number;
  noneRatio: number;
}

/**
 * Log-likelihood per look by which the number a resting ball holds counts as likelier for it in
 * the joint assignment (its looks must be twice as likely for another ball to take the number).
 */
export const HOLD_BONUS = Math.LN2;

/**
 * No number is forced on a ball at less than this share of its likeliest one's likelihood (per
 * look: `resolvedAmong`; per frame: `assignSetIds`): the clash then says a reading is wrong, not which.
 */
export const AMONG_MIN_SHARE = 0.05;

/**
 * The lead per look the cue ball's number gets on the track of a ball struck from a still table
 * (`markStruck`): the ball a player strikes is the cue ball, whatever the model read on it at
 * rest (a cream cue ball read as the 14). It is evidence like the looks': later looks decay it,
 * and a close pass or an occlusion softens it with the rest, so a track that goes on to follow
 * another ball is not held to 0.
 */
export const STRIKE_LEAD = Math.log(20);

export const DEFAULT_VOTE: VoteOptions = { decay: 0.97, floor: 0.02, skipNone: 0.6, minFrames: 1, minConfidence: 0.9, noneLooks: 3, noneRatio: 3 };

export interface VotedIdentity {
  /** The leading id (null before any observation). */
  id: BallId | null;
  kind: BallKind;
  /** Posterior of the id under the accumulated scores (softmax over the 16 ids). */
  confidence: number;
  /** Observations that contributed. */
  frames: number;
}

function checkOptions(o: VoteOptions): void {
  const ok = o.decay > 0 && o.decay <= 1 && o.floor > 0 && o.floor < 1 && o.skipNone > 0 && o.skipNone <= 1
    && Number.isInteger(o.minFrames) && o.minFrames >= 1 && o.minConfidence > 0 && o.minConfidence <= 1
    && Number.isInteger(o.noneLooks) && o.noneLooks >= 1 && o.noneRatio > 0;
  if (!ok) throw new Error('TrackVote: decay, floor and skipNone in (0, 1], minFrames and noneLooks positive integers, minConfidence in (0, 1], noneRatio positive');
}

/** What a track carries for identity: the classifier side adds votes to it (its own API), the tracker ages it each frame and reads the resolved ball number. */
export interface IdentityHook {
  /** One more frame of the track's life. */
  age(): void;
  /** The ball number the votes agree on, or null. */
  resolved(): BallId | null;
  /** Strength behind an id (two moving tracks resolving to one number: the stronger keeps it). */
  weightOf(id: BallId): number;
  /** Mean log-likelihood of an id per look (−Infinity before any look): the cost of giving it this number. */
  meanScore(id: BallId): number;
  /** The id the votes agree on among the numbers still free (others' ids taken away), or null. */
  resolvedAmong(free: (id: BallId) => boolean): BallId | null;
  /** The ball left rest at a strike's speed while every other ball stood still: it is the cue ball. */
  markStruck?(): void;
}

/** The running vote of one track; the tracker's default `IdentityHook`. */
export class TrackVote implements IdentityHook {
  /** Accumulated log-probability per ball id (0–15). */
  readonly score = new Float64Array(16);
  frames = 0;
  /** Looks skipped as "not a ball". */
  noneFrames = 0;
  private readonly o: VoteOptions;

  constructor(o: Partial<VoteOptions> = {}) {
    this.o = { ...DEFAULT_VOTE, ...o };
    checkOptions(this.o);
  }

  /**
   * Adds one observation's class probabilities (length 17: ids 0–15, then none). `weight`
   * (0–1] scales its evidence (e.g. less for a blurred crop). Returns false when skipped.
   */
  add(probs: ArrayLike<number>, weight = 1): boolean {
    if (probs.length < 16) throw new Error('TrackVote.add: need at least 16 class probabilities');
    if (!(weight > 0 && weight <= 1)) throw new Error('TrackVote.add: weight must be in (0, 1]');
    const pn = probs[NONE_CLASS] ?? 0;
    if (pn > this.o.skipNone) {
      this.noneFrames++;
      return false;
    }
    const ball = 1 - pn || 1;
    const lf = Math.log(this.o.floor);
    for (let c = 0; c < 16; c++) {
      const p = probs[c]! / ball;
      this.score[c] = this.score[c]! * this.o.decay + weight * (p > this.o.floor ? Math.log(p) : lf);
    }
    this.frames++;
    return true;
  }

  /** Scales the evidence so far down (0–1]: after an occlusion or a close pass the track may follow another ball. */
  soften(factor: number): void {
    if (!(factor > 0 && factor <= 1)) throw new Error('TrackVote.soften: factor must be in (0, 1]');
    for (let c = 0; c < 16; c++) this.score[c] = this.score[c]! * factor;
  }

  /** Forgets every observation (a track found to follow another ball). */
  reset(): void {
    this.score.fill(0);
    this.frames = 0;
    this.noneFrames = 0;
  }

  /** The ball was struck from a still table: the cue ball's number leads the others by STRIKE_LEAD per look. */
  markStruck(): void {
    let top = -Infinity;
    for (let c = 1; c < 16; c++) top = Math.max(top, this.score[c]!);
    this.score[0] = Math.max(this.score[0]!, top) + STRIKE_LEAD * Math.max(1, this.looks());
    this.frames = Math.max(this.frames, 1);
  }

  /**
   * Whether the model keeps saying this track is not a ball (a pocket's mouth, a mark on a
   * rail, a chalk cube taken for one): enough "not a ball" looks, and many more of them than
   * ball looks. A ball that a hand covered for a while has its ball looks from before.
   */
  get notABall(): boolean {
    return this.noneFrames >= this.o.noneLooks && this.noneFrames >= this.o.noneRatio * this.frames;
  }

  /** Log-posterior of each id (softmax of the scores, in logs). */
  logPosterior(): Float64Array {
    const out = new Float64Array(16);
    let m = -Infinity;
    for (let c = 0; c < 16; c++) m = Math.max(m, this.score[c]!);
    let s = 0;
    for (let c = 0; c < 16; c++) s += Math.exp(this.score[c]! - m);
    const lz = m + Math.log(s);
    for (let c = 0; c < 16; c++) out[c] = this.score[c]! - lz;
    return out;
  }

  get identity(): VotedIdentity {
    if (this.frames === 0) return { id: null, kind: 'none', confidence: 0, frames: 0 };
    const lp = this.logPosterior();
    let best = 0;
    for (let c = 1; c < 16; c++) if (lp[c]! > lp[best]!) best = c;
    return { id: best as BallId, kind: kindOfClass(best), confidence: Math.exp(lp[best]!), frames: this.frames };
  }

  /** Tracker hook: one frame of the track's life (the score decays per observation, not per frame). */
  age(): void {}

  /** Tracker hook: the leading id once enough observations agree clearly enough, else null. */
  resolved(): BallId | null {
    const v = this.identity;
    return v.frames >= this.o.minFrames && v.confidence >= this.o.minConfidence ? v.id : null;
  }

  /**
   * Tracker hook: the leading id among the free ones once it holds `minConfidence` of the
   * posterior left to them (a second reading of the purple 4 after the 8 went to a track that
   * is surer of it), or null.
   */
  resolvedAmong(free: (id: BallId) => boolean): BallId | null {
    if (this.frames < this.o.minFrames) return null;
    const lp = this.logPosterior();
    const best = this.leadingAmong(free);
    let sum = 0;
    for (let c = 0; c < 16; c++) if (free(c as BallId)) sum += Math.exp(lp[c]!);
    if (best === null || !(Math.exp(lp[best]!) / sum >= this.o.minConfidence)) return null;
    // Not an id a single look all but rules out (the looks of a resting ball are not independent,
    // so the posterior is judged per look): the clash then says a reading is wrong, not which.
    const looks = this.looks();
    let top = -Infinity;
    for (let c = 0; c < 16; c++) top = Math.max(top, this.score[c]!);
    return (this.score[best]! - top) / looks >= Math.log(AMONG_MIN_SHARE) ? (best as BallId) : null;
  }

  /** The leading id among the free ones (null before any look, or when none is free). */
  leadingAmong(free: (id: BallId) => boolean): BallId | null {
    if (this.frames === 0) return null;
    let best: BallId | null = null;
    for (let c = 0; c < 16; c++) if (free(c as BallId) && (best === null || this.score[c]! > this.score[best]!)) best = c as BallId;
    return best;
  }

  /** Tracker hook: strength behind an id, the log-likelihood margin over the best other id. */
  weightOf(id: BallId): number {
    if (this.frames === 0) return 0;
    let other = -Infinity;
    for (let c = 0; c < 16; c++) if (c !== id) other = Math.max(other, this.score[c]!);
    return this.score[id]! - other;
  }

  /** Tracker hook: the mean log-likelihood of an id per look (−Infinity before any look). */
  meanScore(id: BallId): number {
    return this.frames === 0 ? -Infinity : this.score[id]! / this.looks();
  }

  /** Effective number of looks behind the score (their decayed count). */
  private looks(): number {
    const d = this.o.decay;
    return d < 1 ? (1 - d ** this.frames) / (1 - d) : this.frames;
  }
}

/**
 * One-to-one ids for many tracks (one ball of each number). First the tracks' own resolved ids,
 * the stronger claim (`weightOf`) first, as a moving or hidden ball keeps its number; then the
 * `rereadable` tracks (balls at rest, in sight) are given the numbers the moving ones did not
 * keep jointly: the assignment likeliest per look (Hungarian on −`meanScore`, so a track looked
 * at more often does not win a number on the count of its looks: a cream cue ball read as the
 * 14 on many looks against the 14 itself read clearly on fewer). A resting track keeps the number
 * it is given when that is its own resolved one, or when its votes agree on it among the
 * numbers no other track has (`resolvedAmong`: the dark purple 4 once the 8 went to the 8).
 * Otherwise null. A number stays with the resting ball that `held` it unless another's looks
 * are clearly likelier (`HOLD_BONUS` per look): a white-capped stripe read as the cue ball does
 * not take the number from the cue ball at rest across the table. `byKind`: a ball left without
 * a number though surely a solid or a stripe gets a free number of that kind (`numberOfKind`; for
 * games whose calls read only the kind: 8-ball, 14.1): its number went to a ball of a set's
 * shades the model reads as that number too (a tan 7 read as the 5).
 */
export function assignUnique<K>(tracks: Iterable<readonly [K, IdentityHook]>, rereadable: (key: K) => boolean = () => true, held: (key: K) => BallId | null = () => null, byKind = false): Map<K, BallId | null> {
  const votes = [...tracks];
  const out = new Map<K, BallId | null>(votes.map(([key]) => [key, null]));
  const claims = votes.flatMap(([key, vote], order) => {
    const id = vote.resolved();
    return id === null ? [] : [{ key, id, w: vote.weightOf(id), order }];
  });
  claims.sort((a, b) => b.w - a.w || a.order - b.order);
  const kept = new Set<BallId>();
  const used = new Set<BallId>();
  for (const c of claims) {
    if (used.has(c.id)) continue;
    used.add(c.id);
    if (rereadable(c.key)) continue;
    kept.add(c.id);
    out.set(c.key, c.id);
  }
  const rows = votes.filter(([key, vote]) => rereadable(key) && Number.isFinite(vote.meanScore(0)));
  const open = BALL_IDS.filter((id) => !kept.has(id));
  const given = hungarian(rows.map(([key, vote]) => open.map((id) => -vote.meanScore(id) - (held(key) === id ? HOLD_BONUS : 0))));
  const owner = new Map<BallId, number>();
  given.forEach((c, r) => {
    if (c >= 0) owner.set(open[c]!, r);
  });
  const named = new Set<BallId>(kept);
  rows.forEach(([key, vote], r) => {
    const c = given[r]!;
    if (c < 0) return;
    const id = open[c]!;
    const free = (x: BallId): boolean => !kept.has(x) && (owner.get(x) === undefined || owner.get(x) === r);
    if (vote.resolved() === id || vote.resolvedAmong(free) === id) {
      out.set(key, id);
      named.add(id);
    }
  });
  if (byKind) {
    // Moving balls first (they keep the number they held when it is still free), then resting ones.
    const left = votes.filter(([key]) => out.get(key) === null).sort(([a], [b]) => Number(rereadable(a)) - Number(rereadable(b)));
    for (const [key, vote] of left) {
      const id = numberOfKind(vote, (x) => !named.has(x), held(key));
      if (id === null) continue;
      out.set(key, id);
      named.add(id);
    }
  }
  return out;
}

/**
 * A free number of the kind a ball surely is, when its own number went to another ball
 * (`assignUnique`'s `byKind`): the ball's votes settled on a solid or a stripe (`resolved`), and no
 * number of another kind (the cue ball, the 8, the other group) holds `AMONG_MIN_SHARE` of that
 * number's likelihood per look. The number it held when that is free and of the kind (a ball keeps
 * its number while it rolls), else the free number of the kind its looks make likeliest, else null.
 */
function numberOfKind(vote: IdentityHook, free: (id: BallId) => boolean, held: BallId | null): BallId | null {
  const own = vote.resolved();
  if (own === null) return null;
  const kind = kindOfClass(own);
  if (kind !== 'solid' && kind !== 'stripe') return null;
  const top = vote.meanScore(own);
  let best: BallId | null = null;
  for (const id of BALL_IDS) {
    const s = vote.meanScore(id);
    if (kindOfClass(id) !== kind) {
      if (s - top >= Math.log(AMONG_MIN_SHARE)) return null;
    } else if (free(id) && (best === null || s > vote.meanScore(best))) best = id;
  }
  return held !== null && free(held) && kindOfClass(held) === kind ? held : best;
}
