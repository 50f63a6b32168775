// What the camera saw of a line beyond the line itself: the balls' paths (drawn on the
// dashboard) and how sure the referee can be of the call (occlusions, near-simultaneous hits,
// gaps near the frozen tolerance, a shot too short to be a stroke).
import type { BallId } from '../contract/ids.ts';
import type { ShotEvent, ShotLine } from '../contract/log.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../table/spec.ts';
import type { TableSize } from '../contract/ids.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import type { InferredLine } from '../events/infer.ts';
import { uncertainWords } from './plain-words.ts';
import type { BallPath, Confidence, LineEvidence } from './types.ts';

const round3 = (v: number): number => Math.round(v * 1000) / 1000;

/** Each ball's path during the shot, sampled every `step` seconds (balls that moved ≥ 1 cm). */
export function shotPaths(frames: readonly TrackFrame[], step = 0.04): BallPath[] {
  const byId = new Map<BallId, [number, number][]>();
  const lastT = new Map<BallId, number>();
  for (const f of frames) {
    for (const b of f.balls) {
      if (b.id === null) continue;
      const pts = byId.get(b.id) ?? [];
      if (pts.length === 0 || f.t - (lastT.get(b.id) ?? -Infinity) >= step) {
        pts.push([round3(b.x), round3(b.y)]);
        lastT.set(b.id, f.t);
      } else {
        pts[pts.length - 1] = [round3(b.x), round3(b.y)];
      }
      byId.set(b.id, pts);
    }
  }
  const out: BallPath[] = [];
  for (const [id, points] of byId) {
    let length = 0;
    for (let i = 1; i < points.length; i++) length += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
    if (length >= 0.01) out.push({ id, points });
  }
  return out.sort((a, b) => a.id - b.id);
}

const cueContacts = (events: readonly ShotEvent[]) =>
  events.filter((e): e is Extract<ShotEvent, { type: 'contact' }> => e.type === 'contact' && e.a === 0);

function hiddenNear(frames: readonly TrackFrame[], ids: readonly BallId[], t: number, within: number): boolean {
  return frames.some((f) => Math.abs(f.t - t) <= within && f.balls.some((b) => b.occluded === true && b.id !== null && ids.includes(b.id)));
}

/** The longest stretch (s) without a frame between `from` and `to` (frames given: 0 when none). */
function largestGap(frames: readonly TrackFrame[], from: number, to: number): number {
  const ts = frames.map((f) => f.t).filter((t) => t >= from - 0.05 && t <= to + 0.05);
  if (frames.length === 0) return 0;
  if (ts.length === 0) return to - from;
  let gap = Math.max(ts[0]! - from, to - ts[ts.length - 1]!);
  for (let i = 1; i < ts.length; i++) gap = Math.max(gap, ts[i]! - ts[i - 1]!);
  return gap;
}

/** The confidence of a shot's call from the line and its frames. */
export function shotConfidence(shot: ShotLine, frames: readonly TrackFrame[], table: TableSize): Confidence {
  let value = 0.97;
  const reasons: string[] = [];
  const lower = (factor: number, why: string) => { value *= factor; reasons.push(why); };
  const strike = shot.t ?? shot.events[0]?.t ?? 0;
  const end = shot.end?.t ?? strike;
  if (end - strike < 0.6) lower(0.6, 'a very short movement: a touch or a hand rather than a stroke?');
  const gap = largestGap(frames, strike, end);
  if (gap > 0.25) lower(0.3, `the camera lost ${gap.toFixed(1)} s of this shot`);
  const contacts = cueContacts(shot.events);
  const first = contacts[0];
  if (first) {
    const second = contacts.find((c) => c.b !== first.b);
    if (second && second.t - first.t < 0.04 && second.t !== first.t) lower(0.7, `the ${first.b} and the ${second.b} were hit within ${Math.round((second.t - first.t) * 1000)} ms`);
    if (hiddenNear(frames, [0, first.b], first.t, 0.1)) lower(0.85, 'the cue ball or the first ball hit was hidden at the first contact');
    const cross = shot.events.find((e) => e.type === 'cross');
    if (cross && Math.abs(cross.t - first.t) < 0.035) lower(0.7, 'the cue ball crossed the head string within a frame of the first contact');
    const spec = TABLE_SPECS[table];
    const hit = shot.start?.balls.find((b) => b.id === first.b);
    if (hit) {
      const gap = Math.min(spec.length / 2 - Math.abs(hit.x), spec.width / 2 - Math.abs(hit.y)) - BALL_RADIUS;
      if (gap > 0.0005 && gap < 0.006) lower(0.8, `the first ball hit was ${(gap * 1000).toFixed(1)} mm from a cushion (frozen means ≤ 3 mm)`);
    }
  } else if (hiddenNear(frames, [0], strike + 0.3, 0.3)) {
    lower(0.8, 'the cue ball was hidden after the strike');
  }
  if (shot.start?.balls.some((b) => b.moving)) lower(0.8, 'a ball was still moving at the strike');
  // Facts the camera could not settle: the operator confirms (EVENTS.md `uncertain`).
  for (const u of shot.uncertain ?? []) lower(0.5, `too close to call: ${uncertainWords(u)}`);
  return { value: Math.max(0.05, Math.round(value * 100) / 100), reasons };
}

/** Evidence for any camera line (shots are judged from their frames; the rest by kind). */
export function evidenceOf(line: InferredLine, frames: readonly TrackFrame[], table: TableSize): LineEvidence {
  if (line.kind === 'shot') return { confidence: shotConfidence(line, frames, table), paths: shotPaths(frames) };
  if (line.kind === 'disturbed') return { confidence: { value: 0.5, reasons: ['a ball moved while no shot was in progress: confirm (G13)'] }, paths: [] };
  return { confidence: { value: 0.95, reasons: [] }, paths: [] };
}

export const OPERATOR_CONFIDENCE: Confidence = { value: 1, reasons: ['entered by the operator'] };
