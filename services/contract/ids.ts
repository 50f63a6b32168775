// The closed vocabularies of the event-log contract (shared/contracts/EVENTS.md).
// Every constant tuple is also a union type; parsers check membership with `isOneOf`.

export const BALL_IDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
export type BallId = (typeof BALL_IDS)[number];
export const CUE_BALL = 0 as const;

export const GAMES = ['8ball', '9ball', '14.1'] as const;
export type Game = (typeof GAMES)[number];

export const TABLE_SIZES = ['9ft', '8ft', '7ft'] as const;
export type TableSize = (typeof TABLE_SIZES)[number];

export const BREAK_ORDERS = ['winner', 'alternate'] as const;
export type BreakOrder = (typeof BREAK_ORDERS)[number];

export const CUSHIONS = ['head', 'foot', 'left-head', 'left-foot', 'right-head', 'right-foot'] as const;
export type Cushion = (typeof CUSHIONS)[number];

export const POCKETS = ['head-left', 'head-right', 'side-left', 'side-right', 'foot-left', 'foot-right'] as const;
export type Pocket = (typeof POCKETS)[number];

export const LINES = ['head-string'] as const;
export type TableLine = (typeof LINES)[number];

export const EVENT_TYPES = ['strike', 'contact', 'cushion', 'pocket', 'off-table', 'cross'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Facts a shot's call depends on that a camera may not settle (a shot line's `uncertain`). */
export const UNCERTAIN_FACTS = ['firstContact', 'railAfterContact', 'frozen', 'pocket', 'moving', 'cross'] as const;
export type UncertainFact = (typeof UNCERTAIN_FACTS)[number];

export const LOG_KINDS = ['match', 'rack', 'shot', 'decision', 'foul', 'disturbed', 'warning'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

export const DECISION_CHOICES = ['play', 'pass', 'rerack', 'spot8', 'rebreak-self', 'rebreak-opponent'] as const;
export type DecisionChoice = (typeof DECISION_CHOICES)[number];

export const BALL_IN_HAND = ['anywhere', 'kitchen', 'none'] as const;
export type BallInHand = (typeof BALL_IN_HAND)[number];

export const GROUPS = ['solids', 'stripes'] as const;
export type Group = (typeof GROUPS)[number];

export function isOneOf<T extends string | number>(values: readonly T[], v: unknown): v is T {
  return (values as readonly unknown[]).includes(v);
}

/** Object balls used by each game (the cue ball is always 0). */
export function objectBallsOf(game: Game): BallId[] {
  const n = game === '9ball' ? 9 : 15;
  return BALL_IDS.filter((id) => id >= 1 && id <= n);
}

/**
 * Whether the game's calls read only a ball's kind (cue, 8, solid, stripe), not its number:
 * 8-ball (groups) and 14.1 (any ball counts). In 9-ball the number decides (the lowest ball).
 */
export function callsReadKinds(game: Game): boolean {
  return game !== '9ball';
}

export function groupOf(id: BallId): Group | null {
  if (id >= 1 && id <= 7) return 'solids';
  if (id >= 9 && id <= 15) return 'stripes';
  return null;
}
