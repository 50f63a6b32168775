// Where the balls are after a shot: on the bed, pocketed (down), off the table; plus spotting.
// Invariant: bed + down + off is always the game's full set of balls, each exactly once.
import { objectBallsOf, type BallId } from '../contract/ids.ts';
import type { BallPosition, Respot, ShotLine } from '../contract/log.ts';
import { headSpot, BALL_DIAMETER } from '../table/spec.ts';
import { spotBalls, trianglePositions } from './respot.ts';
import type { ShotFacts } from './shot-facts.ts';
import type { RefereeState } from './state.ts';

const allIds = (s: RefereeState): BallId[] => [0 as BallId, ...objectBallsOf(s.match.game)];

/** Rebuilds down/off so that the three sets partition the full set. */
export function withBed(s: RefereeState, bed: BallPosition[], offIds: readonly BallId[]): RefereeState {
  const onBed = new Set(bed.map((b) => b.id));
  const off = allIds(s).filter((id) => offIds.includes(id) && !onBed.has(id));
  const down = allIds(s).filter((id) => !onBed.has(id) && !off.includes(id));
  return { ...s, bed: bed.map((b) => ({ id: b.id, x: b.x, y: b.y })), down, off };
}

/** The bed after a shot: the end positions, without anything pocketed or off the table. */
export function bedAfterShot(s: RefereeState, shot: ShotLine, f: ShotFacts): RefereeState {
  const gone = new Set<BallId>([...f.pocketed.map((p) => p.ball), ...f.offTable]);
  const source = f.end ?? f.start;
  const bed = source.filter((b) => !gone.has(b.id));
  const off = [...s.off.filter((id) => !bed.some((b) => b.id === id)), ...f.offTable];
  return withBed(s, bed, off);
}

/** Spots balls per G23.1 and puts them on the bed. The cue ball in hand is no obstacle. */
export function applySpots(s: RefereeState, spots: readonly { id: BallId; rule: string }[]): { state: RefereeState; respot: Respot[] } {
  if (spots.length === 0) return { state: s, respot: [] };
  const ids = [...new Set(spots.map((x) => x.id))];
  const ignore: BallId[] = s.ballInHand !== 'none' ? [0 as BallId] : [];
  const placed = spotBalls(s.table, ids, s.bed.filter((b) => !ids.includes(b.id)), 'G23.1', ignore)
    .map((r) => ({ ...r, rule: spots.find((x) => x.id === r.id)?.rule ?? 'G23.1' }));
  const bed = [...s.bed.filter((b) => !ids.includes(b.id)), ...placed.map((r) => ({ id: r.id, x: r.x, y: r.y }))];
  return { state: withBed(s, bed, s.off), respot: placed };
}

/**
 * 14.1 re-rack (S): when one object ball is left, the other 14 are racked in the triangle with
 * the apex empty; with none left, all 15 are racked. A 15th ball lying in the rack area goes to
 * the head spot (the centre spot if the cue ball is there); a cue ball lying there is taken in hand behind the head string.
 */
export function rerackStraightPool(s: RefereeState): { state: RefereeState; respot: Respot[]; cueInRack: boolean } | null {
  const objects = s.bed.filter((b) => b.id !== 0);
  if (objects.length > 1) return null;
  const triangle = trianglePositions(s.table);
  const slots = objects.length === 1 ? triangle.slice(1) : triangle;
  const racked = objectBallsOf('14.1').filter((id) => !objects.some((b) => b.id === id));
  const respot: Respot[] = racked.map((id, i) => ({ id, x: slots[i]!.x, y: slots[i]!.y, rule: 'S' }));
  const inRack = (b: BallPosition): boolean =>
    Number.isFinite(b.x) && triangle.some((p) => Math.hypot(p.x - b.x, p.y - b.y) < BALL_DIAMETER);
  const fifteenth = objects[0];
  const others: BallPosition[] = [];
  if (fifteenth) {
    if (inRack(fifteenth)) {
      // The head spot, or the centre spot when the cue ball lies on the head spot.
      const cueBall = s.bed.find((b) => b.id === 0);
      const head = headSpot(s.table);
      const spot = cueBall && Math.hypot(cueBall.x - head.x, cueBall.y - head.y) < BALL_DIAMETER ? { x: 0, y: 0 } : head;
      respot.push({ id: fifteenth.id, x: spot.x, y: spot.y, rule: 'S' });
      others.push({ id: fifteenth.id, x: spot.x, y: spot.y });
    } else others.push(fifteenth);
  }
  const cue = s.bed.find((b) => b.id === 0);
  const cueInRack = cue !== undefined && inRack(cue);
  if (cue && !cueInRack) others.push(cue);
  const bed = [...others, ...respot.filter((r) => r.id !== fifteenth?.id).map((r) => ({ id: r.id, x: r.x, y: r.y }))];
  return { state: withBed(s, bed, []), respot, cueInRack };
}
