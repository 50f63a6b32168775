// Ball in hand: where the player sets the cue ball down. Anywhere on the bed, or behind the
// head string (x < −L/4) when the rules say so; never touching another ball (unless asked to
// freeze it to the target, 0.4 mm off it, inside the referee's 3 mm "frozen" tolerance).
// The spot is the one that gives the best pot, at a slight angle for position.
import type { BallId } from '../../contract/ids.ts';
import type { TableGeometry } from '../physics/index.ts';
import {
  along, ghostBall, inKitchen, onBed, pathClear, pocketWindow, spotFree, withinTolerance,
  type BallSpot, type Point,
} from './geometry.ts';
import { bestPotChance, objectSigma } from './pot-candidates.ts';
import { between, type Rng } from './random.ts';
import { legalTargets, type GameView } from './targets.ts';

export type PlacementRegion = 'anywhere' | 'kitchen';

export interface Placement {
  readonly spot: Point;
  /** The object ball the cue ball was set frozen to, if any. */
  readonly frozenTo: BallId | null;
}

export interface PlacementContext {
  readonly table: TableGeometry;
  /** The game view; its balls exclude the cue ball. */
  readonly view: GameView;
  readonly region: PlacementRegion;
  readonly aimSigma: number;
  readonly rng: Rng;
}

/** The gap left between a cue ball set "frozen" and its object ball (m). */
export const FROZEN_GAP = 0.0004;

function allowed(ctx: PlacementContext, p: Point, slack = 1e-3): boolean {
  if (!onBed(ctx.table, p, 0.004)) return false;
  if (ctx.region === 'kitchen' && !inKitchen(ctx.table, p)) return false;
  return spotFree(p, ctx.view.balls, ctx.table.ballRadius, [0], slack);
}

/** The balls a cue ball in the kitchen may hit directly (G6: only balls beyond the head string). */
function reachableTargets(ctx: PlacementContext): BallSpot[] {
  const R = ctx.table.ballRadius;
  return legalTargets(ctx.view)
    .map((id) => ctx.view.balls.find((b) => b.id === id)!)
    .filter((b) => ctx.region === 'anywhere' || b.x > ctx.table.headStringX + 3 * R);
}

export function placeCueBall(ctx: PlacementContext, freeze = false): Placement {
  const R = ctx.table.ballRadius;
  const targets = reachableTargets(ctx);
  let best: { spot: Point; score: number; frozenTo: BallId | null } | null = null;
  for (const t of targets) {
    for (const pocket of ctx.table.pockets) {
      const w = pocketWindow(ctx.table, pocket, t);
      if (!w || !pathClear(t, w.mouthPoint, ctx.view.balls, [t.id], R)) continue;
      const ghost = ghostBall(t, w.direction, R);
      if (!onBed(ctx.table, ghost)) continue;
      if (ctx.region === 'kitchen' && ghost.x <= ctx.table.headStringX + R) continue;
      if (freeze) {
        const spot = along(t, w.direction + Math.PI, 2 * R + FROZEN_GAP);
        if (!allowed(ctx, spot, 0)) continue;
        const score = w.halfWidth + 0.01 * ctx.rng();
        if (!best || score > best.score) best = { spot, score, frozenTo: t.id };
        continue;
      }
      for (const cutDeg of [-24, -12, -5, 5, 12, 24]) {
        for (const d of [0.28, 0.5, 0.8]) {
          const cut = (cutDeg * Math.PI) / 180;
          const spot = along(ghost, w.direction + cut + Math.PI, d);
          if (!allowed(ctx, spot) || !pathClear(spot, ghost, ctx.view.balls, [t.id], R)) continue;
          const chance = withinTolerance(w.halfWidth, objectSigma(ctx.aimSigma, d, cut, R)) / (1 + 0.12 * w.distance);
          const score = chance + 0.03 * Math.min(1, Math.abs(cutDeg) / 12) + 0.02 * ctx.rng();
          if (!best || score > best.score) best = { spot, score, frozenTo: null };
        }
      }
    }
  }
  if (best) return { spot: best.spot, frozenTo: best.frozenTo };
  return { spot: fallbackSpot(ctx), frozenTo: null };
}

/** No pot from anywhere: a free spot (the best of a few) in the region. */
function fallbackSpot(ctx: PlacementContext): Point {
  const R = ctx.table.ballRadius;
  const hx = ctx.table.spec.length / 2 - 2 * R;
  const hy = ctx.table.spec.width / 2 - 2 * R;
  const xMax = ctx.region === 'kitchen' ? ctx.table.headStringX - 0.01 : hx;
  const targets = legalTargets(ctx.view);
  let best: { spot: Point; score: number } | null = null;
  for (let i = 0; i < 60; i++) {
    const spot = { x: between(ctx.rng, -hx, xMax), y: between(ctx.rng, -hy, hy) };
    if (!allowed(ctx, spot)) continue;
    const score = bestPotChance(ctx.table, [...ctx.view.balls, { id: 0 as BallId, ...spot }], spot, targets, ctx.aimSigma) + 0.01 * ctx.rng();
    if (!best || score > best.score) best = { spot, score };
  }
  if (best) return best.spot;
  // A crowded region: walk a fine grid until a free spot turns up.
  for (let x = xMax; x > -hx; x -= R / 2) {
    for (let y = 0; y < hy; y += R / 2) {
      for (const s of [1, -1]) if (allowed(ctx, { x, y: s * y })) return { x, y: s * y };
    }
  }
  throw new RangeError('no free spot for the cue ball');
}
