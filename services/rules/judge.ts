// Judging a whole log: parse each line against the contract, reduce it, collect the calls.
// The first line that breaks the contract stops the run; the calls before it are kept.
import type { Call } from '../contract/log.ts';
import { newParseContext, parseLine, type ContractError } from '../contract/parse.ts';
import { reduce } from './engine.ts';
import type { RefereeState } from './state.ts';

export interface JudgeResult {
  calls: Call[];
  error: ContractError | null;
  state: RefereeState | null;
}

/** Incremental judge for live use: feed one line at a time. */
export class Judge {
  private readonly ctx = newParseContext();
  private lineNo = 0;
  state: RefereeState | null = null;
  error: ContractError | null = null;

  /** Feeds one raw line; returns its calls, or the contract error (after which nothing is applied). */
  feed(text: string): { calls: Call[]; error: ContractError | null } {
    this.lineNo += 1;
    if (this.error) return { calls: [], error: this.error };
    if (text.trim() === '') return { calls: [], error: null };
    const parsed = parseLine(text, this.lineNo, this.ctx);
    if (!parsed.ok) {
      this.error = parsed.error;
      return { calls: [], error: parsed.error };
    }
    const step = reduce(this.state, parsed.value, this.lineNo);
    this.state = step.state;
    return { calls: step.calls, error: null };
  }
}

export function judgeText(text: string): JudgeResult {
  const judge = new Judge();
  const calls: Call[] = [];
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (const raw of lines) {
    const r = judge.feed(raw.replace(/\r$/, ''));
    calls.push(...r.calls);
    if (r.error) break;
  }
  return { calls, error: judge.error, state: judge.state };
}
