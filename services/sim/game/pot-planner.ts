// Turning a pot candidate into a stroke: the speed that gets the object ball to the pocket
// plus position, top/draw/side spin, and an aim corrected for throw by trial strokes (a good
// player "knows" the throw; the aim error is added later). Each speed/spin variant is tried
// with the real physics and valued by the next shot it leaves.
import type { BallId } from '../../contract/ids.ts';
import type { CueStrike, TableGeometry } from '../physics/index.ts';
import { angleDiff, type BallSpot } from './geometry.ts';
import { bestPotChance, type PotCandidate } from './pot-candidates.ts';
import { departureAngle, trial, type TrialOutcome } from './trials.ts';
import { gameBall, legalTargets, viewAfterPot, type GameView } from './targets.ts';

export interface StrokeChoice {
  /** The intended stroke (throw-corrected aim), before the player's errors. */
  readonly strike: CueStrike;
  /** What the intended stroke does. */
  readonly outcome: TrialOutcome;
  readonly candidate: PotCandidate;
  /** 0 … 1: a pot that leaves an easy next shot is worth most. */
  readonly value: number;
  readonly success: boolean;
}

export type PotMode = 'position' | 'scratch' | 'hard';

export interface PotPlanContext {
  readonly table: TableGeometry;
  readonly view: GameView;
  readonly aimSigma: number;
  readonly variants: number;
}

interface Variant {
  readonly speed: number;
  readonly height: number;
  readonly side: number;
}

const ROLLING_DECEL = 0.0981;
const MIN_SPEED = 0.3;
const MAX_SPEED = 8;

/** Cue-ball speed that just delivers the object ball to the pocket (m/s). */
export function minimumPotSpeed(c: PotCandidate): number {
  const objectSpeed = Math.sqrt((c.window.distance + 0.12) / 2.73);
  const atContact = objectSpeed / (0.975 * Math.max(Math.cos(c.cut), 0.2));
  return Math.sqrt(atContact * atContact + 2 * ROLLING_DECEL * c.cueDistance) * 1.1 + 0.05;
}

function variantsFor(mode: PotMode, base: number, count: number): Variant[] {
  const v = (k: number, height: number, side = 0): Variant => ({ speed: Math.min(MAX_SPEED, Math.max(MIN_SPEED, base * k)), height, side });
  const fixed = (speed: number, height: number, side = 0): Variant => ({ speed, height, side });
  if (mode === 'hard') return [fixed(7, 0), fixed(8, 0.2), fixed(9, -0.1), fixed(6.5, 0.3)].slice(0, Math.max(2, Math.min(4, count)));
  if (mode === 'scratch') {
    return [v(2.2, 0.5), v(3, 0.5), v(1.6, 0.5), v(2.6, -0.5), v(3.6, 0.4), v(2, 0.45, 0.3), v(2, 0.45, -0.3), v(4.5, -0.5)];
  }
  return [v(1.35, 0.3), v(1.9, 0), v(1.9, -0.4), v(2.7, 0.3), v(2.7, -0.45), v(3.6, 0), v(1.5, -0.2, 0.25), v(2.2, 0.3, -0.25)].slice(0, count);
}

function potSucceeded(ctx: PotPlanContext, c: PotCandidate, o: TrialOutcome): boolean {
  if (o.firstHit.length !== 1 || o.firstHit[0] !== c.target) return false;
  if (o.scratch || o.offTable.length > 0) return false;
  if (ctx.view.game === '9ball' && o.pocketed.has(9 as BallId)) return true;
  const pocket = o.pocketed.get(c.target);
  if (!pocket) return false;
  if (ctx.view.game !== '9ball' && pocket !== c.pocket) return false;
  if (ctx.view.game === '8ball' && c.target !== 8 && o.pocketed.has(8 as BallId)) return false;
  return true;
}

/** How good the table is for the shooter after a successful pot (0 … 1). */
function positionValue(ctx: PotPlanContext, c: PotCandidate, o: TrialOutcome): number {
  const key = gameBall(ctx.view.game);
  if (key !== null && o.pocketed.has(key) && (ctx.view.game === '9ball' || c.target === key)) return 1;
  if (!o.cueEnd) return 0;
  const cue: BallSpot = { id: 0 as BallId, x: o.cueEnd.x, y: o.cueEnd.y };
  const after = viewAfterPot({ ...ctx.view, balls: o.after }, c.target, cue);
  const targets = legalTargets(after);
  if (targets.length === 0) return 1;
  return bestPotChance(ctx.table, after.balls, cue, targets, ctx.aimSigma);
}

function scoreOf(ctx: PotPlanContext, mode: PotMode, c: PotCandidate, o: TrialOutcome): { value: number; success: boolean } {
  if (mode === 'scratch') {
    const legalFirst = o.firstHit.length === 1 && o.firstHit[0] === c.target;
    return { value: o.scratch ? (legalFirst ? 1 : 0.6) : 0, success: o.scratch };
  }
  const success = potSucceeded(ctx, c, o);
  return { value: success ? 0.3 + 0.7 * positionValue(ctx, c, o) : 0, success };
}

/** Aim correction for throw: the object ball must leave along the window's middle. */
function aimed(ctx: PotPlanContext, c: PotCandidate, variant: Variant, start: number): { direction: number; outcome: TrialOutcome } {
  const R = ctx.table.ballRadius;
  const gain = 1 - c.cueDistance / (2 * R * Math.max(Math.cos(c.cut), 0.2));
  let direction = start;
  let outcome = trial(ctx.table, ctx.view.balls, { ...variant, direction });
  for (let i = 0; i < 2; i++) {
    const leaves = departureAngle(outcome.sim, c.target);
    if (leaves === null) break;
    const error = angleDiff(leaves, c.window.direction);
    if (Math.abs(error) < 0.25 * c.window.halfWidth) break;
    direction -= error / gain;
    outcome = trial(ctx.table, ctx.view.balls, { ...variant, direction });
  }
  return { direction, outcome };
}

/** The best stroke for a candidate in the given mode (null: no variant does what the mode wants). */
export function planPot(ctx: PotPlanContext, c: PotCandidate, mode: PotMode): StrokeChoice | null {
  const base = minimumPotSpeed(c);
  let best: StrokeChoice | null = null;
  let correction = 0;
  for (const variant of variantsFor(mode, base, ctx.variants)) {
    const { direction, outcome } = aimed(ctx, c, variant, c.aim + correction);
    correction = angleDiff(direction, c.aim);
    const { value, success } = scoreOf(ctx, mode, c, outcome);
    const strike: CueStrike = { speed: variant.speed, direction, height: variant.height, side: variant.side };
    if (!best || value > best.value || (mode === 'hard' && !best.success && success)) best = { strike, outcome, candidate: c, value, success };
  }
  if (!best) return null;
  if (mode === 'scratch' && !best.success) return null;
  return best;
}
