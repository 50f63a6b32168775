// Parsing and validating event-log lines against the contract. Every rejection names the
// 1-based line number and the offending field. The parser never throws on bad input.
import {
  BREAK_ORDERS, CUSHIONS, DECISION_CHOICES, EVENT_TYPES, GAMES, LINES, LOG_KINDS, POCKETS, TABLE_SIZES, UNCERTAIN_FACTS,
  isOneOf, type BallId, type Game,
} from './ids.ts';
import type {
  BallPosition, Declared, LogLine, MatchLine, ShotEvent, ShotLine, UncertainAlternative, Uncertainty,
} from './log.ts';
import { err, ok, type Result } from './result.ts';

export interface ContractError {
  line: number;
  field: string;
  message: string;
}

/** What the parser must remember between lines to validate the next one. */
export interface ParseContext {
  match: MatchLine | null;
  /** Time of the last shot's strike, for time order between shots. */
  lastShotT: number;
}

export const newParseContext = (): ParseContext => ({ match: null, lastShotT: -Infinity });

type Json = Record<string, unknown>;

class Invalid {
  constructor(readonly field: string, readonly message: string) {}
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(field: string, message: string): never {
  throw new Invalid(field, message);
}

function num(o: Json, key: string, path: string, required: boolean): number | undefined {
  const v = o[key];
  if (v === undefined && !required) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(path + key, `${path + key} must be a finite number`);
  return v;
}

function str(o: Json, key: string, path: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v.length === 0) fail(path + key, `${path + key} must be a non-empty string`);
  return v;
}

function maxBallId(game: Game): number {
  return game === '9ball' ? 9 : 15;
}

function ballId(v: unknown, field: string, game: Game): BallId {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > maxBallId(game)) {
    fail(field, `${field} must be a ball id 0-${maxBallId(game)} in ${game}, got ${JSON.stringify(v)}`);
  }
  return v as BallId;
}

function player(o: Json, key: string, m: MatchLine): string {
  const p = str(o, key, '');
  if (!m.players.includes(p)) fail(key, `${key} "${p}" is not a player of this match (${m.players.join(', ')})`);
  return p;
}

function ballList(v: unknown, path: string, game: Game): BallPosition[] {
  if (!Array.isArray(v)) fail(path, `${path} must be an array of balls`);
  const seen = new Set<number>();
  return v.map((b: unknown, i: number) => {
    const p = `${path}[${i}].`;
    if (!isObject(b)) fail(`${path}[${i}]`, `${path}[${i}] must be an object`);
    const id = ballId(b.id, p + 'id', game);
    if (seen.has(id)) fail(p + 'id', `ball ${id} is twice on the bed in ${path}`);
    seen.add(id);
    const pos: BallPosition = { id, x: num(b, 'x', p, true)!, y: num(b, 'y', p, true)! };
    if (b.moving !== undefined) {
      if (typeof b.moving !== 'boolean') fail(p + 'moving', `${p}moving must be a boolean`);
      pos.moving = b.moving;
    }
    return pos;
  });
}

function parseMatch(o: Json): MatchLine {
  const game = o.game;
  if (!isOneOf(GAMES, game)) fail('game', `game must be one of ${GAMES.join(', ')}`);
  const table = o.table ?? '9ft';
  if (!isOneOf(TABLE_SIZES, table)) fail('table', `table must be one of ${TABLE_SIZES.join(', ')}`);
  const players = o.players;
  if (!Array.isArray(players) || players.length !== 2 || !players.every((p) => typeof p === 'string' && p.length > 0)) {
    fail('players', 'players must be two non-empty names');
  }
  const [a, b] = players as [string, string];
  if (a === b) fail('players', 'the two players must have different names');
  const breaks = o.breaks ?? 'winner';
  if (!isOneOf(BREAK_ORDERS, breaks)) fail('breaks', `breaks must be one of ${BREAK_ORDERS.join(', ')}`);
  const firstBreak = o.firstBreak ?? a;
  if (typeof firstBreak !== 'string' || !(firstBreak === a || firstBreak === b)) {
    fail('firstBreak', 'firstBreak must name one of the players');
  }
  const m: MatchLine = { kind: 'match', game, table, players: [a, b], breaks, firstBreak };
  for (const key of ['raceTo', 'target'] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) fail(key, `${key} must be a positive integer`);
    m[key] = v;
  }
  return m;
}

function parseEvent(v: unknown, i: number, game: Game): ShotEvent {
  const p = `events[${i}].`;
  if (!isObject(v)) fail(`events[${i}]`, `events[${i}] must be an object`);
  const t = num(v, 't', p, true)!;
  const type = v.type;
  if (!isOneOf(EVENT_TYPES, type)) fail(p + 'type', `${p}type must be one of ${EVENT_TYPES.join(', ')}`);
  switch (type) {
    case 'strike':
      return { t, type };
    case 'contact': {
      const a = ballId(v.a, p + 'a', game);
      const b = ballId(v.b, p + 'b', game);
      if (a === b) fail(p + 'b', `${p}b: a ball cannot contact itself`);
      // The contract puts the cue ball as "a"; accept either order and normalise.
      return b === 0 ? { t, type, a: b, b: a } : { t, type, a, b };
    }
    case 'cushion': {
      const ball = ballId(v.ball, p + 'ball', game);
      if (!isOneOf(CUSHIONS, v.cushion)) fail(p + 'cushion', `${p}cushion must be one of ${CUSHIONS.join(', ')}`);
      return { t, type, ball, cushion: v.cushion };
    }
    case 'pocket': {
      const ball = ballId(v.ball, p + 'ball', game);
      if (!isOneOf(POCKETS, v.pocket)) fail(p + 'pocket', `${p}pocket must be one of ${POCKETS.join(', ')}`);
      return { t, type, ball, pocket: v.pocket };
    }
    case 'off-table':
      return { t, type, ball: ballId(v.ball, p + 'ball', game) };
    case 'cross': {
      const ball = ballId(v.ball, p + 'ball', game);
      const line = v.line ?? 'head-string';
      if (!isOneOf(LINES, line)) fail(p + 'line', `${p}line must be one of ${LINES.join(', ')}`);
      return { t, type, ball, line };
    }
  }
}

function parseDeclared(v: unknown, game: Game): Declared | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v)) fail('declared', 'declared must be an object');
  const d: Declared = {};
  for (const key of ['safety', 'pushOut'] as const) {
    if (v[key] === undefined) continue;
    if (typeof v[key] !== 'boolean') fail(`declared.${key}`, `declared.${key} must be a boolean`);
    d[key] = v[key] as boolean;
  }
  if (v.call !== undefined && v.call !== null) {
    const c = v.call;
    if (!isObject(c)) fail('declared.call', 'declared.call must be an object');
    const ball = ballId(c.ball, 'declared.call.ball', game);
    const pocket = c.pocket ?? 'obvious';
    if (!(pocket === 'obvious' || isOneOf(POCKETS, pocket))) {
      fail('declared.call.pocket', `declared.call.pocket must be one of ${POCKETS.join(', ')} or "obvious"`);
    }
    d.call = { ball, pocket };
  }
  return d;
}

const isAlternative = (v: unknown): v is UncertainAlternative =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))
  || (Array.isArray(v) && v.every((x) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x))));

/** A shot line's `uncertain`: facts too close to call, each with its alternatives and margin. */
function parseUncertain(v: unknown): Uncertainty[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) fail('uncertain', 'uncertain must be an array');
  return v.map((u: unknown, i: number): Uncertainty => {
    const at = `uncertain[${i}]`;
    if (!isObject(u)) fail(at, `${at} must be an object`);
    if (!isOneOf(UNCERTAIN_FACTS, u.fact)) fail(`${at}.fact`, `${at}.fact must be one of ${UNCERTAIN_FACTS.join(', ')}`);
    const alternatives = u.alternatives ?? [];
    if (!Array.isArray(alternatives) || !alternatives.every(isAlternative)) {
      fail(`${at}.alternatives`, `${at}.alternatives must be an array of numbers, strings, booleans or arrays of them`);
    }
    const margin = num(u, 'margin', `${at}.`, true)!;
    if (margin < 0) fail(`${at}.margin`, `${at}.margin must not be negative`);
    return { fact: u.fact, alternatives, margin };
  });
}

function parseShot(o: Json, ctx: ParseContext, game: Game): ShotLine {
  const t = num(o, 't', '', false);
  const rawEvents = o.events;
  if (!Array.isArray(rawEvents)) fail('events', 'events must be an array (empty when nothing happened)');
  const events = rawEvents.map((e: unknown, i: number) => parseEvent(e, i, game));
  for (let i = 1; i < events.length; i++) {
    if (events[i]!.t < events[i - 1]!.t) {
      fail(`events[${i}].t`, `events out of time order: events[${i}].t ${events[i]!.t} < ${events[i - 1]!.t}`);
    }
  }
  const shotT = t ?? events[0]?.t;
  if (shotT !== undefined && shotT < ctx.lastShotT) {
    fail('t', `shot at t=${shotT} is out of time order (the previous shot was at t=${ctx.lastShotT})`);
  }
  const shot: ShotLine = { kind: 'shot', events };
  if (t !== undefined) shot.t = t;
  for (const side of ['start', 'end'] as const) {
    const v = o[side];
    if (v === undefined || v === null) continue;
    if (!isObject(v)) fail(side, `${side} must be an object with balls`);
    const balls = ballList(v.balls, `${side}.balls`, game);
    if (side === 'start') shot.start = { balls };
    else {
      const endT = num(v, 't', 'end.', false);
      shot.end = endT === undefined ? { balls } : { t: endT, balls };
    }
  }
  const declared = parseDeclared(o.declared, game);
  if (declared) shot.declared = declared;
  const uncertain = parseUncertain(o.uncertain);
  if (uncertain && uncertain.length > 0) shot.uncertain = uncertain;
  return shot;
}

function parseObject(o: Json, ctx: ParseContext): LogLine {
  const kind = o.kind;
  if (!isOneOf(LOG_KINDS, kind)) fail('kind', `unknown kind ${JSON.stringify(kind)}; expected one of ${LOG_KINDS.join(', ')}`);
  if (kind === 'match') {
    if (ctx.match) fail('kind', 'a second match line; a log holds one match');
    return parseMatch(o);
  }
  const m = ctx.match;
  if (!m) fail('kind', `a ${kind} line before the match line`);
  const t = num(o, 't', '', false);
  const withT = <L extends object>(line: L): L => (t === undefined ? line : { ...line, t });
  switch (kind) {
    case 'rack':
      return withT({ kind, balls: ballList(o.balls, 'balls', m.game) });
    case 'shot':
      return parseShot(o, ctx, m.game);
    case 'decision': {
      const by = player(o, 'by', m);
      if (!isOneOf(DECISION_CHOICES, o.choice)) fail('choice', `choice must be one of ${DECISION_CHOICES.join(', ')}`);
      return withT({ kind, by, choice: o.choice });
    }
    case 'foul': {
      const rule = str(o, 'rule', '');
      if (!/^[GENS][0-9]*(\.[0-9]+)?[a-z]?$/.test(rule)) fail('rule', `rule "${rule}" is not a rule id of RULES.en.md`);
      return withT({ kind, rule, by: player(o, 'by', m) });
    }
    case 'disturbed':
      return withT({ kind, balls: ballList(o.balls, 'balls', m.game) });
    case 'warning':
      return withT({ kind, to: player(o, 'to', m) });
  }
}

/** Parses one line of the log. On success the context is advanced; on failure it is untouched. */
export function parseLine(text: string, lineNo: number, ctx: ParseContext): Result<LogLine, ContractError> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return err({ line: lineNo, field: '(json)', message: `line ${lineNo}: invalid JSON (${(e as Error).message})` });
  }
  if (!isObject(raw)) return err({ line: lineNo, field: '(line)', message: `line ${lineNo}: a line must be a JSON object` });
  try {
    const line = parseObject(raw, ctx);
    if (line.kind === 'match') ctx.match = line;
    if (line.kind === 'shot') ctx.lastShotT = line.t ?? line.events[0]?.t ?? ctx.lastShotT;
    return ok(line);
  } catch (e) {
    if (e instanceof Invalid) return err({ line: lineNo, field: e.field, message: `line ${lineNo}: ${e.field}: ${e.message}` });
    throw e;
  }
}

/** Serialises a parsed line back to its JSON text (parse/make round-trip). */
export function makeLine(line: LogLine): string {
  return JSON.stringify(line);
}
