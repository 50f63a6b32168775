// A hitter's path into a collision, read several ways: its model up to its own kink at the
// collision, a fresh fit of its samples just before, a close look at its samples around a
// graze; and any of these folded back at a cushion it would otherwise pass through (a cushion
// and a collision within one frame interval show as one kink).
import type { TableGeometry } from '../table/geometry.ts';
import { nearestCushion } from './cushion-touch.ts';
import { evalQ, fitQuadratic, velQ } from './legs.ts';
import { positionBefore, velocityBefore, type BallModel, type Change } from './model.ts';
import type { Sample } from './series.ts';
import { dot, sub, type Vec } from './vec.ts';

export interface Path {
  pos: (t: number) => Vec;
  vel: (t: number) => Vec;
  /** The path is known from this time on. */
  from: number;
  /** The hitter's velocity change at this collision, when its path shows it. */
  kick: Vec | null;
  /** The hitter's samples, for a closer look at a graze. */
  samples: readonly Sample[];
}

/**
 * The hitter's own change at a collision it caused: its kink nearest to `t` (within two frames)
 * that took velocity away towards `target`. Its path before that kink is its path into the hit.
 */
function hitterKink(other: BallModel, target: Vec, t: number, frame: number): Change | null {
  let best: Change | null = null;
  for (const k of other.changes) {
    if (k.kind !== 'kink' || Math.abs(k.t - t) > 2 * frame) continue;
    if (dot(sub(k.after, k.before), sub(target, k.at)) >= 0) continue;
    if (!best || Math.abs(k.t - t) < Math.abs(best.t - t)) best = k;
  }
  return best;
}

/** The hitter's model path, with its kink at this collision (if it shows one) ignored. */
export function modelPath(other: BallModel, c: Change, frame: number): Path {
  const kink = hitterKink(other, c.at, c.t, frame);
  const until = kink ? kink.t : Infinity;
  return {
    pos: (s) => positionBefore(other, s, until), vel: (s) => velocityBefore(other, s, until), from: -Infinity, kick: kink ? sub(kink.after, kink.before) : null, samples: other.samples,
  };
}

/**
 * A free-ball path fitted afresh to the hitter's samples shortly before `cut` (after its last
 * change well before it): a collision too close to another change for a leg of its own.
 */
export function freshPath(other: BallModel, cut: number, window: number, frame: number, maxAccel: number): Path | null {
  if (other.onset === null || other.onset > cut - 2 * frame) return null;
  let start = Math.max(other.onset, cut - window);
  for (const k of other.changes) if (k.t < cut - 1.5 * frame && k.t > start) start = k.t;
  const pts = other.samples.filter((p) => p.t > start && p.t <= cut);
  if (pts.length < 3) return null;
  const q = fitQuadratic(pts, maxAccel);
  return { pos: (s) => evalQ(q, s), vel: (s) => velQ(q, s), from: pts[0]!.t, kick: null, samples: other.samples };
}

/** The hitter's path fitted to its samples within `window` of t alone (a graze seen up close). */
export function closeLook(path: Path, t: number, window: number, maxAccel: number): Path | null {
  const pts = path.samples.filter((p) => Math.abs(p.t - t) <= window);
  if (pts.length < 5) return null;
  const q = fitQuadratic(pts, maxAccel);
  return { pos: (s) => evalQ(q, s), vel: (s) => velQ(q, s), from: pts[0]!.t, kick: path.kick, samples: path.samples };
}

/** Ratio of a ball's speed across a cushion after and before touching it (about 0.73 to 0.80). */
export const CUSHION_REBOUND = 0.78;

/**
 * The path with whatever lies beyond a cushion face folded back into the table, its speed
 * across the face scaled by `rebound`: CUSHION_REBOUND continues a path in to its way out,
 * 1 / CUSHION_REBOUND traces a path out back to its way in.
 */
export function unfolded(path: Path, table: TableGeometry, rebound: number): Path {
  const R = table.ballRadius;
  const fold = (s: number): { p: Vec; v: Vec } => {
    const p = path.pos(s);
    const v = path.vel(s);
    const near = nearestCushion(table, p);
    if (near.distance >= R) return { p, v };
    const n = near.normal;
    const depth = R - near.distance;
    const vn = dot(v, n);
    const back = (1 + rebound) * depth;
    return { p: { x: p.x + back * n.x, y: p.y + back * n.y }, v: { x: v.x - (1 + rebound) * vn * n.x, y: v.y - (1 + rebound) * vn * n.y } };
  };
  return { ...path, pos: (s) => fold(s).p, vel: (s) => fold(s).v };
}
