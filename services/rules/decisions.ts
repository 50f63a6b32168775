// Operator and player inputs between shots: decisions (play/pass, re-rack, spot the 8),
// operator fouls ([operator] rules), the two-foul warning (G19) and disturbed balls (G13).
import type { BallId, DecisionChoice } from '../contract/ids.ts';
import type { Foul, GameOver, Respot } from '../contract/log.ts';
import { applySpots, withBed } from './bookkeeping.ts';
import { addPoints, recordFoul } from './match.ts';
import { newRack, opponentOf, type PendingDecision, type RefereeState } from './state.ts';
import type { Result } from '../contract/result.ts';
import { err, ok } from '../contract/result.ts';

export interface Applied {
  state: RefereeState;
  respot: Respot[];
}

export interface Rejection {
  code: string;
  message: string;
}

const SYNONYMS: Partial<Record<DecisionChoice, DecisionChoice>> = { rerack: 'rebreak-self', 'rebreak-self': 'rerack' };

function accepted(p: PendingDecision, choice: DecisionChoice): DecisionChoice | null {
  if (p.choices.includes(choice)) return choice;
  const alias = SYNONYMS[choice];
  return alias && p.choices.includes(alias) ? alias : null;
}

/** Applies a decision; a shot arriving while one is awaited applies the fallback first. */
export function applyDecision(s: RefereeState, by: string, choice: DecisionChoice): Result<Applied, Rejection> {
  const p = s.awaiting;
  if (!p) return err({ code: 'decision/not-awaited', message: 'no decision is awaited' });
  if (by !== p.by) return err({ code: 'decision/wrong-player', message: `the decision is ${p.by}'s` });
  const c = accepted(p, choice);
  if (!c) return err({ code: 'decision/invalid-choice', message: `choose one of ${p.choices.join(', ')}` });
  const cleared: RefereeState = { ...s, awaiting: null };
  const play = (shooter: string): Applied => ({ state: { ...cleared, shooter, ballInHand: p.ballInHandIfPlay }, respot: [] });
  switch (p.kind) {
    case 'push-out': // N2.3
      return ok(c === 'pass' ? play(p.other) : play(p.by));
    case 'eight-break-foul': // E2.2 (a) play on, (b) re-rack and choose who breaks
      if (c === 'play') return ok(play(p.by));
      return ok({ state: newRack(cleared, c === 'rebreak-opponent' ? p.other : p.by, false), respot: [] });
    case 'eight-on-break': // E2.2: breaker re-racks and breaks again, or spots the 8 and continues
    case 'eight-on-break-foul': { // E2.2: opponent re-racks (and breaks), or spots the 8 with ball in hand in the kitchen
      if (c === 'rerack') return ok({ state: newRack(cleared, p.by, false), respot: [] });
      return ok(applySpots(play(p.by).state, [{ id: 8 as BallId, rule: 'E2.2' }]));
    }
    case 'straight-break-violation': // S: accept the table, or the offender breaks again
      if (c === 'play') return ok(play(p.by));
      return ok({ state: { ...newRack(cleared, p.other, false), rackNo: s.rackNo + 1 }, respot: [] });
    case 'straight-rerack-option': // G19 / G24.3: continue, or a full re-rack with the offender breaking
      if (c === 'play') return ok(play(p.by));
      return ok({ state: { ...newRack(cleared, p.other, false), rackNo: s.rackNo + 1 }, respot: [] });
  }
}

const OPERATOR_CODES: Record<string, string> = {
  G3: 'foul/cue-ball-touched', G9: 'foul/foot-off-floor', G13: 'foul/ball-disturbed', G14: 'foul/double-hit-or-push',
  G15: 'foul/illegal-jump', G18f: 'foul/ball-touched', G18h: 'foul/foot-off-floor', G18k: 'foul/illegal-jump',
  G18m: 'foul/double-hit', G20: 'foul/intentional', 'G23.3': 'foul/table-marked', 'G23.4': 'foul/gap-measured',
  'E3.3d': 'foul/cue-ball-pushed-while-placing', 'N2.2': 'foul/break-safety',
};

export interface OperatorFoulResult {
  state: RefereeState;
  fouls: Foul[];
  gameOver: GameOver | null;
  notes: string[];
  points?: number;
  legal: boolean;
}

/** A foul the operator saw ([operator] rules) charged to `by`, applied like any foul. */
export function applyOperatorFoul(s: RefereeState, rule: string, by: string): OperatorFoulResult {
  const opp = opponentOf(s, by);
  const base: RefereeState = { ...s, awaiting: null };
  if (rule === 'E3.3g' && s.match.game === '8ball') {
    return { state: base, fouls: [], legal: true, notes: ['E3.3g: stalemate, the game is drawn and re-racked with the same breaker'],
      gameOver: { winner: null, rule: 'E3.3g', code: 'draw/stalemate' } };
  }
  if (rule === 'G23.2' || rule === 'G23.2e') {
    return { state: s, fouls: [], legal: true, gameOver: null, notes: ['G23.2e: outside interference, balls restored, the same player continues'] };
  }
  if (rule === 'G24.3' || rule === 'G24.3a') {
    const fouls = [{ rule, code: 'conduct/unsportsmanlike' }];
    if (s.match.game !== '14.1') {
      return { state: base, fouls, legal: false, notes: [], gameOver: { winner: opp, rule, code: 'loss/unsportsmanlike' } };
    }
    const scored = addPoints({ ...base, shooter: opp, ballInHand: 'anywhere' }, by, -15);
    const state = scored.gameOver ? scored.state : {
      ...scored.state,
      awaiting: { kind: 'straight-rerack-option' as const, by: opp, other: by, choices: ['play', 'rerack'] as DecisionChoice[], fallback: 'play' as const, ballInHandIfPlay: 'anywhere' as const },
    };
    return { state, fouls, legal: false, notes: [], points: -15, gameOver: scored.gameOver };
  }
  const fouls: Foul[] = [{ rule, code: OPERATOR_CODES[rule] ?? 'foul/operator' }];
  const r = recordFoul({ ...base, shooter: opp, ballInHand: 'anywhere' }, by, 'anywhere');
  let state = { ...r.state, awaiting: r.penalty.pending ?? null };
  fouls.push(...r.penalty.fouls);
  let gameOver = r.penalty.gameOver ?? null;
  let points: number | undefined;
  if (s.match.game === '14.1') {
    points = r.penalty.points ?? -1;
    const scored = addPoints(state, by, points);
    state = scored.state;
    gameOver = scored.gameOver ?? gameOver;
  }
  return { state, fouls, legal: false, notes: r.penalty.notes, gameOver, ...(points !== undefined ? { points } : {}) };
}

/** G19: the two-foul warning counts only when given to a player on two consecutive fouls. */
export function applyWarning(s: RefereeState, to: string): Result<RefereeState, Rejection> {
  if ((s.consecutiveFouls[to] ?? 0) !== 2) {
    return err({ code: 'warning/not-due', message: `${to} is not on two consecutive fouls` });
  }
  return ok({ ...s, warned: { ...s.warned, [to]: true } });
}

/** G13: balls moved while no shot was in progress stay where they are; the operator confirms a foul. */
export function applyDisturbed(s: RefereeState, balls: readonly { id: BallId; x: number; y: number }[]): RefereeState {
  const moved = new Set(balls.map((b) => b.id));
  const bed = [...s.bed.filter((b) => !moved.has(b.id)), ...balls.map((b) => ({ id: b.id, x: b.x, y: b.y }))];
  return withBed(s, bed, s.off.filter((id) => !moved.has(id)));
}
