// Scoring an analysed log against a truth log (the simulator's truth.jsonl): shots paired by
// strike time; per pair the first ball the cue ball hit, the balls pocketed (and where), and the
// call `railbird judge` makes on each log (the truth judged with its operator's inputs, the
// analysis with the replay assumptions), compared on what decides the game, players aside
// (a wrong guess about who came to the table after a push-out swaps the names from there on).
import type { Call, LogLine, ShotLine } from '../contract/log.ts';
import { newParseContext, parseLine } from '../contract/parse.ts';
import { judgeText } from '../rules/judge.ts';

export interface ShotComparison {
  truthT: number;
  /** Strike time in the analysis, null when the shot was not found. */
  analysedT: number | null;
  firstContact: { truth: number | null; analysed: number | null };
  pocketed: { truth: string[]; analysed: string[] };
  call: { truth: string; analysed: string | null; same: boolean; samePlayers: boolean };
}

export interface Comparison {
  shots: ShotComparison[];
  /** Analysed shots with no truth shot near them. */
  extraShots: number[];
  /** Of those, the ones called a foul: a foul on a shot nobody played. */
  extraFouls: number[];
  summary: { truthShots: number; found: number; firstContact: number; pocketed: number; calls: number; callsWithPlayers: number };
}

const PAIR_WINDOW = 0.5;

function linesOf(text: string): LogLine[] {
  const ctx = newParseContext();
  return text.split('\n').filter((l) => l.trim() !== '').map((l, i) => {
    const r = parseLine(l, i + 1, ctx);
    if (!r.ok) throw new Error(`not a valid log: ${r.error.message}`);
    return r.value;
  });
}

const firstContact = (s: ShotLine): number | null => {
  const c = s.events.find((e) => e.type === 'contact' && e.a === 0);
  return c && c.type === 'contact' ? c.b : null;
};
const pocketed = (s: ShotLine): string[] => s.events.flatMap((e) => (e.type === 'pocket' ? [`${e.ball}@${e.pocket}`] : [])).sort();

/** What decides the game in a call, without player names (or with them). */
export function callKey(c: Call, players: boolean): string {
  const base = { legal: c.legal, fouls: c.fouls.map((f) => f.rule).sort(), pocketed: [...c.pocketed].sort(), ballInHand: c.next.ballInHand, over: c.gameOver?.code ?? null };
  return JSON.stringify(players ? { ...base, shooter: c.shooter, next: c.next.player, winner: c.gameOver?.winner ?? null } : base);
}

/**
 * The analysed log with the truth's operator inputs instead of the replay assumptions: each
 * paired shot takes the truth shot's declarations, and the truth's decisions, operator fouls and
 * warnings follow the analysed shot their truth shot preceded. Judging it scores vision and
 * event inference alone, as the live referee with an operator would see them.
 */
export function withTruthInputs(truthText: string, analysedText: string): string {
  const truth = linesOf(truthText);
  const analysed = linesOf(analysedText);
  const out: LogLine[] = [];
  const used = new Set<number>();
  let pending: LogLine[] = [];
  let lastTruthShot: ShotLine | null = null;
  const operatorAfter = new Map<ShotLine, LogLine[]>();
  for (const l of truth) {
    if (l.kind === 'shot') lastTruthShot = l;
    else if ((l.kind === 'decision' || l.kind === 'foul' || l.kind === 'warning') && lastTruthShot) operatorAfter.set(lastTruthShot, [...(operatorAfter.get(lastTruthShot) ?? []), l]);
  }
  const truthShots = truth.filter((l): l is ShotLine => l.kind === 'shot');
  for (const l of analysed) {
    if (l.kind !== 'shot') { out.push(l); continue; }
    out.push(...pending);
    pending = [];
    const k = truthShots.findIndex((s, i) => !used.has(i) && Math.abs((s.t ?? 0) - (l.t ?? 0)) <= PAIR_WINDOW);
    const { declared: _assumed, ...shot } = l;
    if (k < 0) { out.push(shot); continue; }
    used.add(k);
    const ts = truthShots[k]!;
    out.push(ts.declared ? { ...shot, declared: ts.declared } : shot);
    pending = operatorAfter.get(ts) ?? [];
  }
  out.push(...pending);
  return out.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

export function compareLogs(truthText: string, analysedText: string): Comparison {
  const truth = linesOf(truthText);
  const analysed = linesOf(analysedText);
  const truthCalls = judgeText(truthText).calls;
  const analysedCalls = judgeText(analysedText).calls;
  const shotsOf = (lines: LogLine[]) => lines.flatMap((l, i) => (l.kind === 'shot' ? [{ shot: l, line: i + 1 }] : []));
  const aShots = shotsOf(analysed);
  const used = new Set<number>();
  const shots: ShotComparison[] = shotsOf(truth).map(({ shot, line }) => {
    const t = shot.t ?? 0;
    let best = -1;
    aShots.forEach((a, k) => {
      if (used.has(k) || Math.abs((a.shot.t ?? 0) - t) > PAIR_WINDOW) return;
      if (best < 0 || Math.abs((a.shot.t ?? 0) - t) < Math.abs((aShots[best]!.shot.t ?? 0) - t)) best = k;
    });
    const tc = truthCalls.find((c) => c.line === line)!;
    const truthKey = callKey(tc, false);
    if (best < 0) {
      return { truthT: t, analysedT: null, firstContact: { truth: firstContact(shot), analysed: null }, pocketed: { truth: pocketed(shot), analysed: [] }, call: { truth: truthKey, analysed: null, same: false, samePlayers: false } };
    }
    used.add(best);
    const a = aShots[best]!;
    const ac = analysedCalls.find((c) => c.line === a.line);
    return {
      truthT: t, analysedT: a.shot.t ?? 0,
      firstContact: { truth: firstContact(shot), analysed: firstContact(a.shot) },
      pocketed: { truth: pocketed(shot), analysed: pocketed(a.shot) },
      call: { truth: truthKey, analysed: ac ? callKey(ac, false) : null, same: ac ? callKey(ac, false) === truthKey : false, samePlayers: ac ? callKey(ac, true) === callKey(tc, true) : false },
    };
  });
  const found = shots.filter((s) => s.analysedT !== null);
  return {
    shots,
    extraShots: aShots.filter((_, k) => !used.has(k)).map((a) => a.shot.t ?? 0),
    extraFouls: aShots.filter((a, k) => !used.has(k) && analysedCalls.find((c) => c.line === a.line)?.legal === false).map((a) => a.shot.t ?? 0),
    summary: {
      truthShots: shots.length,
      found: found.length,
      firstContact: found.filter((s) => s.firstContact.truth === s.firstContact.analysed).length,
      pocketed: found.filter((s) => JSON.stringify(s.pocketed.truth) === JSON.stringify(s.pocketed.analysed)).length,
      calls: shots.filter((s) => s.call.same).length,
      callsWithPlayers: shots.filter((s) => s.call.samePlayers).length,
    },
  };
}
