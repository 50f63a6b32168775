// The match timeline for renderers: what the camera would see at any time t (seconds from the
// start of the recording), as plain data. `sceneAt(t)` gives:
//   balls   — every ball of the game: status 'bed' (on the cloth), 'in-hand' (held off the bed:
//             before racking, a cue ball in hand, a ball being carried: then `z` is its height
//             and the hand pose holds it), 'pocketed' (x, y: where it dropped) or 'off-table';
//             centre x, y, z (m, table frame of shared/contracts/EVENTS.md, z up from the bed),
//             velocity vx, vy (m/s), orientation q (unit quaternion, ball body → table frame,
//             continuous across shots), moving (rolling, sliding, spinning or carried).
//   cue     — the cue stick (cue-motion.ts): visible, tip contact point (x, y, z), horizontal
//             direction (radians, butt → tip) and unit dir, elevation (radians), bridge point,
//             phase ('settle', 'warmup', 'backswing', 'stroke', 'follow', 'lift', …).
//   hand    — a hand placing the cue ball, spotting a ball, racking, or nudging a ball: visible,
//             x, y, z (the held ball's centre, or the touched point), action, ball, and `from`
//             (unit vector from the person towards the hand).
//   shooter — who is at the table and where he stands (x, y just outside the rail, the side
//             'head' | 'foot' | 'left' | 'right', facing angle), for a body shadow; or null.
import type { BallId, Pocket } from '../../contract/ids.ts';
import type { Quaternion, ShotTrajectory } from '../physics/index.ts';
import { cuePoseAt, strokeTimes, type CueStickPose, type StrokeSpec, type StrokeTimes } from './cue-motion.ts';
import type { Point } from './geometry.ts';

export type BallStatus = 'bed' | 'in-hand' | 'pocketed' | 'off-table';

export interface SceneBall {
  readonly id: BallId;
  readonly status: BallStatus;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly vx: number;
  readonly vy: number;
  readonly q: Quaternion;
  readonly moving: boolean;
  readonly pocket: Pocket | null;
}

export type HandAction = 'place' | 'spot' | 'rack' | 'nudge';

export interface HandPose {
  readonly visible: boolean;
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly action: HandAction | null;
  readonly ball: BallId | null;
  readonly from: Point;
}

export type TableSide = 'head' | 'foot' | 'left' | 'right';

export interface ShooterPose {
  readonly player: string;
  readonly x: number;
  readonly y: number;
  readonly side: TableSide;
  readonly facing: number;
}

export interface Scene {
  readonly t: number;
  readonly balls: SceneBall[];
  readonly cue: CueStickPose;
  readonly hand: HandPose;
  readonly shooter: ShooterPose | null;
}

/** A ball's state from t0 until the next piece. */
export type BallPiece =
  | { readonly kind: 'rest'; readonly t0: number; readonly status: BallStatus; readonly x: number; readonly y: number; readonly q: Quaternion; readonly pocket: Pocket | null }
  | { readonly kind: 'shot'; readonly t0: number; readonly trajectory: ShotTrajectory }
  | {
      readonly kind: 'carry'; readonly t0: number; readonly t1: number; readonly from: Point; readonly to: Point;
      readonly lift: number; readonly q: Quaternion; readonly status: BallStatus; readonly endStatus: BallStatus;
    };

export interface HandPiece {
  readonly t0: number;
  readonly t1: number;
  readonly action: HandAction;
  readonly ball: BallId | null;
  /** Hand path: from → to during [t0 + reach, t1 − leave], lifted by `lift` at mid-way. */
  readonly from: Point;
  readonly to: Point;
  readonly lift: number;
  readonly reach: number;
  readonly leave: number;
  readonly towards: Point;
}

export interface ShooterPiece extends ShooterPose {
  readonly t0: number;
  readonly t1: number;
}

const REST_Q: Quaternion = { w: 1, x: 0, y: 0, z: 0 };
const smooth = (u: number): number => {
  const v = Math.max(0, Math.min(1, u));
  return v * v * (3 - 2 * v);
};

/** Index of the last item with t0 ≤ t, or −1. */
function lastAtOrBefore<T extends { readonly t0: number }>(list: readonly T[], t: number): number {
  let lo = 0;
  let hi = list.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.t0 <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

export class MatchTimeline {
  private readonly balls = new Map<BallId, BallPiece[]>();
  private readonly strokes: { spec: StrokeSpec; times: StrokeTimes; t0: number }[] = [];
  private readonly hands: HandPiece[] = [];
  private readonly shooters: ShooterPiece[] = [];
  /** The end of the recording (s). */
  duration = 0;

  constructor(readonly ballIds: readonly BallId[], readonly radius: number) {
    for (const id of ballIds) this.balls.set(id, []);
  }

  // ---- building (the match simulator appends in time order) ----

  addBall(id: BallId, piece: BallPiece): void {
    const list = this.balls.get(id);
    if (!list) throw new RangeError(`ball ${id} is not in this game`);
    const last = list[list.length - 1];
    if (last && piece.t0 < last.t0) throw new RangeError(`ball ${id}: piece at ${piece.t0} before ${last.t0}`);
    list.push(piece);
    if (piece.kind === 'carry') list.push({ kind: 'rest', t0: piece.t1, status: piece.endStatus, x: piece.to.x, y: piece.to.y, q: piece.q, pocket: null });
    this.duration = Math.max(this.duration, piece.t0);
  }

  addStroke(spec: StrokeSpec): StrokeTimes {
    const times = strokeTimes(spec);
    this.strokes.push({ spec, times, t0: spec.startT });
    this.duration = Math.max(this.duration, times.liftEnd);
    return times;
  }

  addHand(piece: HandPiece): void {
    this.hands.push(piece);
    this.hands.sort((a, b) => a.t0 - b.t0);
    this.duration = Math.max(this.duration, piece.t1);
  }

  addShooter(piece: ShooterPiece): void {
    this.shooters.push(piece);
    this.shooters.sort((a, b) => a.t0 - b.t0);
    this.duration = Math.max(this.duration, piece.t1);
  }

  /** The stroke animations, for tests and tools (strike times, cue ball, direction). */
  get strokeSpecs(): readonly StrokeSpec[] {
    return this.strokes.map((s) => s.spec);
  }

  // ---- reading ----

  sceneAt(t: number): Scene {
    return { t, balls: this.ballIds.map((id) => this.ballAt(id, t)), cue: this.cueAt(t), hand: this.handAt(t), shooter: this.shooterAt(t) };
  }

  ballAt(id: BallId, t: number): SceneBall {
    const list = this.balls.get(id) ?? [];
    const piece = list[lastAtOrBefore(list, t)];
    const R = this.radius;
    if (!piece) return { id, status: 'in-hand', x: 0, y: 0, z: R, vx: 0, vy: 0, q: REST_Q, moving: false, pocket: null };
    switch (piece.kind) {
      case 'rest':
        return { id, status: piece.status, x: piece.x, y: piece.y, z: R, vx: 0, vy: 0, q: piece.q, moving: false, pocket: piece.pocket };
      case 'carry': {
        const span = Math.max(piece.t1 - piece.t0, 1e-9);
        const u = smooth((t - piece.t0) / span);
        const du = 6 * ((t - piece.t0) / span) * (1 - (t - piece.t0) / span) / span;
        const x = piece.from.x + (piece.to.x - piece.from.x) * u;
        const y = piece.from.y + (piece.to.y - piece.from.y) * u;
        return {
          id, status: piece.status, x, y, z: R + piece.lift * Math.sin(Math.PI * u),
          vx: (piece.to.x - piece.from.x) * du, vy: (piece.to.y - piece.from.y) * du, q: piece.q, moving: true, pocket: null,
        };
      }
      case 'shot': {
        const s = piece.trajectory.stateAt(id, t);
        const status: BallStatus = s.state === 'pocketed' ? 'pocketed' : s.state === 'off-table' ? 'off-table' : 'bed';
        const seg = piece.trajectory.segments(id)[piece.trajectory.segmentIndexAt(id, t)]!;
        const moving = s.state === 'sliding' || s.state === 'rolling' || s.state === 'spinning';
        return { id, status, x: s.x, y: s.y, z: R, vx: s.vx, vy: s.vy, q: s.orientation, moving, pocket: seg.pocket };
      }
    }
  }

  cueAt(t: number): CueStickPose {
    const i = lastAtOrBefore(this.strokes, t);
    const stroke = this.strokes[i] ?? this.strokes[0];
    if (!stroke) return { visible: false, tip: { x: 0, y: 0, z: 0 }, direction: 0, dir: { x: 1, y: 0 }, elevation: 0, bridge: { x: 0, y: 0 }, phase: 'away' };
    return cuePoseAt(stroke.spec, stroke.times, t);
  }

  handAt(t: number): HandPose {
    const piece = this.hands[lastAtOrBefore(this.hands, t)];
    if (!piece || t > piece.t1) return { visible: false, x: 0, y: 0, z: 0, action: null, ball: null, from: { x: 0, y: 1 } };
    const moveStart = piece.t0 + piece.reach;
    const moveEnd = piece.t1 - piece.leave;
    const u = smooth((t - moveStart) / Math.max(moveEnd - moveStart, 1e-9));
    return {
      visible: true,
      x: piece.from.x + (piece.to.x - piece.from.x) * u,
      y: piece.from.y + (piece.to.y - piece.from.y) * u,
      z: this.radius + piece.lift * Math.sin(Math.PI * u),
      action: piece.action,
      ball: t >= moveStart && t <= moveEnd ? piece.ball : null,
      from: piece.towards,
    };
  }

  shooterAt(t: number): ShooterPose | null {
    const piece = this.shooters[lastAtOrBefore(this.shooters, t)];
    if (!piece || t > piece.t1) return null;
    return { player: piece.player, x: piece.x, y: piece.y, side: piece.side, facing: piece.facing };
  }
}
