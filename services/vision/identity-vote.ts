// Temporal voting of ball identities along tracks. Each frame's class probabilities add their
// logs (floored, so one confident wrong frame costs a bounded amount) to a decaying per-track
// score; frames that look like "not a ball" (detector glitches, a hand over the ball) are left
// out. A stripe rolled so its band hides for a few frames, or a blurred frame, then cannot flip
// an identity built over many frames. `assignUnique` gives each id to at most one track.
import type { BallId } from '../contract/ids.ts';
import { NONE_CLASS, kindOfClass, type BallKind } from './identity-classes.ts';

export interface VoteOptions {
  /** Multiplier of the accumulated score per observed frame (memory ≈ 1 / (1 − decay) frames). */
  decay: number;
  /** Floor of a frame's probability of a class before the log (bounds one frame's evidence). */
  floor: number;
  /** Frames whose "not a ball" probability exceeds this are ignored. */
  skipNone: number;
}

export const DEFAULT_VOTE: VoteOptions = { decay: 0.97, floor: 0.02, skipNone: 0.6 };

export interface VotedIdentity {
  id: BallId | null;
  kind: BallKind;
  /** Posterior of the id under the accumulated scores (softmax over the 16 ids). */
  confidence: number;
  /** Frames that contributed. */
  frames: number;
}

/** The running vote of one track. */
export class TrackVote {
  /** Accumulated log-probability per ball id (0–15). */
  readonly score = new Float64Array(16);
  frames = 0;

  constructor(private readonly o: VoteOptions = DEFAULT_VOTE) {}

  /** Adds one frame's class probabilities (length 17: ids 0–15, then none). */
  add(probs: ArrayLike<number>): void {
    const pn = probs[NONE_CLASS] ?? 0;
    if (pn > this.o.skipNone) return;
    const ball = 1 - pn || 1;
    const lf = Math.log(this.o.floor);
    for (let c = 0; c < 16; c++) {
      const p = probs[c]! / ball;
      this.score[c] = this.score[c]! * this.o.decay + (p > this.o.floor ? Math.log(p) : lf);
    }
    this.frames++;
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
}

/** Votes of many tracks, keyed by track id. */
export class TrackVoter {
  private readonly tracks = new Map<number, TrackVote>();

  constructor(private readonly o: VoteOptions = DEFAULT_VOTE) {}

  observe(track: number, probs: ArrayLike<number>): void {
    let t = this.tracks.get(track);
    if (!t) {
      t = new TrackVote(this.o);
      this.tracks.set(track, t);
    }
    t.add(probs);
  }

  identity(track: number): VotedIdentity {
    return this.tracks.get(track)?.identity ?? { id: null, kind: 'none', confidence: 0, frames: 0 };
  }

  drop(track: number): void {
    this.tracks.delete(track);
  }

  /**
   * Greedy one-to-one assignment: the (track, id) pairs in order of log-posterior, each id and
   * each track used once. Tracks left without an id (more tracks than ids) map to null.
   */
  assignUnique(): Map<number, BallId | null> {
    const pairs: { track: number; id: number; lp: number }[] = [];
    for (const [track, t] of this.tracks) {
      if (t.frames === 0) continue;
      const lp = t.logPosterior();
      for (let c = 0; c < 16; c++) pairs.push({ track, id: c, lp: lp[c]! });
    }
    pairs.sort((a, b) => b.lp - a.lp || a.track - b.track || a.id - b.id);
    const out = new Map<number, BallId | null>();
    const used = new Set<number>();
    for (const p of pairs) {
      if (out.has(p.track) || used.has(p.id)) continue;
      out.set(p.track, p.id as BallId);
      used.add(p.id);
    }
    for (const [track] of this.tracks) if (!out.has(track)) out.set(track, null);
    return out;
  }
}
