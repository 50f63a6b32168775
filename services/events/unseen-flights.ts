// A ball hit hard toward a pocket can be a blur the vision does not know: its own track stops
// where it rested (or a frame after it left), and a short track of no known ball flies into a
// pocket a moment later (14.1 6331, 30.1 s: the 3 hit at 8 m/s; 14.1 6334, 48.2 s: the 8). Left
// so, the ball that dropped is "lost" and the pocket is missed. Here such a flight gets the name
// of the one ball that can have flown it: last seen just before, where the flight's line comes
// from, not seen again, and no other ball fits. The frames are rewritten before inference (a
// pure function of the tracks: live and replay alike).
import type { BallId } from '../contract/ids.ts';
import type { TrackBall, TrackFrame } from '../contract/tracks.ts';
import { capturingPocket, type TableGeometry } from '../table/geometry.ts';
import { indexAtOrBefore } from './series.ts';
import { MAX_BALL_SPEED } from '../table/spec.ts';

/** A flight lasts at most this long (s) from its first sighting to its last. */
const FLIGHT_MAX = 0.6;
/** …and moves at least this fast (m/s) on average. */
const FLIGHT_MIN_SPEED = 1;
/** Its last sighting lies this close (m) to a pocket's mouth, or its line enters the pocket within FLIGHT_AHEAD (s). */
const MOUTH_REACH = 0.12;
const FLIGHT_AHEAD = 0.1;
/**
 * The ball that flew it was last seen at most this long (s) before the flight's first sighting,
 * no farther than a ball goes at MAX_BALL_SPEED in the time between…
 */
const LAST_SEEN_BEFORE = 0.5;
/** …and is not seen again until this long (s) after the flight's end. */
const GONE_FOR = 1;

interface Sighting { k: number; t: number; x: number; y: number }

/** The seen (not occluded) sightings of each unnamed track and of each ball, in frame order. */
function sightings(frames: readonly TrackFrame[]): { unnamed: Map<number, Sighting[]>; named: Map<BallId, Sighting[]> } {
  const unnamed = new Map<number, Sighting[]>();
  const named = new Map<BallId, Sighting[]>();
  frames.forEach((f, k) => f.balls.forEach((b) => {
    if (b.occluded) return;
    const s = { k, t: f.t, x: b.x, y: b.y };
    if (b.id !== null) {
      const list = named.get(b.id);
      if (list) list.push(s);
      else named.set(b.id, [s]);
    } else if (b.track !== undefined) {
      const list = unnamed.get(b.track);
      if (list) list.push(s);
      else unnamed.set(b.track, [s]);
    }
  }));
  return { unnamed, named };
}

/** Whether the flight ends in a pocket: its last sighting at a mouth, or its line into the capture circle just after. */
function endsInPocket(path: readonly Sighting[], table: TableGeometry): boolean {
  const last = path[path.length - 1]!;
  const prev = path[path.length - 2]!;
  const dt = last.t - prev.t;
  const vx = (last.x - prev.x) / dt, vy = (last.y - prev.y) / dt;
  if (table.pockets.some((p) => Math.hypot(last.x - p.mouthCentre.x, last.y - p.mouthCentre.y) < MOUTH_REACH)) return true;
  for (let s = 0; s <= FLIGHT_AHEAD; s += 0.005) {
    if (capturingPocket(table, { x: last.x + vx * s, y: last.y + vy * s })) return true;
  }
  return false;
}

/** A flight into a pocket: a short, fast unnamed track whose last sighting is at a pocket. */
function isFlight(path: readonly Sighting[], table: TableGeometry): boolean {
  if (path.length < 2) return false;
  const a = path[0]!, b = path[path.length - 1]!;
  const dur = b.t - a.t;
  return dur > 0 && dur <= FLIGHT_MAX && Math.hypot(b.x - a.x, b.y - a.y) / dur >= FLIGHT_MIN_SPEED && endsInPocket(path, table);
}

/** Whether ball sighting `s` can be where the flight came from: behind it on its line, reachable in the time between. */
function flewFrom(s: Sighting, path: readonly Sighting[], R: number): boolean {
  const a = path[0]!, b = path[Math.min(2, path.length - 1)]!;
  const dt = a.t - s.t;
  if (!(dt > 0) || dt > LAST_SEEN_BEFORE) return false;
  const dx = a.x - s.x, dy = a.y - s.y, d = Math.hypot(dx, dy);
  if (d > MAX_BALL_SPEED * dt) return false;
  const ux = b.x - a.x, uy = b.y - a.y, u = Math.hypot(ux, uy);
  if (!(u > 0)) return false;
  // Moving away from it, and its line passes near it (the first sightings of a blur are rough).
  const along = (dx * ux + dy * uy) / u;
  const across = Math.abs(dx * uy - dy * ux) / u;
  return along > 0 && across <= Math.max(3 * R, 0.08 * d);
}

/**
 * The frames with each flight into a pocket named after the one ball that can have flown it;
 * that ball's guessed (occluded) positions from its last sighting on are dropped. Frames without
 * such a flight come back as they were.
 */
export function nameUnseenFlights(frames: readonly TrackFrame[], table: TableGeometry): TrackFrame[] {
  const { unnamed, named } = sightings(frames);
  const renames: { track: number; id: BallId; from: number; to: number; lastSeen: number; backAt: number }[] = [];
  const used = new Set<BallId>();
  for (const [track, path] of unnamed) {
    if (!isFlight(path, table)) continue;
    const first = path[0]!, end = path[path.length - 1]!;
    const fits: { id: BallId; lastSeen: Sighting; backAt: number }[] = [];
    for (const [id, seen] of named) {
      // Its last sighting before the flight, and its next one after that.
      const i = indexAtOrBefore(seen, first.t - 1e-9);
      if (i < 0) continue;
      const next = seen[i + 1];
      if (next && next.t <= end.t + GONE_FOR) continue;
      if (flewFrom(seen[i]!, path, table.ballRadius)) fits.push({ id, lastSeen: seen[i]!, backAt: next?.k ?? frames.length });
    }
    if (fits.length !== 1 || used.has(fits[0]!.id)) continue;
    const f = fits[0]!;
    used.add(f.id);
    renames.push({ track, id: f.id, from: first.k, to: end.k, lastSeen: f.lastSeen.k, backAt: f.backAt });
  }
  if (!renames.length) return [...frames];
  return frames.map((f, k) => {
    const touched = renames.filter((r) => k > r.lastSeen && k < r.backAt);
    if (!touched.length) return f;
    const balls = f.balls.flatMap((b): TrackBall[] => {
      const r = touched.find((x) => (b.id === x.id && b.occluded) || (b.id === null && b.track === x.track && k >= x.from && k <= x.to && !b.occluded));
      if (!r) return [b];
      if (b.id === r.id) return []; // the ball's own track guessing where it went
      const { track: _t, ...rest } = b;
      return [{ ...rest, id: r.id }];
    });
    return { ...f, balls };
  });
}
