// The director of situations: draws, from the configured rates, which situation (if any) the
// simulator provokes at each opportunity, and keeps the state of a three-foul sequence.
// All draws come from its own random stream, so they never disturb the players' errors.
import type { SituationRates } from './options.ts';
import { chance, type Rng } from './random.ts';

/** Situations chosen per shot (at most one per shot). */
export type ShotSituation = 'scratch' | 'miss' | 'wrongBall' | 'noRail' | 'hardShot' | 'simultaneous';

const SHOT_SITUATIONS: readonly ShotSituation[] = ['scratch', 'miss', 'wrongBall', 'noRail', 'hardShot', 'simultaneous'];

/** A situation that could not be played when drawn is tried again on the next few shots. */
const PATIENCE = 6;

export class SituationDirector {
  /** The player fouling on purpose, and how many of the three fouls remain. */
  private foulStreak: { player: string; left: number } | null = null;
  private pendingShot: { kind: ShotSituation; left: number } | null = null;
  private pendingMoving = 0;

  constructor(private readonly rates: SituationRates, private readonly rng: Rng) {}

  /** The situation for the next ordinary shot (a drawn one, or one still pending), or null. */
  shotSituation(): ShotSituation | null {
    let u = this.rng();
    for (const kind of SHOT_SITUATIONS) {
      const p = this.rates[kind];
      if (u < p) {
        this.pendingShot = { kind, left: PATIENCE };
        return kind;
      }
      u -= p;
    }
    if (!this.pendingShot) return null;
    this.pendingShot.left -= 1;
    const kind = this.pendingShot.kind;
    if (this.pendingShot.left <= 0) this.pendingShot = null;
    return kind;
  }

  /** The situation asked for was played. */
  shotSituationPlayed(): void {
    this.pendingShot = null;
  }

  /** Ball in hand: set the cue ball frozen to the target. */
  freezeCueBall(): boolean {
    return chance(this.rng, this.rates.frozen);
  }

  /** A safety: leave the target frozen to a cushion. */
  freezeTarget(): boolean {
    return chance(this.rng, this.rates.frozen);
  }

  keyBallOnBreak(): boolean {
    return chance(this.rng, this.rates.keyBallOnBreak);
  }

  pushOut(): boolean {
    return chance(this.rng, this.rates.pushOut);
  }

  /** Strike the next shot while a ball still rolls (drawn, or pending from an earlier draw). */
  strikeWhileMoving(): boolean {
    if (chance(this.rng, this.rates.movingBalls)) this.pendingMoving = PATIENCE;
    else if (this.pendingMoving > 0) this.pendingMoving -= 1;
    return this.pendingMoving > 0;
  }

  movingStrikePlayed(): void {
    this.pendingMoving = 0;
  }

  disturb(): boolean {
    return chance(this.rng, this.rates.disturbed);
  }

  chargeDisturbance(): boolean {
    return chance(this.rng, this.rates.disturbedFoul);
  }

  /** At the start of a visit: may begin a three-foul sequence for `player`. */
  maybeStartFoulStreak(player: string, allowed: boolean): void {
    if (this.foulStreak || !allowed) return;
    if (chance(this.rng, this.rates.threeFouls)) this.foulStreak = { player, left: 3 };
  }

  /** The player in a three-foul sequence (he fouls on purpose, his opponent plays safe). */
  get foulStreakPlayer(): string | null {
    return this.foulStreak?.player ?? null;
  }

  /** One deliberate foul was played. */
  foulPlayed(): void {
    if (!this.foulStreak) return;
    this.foulStreak.left -= 1;
    if (this.foulStreak.left <= 0) this.foulStreak = null;
  }

  /** The sequence can no longer complete (new game, the count was cancelled). */
  endFoulStreak(): void {
    this.foulStreak = null;
  }

  /** A uniform draw in [0, 1) from the director's stream (for small choices). */
  draw(): number {
    return this.rng();
  }
}
