// The rules engine for live use: the `Judge` fed line by line, with a dry run first. A line the
// contract refuses, or an input the state refuses (a decision nobody awaits), is answered with
// the reason and changes nothing, so a bad input can never stop a match.
import type { Call, LogLine } from '../contract/log.ts';
import { newParseContext, parseLine, type ParseContext } from '../contract/parse.ts';
import { reduce } from '../rules/engine.ts';
import { Judge } from '../rules/judge.ts';
import type { RefereeState } from '../rules/state.ts';

export type CheckResult =
  | { ok: true; line: LogLine; calls: Call[] }
  | { ok: false; reason: 'contract' | 'rejected'; code: string; message: string; field: string | null };

export class LiveReferee {
  private readonly judge = new Judge();
  private readonly ctx: ParseContext = newParseContext();
  /** Lines fed so far (the Judge's line numbers). */
  lineNo = 0;

  get state(): RefereeState | null {
    return this.judge.state;
  }

  /** What the line would do, without doing it. */
  check(text: string): CheckResult {
    const parsed = parseLine(text, this.lineNo + 1, { ...this.ctx });
    if (!parsed.ok) return { ok: false, reason: 'contract', code: 'contract/invalid-line', message: parsed.error.message, field: parsed.error.field };
    if (parsed.value.kind !== 'match' && !this.judge.state) {
      return { ok: false, reason: 'contract', code: 'contract/no-match', message: 'no match line yet', field: 'kind' };
    }
    const step = reduce(this.judge.state, parsed.value, this.lineNo + 1);
    const rejected = step.calls.find((c) => c.rejected);
    if (rejected) {
      const r = rejected.rejected as { code: string; message: string };
      return { ok: false, reason: 'rejected', code: r.code, message: r.message, field: null };
    }
    return { ok: true, line: parsed.value, calls: step.calls };
  }

  /** Feeds a line that passed `check`; returns its calls. Throws for a line that does not pass. */
  apply(text: string): Call[] {
    const c = this.check(text);
    if (!c.ok) throw new Error(`line refused: ${c.message}`);
    const r = this.judge.feed(text);
    if (r.error) throw new Error(`the judge refused a checked line: ${r.error.message}`);
    parseLine(text, this.lineNo + 1, this.ctx);
    this.lineNo += 1;
    return r.calls;
  }
}
