// What the live referee needs from storage: a match's lines, its calls and the operator's
// actions, written atomically. The live layer names the port, storage implements it
// (services/storage/match-store.ts), so the arrow points from storage to live and never back.
import type { Declared, MatchLine } from '../contract/log.ts';
import type { AuditEntry, JudgedCall, LineEvidence, LineOrigin, MatchRecord, MatchStatus, StoredLine } from './types.ts';

export interface NewMatch {
  match: MatchLine;
  source: string;
  sourcePass: number;
  tableId: number | null;
  title: string;
}

export interface NewLine {
  kind: string;
  t: number | null;
  text: string;
  origin: LineOrigin;
  evidence: LineEvidence | null;
}

/** A match's change to its lines, applied with the re-judged calls in one transaction. */
export interface LineChange {
  void?: number[];
  amend?: { ord: number; text: string }[];
  confirm?: number[];
}

export interface MatchLog {
  createMatch(m: NewMatch): MatchRecord;
  match(id: number): MatchRecord | null;
  matches(limit?: number): MatchRecord[];
  /** The newest match still being played, if any. */
  latestLive(): MatchRecord | null;
  setStatus(id: number, status: MatchStatus): void;
  setPendingDeclared(id: number, declared: Declared | null): void;
  setResumePoint(id: number, t: number): void;
  lines(matchId: number, includeVoided?: boolean): StoredLine[];
  line(matchId: number, ord: number): StoredLine | null;
  hasCameraLine(matchId: number, kind: string, t: number): boolean;
  /** Stores a line and the calls judged from it in one transaction. */
  appendLine(matchId: number, line: NewLine, calls: (ord: number) => JudgedCall[], afterStore?: () => void): { ord: number; calls: JudgedCall[] };
  calls(matchId: number): JudgedCall[];
  /** Replaces every call of a match (after re-judging its lines), with line changes, in one transaction. */
  rewrite(matchId: number, change: LineChange, calls: () => JudgedCall[], afterStore?: () => void): JudgedCall[];
  /** Runs `fn` in one transaction (all its writes or none). */
  transact<R>(fn: () => R): R;
  audit(entry: Omit<AuditEntry, 'id' | 'at'>): void;
  auditLog(matchId: number | null, limit?: number): AuditEntry[];
}
