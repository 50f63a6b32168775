// The event-based shot simulator. Every ball moves in closed form between events; the
// simulator keeps, for each ball, the time of its next own event (state change, cushion,
// jaw, pocket, head-string crossing) and, for each pair, the time of their next contact,
// each computed exactly as a polynomial root. It repeatedly takes the earliest event,
// resolves it, and recomputes only the times that involve the balls it changed.
import type { BallId, Cushion, Pocket, TableSize } from '../../contract/ids.ts';
import type { BallPosition, ShotEvent } from '../../contract/log.ts';
import { resolveBallBall, resolveBallCushion } from './collisions.ts';
import { strikeBall, strikeTarget, type CueStrike } from './cue.ts';
import { ballBallContactTime, firstTableContact, lineCrossingTime } from './event-times.ts';
import { layoutProblems } from './layout.ts';
import {
  kinematicsAt, kinematicsAtNaturalEnd, removedSegment, startSegment,
  type BallKinematics, type MotionSegment, type MotionState,
} from './motion.ts';
import { physicsParams, type PhysicsParams } from './params.ts';
import type { Quaternion } from './quaternion.ts';
import { mulberry32, type Rng } from './rng.ts';
import { standardTable, type TableGeometry } from '../../table/geometry.ts';
import { ShotTrajectory } from './trajectory.ts';

export interface BallInput {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
  /** Optional motion at the start (a ball still rolling when the shot begins). */
  readonly vx?: number;
  readonly vy?: number;
  readonly wx?: number;
  readonly wy?: number;
  readonly wz?: number;
  /** Orientation at the start (default identity), for continuity between shots. */
  readonly orientation?: Quaternion;
}

export interface SimulateShotInput {
  readonly table: TableGeometry | TableSize;
  readonly balls: readonly BallInput[];
  readonly strike?: CueStrike;
  readonly params?: Partial<PhysicsParams>;
  /** Source of randomness (balls jumping off the table). Default: mulberry32(0). */
  readonly rng?: Rng;
  /** Time of the strike (s); all output times are absolute. Default 0. */
  readonly startTime?: number;
  /** Safety limits; when hit, moving balls are stopped where they are and `truncated` is set. */
  readonly maxEvents?: number;
  readonly maxDuration?: number;
}

/** A physics-level event, finer than the contract's ShotEvent (for debugging and renderers). */
export type PhysicsEvent =
  | { readonly t: number; readonly kind: 'strike'; readonly ball: BallId }
  | { readonly t: number; readonly kind: 'ball-ball'; readonly a: BallId; readonly b: BallId; readonly approachSpeed: number }
  | {
      readonly t: number; readonly kind: 'ball-cushion'; readonly ball: BallId; readonly cushion: Cushion;
      readonly part: 'nose' | 'jaw' | 'jaw-tip'; readonly pocket: Pocket | null; readonly normalSpeed: number;
    }
  | { readonly t: number; readonly kind: 'pocket'; readonly ball: BallId; readonly pocket: Pocket }
  | { readonly t: number; readonly kind: 'off-table'; readonly ball: BallId }
  | { readonly t: number; readonly kind: 'head-string'; readonly ball: BallId }
  | { readonly t: number; readonly kind: 'state-change'; readonly ball: BallId; readonly from: MotionState; readonly to: MotionState };

export interface ShotSimulation {
  /** The contract's events, in time order. */
  readonly events: ShotEvent[];
  readonly physicsEvents: PhysicsEvent[];
  readonly trajectory: ShotTrajectory;
  /** Balls at rest on the bed at the end. */
  readonly finalBalls: BallPosition[];
  readonly pocketed: { readonly ball: BallId; readonly pocket: Pocket; readonly t: number }[];
  readonly offTable: { readonly ball: BallId; readonly t: number }[];
  /** When the last ball came to rest (or left the bed). */
  readonly restTime: number;
  /** True if a safety limit stopped the simulation early. */
  readonly truncated: boolean;
}

type BallEventKind = 'transition' | 'line' | 'tip' | 'pocket' | 'cross';

interface BallRun {
  readonly id: BallId;
  readonly segments: MotionSegment[];
  naturalEnd: number;
  nextTime: number;
  nextKind: BallEventKind;
  nextIndex: number;
  headStringSide: 1 | -1;
}

const HEAD_STRING_BALL: BallId = 0;
/** Repeated contacts of the same pair (or ball and cushion) closer than this are reported once. */
const REPORT_MERGE_WINDOW = 1e-6;

const current = (run: BallRun): MotionSegment => run.segments[run.segments.length - 1]!;
const isRemoved = (run: BallRun): boolean => {
  const state = current(run).state;
  return state === 'pocketed' || state === 'off-table';
};

export function simulateShot(input: SimulateShotInput): ShotSimulation {
  const table = typeof input.table === 'string' ? standardTable(input.table) : input.table;
  const params = physicsParams(input.params);
  const rng = input.rng ?? mulberry32(0);
  const startTime = input.startTime ?? 0;
  const maxEvents = input.maxEvents ?? 50_000;
  const maxDuration = input.maxDuration ?? 600;
  const problems = layoutProblems(table, input.balls);
  if (problems.length > 0) throw new RangeError(`invalid layout: ${problems.join('; ')}`);

  const events: ShotEvent[] = [];
  const physicsEvents: PhysicsEvent[] = [];
  const pocketed: { ball: BallId; pocket: Pocket; t: number }[] = [];
  const offTable: { ball: BallId; t: number }[] = [];
  const lastReported = new Map<string, number>();
  const reportOnce = (key: string, t: number): boolean => {
    const last = lastReported.get(key);
    lastReported.set(key, t);
    return last === undefined || t - last > REPORT_MERGE_WINDOW;
  };

  const struck = input.strike ? strikeTarget(input.strike) : null;
  if (struck !== null && !input.balls.some((b) => b.id === struck)) throw new RangeError(`struck ball ${struck} is not on the table`);
  const runs: BallRun[] = [...input.balls].sort((a, b) => a.id - b.id).map((ball) => {
    let k: BallKinematics = { x: ball.x, y: ball.y, vx: ball.vx ?? 0, vy: ball.vy ?? 0, wx: ball.wx ?? 0, wy: ball.wy ?? 0, wz: ball.wz ?? 0 };
    if (input.strike && ball.id === struck) k = strikeBall(k, input.strike, params);
    const plan = startSegment(ball.id, startTime, k, params);
    return {
      id: ball.id, segments: [plan.segment], naturalEnd: plan.naturalEnd,
      nextTime: Infinity, nextKind: 'transition', nextIndex: 0,
      headStringSide: ball.x >= table.headStringX ? 1 : -1,
    };
  });
  if (input.strike && struck !== null) {
    events.push({ t: startTime, type: 'strike' });
    physicsEvents.push({ t: startTime, kind: 'strike', ball: struck });
  }

  const n = runs.length;
  const pairTimes = new Float64Array(n * n).fill(Infinity);
  let now = startTime;

  const refreshBall = (run: BallRun): void => {
    run.nextTime = run.naturalEnd;
    run.nextKind = 'transition';
    run.nextIndex = 0;
    if (isRemoved(run)) {
      run.nextTime = Infinity;
      return;
    }
    const segment = current(run);
    const horizon = run.naturalEnd - now;
    const contact = firstTableContact(segment, now, horizon, table);
    if (contact && now + contact.s < run.nextTime) {
      run.nextTime = now + contact.s;
      run.nextKind = contact.kind;
      run.nextIndex = contact.index;
    }
    if (run.id === HEAD_STRING_BALL) {
      const s = lineCrossingTime(segment, now, Math.min(horizon, run.nextTime - now), table.headStringX, run.headStringSide);
      if (now + s < run.nextTime) {
        run.nextTime = now + s;
        run.nextKind = 'cross';
      }
    }
  };
  const refreshPair = (i: number, j: number): void => {
    const a = runs[i]!;
    const b = runs[j]!;
    const key = i < j ? i * n + j : j * n + i;
    if (isRemoved(a) || isRemoved(b)) {
      pairTimes[key] = Infinity;
      return;
    }
    const horizon = Math.min(a.naturalEnd, b.naturalEnd) - now;
    pairTimes[key] = now + ballBallContactTime(current(a), current(b), now, horizon, params.ballRadius);
  };
  const refreshAround = (i: number): void => {
    refreshBall(runs[i]!);
    for (let j = 0; j < n; j++) if (j !== i) refreshPair(i, j);
  };
  /** Ends the ball's current segment now and starts the next from k (or a removed state). */
  const replaceSegment = (run: BallRun, next: BallKinematics | MotionSegment): void => {
    const previous = current(run);
    run.segments[run.segments.length - 1] = { ...previous, t1: now };
    if ('state' in next) {
      run.segments.push(next);
      run.naturalEnd = Infinity;
    } else {
      const plan = startSegment(run.id, now, next, params);
      run.segments.push(plan.segment);
      run.naturalEnd = plan.naturalEnd;
    }
    const to = current(run).state;
    if (to !== previous.state) physicsEvents.push({ t: now, kind: 'state-change', ball: run.id, from: previous.state, to });
  };

  runs.forEach((_, i) => refreshBall(runs[i]!));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) refreshPair(i, j);

  let eventCount = 0;
  let truncated = false;
  for (;;) {
    let bestTime = Infinity;
    let bestBall = -1;
    let bestPair = -1;
    for (let i = 0; i < n; i++) {
      const t = runs[i]!.nextTime;
      if (t < bestTime) {
        bestTime = t;
        bestBall = i;
      }
    }
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const t = pairTimes[i * n + j]!;
        if (t < bestTime) {
          bestTime = t;
          bestBall = -1;
          bestPair = i * n + j;
        }
      }
    }
    if (bestTime === Infinity) break;
    if (++eventCount > maxEvents || bestTime > startTime + maxDuration) {
      truncated = true;
      break;
    }
    now = Math.max(now, bestTime);

    if (bestBall < 0) {
      const i = Math.floor(bestPair / n);
      const j = bestPair % n;
      const a = runs[i]!;
      const b = runs[j]!;
      const outcome = resolveBallBall(kinematicsAt(current(a), now), kinematicsAt(current(b), now), params);
      replaceSegment(a, outcome.a);
      replaceSegment(b, outcome.b);
      physicsEvents.push({ t: now, kind: 'ball-ball', a: a.id, b: b.id, approachSpeed: outcome.approachSpeed });
      if (reportOnce(`pair:${a.id}:${b.id}`, now)) events.push({ t: now, type: 'contact', a: a.id, b: b.id });
      refreshAround(i);
      refreshAround(j);
      continue;
    }

    const i = bestBall;
    const run = runs[i]!;
    const segment = current(run);
    switch (run.nextKind) {
      case 'transition':
        replaceSegment(run, kinematicsAtNaturalEnd(segment, now, params));
        break;
      case 'cross':
        run.headStringSide = run.headStringSide === 1 ? -1 : 1;
        physicsEvents.push({ t: now, kind: 'head-string', ball: run.id });
        events.push({ t: now, type: 'cross', ball: run.id, line: 'head-string' });
        break;
      case 'pocket': {
        const pocket = table.pockets[run.nextIndex]!;
        replaceSegment(run, removedSegment(run.id, now, kinematicsAt(segment, now), 'pocketed', pocket.pocket));
        pocketed.push({ ball: run.id, pocket: pocket.pocket, t: now });
        physicsEvents.push({ t: now, kind: 'pocket', ball: run.id, pocket: pocket.pocket });
        events.push({ t: now, type: 'pocket', ball: run.id, pocket: pocket.pocket });
        break;
      }
      case 'line':
      case 'tip': {
        const k = kinematicsAt(segment, now);
        let cushion: Cushion;
        let normal: { x: number; y: number };
        let part: 'nose' | 'jaw' | 'jaw-tip';
        let pocket: Pocket | null;
        if (run.nextKind === 'line') {
          const line = table.lines[run.nextIndex]!;
          ({ cushion, normal, part, pocket } = line);
        } else {
          const tip = table.tips[run.nextIndex]!;
          const dx = k.x - tip.centre.x;
          const dy = k.y - tip.centre.y;
          const distance = Math.hypot(dx, dy);
          normal = { x: dx / distance, y: dy / distance };
          cushion = tip.cushion;
          part = 'jaw-tip';
          pocket = tip.pocket;
        }
        const outcome = resolveBallCushion(k, normal, params);
        physicsEvents.push({ t: now, kind: 'ball-cushion', ball: run.id, cushion, part, pocket, normalSpeed: outcome.normalSpeed });
        if (reportOnce(`cushion:${run.id}:${cushion}`, now)) events.push({ t: now, type: 'cushion', ball: run.id, cushion });
        if (jumpsOffTable(outcome.normalSpeed, params, rng)) {
          replaceSegment(run, removedSegment(run.id, now, k, 'off-table', null));
          offTable.push({ ball: run.id, t: now });
          physicsEvents.push({ t: now, kind: 'off-table', ball: run.id });
          events.push({ t: now, type: 'off-table', ball: run.id });
        } else {
          replaceSegment(run, outcome.ball);
        }
        break;
      }
    }
    if (run.nextKind === 'cross') refreshBall(run);
    else refreshAround(i);
  }

  if (truncated) {
    for (const run of runs) {
      const state = current(run).state;
      if (state === 'sliding' || state === 'rolling' || state === 'spinning') {
        const k = kinematicsAt(current(run), now);
        replaceSegment(run, { ...k, vx: 0, vy: 0, wx: 0, wy: 0, wz: 0 });
      }
    }
  }

  const segmentsByBall = new Map<BallId, readonly MotionSegment[]>(runs.map((run) => [run.id, run.segments]));
  const orientations = new Map<BallId, Quaternion>();
  for (const ball of input.balls) if (ball.orientation) orientations.set(ball.id, ball.orientation);
  const finalBalls: BallPosition[] = runs
    .filter((run) => !isRemoved(run))
    .map((run) => ({ id: run.id, x: current(run).start.x, y: current(run).start.y }));
  return {
    events, physicsEvents, trajectory: new ShotTrajectory(segmentsByBall, orientations),
    finalBalls, pocketed, offTable, restTime: now, truncated,
  };
}

function jumpsOffTable(normalSpeed: number, p: PhysicsParams, rng: Rng): boolean {
  const model = p.offTable;
  if (!model || !(normalSpeed > model.minNormalSpeed)) return false;
  const span = model.fullNormalSpeed - model.minNormalSpeed;
  const ramp = span > 0 ? Math.min(1, (normalSpeed - model.minNormalSpeed) / span) : 1;
  return rng() < model.maxProbability * ramp;
}
