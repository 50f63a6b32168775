// Camera cuts, as a broadcast makes them: a close-up, another camera, a replay of the last shot.
// A recording with cuts shows the table view most of the time and, for about two seconds in every
// other shot, something else: between shots, over the stroke, or over the balls coming to rest.
// The truth (truth.jsonl, tracks.jsonl) stays the table's; cuts.jsonl says when the view was away.
import type { ShotRecord } from '../game/index.ts';
import type { CameraOptions } from '../render/index.ts';
import { Rng } from '../render/prng.ts';

export type CutKind = 'close-up' | 'other-camera' | 'replay';
export type CutPlacement = 'between' | 'stroke' | 'rest';

export interface Cut {
  /** Times (s) of the first frame away and of the first frame back. */
  from: number;
  to: number;
  kind: CutKind;
  placement: CutPlacement;
  /** A replay shows the scene from this time on (at half speed). */
  replayFrom?: number;
}

const KINDS: readonly CutKind[] = ['close-up', 'other-camera', 'replay'];
const PLACEMENTS: readonly CutPlacement[] = ['between', 'stroke', 'rest'];
/** How long a cut lasts (s). */
export const CUT_LENGTH = 2;

/** A cut in every other shot (the 2nd, 4th, …), its kind and placement drawn from the seed. */
export function planCuts(shots: readonly ShotRecord[], seed: number, duration: number): Cut[] {
  const rng = new Rng(seed ^ 0xc075);
  const cuts: Cut[] = [];
  let prevEnd = 0;
  shots.forEach((s, i) => {
    const before = prevEnd;
    prevEnd = s.endT;
    if (i % 2 === 0) return;
    let placement = PLACEMENTS[rng.int(PLACEMENTS.length)]!;
    const previous = shots[i - 1];
    // Brisk pauses leave no room for a whole cut between shots: then over the stroke.
    if (placement === 'between' && s.strikeT - 0.5 - (before + 0.3) < CUT_LENGTH) placement = 'stroke';
    let kind = KINDS[rng.int(KINDS.length)]!;
    if (kind === 'replay' && !previous) kind = 'close-up';
    let from: number;
    if (placement === 'between') {
      // In the pause before the stroke: back at least half a second before it.
      const room = s.strikeT - 0.5 - (before + 0.3);
      from = before + 0.3 + rng.range(0, room - CUT_LENGTH);
    } else if (placement === 'stroke') {
      from = s.strikeT - rng.range(0.4, 1.6);
    } else {
      from = s.endT - rng.range(0.4, 1.6);
    }
    from = Math.max(from, (cuts[cuts.length - 1]?.to ?? 0) + 0.5);
    const to = Math.min(from + CUT_LENGTH, duration);
    if (to - from < 0.5) return;
    cuts.push({ from, to, kind, placement, ...(kind === 'replay' && previous ? { replayFrom: previous.strikeT - 0.3 } : {}) });
  });
  return cuts;
}

/** The cut a frame at time t falls in, if any. */
export const cutAt = (cuts: readonly Cut[], t: number): Cut | undefined => cuts.find((c) => t >= c.from && t < c.to);

/** The scene time a cut shows at t: the same moment, or for a replay the last shot at half speed. */
export const cutSceneTime = (c: Cut, t: number): number => (c.kind === 'replay' && c.replayFrom !== undefined ? c.replayFrom + 0.5 * (t - c.from) : t);

/** A close-up: the table camera zoomed about three times onto a point of the bed. */
export function closeUpCamera(base: CameraOptions, seed: number): CameraOptions {
  const rng = new Rng(seed ^ 0xc105e);
  return { ...base, margin: -1.4, aimX: rng.range(-0.8, 0.8), aimY: rng.range(-0.35, 0.35) };
}

/** Another camera: a broadcast view from behind a short rail, 50–65° from straight down. */
export function otherCamera(base: CameraOptions, seed: number): CameraOptions {
  const rng = new Rng(seed ^ 0x07e4);
  const tilt = rng.range(0.87, 1.13);
  const side = rng.next() < 0.5 ? 1 : -1;
  return { ...base, tiltX: 0, tiltY: side * tilt, roll: side * (Math.PI / 2), margin: 0.04, aimX: 0, aimY: 0 };
}
