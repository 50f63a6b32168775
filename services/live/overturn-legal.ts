// Overturning a foul call to legal: the operator saw a legal shot where the camera's facts made a
// foul. The referee's facts are corrected (the line is amended, its original kept) so that the
// rules engine itself judges the shot legal; each foul code names the fact behind it. A foul no
// camera fact explains (a break's count of balls to a cushion, 14.1's opening break) cannot be
// cleared this way: the operator voids the shot instead.
import type { BallId, Cushion, Game } from '../contract/ids.ts';
import { CUSHIONS } from '../contract/ids.ts';
import type { BallPosition, Foul, ShotEvent, ShotLine } from '../contract/log.ts';
import { BALL_RADIUS, distanceToCushion, headStringX, type TableSpec } from '../table/spec.ts';
import { RefereeError } from './referee-session.ts';

import type { BallPath } from './types.ts';

export interface LegalContext {
  game: Game;
  table: TableSpec;
  /** The balls' paths the camera saw during the shot (where a ball the camera lost ended). */
  paths: readonly BallPath[];
  /** The ball the cue ball hit first, when the camera had it wrong (or none). */
  ball?: BallId;
}

const EPS = 0.001;
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

/** The shot with the facts behind `fouls` corrected so that it is legal. */
export function legalShot(shot: ShotLine, fouls: readonly Foul[], c: LegalContext): ShotLine {
  let s: ShotLine = { ...shot, events: shot.events.map((e) => ({ ...e })), ...(shot.start ? { start: { balls: shot.start.balls.map((b) => ({ ...b })) } } : {}) };
  const codes = new Set(fouls.map((f) => f.code));
  const uncleared = [...codes].filter((code) => !CORRECTABLE.has(code));
  if (uncleared.length > 0) {
    throw new RefereeError(409, 'overturn/not-a-camera-fact', `${uncleared.join(', ')}: no fact of the camera explains it; void the shot instead`);
  }
  if (codes.has('foul/ball-moving') && s.start) s.start = { balls: s.start.balls.map(({ moving: _m, ...b }) => b) };
  if (codes.has('foul/cue-ball-not-in-kitchen') || codes.has('foul/break-not-from-kitchen')) s = cueInKitchen(s, c.table);
  if (codes.has('foul/scratch') || codes.has('foul/cue-ball-off-table')) s = keptOnBed(s, (id) => id === 0, c);
  if (codes.has('foul/object-ball-off-table')) s = keptOnBed(s, (id) => id !== 0, c, ['off-table']);
  if (codes.has('foul/no-ball-hit') || codes.has('foul/wrong-ball-first') || codes.has('foul/break-wrong-ball-first')) {
    const ball = c.ball ?? requiredBall(s, c.game);
    if (ball === null) throw new RefereeError(400, 'overturn/ball', 'name the ball the cue ball hit first (body/ball)');
    s = withFirstContact(s, ball);
  }
  if (codes.has('foul/simultaneous-hit')) s = oneFirstContact(s, c.ball);
  if (codes.has('foul/hit-before-head-string') || codes.has('foul/break-hit-before-head-string')) s = crossedFirst(s);
  if (codes.has('foul/no-rail-after-contact') || codes.has('foul/frozen-ball-no-rail')) s = railAfterContact(s, c);
  return s;
}

const CORRECTABLE = new Set([
  'foul/ball-moving', 'foul/cue-ball-not-in-kitchen', 'foul/break-not-from-kitchen', 'foul/scratch', 'foul/cue-ball-off-table',
  'foul/object-ball-off-table', 'foul/no-ball-hit', 'foul/wrong-ball-first', 'foul/break-wrong-ball-first', 'foul/simultaneous-hit',
  'foul/hit-before-head-string', 'foul/break-hit-before-head-string', 'foul/no-rail-after-contact', 'foul/frozen-ball-no-rail',
  // Follows from the others: cleared with them.
  'foul/third-consecutive',
]);

/** 9-ball: the lowest ball on the table; other games need the operator to name it. */
function requiredBall(s: ShotLine, game: Game): BallId | null {
  if (game !== '9ball') return null;
  const ids = (s.start?.balls ?? []).map((b) => b.id).filter((id) => id !== 0);
  return ids.length > 0 ? (Math.min(...ids) as BallId) : null;
}

function cueInKitchen(s: ShotLine, t: TableSpec): ShotLine {
  if (!s.start) return s;
  const limit = headStringX(t) - BALL_RADIUS;
  return { ...s, start: { balls: s.start.balls.map((b) => (b.id === 0 && b.x > limit ? { ...b, x: round4(limit) } : b)) } };
}

/** Balls the camera had leaving the bed stay on it, at the end of their path (or where they started). */
function keptOnBed(s: ShotLine, which: (id: BallId) => boolean, c: LegalContext, types: ShotEvent['type'][] = ['pocket', 'off-table']): ShotLine {
  const gone = new Set<BallId>();
  const events = s.events.filter((e) => {
    if ((e.type === 'pocket' || e.type === 'off-table') && types.includes(e.type) && which(e.ball)) { gone.add(e.ball); return false; }
    return true;
  });
  const end = s.end ?? { balls: [] };
  const balls = [...end.balls];
  for (const id of gone) {
    if (balls.some((b) => b.id === id)) continue;
    const last = c.paths.find((p) => p.id === id)?.points.at(-1);
    const from = s.start?.balls.find((b) => b.id === id);
    const at = last ? { x: last[0], y: last[1] } : from ? { x: from.x, y: from.y } : null;
    if (!at) throw new RefereeError(409, 'overturn/ball-unseen', `the ${id === 0 ? 'cue ball' : id} was never seen on the bed`);
    balls.push(onBed({ id, ...at }, c.table));
  }
  return { ...s, events, end: { ...end, balls } };
}

function onBed(b: BallPosition, t: TableSpec): BallPosition {
  const hx = t.length / 2 - BALL_RADIUS;
  const hy = t.width / 2 - BALL_RADIUS;
  return { id: b.id, x: round4(Math.max(-hx, Math.min(hx, b.x))), y: round4(Math.max(-hy, Math.min(hy, b.y))) };
}

const cueContacts = (events: readonly ShotEvent[]) => events.filter((e): e is Extract<ShotEvent, { type: 'contact' }> => e.type === 'contact' && e.a === 0);

/** Two first contacts at once: the named ball (or the first listed) was hit first. */
function oneFirstContact(s: ShotLine, ball: BallId | undefined): ShotLine {
  const contacts = cueContacts(s.events);
  const t0 = contacts[0]?.t;
  if (t0 === undefined) return s;
  const firsts = contacts.filter((e) => e.t === t0);
  const keep = firsts.find((e) => e.b === ball) ?? firsts[0]!;
  const events = s.events.map((e) => (e.type === 'contact' && e.a === 0 && e.t === t0 && e !== keep ? { ...e, t: t0 + EPS } : e));
  return { ...s, events: sortEvents(events) };
}

/** The cue ball crossed the head string just before its first contact. */
function crossedFirst(s: ShotLine): ShotLine {
  const first = cueContacts(s.events)[0];
  if (!first) return s;
  const strike = s.events.find((e) => e.type === 'strike')?.t ?? -Infinity;
  const events = s.events.filter((e) => !(e.type === 'cross' && e.ball === 0));
  events.push({ t: Math.max(strike, first.t - EPS), type: 'cross', ball: 0, line: 'head-string' });
  return { ...s, events: sortEvents(events) };
}

/** The cue ball reached a cushion after the first contact: the one nearest where it ended. */
function railAfterContact(s: ShotLine, c: LegalContext): ShotLine {
  const first = cueContacts(s.events)[0];
  if (!first) return s;
  const endCue = s.end?.balls.find((b) => b.id === 0);
  const last = c.paths.find((p) => p.id === 0)?.points.at(-1);
  const at = endCue ?? (last ? { x: last[0], y: last[1] } : { x: 0, y: 0 });
  const cushion = nearestCushion(c.table, at);
  return { ...s, events: sortEvents([...s.events, { t: first.t + EPS, type: 'cushion', ball: 0, cushion }]) };
}

function nearestCushion(t: TableSpec, p: { x: number; y: number }): Cushion {
  let best: Cushion = 'head';
  for (const k of CUSHIONS) if (distanceToCushion(t, k, p) < distanceToCushion(t, best, p)) best = k;
  return best;
}

function sortEvents(events: ShotEvent[]): ShotEvent[] {
  return events.map((e, i) => ({ e, i })).sort((a, b) => a.e.t - b.e.t || a.i - b.i).map((x) => x.e);
}

/** The shot with its first cue-ball contact on `ball` (added just after the strike if it had none). */
export function withFirstContact(shot: ShotLine, ball: BallId): ShotLine {
  const events: ShotEvent[] = shot.events.map((e) => ({ ...e }));
  const first = events.find((e): e is Extract<ShotEvent, { type: 'contact' }> => e.type === 'contact' && e.a === 0);
  if (first) {
    const old = first.b;
    first.b = ball;
    // A later contact of the cue ball with the newly named ball keeps the old one instead.
    for (const e of events) if (e !== first && e.type === 'contact' && e.a === 0 && e.b === ball) e.b = old;
  } else {
    const strike = events.find((e) => e.type === 'strike')?.t ?? shot.t ?? 0;
    events.push({ t: strike + 0.05, type: 'contact', a: 0, b: ball });
    events.sort((a, b) => a.t - b.t);
  }
  return { ...shot, events };
}
