// The referee as a pure reducer: (state, input line) → (state, calls). No I/O, no clock, no
// randomness; respots and ball in hand are instructions in the calls, never applied in place.
import type { Call, LogLine } from '../contract/log.ts';
import { makeCall, rejectedCall, type CallParts } from './call.ts';
import { applyDecision, applyDisturbed, applyOperatorFoul, applyWarning } from './decisions.ts';
import { finishGame } from './match.ts';
import { judgeShot } from './shot.ts';
import { initialState, type RefereeState } from './state.ts';
import { withBed } from './bookkeeping.ts';
import { checkRack } from './rack-check.ts';

export interface Step {
  state: RefereeState | null;
  calls: Call[];
}

const bump = (s: RefereeState): RefereeState => ({ ...s, seq: s.seq + 1 });

export function reduce(state: RefereeState | null, line: LogLine, lineNo: number): Step {
  if (line.kind === 'match') return { state: initialState(line), calls: [] };
  if (!state) throw new Error('reduce: a line before the match line (the parser rejects this)');
  const s = state;
  const parts: CallParts = { line: lineNo, t: 't' in line ? line.t ?? null : null, input: line.kind, shooter: null, game: s.gameNo };
  const reject = (code: string, message: string): Step => {
    const after = bump(s);
    return { state: after, calls: [rejectedCall(after, parts, code, message)] };
  };
  if (s.matchOver && line.kind !== 'rack') return reject('match/over', 'the match is over');

  switch (line.kind) {
    case 'rack': {
      // The racked balls as seen before a break. A proper rack gives no call; a wrong one is
      // called (G2, E2.1, N2.1) so the referee re-racks before the break.
      const others = s.bed.filter((b) => !line.balls.some((r) => r.id === b.id));
      const racked = withBed(s, [...others, ...line.balls.map((b) => ({ id: b.id, x: b.x, y: b.y }))], s.off);
      const problems = s.breakShot ? checkRack(s.match.game, s.table, line.balls) : [];
      if (problems.length === 0) return { state: racked, calls: [] };
      const after = bump(racked);
      return { state: after, calls: [makeCall(after, { ...parts, legal: true, extra: { rackCheck: { ok: false, problems } } })] };
    }
    case 'shot': {
      let pre = s;
      const extra: Record<string, unknown> = {};
      if (s.awaiting) {
        const applied = applyDecision(s, s.awaiting.by, s.awaiting.fallback);
        if (applied.ok) {
          pre = applied.value.state;
          extra.implicitDecision = { by: s.awaiting.by, choice: s.awaiting.fallback };
        }
      }
      // A fact the camera could not settle: the line is judged as given, and the operator asked to confirm.
      if (line.uncertain && line.uncertain.length > 0) extra.confirm = { question: 'too close to call', uncertain: line.uncertain };
      const r = judgeShot(pre, line, lineNo, extra);
      return { state: r.state, calls: [r.call] };
    }
    case 'decision': {
      const r = applyDecision(s, line.by, line.choice);
      if (!r.ok) return reject(r.error.code, r.error.message);
      const after = bump(r.value.state);
      return { state: after, calls: [makeCall(after, { ...parts, shooter: line.by, respot: r.value.respot, extra: { decision: line.choice } })] };
    }
    case 'foul': {
      const r = applyOperatorFoul(s, line.rule, line.by);
      let after = bump(r.state);
      if (r.gameOver && s.match.game !== '14.1') after = finishGame(after, r.gameOver);
      return {
        state: after,
        calls: [makeCall(after, {
          ...parts, shooter: line.by, fouls: r.fouls, legal: r.legal, gameOver: r.gameOver,
          extra: { operator: true, ...(r.points !== undefined ? { points: r.points } : {}), ...(r.notes.length ? { notes: r.notes } : {}) },
        })],
      };
    }
    case 'warning': {
      const r = applyWarning(s, line.to);
      if (!r.ok) return reject(r.error.code, r.error.message);
      const after = bump(r.value);
      return { state: after, calls: [makeCall(after, { ...parts, extra: { warned: line.to } })] };
    }
    case 'disturbed': {
      const after = bump(applyDisturbed(s, line.balls));
      return {
        state: after,
        calls: [makeCall(after, {
          ...parts, extra: { disturbed: line.balls.map((b) => b.id), confirm: { rule: 'G13', question: 'foul by the shooter (G18f)?' } },
        })],
      };
    }
  }
}
