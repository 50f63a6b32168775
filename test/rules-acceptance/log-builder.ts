// A terse writer of event logs (shared/contracts/EVENTS.md) for the rules-engine acceptance suite.
// It knows the contract and the table geometry only — nothing about how the engine works.
//
//   const b = new LogBuilder({ game: '9ball' });      // writes the match line (line 1)
//   b.rack9();                                         // the balls as racked, cue ball in the kitchen
//   const l = b.shot({ events: breakEvents(1, [3, 4, 5, 6]), end: 'spread' });   // returns its line number
//   b.shot({ events: [hit(1), rail(1)] });             // start = the table the last shot left
//   b.decision('Bob', 'pass'); b.foul('G18h', 'Ann'); b.warning('Ann'); b.disturbed({ 4: [0.1, 0.2] });
//   judgeText(b.text())
import type { BreakOrder, Cushion, DecisionChoice, Game, Pocket, TableSize } from '../../services/contract/ids.ts';

// ---- geometry of the 9-ft table (EVENTS.md "Table frame") ----
export const L = 2.54;
export const W = 1.27;
export const D = 0.05715;
export const R = D / 2;
/** Head string x = -L/4; the kitchen is x < HEAD_X. */
export const HEAD_X = -L / 4;
export const FOOT_X = L / 4;
export type XY = readonly [number, number];
export const FOOT_SPOT: XY = [FOOT_X, 0];
/** Where a ball centre may lie on the long string at most (the foot cushion's nose minus a radius). */
export const STRING_END_X = L / 2 - R;
/** A cue ball position in the kitchen. */
export const KITCHEN_CUE: XY = [-0.9, 0.1];
/** Where `end: 'spread'` puts the cue ball. */
export const SPREAD_CUE: XY = [-0.2, 0];
/** y of a ball centre frozen to the left long cushion (left-head for x<0, left-foot for x>0). */
export const FROZEN_LEFT_Y = W / 2 - R;

export type Balls = Record<number, XY>;

// ---- shot events ----
export type Ev =
  | { type: 'strike'; t?: number; same?: boolean }
  | { type: 'contact'; a: number; b: number; t?: number; same?: boolean }
  | { type: 'cushion'; ball: number; cushion: Cushion | string; t?: number; same?: boolean }
  | { type: 'pocket'; ball: number; pocket: Pocket | string; t?: number; same?: boolean }
  | { type: 'off-table'; ball: number; t?: number; same?: boolean }
  | { type: 'cross'; ball: number; line: string; t?: number; same?: boolean }
  | { type: string; t?: number; same?: boolean; [k: string]: unknown };

export const strike = (): Ev => ({ type: 'strike' });
/** hit(n): the cue ball touches ball n; hit(a, b): ball a touches ball b. */
export const hit = (a: number, b?: number): Ev =>
  b === undefined ? { type: 'contact', a: 0, b: a } : { type: 'contact', a, b };
export const rail = (ball: number, cushion: Cushion = 'foot'): Ev => ({ type: 'cushion', ball, cushion });
export const pot = (ball: number, pocket: Pocket = 'foot-left'): Ev => ({ type: 'pocket', ball, pocket });
export const off = (ball: number): Ev => ({ type: 'off-table', ball });
export const cross = (ball = 0): Ev => ({ type: 'cross', ball, line: 'head-string' });
/** The same event at the same instant as the one before it (a simultaneous hit). */
export const same = (e: Ev): Ev => ({ ...e, same: true });
/** The same event at an explicit time (for out-of-order logs). */
export const at = (t: number, e: Ev): Ev => ({ ...e, t });

const CUSHION_CYCLE: Cushion[] = ['foot', 'left-foot', 'right-foot', 'left-head', 'right-head', 'head'];
/** Each ball touches a cushion (distinct balls, cushions cycling). */
export const rails = (ids: number[]): Ev[] => ids.map((id, i) => rail(id, CUSHION_CYCLE[i % CUSHION_CYCLE.length]!));

/**
 * A break: the cue ball first hits `first`, then `railIds` each touch a cushion, then `pots` drop.
 * (The cue ball starts in the kitchen, so the builder adds the head-string crossing after the strike.)
 */
export function breakEvents(first: number, railIds: number[], pots: Array<[number, Pocket]> = [], extra: Ev[] = []): Ev[] {
  return [hit(first), ...rails(railIds), ...pots.map(([id, p]) => pot(id, p)), ...extra];
}

// ---- racks ----
const ROW_DX = (D + 0.0002) * Math.sqrt(3) / 2;
const GAP = D + 0.0002; // 0.2 mm between racked balls, so no check can ever see an overlap

function rows(order: number[], counts: number[]): Map<number, XY> {
  const m = new Map<number, XY>();
  let k = 0;
  counts.forEach((c, r) => {
    for (let i = 0; i < c; i++) {
      const id = order[k++]!;
      m.set(id, [FOOT_X + r * ROW_DX, (i - (c - 1) / 2) * GAP]);
    }
  });
  return m;
}
/** E2.1: 8 in the centre, no side all one group, back corners of different groups; apex (1) on the foot spot. */
export const RACK8_ORDER = [1, 9, 2, 10, 8, 3, 11, 4, 12, 5, 6, 13, 7, 14, 15];
/** N2.1: 1 on the foot spot, 9 in the centre of the diamond. */
export const RACK9_ORDER = [1, 2, 3, 4, 9, 5, 6, 7, 8];
export const rack8Balls = (): Map<number, XY> => rows(RACK8_ORDER, [1, 2, 3, 4, 5]);
export const rack9Balls = (): Map<number, XY> => rows(RACK9_ORDER, [1, 2, 3, 2, 1]);
export const rack15Balls = (): Map<number, XY> => rows([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], [1, 2, 3, 4, 5]);
/** 14.1 re-rack: 14 balls in the triangle with the apex (foot spot) left empty. */
export function rack14Balls(ids: number[]): Map<number, XY> {
  const m = rows([0, ...ids], [1, 2, 3, 4, 5]);
  m.delete(0);
  return m;
}

// ---- a spread-out table (after a break) ----
const SPREAD_XS = [-0.45, -0.25, -0.05, 0.15, 0.35];
const SPREAD_YS = [0.45, 0.2, -0.2, -0.45];
/** Ball n's position on a spread table: away from the kitchen, the cushions, the foot spot and the long string. */
export function spreadPos(id: number): XY {
  if (id === 0) return SPREAD_CUE;
  const slot = id - 1;
  return [SPREAD_XS[slot % 5]!, SPREAD_YS[Math.floor(slot / 5)]!];
}
export function spreadOf(ids: Iterable<number>): Map<number, XY> {
  const m = new Map<number, XY>();
  for (const id of ids) m.set(id, spreadPos(id));
  return m;
}

// ---- the log ----
export interface MatchOpts {
  game: Game;
  table?: TableSize;
  players?: [string, string];
  raceTo?: number;
  target?: number;
  breaks?: BreakOrder;
  firstBreak?: string;
}

export interface ShotSpec {
  /** The cue ball's position at the strike (ball in hand, break). */
  cue?: XY;
  /** Every ball on the bed at the strike (replaces the table the last shot left). */
  start?: Balls;
  /** Moves or adds balls on top of the current table. */
  set?: Balls;
  /** Balls taken off the current table before the shot. */
  remove?: number[];
  /** Balls still rolling or spinning at the strike (G10). */
  moving?: number[];
  call?: [number, Pocket | 'obvious'];
  safety?: boolean;
  pushOut?: boolean;
  events: Ev[];
  /** Balls at rest afterwards: a full list, 'spread' (the remaining balls spread out), or default
   *  (the start minus the balls pocketed or driven off). */
  end?: Balls | 'spread';
  /** Moves or adds balls on top of the end. */
  endSet?: Balls;
  /** Add the cue ball's head-string crossing after the strike when it starts in the kitchen (default true). */
  autoCross?: boolean;
  /** Raw fields merged into the line (contract-error tests). */
  extra?: Record<string, unknown>;
}

const round = (t: number) => Math.round(t * 1000) / 1000;

export class LogBuilder {
  readonly lines: string[] = [];
  /** The balls on the bed now, as far as the log has told. */
  table = new Map<number, XY>();
  clock = 1;
  readonly players: [string, string];

  /** Writes the match line unless `match` is null. Defaults: 9ft, Ann & Bob, race to 3 (14.1: target 100), winner breaks, Ann breaks first. */
  constructor(match: MatchOpts | null) {
    this.players = match?.players ?? ['Ann', 'Bob'];
    if (match) this.match(match);
  }

  get lineCount(): number {
    return this.lines.length;
  }

  match(m: MatchOpts): number {
    const line: Record<string, unknown> = {
      kind: 'match',
      game: m.game,
      table: m.table ?? '9ft',
      players: m.players ?? this.players,
    };
    if (m.game === '14.1') line.target = m.target ?? 100;
    else line.raceTo = m.raceTo ?? 3;
    line.breaks = m.breaks ?? 'winner';
    line.firstBreak = m.firstBreak ?? (m.players ?? this.players)[0];
    return this.raw(line);
  }

  /** Racks for 8-ball (the cue ball in the kitchen). Writes no line. */
  rack8(): this { this.table = new Map([[0, KITCHEN_CUE], ...rack8Balls()]); return this; }
  rack9(): this { this.table = new Map([[0, KITCHEN_CUE], ...rack9Balls()]); return this; }
  rack15(): this { this.table = new Map([[0, KITCHEN_CUE], ...rack15Balls()]); return this; }
  setTable(balls: Balls): this { this.table = new Map(entries(balls)); return this; }
  put(balls: Balls): this { for (const [id, p] of entries(balls)) this.table.set(id, p); return this; }
  take(...ids: number[]): this { for (const id of ids) this.table.delete(id); return this; }
  /** The ids of the object balls on the bed now. */
  objectBalls(): number[] { return [...this.table.keys()].filter((id) => id !== 0).sort((a, b) => a - b); }

  shot(spec: ShotSpec): number {
    const start = spec.start ? new Map(entries(spec.start)) : new Map(this.table);
    for (const [id, p] of entries(spec.set ?? {})) start.set(id, p);
    for (const id of spec.remove ?? []) start.delete(id);
    if (spec.cue) start.set(0, spec.cue);
    if (!start.has(0)) start.set(0, KITCHEN_CUE);

    const evs: Ev[] = [...spec.events];
    if (evs[0]?.type !== 'strike') evs.unshift(strike());
    const cue = start.get(0)!;
    const hasCueCross = evs.some((e) => e.type === 'cross' && (e as { ball: number }).ball === 0);
    if (spec.autoCross !== false && cue[0] < HEAD_X && !hasCueCross) evs.splice(1, 0, cross(0));

    const t0 = this.clock;
    let t = t0;
    const events = evs.map((e, i) => {
      const { same: isSame, t: explicit, ...rest } = e as Ev & { same?: boolean; t?: number };
      if (explicit !== undefined) t = explicit;
      else if (i > 0 && !isSame) t = round(t + 0.1);
      return { t, ...rest };
    });

    const gone = new Set<number>();
    for (const e of events) if (e.type === 'pocket' || e.type === 'off-table') gone.add((e as { ball: number }).ball);
    let end: Map<number, XY>;
    if (spec.end === 'spread') end = spreadOf([...start.keys()].filter((id) => !gone.has(id)));
    else if (spec.end) end = new Map(entries(spec.end));
    else end = new Map([...start].filter(([id]) => !gone.has(id)));
    for (const [id, p] of entries(spec.endSet ?? {})) end.set(id, p);

    const declared: Record<string, unknown> = {};
    if (spec.safety !== undefined) declared.safety = spec.safety;
    if (spec.pushOut !== undefined) declared.pushOut = spec.pushOut;
    if (spec.call) declared.call = { ball: spec.call[0], pocket: spec.call[1] };

    const endT = round(Math.max(t, t0) + 0.5);
    const moving = new Set(spec.moving ?? []);
    const line: Record<string, unknown> = {
      kind: 'shot',
      t: t0,
      start: { balls: list(start, moving) },
      ...(Object.keys(declared).length ? { declared } : {}),
      events,
      end: { t: endT, balls: list(end) },
      ...(spec.extra ?? {}),
    };
    this.table = end;
    this.clock = round(endT + 1);
    return this.raw(line);
  }

  decision(by: string, choice: DecisionChoice | string): number {
    return this.raw({ kind: 'decision', t: this.tick(), by, choice });
  }

  foul(rule: string, by: string): number {
    return this.raw({ kind: 'foul', t: this.tick(), rule, by });
  }

  warning(to: string): number {
    return this.raw({ kind: 'warning', t: this.tick(), to });
  }

  disturbed(balls: Balls): number {
    for (const [id, p] of entries(balls)) this.table.set(id, p);
    return this.raw({ kind: 'disturbed', t: this.tick(), balls: list(new Map(entries(balls))) });
  }

  /** Any object as one line; returns its 1-based line number. */
  raw(obj: unknown): number {
    this.lines.push(JSON.stringify(obj));
    return this.lines.length;
  }

  /** Any text as one line (invalid JSON tests). */
  rawLine(text: string): number {
    this.lines.push(text);
    return this.lines.length;
  }

  text(): string {
    return this.lines.join('\n') + '\n';
  }

  /** A copy to branch a scenario (two continuations of one prefix). */
  fork(): LogBuilder {
    const c = new LogBuilder(null);
    (c as { players: [string, string] }).players = this.players;
    c.lines.push(...this.lines);
    c.table = new Map(this.table);
    c.clock = this.clock;
    return c;
  }

  private tick(): number {
    const t = this.clock;
    this.clock = round(this.clock + 1);
    return t;
  }
}

export function entries(b: Balls): Array<[number, XY]> {
  return Object.entries(b).map(([k, v]) => [Number(k), v] as [number, XY]);
}

function list(m: Map<number, XY>, moving: Set<number> = new Set()) {
  return [...m]
    .sort(([a], [b]) => a - b)
    .map(([id, [x, y]]) => (moving.has(id) ? { id, x, y, moving: true } : { id, x, y }));
}
