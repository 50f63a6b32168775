// Facts of a shot that the camera cannot settle (the shot line's `uncertain`, EVENTS.md): the
// rules engine judges the line as given and asks the operator to confirm, and the dashboard says
// "too close to call" instead of a silent verdict.
//  - The table was not seen over part of the shot (a broadcast cut, a corrupt stretch): the facts
//    of what happened then (the first contact over the stroke, the cushions and pockets after it).
//  - A fact within the measurement's error (nearFacts): first contacts a frame apart, a graze, a
//    gap at the frozen tolerance.
import { CUSHIONS, type BallId, type UncertainFact } from '../contract/ids.ts';
import type { BallPosition, ShotEvent, UncertainAlternative, Uncertainty } from '../contract/log.ts';
import { FROZEN_TOLERANCE } from '../rules/shot-facts.ts';
import type { TableGeometry } from '../table/geometry.ts';
import { distanceToCushion } from '../table/spec.ts';
import { LEANS } from './causes.ts';
import type { ReachedGap } from './cushion-touch.ts';
import { indexAtOrBefore, type Sample } from './series.ts';

export interface Stretch {
  from: number;
  to: number;
}

/** Seconds of [a, b] that unseen stretches cover (they are disjoint). */
function covered(unseen: readonly Stretch[], a: number, b: number): number {
  let s = 0;
  for (const u of unseen) s += Math.max(0, Math.min(b, u.to) - Math.max(a, u.from));
  return s;
}

/** Time (s) around a stretch counted as unseen: the last frame before it and the first after it. */
const EDGE = 0.1;

/**
 * The facts a shot's call depends on that fell where the table was not seen. `lastStill` and
 * `firstMoving` bracket the stroke; `end` is when the last ball stopped.
 */
export function unseenFacts(events: readonly ShotEvent[], lastStill: number, firstMoving: number, end: number, unseen: readonly Stretch[]): Uncertainty[] {
  if (unseen.length === 0) return [];
  const grown = unseen.map((u) => ({ from: u.from - EDGE, to: u.to + EDGE }));
  const firstContact = events.find((e) => e.type === 'contact' && (e.a === 0 || e.b === 0));
  // With no first contact seen, it may lie anywhere in the shot.
  const contactT = firstContact?.t ?? end;
  const out: Uncertainty[] = [];
  const add = (fact: UncertainFact, seconds: number, alternatives: Uncertainty['alternatives'] = []): void => {
    if (seconds > 0) out.push({ fact, alternatives, margin: Math.round(seconds * 1000) / 1000 });
  };
  // Over the stroke and up to the first contact: which ball was hit first, balls moving at the stroke, the head string.
  const stroke = covered(grown, lastStill, contactT);
  const seenFirst = firstContact && firstContact.type === 'contact' ? [[firstContact.a, firstContact.b]] : [];
  add('firstContact', stroke, seenFirst);
  add('moving', covered(grown, lastStill - 0.2, firstMoving), [true, false]);
  add('cross', stroke, [true, false]);
  // After the first contact: the cushions and the pockets.
  const path = covered(grown, contactT, end + 0.2);
  add('railAfterContact', path, [true, false]);
  add('pocket', path, [true, false]);
  return out;
}

/** What the near-miss checks need of a shot. */
export interface NearInput {
  events: readonly ShotEvent[];
  /** Where each ball rested at the strike. */
  start: readonly BallPosition[];
  /** The cue ball's path: where it was at time t (its model), and when the shot ends. */
  cueAt: ((t: number) => { x: number; y: number }) | null;
  /** Where the cue ball came to rest (a slow ball creeps on after its last motion read). */
  cueEnd: { x: number; y: number } | null;
  /** Every ball's readings: the cue ball's (a slow ball's creep is read where its model has it at rest), and all for a rail after contact read within the error. */
  readings: ReadonlyMap<BallId, { readonly samples: readonly Sample[] }>;
  /** Cushion events read from a gap alone (gentle touches, no kink: a path reaching near a face, a ball resting against one): the gap read and the reach it counts within. */
  reached?: ReadonlyMap<ShotEvent, ReachedGap>;
  strikeT: number;
  end: number;
  frameTime: number;
  /** Position noise σ (m) of each ball's readings. */
  noise: ReadonlyMap<BallId, number>;
  table: TableGeometry;
}

/** Time (s) a slow cue ball may creep on after its last motion read (it reads as still below 3 cm/s). */
const CREEP = 3;
/** A cue-ball contact time is known to within a frame: two balls met within one are too close to call. */
const CONTACT_FRAMES = 1;
/** A path this close (m, beyond 2R) to a ball, or a gap this close to the frozen tolerance, is within the measurement's error … */
const NEAR_MIN = 0.0015;
/** … or within this many times the readings' noise. */
const NEAR_NOISE = 3;

/** Object balls whose first event in the shot is a cushion or a pocket: they moved, and no hit on them was read. */
function movedUnhit(events: readonly ShotEvent[]): Set<BallId> {
  const seen = new Set<BallId>();
  const out = new Set<BallId>();
  for (const e of events) {
    if (e.type === 'contact') { seen.add(e.a); seen.add(e.b); }
    else if ((e.type === 'cushion' || e.type === 'pocket') && e.ball !== 0 && !seen.has(e.ball)) { seen.add(e.ball); out.add(e.ball); }
  }
  return out;
}

/**
 * Facts within the measurement's error: the cue ball's first two contacts with different balls a
 * frame apart or less; a ball the cue ball's path came within a graze of, before its first contact
 * (or at all), without a contact read (within a radius, for a ball that then moved with no hit
 * read on it); a first contact on a ball that then stayed put (`stayedPut`); the first ball hit
 * (and the cue ball to it) at the frozen tolerance, give or take the error, or a ball whose first
 * touch of a cushion it lay at that tolerance from is the only rail after the first contact
 * (`frozenRailMargin`); with no rail read after the first contact and nothing pocketed, a ball
 * that left its place read at a cushion's face, give or take the error.
 */
export function nearFacts(n: NearInput): Uncertainty[] {
  const out: Uncertainty[] = [];
  const R = n.table.ballRadius;
  const sigma = (id: BallId): number => n.noise.get(id) ?? 0;
  /** How far (m) a ball at p lies off the nearest cushion's face. */
  const gapOf = (p: { x: number; y: number }): number => Math.min(...CUSHIONS.map((c) => distanceToCushion(n.table.spec, c, p))) - R;
  const cueContacts = n.events.filter((e): e is Extract<ShotEvent, { type: 'contact' }> => e.type === 'contact' && (e.a === 0 || e.b === 0));
  const other = (e: Extract<ShotEvent, { type: 'contact' }>): BallId => (e.a === 0 ? e.b : e.a);
  const first = cueContacts[0];
  const second = first ? cueContacts.find((e) => other(e) !== other(first)) : undefined;
  if (first && second && second.t - first.t <= CONTACT_FRAMES * n.frameTime) {
    out.push({ fact: 'firstContact', alternatives: [[0, other(first)], [0, other(second)]], margin: round6(second.t - first.t) });
  }
  // A graze: the path came within the error of touching a ball (or overlapped it) before the first contact read.
  if (!out.some((u) => u.fact === 'firstContact')) {
    const unexplained = movedUnhit(n.events);
    const until = first?.t ?? n.end;
    // The cue ball's readings from the strike on (a creeping ball reads as still while it closes the last millimetres).
    const cueReadings = n.readings.get(0 as BallId)?.samples ?? [];
    const r = cueReadings.slice(indexAtOrBefore(cueReadings, n.strikeT - 1e-9) + 1, indexAtOrBefore(cueReadings, first?.t ?? n.end + CREEP) + 1);
    // Of the balls passed within their error, the one passed first is named (14.1 6567 30.07 s:
    // the cue ball struck off the 9 it was frozen to, and a second later passed the 4).
    let named: { id: BallId; miss: number; when: number } | null = null;
    for (const b of n.start) {
      if (b.id === 0 || b.moving || (first && other(first) === b.id)) continue;
      // A ball that went on to move with no hit read on it was hit by something: where the cue
      // ball passed within a radius of its reading, a reading a centimetre off (beside a cushion
      // or a ball) may have hidden that hit (9-ball 6525 39.73 s).
      const err = unexplained.has(b.id) ? R : Math.max(NEAR_MIN, NEAR_NOISE * Math.hypot(sigma(0), sigma(b.id)));
      let closest = Infinity;
      let when = Infinity;
      const pass = (x: number, y: number, t: number): void => {
        const d = Math.hypot(x - b.x, y - b.y);
        closest = Math.min(closest, d);
        if (d - 2 * R <= err) when = Math.min(when, t);
      };
      for (let t = n.strikeT; n.cueAt && t <= until; t += n.frameTime / 4) {
        const p = n.cueAt(t);
        pass(p.x, p.y, t);
      }
      if (!first && n.cueEnd) pass(n.cueEnd.x, n.cueEnd.y, n.end);
      // The readings, three at a time.
      for (let k = 1; k + 1 < r.length; k++) {
        pass((r[k - 1]!.x + r[k]!.x + r[k + 1]!.x) / 3, (r[k - 1]!.y + r[k]!.y + r[k + 1]!.y) / 3, r[k]!.t);
      }
      if (when < (named?.when ?? Infinity)) named = { id: b.id, miss: closest - 2 * R, when };
    }
    if (named) {
      const seen: UncertainAlternative[] = first ? [[0, other(first)]] : ['none'];
      out.push({ fact: 'firstContact', alternatives: [[0, named.id], ...seen], margin: round6(Math.abs(named.miss)) });
    }
  }
  if (first && !out.some((u) => u.fact === 'firstContact')) {
    const moved = stayedPut(n, other(first), first.t, gapOf);
    if (moved !== null) out.push({ fact: 'firstContact', alternatives: [[0, other(first)], second ? [0, other(second)] : 'none'], margin: round6(moved) });
  }
  // Frozen: the first ball hit to a cushion, and the cue ball to it, at the tolerance give or take the error.
  if (first) {
    const hit = n.start.find((b) => b.id === other(first));
    const cue = n.start.find((b) => b.id === 0);
    if (hit) {
      const err = Math.max(NEAR_MIN, NEAR_NOISE * sigma(hit.id));
      const gap = gapOf(hit);
      if (Math.abs(gap - FROZEN_TOLERANCE) <= err) out.push({ fact: 'frozen', alternatives: [true, false], margin: round6(Math.abs(gap - FROZEN_TOLERANCE)) });
      if (cue && !out.some((u) => u.fact === 'frozen')) {
        const g = Math.hypot(cue.x - hit.x, cue.y - hit.y) - 2 * R;
        const e2 = Math.max(NEAR_MIN, NEAR_NOISE * Math.hypot(sigma(0), sigma(hit.id)));
        if (Math.abs(g - FROZEN_TOLERANCE) <= e2) out.push({ fact: 'frozen', alternatives: [true, false], margin: round6(Math.abs(g - FROZEN_TOLERANCE)) });
      }
    }
  }
  // A rail after contact that counts or not by a ball's lying frozen to that cushion (its first
  // touch of a cushion it lay frozen to is no rail, shot-facts.ts), at the tolerance give or take
  // the error, with no other rail or pocket after the first contact to settle it (9-ball 6781
  // 41.76 s at 1080p60: the 6, 5.0 mm off the foot cushion, read 1.9 mm off it; its rebound off
  // that cushion after the 1 hit it was the shot's only rail, not counted: G18b on a legal shot).
  if (first && !out.some((u) => u.fact === 'frozen')) {
    const near = frozenRailMargin(n, first.t, sigma);
    if (near !== null) out.push({ fact: 'frozen', alternatives: [true, false], margin: round6(near) });
  }
  // A rail after contact within the error: nothing pocketed and no cushion read after the first
  // contact, but a ball that had left its place, or come nearer a face by more than the error,
  // was read at a cushion's face, give or take the error (9-ball 6351: the cue ball rolling along
  // the foot cushion after it met the 2 beside it; 14.1 6653: the 2 nudged from 5 mm to 0.4 mm).
  // Or the other way: the only rails read after it are gaps read within the error of the reach
  // they count within: paths that came to REACH of a face (8-ball 6602 20.82 s: the 4 rolling
  // past a jaw 3.1 mm clear, its path read 1.5 mm from it), or balls that rolled to rest at a
  // face, read against it (14.1 6753 36.47 s: the cue ball stopped 1.2 mm short of the foot
  // cushion, read 0.2 mm from it).
  const after = first ? n.events.filter((e) => (e.type === 'cushion' || e.type === 'pocket' || e.type === 'off-table') && e.t >= first.t) : [];
  // How far inside the reach each of them came, where it is within the error.
  const inside = after.flatMap((e) => {
    const read = e.type === 'cushion' ? n.reached?.get(e) : undefined;
    return e.type === 'cushion' && read !== undefined && read.gap >= read.reach - Math.max(NEAR_MIN, NEAR_NOISE * sigma(e.ball)) ? [read.reach - read.gap] : [];
  });
  if (after.length > 0 && inside.length === after.length) {
    out.push({ fact: 'railAfterContact', alternatives: [true, false], margin: round6(Math.min(...inside)) });
  }
  if (first && after.length === 0) {
    let near: number | null = null;
    for (const [id, { samples: r }] of n.readings) {
      const from = n.start.find((b) => b.id === id);
      const err = Math.max(NEAR_MIN, NEAR_NOISE * sigma(id));
      const wasAt = from ? gapOf(from) : Infinity;
      for (let k = Math.max(0, indexAtOrBefore(r, first.t)); k < r.length && r[k]!.t <= n.end + RAIL_CREEP; k++) {
        const p = r[k]!;
        if (p.t <= first.t) continue;
        const gap = gapOf(p);
        // Near its place and no nearer the face than it lay, by the error: a ball that stayed where it was.
        if (from && Math.hypot(p.x - from.x, p.y - from.y) <= LEFT_ITS_PLACE && wasAt - gap <= err) continue;
        if (gap <= err && (near === null || Math.abs(gap) < near)) near = Math.abs(gap);
      }
    }
    if (near !== null) out.push({ fact: 'railAfterContact', alternatives: [true, false], margin: round6(near) });
  }
  return out;
}

/**
 * How near the frozen tolerance (m) lay a ball whose first touch after the first contact (at
 * `from`) of a cushion counts as a rail or not by that alone, when no rail that surely counts and
 * no pocket came after the first contact; null otherwise.
 */
function frozenRailMargin(n: NearInput, from: number, sigma: (id: BallId) => number): number | null {
  const R = n.table.ballRadius;
  const touched = new Set<string>();
  let near: number | null = null;
  for (const e of n.events) {
    if (e.t < from) continue;
    if (e.type === 'pocket') return null;
    if (e.type !== 'cushion') continue;
    const key = `${e.ball}/${e.cushion}`;
    const firstTouch = !touched.has(key);
    touched.add(key);
    const lay = e.ball !== 0 && firstTouch ? n.start.find((b) => b.id === e.ball) : undefined;
    // Not an object ball's first touch of that cushion: a rail whatever the gap.
    if (!lay) return null;
    const gap = distanceToCushion(n.table.spec, e.cushion, lay) - R;
    const off = Math.abs(gap - FROZEN_TOLERANCE);
    if (off <= Math.max(NEAR_MIN, NEAR_NOISE * sigma(e.ball))) near = Math.min(near ?? Infinity, off);
    // Clear of the cushion beyond the error: a rail.
    else if (gap > FROZEN_TOLERANCE) return null;
  }
  return near;
}

/**
 * How far (m) a ball met at `from` strayed from where it lay, where it stayed put (within
 * STAYED_PUT), leaning on no cushion or ball, and was not pocketed: a hit read from the cue
 * ball's path alone (a ball met moves off, however thin the hit, unless what it leans on takes
 * the push), and a path bent by the image of a ball passed close reads the same (9-ball 6814
 * 23.45 s at 1080p60: the cue ball passed the 2 3.2 mm clear at 2.3 m/s and was read grazing
 * it; the truth's first contact is none, G18a beside the scratch). Null otherwise.
 */
function stayedPut(n: NearInput, hit: BallId, from: number, gapOf: (p: { x: number; y: number }) => number): number | null {
  const R = n.table.ballRadius;
  const lay = n.start.find((b) => b.id === hit);
  if (!lay || gapOf(lay) < LEANS || n.start.some((b) => b.id !== hit && Math.hypot(b.x - lay.x, b.y - lay.y) < 2 * R + LEANS)) return null;
  if (n.events.some((e) => e.type === 'pocket' && e.ball === hit)) return null;
  const after = (n.readings.get(hit)?.samples ?? []).filter((p) => p.t >= from && p.t <= n.end);
  if (after.length === 0) return null;
  const moved = Math.max(...after.map((p) => Math.hypot(p.x - lay.x, p.y - lay.y)));
  return moved <= STAYED_PUT ? moved : null;
}

/** A ball met that stays within this (m) of where it lay did not move off: no push reached it. */
const STAYED_PUT = 0.003;

/** Time (s) after the last motion read in which a slow ball may still reach a cushion. */
const RAIL_CREEP = 0.5;
/** A ball read this far (m) from where it lay at the strike, or nearer a face by the error, had left its place (a ball frozen to a cushion that stays there is no rail after contact). */
const LEFT_ITS_PLACE = 0.01;

const round6 = (v: number): number => Math.round(v * 1e6) / 1e6;
