// Scoring detections against rendered truth: greedy nearest matching in the table frame,
// recall over balls not hidden, precision over all detections (a detection of a mostly hidden
// ball is not a false one), centre errors on resting balls in mm and image pixels.
import { BALL_RADIUS } from '../../services/table/spec.ts';
import type { BallTruth, SceneBall } from '../../services/sim/render/scene.ts';

export interface DetectedPoint {
  x: number;
  y: number;
  u: number;
  v: number;
}

export interface FrameScore {
  /** Balls in the image and not hidden (occluded < 50 %). */
  visible: number;
  found: number;
  detections: number;
  /** Detections matched to some ball (visible or hidden). */
  correct: number;
  /** Table-frame centre errors (mm) of matched resting visible balls. */
  restingErrorsMm: number[];
  /** Image centre errors (px) of the same. */
  restingErrorsPx: number[];
  /** Ids of visible balls not found. */
  missed: number[];
  /** Unmatched detections. */
  falsePositives: DetectedPoint[];
}

/** Exposure-time travel (m) of a scene ball. */
export function travelOf(b: SceneBall, exposure: number): number {
  return b.v ? Math.hypot(b.v.x, b.v.y) * exposure : 0;
}

/**
 * Greedy nearest matching of true balls and detections in the table frame: pairs closer than
 * the true ball's gate (m; negative: never matched), closest first, each side used once.
 * Returns true index → detection index, and the detections used.
 */
export function matchNearest<T extends { x: number; y: number }>(truth: readonly T[], dets: readonly { x: number; y: number }[], gate: (b: T, index: number) => number): { tUsed: Map<number, number>; dUsed: Set<number> } {
  const pairs: { t: number; d: number; dist: number }[] = [];
  truth.forEach((b, ti) => {
    const g = gate(b, ti);
    dets.forEach((d, di) => {
      const dist = Math.hypot(d.x - b.x, d.y - b.y);
      if (dist < g) pairs.push({ t: ti, d: di, dist });
    });
  });
  pairs.sort((a, b) => a.dist - b.dist);
  const tUsed = new Map<number, number>();
  const dUsed = new Set<number>();
  for (const p of pairs) {
    if (tUsed.has(p.t) || dUsed.has(p.d)) continue;
    tUsed.set(p.t, p.d);
    dUsed.add(p.d);
  }
  return { tUsed, dUsed };
}

export function scoreFrame(truth: readonly BallTruth[], scene: readonly SceneBall[], dets: readonly DetectedPoint[], exposure: number): FrameScore {
  const { tUsed, dUsed } = matchNearest(truth, dets, (b) => (b.inImage ? BALL_RADIUS + travelOf(scene.find((s) => s.id === b.id)!, exposure) / 2 : -1));
  const s: FrameScore = { visible: 0, found: 0, detections: dets.length, correct: dUsed.size, restingErrorsMm: [], restingErrorsPx: [], missed: [], falsePositives: [] };
  truth.forEach((b, ti) => {
    if (!b.inImage || b.occluded) return;
    s.visible++;
    const di = tUsed.get(ti);
    if (di === undefined) {
      s.missed.push(b.id);
      return;
    }
    s.found++;
    const sb = scene.find((x) => x.id === b.id)!;
    if (travelOf(sb, exposure) === 0) {
      const d = dets[di]!;
      s.restingErrorsMm.push(1000 * Math.hypot(d.x - b.x, d.y - b.y));
      s.restingErrorsPx.push(Math.hypot(d.u - b.u, d.v - b.v));
    }
  });
  dets.forEach((d, di) => {
    if (!dUsed.has(di)) s.falsePositives.push(d);
  });
  return s;
}
