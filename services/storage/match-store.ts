// Matches, their log lines, their calls and the operator's actions in SQLite. The lines are
// the truth: the calls are what the rules engine made of them and are rewritten whenever the
// lines are re-judged (an overturned call). Each input is stored with its calls in one
// transaction, so a process killed at any moment leaves both or neither.
import type { Declared, MatchLine } from '../contract/log.ts';
import type {
  AuditEntry, JudgedCall, LineEvidence, LineOrigin, MatchRecord, MatchStatus, StoredLine,
} from '../live/types.ts';
import type { LineChange, MatchLog, NewLine, NewMatch } from '../live/match-log.ts';
import { nowIso, type Db } from './database.ts';

interface MatchRow {
  id: number; table_id: number | null; created_at: string; updated_at: string; status: MatchStatus; source: string;
  source_pass: number; resume_t: number | null; match_json: string; pending_declared: string | null; title: string;
}
interface LineRow {
  match_id: number; ord: number; kind: string; t: number | null; json: string; original_json: string | null;
  origin: LineOrigin; evidence: string | null; voided: number; confirmed: number; created_at: string;
}
interface AuditRow {
  id: number; match_id: number | null; at: string; actor: string; action: string; body: string; status: number; outcome: string;
}

const toMatch = (r: MatchRow): MatchRecord => ({
  id: r.id, tableId: r.table_id, createdAt: r.created_at, updatedAt: r.updated_at, status: r.status, source: r.source,
  sourcePass: r.source_pass, resumeT: r.resume_t, match: JSON.parse(r.match_json) as MatchLine,
  pendingDeclared: r.pending_declared ? (JSON.parse(r.pending_declared) as Declared) : null, title: r.title,
});

const toLine = (r: LineRow): StoredLine => ({
  matchId: r.match_id, ord: r.ord, kind: r.kind, t: r.t, text: r.json, originalText: r.original_json, origin: r.origin,
  evidence: r.evidence ? (JSON.parse(r.evidence) as LineEvidence) : null, voided: r.voided === 1, confirmed: r.confirmed === 1,
  createdAt: r.created_at,
});

export class MatchStore implements MatchLog {
  constructor(private readonly db: Db) {}

  createMatch(m: NewMatch): MatchRecord {
    const at = nowIso();
    const r = this.db.prepare(`INSERT INTO matches (table_id, created_at, updated_at, status, source, source_pass, match_json, title)
      VALUES (?, ?, ?, 'live', ?, ?, ?, ?)`).run(m.tableId, at, at, m.source, m.sourcePass, JSON.stringify(m.match), m.title);
    return this.match(Number(r.lastInsertRowid))!;
  }

  match(id: number): MatchRecord | null {
    const row = this.db.prepare('SELECT * FROM matches WHERE id = ?').get(id) as MatchRow | undefined;
    return row ? toMatch(row) : null;
  }

  matches(limit = 100): MatchRecord[] {
    return (this.db.prepare('SELECT * FROM matches ORDER BY id DESC LIMIT ?').all(limit) as MatchRow[]).map(toMatch);
  }

  /** The newest match still being played, if any. */
  latestLive(): MatchRecord | null {
    const row = this.db.prepare("SELECT * FROM matches WHERE status = 'live' ORDER BY id DESC LIMIT 1").get() as MatchRow | undefined;
    return row ? toMatch(row) : null;
  }

  setStatus(id: number, status: MatchStatus): void {
    this.db.prepare('UPDATE matches SET status = ?, updated_at = ? WHERE id = ?').run(status, nowIso(), id);
  }

  setPendingDeclared(id: number, declared: Declared | null): void {
    this.db.prepare('UPDATE matches SET pending_declared = ?, updated_at = ? WHERE id = ?')
      .run(declared ? JSON.stringify(declared) : null, nowIso(), id);
  }

  setResumePoint(id: number, t: number): void {
    this.db.prepare('UPDATE matches SET resume_t = MAX(COALESCE(resume_t, ?), ?) WHERE id = ?').run(t, t, id);
  }

  lines(matchId: number, includeVoided = true): StoredLine[] {
    const sql = `SELECT * FROM lines WHERE match_id = ? ${includeVoided ? '' : 'AND voided = 0'} ORDER BY ord`;
    return (this.db.prepare(sql).all(matchId) as LineRow[]).map(toLine);
  }

  line(matchId: number, ord: number): StoredLine | null {
    const row = this.db.prepare('SELECT * FROM lines WHERE match_id = ? AND ord = ?').get(matchId, ord) as LineRow | undefined;
    return row ? toLine(row) : null;
  }

  /** Has a camera line of this kind and time been stored already (a replayed stretch of video)? */
  hasCameraLine(matchId: number, kind: string, t: number): boolean {
    return this.db.prepare("SELECT 1 FROM lines WHERE match_id = ? AND origin = 'camera' AND kind = ? AND t = ?").get(matchId, kind, t) !== undefined;
  }

  /**
   * Appends a line with its calls (one transaction) and returns its position; `afterStore`
   * runs inside the transaction (the match's status, its resume point, the pending declaration).
   */
  appendLine(matchId: number, line: NewLine, calls: (ord: number) => JudgedCall[], afterStore?: () => void): { ord: number; calls: JudgedCall[] } {
    const tx = this.db.transaction(() => {
      const next = (this.db.prepare('SELECT COALESCE(MAX(ord), 0) + 1 AS n FROM lines WHERE match_id = ?').get(matchId) as { n: number }).n;
      this.db.prepare(`INSERT INTO lines (match_id, ord, kind, t, json, origin, evidence, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(matchId, next, line.kind, line.t, line.text, line.origin, line.evidence ? JSON.stringify(line.evidence) : null, nowIso());
      const made = calls(next);
      this.insertCalls(matchId, made);
      this.db.prepare('UPDATE matches SET updated_at = ? WHERE id = ?').run(nowIso(), matchId);
      afterStore?.();
      return { ord: next, calls: made };
    });
    return tx();
  }

  private insertCalls(matchId: number, calls: readonly JudgedCall[]): void {
    const ins = this.db.prepare('INSERT OR REPLACE INTO calls (match_id, seq, ord, json) VALUES (?, ?, ?, ?)');
    for (const c of calls) ins.run(matchId, c.call.seq, c.ord, JSON.stringify(c));
  }

  calls(matchId: number): JudgedCall[] {
    return (this.db.prepare('SELECT json FROM calls WHERE match_id = ? ORDER BY seq').all(matchId) as { json: string }[])
      .map((r) => JSON.parse(r.json) as JudgedCall);
  }

  /** Replaces every call of a match (after re-judging its lines), with line changes, in one transaction. */
  rewrite(
    matchId: number,
    change: LineChange,
    calls: () => JudgedCall[],
    afterStore?: () => void,
  ): JudgedCall[] {
    const tx = this.db.transaction(() => {
      for (const ord of change.void ?? []) this.db.prepare('UPDATE lines SET voided = 1 WHERE match_id = ? AND ord = ?').run(matchId, ord);
      for (const a of change.amend ?? []) {
        this.db.prepare('UPDATE lines SET original_json = COALESCE(original_json, json), json = ? WHERE match_id = ? AND ord = ?').run(a.text, matchId, a.ord);
      }
      for (const ord of change.confirm ?? []) this.db.prepare('UPDATE lines SET confirmed = 1 WHERE match_id = ? AND ord = ?').run(matchId, ord);
      const made = calls();
      this.db.prepare('DELETE FROM calls WHERE match_id = ?').run(matchId);
      this.insertCalls(matchId, made);
      this.db.prepare('UPDATE matches SET updated_at = ? WHERE id = ?').run(nowIso(), matchId);
      afterStore?.();
      return made;
    });
    return tx();
  }

  /** Runs `fn` in one transaction (all its writes or none). */
  transact<R>(fn: () => R): R {
    return this.db.transaction(fn)();
  }

  audit(entry: Omit<AuditEntry, 'id' | 'at'>): void {
    this.db.prepare('INSERT INTO operator_actions (match_id, at, actor, action, body, status, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(entry.matchId, nowIso(), entry.actor, entry.action, JSON.stringify(entry.body ?? null), entry.status, entry.outcome);
  }

  auditLog(matchId: number | null, limit = 500): AuditEntry[] {
    const rows = (matchId === null
      ? this.db.prepare('SELECT * FROM operator_actions ORDER BY id DESC LIMIT ?').all(limit)
      : this.db.prepare('SELECT * FROM operator_actions WHERE match_id = ? ORDER BY id DESC LIMIT ?').all(matchId, limit)) as AuditRow[];
    return rows.map((r) => ({ id: r.id, matchId: r.match_id, at: r.at, actor: r.actor, action: r.action, body: JSON.parse(r.body) as unknown, status: r.status, outcome: r.outcome }));
  }
}
