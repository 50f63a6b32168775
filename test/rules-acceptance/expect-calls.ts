// Running the engine on a built log and asserting what the rules text and the contract fix.
import { expect } from 'vitest';
import { judgeText } from '../../services/rules/judge.ts';
import type { Call } from '../../services/contract/log.ts';
import { D, type LogBuilder, type XY } from './log-builder.ts';

export interface JudgeError { line: number; field: string; message: string }
export interface Judgement { calls: Call[]; error: JudgeError | null }

const textOf = (log: string | LogBuilder): string => (typeof log === 'string' ? log : log.text());

export function judgeRaw(log: string | LogBuilder): Judgement {
  return judgeText(textOf(log)) as Judgement;
}

/** Judges a log that keeps the contract: fails the test if the engine rejects it. */
export function judgeOk(log: string | LogBuilder): Calls {
  const r = judgeRaw(log);
  if (r.error) {
    throw new Error(`the engine rejected a valid log at line ${r.error.line} (${r.error.field}): ${r.error.message}`);
  }
  return new Calls(r.calls);
}

export class Calls {
  constructor(readonly all: Call[]) {}
  /** The call the input at this 1-based line produced. */
  at(line: number): Call {
    const c = this.all.find((x) => x.line === line);
    if (!c) throw new Error(`no call for input line ${line}; calls exist for lines [${this.all.map((x) => x.line).join(', ')}]`);
    return c;
  }
  get last(): Call {
    const c = this.all[this.all.length - 1];
    if (!c) throw new Error('the engine made no calls');
    return c;
  }
}

/** The rule ids of the call's fouls; every foul must carry a non-empty rule and code. */
export function ruleIds(call: Call): string[] {
  expect(Array.isArray(call.fouls), 'fouls is an array').toBe(true);
  for (const f of call.fouls) {
    expect(typeof f.rule === 'string' && f.rule.length > 0, `foul rule ${JSON.stringify(f)}`).toBe(true);
    expect(typeof f.code === 'string' && f.code.length > 0, `foul code ${JSON.stringify(f)}`).toBe(true);
  }
  return call.fouls.map((f) => f.rule);
}

/** The call names a foul under (at least) one of these rule ids, and the shot is not legal. */
export function expectFoul(call: Call, ...anyOf: string[]): void {
  const ids = ruleIds(call);
  expect(
    ids.some((r) => anyOf.includes(r)),
    `expected a foul under one of [${anyOf.join(', ')}], the call has fouls [${ids.join(', ')}]`,
  ).toBe(true);
  expect(call.legal, 'a call with a foul is not legal').toBe(false);
}

export function expectNoFoul(call: Call): void {
  expect(ruleIds(call), 'no foul expected').toEqual([]);
  expect(call.legal, 'legal').toBe(true);
}

export function expectPocketed(call: Call, ids: number[]): void {
  expect([...call.pocketed].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
}

export function expectNext(
  call: Call,
  want: { player?: string; ballInHand?: 'anywhere' | 'kitchen' | 'none'; fouls?: Record<string, number>; awaiting?: null },
): void {
  if (want.player !== undefined) expect(call.next.player, 'next.player').toBe(want.player);
  if (want.ballInHand !== undefined) expect(call.next.ballInHand, 'next.ballInHand').toBe(want.ballInHand);
  if (want.fouls) {
    for (const [p, n] of Object.entries(want.fouls)) {
      expect(call.next.consecutiveFouls[p], `next.consecutiveFouls.${p}`).toBe(n);
    }
  }
  if (want.awaiting === null) expect(call.next.awaiting, 'next.awaiting').toBeNull();
}

export function expectAwaiting(call: Call, by: string, opts: { exactly?: string[]; including?: string[] } = {}): string[] {
  const a = call.next.awaiting;
  expect(a, 'a decision is due (next.awaiting)').not.toBeNull();
  expect(a!.by, 'next.awaiting.by').toBe(by);
  if (opts.exactly) expect([...a!.choices].sort()).toEqual([...opts.exactly].sort());
  if (opts.including) expect(a!.choices).toEqual(expect.arrayContaining(opts.including));
  return a!.choices;
}

export function expectGroups(call: Call, groups: Record<string, 'solids' | 'stripes' | null>): void {
  for (const [p, g] of Object.entries(groups)) expect(call.next.group[p], `next.group.${p}`).toBe(g);
}

export function expectGameOver(call: Call, winner: string | null, rules: string[]): void {
  expect(call.gameOver, 'gameOver').not.toBeNull();
  expect(call.gameOver!.winner, 'gameOver.winner').toBe(winner);
  expect(rules, `gameOver.rule ${call.gameOver!.rule}`).toContain(call.gameOver!.rule);
  expect(typeof call.gameOver!.code === 'string' && call.gameOver!.code.length > 0, 'gameOver.code').toBe(true);
}

/** The respot entries of one or more calls (a respot may be reported with the shot or with the decision that settles it). */
export function respots(calls: Call | Call[]): Array<{ id: number; x: number; y: number }> {
  return (Array.isArray(calls) ? calls : [calls]).flatMap((c) => c.respot ?? []);
}

export function expectRespotAt(calls: Call | Call[], id: number, [x, y]: XY): void {
  const all = respots(calls).filter((r) => r.id === id);
  expect(all.length, `ball ${id} respotted once; respot = ${JSON.stringify(respots(calls))}`).toBe(1);
  const r = all[0]!;
  expect(Math.abs(r.x - x), `ball ${id} respot x ${r.x} vs ${x}`).toBeLessThan(1e-6);
  expect(Math.abs(r.y - y), `ball ${id} respot y ${r.y} vs ${y}`).toBeLessThan(1e-6);
}

export function expectNotRespotted(calls: Call | Call[], id: number): void {
  expect(respots(calls).map((r) => r.id), `ball ${id} must not be respotted`).not.toContain(id);
}

/** No two balls (respotted or at rest) closer than a diameter (touching tolerated, 1e-6). */
export function expectNoOverlap(call: Call, resting: Array<[number, XY]>): void {
  const pts: Array<[string, number, number]> = [
    ...resting.map(([id, [x, y]]) => [`ball ${id}`, x, y] as [string, number, number]),
    ...respots(call).map((r) => [`respot ${r.id}`, r.x, r.y] as [string, number, number]),
  ];
  for (let i = 0; i < pts.length; i++) {
    for (let j = i + 1; j < pts.length; j++) {
      const [a, ax, ay] = pts[i]!;
      const [b, bx, by] = pts[j]!;
      expect(Math.hypot(ax - bx, ay - by), `${a} and ${b} overlap`).toBeGreaterThan(D - 1e-6);
    }
  }
}

/**
 * Where the contract's choice vocabulary does not fix which token the engine offers, a test that only needs
 * the game to go on answers a due decision with `prefer` when offered (else the first choice).
 * Returns the decision line written, or null when no decision was due.
 */
export function settle(b: LogBuilder, prefer: string[] = ['play']): number | null {
  const calls = judgeOk(b);
  const a = calls.last.next.awaiting;
  if (!a) return null;
  const choice = prefer.find((p) => a.choices.includes(p as never)) ?? a.choices[0]!;
  return b.decision(a.by, choice);
}
