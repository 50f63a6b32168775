// Event inference: tracks in, the event log out (rack, shot and disturbed lines of the
// contract). The strike, contacts, cushions, pockets, balls off the table, the head-string
// crossing, balls moving at the strike and balls disturbed between shots.
import type { BallId, TableSize } from '../contract/ids.ts';
import type { BallPosition, DisturbedLine, RackLine, ShotEvent, ShotLine } from '../contract/log.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import { BALL_DIAMETER, TABLE_SPECS } from '../contract/table.ts';
import { diamondPositions } from '../rules/rack-check.ts';
import { trianglePositions } from '../rules/respot.ts';
import { standardTable, type TableGeometry } from '../sim/physics/table-geometry.ts';
import { attributeChanges, gentleCushionTouches, type CauseOptions } from './causes.ts';
import { DEFAULT_LEGS, type LegOptions } from './legs.ts';
import { buildModel, displacedModel, type BallModel } from './model.ts';
import { analyseMotion, DEFAULT_MOTION, type BallMotion, type MotionOptions } from './motion.ts';
import { buildSeries, median, type Sample } from './series.ts';
import { DEFAULT_SEGMENT, findShots, type SegmentOptions, type ShotWindow } from './shots.ts';
import { findVanishings } from './vanish.ts';

export interface InferOptions {
  table: TableSize;
  useOccluded: boolean;
  motion: MotionOptions;
  segment: SegmentOptions;
  legs: LegOptions;
  causes: Omit<CauseOptions, 'frameTime'>;
  /** Contacts of the cue ball closer in time than this (s) are one simultaneous hit. */
  simultaneous: number;
}

export const DEFAULT_INFER: InferOptions = {
  table: '9ft',
  useOccluded: true,
  motion: DEFAULT_MOTION,
  segment: DEFAULT_SEGMENT,
  legs: DEFAULT_LEGS,
  causes: { ballTolerance: 0.008, cushionTolerance: 0.012, speedSlack: 0.5, minKink: 0.08 },
  simultaneous: 0.0015,
};

/** A ball whose resting place moved this much (m) across a shot was hit. */
const DISPLACED = 0.003;

export type InferredLine = RackLine | ShotLine | DisturbedLine;

const round = (v: number, digits = 5): number => Math.round(v * 10 ** digits) / 10 ** digits;

function restNear(samples: readonly Sample[], from: number, to: number): { x: number; y: number } | null {
  const inside = samples.filter((p) => p.t >= from && p.t <= to);
  if (inside.length === 0) return null;
  return { x: median(inside.map((p) => p.x)), y: median(inside.map((p) => p.y)) };
}

function isRack(balls: readonly BallPosition[], table: TableSize): boolean {
  const objects = balls.filter((b) => b.id !== 0);
  if (objects.length < 9) return false;
  const spec = TABLE_SPECS[table];
  const slots = objects.length === 9 ? diamondPositions(spec) : trianglePositions(spec);
  const inSlot = objects.filter((b) => slots.some((p) => Math.hypot(p.x - b.x, p.y - b.y) < BALL_DIAMETER / 3));
  return inSlot.length >= objects.length - 1;
}

export function inferEvents(frames: readonly TrackFrame[], options: Partial<InferOptions> = {}): InferredLine[] {
  const o: InferOptions = { ...DEFAULT_INFER, ...options };
  const table: TableGeometry = standardTable(o.table);
  const frameTimes = frames.map((f) => f.t);
  const frameTime = frames.length > 1 ? median(frameTimes.slice(1).map((t, i) => t - frameTimes[i]!)) : 1 / 60;
  const series = buildSeries(frames, { useOccluded: o.useOccluded });
  const motions = new Map<BallId, BallMotion>();
  for (const [id, s] of series) motions.set(id, analyseMotion(s, frameTimes, o.motion));
  const shots = findShots(motions, o.segment);
  const lines: InferredLine[] = [];
  const gone = new Set<BallId>();
  let prevEnd = -Infinity;
  shots.forEach((shot, i) => {
    const nextStart = shots[i + 1]?.firstMoving ?? Infinity;
    lines.push(...disturbances(motions, prevEnd + o.segment.restHold, shot.firstMoving - 0.05));
    const inferred = inferShot(shot, nextStart, motions, series, table, frameTime, o, gone);
    if (inferred.rack) lines.push(inferred.rack);
    lines.push(inferred.shot);
    prevEnd = shot.end;
  });
  lines.push(...disturbances(motions, prevEnd + o.segment.restHold, Infinity));
  return lines;
}

/** Object balls that moved from one resting place to another while no shot was in progress (G13). */
function disturbances(motions: Map<BallId, BallMotion>, from: number, to: number): DisturbedLine[] {
  const out: DisturbedLine[] = [];
  for (const [id, m] of motions) {
    if (id === 0) continue;
    for (const r of m.runs) {
      const a = m.series.samples[r.first]!.t;
      const b = m.series.samples[r.last]!.t;
      if (a < from || b > to || !r.restBefore || !r.restAfter) continue;
      if (Math.hypot(r.restAfter.x - r.restBefore.x, r.restAfter.y - r.restBefore.y) < 0.005) continue;
      out.push({ kind: 'disturbed', t: round(b, 3), balls: [{ id, x: round(r.restAfter.x), y: round(r.restAfter.y) }] });
    }
  }
  return out.sort((p, q) => (p.t ?? 0) - (q.t ?? 0));
}

function inferShot(
  shot: ShotWindow, nextStart: number, motions: Map<BallId, BallMotion>, series: ReturnType<typeof buildSeries>,
  table: TableGeometry, frameTime: number, o: InferOptions, gone: Set<BallId>,
): { shot: ShotLine; rack: RackLine | null } {
  const t1 = shot.firstMoving;
  const models = new Map<BallId, BallModel>();
  const movingAtStrike = new Set<BallId>();
  for (const [id, m] of motions) {
    const runs = m.runs.filter((r) => {
      const a = m.series.samples[r.first]!.t;
      const b = m.series.samples[r.last]!.t;
      return b >= t1 - frameTime && a <= shot.end;
    });
    if (runs.length === 0) continue;
    const firstRun = runs[0]!;
    const startedBefore = m.series.samples[firstRun.first]!.t < t1 - 1.5 * frameTime;
    let first = firstRun.first;
    if (startedBefore) {
      movingAtStrike.add(id);
      while (first + 1 <= firstRun.last && m.series.samples[first]!.t < t1 - 2 * frameTime) first++;
    }
    const last = runs[runs.length - 1]!.last;
    const restTime = first > 0 ? m.series.samples[first - 1]!.t : null;
    models.set(id, buildModel(id, m.series.samples, first, last, startedBefore ? null : firstRun.restBefore, restTime, o.legs, firstRun.restAfter));
  }
  // Balls that crept a few millimetres (a thin, slow hit) with no motion run: displaced at rest.
  for (const [id, s] of series) {
    if (models.has(id) || id === 0) continue;
    const before = restNear(s.samples, t1 - 0.35, t1 - frameTime);
    const after = restNear(s.samples, shot.end + 0.1, Math.min(shot.end + 1, nextStart));
    if (!before || !after || Math.hypot(after.x - before.x, after.y - before.y) < DISPLACED) continue;
    models.set(id, displacedModel(id, s.samples, before, after, t1 - frameTime, shot.end));
  }
  const cue = models.get(0 as BallId);
  const cueOnset = cue?.changes.find((c) => c.kind === 'onset')?.t ?? t1 - frameTime / 2;
  const attributed = attributeChanges(models, table, { ...o.causes, frameTime })
    .filter((e) => e.t >= cueOnset - 3 * frameTime && e.t <= shot.end + frameTime);
  // A slow cue ball after pushing a frozen ball starts late in the tracks: the push is the strike.
  const pushT = attributed.find((e) => e.type === 'contact' && e.a === 0)?.t ?? Infinity;
  const strikeT = Math.min(cueOnset, pushT);
  const contactsAndCushions = attributed.filter((e) => e.t >= strikeT - 1e-6);
  contactsAndCushions.push(...gentleCushionTouches(models, table, contactsAndCushions, frameTime).filter((e) => e.t >= strikeT && e.t <= shot.end + frameTime));
  const events: ShotEvent[] = [{ t: strikeT, type: 'strike' }];
  const vanished = findVanishings(series, table, t1 - frameTime, shot.end + frameTime, nextStart);
  for (const v of vanished) gone.add(v.ball);
  events.push(...contactsAndCushions, ...vanished.flatMap((v) => v.events), ...crossings(series.get(0 as BallId)?.samples ?? [], table.headStringX, strikeT, shot.end));
  mergeSimultaneous(events, o.simultaneous);
  events.sort((a, b) => a.t - b.t || order(a) - order(b));
  for (const e of events) e.t = round(e.t, 4);

  const start: BallPosition[] = [];
  const end: BallPosition[] = [];
  const vanishedIds = new Set(vanished.map((v) => v.ball));
  for (const [id, s] of series) {
    const before = s.samples.filter((p) => p.t <= t1 - frameTime);
    const seenRecently = before.length > 0 && (!gone.has(id) || vanishedIds.has(id)) && t1 - before[before.length - 1]!.t < 30;
    if (!seenRecently) continue;
    const rest = restNear(s.samples, t1 - 0.35, t1 - frameTime) ?? before[before.length - 1]!;
    start.push({ id, x: round(rest.x), y: round(rest.y), ...(movingAtStrike.has(id) ? { moving: true } : {}) });
    if (vanishedIds.has(id)) continue;
    const after = restNear(s.samples, shot.end, Math.min(shot.end + 1, nextStart)) ?? s.samples.filter((p) => p.t <= shot.end + 1).pop()!;
    end.push({ id, x: round(after.x), y: round(after.y) });
  }
  start.sort((a, b) => a.id - b.id);
  end.sort((a, b) => a.id - b.id);
  // A ball seen again after it vanished (respotted, racked) is back on the bed.
  for (const id of [...gone]) if (!vanishedIds.has(id) && (series.get(id)?.samples.some((p) => p.t > t1 - 1 && p.t < t1) ?? false)) gone.delete(id);
  const rack: RackLine | null = isRack(start, o.table)
    ? { kind: 'rack', t: round(strikeT - 0.5, 3), balls: start.filter((b) => b.id !== 0).map(({ id, x, y }) => ({ id, x, y })) }
    : null;
  return { shot: { kind: 'shot', t: round(strikeT, 4), start: { balls: start }, events, end: { t: round(shot.end, 4), balls: end } }, rack };
}

const order = (e: ShotEvent): number => ['strike', 'cross', 'contact', 'cushion', 'pocket', 'off-table'].indexOf(e.type);

function crossings(cue: readonly Sample[], lineX: number, from: number, to: number): ShotEvent[] {
  const out: ShotEvent[] = [];
  for (let k = 1; k < cue.length; k++) {
    const a = cue[k - 1]!;
    const b = cue[k]!;
    if (b.t < from || a.t > to) continue;
    if ((a.x - lineX) * (b.x - lineX) < 0) {
      const f = (lineX - a.x) / (b.x - a.x);
      out.push({ t: Math.max(from, a.t + f * (b.t - a.t)), type: 'cross', ball: 0 as BallId, line: 'head-string' });
    }
  }
  return out;
}

/** Cue-ball contacts closer in time than the window are one simultaneous hit (G12): same t. */
function mergeSimultaneous(events: ShotEvent[], window: number): void {
  const cueContacts = events.filter((e) => e.type === 'contact' && e.a === 0).sort((a, b) => a.t - b.t);
  for (let i = 1; i < cueContacts.length; i++) {
    if (cueContacts[i]!.t - cueContacts[i - 1]!.t < window) cueContacts[i]!.t = cueContacts[i - 1]!.t;
  }
}
