// Safeties: when no pot is on, hit a legal ball so that something reaches a cushion (G22)
// and leave the opponent as little as possible. Trial strokes at several thicknesses and
// speeds, one-rail kicks when the target is hidden, and, on request, a stroke that leaves
// the object ball frozen to a cushion (found by bisection on the speed).
import type { BallId } from '../../contract/ids.ts';
import type { CueStrike, TableGeometry } from '../physics/index.ts';
import { along, dist, ghostBall, heading, onBed, pathClear, type BallSpot, type Point } from './geometry.ts';
import { bestPotChance } from './pot-candidates.ts';
import { shuffled, type Rng } from './random.ts';
import { legalTargets, type GameView } from './targets.ts';
import { trial, type TrialOutcome } from './trials.ts';

export interface SafetyChoice {
  readonly strike: CueStrike;
  readonly outcome: TrialOutcome;
  readonly target: BallId;
  readonly kind: 'safety' | 'kick' | 'freeze';
  /** The trial stroke was legal (right ball first, a rail after, no scratch). */
  readonly legal: boolean;
  readonly score: number;
}

export interface SafetyContext {
  readonly table: TableGeometry;
  readonly view: GameView;
  readonly rng: Rng;
  readonly trials: number;
  /** The aim error assumed for the opponent when judging what is left (radians). */
  readonly opponentSigma: number;
  /** How wrong the player's judgement of a leave may be (spread added to each trial's score). */
  readonly judgement: number;
}

const ROLLING_DECEL = 0.0981;
/** Cue speed that rolls the cue ball about `d` metres. */
export const speedForDistance = (d: number): number => Math.sqrt(2 * ROLLING_DECEL * Math.max(d, 0.05)) * 1.15 + 0.08;

/** Gap (m) between a ball and the nearest cushion nose. */
export function cushionGap(table: TableGeometry, p: Point): number {
  const R = table.ballRadius;
  return Math.min(table.spec.length / 2 - Math.abs(p.x), table.spec.width / 2 - Math.abs(p.y)) - R;
}

function legalSafety(view: GameView, target: BallId, o: TrialOutcome): boolean {
  if (o.firstHit.length !== 1 || o.firstHit[0] !== target) return false;
  if (o.scratch || o.offTable.length > 0) return false;
  if (view.game === '8ball' && o.pocketed.has(8 as BallId)) return false;
  return o.railAfterContact || [...o.pocketed.keys()].some((id) => id !== 0);
}

function leaveScore(ctx: SafetyContext, o: TrialOutcome, target: BallId): number {
  if (!o.cueEnd) return -1;
  const opponentView: GameView = { ...ctx.view, balls: o.after, shooter: ctx.view.opponent, opponent: ctx.view.shooter };
  const chance = bestPotChance(ctx.table, o.after, o.cueEnd, legalTargets(opponentView), ctx.opponentSigma);
  const t = o.after.find((b) => b.id === target);
  const apart = t ? Math.min(1, dist(t, o.cueEnd) / 1.5) : 0.5;
  return 1 - chance + 0.15 * apart;
}

function judgeTrial(ctx: SafetyContext, target: BallId, strike: CueStrike, kind: SafetyChoice['kind']): SafetyChoice {
  const outcome = trial(ctx.table, ctx.view.balls, strike);
  const legal = legalSafety(ctx.view, target, outcome);
  const misjudged = ctx.judgement * (ctx.rng() - 0.5) * 2;
  return { strike, outcome, target, kind, legal, score: legal ? leaveScore(ctx, outcome, target) + misjudged : -2 + (outcome.firstHit.includes(target) ? 1 : 0) };
}

/** Direct safeties at a few thicknesses and speeds, and one-rail kicks when nothing is direct. */
export function planSafety(ctx: SafetyContext): SafetyChoice | null {
  const R = ctx.table.ballRadius;
  const cue = ctx.view.balls.find((b) => b.id === 0);
  if (!cue) return null;
  const targets = legalTargets(ctx.view)
    .map((id) => ctx.view.balls.find((b) => b.id === id)!)
    .sort((a, b) => dist(cue, a) - dist(cue, b))
    .slice(0, 3);
  const strokes: { target: BallId; strike: CueStrike; kind: SafetyChoice['kind'] }[] = [];
  for (const t of targets) {
    const d = dist(cue, t);
    const toward = heading(cue, t);
    for (const fraction of [0, 0.4, -0.4, 0.75, -0.75]) {
      const offset = Math.asin(Math.max(-1, Math.min(1, (fraction * 2 * R) / Math.max(d, 2 * R))));
      const direction = toward + offset;
      const contact = along(cue, direction, Math.max(0, d - 2 * R));
      if (!pathClear(cue, contact, ctx.view.balls, [0, t.id], R, -1e-4)) continue;
      for (const extra of [0.9, 2.0]) strokes.push({ target: t.id, strike: { speed: speedForDistance(d + extra), direction, height: 0.1, side: 0 }, kind: 'safety' });
    }
  }
  const chosen = shuffled(ctx.rng, strokes).slice(0, ctx.trials);
  if (chosen.length === 0) chosen.push(...kickStrokes(ctx, cue, targets));
  let best: SafetyChoice | null = null;
  for (const s of chosen) {
    const c = judgeTrial(ctx, s.target, s.strike, s.kind);
    if (!best || c.score > best.score) best = c;
  }
  if (best && !best.legal) {
    for (const s of kickStrokes(ctx, cue, targets).slice(0, ctx.trials)) {
      const c = judgeTrial(ctx, s.target, s.strike, s.kind);
      if (c.score > best.score) best = c;
    }
  }
  return best;
}

/** One-rail kicks: aim at the target's mirror image in each cushion. */
function kickStrokes(ctx: SafetyContext, cue: Point, targets: readonly BallSpot[]): { target: BallId; strike: CueStrike; kind: 'kick' }[] {
  const R = ctx.table.ballRadius;
  const hx = ctx.table.spec.length / 2 - R;
  const hy = ctx.table.spec.width / 2 - R;
  const out: { target: BallId; strike: CueStrike; kind: 'kick' }[] = [];
  for (const t of targets) {
    const mirrors: Point[] = [{ x: t.x, y: 2 * hy - t.y }, { x: t.x, y: -2 * hy - t.y }, { x: 2 * hx - t.x, y: t.y }, { x: -2 * hx - t.x, y: t.y }];
    for (const m of mirrors) {
      const length = dist(cue, m);
      for (const wiggle of [0, 0.008, -0.008]) {
        out.push({ target: t.id, strike: { speed: speedForDistance(length + 1.2), direction: heading(cue, m) + wiggle, height: 0.2, side: 0 }, kind: 'kick' });
      }
    }
  }
  return out;
}

/**
 * A safety that leaves the target frozen to a cushion: send it square at its nearest cushion
 * at the least speed that reaches it (bisection), so it arrives with almost nothing left.
 */
export function planFreeze(ctx: SafetyContext): SafetyChoice | null {
  const R = ctx.table.ballRadius;
  const cue = ctx.view.balls.find((b) => b.id === 0);
  if (!cue) return null;
  const hx = ctx.table.spec.length / 2;
  const hy = ctx.table.spec.width / 2;
  for (const id of legalTargets(ctx.view)) {
    const t = ctx.view.balls.find((b) => b.id === id)!;
    const options = [
      { gap: hy - t.y, angle: Math.PI / 2 }, { gap: t.y + hy, angle: -Math.PI / 2 },
      { gap: hx - t.x, angle: 0 }, { gap: t.x + hx, angle: Math.PI },
    ].sort((a, b) => a.gap - b.gap);
    for (const o of options.slice(0, 2)) {
      if (o.gap > 0.6 || Math.abs(t.x) < 0.12 && Math.abs(o.angle) === Math.PI / 2) continue;
      const ghost = ghostBall(t, o.angle, R);
      if (!onBed(ctx.table, ghost) || dist(cue, ghost) < 0.1) continue;
      if (!pathClear(cue, ghost, ctx.view.balls, [0, id], R)) continue;
      const wall = along(t, o.angle, o.gap - R);
      if (!pathClear(t, wall, ctx.view.balls, [0, id], R)) continue;
      const direction = heading(cue, ghost);
      const reaches = (speed: number): TrialOutcome => trial(ctx.table, ctx.view.balls, { speed, direction, height: 0, side: 0 });
      const touched = (r: TrialOutcome): boolean => r.railAfterContact && r.sim.events.some((e) => e.type === 'cushion' && e.ball === id);
      let lo = 0.15;
      let hi = 4;
      let hiOutcome = reaches(hi);
      if (!touched(hiOutcome) || touched(reaches(lo))) continue;
      for (let i = 0; i < 14 && hi - lo > 0.002; i++) {
        const mid = (lo + hi) / 2;
        const r = reaches(mid);
        if (touched(r)) {
          hi = mid;
          hiOutcome = r;
        } else lo = mid;
      }
      const end = hiOutcome.after.find((b) => b.id === id);
      if (!end || cushionGap(ctx.table, end) > 0.002 || !legalSafety(ctx.view, id, hiOutcome)) continue;
      return { strike: { speed: hi, direction, height: 0, side: 0 }, outcome: hiOutcome, target: id, kind: 'freeze', legal: true, score: 1 };
    }
  }
  return null;
}
