// One match being refereed: its log lines (camera and operator) fed to the rules engine, every
// line stored with its calls before anyone hears of them, and the state published. Opening a
// stored match replays its lines through a fresh engine, so a restart loses and doubles nothing.
import type { Call, GameOver, LogLine, MatchLine, Respot } from '../contract/log.ts';
import type { RefereeState } from '../rules/state.ts';
import type { MatchLog, NewMatch } from './match-log.ts';
import { LiveReferee } from './live-referee.ts';
import type { InferenceMark, SeenLine } from './live-events.ts';
import { callWords } from './plain-words.ts';
import { evidenceOf, OPERATOR_CONFIDENCE } from './shot-evidence.ts';
import { stateView } from './state-view.ts';
import type { JudgedCall, LineEvidence, LineOrigin, MatchRecord, StateView, StoredLine } from './types.ts';

export class RefereeError extends Error {
  constructor(readonly status: 400 | 403 | 404 | 409, readonly code: string, message: string) {
    super(message);
  }
}

/** Something the pages may show in their feed besides calls. */
export interface LiveEvent {
  matchId: number;
  t: number | null;
  kind: string;
  text: string;
  detail?: unknown;
}

export interface SessionListener {
  call(c: JudgedCall): void;
  state(s: StateView): void;
  event(e: LiveEvent): void;
  /** The calls were rewritten (an overturn, a new match): pages reload them. */
  reset(matchId: number): void;
}

/** Lines of a match voided, amended (new text; the original is kept) or confirmed. */
export interface LogChange {
  void?: number[];
  amend?: { ord: number; text: string }[];
  confirm?: number[];
}

/** Who did an operator action, and what they sent (for the audit). */
export interface Actor {
  name: string;
  action: string;
  body: unknown;
}

export function judgedCall(matchId: number, ord: number, origin: LineOrigin, call: Call, evidence: LineEvidence | null, confirmed: boolean): JudgedCall {
  return {
    matchId, ord, origin, call, words: callWords(call, confirmed),
    confidence: origin === 'camera' && evidence ? evidence.confidence : OPERATOR_CONFIDENCE,
    confirmed, paths: call.input === 'shot' ? evidence?.paths ?? [] : [],
  };
}

/** Re-judges stored lines; lines the engine now refuses are reported (to be voided). */
export function judgeLines(matchId: number, lines: readonly StoredLine[]): { referee: LiveReferee; calls: JudgedCall[]; refused: number[] } {
  const referee = new LiveReferee();
  const calls: JudgedCall[] = [];
  const refused: number[] = [];
  for (const l of lines) {
    if (l.voided) continue;
    if (!referee.check(l.text).ok) { refused.push(l.ord); continue; }
    for (const c of referee.apply(l.text)) calls.push(judgedCall(matchId, l.ord, l.origin, c, l.evidence, l.confirmed));
  }
  return { referee, calls, refused };
}

export class RefereeSession {
  private referee: LiveReferee;
  private calls: JudgedCall[];
  private readonly listeners = new Set<SessionListener>();

  private constructor(private readonly store: MatchLog, public record: MatchRecord, private readonly now: () => number | null) {
    const lines = store.lines(record.id);
    const judged = judgeLines(record.id, lines);
    this.referee = judged.referee;
    this.calls = judged.calls;
    const stored = store.calls(record.id);
    const same = stored.length === judged.calls.length && stored.every((c, i) => JSON.stringify(c.call) === JSON.stringify(judged.calls[i]!.call));
    if (!same || judged.refused.length > 0) store.rewrite(record.id, { void: judged.refused }, () => judged.calls);
  }

  /** Opens a stored match (replaying its lines). */
  static open(store: MatchLog, id: number, now: () => number | null): RefereeSession {
    const record = store.match(id);
    if (!record) throw new RefereeError(404, 'match/not-found', `no match ${id}`);
    return new RefereeSession(store, record, now);
  }

  /** Starts a match: its first line is the match line. */
  static start(store: MatchLog, m: NewMatch, now: () => number | null): RefereeSession {
    const record = store.transact(() => {
      const r = store.createMatch(m);
      store.appendLine(r.id, { kind: 'match', t: null, text: JSON.stringify(m.match), origin: 'operator', evidence: null }, () => []);
      return r;
    });
    return new RefereeSession(store, record, now);
  }

  get id(): number {
    return this.record.id;
  }

  get match(): MatchLine {
    return this.record.match;
  }

  subscribe(l: SessionListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  allCalls(): JudgedCall[] {
    return [...this.calls];
  }

  state(): StateView {
    const last = [...this.calls].reverse().find((c) => !c.call.rejected);
    return stateView(this.record, this.referee.state, {
      respot: (last?.call.respot ?? []) as Respot[],
      gameOver: (last?.call.gameOver ?? null) as GameOver | null,
      seq: last?.call.seq ?? 0,
    });
  }

  refereeState(): RefereeState | null {
    return this.referee.state;
  }

  /** The stored text of a line of this match. */
  lineText(ord: number): string {
    const l = this.store.line(this.id, ord);
    if (!l) throw new RefereeError(404, 'line/not-found', `no line ${ord} in match ${this.id}`);
    return l.text;
  }

  /** Where the camera lines of this match end (the live inference resumes after it). */
  inferenceMark(): InferenceMark {
    const mark: InferenceMark = { lastShotT: -Infinity, lastShotEnd: -Infinity, lastOtherT: -Infinity };
    for (const l of this.store.lines(this.id)) {
      if (l.origin !== 'camera' || l.t === null) continue;
      if (l.kind === 'shot') {
        mark.lastShotT = Math.max(mark.lastShotT, l.t);
        const end = (JSON.parse(l.text) as { end?: { t?: number } }).end?.t ?? l.t;
        mark.lastShotEnd = Math.max(mark.lastShotEnd, end);
      } else mark.lastOtherT = Math.max(mark.lastOtherT, l.t);
    }
    return mark;
  }

  /** A line the camera saw: the pending declaration goes with a shot. Returns its calls. */
  ingestCamera(seen: SeenLine): JudgedCall[] {
    let line: LogLine = seen.line;
    const t = line.t ?? null;
    if (t !== null && this.store.hasCameraLine(this.id, line.kind, t)) return [];
    const pending = this.record.pendingDeclared;
    if (line.kind === 'shot' && pending) line = { ...line, declared: pending };
    const text = JSON.stringify(line);
    const check = this.referee.check(text);
    if (!check.ok) {
      this.emitEvent({ matchId: this.id, t, kind: 'camera-refused', text: `${line.kind} at ${t ?? '?'} not judged: ${check.message}` });
      return [];
    }
    const evidence = evidenceOf(seen.line, seen.frames, this.match.table);
    const end = line.kind === 'shot' ? line.end?.t ?? t : t;
    const made = this.append({ kind: line.kind, t, text, origin: 'camera', evidence }, () => {
      if (line.kind === 'shot' && pending) this.store.setPendingDeclared(this.id, null);
      if (end !== null) this.store.setResumePoint(this.id, end);
    });
    if (line.kind === 'shot' && pending) this.record = { ...this.record, pendingDeclared: null };
    return made;
  }

  /** Appends a line and its calls (one transaction), then tells the listeners. */
  append(line: { kind: string; t: number | null; text: string; origin: LineOrigin; evidence: LineEvidence | null }, inTransaction?: () => void): JudgedCall[] {
    let made: JudgedCall[];
    try {
      made = this.store.appendLine(this.id, line, (ord) => this.referee.apply(line.text).map((c) => judgedCall(this.id, ord, line.origin, c, line.evidence, false)), () => {
        inTransaction?.();
        const over = this.referee.state?.matchOver;
        if (over) this.store.setStatus(this.id, 'finished');
      }).calls;
    } catch (e) {
      this.reload(); // the engine may have moved while the database rolled back
      throw e;
    }
    this.record = this.store.match(this.id) ?? this.record;
    this.calls.push(...made);
    const detail = JSON.parse(line.text) as LogLine;
    this.emitEvent({ matchId: this.id, t: line.t, kind: line.kind, text: `${line.origin} ${line.kind}`, detail });
    for (const c of made) for (const l of this.listeners) l.call(c);
    this.emitState();
    return made;
  }

  /** Re-reads the match from the store (after a rewrite or a failed write). */
  reload(): void {
    const record = this.store.match(this.id);
    if (record) this.record = record;
    const judged = judgeLines(this.id, this.store.lines(this.id));
    this.referee = judged.referee;
    this.calls = judged.calls;
  }

  /** Re-judges the match with lines voided, amended or confirmed; lines refused afterwards are voided too. */
  rewrite(change: LogChange, actor: Actor): { voided: number[]; calls: JudgedCall[] } {
    const voided = new Set(change.void ?? []);
    const confirm = new Set(change.confirm ?? []);
    const judged = this.judgeChanged(change);
    for (const ord of judged.refused) voided.add(ord);
    const calls = this.store.rewrite(this.id, { void: [...voided], amend: change.amend ?? [], confirm: [...confirm] }, () => judged.calls, () => this.audit(actor, 200, 'applied'));
    this.referee = judged.referee;
    this.calls = calls;
    for (const l of this.listeners) l.reset(this.id);
    this.emitState();
    return { voided: [...voided], calls };
  }

  /** The calls the match would have with this change (nothing is stored or published). */
  preview(change: LogChange): JudgedCall[] {
    return this.judgeChanged(change).calls;
  }

  private judgeChanged(change: LogChange): ReturnType<typeof judgeLines> {
    const voided = new Set(change.void ?? []);
    const amend = new Map((change.amend ?? []).map((a) => [a.ord, a.text]));
    const confirm = new Set(change.confirm ?? []);
    const lines = this.store.lines(this.id).map((l) => ({
      ...l, voided: l.voided || voided.has(l.ord), text: amend.get(l.ord) ?? l.text, confirmed: l.confirmed || confirm.has(l.ord),
    }));
    return judgeLines(this.id, lines);
  }

  audit(actor: Actor, status: number, outcome: string): void {
    this.store.audit({ matchId: this.id, actor: actor.name, action: actor.action, body: actor.body, status, outcome });
  }

  /** The operator's declaration for the next shot (or none). */
  setDeclared(declared: MatchRecord['pendingDeclared'], actor: Actor): void {
    this.store.transact(() => {
      this.store.setPendingDeclared(this.id, declared);
      this.audit(actor, 200, declared ? 'declared for the next shot' : 'declaration cleared');
    });
    this.record = { ...this.record, pendingDeclared: declared };
    this.emitEvent({ matchId: this.id, t: this.now(), kind: 'declared', text: declared ? 'declared for the next shot' : 'declaration cleared', detail: declared });
    this.emitState();
  }

  /** A line from the operator (decision, foul, warning): checked first, refused with the reason. */
  operatorLine(line: Exclude<LogLine, MatchLine>, actor: Actor, origin: LineOrigin = 'operator'): JudgedCall[] {
    if (this.record.status !== 'live') throw new RefereeError(409, 'match/not-live', `match ${this.id} is ${this.record.status}`);
    const t = this.now();
    const withT = t !== null && line.kind !== 'shot' ? { ...line, t: Math.round(t * 1000) / 1000 } : line;
    const text = JSON.stringify(withT);
    const check = this.referee.check(text);
    if (!check.ok) throw new RefereeError(check.reason === 'contract' ? 400 : 409, check.code, check.message);
    return this.append({ kind: line.kind, t: 't' in withT ? withT.t ?? null : null, text, origin, evidence: null }, () => this.audit(actor, 200, 'applied'));
  }

  setStatus(status: MatchRecord['status']): void {
    this.store.setStatus(this.id, status);
    this.record = { ...this.record, status };
    this.emitState();
  }

  private emitEvent(e: LiveEvent): void {
    for (const l of this.listeners) l.event(e);
  }

  emitState(): void {
    const s = this.state();
    for (const l of this.listeners) l.state(s);
  }
}
