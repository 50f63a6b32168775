// The player model: from the referee's state and the balls, choose a stroke the way a player
// does: the legal target, the pocket and the ghost-ball aim, speed and spin for position, a
// safety when no pot is on, breaks, push-outs, ball in hand and decisions; then execute it
// with human error (aim σ from skill, speed and tip errors). Situations the director asks for
// (a scratch, the wrong ball first, …) are strokes chosen on purpose and executed exactly.
import type { BallId, DecisionChoice, Pocket } from '../../contract/ids.ts';
import type { Declared } from '../../contract/log.ts';
import type { PendingKind } from '../../rules/state.ts';
import { MAX_TIP_OFFSET, type CueStrike, type TableGeometry } from '../physics/index.ts';
import type { Point } from './geometry.ts';
import { aimSigmaRad, clamp01, speedSigma, type PlanningEffort, type PlayerProfile } from './options.ts';
import { placeCueBall, type Placement, type PlacementRegion } from './placement.ts';
import { potCandidates } from './pot-candidates.ts';
import { planPot, type PotMode, type StrokeChoice } from './pot-planner.ts';
import { between, gaussian, pick, type Rng } from './random.ts';
import { planFreeze, planSafety } from './safety-planner.ts';
import type { ShotSituation } from './situations.ts';
import {
  breakStroke, keyBallBreak, noBallStroke, noRailStroke, pushOutStroke, safeBreak, simultaneousStroke, wrongBallStroke,
  type SpecialStroke,
} from './special-strokes.ts';
import { legalTargets, objectBalls, type GameView } from './targets.ts';

export type ShotIntent =
  | 'break' | 'key-ball-break' | 'safe-break'
  | 'pot' | 'hard' | 'scratch' | 'miss'
  | 'safety' | 'kick' | 'freeze'
  | 'push-out' | 'wrong-ball' | 'no-ball' | 'no-rail' | 'simultaneous' | 'tactical-foul';

export interface PlannedShot {
  readonly intent: ShotIntent;
  /** The stroke the player means to play. */
  readonly intended: CueStrike;
  /** The stroke as played (with the player's errors). */
  readonly strike: CueStrike;
  readonly declared: Declared;
  readonly target: BallId | null;
  readonly pocket: Pocket | null;
}

export interface ShotRequest {
  readonly situation: ShotSituation | null;
  /** Play a safety that leaves the target frozen to a cushion, if a safety is played. */
  readonly freezeSafety: boolean;
  /** 9-ball push-out: 'no', 'may' (if no shot is on), 'want' (the director asks for one). */
  readonly pushOut: 'no' | 'may' | 'want';
  /** Foul on purpose (a three-foul sequence). */
  readonly tacticalFoul: boolean;
  /** Play safe whatever is on (the opponent is in a three-foul sequence). */
  readonly forceSafety: boolean;
}

export interface TurnContext {
  readonly table: TableGeometry;
  /** The game view with the cue ball on the bed. */
  readonly view: GameView;
  readonly effort: PlanningEffort;
}

const POT_LIKE: readonly ShotIntent[] = ['pot', 'hard', 'scratch', 'miss'];

export class Player {
  readonly aimSigma: number;
  readonly speedSigma: number;

  constructor(readonly profile: PlayerProfile, private readonly rng: Rng) {
    this.aimSigma = aimSigmaRad(profile);
    this.speedSigma = speedSigma(profile);
  }

  get name(): string {
    return this.profile.name;
  }

  /** The least estimated pot chance this player goes for rather than playing safe. */
  get potThreshold(): number {
    return 0.1 + 0.15 * clamp01(this.profile.skill);
  }

  // ---- strokes ----

  chooseShot(ctx: TurnContext, req: ShotRequest): PlannedShot {
    const special = { table: ctx.table, view: ctx.view, rng: this.rng };
    if (req.tacticalFoul) {
      const s = noBallStroke(special) ?? noRailStroke(special) ?? wrongBallStroke(special);
      if (s) return this.exact(ctx, 'tactical-foul', s);
    }
    const candidates = potCandidates(ctx.table, ctx.view.balls, this.cue(ctx), legalTargets(ctx.view), this.aimSigma);
    const bestChance = candidates[0]?.probability ?? 0;
    if (req.pushOut === 'want' || (req.pushOut === 'may' && bestChance < 0.3)) {
      const s = pushOutStroke(special, this.aimSigma, ctx.effort.safeties + 2);
      if (s) return this.exact(ctx, 'push-out', s);
    }
    const situation = this.situationStroke(ctx, req.situation);
    if (situation) return situation;
    if (!req.forceSafety) {
      const pot = this.bestPot(ctx, 'position');
      // A shot-maker sometimes takes on a pot below his threshold rather than play safe.
      const gamble = pot !== null && pot.candidate.probability >= 0.06 && this.rng() < 0.35;
      if (pot && pot.success && (pot.candidate.probability >= this.potThreshold || gamble)) return this.potShot(ctx, req.situation === 'miss' ? 'miss' : 'pot', pot);
    }
    const safetyCtx = {
      table: ctx.table, view: ctx.view, rng: this.rng, trials: ctx.effort.safeties, opponentSigma: this.aimSigma,
      judgement: 0.3 * (1.1 - clamp01(this.profile.skill)),
    };
    const freeze = req.freezeSafety ? planFreeze(safetyCtx) : null;
    if (freeze) return this.played(ctx, 'freeze', freeze.strike, freeze.target, null, 'exact');
    const safety = planSafety(safetyCtx);
    if (safety && (safety.legal || candidates.length === 0 || req.forceSafety)) {
      return this.played(ctx, safety.kind, safety.strike, safety.target, null, 'normal');
    }
    const pot = this.bestPot(ctx, 'position');
    if (pot) return this.potShot(ctx, 'pot', pot);
    if (safety) return this.played(ctx, safety.kind, safety.strike, safety.target, null, 'normal');
    const fallback = noBallStroke(special);
    if (fallback) return this.exact(ctx, 'no-ball', fallback);
    return this.played(ctx, 'safety', { speed: 1, direction: between(this.rng, -Math.PI, Math.PI) }, null, null, 'normal');
  }

  private situationStroke(ctx: TurnContext, situation: ShotSituation | null): PlannedShot | null {
    const special = { table: ctx.table, view: ctx.view, rng: this.rng };
    switch (situation) {
      case 'wrongBall': {
        const s = wrongBallStroke(special) ?? noBallStroke(special);
        return s ? this.exact(ctx, s.target === null ? 'no-ball' : 'wrong-ball', s) : null;
      }
      case 'noRail': {
        const s = noRailStroke(special);
        return s ? this.exact(ctx, 'no-rail', s) : null;
      }
      case 'simultaneous': {
        const s = simultaneousStroke(special);
        return s ? this.exact(ctx, 'simultaneous', s) : null;
      }
      case 'scratch': {
        const pot = this.bestPot(ctx, 'scratch');
        return pot ? this.played(ctx, 'scratch', pot.strike, pot.candidate.target, pot.candidate.pocket, 'exact') : null;
      }
      case 'hardShot': {
        const pot = this.bestPot(ctx, 'hard');
        return pot ? this.played(ctx, 'hard', pot.strike, pot.candidate.target, pot.candidate.pocket, 'normal') : null;
      }
      default:
        return null;
    }
  }

  /** The best of the top pot candidates, refined by trial strokes. */
  private bestPot(ctx: TurnContext, mode: PotMode): StrokeChoice | null {
    const candidates = potCandidates(ctx.table, ctx.view.balls, this.cue(ctx), legalTargets(ctx.view), this.aimSigma)
      .filter((c) => c.probability > 0.03)
      .slice(0, mode === 'scratch' ? ctx.effort.candidates + 2 : ctx.effort.candidates);
    const planCtx = { table: ctx.table, view: ctx.view, aimSigma: this.aimSigma, variants: ctx.effort.variants };
    let best: { choice: StrokeChoice; score: number } | null = null;
    for (const c of candidates) {
      const choice = planPot(planCtx, c, mode);
      if (!choice) continue;
      const score = (choice.success ? 1 : 0.2) * c.probability * (0.5 + choice.value);
      if (!best || score > best.score) best = { choice, score };
    }
    return best?.choice ?? null;
  }

  private potShot(ctx: TurnContext, intent: 'pot' | 'miss', pot: StrokeChoice): PlannedShot {
    return this.played(ctx, intent, pot.strike, pot.candidate.target, pot.candidate.pocket, intent === 'miss' ? 'miss' : 'normal');
  }

  private exact(ctx: TurnContext, intent: ShotIntent, s: SpecialStroke): PlannedShot {
    return this.played(ctx, intent, s.strike, s.target, null, 'exact');
  }

  private played(ctx: TurnContext, intent: ShotIntent, intended: CueStrike, target: BallId | null, pocket: Pocket | null, execution: 'normal' | 'exact' | 'miss'): PlannedShot {
    const strike = execution === 'exact' ? intended : this.execute(intended, execution === 'miss');
    return { intent, intended, strike, declared: this.declare(ctx, intent, target, pocket), target, pocket };
  }

  /** The stroke as a human plays it: aim, speed and tip errors. */
  execute(s: CueStrike, miss = false): CueStrike {
    const aimError = miss ? (this.rng() < 0.5 ? -1 : 1) * between(this.rng, 2, 6) * (Math.PI / 180) : gaussian(this.rng) * this.aimSigma;
    let side = (s.side ?? 0) + gaussian(this.rng) * 0.03;
    let height = (s.height ?? 0) + gaussian(this.rng) * 0.03;
    const r = Math.hypot(side, height);
    const limit = MAX_TIP_OFFSET - 0.05;
    if (r > limit) {
      side *= limit / r;
      height *= limit / r;
    }
    const speed = Math.min(12, Math.max(0.05, s.speed * (1 + gaussian(this.rng) * this.speedSigma)));
    return { ...s, speed, direction: s.direction + aimError, side, height };
  }

  private declare(ctx: TurnContext, intent: ShotIntent, target: BallId | null, pocket: Pocket | null): Declared {
    const game = ctx.view.game;
    if (intent === 'push-out') return { pushOut: true };
    if (game === '9ball' || intent === 'break' || intent === 'key-ball-break') return {};
    if (intent === 'safe-break') return { safety: true };
    if (POT_LIKE.includes(intent) && target !== null) return { call: { ball: target, pocket: pocket ?? 'obvious' } };
    if (intent === 'simultaneous' && target !== null) return { call: { ball: target, pocket: 'obvious' } };
    return { safety: true };
  }

  private cue(ctx: TurnContext): Point {
    const cue = ctx.view.balls.find((b) => b.id === 0);
    if (!cue) throw new Error('the cue ball is not on the bed');
    return cue;
  }

  // ---- breaks ----

  /** Kitchen spots a player breaks from (free, behind the head string). */
  breakSpots(table: TableGeometry): Point[] {
    const x = table.headStringX - between(this.rng, 0.03, 0.15);
    const w = table.spec.width / 2 - 2 * table.ballRadius;
    return [0, 0.45, -0.45, 0.25, -0.25, 0.7, -0.7].map((f) => ({ x, y: f * w * between(this.rng, 0.8, 1) }));
  }

  /** The break: cue ball placement and the stroke (key: try to pocket this ball). */
  planBreak(ctx: TurnContext, key: BallId | null, keyTrials: number): { cue: Point; shot: PlannedShot } {
    const special = { table: ctx.table, view: ctx.view, rng: this.rng };
    const objects = objectBalls(ctx.view.balls);
    if (ctx.view.game === '14.1' && this.rng() < 0.12) {
      // Now and then an open break, calling a back corner ball in the foot corner pocket on its side.
      const corner = objects.reduce((a, b) => (b.x + Math.abs(b.y) > a.x + Math.abs(a.y) ? b : a));
      const head = objects.reduce((a, b) => (b.x < a.x ? b : a));
      const cue = pick(this.rng, this.breakSpots(ctx.table).slice(0, 3));
      const strike = breakStroke(cue, head, this.rng, this.aimSigma);
      const call = { ball: corner.id, pocket: corner.y >= 0 ? 'foot-left' : 'foot-right' } as const;
      return { cue, shot: { intent: 'break', intended: strike, strike, declared: { call }, target: head.id, pocket: call.pocket } };
    }
    if (ctx.view.game === '14.1') {
      const safe = safeBreak(special, ctx.effort.safeties + 4);
      if (safe) {
        const viewWithCue = { ...ctx, view: { ...ctx.view, balls: [...ctx.view.balls, { id: 0 as BallId, ...safe.cue }] } };
        return { cue: safe.cue, shot: this.played(viewWithCue, 'safe-break', safe.strike, null, null, 'normal') };
      }
    }
    const head = objects.reduce((a, b) => (b.x < a.x ? b : a));
    const spots = this.breakSpots(ctx.table);
    if (key !== null) {
      const found = keyBallBreak(special, spots, head, key, keyTrials, this.aimSigma);
      if (found) return { cue: found.cue, shot: this.played(ctx, 'key-ball-break', found.strike, head.id, null, 'exact') };
    }
    const cue = pick(this.rng, spots.slice(0, 3));
    return { cue, shot: this.played(ctx, 'break', breakStroke(cue, head, this.rng, this.aimSigma), head.id, null, 'exact') };
  }

  // ---- ball in hand and decisions ----

  placeCueBall(table: TableGeometry, view: GameView, region: PlacementRegion, freeze: boolean): Placement {
    const withoutCue = { ...view, balls: view.balls.filter((b) => b.id !== 0) };
    return placeCueBall({ table, view: withoutCue, region, aimSigma: this.aimSigma, rng: this.rng }, freeze);
  }

  /** A decision the referee awaits from this player. `shotChance`: his best pot chance as the table lies. */
  decide(kind: PendingKind, choices: readonly DecisionChoice[], shotChance: number): DecisionChoice {
    const has = (c: DecisionChoice): boolean => choices.includes(c);
    const u = this.rng();
    let choice: DecisionChoice;
    switch (kind) {
      case 'push-out':
        choice = shotChance + 0.15 * (u - 0.5) >= 0.4 ? 'play' : 'pass';
        break;
      case 'eight-break-foul':
        choice = u < 0.7 ? 'play' : u < 0.85 ? 'rebreak-self' : 'rebreak-opponent';
        break;
      case 'eight-on-break':
      case 'eight-on-break-foul':
      case 'straight-rerack-option':
        choice = u < 0.5 ? (has('spot8') ? 'spot8' : 'play') : 'rerack';
        break;
      case 'straight-break-violation':
        choice = u < 0.6 ? 'play' : 'rebreak-opponent';
        break;
    }
    return has(choice) ? choice : choices[0]!;
  }
}
