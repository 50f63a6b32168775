// A ball that rested and then left the bed (pocketed, off the table) was hit by something. When
// none of its changes found a hitter (it dropped within a frame or two of the hit, too soon for
// a path of its own, or the hitter's kink went to a cushion it touched at the same time), the
// hitter is the moving ball whose path first came to two radii of where it rested.
import type { BallId } from '../contract/ids.ts';
import type { ShotEvent } from '../contract/log.ts';
import type { CauseOptions } from './causes.ts';
import { positionBefore, velocityBefore, type BallModel } from './model.ts';
import type { Sample } from './series.ts';
import { restNear } from './shot-models.ts';
import { dot, len, sub, type Vec } from './vec.ts';
import type { Vanishing } from './vanish.ts';

/** Where a vanished ball rested before it was hit, and the latest time the hit can have been. */
function restBeforeHit(v: Vanishing, model: BallModel | undefined, samples: readonly Sample[], frame: number): { at: Vec; latest: number } | null {
  if (model) return model.rest && model.onset !== null ? { at: model.rest, latest: model.onset + frame } : null;
  // No motion seen at all: it rested until it vanished.
  const rest = restNear(samples, v.lastSeen.t - 0.35, v.lastSeen.t);
  return rest ? { at: rest, latest: v.lastSeen.t + 2 * frame } : null;
}

export function hitsOfVanished(
  models: ReadonlyMap<BallId, BallModel>, series: ReadonlyMap<BallId, { samples: Sample[] }>, vanished: readonly Vanishing[],
  events: readonly ShotEvent[], from: number, R: number, o: CauseOptions,
): ShotEvent[] {
  const out: ShotEvent[] = [];
  for (const v of vanished) {
    const id = v.ball;
    if (id === 0 || events.some((e) => e.type === 'contact' && (e.a === id || e.b === id))) continue;
    const rest = restBeforeHit(v, models.get(id), series.get(id)?.samples ?? [], o.frameTime);
    if (!rest) continue;
    let best: { t: number; by: BallId } | null = null;
    for (const m of models.values()) {
      if (m.id === id || m.onset === null) continue;
      const lo = Math.max(from, m.onset);
      const step = o.frameTime / 8;
      for (let t = lo; t <= rest.latest && (!best || t < best.t); t += step) {
        const p = positionBefore(m, t);
        const v0 = velocityBefore(m, t);
        const tol = o.ballTolerance + o.speedSlack * len(v0) * o.frameTime;
        if (len(sub(p, rest.at)) - 2 * R > tol) continue;
        // Moving towards it, or the hit is already behind it.
        if (dot(v0, sub(rest.at, p)) <= 0 && t > lo) break;
        // Timed where the path reaches two radii (or passes closest), not where it first comes within tolerance.
        // Along its path into the hit: its next change (this hit, or a cushion just after) ignored.
        const until = m.changes.find((c) => c.t > t - o.frameTime)?.t ?? Infinity;
        const gap = (s: number): number => len(sub(positionBefore(m, s, until), rest.at)) - 2 * R;
        let at = t;
        while (at + step <= rest.latest + o.frameTime && gap(at) > 0 && gap(at + step) < gap(at)) at += step;
        best = { t: at, by: m.id };
        break;
      }
    }
    if (!best) continue;
    const [a, b] = best.by === 0 ? [0 as BallId, id] : [Math.min(best.by, id) as BallId, Math.max(best.by, id) as BallId];
    out.push({ t: best.t, type: 'contact', a, b });
  }
  return out;
}

/** A ball leaves the bed after its last contact (a ball hit in the jaws drops after the hit, not before). */
export function afterLastContact(vanished: readonly Vanishing[], events: readonly ShotEvent[]): void {
  for (const v of vanished) {
    const hit = Math.max(...events.filter((e) => e.type === 'contact' && (e.a === v.ball || e.b === v.ball)).map((e) => e.t));
    for (const e of v.events) if (e.t < hit) e.t = hit;
  }
}
