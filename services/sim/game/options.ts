// What a simulated match is made of: the players' skills, the rates at which the simulator
// provokes each situation a referee must handle, the pauses between shots, and the presets.
// Rates are chances per opportunity (per shot, per pause, per break); the situations also
// happen by themselves (a natural scratch, a ball off the table on a break), so the measured
// rates of a run (see stats.ts and bench.ts) are at least roughly these.
import type { PhysicsParams } from '../physics/index.ts';

export interface PlayerProfile {
  readonly name: string;
  /** 0 (beginner) … 1 (professional): aim and speed errors, shot choice and safeties. */
  readonly skill: number;
  /** Standard deviation of the cue direction's error in degrees; default from skill: 1.0 − 0.8·skill (0.2° … 1°). */
  readonly aimSigmaDeg?: number;
  /** Relative standard deviation of the stroke speed; default from skill: 0.03 + 0.07·(1 − skill). */
  readonly speedSigma?: number;
}

export interface SituationRates {
  /** Per shot: a stroke whose cue ball follows into a pocket (G18c). */
  readonly scratch: number;
  /** Per shot: a large aim error, 2–6° (a missed pot; often no ball or the wrong ball first). */
  readonly miss: number;
  /** Per shot: the cue ball sent at a ball that is not the legal target (G18a; 14.1: at no ball). */
  readonly wrongBall: number;
  /** Per shot: too soft: the target is reached and nothing reaches a cushion (G18b). */
  readonly noRail: number;
  /** Per ball in hand: the cue ball placed frozen to the target; per safety: the target left frozen to a cushion. */
  readonly frozen: number;
  /** Per shot: played hard (6.5–9 m/s), where the physics may send balls off the table (G18d, G18e). */
  readonly hardShot: number;
  /** Per shot: the cue ball aimed to meet two balls at the same instant (G12). */
  readonly simultaneous: number;
  /** Per shot: the next strike comes while a ball still rolls (G10). */
  readonly movingBalls: number;
  /** Per pause between shots: a hand nudges a ball (a `disturbed` line, G13). */
  readonly disturbed: number;
  /** Given a disturbed ball: the operator then charges the shooter with G18f (a `foul` line). */
  readonly disturbedFoul: number;
  /** Per break: the break is chosen among trial strokes to pocket the 8 (8-ball) or the 9 (9-ball). */
  readonly keyBallOnBreak: number;
  /** 9-ball, per push-out chance: push out even when a shot is on (one is also played when none is). */
  readonly pushOut: number;
  /** 9-ball and 14.1, per turn: the player begins three deliberate fouls in a row (G19, N3.4). */
  readonly threeFouls: number;
}

export interface PauseRange {
  /** Seconds between one shot's rest and the next strike (walking, chalking, aiming). */
  readonly min: number;
  readonly max: number;
}

export interface PlanningEffort {
  /** Pot candidates refined by simulation (aim correction, speed and spin for position). */
  readonly candidates: number;
  /** Speed and spin variants simulated per candidate. */
  readonly variants: number;
  /** Safety strokes simulated before choosing one. */
  readonly safeties: number;
}

export interface SimulationOptions {
  readonly situations: SituationRates;
  readonly pause: PauseRange;
  readonly planning: PlanningEffort;
  /** Physics overrides for the real strokes (planning always runs with balls kept on the table). */
  readonly physics?: Partial<PhysicsParams>;
  /** Scales the physics' chance of a ball leaving the table (1: the model as is). */
  readonly offTableScale: number;
  /** Chance that a due two-foul warning is actually given (G19; 1 in a refereed match). */
  readonly warningGiven: number;
}

export const QUIET_SITUATIONS: SituationRates = {
  scratch: 0, miss: 0, wrongBall: 0, noRail: 0, frozen: 0, hardShot: 0, simultaneous: 0,
  movingBalls: 0, disturbed: 0, disturbedFoul: 0, keyBallOnBreak: 0, pushOut: 0, threeFouls: 0,
};

/** A realistic club match: mistakes are rare, most fouls come from the physics itself. */
export const DEFAULT_SITUATIONS: SituationRates = {
  scratch: 0.01, miss: 0.03, wrongBall: 0.005, noRail: 0.005, frozen: 0.05, hardShot: 0.03, simultaneous: 0.002,
  movingBalls: 0.005, disturbed: 0.01, disturbedFoul: 0.5, keyBallOnBreak: 0, pushOut: 0.15, threeFouls: 0.002,
};

/** Every situation often: for testing the referee and event inference on the rare cases. */
export const STRESS_SITUATIONS: SituationRates = {
  scratch: 0.07, miss: 0.08, wrongBall: 0.06, noRail: 0.06, frozen: 0.3, hardShot: 0.1, simultaneous: 0.06,
  movingBalls: 0.06, disturbed: 0.06, disturbedFoul: 0.7, keyBallOnBreak: 0.6, pushOut: 0.7, threeFouls: 0.05,
};

export const DEFAULT_PAUSE: PauseRange = { min: 2, max: 6 };
/** Short pauses for demos and renderer tests. */
export const DEMO_PAUSE: PauseRange = { min: 1.2, max: 2 };

export const DEFAULT_PLANNING: PlanningEffort = { candidates: 2, variants: 6, safeties: 8 };
/** Fewer trial simulations: about twice as fast, slightly worse position play. */
export const FAST_PLANNING: PlanningEffort = { candidates: 1, variants: 4, safeties: 5 };

export const DEFAULT_OPTIONS: SimulationOptions = {
  situations: DEFAULT_SITUATIONS, pause: DEFAULT_PAUSE, planning: DEFAULT_PLANNING, offTableScale: 1, warningGiven: 1,
};

export const STRESS_OPTIONS: SimulationOptions = {
  ...DEFAULT_OPTIONS,
  situations: STRESS_SITUATIONS,
  // Livelier rails: balls start to leave the table from 3 m/s into a cushion (the model's default is 4.5).
  physics: { offTable: { minNormalSpeed: 3, fullNormalSpeed: 7, maxProbability: 0.3 } },
  offTableScale: 1.5,
};

export const PRESETS = { default: DEFAULT_OPTIONS, stress: STRESS_OPTIONS } as const;
export type PresetName = keyof typeof PRESETS;

/** Options from a preset with overrides (situation rates merge field by field). */
export function simulationOptions(preset: PresetName = 'default', over: Partial<Omit<SimulationOptions, 'situations'>> & { situations?: Partial<SituationRates> } = {}): SimulationOptions {
  const base = PRESETS[preset];
  return { ...base, ...over, situations: { ...base.situations, ...over.situations } };
}

export const aimSigmaRad = (p: PlayerProfile): number => ((p.aimSigmaDeg ?? 1.0 - 0.8 * clamp01(p.skill)) * Math.PI) / 180;
export const speedSigma = (p: PlayerProfile): number => p.speedSigma ?? 0.03 + 0.07 * (1 - clamp01(p.skill));
export const clamp01 = (v: number): number => Math.max(0, Math.min(1, v));
