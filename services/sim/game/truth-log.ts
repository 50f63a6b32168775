// The truth log as it is written: every line is serialised, fed to the real referee (the
// Judge) at once, and its calls kept. A contract error is a bug of the simulator: it throws.
import type { Call, LogLine } from '../../contract/log.ts';
import { Judge } from '../../rules/judge.ts';
import type { RefereeState } from '../../rules/state.ts';

export class TruthLog {
  readonly lines: LogLine[] = [];
  readonly texts: string[] = [];
  readonly calls: Call[] = [];
  /** Calls the referee rejected (a decision nobody awaited, a warning not due): simulator slips. */
  readonly rejected: Call[] = [];
  private readonly judge = new Judge();

  write(line: LogLine): Call[] {
    const text = JSON.stringify(line);
    const r = this.judge.feed(text);
    if (r.error) throw new Error(`truth log line ${this.lines.length + 1} breaks the contract: ${r.error.message}`);
    this.lines.push(line);
    this.texts.push(text);
    this.calls.push(...r.calls);
    for (const c of r.calls) if (c.rejected) this.rejected.push(c);
    return r.calls;
  }

  /** The referee's state after the last line. */
  get state(): RefereeState {
    if (!this.judge.state) throw new Error('no match line written yet');
    return this.judge.state;
  }

  get lineCount(): number {
    return this.lines.length;
  }

  get jsonl(): string {
    return this.texts.map((t) => `${t}\n`).join('');
  }
}
