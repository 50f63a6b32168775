// Balls that leave the bed during a shot: pocketed (which pocket) or off the table. A ball that
// disappears and comes back where it was was only hidden (by an arm, a hand, the cue).
import type { BallId, Cushion, Pocket } from '../contract/ids.ts';
import { nearestCushion } from './cushion-touch.ts';
import type { ShotEvent } from '../contract/log.ts';
import type { TableGeometry } from '../sim/physics/table-geometry.ts';
import { fitLine, type Sample } from './series.ts';

/** A ball back within this distance (m) of where it vanished was hidden, not gone. */
export const HIDDEN_RADIUS = 0.05;

export interface Vanishing {
  ball: BallId;
  lastSeen: Sample;
  /** The pocket event, or the off-table event (after the cushion it went over). */
  events: ShotEvent[];
}

/** The cushion the extrapolated straight path reaches within 0.3 s, and when. */
function cushionAhead(table: TableGeometry, recent: readonly Sample[]): { cushion: Cushion; t: number } | null {
  const last = recent[recent.length - 1]!;
  const fit = recent.length >= 2 ? fitLine(recent, last.t) : null;
  if (!fit) return null;
  for (let k = 0; k <= 60; k++) {
    const t = last.t + 0.005 * k;
    const p = { x: last.x + fit.vx * (t - last.t), y: last.y + fit.vy * (t - last.t) };
    const near = nearestCushion(table, p);
    if (near.distance <= table.ballRadius) return { cushion: near.cushion, t };
  }
  return null;
}

function pocketFor(table: TableGeometry, recent: readonly Sample[]): { pocket: Pocket; t: number } | null {
  const last = recent[recent.length - 1]!;
  const fit = recent.length >= 2 ? fitLine(recent, last.t) : null;
  const vx = fit?.vx ?? 0;
  const vy = fit?.vy ?? 0;
  let best: { pocket: Pocket; t: number; miss: number } | null = null;
  for (const p of table.pockets) {
    // Closest approach of the extrapolated straight path (up to 0.6 s ahead) to the capture circle.
    let tBest = last.t;
    let dBest = Infinity;
    let tEnter: number | null = null;
    for (let k = 0; k <= 60; k++) {
      const dt = 0.01 * k;
      const x = last.x + vx * dt;
      const y = last.y + vy * dt;
      const d = Math.hypot(x - p.captureCentre.x, y - p.captureCentre.y);
      if (d < dBest) { dBest = d; tBest = last.t + dt; }
      if (tEnter === null && d <= p.captureRadius) tEnter = last.t + dt;
    }
    const miss = Math.max(0, dBest - p.captureRadius);
    const nearMouth = Math.hypot(last.x - p.mouthCentre.x, last.y - p.mouthCentre.y) < 0.12;
    if (miss > 0.03 && !nearMouth) continue;
    const score = nearMouth ? Math.min(miss, 0.01) : miss;
    if (!best || score < best.miss) best = { pocket: p.pocket, t: tEnter ?? tBest, miss: score };
  }
  return best ? { pocket: best.pocket, t: best.t } : null;
}

/**
 * For each ball last seen during [from, to] and not seen again near that place before `until`:
 * a pocket event (the extrapolated path enters a pocket) or an off-table event. A ball seen in
 * the last frame of the recording (`recordingEnd`) has not vanished.
 */
export function findVanishings(
  series: Map<BallId, { samples: Sample[] }>, table: TableGeometry, from: number, to: number, until: number, recordingEnd = Infinity,
): Vanishing[] {
  const out: Vanishing[] = [];
  for (const [id, s] of series) {
    const samples = s.samples;
    // The last sample in the shot window after which the ball is unseen for a while.
    let lastIdx = -1;
    for (let k = 0; k < samples.length; k++) {
      const p = samples[k]!;
      if (p.t < from || p.t > to) continue;
      const next = samples[k + 1];
      if (!next || next.t > to) { lastIdx = k; break; }
    }
    if (lastIdx < 0) continue;
    const last = samples[lastIdx]!;
    if (last.t >= recordingEnd - 1e-9) continue; // seen until the recording ends
    const back = samples.slice(lastIdx + 1).find((p) => p.t <= until);
    if (back && back.t - last.t < 0.25) continue; // still seen: it did not leave
    if (back && Math.hypot(back.x - last.x, back.y - last.y) < HIDDEN_RADIUS) continue; // hidden, back in place
    const recent = samples.slice(Math.max(0, lastIdx - 3), lastIdx + 1).filter((p) => last.t - p.t < 0.2);
    const pocket = pocketFor(table, recent);
    if (pocket) {
      out.push({ ball: id, lastSeen: last, events: [{ t: pocket.t, type: 'pocket', ball: id, pocket: pocket.pocket }] });
      continue;
    }
    // A ball leaves the table over a cushion: it touched that cushion on its way out.
    const over = cushionAhead(table, recent);
    const events: ShotEvent[] = over ? [{ t: over.t, type: 'cushion', ball: id, cushion: over.cushion }] : [];
    events.push({ t: over?.t ?? last.t, type: 'off-table', ball: id });
    out.push({ ball: id, lastSeen: last, events });
  }
  return out;
}
