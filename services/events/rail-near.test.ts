import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import type { ShotEvent, ShotLine } from '../contract/log.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import { standardTable } from '../table/geometry.ts';
import { REACH, type ReachedGap } from './cushion-touch.ts';
import { inferEvents } from './infer.ts';
import { nearFacts, type NearInput } from './uncertain.ts';

// 9-ball 6351, 40.1 s, as the vision read it: the cue ball rolls down the foot cushion, meets the
// 2 lying beside it, and rolls on along the cushion, read at its face. The truth has the cue ball
// touching the cushion again after the hit (a rail after contact, a legal shot); nothing in the
// readings says whether it did.
const FPS = 60;
const table = standardTable('9ft');
const FACE = table.spec.length / 2 - table.ballRadius;

function frames(offFace: number): TrackFrame[] {
  const out: TrackFrame[] = [];
  const two = { x: FACE - 0.0414, y: 0 };
  const hitY = 0.0394; // the cue ball's y when it meets the 2 (centres 2R apart)
  for (let k = 0; k < 4 * FPS; k++) {
    const t = k / FPS;
    // At rest until 1 s, then 0.6 m/s down the cushion to the 2, then 0.2 m/s on for 0.3 s.
    const tHit = 1 + (0.3 - hitY) / 0.6;
    const y = t < 1 ? 0.3 : t < tHit ? 0.3 - 0.6 * (t - 1) : hitY - 0.2 * Math.min(t - tHit, 0.3);
    const x = t < tHit ? FACE : FACE - offFace * Math.min(1, (t - tHit) / 0.05);
    const s = Math.min(Math.max(0, t - tHit), 0.4);
    const twoAt = { x: two.x - 0.72 * (0.8 * s - s * s), y: two.y - 0.69 * (0.8 * s - s * s) };
    out.push({ frame: k, t, balls: [{ id: 0 as BallId, x, y }, { id: 2 as BallId, ...twoAt }, { id: 9 as BallId, x: -0.8, y: 0.2 }] });
  }
  return out;
}

const shotOf = (offFace: number): ShotLine => inferEvents(frames(offFace), { table: '9ft', useOccluded: false }).find((l): l is ShotLine => l.kind === 'shot')!;

describe('a rail after contact within the measurement\'s error (nearFacts)', () => {
  it('marks the shot too close to call when, with no rail read after the hit, the cue ball rolls on at the cushion\'s face', () => {
    const shot = shotOf(0);
    const first = shot.events.find((e) => e.type === 'contact')!;
    expect(first).toMatchObject({ a: 0, b: 2 });
    const railAfter = shot.events.some((e) => e.type === 'cushion' && e.t >= first.t);
    expect(railAfter || (shot.uncertain ?? []).some((u) => u.fact === 'railAfterContact')).toBe(true);
    expect(railAfter).toBe(false);
  });

  it('does not mark it when the cue ball rolls on 2 cm off the cushion', () => {
    expect((shotOf(0.02).uncertain ?? []).some((u) => u.fact === 'railAfterContact')).toBe(false);
  });
});

// The other way round: the only rail read after the first contact is a gentle touch, a path that
// came within REACH of a face by less than the readings' error (8-ball 6602 20.82 s: the 4 passing
// a jaw 3.1 mm clear, read as touching it).
describe('a rail after contact read within the measurement\'s error (nearFacts, reached)', () => {
  const FT = 1 / 60;
  const hit: ShotEvent = { t: 1.2, type: 'contact', a: 0, b: 4 };
  const rail: ShotEvent = { t: 1.5, type: 'cushion', ball: 4 as BallId, cushion: 'left-head' };
  const marked = (events: ShotEvent[], reached: Map<ShotEvent, ReachedGap>, noise = 0.0004): boolean => {
    const n: NearInput = {
      events: [{ t: 1, type: 'strike' }, ...events], start: [{ id: 0 as BallId, x: 0, y: 0 }, { id: 4 as BallId, x: 0.5, y: 0 }],
      cueAt: null, cueEnd: null, readings: new Map(), reached, strikeT: 1, end: 2, frameTime: FT,
      noise: new Map([[0 as BallId, noise], [4 as BallId, noise]]), table,
    };
    return nearFacts(n).some((u) => u.fact === 'railAfterContact');
  };
  const path = (gap: number): Map<ShotEvent, ReachedGap> => new Map([[rail, { gap, reach: REACH }]]);
  // A ball that rolled to rest read within REST_TOUCH (0.5 mm) of a face, not shown by its
  // approach to have rolled past it (14.1 6753 36.47 s: the cue ball stopped 1.2 mm short of the
  // foot cushion, read 0.2 mm from it: G18b missed).
  const rest = (gap: number): Map<ShotEvent, ReachedGap> => new Map([[rail, { gap, reach: 0.0005 }]]);
  it.each([
    ['a path 2.5 mm from the face (0.5 mm inside the reach)', [hit, rail], path(0.0025), true],
    ['a path 1 mm from the face (2 mm inside: beyond the error)', [hit, rail], path(0.001), false],
    ['a kink at the cushion (a touch seen, not a reach)', [hit, rail], new Map<ShotEvent, ReachedGap>(), false],
    ['a near reach and a ball pocketed after the hit', [hit, rail, { t: 1.6, type: 'pocket', ball: 4 as BallId, pocket: 'head-left' } as ShotEvent], path(0.0025), false],
    ['a ball resting 0.2 mm from the face', [hit, rail], rest(0.0002), true],
    ['a ball resting read 1.5 mm into the face (beyond the error)', [hit, rail], rest(-0.0015), false],
  ] as const)('%s: marked %s', (_name, events, reached, expected) => {
    expect(marked([...events], reached)).toBe(expected);
  });
  it('widens the error with the readings\' noise: a path 1 mm from the face is within it at σ 0.8 mm', () => {
    expect(REACH - 0.001).toBeLessThan(3 * 0.0008);
    expect(marked([hit, rail], path(0.001), 0.0008)).toBe(true);
  });
});

// No rail read after the first contact, and a ball that barely moved rests near a face: it stayed
// where it lay (a ball frozen to a cushion) unless it came nearer the face by more than the error
// (14.1 6653: the 2 nudged from 5 mm off the side cushion to 0.4 mm off it).
describe('a rail after contact within the error for a ball nudged a few millimetres (nearFacts)', () => {
  const FACE = table.spec.width / 2 - table.ballRadius;
  const marked = (fromGap: number, toGap: number): boolean => {
    const readings = new Map([[4 as BallId, { samples: [1.5, 1.6, 1.7].map((t) => ({ t, x: 0.5, y: FACE - toGap })) }]]);
    const n: NearInput = {
      events: [{ t: 1, type: 'strike' }, { t: 1.2, type: 'contact', a: 0, b: 4 }],
      start: [{ id: 0 as BallId, x: 0.5, y: 0 }, { id: 4 as BallId, x: 0.5, y: FACE - fromGap }],
      cueAt: null, cueEnd: null, readings, strikeT: 1, end: 2, frameTime: 1 / 60,
      noise: new Map([[0 as BallId, 0.0003], [4 as BallId, 0.0003]]), table,
    };
    return nearFacts(n).some((u) => u.fact === 'railAfterContact');
  };
  it.each([
    ['nudged from 5 mm to 1 mm off the face: marked', 0.005, 0.001, true],
    ['lying 1 mm off the face and staying there: not marked', 0.001, 0.001, false],
    ['nudged from 9 mm to 5 mm off the face (beyond the error of it): not marked', 0.009, 0.005, false],
  ] as const)('%s', (_name, fromGap, toGap, expected) => {
    expect(marked(fromGap, toGap)).toBe(expected);
  });
});

// The only rail after the first contact is an object ball's first touch of a cushion it lay at the
// frozen tolerance of, give or take the error: frozen, that touch is no rail (G18b); clear, it is
// (9-ball 6781 41.76 s: the 6, 5.0 mm off the foot cushion, read 1.9 mm off it).
describe('a rail after contact decided by a ball lying at the frozen tolerance (nearFacts, frozen)', () => {
  const FACE = table.spec.length / 2 - table.ballRadius;
  const hit: ShotEvent = { t: 1.2, type: 'contact', a: 0, b: 1 };
  const kiss: ShotEvent = { t: 1.4, type: 'contact', a: 1, b: 6 };
  const foot: ShotEvent = { t: 1.6, type: 'cushion', ball: 6 as BallId, cushion: 'foot' };
  const marked = (gap: number, more: ShotEvent[] = []): boolean => {
    const n: NearInput = {
      events: [{ t: 1, type: 'strike' }, hit, kiss, foot, ...more],
      start: [{ id: 0 as BallId, x: 0, y: 0 }, { id: 1 as BallId, x: 0.9, y: -0.3 }, { id: 6 as BallId, x: FACE - gap, y: -0.4 }],
      cueAt: null, cueEnd: null, readings: new Map(), strikeT: 1, end: 2, frameTime: 1 / 60,
      noise: new Map([[0 as BallId, 0.0003], [1 as BallId, 0.0003], [6 as BallId, 0.0003]]), table,
    };
    return nearFacts(n).some((u) => u.fact === 'frozen');
  };
  it.each([
    ['lying 1.9 mm off the cushion (frozen, within the error of 3 mm)', 0.0019, [], true],
    ['lying 4 mm off it (clear, within the error)', 0.004, [], true],
    ['lying 0.5 mm off it (frozen beyond the error)', 0.0005, [], false],
    ['lying 6 mm off it (clear beyond the error)', 0.006, [], false],
    ['1.9 mm off, and the cue ball to a cushion after the hit', 0.0019, [{ t: 1.7, type: 'cushion', ball: 0 as BallId, cushion: 'left-head' }], false],
    ['1.9 mm off, and a ball pocketed after the hit', 0.0019, [{ t: 1.7, type: 'pocket', ball: 1 as BallId, pocket: 'foot-left' }], false],
    ['1.9 mm off, and back to the same cushion later (a rail whatever the gap)', 0.0019, [{ t: 1.9, type: 'cushion', ball: 6 as BallId, cushion: 'foot' }], false],
  ] as const)('%s: marked %s', (_name, gap, more, expected) => {
    expect(marked(gap, [...more] as ShotEvent[])).toBe(expected);
  });
});

// A first contact read on a ball that then stays where it lay, leaning on nothing: a ball met moves
// off, so the contact was read from the cue ball's path alone, as a path bent by a ball passed
// close reads (9-ball 6814 23.45 s: the cue ball passed the 2 3.2 mm clear and was read grazing it).
describe('a first contact on a ball that stayed put (nearFacts, firstContact)', () => {
  const marked = (twoAt: { x: number; y: number }, movedBy: number, more: { id: number; x: number; y: number }[] = []): boolean => {
    const samples = [1.3, 1.5, 1.8].map((t, k) => ({ t, x: twoAt.x + (k === 2 ? movedBy : 0), y: twoAt.y }));
    const n: NearInput = {
      events: [{ t: 1, type: 'strike' }, { t: 1.2, type: 'contact', a: 0 as BallId, b: 2 as BallId }, { t: 1.6, type: 'cushion', ball: 0 as BallId, cushion: 'foot' }],
      start: [{ id: 0 as BallId, x: 0, y: 0 }, { id: 2 as BallId, ...twoAt }, ...more.map((b) => ({ ...b, id: b.id as BallId }))],
      cueAt: null, cueEnd: null, readings: new Map([[2 as BallId, { samples }]]), strikeT: 1, end: 2, frameTime: 1 / 60,
      noise: new Map([[0 as BallId, 0.0003], [2 as BallId, 0.0003]]), table,
    };
    return nearFacts(n).some((u) => u.fact === 'firstContact');
  };
  it.each([
    ['in the open, read 1 mm from where it lay', { x: 0.6, y: -0.2 }, 0.001, [], true],
    ['in the open, moved off 2 cm', { x: 0.6, y: -0.2 }, 0.02, [], false],
    ['frozen to another ball (which takes the push)', { x: 0.6, y: -0.2 }, 0.001, [{ id: 5, x: 0.6 + 2 * table.ballRadius + 0.001, y: -0.2 }], false],
    ['2 mm off a cushion (which takes the push)', { x: 0.6, y: table.spec.width / 2 - table.ballRadius - 0.002 }, 0.001, [], false],
  ] as const)('%s: marked %s', (_name, at, moved, more, expected) => {
    expect(marked(at, moved, [...more])).toBe(expected);
  });
});
