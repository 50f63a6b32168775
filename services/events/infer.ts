// Event inference: tracks in, the event log out (rack, shot and disturbed lines of the
// contract). The strike, contacts, cushions, pockets, balls off the table, the head-string
// crossing, balls moving at the strike and balls disturbed between shots.
import type { BallId, TableSize } from '../contract/ids.ts';
import type { BallPosition, DisturbedLine, RackLine, ShotEvent, ShotLine } from '../contract/log.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import { BALL_DIAMETER, TABLE_SPECS } from '../table/spec.ts';
import { diamondPositions } from '../rules/rack-check.ts';
import { trianglePositions } from '../rules/respot.ts';
import { standardTable, type TableGeometry } from '../table/geometry.ts';
import { attributeChanges } from './causes.ts';
import { profileTouches } from './cushion-profile.ts';
import { gentleCushionTouches, nearestCushion, pressedThroughContact, type ReachedGap } from './cushion-touch.ts';
import { DEFAULT_LEGS, type LegOptions } from './legs.ts';
import { analyseMotion, DEFAULT_MOTION, readAnew, SHORT_HIDE, type BallMotion, type MotionOptions, type MotionRun } from './motion.ts';
import { buildSeries, indexAtOrBefore, median, type Sample, type Series } from './series.ts';
import { lineCrossings, positionBefore, type BallModel } from './model.ts';
import { buildShotModels, restNear, SETTLE } from './shot-models.ts';
import { DEFAULT_SEGMENT, findShots, type SegmentOptions, type ShotWindow } from './shots.ts';
import { ONE_BALL, findVanishings, lastingSightings, type Vanishing } from './vanish.ts';
import { nameUnseenFlights } from './unseen-flights.ts';
import { WENT_WITH_VIEW, goneInCut } from './gone-in-cut.ts';
import { droppedWhereStruck } from './struck-into-pocket.ts';
import { afterLastContact, hiddenCueIntoCluster, hitsOfUnexplained } from './vanish-hits.ts';
import { strokeThroughFrozen } from './frozen-push.ts';
import type { CauseOptions } from './cause-options.ts';
import { nearFacts, unseenFacts, type Stretch } from './uncertain.ts';

export type { Stretch } from './uncertain.ts';

export interface InferOptions {
  table: TableSize;
  /** The table's collision geometry, when not the standard one of `table` (another ball size, a carom table). */
  geometry: TableGeometry | null;
  useOccluded: boolean;
  motion: MotionOptions;
  segment: SegmentOptions;
  legs: LegOptions;
  causes: Omit<CauseOptions, 'frameTime' | 'maxAccel' | 'pathWindow'>;
  /** Contacts of the cue ball closer in time than this (s) are one simultaneous hit. */
  simultaneous: number;
  /**
   * Stretches (first and last frame time, s) in which the table was not seen: a broadcast cut, a
   * corrupt stretch of the file. Nothing is called from them: no ball is disturbed across one,
   * and a shot that overlaps one says which of its facts the camera missed (`uncertain`).
   */
  unseen: readonly Stretch[];
}

export const DEFAULT_INFER: InferOptions = {
  table: '9ft',
  geometry: null,
  useOccluded: true,
  motion: DEFAULT_MOTION,
  segment: DEFAULT_SEGMENT,
  legs: DEFAULT_LEGS,
  causes: { ballTolerance: 0.008, cushionTolerance: 0.012, speedSlack: 0.5, minKink: 0.08 },
  simultaneous: 0.0015,
  unseen: [],
};

export type InferredLine = RackLine | ShotLine | DisturbedLine;

const round = (v: number, digits = 5): number => Math.round(v * 10 ** digits) / 10 ** digits;

function isRack(balls: readonly BallPosition[], table: TableSize): boolean {
  const objects = balls.filter((b) => b.id !== 0);
  if (objects.length < 9) return false;
  const spec = TABLE_SPECS[table];
  const slots = objects.length === 9 ? diamondPositions(spec) : trianglePositions(spec);
  const inSlot = objects.filter((b) => slots.some((p) => Math.hypot(p.x - b.x, p.y - b.y) < BALL_DIAMETER / 3));
  return inSlot.length >= objects.length - 1;
}

/** A gap (s) in the frames this long is a stretch the table was not seen in, whoever left it out. */
const UNSEEN_GAP = 0.5;

export function inferEvents(tracked: readonly TrackFrame[], options: Partial<InferOptions> = {}): InferredLine[] {
  const given: InferOptions = { ...DEFAULT_INFER, ...options };
  const table: TableGeometry = given.geometry ?? standardTable(given.table);
  const frames = nameUnseenFlights(tracked, table);
  const frameTimes = frames.map((f) => f.t);
  const frameTime = frames.length > 1 ? median(frameTimes.slice(1).map((t, i) => t - frameTimes[i]!)) : 1 / 60;
  // Gaps in the frames (the live service skips what is not the table view) are unseen too.
  const gaps: Stretch[] = [];
  for (let k = 1; k < frameTimes.length; k++) {
    const a = frameTimes[k - 1]!, b = frameTimes[k]!;
    if (b - a >= UNSEEN_GAP && !given.unseen.some((u) => u.from <= b && u.to >= a)) gaps.push({ from: a + frameTime, to: b - frameTime });
  }
  const o: InferOptions = gaps.length ? { ...given, unseen: [...given.unseen, ...gaps].sort((x, y) => x.from - y.from) } : given;
  const series = buildSeries(frames, { useOccluded: o.useOccluded });
  const motions = new Map<BallId, BallMotion>();
  for (const [id, s] of series) motions.set(id, analyseMotion(s, frameTimes, o.motion));
  const shots = findShots(motions, o.segment, table.ballRadius, o.unseen, table.pockets.map((p) => p.mouthCentre));
  const ctx: Tracked = { motions, series, sightings: lastingSightings(series), table, frameTime, o, recordingEnd: frameTimes[frameTimes.length - 1] ?? Infinity };
  const lines: InferredLine[] = [];
  const gone = new Map<BallId, number>();
  const lost = new Map<BallId, number>();
  let prevEnd = -Infinity;
  shots.forEach((shot, i) => {
    const nextStart = shots[i + 1]?.begins ?? Infinity;
    const moved = disturbances(motions, prevEnd + o.segment.restHold, shot.lastStill - 0.05, o.unseen, frameTime);
    const inferred = inferShot(shot, nextStart, ctx, gone, lost);
    // Before a racked shot the balls moved into the rack were racked, not disturbed (G13).
    const racked = new Set(inferred.rack?.balls.map((b) => b.id));
    lines.push(...moved.filter((l) => !l.balls.some((b) => racked.has(b.id))));
    if (inferred.rack) lines.push(inferred.rack);
    lines.push(inferred.shot);
    prevEnd = shot.end;
  });
  lines.push(...disturbances(motions, prevEnd + o.segment.restHold, Infinity, o.unseen, frameTime));
  return lines;
}

/** Time (s) around an unseen stretch in which a movement is not trusted (vision re-finding the balls). */
const UNSEEN_MARGIN = 0.3;

/** Whether [a, b] comes within `margin` of an unseen stretch. */
export const nearUnseen = (unseen: readonly Stretch[], a: number, b: number, margin = UNSEEN_MARGIN): boolean =>
  unseen.some((u) => u.from - margin <= b && u.to + margin >= a);

/** A disturbed ball moved at least this far (m), and this many times its position noise. */
const DISTURB = { min: 0.005, noise: 6 };
/** … and stayed where it was moved for this long (s): a reading that jumps away and back is no move. */
const DISTURB_STAY = 0.5;

/**
 * Object balls that moved from one resting place to another while no shot was in progress (G13):
 * beyond the ball's own position noise (a real elevated view's far balls jitter by centimetres),
 * and staying moved. Not across or beside a stretch the table was not seen in: who moved a ball
 * there is unknown.
 */
function disturbances(motions: Map<BallId, BallMotion>, from: number, to: number, unseen: readonly Stretch[], frameTime: number): DisturbedLine[] {
  const out: DisturbedLine[] = [];
  for (const [id, m] of motions) {
    if (id === 0) continue;
    for (const r of m.runs) {
      const a = m.series.samples[r.first]!.t;
      const b = m.series.samples[r.last]!.t;
      if (a < from || b > to || !r.restBefore || !r.restAfter) continue;
      const before = m.series.samples[Math.max(0, r.first - 1)]!.t;
      const after = m.series.samples[Math.min(m.series.samples.length - 1, r.last + 1)]!.t;
      if (nearUnseen(unseen, before, after)) continue;
      const move = movedBeyondNoise(m, before, after);
      if (!move) continue;
      if (stayedFor(m, r) < DISTURB_STAY) continue;
      if (readAnew(m.series.samples, r, frameTime, move.moved)) continue;
      out.push({ kind: 'disturbed', t: round(b, 3), balls: [{ id, x: round(r.restAfter.x), y: round(r.restAfter.y) }] });
    }
    out.push(...movedWhileHidden(id, m, from, to, unseen, out));
  }
  return out.sort((p, q) => (p.t ?? 0) - (q.t ?? 0));
}

/** A ball unseen this long (s) at rest (under a hand, an arm) may have been moved there; longer (a re-rack, a respot) is not a nudge. */
const HIDDEN_MOVE = { min: SHORT_HIDE, max: 1.5 };

/**
 * A resting ball hidden for a moment and seen again elsewhere, resting there: moved by the hand
 * that hid it (9-ball 6501 of the nudges eval: a hand covered the 7 for 0.6 s and slid it 2.6 cm,
 * with no reading of it moving). Moved beyond its noise and staying there, as a seen move must;
 * not after seconds unseen (balls re-racked or respotted).
 */
function movedWhileHidden(id: BallId, m: BallMotion, from: number, to: number, unseen: readonly Stretch[], found: readonly DisturbedLine[]): DisturbedLine[] {
  const out: DisturbedLine[] = [];
  const s = m.series.samples;
  // Only the gaps between two readings in [from, to] (called once per pause between shots).
  for (let k = Math.max(1, indexAtOrBefore(s, from) + 1); k < s.length && s[k]!.t <= to; k++) {
    const a = s[k - 1]!, b = s[k]!;
    if (b.t - a.t < HIDDEN_MOVE.min || b.t - a.t > HIDDEN_MOVE.max || a.t < from || !m.still[k - 1] || !m.still[k]) continue;
    if (nearUnseen(unseen, a.t, b.t)) continue;
    if (found.some((l) => l.balls.some((x) => x.id === id) && Math.abs((l.t ?? 0) - b.t) < DISTURB_STAY)) continue;
    const move = movedBeyondNoise(m, a.t, b.t);
    if (!move) continue;
    // Staying there: no motion run of its own within DISTURB_STAY after it showed up again.
    if (m.runs.some((r) => s[r.first]!.t >= b.t && s[r.first]!.t < b.t + DISTURB_STAY)) continue;
    out.push({ kind: 'disturbed', t: round(b.t, 3), balls: [{ id, x: round(move.now.x), y: round(move.now.y) }] });
  }
  return out;
}

/**
 * Where a ball rested over half a second before `before` and after `after`, from every reading
 * (a reading or two off the ball, where an arm half hides it, is outvoted); the move between,
 * when it is beyond both DISTURB.min and the ball's noise, else null.
 */
function movedBeyondNoise(m: BallMotion, before: number, after: number): { now: { x: number; y: number }; moved: number } | null {
  const was = medianPlace(m.series.samples, before - DISTURB_STAY, before);
  const now = medianPlace(m.series.samples, after, after + DISTURB_STAY);
  if (!was || !now) return null;
  const moved = Math.hypot(now.x - was.x, now.y - was.y);
  return moved < Math.max(DISTURB.min, DISTURB.noise * m.noise) ? null : { now, moved };
}

/** The median place of a ball's readings in [from, to]; null with fewer than five. */
function medianPlace(samples: readonly Sample[], from: number, to: number): { x: number; y: number } | null {
  const inside = samples.filter((p) => p.t >= from - 1e-9 && p.t <= to + 1e-9);
  if (inside.length < 5) return null;
  return { x: median(inside.map((p) => p.x)), y: median(inside.map((p) => p.y)) };
}

/**
 * How long (s) a ball stayed moved after a motion run: until a later run brought it back to
 * within half the move of where it rested before (or it was last seen). A later run that takes it
 * further is no return: a hand half over a ball pulls its readings a centimetre over, and they
 * jump to its true place as the hand leaves (8-ball 6770 at 1080p60, 43.5 s: the 8 nudged 2.2 cm,
 * read resting 0.35 s, then 1.7 cm further on; the nudge was missed and the foul with it).
 */
function stayedFor(m: BallMotion, r: MotionRun): number {
  const s = m.series.samples;
  const end = s[r.last]!.t;
  const from = r.restBefore;
  const moved = from && r.restAfter ? Math.hypot(r.restAfter.x - from.x, r.restAfter.y - from.y) : 0;
  const back = m.runs.find((q) => q.first > r.last && (!from || !q.restAfter || Math.hypot(q.restAfter.x - from.x, q.restAfter.y - from.y) <= moved / 2));
  return (back ? s[back.first]!.t : s[s.length - 1]!.t) - end;
}

/**
 * Where a shot's table has two numbers at one place (within `ONE_BALL`), one was read on a resting
 * ball after the other had been (the joint assignment renaming it; real game2 clip 2: the 14 read
 * as the 3 for one frame, then as the 14, and the 3 kept as hidden where it lay): the number seen
 * there last stays, the other is not on the bed. Two seen as late as each other are both kept.
 */
function dropOverlaps(balls: BallPosition[], lastSeen: (id: BallId) => number): void {
  const stale = new Set<BallId>();
  for (const a of balls) {
    for (const b of balls) {
      if (a.id >= b.id || Math.hypot(a.x - b.x, a.y - b.y) >= ONE_BALL) continue;
      const [ta, tb] = [lastSeen(a.id), lastSeen(b.id)];
      if (ta !== tb) stale.add(ta < tb ? a.id : b.id);
    }
  }
  for (let i = balls.length - 1; i >= 0; i--) if (stale.has(balls[i]!.id)) balls.splice(i, 1);
}

/** What every shot of a recording is inferred from. */
interface Tracked {
  motions: Map<BallId, BallMotion>;
  series: Map<BallId, Series>;
  /** The series but for brief readings of a number on another ball (`lastingSightings`): where balls vanish. */
  sightings: Map<BallId, { samples: Sample[] }>;
  table: TableGeometry;
  frameTime: number;
  o: InferOptions;
  /** Time of the last frame: balls seen then have not vanished. */
  recordingEnd: number;
}

/** Whether ball `id` was read after `from` and by `to`. */
function readBetween(series: ReadonlyMap<BallId, { samples: Sample[] }>, id: BallId, from: number, to: number): boolean {
  const samples = series.get(id)?.samples ?? [];
  const k = indexAtOrBefore(samples, to);
  return k >= 0 && samples[k]!.t > from;
}

/**
 * The readings a shot is inferred from, less those of balls gone in an earlier shot (pocketed, off
 * the table: `gone`, by when they were last seen) and not seen from then until the strike (its
 * number read on another ball, `lastingSightings`, is no sighting of it): a ball
 * cannot come back into play in the middle of a shot, so a number of a gone ball read on a moving
 * ball is another ball's (8-ball 6663: the 3, pocketed a shot before, read for four frames on the
 * 4 as the 4 outran its track; the 3 was taken as back, hit by the 4 and pocketed again).
 */
function withoutAbsent(ctx: Tracked, gone: ReadonlyMap<BallId, number>, still: number): Pick<Tracked, 'motions' | 'series' | 'sightings'> {
  const absent = [...gone].filter(([id, at]) => !readBetween(ctx.sightings, id, at, still)).map(([id]) => id);
  if (!absent.length) return ctx;
  const less = <T>(m: Map<BallId, T>): Map<BallId, T> => new Map([...m].filter(([id]) => !absent.includes(id)));
  return { motions: less(ctx.motions), series: less(ctx.series), sightings: less(ctx.sightings) };
}

/**
 * `gone`: balls pocketed or off the table in earlier shots. `lost`: balls lost in an earlier shot
 * (vanished away from the pockets; the shot marked), by the time they were last seen: on a later
 * shot's table only once seen again (9-ball 7707 at 576p25: the 2, lost as it dropped, kept as
 * the lowest ball, made the next two legal shots fouls).
 */
function inferShot(shot: ShotWindow, nextStart: number, ctx: Tracked, gone: Map<BallId, number>, lost: Map<BallId, number>): { shot: ShotLine; rack: RackLine | null } {
  const { table, frameTime, o, recordingEnd } = ctx;
  const t1 = shot.firstMoving;
  const still = shot.lastStill;
  // A ball seen again in the second before the strike after it vanished (respotted, racked) is back
  // on the bed; its number read on another ball (`lastingSightings`) is not the ball seen again.
  for (const id of [...gone.keys()]) if (readBetween(ctx.sightings, id, still - 1, still)) gone.delete(id);
  const { motions, series, sightings } = withoutAbsent(ctx, gone, still);
  const { models, movingAtStrike, creeping } = buildShotModels(shot, nextStart, motions, series, frameTime, o.legs);
  const settled = Math.min(shot.end + SETTLE, nextStart);
  const cue = models.get(0 as BallId);
  // The strike lies between the cue ball's last still sample and its first moving one.
  const cueOnset = Math.min(t1, Math.max(still, cue?.changes.find((c) => c.kind === 'onset')?.t ?? (still + t1) / 2));
  const attributed = attributeChanges(models, table, { ...o.causes, frameTime, maxAccel: o.legs.maxAccel, pathWindow: o.legs.refineWindow })
    .filter((e) => e.t >= cueOnset - 3 * frameTime && e.t <= settled);
  // A slow cue ball after pushing a frozen ball starts late in the tracks: the push is the strike.
  const pushT = attributed.find((e) => e.type === 'contact' && e.a === 0)?.t ?? Infinity;
  const strikeT = Math.min(cueOnset, pushT);
  const contactsAndCushions = attributed.filter((e) => e.t >= strikeT - 1e-6);
  const noise = new Map([...motions].map(([id, m]) => [id, m.noise]));
  const profiled = profileTouches(models, table, contactsAndCushions, noise, o.causes.minKink);
  const reached = new Map<ShotEvent, ReachedGap>();
  const touches = [...profiled, ...gentleCushionTouches(models, table, [...contactsAndCushions, ...profiled], frameTime, noise, reached)];
  // A stroke played while the view was away: the shot's last still moment is the view's going,
  // after every ball's last sighting, so a ball that left in the cut was never looked for. It is
  // looked for from a little before the view went (the sightings `goneInCut` takes as going with
  // the view; 9-ball 8141 of the cuts eval: the lowest ball kept on the bed).
  const cutAtStroke = o.unseen.find((u) => u.from <= t1 && u.to >= still);
  const lookFrom = cutAtStroke ? Math.min(still, cutAtStroke.from - WENT_WITH_VIEW) : still;
  let vanished = findVanishings(sightings, table, lookFrom, shot.end + frameTime, nextStart, recordingEnd);
  // A ball creeping to a cushion reads as still a while before it gets there.
  const crept = Math.min(shot.end + CREEP_TO_CUSHION, nextStart);
  contactsAndCushions.push(...touches.filter((e) => e.t >= strikeT && e.t <= crept && !droppingIn(e, vanished, models, table)));
  const causeOptions = { ...o.causes, frameTime, maxAccel: o.legs.maxAccel, pathWindow: o.legs.refineWindow };
  contactsAndCushions.push(...hitsOfUnexplained(models, series, vanished, contactsAndCushions, strikeT, table.ballRadius, causeOptions));
  contactsAndCushions.push(...hiddenCueIntoCluster(models, series, contactsAndCushions, strikeT, table.ballRadius, frameTime));
  contactsAndCushions.push(...strokeThroughFrozen(models, contactsAndCushions, strikeT, frameTime));
  contactsAndCushions.push(...pressedThroughContact(contactsAndCushions, series, table, frameTime));
  vanished = droppedWhereStruck(vanished, contactsAndCushions, models, series, table, nextStart);
  vanished = goneInCut(vanished, o.unseen, series, table, nextStart);
  afterLastContact(vanished, contactsAndCushions);
  const events: ShotEvent[] = [{ t: strikeT, type: 'strike' }];
  // A lost ball stays on the bed where it was last seen (hidden, not gone); what became of it is
  // uncertain, as is the pocket of a ball taken as dropped where it was struck to.
  for (const v of vanished) if (!v.lost) gone.set(v.ball, v.lastSeen.t);
  events.push(...contactsAndCushions, ...vanished.flatMap((v) => v.events), ...crossings(cue, series.get(0 as BallId)?.samples ?? [], table.headStringX, strikeT, settled, frameTime));
  mergeSimultaneous(events, o.simultaneous);
  notBeforeTheCueBall(events, movingAtStrike);
  events.sort((a, b) => a.t - b.t || order(a) - order(b));
  for (const e of events) e.t = round(e.t, 4);

  const start: BallPosition[] = [];
  const end: BallPosition[] = [];
  const vanishedIds = new Set(vanished.filter((v) => !v.lost).map((v) => v.ball));
  for (const [id, s] of series) {
    const last = s.samples[indexAtOrBefore(s.samples, still)];
    const seenRecently = last !== undefined && (!gone.has(id) || vanishedIds.has(id)) && t1 - last.t < 30;
    if (!seenRecently) continue;
    const lostAt = lost.get(id);
    if (lostAt !== undefined) {
      if (last.t <= lostAt) continue;
      lost.delete(id);
    }
    const rest = restNear(s.samples, still - 0.35, still) ?? last;
    start.push({ id, x: round(rest.x), y: round(rest.y), ...(movingAtStrike.has(id) ? { moving: true } : {}) });
    if (vanishedIds.has(id)) continue;
    const after = restNear(s.samples, shot.end, Math.min(shot.end + 1, nextStart)) ?? s.samples.filter((p) => p.t <= shot.end + 1).pop()!;
    end.push({ id, x: round(after.x), y: round(after.y) });
  }
  const lastSeen = (id: BallId, by: number): number => {
    const samples = series.get(id)!.samples;
    return samples[indexAtOrBefore(samples, by)]?.t ?? -Infinity;
  };
  for (const v of vanished) if (v.lost) lost.set(v.ball, v.lastSeen.t);
  dropOverlaps(start, (id) => lastSeen(id, still));
  dropOverlaps(end, (id) => lastSeen(id, shot.end + 1));
  start.sort((a, b) => a.id - b.id);
  end.sort((a, b) => a.id - b.id);
  const rack: RackLine | null = isRack(start, o.table)
    ? { kind: 'rack', t: round(strikeT - 0.5, 3), balls: start.filter((b) => b.id !== 0).map(({ id, x, y }) => ({ id, x, y })) }
    : null;
  const cueModel = models.get(0 as BallId);
  const uncertain = [
    ...unseenFacts(events, still, t1, shot.end, o.unseen),
    ...creeping.map((c) => ({ fact: 'moving' as const, alternatives: [true, false], margin: round(c.moved, 4) })),
    ...vanished.filter((v) => v.lost || v.unseenDrop || v.overJaw).map((v) => ({ fact: 'pocket' as const, alternatives: [[v.ball, 'pocketed'], [v.ball, v.overJaw ? 'off the table' : 'on the table']], margin: 0 })),
    ...nearFacts({
      events, start, cueAt: cueModel ? (t) => positionBefore(cueModel, t) : null, cueEnd: end.find((b) => b.id === 0) ?? null,
      readings: series, reached,
      strikeT, end: shot.end, frameTime, noise, table,
    }),
  ];
  const line: ShotLine = { kind: 'shot', t: round(strikeT, 4), start: { balls: start }, events, end: { t: round(shot.end, 4), balls: end }, ...(uncertain.length ? { uncertain } : {}) };
  return { shot: line, rack };
}

/** Time (s) after the last motion seen in which a slow ball may still touch a cushion. */
const CREEP_TO_CUSHION = 0.5;

/** Time (s) before it drops, and distance (m) from the mouth, in which a ball's gentle touch is its way in. */
const DROPPING = { time: 0.3, reach: 0.1, contact: 0.001 };

/**
 * A gentle touch (no kink) of a ball about to drop, at the mouth of its pocket: a ball entering
 * a pocket passes close to the jaws, so there its path must reach the face (within `contact`);
 * a harder hit on a jaw bends its path and is found as a kink anyway.
 */
function droppingIn(e: ShotEvent, vanished: readonly Vanishing[], models: Map<BallId, BallModel>, table: TableGeometry): boolean {
  if (e.type !== 'cushion') return false;
  const drop = vanished.find((v) => v.ball === e.ball)?.events.find((x) => x.type === 'pocket');
  if (!drop || drop.type !== 'pocket' || e.t < drop.t - DROPPING.time || e.t > drop.t + 0.05) return false;
  const mouth = table.pockets.find((p) => p.pocket === drop.pocket)?.mouthCentre;
  const model = models.get(e.ball);
  if (!mouth || !model) return false;
  const at = positionBefore(model, e.t);
  return Math.hypot(at.x - mouth.x, at.y - mouth.y) < DROPPING.reach && nearestCushion(table, at).distance - table.ballRadius > DROPPING.contact;
}

const order = (e: ShotEvent): number => ['strike', 'cross', 'contact', 'cushion', 'pocket', 'off-table'].indexOf(e.type);

/** The cue ball crossing the head string, along its path (positions sampled when it vanished). */
function crossings(cue: BallModel | undefined, samples: readonly Sample[], lineX: number, from: number, to: number, frame: number): ShotEvent[] {
  const cross = (t: number): ShotEvent => ({ t, type: 'cross', ball: 0 as BallId, line: 'head-string' });
  const seen: { t: number; gap: boolean }[] = [];
  for (let k = 1; k < samples.length; k++) {
    const a = samples[k - 1]!;
    const b = samples[k]!;
    // Not a pair around the ball's absence after the shot (pocketed, then placed by hand for the next).
    if (b.t < from || a.t > to || b.t > to) continue;
    if ((a.x - lineX) * (b.x - lineX) < 0) seen.push({ t: Math.max(from, a.t + ((lineX - a.x) / (b.x - a.x)) * (b.t - a.t)), gap: b.t - a.t > 1.5 * frame });
  }
  if (!cue || cue.legs.length === 0) return seen.map((c) => cross(c.t));
  const along = lineCrossings(cue, lineX, from, to, frame);
  // The samples decide which side the ball ended on: a ball hidden while it crossed (a break's
  // cue ball blurred out of sight, seen again past the rack) has no path over the line, yet it
  // crossed. When the path's count of crossings leaves it on the wrong side, the crossing in
  // the gap of the samples (else the first the samples show) is added.
  if (along.length % 2 !== seen.length % 2) {
    const missing = seen.find((c) => c.gap) ?? seen.find((c) => along.every((t) => Math.abs(t - c.t) > frame));
    if (missing) along.push(missing.t);
  }
  return along.sort((a, b) => a - b).map(cross);
}

/**
 * Balls at rest cannot meet before anything reached them: with no ball moving at the strike, no
 * contact between object balls comes before the cue ball's first (a rack's contacts read a few
 * milliseconds early from their departures are set at the cue ball's hit).
 */
function notBeforeTheCueBall(events: ShotEvent[], movingAtStrike: ReadonlySet<BallId>): void {
  if (movingAtStrike.size > 0) return;
  let first = Infinity;
  for (const e of events) if (e.type === 'contact' && (e.a === 0 || e.b === 0)) first = Math.min(first, e.t);
  if (first === Infinity) return;
  for (const e of events) if (e.type === 'contact' && e.a !== 0 && e.b !== 0 && e.t < first) e.t = first;
}

/** Cue-ball contacts closer in time than the window are one simultaneous hit (G12): same t. */
function mergeSimultaneous(events: ShotEvent[], window: number): void {
  const cueContacts = events.filter((e) => e.type === 'contact' && e.a === 0).sort((a, b) => a.t - b.t);
  for (let i = 1; i < cueContacts.length; i++) {
    if (cueContacts[i]!.t - cueContacts[i - 1]!.t < window) cueContacts[i]!.t = cueContacts[i - 1]!.t;
  }
}
