// The rack at the start of a game, seen by the camera: a tight cluster of 9 (9-ball), 10
// (10-ball) or 15 (8-ball, 14.1) touching balls. Its balls' ids are known as a set (1–9, 1–10,
// 1–15), so the identity model's unadapted guesses are assigned one-to-one within that set
// (Hungarian on −log p), and the crops with those ids calibrate the model to the ball set and
// camera in play (`BallIdentifier.adaptToRack`: colour correction, ids not racked made unlikely).
import type { BallId } from '../../contract/ids.ts';
import { BALL_RADIUS } from '../../table/spec.ts';
import { hungarian } from '../numeric/hungarian.ts';
import { AMONG_MIN_SHARE } from './vote.ts';

/** Ball counts of a rack and the ids racked. */
export const RACK_IDS: ReadonlyMap<number, readonly BallId[]> = new Map<number, readonly BallId[]>([
  [9, [1, 2, 3, 4, 5, 6, 7, 8, 9]],
  [10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
  [15, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]],
]);

/** Centres closer than this (m) count as touching in a rack (racks are rarely perfectly tight). */
const TOUCH = 2 * BALL_RADIUS + 0.006;

/**
 * The indices of the balls forming a rack, or null: a connected cluster of touching balls of a
 * rack's size in which every ball touches at least two others and the cluster spans no more
 * than a racked triangle or diamond does.
 */
export function findRack(balls: readonly { x: number; y: number }[]): number[] | null {
  const n = balls.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const degree = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (Math.hypot(balls[i]!.x - balls[j]!.x, balls[i]!.y - balls[j]!.y) > TOUCH) continue;
      degree[i]!++;
      degree[j]!++;
      parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) groups.set(find(i), [...(groups.get(find(i)) ?? []), i]);
  for (const g of groups.values()) {
    if (!RACK_IDS.has(g.length) || g.some((i) => degree[i]! < 2)) continue;
    // A racked triangle of 15 spans 8 radii (+ gaps) corner to corner; a diamond of 9 the same.
    let span = 0;
    for (const i of g) for (const j of g) span = Math.max(span, Math.hypot(balls[i]!.x - balls[j]!.x, balls[i]!.y - balls[j]!.y));
    if (span <= 8 * BALL_RADIUS + 0.02) return g;
  }
  return null;
}

/**
 * The most likely one-to-one ids of a rack's balls from per-ball class probabilities (index =
 * ball id): Hungarian assignment on −log p over the ids racked.
 */
export function assignRackIds(probs: readonly ArrayLike<number>[], ids: readonly BallId[]): BallId[] {
  if (probs.length !== ids.length) throw new Error(`assignRackIds: ${probs.length} balls for ${ids.length} ids`);
  const cost = probs.map((p) => ids.map((id) => -Math.log(Math.max(1e-9, p[id]!))));
  return hungarian(cost).map((c) => ids[c]!);
}

/**
 * The log-likelihood bonus of the cue ball's number in a frame of play (`assignSetIds`'s
 * `cueOnTable`): the cue ball is on the table whenever the balls are in play, so when no ball
 * reads as the cue ball outright, the ball that reads most like it among the rest takes it, if
 * the model gives the cue ball at least 1/5 of that ball's own likeliest number (a cream,
 * spotted broadcast cue ball read as the 15 at 0.35 and the cue ball at 0.11). Only one ball can
 * take the number, so the bonus never moves it from a ball that reads as the cue ball to another.
 */
export const CUE_ON_TABLE_BONUS = Math.log(5);

export interface SetIdOptions {
  /** A ball whose "not a ball" probability exceeds this takes no id. */
  noneAbove?: number;
  /** No id under this share of the ball's likeliest one's probability is forced on it. */
  minShare?: number;
  /** Log bonus of the cue ball's number (0: the cue ball may be off the table, in hand). */
  cueOnTable?: number;
}

/**
 * One ball of each number in a set: the most likely ids of the balls seen together (one frame's
 * detections) when no two may share one — Hungarian on −log p(id | a ball) over `ids`. A ball
 * the model calls "not a ball" (p(none) above `noneAbove`) takes no id, nor do balls beyond the
 * set's size; both get null. Two balls read as the 8 (the dark purple 4 and the 8 itself) then
 * settle as the 8 and the next likeliest id of the other. An id less than `minShare` as likely
 * as the ball's own likeliest one is not forced on it (null): the clash then says one of the
 * readings is wrong, not which. With `cueOnTable` the cue ball's number gets that log bonus
 * (`CUE_ON_TABLE_BONUS`), and the number it frees goes to the ball that reads next likeliest as it.
 */
export function assignSetIds(probs: readonly ArrayLike<number>[], ids: readonly BallId[], noneClass: number, opts: SetIdOptions = {}): (BallId | null)[] {
  const { noneAbove = 0.5, minShare = AMONG_MIN_SHARE, cueOnTable = 0 } = opts;
  const rows = probs.map((p, k) => k).filter((k) => !(probs[k]![noneClass]! > noneAbove));
  const cost = rows.map((k) => {
    const p = probs[k]!;
    const ball = 1 - p[noneClass]! || 1;
    return ids.map((id) => -Math.log(Math.max(1e-9, p[id]! / ball)) - (id === 0 ? cueOnTable : 0));
  });
  const out = new Array<BallId | null>(probs.length).fill(null);
  hungarian(cost).forEach((c, r) => {
    if (c < 0) return;
    const p = probs[rows[r]!]!;
    let best = 0;
    for (const id of ids) best = Math.max(best, p[id]!);
    if (p[ids[c]!]! >= minShare * best) out[rows[r]!] = ids[c]!;
  });
  return out;
}
