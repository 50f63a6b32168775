// The demo's operator: the operator inputs of a recording's log (declarations, decisions,
// fouls, warnings) entered at the times they were made, through the same path as the operator
// panel (and audited as "demo-script"). Only the bundled demo uses it; a real table has a person.
import { readFileSync } from 'node:fs';
import type { DecisionChoice } from '../contract/ids.ts';
import type { Declared, LogLine } from '../contract/log.ts';

export type ScriptedInput =
  | { at: number; kind: 'declare'; declared: Declared }
  | { at: number; kind: 'decision'; by: string; choice: DecisionChoice }
  | { at: number; kind: 'foul'; rule: string; by: string }
  | { at: number; kind: 'warning'; to: string };

/** A declaration is entered this long (s) before its shot's strike. */
const DECLARE_LEAD = 0.7;

export function scriptFromLog(lines: readonly LogLine[]): ScriptedInput[] {
  const out: ScriptedInput[] = [];
  for (const l of lines) {
    const t = 't' in l ? l.t ?? null : null;
    if (t === null) continue;
    if (l.kind === 'shot' && l.declared && Object.keys(l.declared).length > 0) out.push({ at: t - DECLARE_LEAD, kind: 'declare', declared: l.declared });
    else if (l.kind === 'decision') out.push({ at: t, kind: 'decision', by: l.by, choice: l.choice });
    else if (l.kind === 'foul') out.push({ at: t, kind: 'foul', rule: l.rule, by: l.by });
    else if (l.kind === 'warning') out.push({ at: t, kind: 'warning', to: l.to });
  }
  return out.sort((a, b) => a.at - b.at);
}

export class ScriptedOperator {
  private next = 0;
  private pass = -1;

  /** `shots`: when the recording's real shots were struck and came to rest (the operator knows a phantom when he sees one). */
  constructor(readonly inputs: readonly ScriptedInput[], readonly shots: readonly { t: number; end: number }[] = []) {}

  static fromFile(path: string): ScriptedOperator {
    const lines = readFileSync(path, 'utf8').split('\n').filter((s) => s.trim() !== '').map((s) => JSON.parse(s) as LogLine);
    const shots = lines.flatMap((l) => (l.kind === 'shot' && l.t !== undefined ? [{ t: l.t, end: l.end?.t ?? l.t }] : []));
    return new ScriptedOperator(scriptFromLog(lines), shots);
  }

  /**
   * A camera "shot" from `t` to `end` that overlaps no real shot of the recording (a hand moving
   * the cue ball). A real shot whose strike the camera read at the wrong time still overlaps.
   */
  isPhantom(t: number, end: number): boolean {
    return this.shots.length > 0 && !this.shots.some((s) => t < s.end + 0.2 && end > s.t - 0.2);
  }

  /** Inputs at or before `t` are taken as done (a resumed match has them in its log). */
  skipUntil(t: number, pass: number): void {
    this.pass = pass;
    this.next = this.inputs.findIndex((i) => i.at > t);
    if (this.next < 0) this.next = this.inputs.length;
  }

  /** The inputs due by recording time `t` of pass `pass`. */
  due(t: number, pass: number): ScriptedInput[] {
    if (pass !== this.pass) { this.pass = pass; this.next = 0; }
    const out: ScriptedInput[] = [];
    while (this.next < this.inputs.length && this.inputs[this.next]!.at <= t) out.push(this.inputs[this.next++]!);
    return out;
  }
}
