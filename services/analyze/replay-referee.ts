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
//     The video does show what the shooter did next, and a reviewing referee reads the turn
//     from it: a safety, a call not made or a pocket not called ends the inning, so the next
//     shot is the opponent's, at the opponent's group. Each reading (each pocketed ball that
//     makes the shot legal taken as called, or the inning ended) is tried against the next
//     shots, and the one they contradict least is taken (fewer fouls or games lost, no cue ball
//     taken in hand without a foul); on a tie, the benefit of the doubt above.
//   - The two-foul warning (G19: it must be given before the player's next visit) is taken as
//     given by the match's referee, as the rules require: a `warning` line follows the second
//     foul, so a third one is penalised (9-ball: the game lost; 14.1: -18). A recording of play
//     with nobody to warn is replayed with `warnings: false`, where the third foul never is.
//   - Other safeties, operator fouls (G18h & co.) and the decisions after a foul break or the 8
//     on the break are not seen on video: none are added; awaited decisions take the engine's
//     defaults (`play`, `spot8`), which its calls state (`implicitDecision`). One is seen: balls
//     racked again while a re-rack or a re-break is a choice were racked again, and a `decision`
//     line goes before the rack line (who breaks again, which the camera cannot tell: the choice
//     the next shots contradict least, else the first the rules list).
//   - A first contact the camera marked too close to call (two balls met within a frame) is read
//     the other way where the next shots contradict that reading less; the mark stays.
// Every assumption is reported as a note so the reader knows which calls rest on one.
import type { BallId } from '../contract/ids.ts';
import type { Call, DecisionLine, Declared, FoulLine, LogLine, ShotEvent, ShotLine, WarningLine } from '../contract/log.ts';
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

interface Choice {
  shot: ShotLine;
  note: string | null;
}

/** The declarations a replaying referee could assume for one shot, most likely first. */
function choices(state: RefereeState, shot: ShotLine, lineNo: number): Choice[] {
  const game = state.match.game;
  const shooter = state.awaiting ? state.awaiting.by : state.shooter;
  if (game === '9ball') {
    if (!state.pushOutAvailable) return [{ shot, note: null }];
    const normal = callOf(state, shot, lineNo);
    const push = withDeclared(shot, { pushOut: true });
    if (normal && !normal.legal && goodFor(callOf(state, push, lineNo), shooter)) {
      return [
        { shot: push, note: `taken as a push-out: played normally it would be a foul (${normal.fouls.map((f) => f.code).join(', ')})` },
        { shot, note: 'not taken as a push-out: the cue ball was then taken in hand' },
      ];
    }
    return [{ shot, note: null }];
  }
  if (game === '8ball' && state.breakShot) return [{ shot, note: null }];
  const pocketed = shot.events.filter((e): e is Extract<ShotLine['events'][number], { type: 'pocket' }> => e.type === 'pocket' && e.ball !== 0);
  if (pocketed.length === 0) return [{ shot, note: null }];
  const tried = new Set<BallId>();
  const out: Choice[] = [];
  for (const p of pocketed) {
    if (tried.has(p.ball)) continue;
    tried.add(p.ball);
    const called = withDeclared(shot, { call: { ball: p.ball, pocket: p.pocket } });
    if (goodFor(callOf(state, called, lineNo), shooter)) out.push({ shot: called, note: `ball ${p.ball} taken as called in the ${p.pocket} pocket (it went there)` });
  }
  if (out.length === 0) return [{ shot, note: 'no call makes the shot legal: left uncalled' }];
  // The inning ended although a ball fell: in 14.1 an uncalled ball is a miss; in 8-ball an
  // uncalled ball of the shooter's group is credited, so the ending is a safety (or a call that
  // was not made, which the engine judges the same). On an open 8-ball table the ending also
  // leaves the groups unchosen, so a wrong ball first by the shooter who would have chosen one
  // reads as the opponent's legal shot on the open table: the ending is taken then too, a foul
  // missed rather than one called on a legal shot.
  const ended = game === '8ball' ? withDeclared(shot, { safety: true }) : shot;
  if (goodFor(callOf(state, ended, lineNo), shooter)) {
    out.push({ shot: ended, note: `${game === '8ball' ? 'taken as a safety (or a call that was not made)' : 'left uncalled'}: the next shots show the inning ended` });
  }
  return out;
}

/** How many shots after a call are read to tell whether the shooter's inning went on. */
const LOOKAHEAD_SHOTS = 2;

/** The lines from `from` up to and including the LOOKAHEAD_SHOTS-th shot line. */
function linesAhead(log: readonly LogLine[], from: number): readonly LogLine[] {
  let shots = 0;
  let end = from;
  while (end < log.length && shots < LOOKAHEAD_SHOTS) if (log[end++]!.kind === 'shot') shots++;
  return log.slice(from, end);
}

/** Shot calls that go against their shooter: fouls, or a game lost. */
const against = (calls: readonly Call[]): number => calls.filter((c) => c.input === 'shot' && !goodFor(c, c.shooter ?? '')).length;

/** How far the cue ball must have moved between one shot's end and the next shot's start to have been taken in hand. */
const CUE_IN_HAND_M = 0.05;

/** The cue ball was picked up between two shots: it rested on the bed after one and started the next elsewhere. */
function cueTakenInHand(before: ShotLine, after: ShotLine): boolean {
  const end = before.end?.balls.find((b) => b.id === 0);
  const start = after.start?.balls.find((b) => b.id === 0);
  return !!end && !!start && Math.hypot(end.x - start.x, end.y - start.y) > CUE_IN_HAND_M;
}

/**
 * What goes against a choice in the next shots, each declared at its first choice: calls against
 * the shooter (fouls, games lost) on shots read with no doubt, and cue balls taken in hand
 * where the calls gave no ball in hand (a player only picks the cue ball up after a foul). The
 * shot's own call is not counted: the choices are ordered by what players do (a shot that would
 * be a foul is a push-out first), and only what follows may overturn that order.
 */
function contradictionsAhead(state: RefereeState, first: LogLine, lineNo: number, ahead: readonly LogLine[], lastShot: ShotLine | null = null): number {
  let step = reduce(state, first, lineNo);
  let count = 0;
  let previous = first.kind === 'shot' ? first : lastShot;
  // A ball touched between two shots may be a foul the camera cannot attribute (G18f), which
  // gives ball in hand: the cue ball taken in hand after it is no evidence.
  let touched = false;
  for (const [k, next] of ahead.entries()) {
    const s = step.state;
    if (!s || s.matchOver) break;
    const line = next.kind === 'shot' ? choices(s, next, lineNo + 1 + k)[0]!.shot : next;
    if (line.kind === 'disturbed') touched = true;
    if (line.kind === 'shot') {
      if (s.ballInHand === 'none' && !touched && previous && cueTakenInHand(previous, line)) count++;
      previous = line;
      touched = false;
    }
    step = reduce(s, line, lineNo + 1 + k);
    // A shot whose deciding fact was too close to call is no evidence of whose turn it was.
    if (line.kind === 'shot' && !line.uncertain?.length) count += against(step.calls);
  }
  return count;
}

/**
 * The shot read with its first contact the other way, where that was too close to call (two
 * balls met within a frame of each other, `uncertain` firstContact naming both): the cue ball's
 * first two contacts with different balls swap balls, their times kept; null otherwise.
 */
function otherFirstContact(shot: ShotLine): ShotLine | null {
  const u = shot.uncertain?.find((x) => x.fact === 'firstContact');
  if (!u) return null;
  const cueHits = shot.events.flatMap((e, k) => (e.type === 'contact' && (e.a === 0 || e.b === 0) ? [{ k, ball: e.a === 0 ? e.b : e.a }] : []));
  const first = cueHits[0];
  const second = first && cueHits.find((h) => h.ball !== first.ball);
  if (!first || !second) return null;
  const named = (alt: unknown): boolean => Array.isArray(alt) && alt.length === 2 && alt.includes(0) && alt.includes(second.ball);
  if (!u.alternatives.some(named)) return null;
  const cue = 0 as BallId;
  const events = shot.events.map((e, k): ShotEvent => (e.type !== 'contact' ? e : k === first.k ? { ...e, a: cue, b: second.ball } : k === second.k ? { ...e, a: cue, b: first.ball } : e));
  return { ...shot, events };
}

/**
 * The declarations for one shot: the choice the next shots contradict least. Where the first
 * contact was too close to call, the shot read the other way is among the choices, taken only
 * where the next shots contradict it less (8-ball 6815 38.19 s at 1080p60: the cue ball met the
 * 4 and the 12 0.7 ms apart, read the 12 first, a foul; the shooter's inning went on, and both
 * of the next shots were read as fouls by the wrong player).
 */
function declare(state: RefereeState, shot: ShotLine, lineNo: number, ahead: readonly LogLine[]): Choice {
  const other = otherFirstContact(shot);
  const swapped = other ? choices(state, other, lineNo).map((c) => ({ shot: c.shot, note: `first contact taken as the other ball's (too close to call): the next shots show it${c.note ? `; ${c.note}` : ''}` })) : [];
  const options = [...choices(state, shot, lineNo), ...swapped];
  if (options.length === 1) return options[0]!;
  let best = options[0]!;
  let bestCount = contradictionsAhead(state, best.shot, lineNo, ahead);
  for (const o of options.slice(1)) {
    const count = contradictionsAhead(state, o.shot, lineNo, ahead);
    if (count < bestCount) [best, bestCount] = [o, count];
  }
  return best;
}

export interface ReplayOptions {
  /** The match's referee gave the two-foul warnings (G19); false for play nobody refereed. */
  readonly warnings: boolean;
}

/** How long after a shot's end the warning is taken to be given (the contract's lines are in time order). */
const WARNING_AFTER_S = 0.5;

/** The warning taken as given to `to` after `shot`, before the line that follows it. */
function warningAfter(shot: ShotLine, to: string, following: LogLine | undefined): WarningLine {
  const end = shot.end?.t ?? shot.t;
  const next = following && following.kind !== 'match' ? following.t : undefined;
  const t = end === undefined ? undefined : Math.min(end + WARNING_AFTER_S, next ?? Infinity);
  return { kind: 'warning', ...(t !== undefined ? { t } : {}), to };
}

/** The decisions that rack the balls again (`rerack` is the 8 on the break's `rebreak-self`). */
const REBREAKS = ['rerack', 'rebreak-self', 'rebreak-opponent'] as const;

/** The last shot line written so far, if any. */
const lastShotOf = (lines: readonly LogLine[]): ShotLine | null => [...lines].reverse().find((l): l is ShotLine => l.kind === 'shot') ?? null;

/**
 * A ball disturbed between shots (G13): the live referee asks the operator whether the shooter
 * touched it (G18f). Replayed, the foul is taken where the next shots contradict the reading
 * without it more (8-ball 6770: the 8 nudged by the incoming player, whose opponent then shot
 * from hand; without the foul the opponent's ball first read as the wrong group's, G18a); on a
 * tie, none. Null for any other line. `lines`: the lines written so far, this one not among them.
 */
function touchedByShooter(state: RefereeState | null, disturbedLine: LogLine, lines: readonly LogLine[], ahead: readonly LogLine[]): FoulLine | null {
  if (disturbedLine.kind !== 'disturbed' || !state || state.matchOver || state.awaiting) return null;
  const after = reduce(state, disturbedLine, lines.length + 1).state;
  if (!after) return null;
  const foul: FoulLine = { kind: 'foul', ...(disturbedLine.t !== undefined ? { t: disturbedLine.t } : {}), rule: 'G18f', by: state.shooter };
  const lastShot = lastShotOf(lines);
  const withFoul = contradictionsAhead(after, foul, lines.length + 2, ahead, lastShot);
  return withFoul < contradictionsAhead(state, disturbedLine, lines.length + 1, ahead, lastShot) ? foul : null;
}

/** Walks an inferred log (match line first), choosing each shot's declarations. */
export function refereeWithoutOperator(log: readonly LogLine[], options: ReplayOptions = { warnings: true }): ReplayResult {
  const lines: LogLine[] = [];
  const notes: ReplayNote[] = [];
  let state: RefereeState | null = null;
  for (const [i, raw] of log.entries()) {
    // The balls racked again while a decision that may re-rack is awaited (the 8 on an 8-ball
    // break, a foul break, a 14.1 break violation): a re-rack was chosen (8-ball 6424: the breaker
    // re-racked; with the default, spot the 8 and play on, the new break was judged as a shot with
    // a call. 8-ball 6661: after a foul break, the re-break played as a shot in hand, the 8 on it a
    // game lost). Who breaks again: the choice the next shots contradict least.
    const awaiting = state?.awaiting;
    const rebreaks = awaiting ? REBREAKS.filter((c) => awaiting.choices.includes(c)) : [];
    if (raw.kind === 'rack' && state && awaiting && rebreaks.length > 0) {
      const now = state; // narrowed, for the closure below
      const lastShot = lastShotOf(lines);
      const options = rebreaks.map((choice): DecisionLine => ({ kind: 'decision', ...(raw.t !== undefined ? { t: raw.t } : {}), by: awaiting.by, choice }));
      const counts = options.map((d) => contradictionsAhead(now, d, lines.length + 1, linesAhead(log, i), lastShot));
      const best = counts.indexOf(Math.min(...counts));
      const decision = options[best]!;
      const chosen = { rerack: 'a re-rack', 'rebreak-self': 'to break again', 'rebreak-opponent': `that ${awaiting.other} break again` }[rebreaks[best]!];
      notes.push({ line: lines.length + 1, t: raw.t ?? null, note: `${awaiting.by} taken to have chosen ${chosen} (the balls were racked again)` });
      state = reduce(state, decision, lines.length + 1).state;
      lines.push(decision);
    }
    // A ball disturbed between shots: taken as touched by the shooter where the next shots show it.
    const foul = touchedByShooter(state, raw, lines, linesAhead(log, i + 1));
    const lineNo = lines.length + 1;
    let line = raw;
    if (line.kind === 'shot' && state && !state.matchOver) {
      const d = declare(state, line, lineNo, linesAhead(log, i + 1));
      line = d.shot;
      if (d.note) notes.push({ line: lineNo, t: line.t ?? null, note: d.note });
    }
    const step = reduce(state, line, lineNo);
    state = step.state;
    lines.push(line);
    const due = step.calls.find((c) => c.input === 'shot')?.warningDue;
    if (options.warnings && line.kind === 'shot' && typeof due === 'string') {
      const warning = warningAfter(line, due, log[i + 1]);
      notes.push({ line: lines.length + 1, t: warning.t ?? null, note: `${due} is on two fouls: the warning taken as given by the referee (G19), so a third foul is penalised` });
      state = reduce(state, warning, lines.length + 1).state;
      lines.push(warning);
    }
    if (foul) {
      notes.push({ line: lines.length + 1, t: foul.t ?? null, note: `${foul.by} taken to have touched the ball disturbed (G18f): the next shots show it` });
      state = reduce(state, foul, lines.length + 1).state;
      lines.push(foul);
    }
  }
  return { lines, notes };
}
