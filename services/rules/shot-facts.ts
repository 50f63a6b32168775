// What happened in one shot, read from the shot line alone (plus the table): first contact,
// cushions after it, pocketings, balls off the table, the head-string crossing, frozen balls.
// The rules read these facts; they never look at physics or pixels.
import { CUSHIONS, type BallId, type Cushion, type Pocket } from '../contract/ids.ts';
import type { BallPosition, ShotEvent, ShotLine } from '../contract/log.ts';
import { BALL_DIAMETER, distanceToCushion, headStringX, type TableSpec } from '../table/spec.ts';

/**
 * A ball is "frozen" to a cushion or to another ball when the gap between them at the strike
 * is at most this many metres (3 mm: camera noise and hand-rounded coordinates stay inside it).
 */
export const FROZEN_TOLERANCE = 0.003;
/** A ball whose end position is within this of its start position did not move. */
export const MOVED_TOLERANCE = 0.005;
const SAME_INSTANT = 1e-9;

export interface Pocketing {
  ball: BallId;
  pocket: Pocket;
  t: number;
}

export interface ShotFacts {
  strikeT: number;
  start: BallPosition[];
  end: BallPosition[] | null;
  /** Balls rolling or spinning at the strike (G10). */
  moving: BallId[];
  cueStart: BallPosition | null;
  /** Time of the cue ball's first contact with an object ball (G18l included). */
  firstContactT: number | null;
  /** Balls the cue ball hit at that instant (more than one: a simultaneous hit). */
  firstHit: BallId[];
  /** Cushion touched by any ball after the first contact (a frozen ball leaving its own cushion excluded). */
  railAfterContact: boolean;
  /** The cue ball touched a cushion after the first contact. */
  cueRailAfterContact: boolean;
  /** Cushions touched after the first contact, per ball (excluding a frozen ball's own cushion). */
  railsAfterContact: Map<BallId, Set<Cushion>>;
  /** Object balls that touched any cushion during the shot (break requirement). */
  objectBallsToCushion: Set<BallId>;
  pocketed: Pocketing[];
  offTable: BallId[];
  /** Time the cue ball first crossed the head string, or null. */
  cueCrossT: number | null;
  /** Cushions each ball was frozen to at the strike. */
  frozenToCushion: Map<BallId, Cushion[]>;
}

export const dist = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.hypot(a.x - b.x, a.y - b.y);

/** Two balls are frozen together: their centres within a diameter and FROZEN_TOLERANCE (G18l). */
export const frozenTogether = (a: { x: number; y: number }, b: { x: number; y: number }): boolean => dist(a, b) <= BALL_DIAMETER + FROZEN_TOLERANCE;
const known = (b: BallPosition): boolean => Number.isFinite(b.x) && Number.isFinite(b.y);

export function frozenCushions(t: TableSpec, b: BallPosition): Cushion[] {
  if (!known(b)) return [];
  return CUSHIONS.filter((c) => distanceToCushion(t, c, b) <= BALL_DIAMETER / 2 + FROZEN_TOLERANCE);
}

export function inKitchen(t: TableSpec, b: BallPosition): boolean {
  // Behind (not on) the head string; an unknown position is given the benefit of the doubt.
  return !known(b) || b.x < headStringX(t);
}

/** Did ball `id` move during the shot (any event of its own, or a changed resting place)? */
function moved(id: BallId, events: readonly ShotEvent[], start: BallPosition | undefined, end: BallPosition[] | null): boolean {
  for (const e of events) {
    if (e.type === 'contact' && (e.a === id || e.b === id) && e.a !== 0) return true;
    if ((e.type === 'cushion' || e.type === 'pocket' || e.type === 'off-table' || e.type === 'cross') && e.ball === id) return true;
  }
  if (!end || !start || !known(start)) return false;
  const after = end.find((b) => b.id === id);
  return after === undefined || dist(after, start) > MOVED_TOLERANCE;
}

export function readShot(shot: ShotLine, t: TableSpec, bed: readonly BallPosition[]): ShotFacts {
  const events = shot.events;
  const start = shot.start?.balls ?? bed.map((b) => ({ ...b }));
  const end = shot.end?.balls ?? null;
  const strikeT = events.find((e) => e.type === 'strike')?.t ?? shot.t ?? events[0]?.t ?? 0;
  const byId = new Map(start.map((b) => [b.id, b]));
  const cueStart = byId.get(0) ?? null;

  // G18l / G18a: a ball the cue ball is frozen to counts as hit only if it moved.
  const cueFrozenTo = cueStart && known(cueStart)
    ? start.filter((b) => b.id !== 0 && known(b) && frozenTogether(b, cueStart)).map((b) => b.id)
    : [];
  const frozenMoved = new Set(cueFrozenTo.filter((id) => moved(id, events, byId.get(id), end)));
  const cueContacts: { t: number; ball: BallId }[] = [];
  for (const e of events) {
    if (e.type !== 'contact' || e.a !== 0) continue;
    if (cueFrozenTo.includes(e.b) && !frozenMoved.has(e.b) && cueContacts.length === 0) continue;
    cueContacts.push({ t: e.t, ball: e.b });
  }
  for (const id of frozenMoved) {
    if (!cueContacts.some((c) => c.ball === id)) cueContacts.unshift({ t: strikeT, ball: id });
  }
  cueContacts.sort((a, b) => a.t - b.t);
  const firstContactT = cueContacts[0]?.t ?? null;
  const firstHit = firstContactT === null
    ? []
    : [...new Set(cueContacts.filter((c) => c.t - firstContactT <= SAME_INSTANT).map((c) => c.ball))];

  const frozenToCushion = new Map<BallId, Cushion[]>();
  for (const b of start) {
    const cs = frozenCushions(t, b);
    if (cs.length > 0) frozenToCushion.set(b.id, cs);
  }

  const railsAfterContact = new Map<BallId, Set<Cushion>>();
  const objectBallsToCushion = new Set<BallId>();
  const ownCushionLeft = new Set<string>();
  let cueCrossT: number | null = null;
  const pocketed: Pocketing[] = [];
  const offTable: BallId[] = [];
  for (const e of events) {
    if (e.type === 'cushion') {
      if (e.ball !== 0) objectBallsToCushion.add(e.ball);
      if (firstContactT === null || e.t < firstContactT) continue;
      // An object ball frozen to a cushion "touches" it when it leaves: that first touch is no rail.
      const key = `${e.ball}/${e.cushion}`;
      if (e.ball !== 0 && frozenToCushion.get(e.ball)?.includes(e.cushion) && !ownCushionLeft.has(key)) {
        ownCushionLeft.add(key);
        continue;
      }
      const set = railsAfterContact.get(e.ball) ?? new Set<Cushion>();
      set.add(e.cushion);
      railsAfterContact.set(e.ball, set);
    } else if (e.type === 'pocket') {
      if (!pocketed.some((p) => p.ball === e.ball)) pocketed.push({ ball: e.ball, pocket: e.pocket, t: e.t });
    } else if (e.type === 'off-table') {
      if (!offTable.includes(e.ball)) offTable.push(e.ball);
    } else if (e.type === 'cross' && e.ball === 0 && cueCrossT === null) {
      cueCrossT = e.t;
    }
  }
  // G23.2b: a ball that left the bed and came back by itself rests on the bed at the end
  // (end.balls): it is not off the table. A pocket event is final (G23.2d is the event layer's job).
  const backOnBed = new Set(end?.map((b) => b.id) ?? []);
  const stayedOff = offTable.filter((id) => !backOnBed.has(id));
  return {
    strikeT,
    start,
    end,
    moving: start.filter((b) => b.moving === true).map((b) => b.id),
    cueStart,
    firstContactT,
    firstHit,
    railAfterContact: railsAfterContact.size > 0,
    cueRailAfterContact: railsAfterContact.has(0),
    railsAfterContact,
    objectBallsToCushion,
    pocketed,
    offTable: stayedOff,
    cueCrossT,
    frozenToCushion,
  };
}

export const objectPocketed = (f: ShotFacts): BallId[] => f.pocketed.map((p) => p.ball).filter((b) => b !== 0);
export const cuePocketed = (f: ShotFacts): boolean => f.pocketed.some((p) => p.ball === 0);
export const cueOffTable = (f: ShotFacts): boolean => f.offTable.includes(0);
