// What a player may (and may not) hit first, read from the referee's state and the bed:
// 9-ball the lowest ball (N1); 8-ball the own group, any ball but the 8 on an open table,
// the 8 once the group is cleared (E3.1–E3.4); 14.1 any ball.
import { groupOf, type BallId, type Game, type Group } from '../../contract/ids.ts';
import type { BallSpot } from './geometry.ts';

export interface GameView {
  readonly game: Game;
  /** Balls on the bed (the cue ball too when it lies there). */
  readonly balls: readonly BallSpot[];
  readonly shooter: string;
  readonly opponent: string;
  /** 8-ball groups per player (null: open table). */
  readonly groups: Readonly<Record<string, Group | null>>;
}

const EIGHT = 8 as BallId;

export const objectBalls = (balls: readonly BallSpot[]): BallSpot[] => balls.filter((b) => b.id !== 0);

/** The balls `player` may legally hit first. */
export function legalTargets(view: GameView, player: string = view.shooter): BallId[] {
  const ids = objectBalls(view.balls).map((b) => b.id);
  if (ids.length === 0) return [];
  if (view.game === '9ball') return [ids.reduce((a, b) => (b < a ? b : a))];
  if (view.game === '14.1') return ids;
  const group = view.groups[player] ?? null;
  if (group === null) {
    const open = ids.filter((id) => id !== EIGHT);
    return open.length > 0 ? open : ids;
  }
  const own = ids.filter((id) => groupOf(id) === group);
  return own.length > 0 ? own : ids.filter((id) => id === EIGHT);
}

/** Balls whose first hit is a foul for `player` (G18a); empty in 14.1 and on an open 8-ball table. */
export function illegalTargets(view: GameView, player: string = view.shooter): BallId[] {
  const legal = legalTargets(view, player);
  if (view.game === '14.1') return [];
  if (view.game === '8ball' && (view.groups[player] ?? null) === null) return [];
  return objectBalls(view.balls).map((b) => b.id).filter((id) => !legal.includes(id));
}

/** Balls that may be pocketed in a called shot on `target` (8-ball: the 8 only as the last ball). */
export function pocketable(view: GameView, target: BallId): boolean {
  if (view.game !== '8ball') return true;
  return target !== EIGHT || legalTargets(view).includes(EIGHT);
}

/** The view after `target` was pocketed legally by the shooter (for position play). */
export function viewAfterPot(view: GameView, target: BallId, cue: BallSpot): GameView {
  const balls = [...view.balls.filter((b) => b.id !== target && b.id !== 0), cue];
  let groups = view.groups;
  if (view.game === '8ball' && (view.groups[view.shooter] ?? null) === null) {
    const g = groupOf(target);
    if (g) groups = { [view.shooter]: g, [view.opponent]: g === 'solids' ? 'stripes' : 'solids' };
  }
  return { ...view, balls, groups };
}

/** The key ball whose legal pocketing wins the game (9-ball the 9; 8-ball the 8), or null. */
export function gameBall(game: Game): BallId | null {
  if (game === '9ball') return 9 as BallId;
  if (game === '8ball') return EIGHT;
  return null;
}
