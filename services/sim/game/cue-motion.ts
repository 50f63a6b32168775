// The cue stick's animation for one stroke, as a pure function of time. The player settles
// (the cue comes down from a raised carry to the address, 3 cm behind the cue ball), takes
// warm-up strokes along the aim line, a slower backswing, a short pause, accelerates forward
// so the tip meets the cue ball exactly at the strike time (at the contact point the physics
// used: offsets `side`, `height` of R), follows through 10 cm, holds, and lifts the cue away.
// `tip` is the tip's contact point in table metres (z up from the bed); the cue axis runs from
// the tip back and up to the butt at `elevation`.
import type { Point } from './geometry.ts';

export type CuePhase = 'away' | 'settle' | 'warmup' | 'backswing' | 'pause' | 'stroke' | 'follow' | 'hold' | 'lift';

export interface CueStickPose {
  readonly visible: boolean;
  /** Tip contact point (m, table frame; z above the bed). */
  readonly tip: { readonly x: number; readonly y: number; readonly z: number };
  /** Horizontal aim direction, butt → tip (radians from +x). */
  readonly direction: number;
  readonly dir: Point;
  /** Butt elevation above the horizontal (radians). */
  readonly elevation: number;
  /** Where the bridge hand rests (m). */
  readonly bridge: Point;
  readonly phase: CuePhase;
}

export interface StrokeSpec {
  /** When the player starts settling into the shot. */
  readonly startT: number;
  readonly strikeT: number;
  readonly cueBall: Point;
  readonly direction: number;
  readonly side: number;
  readonly height: number;
  /** Cue-ball speed after the strike (m/s). */
  readonly ballSpeed: number;
  readonly warmups: number;
  readonly radius: number;
}

export interface StrokeTimes {
  readonly settleEnd: number;
  readonly warmupEnd: number;
  readonly backEnd: number;
  readonly forwardStart: number;
  readonly followEnd: number;
  readonly holdEnd: number;
  readonly liftEnd: number;
  readonly warmupPeriod: number;
  readonly warmups: number;
  readonly backswing: number;
  readonly follow: number;
}

export const ADDRESS_GAP = 0.03;
export const FOLLOW_THROUGH = 0.1;
const ELEVATION = 0.09;
const RAISED = 0.5;
const WARMUP_AMPLITUDE = 0.1;
const BRIDGE_LENGTH = 0.22;

const smooth = (u: number): number => {
  const v = Math.max(0, Math.min(1, u));
  return v * v * (3 - 2 * v);
};

/** Cue (stick) speed for a cue-ball speed, tip restitution 0.75 and mass ratio 0.31. */
export const cueSpeedFor = (ballSpeed: number): number => ballSpeed / 1.3;

/** The time a relaxed player takes from settling to the strike (s). */
export function preparationTime(ballSpeed: number, warmups: number): number {
  return 0.8 + warmups * 0.65 + 0.45 + 0.12 + forwardDuration(ballSpeed);
}

function backswingFor(ballSpeed: number): number {
  return Math.min(0.32, 0.12 + 0.02 * ballSpeed);
}

function forwardDuration(ballSpeed: number): number {
  return Math.min(0.7, Math.max(0.05, (2 * backswingFor(ballSpeed)) / Math.max(cueSpeedFor(ballSpeed), 0.05)));
}

/** The phase boundaries of a stroke, compressed to fit the time before the strike. */
export function strokeTimes(spec: StrokeSpec): StrokeTimes {
  const backswing = backswingFor(spec.ballSpeed);
  const forward = forwardDuration(spec.ballSpeed);
  const fixed = forward + 0.12;
  const available = Math.max(0.2, spec.strikeT - spec.startT - fixed);
  let warmups = spec.warmups;
  let period = 0.65;
  let back = 0.45;
  let settle = 0.8;
  const need = (): number => settle + warmups * period + back;
  while (need() > available * 1.6 && warmups > 2) warmups -= 1;
  if (need() > available) {
    const k = available / need();
    settle *= k;
    period *= k;
    back *= k;
  }
  const spare = available - need();
  settle += spare;
  const forwardStart = spec.strikeT - forward;
  const backEnd = forwardStart - 0.12;
  const warmupEnd = backEnd - back;
  const settleEnd = warmupEnd - warmups * period;
  const follow = Math.min(0.6, Math.max(0.06, (2 * FOLLOW_THROUGH) / (0.8 * Math.min(spec.ballSpeed, cueSpeedFor(spec.ballSpeed)) + 1e-6)));
  const followEnd = spec.strikeT + follow;
  const holdEnd = followEnd + 0.35;
  return { settleEnd, warmupEnd, backEnd, forwardStart, followEnd, holdEnd, liftEnd: holdEnd + 0.7, warmupPeriod: period, warmups, backswing, follow };
}

/** Distance of the tip behind the contact point along the cue (negative: past it) and the elevation. */
function travel(spec: StrokeSpec, k: StrokeTimes, t: number): { s: number; elevation: number; phase: CuePhase } {
  if (t < spec.startT || t > k.liftEnd) return { s: 0.6, elevation: RAISED, phase: 'away' };
  if (t < k.settleEnd) {
    const u = smooth((t - spec.startT) / Math.max(k.settleEnd - spec.startT, 1e-6));
    return { s: 0.45 + (ADDRESS_GAP - 0.45) * u, elevation: RAISED + (ELEVATION - RAISED) * u, phase: 'settle' };
  }
  if (t < k.warmupEnd) {
    const tau = (t - k.settleEnd) % k.warmupPeriod;
    return { s: ADDRESS_GAP + (WARMUP_AMPLITUDE / 2) * (1 - Math.cos((2 * Math.PI * tau) / k.warmupPeriod)), elevation: ELEVATION, phase: 'warmup' };
  }
  if (t < k.backEnd) {
    const u = smooth((t - k.warmupEnd) / Math.max(k.backEnd - k.warmupEnd, 1e-6));
    return { s: ADDRESS_GAP + (k.backswing - ADDRESS_GAP) * u, elevation: ELEVATION, phase: 'backswing' };
  }
  if (t < k.forwardStart) return { s: k.backswing, elevation: ELEVATION, phase: 'pause' };
  if (t < spec.strikeT) {
    const u = (t - k.forwardStart) / (spec.strikeT - k.forwardStart);
    return { s: k.backswing * (1 - u * u), elevation: ELEVATION, phase: 'stroke' };
  }
  if (t < k.followEnd) {
    const u = (t - spec.strikeT) / k.follow;
    return { s: -FOLLOW_THROUGH * (1 - (1 - u) * (1 - u)), elevation: ELEVATION, phase: 'follow' };
  }
  if (t < k.holdEnd) return { s: -FOLLOW_THROUGH, elevation: ELEVATION, phase: 'hold' };
  const u = smooth((t - k.holdEnd) / (k.liftEnd - k.holdEnd));
  return { s: -FOLLOW_THROUGH + (0.4 + FOLLOW_THROUGH) * u, elevation: ELEVATION + (RAISED - ELEVATION) * u, phase: 'lift' };
}

/** The tip's contact point on the cue ball at the strike (3-D). */
export function contactPoint(spec: StrokeSpec): { x: number; y: number; z: number } {
  const R = spec.radius;
  const dx = Math.cos(spec.direction);
  const dy = Math.sin(spec.direction);
  const c = Math.sqrt(Math.max(0, 1 - spec.side * spec.side - spec.height * spec.height));
  // Shooter's right r = d × ẑ = (dy, −dx).
  return {
    x: spec.cueBall.x + R * (-c * dx + spec.side * dy),
    y: spec.cueBall.y + R * (-c * dy - spec.side * dx),
    z: R + R * spec.height,
  };
}

export function cuePoseAt(spec: StrokeSpec, k: StrokeTimes, t: number): CueStickPose {
  const { s, elevation, phase } = travel(spec, k, t);
  const contact = contactPoint(spec);
  const dx = Math.cos(spec.direction);
  const dy = Math.sin(spec.direction);
  const back = Math.cos(elevation);
  const tip = { x: contact.x - s * back * dx, y: contact.y - s * back * dy, z: contact.z + s * Math.sin(elevation) };
  const bridge = { x: contact.x - (BRIDGE_LENGTH + ADDRESS_GAP) * dx, y: contact.y - (BRIDGE_LENGTH + ADDRESS_GAP) * dy };
  return { visible: phase !== 'away', tip, direction: spec.direction, dir: { x: dx, y: dy }, elevation, bridge, phase };
}
