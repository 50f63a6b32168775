// The hook for ball identity along a track: an identity classifier (another module) adds
// weighted votes per frame; the track's identity resolves when one ball number leads clearly.
import { BALL_IDS, type BallId } from '../contract/ids.ts';

export interface IdentityPolicy {
  /** Total vote weight needed before resolving. Default 3. */
  minTotal: number;
  /** Share of the total the leader needs. Default 0.6. */
  minShare: number;
  /** Votes fade by this factor per frame (0–1; 1 = never). Default 0.995. */
  decay: number;
}

export const DEFAULT_IDENTITY_POLICY: IdentityPolicy = { minTotal: 3, minShare: 0.6, decay: 0.995 };

export class IdentityVotes {
  private readonly weights = new Float64Array(BALL_IDS.length);
  private total = 0;

  constructor(private readonly policy: IdentityPolicy = DEFAULT_IDENTITY_POLICY) {}

  /** Adds a vote for a ball number (weight: e.g. the classifier's probability). */
  add(id: BallId, weight = 1): void {
    if (!(weight >= 0) || !Number.isFinite(weight)) throw new Error('IdentityVotes.add: weight must be a finite non-negative number');
    this.weights[id] = this.weights[id]! + weight;
    this.total += weight;
  }

  /** Adds a probability vector over ball ids 0–15 (e.g. a classifier's softmax). */
  addDistribution(p: ArrayLike<number>, weight = 1): void {
    if (p.length !== BALL_IDS.length) throw new Error(`IdentityVotes.addDistribution: need ${BALL_IDS.length} probabilities`);
    for (const id of BALL_IDS) this.add(id, p[id]! * weight);
  }

  /** One frame passes: older votes count a little less. */
  age(): void {
    const d = this.policy.decay;
    if (d === 1) return;
    for (let i = 0; i < this.weights.length; i++) this.weights[i] = this.weights[i]! * d;
    this.total *= d;
  }

  /** The leading ball id when it leads clearly enough, else null. */
  resolved(): BallId | null {
    if (this.total < this.policy.minTotal) return null;
    let best = 0;
    for (let i = 1; i < this.weights.length; i++) if (this.weights[i]! > this.weights[best]!) best = i;
    return this.weights[best]! >= this.policy.minShare * this.total ? (best as BallId) : null;
  }

  /** Vote weight for one id. */
  weightOf(id: BallId): number {
    return this.weights[id]!;
  }

  get totalWeight(): number {
    return this.total;
  }
}
