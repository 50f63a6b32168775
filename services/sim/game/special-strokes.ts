// Strokes for the situations a referee must recognise: the wrong ball first, no ball at all,
// too soft for a rail, two balls met at the same instant, and the push-out; plus the breaks
// (an open break from the kitchen, 14.1's safe opening break).
import type { BallId } from '../../contract/ids.ts';
import type { CueStrike, TableGeometry } from '../physics/index.ts';
import {
  along, dist, heading, onBed, pathClear, segmentDistance, spotFree, type BallSpot, type Point,
} from './geometry.ts';
import { bestPotChance } from './pot-candidates.ts';
import { between, gaussian, shuffled, type Rng } from './random.ts';
import { speedForDistance } from './safety-planner.ts';
import { illegalTargets, legalTargets, objectBalls, type GameView } from './targets.ts';
import { trial, type TrialOutcome } from './trials.ts';

export interface SpecialContext {
  readonly table: TableGeometry;
  readonly view: GameView;
  readonly rng: Rng;
}

export interface SpecialStroke {
  readonly strike: CueStrike;
  readonly target: BallId | null;
  readonly outcome: TrialOutcome | null;
}

const cueOf = (view: GameView): BallSpot | undefined => view.balls.find((b) => b.id === 0);

function directHit(ctx: SpecialContext, cue: Point, ids: readonly BallId[]): BallSpot | null {
  const R = ctx.table.ballRadius;
  const balls = ids.map((id) => ctx.view.balls.find((b) => b.id === id)!).filter((b) => pathClear(cue, b, ctx.view.balls, [0, b.id], R));
  return balls.length > 0 ? balls.sort((a, b) => dist(cue, a) - dist(cue, b))[0]! : null;
}

/** G18a: a full hit on a ball that is not the legal target. */
export function wrongBallStroke(ctx: SpecialContext): SpecialStroke | null {
  const cue = cueOf(ctx.view);
  if (!cue) return null;
  const ball = directHit(ctx, cue, illegalTargets(ctx.view));
  if (!ball) return null;
  return { strike: { speed: speedForDistance(dist(cue, ball) + 1.2), direction: heading(cue, ball), height: 0.2, side: 0 }, target: ball.id, outcome: null };
}

/** G18a: the cue ball rolled a short way where it meets no ball and no pocket (a tactical foul). */
export function noBallStroke(ctx: SpecialContext): SpecialStroke | null {
  const cue = cueOf(ctx.view);
  if (!cue) return null;
  const R = ctx.table.ballRadius;
  const angles = shuffled(ctx.rng, Array.from({ length: 24 }, (_, k) => (2 * Math.PI * k) / 24));
  for (const angle of angles) {
    const d = between(ctx.rng, 0.15, 0.4);
    const end = along(cue, angle, d);
    if (!onBed(ctx.table, end, 0.05)) continue;
    if (!pathClear(cue, along(cue, angle, d + 0.15), ctx.view.balls, [0], R)) continue;
    const strike: CueStrike = { speed: speedForDistance(d), direction: angle, height: 0.1, side: 0 };
    const outcome = trial(ctx.table, ctx.view.balls, strike);
    if (outcome.firstHit.length === 0 && !outcome.scratch && outcome.offTable.length === 0) return { strike, target: null, outcome };
  }
  return null;
}

/** G18b: the legal target reached so softly that nothing gets to a cushion. */
export function noRailStroke(ctx: SpecialContext): SpecialStroke | null {
  const cue = cueOf(ctx.view);
  if (!cue) return null;
  const ball = directHit(ctx, cue, legalTargets(ctx.view));
  if (!ball) return null;
  const direction = heading(cue, ball) + gaussian(ctx.rng) * 0.01;
  let speed = speedForDistance(dist(cue, ball) + 0.15);
  for (let i = 0; i < 5; i++) {
    const strike: CueStrike = { speed, direction, height: 0, side: 0 };
    const outcome = trial(ctx.table, ctx.view.balls, strike);
    if (outcome.firstHit.length === 0) speed *= 1.25;
    else if (outcome.railAfterContact || outcome.pocketed.size > 0) speed *= 0.75;
    else return { strike, target: ball.id, outcome };
  }
  return null;
}

/** G12: the cue ball sent to the point where it touches a legal ball and a neighbour at once. */
export function simultaneousStroke(ctx: SpecialContext): SpecialStroke | null {
  const cue = cueOf(ctx.view);
  if (!cue) return null;
  const R = ctx.table.ballRadius;
  const others = objectBalls(ctx.view.balls);
  for (const id of legalTargets(ctx.view)) {
    const a = others.find((b) => b.id === id)!;
    for (const b of others) {
      const gap = dist(a, b);
      if (b.id === a.id || gap >= 4 * R - 2e-3) continue;
      // The two points 2R from both ball centres; take the one nearer the cue ball.
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const h = Math.sqrt(4 * R * R - (gap / 2) ** 2);
      const n = { x: -(b.y - a.y) / gap, y: (b.x - a.x) / gap };
      const points = [{ x: mid.x + h * n.x, y: mid.y + h * n.y }, { x: mid.x - h * n.x, y: mid.y - h * n.y }];
      const meet = points.sort((p, q) => dist(cue, p) - dist(cue, q))[0]!;
      if (!onBed(ctx.table, meet) || !spotFree(meet, others, R, [a.id, b.id], 1e-4)) continue;
      if (!pathClear(cue, meet, ctx.view.balls, [0, a.id, b.id], R)) continue;
      // The approach must meet both at the point itself, not graze one on the way.
      const direction = heading(cue, meet);
      const back = along(meet, direction + Math.PI, 0.01);
      if (segmentDistance(back, meet, a) < 2 * R - 1e-7 || segmentDistance(back, meet, b) < 2 * R - 1e-7) continue;
      const strike: CueStrike = { speed: speedForDistance(dist(cue, meet) + 1.5), direction, height: 0, side: 0 };
      const outcome = trial(ctx.table, ctx.view.balls, strike);
      if (outcome.firstHit.length >= 2) return { strike, target: a.id, outcome };
    }
  }
  return null;
}

/** 9-ball push-out (N2.3): roll the cue ball to a spot that leaves a shot of middling difficulty. */
export function pushOutStroke(ctx: SpecialContext, aimSigma: number, trials: number): SpecialStroke | null {
  const cue = cueOf(ctx.view);
  if (!cue) return null;
  let best: { stroke: SpecialStroke; score: number } | null = null;
  for (let i = 0; i < trials; i++) {
    const strike: CueStrike = { speed: speedForDistance(between(ctx.rng, 0.3, 1.1)), direction: between(ctx.rng, -Math.PI, Math.PI), height: 0.1, side: 0 };
    const outcome = trial(ctx.table, ctx.view.balls, strike);
    if (outcome.scratch || outcome.offTable.length > 0 || !outcome.cueEnd || outcome.pocketed.size > 0) continue;
    const view = { ...ctx.view, balls: outcome.after };
    const chance = bestPotChance(ctx.table, outcome.after, outcome.cueEnd, legalTargets(view), aimSigma);
    const score = Math.min(chance, 1 - chance) + 0.05 * ctx.rng();
    if (!best || score > best.score) best = { stroke: { strike, target: null, outcome }, score };
  }
  return best?.stroke ?? null;
}

/** The open break: from the kitchen spot given, at the head ball, 8–11 m/s. */
export function breakStroke(cue: Point, head: Point, rng: Rng, aimSigma: number): CueStrike {
  return {
    speed: between(rng, 8, 11),
    direction: heading(cue, head) + gaussian(rng) * Math.max(0.002, aimSigma * 0.5),
    height: between(rng, -0.15, 0.1),
    side: gaussian(rng) * 0.04,
  };
}

/** A break (among trial strokes) that pockets `key` (the 8 or the 9) without a scratch. */
export function keyBallBreak(ctx: SpecialContext, spots: readonly Point[], head: Point, key: BallId, trials: number, aimSigma: number): { cue: Point; strike: CueStrike } | null {
  for (let i = 0; i < trials; i++) {
    const cue = spots[i % spots.length]!;
    const strike = breakStroke(cue, head, ctx.rng, aimSigma);
    const outcome = trial(ctx.table, [...ctx.view.balls, { id: 0 as BallId, ...cue }], strike);
    const legalFirst = ctx.view.game !== '9ball' || (outcome.firstHit.length === 1 && outcome.firstHit[0] === 1);
    if (outcome.pocketed.has(key) && !outcome.scratch && legalFirst) return { cue, strike };
  }
  return null;
}

/**
 * 14.1's opening break, played safe: a thin hit on a corner ball of the rack with running
 * side, so that the cue ball and two object balls reach a cushion and the cue ball returns
 * up the table (S: the legal opening break).
 */
export function safeBreak(ctx: SpecialContext, trials: number): { cue: Point; strike: CueStrike; outcome: TrialOutcome } | null {
  const R = ctx.table.ballRadius;
  const rack = objectBalls(ctx.view.balls);
  const maxX = Math.max(...rack.map((b) => b.x));
  const corners = rack.filter((b) => b.x > maxX - 0.01).sort((a, b) => a.y - b.y);
  const ends = [corners[0], corners[corners.length - 1]].filter((b): b is BallSpot => b !== undefined);
  let best: { cue: Point; strike: CueStrike; outcome: TrialOutcome; score: number } | null = null;
  for (let i = 0; i < trials; i++) {
    const corner = ends[i % ends.length]!;
    const s = Math.sign(corner.y) || 1;
    const cue = { x: ctx.table.headStringX - between(ctx.rng, 0.02, 0.12), y: s * between(ctx.rng, 0.1, 0.3) };
    const d = dist(cue, corner);
    const thin = between(ctx.rng, 0.55, 0.85) * 2 * R;
    const direction = heading(cue, corner) + s * Math.asin(thin / d);
    const strike: CueStrike = { speed: between(ctx.rng, 2.6, 4), direction, height: 0.2, side: s * between(ctx.rng, -0.35, 0.35) };
    const outcome = trial(ctx.table, [...ctx.view.balls, { id: 0 as BallId, ...cue }], strike);
    const toCushion = new Set(outcome.sim.events.filter((e) => e.type === 'cushion' && e.ball !== 0).map((e) => (e.type === 'cushion' ? e.ball : 0)));
    const legal = outcome.firstHit.length > 0 && outcome.railAfterContact && outcome.sim.events.some((e) => e.type === 'cushion' && e.ball === 0) && toCushion.size >= 2 && !outcome.scratch;
    const score = (legal ? 1 : 0) + (outcome.cueEnd ? -outcome.cueEnd.x / ctx.table.spec.length : -1);
    if (!best || score > best.score) best = { cue, strike, outcome, score };
  }
  return best ? { cue: best.cue, strike: best.strike, outcome: best.outcome } : null;
}
