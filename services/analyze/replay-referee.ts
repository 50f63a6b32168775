// What a referee replaying a video does where the live referee would ask the operator.
// Nobody declares anything on a recording, so each shot's `declared` is chosen the way a
// referee reviewing the footage would, using only what the camera shows and the rules:
//   - 9-ball push-out: on the shot where a push-out is available, a shot that would be a foul
//     if played normally but is legal as a push-out is taken as a declared push-out (players do
//     not foul on purpose on that shot); the incoming player's choice is then left to the
//     engine's default (`play`), since the video does not show who stood up to shoot.
//   - Calls (8-ball, 14.1): the shooter is given the benefit of the doubt: the first pocketed
//     object ball, in the pocket it went into, that makes the shot legal is taken as called
//     (8-ball breaks need no call). A shot that no call makes legal stays uncalled.
//   - Safeties, operator fouls (G18h & co.), two-foul warnings (G19) and the decisions after a
//     foul break or the 8 on the break are not seen on video: none are added; awaited decisions
//     take the engine's defaults (`play`, `spot8`), which its calls state (`implicitDecision`).
// Every assumption is reported as a note so the reader knows which calls rest on one.
import type { BallId } from '../contract/ids.ts';
import type { Call, Declared, LogLine, ShotLine } from '../contract/log.ts';
import { reduce } from '../rules/engine.ts';
import type { RefereeState } from '../rules/state.ts';

export interface ReplayNote {
  /** 1-based line of the shot in the written log. */
  line: number;
  t: number | null;
  note: string;
}

export interface ReplayResult {
  /** The log with the chosen declarations. */
  lines: LogLine[];
  notes: ReplayNote[];
}

/** The call a shot gets in a state (the engine is pure: the state is not changed). */
function callOf(state: RefereeState, shot: ShotLine, lineNo: number): Call | null {
  return reduce(state, shot, lineNo).calls.find((c) => c.input === 'shot') ?? null;
}

const withDeclared = (shot: ShotLine, declared: Declared): ShotLine => ({ ...shot, declared: { ...shot.declared, ...declared } });

/** A shot is legal for its shooter (and does not lose the game). */
function goodFor(call: Call | null, shooter: string): boolean {
  return call !== null && call.legal && !(call.gameOver && call.gameOver.winner !== shooter);
}

/** The declarations a replaying referee would assume for one shot, with the note saying so. */
function declare(state: RefereeState, shot: ShotLine, lineNo: number): { shot: ShotLine; note: string | null } {
  const game = state.match.game;
  const shooter = state.awaiting ? state.awaiting.by : state.shooter;
  if (game === '9ball') {
    if (!state.pushOutAvailable) return { shot, note: null };
    const normal = callOf(state, shot, lineNo);
    const push = withDeclared(shot, { pushOut: true });
    if (normal && !normal.legal && goodFor(callOf(state, push, lineNo), shooter)) {
      return { shot: push, note: `taken as a push-out: played normally it would be a foul (${normal.fouls.map((f) => f.code).join(', ')})` };
    }
    return { shot, note: null };
  }
  if (game === '8ball' && state.breakShot) return { shot, note: null };
  const pocketed = shot.events.filter((e): e is Extract<ShotLine['events'][number], { type: 'pocket' }> => e.type === 'pocket' && e.ball !== 0);
  const tried = new Set<BallId>();
  for (const p of pocketed) {
    if (tried.has(p.ball)) continue;
    tried.add(p.ball);
    const called = withDeclared(shot, { call: { ball: p.ball, pocket: p.pocket } });
    if (goodFor(callOf(state, called, lineNo), shooter)) return { shot: called, note: `ball ${p.ball} taken as called in the ${p.pocket} pocket (it went there)` };
  }
  if (pocketed.length > 0) return { shot, note: `no call makes the shot legal: left uncalled` };
  return { shot, note: null };
}

/** Walks an inferred log (match line first), choosing each shot's declarations. */
export function refereeWithoutOperator(log: readonly LogLine[]): ReplayResult {
  const lines: LogLine[] = [];
  const notes: ReplayNote[] = [];
  let state: RefereeState | null = null;
  for (const raw of log) {
    const lineNo = lines.length + 1;
    let line = raw;
    if (line.kind === 'shot' && state && !state.matchOver) {
      const d = declare(state, line, lineNo);
      line = d.shot;
      if (d.note) notes.push({ line: lineNo, t: line.t ?? null, note: d.note });
    }
    state = reduce(state, line, lineNo).state;
    lines.push(line);
  }
  return { lines, notes };
}
