import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import { standardTable } from '../table/geometry.ts';
import type { Sample } from './series.ts';
import { findVanishings, lastingSightings } from './vanish.ts';

describe('findVanishings: a ball gone after the shot seemed over', () => {
  const table = standardTable('9ft');
  // The 6 at rest 9 cm from the foot-right pocket's corner; the shot ended at 31.6 s; from 32.0 s
  // the player's arm hides it until after the next shot began (33.5 s).
  const rest = (t: number): Sample => ({ t, x: 1.182, y: -0.601 });
  const frames = (from: number, to: number): number[] => Array.from({ length: Math.round((to - from) * 60) + 1 }, (_, k) => from + k / 60);
  const vanishings = (samples: Sample[]) =>
    findVanishings(new Map<BallId, { samples: Sample[] }>([[6, { samples }]]), table, 28.85, 31.6, 33.5, 60);

  it('is not pocketed when one jumpy sample (a hand half over it) tilts the fit but it covers no way', () => {
    const samples = frames(31.0, 31.98).map(rest);
    samples[samples.length - 2] = { t: samples[samples.length - 2]!.t, x: 1.209, y: -0.568 };
    expect(vanishings(samples)).toEqual([]);
  });

  it('is not pocketed when the player stood over it past the next stroke and it is back where it was', () => {
    // Hidden from 31.55 s (before the shot was over) until 34.0 s, after the next shot began.
    const samples = [...frames(31.0, 31.55).map(rest), ...frames(34.0, 34.5).map(rest)];
    expect(vanishings(samples)).toEqual([]);
  });

  it('is pocketed when it was still creeping into the pocket', () => {
    const samples = frames(31.0, 31.98).map((t) => ({ t, x: 1.182 + 0.03 * (t - 31.0), y: -0.601 - 0.03 * (t - 31.0) }));
    const v = vanishings(samples);
    expect(v).toHaveLength(1);
    expect(v[0]!.events[0]).toMatchObject({ type: 'pocket', ball: 6, pocket: 'foot-right' });
  });
});

describe('findVanishings: off the table only at speed into a cushion; otherwise lost, not gone', () => {
  const table = standardTable('9ft');
  const frames = (from: number, to: number): number[] => Array.from({ length: Math.round((to - from) * 60) + 1 }, (_, k) => from + k / 60);
  const vanishings = (samples: Sample[]) =>
    findVanishings(new Map<BallId, { samples: Sample[] }>([[4, { samples }]]), table, 10, 14, 20, 60);

  it('a ball rolling at 0.8 m/s that vanishes mid-bed (hidden, its track lost) is lost: no off-table event', () => {
    const v = vanishings(frames(10, 11).map((t) => ({ t, x: -0.6 + 0.8 * (t - 10), y: 0.1 })));
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ ball: 4, events: [], lost: true });
  });

  it('a ball flying at 4 m/s at the long cushion and gone is off the table, over that cushion', () => {
    // Along y toward the head-side long cushion (y = +0.635 nose), last seen 4 cm short of it.
    const v = vanishings(frames(10, 10.15).map((t) => ({ t, x: 0.3, y: 0.5 - 0.6 + 4 * (t - 10) })));
    expect(v).toHaveLength(1);
    expect(v[0]!.lost).toBeUndefined();
    expect(v[0]!.events.map((e) => e.type)).toEqual(['cushion', 'off-table']);
  });
});

describe('findVanishings: a number flickering onto another ball is not the ball seen again', () => {
  const table = standardTable('9ft');
  const frames = (from: number, to: number): number[] => Array.from({ length: Math.round((to - from) * 60) + 1 }, (_, k) => from + k / 60);
  // 14.1 6382, 29.4 s: the 10 rolls along the foot cushion into the foot-right pocket at 0.8 m/s
  // and is last seen in its mouth; the shot goes on until 31 s.
  const rolling = frames(29.0, 29.383).map((t) => ({ t, x: 1.236, y: -0.33 - 0.8 * (t - 29.0) }));
  const vanishings = (samples: Sample[]) =>
    findVanishings(lastingSightings(new Map<BallId, { samples: Sample[] }>([[10, { samples }]])), table, 28.4, 31, 40, 60);

  it('is pocketed when a racked ball 0.8 m away reads as the 10 for five frames half a second later', () => {
    const flicker = frames(29.9, 29.967).map((t) => ({ t, x: 0.736, y: 0 }));
    const v = vanishings([...rolling, ...flicker]);
    expect(v).toHaveLength(1);
    expect(v[0]!.events[0]).toMatchObject({ type: 'pocket', ball: 10, pocket: 'foot-right' });
  });

  it('is not gone when it is seen again for good, or moving (a flight seen as a blur)', () => {
    // Back on the bed at rest from 29.9 s on, for seconds: it left the pocket's mouth (a rattle).
    expect(vanishings([...rolling, ...frames(29.9, 33).map((t) => ({ t, x: 1.1, y: -0.5 }))])).toEqual([]);
    // A short stretch that moves is kept as a sighting.
    const moving = frames(29.9, 29.967).map((t) => ({ t, x: 0.736 + 2 * (t - 29.9), y: 0 }));
    const v = vanishings([...rolling, ...moving]);
    expect(v).toHaveLength(1);
    expect(v[0]!.lastSeen.t).toBeCloseTo(29.967, 3);
  });
});

describe('findVanishings: a ball at rest in the jaws drops only when something reaches it', () => {
  const table = standardTable('9ft');
  const frames = (from: number, to: number): number[] => Array.from({ length: Math.round((to - from) * 60) + 1 }, (_, k) => from + k / 60);
  // 8-ball 6544 at 1080p60: the 6 in the head-left jaws all shot (-1.254, 0.607), unseen from the
  // moment the balls stopped (the player over the corner) to the recording's end.
  const jaws = (t: number): Sample => ({ t, x: -1.254, y: 0.607 });
  const vanishings = (others: [BallId, Sample[]][]) =>
    findVanishings(new Map<BallId, { samples: Sample[] }>([[6, { samples: frames(55, 60.4).map(jaws) }], ...others.map(([id, samples]): [BallId, { samples: Sample[] }] => [id, { samples }])]), table, 55.35, 60.42, 70, 61);

  it('is lost, not pocketed, when no ball came near it', () => {
    const v = vanishings([[0, frames(55, 61).map((t) => ({ t, x: 0.2, y: -0.1 }))]]);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ ball: 6, events: [], lost: true });
  });

  it('is pocketed in that pocket when the cue ball reached it as it went', () => {
    // The cue ball rolls at 1 m/s along the head cushion and meets the 6 at 60.4 s.
    const cue = frames(59.6, 61).map((t) => ({ t, x: -1.254 + 0.057 + Math.max(0, 60.4 - t), y: 0.607 }));
    const v = vanishings([[0, cue]]);
    expect(v).toHaveLength(1);
    expect(v[0]!.events[0]).toMatchObject({ type: 'pocket', ball: 6, pocket: 'head-left' });
  });
});

describe('findVanishings: a ball into a jaw at speed may have flown off the table', () => {
  const table = standardTable('9ft');
  const frames = (from: number, to: number): number[] => Array.from({ length: Math.round((to - from) * 60) + 1 }, (_, k) => from + k / 60);
  const vanishings = (samples: Sample[]) => findVanishings(new Map<BallId, { samples: Sample[] }>([[4, { samples }]]), table, 36.9, 37.5, 40, 60);

  it('9-ball 6537: the 4 at 6.4 m/s along the head-right corner, into its jaw, is pocketed with overJaw', () => {
    const v = vanishings(frames(36.917, 36.967).map((t) => ({ t, x: -0.874 - 6.4 * (t - 36.917), y: -0.592 })));
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ ball: 4, overJaw: true });
    expect(v[0]!.events[0]).toMatchObject({ type: 'pocket', pocket: 'head-right' });
  });

  it('a ball as fast along the corner pocket\'s axis is pocketed without doubt', () => {
    const s = 6 / Math.SQRT2;
    const v = vanishings(frames(36.917, 36.95).map((t) => ({ t, x: -1.02 - s * (t - 36.917), y: -0.385 - s * (t - 36.917) })));
    expect(v).toHaveLength(1);
    expect(v[0]!.overJaw).toBeUndefined();
    expect(v[0]!.events[0]).toMatchObject({ type: 'pocket', pocket: 'head-right' });
  });

  it('a ball into the jaw at 2 m/s dropped', () => {
    const v = vanishings(frames(36.917, 37.1).map((t) => ({ t, x: -0.874 - 2 * (t - 36.917), y: -0.592 })).filter((p) => p.x > -1.2));
    expect(v).toHaveLength(1);
    expect(v[0]!.overJaw).toBeUndefined();
    expect(v[0]!.events[0]).toMatchObject({ type: 'pocket', pocket: 'head-right' });
  });
});

describe('findVanishings: a ball hit while hidden, seen for a moment on its way into a pocket', () => {
  const table = standardTable('9ft');
  // Hidden at rest mid-bed from before the strike, hit, seen twice near the foot-left pocket (30 fps), gone.
  it('is pocketed: it left its place, so it did not drop where it lay', () => {
    const samples: Sample[] = [...[0.8, 0.833, 0.867].map((t) => ({ t, x: 0.335, y: 0.009 })), { t: 1.4, x: 1.12, y: 0.5 }, { t: 1.433, x: 1.16, y: 0.53 }];
    const cue: Sample[] = Array.from({ length: 60 }, (_, k) => ({ t: 0.8 + k / 30, x: 0.274, y: -0.03 }));
    const v = findVanishings(new Map<BallId, { samples: Sample[] }>([[4, { samples }], [0, { samples: cue }]]), table, 0.95, 2, 5, 10);
    expect(v).toHaveLength(1);
    expect(v[0]!.lost).toBeUndefined();
    expect(v[0]!.events[0]).toMatchObject({ type: 'pocket', ball: 4, pocket: 'foot-left' });
  });
});

describe('findVanishings: a ball that dropped and was brought back by a hand', () => {
  const table = standardTable('9ft');
  const frames = (from: number, to: number): number[] => Array.from({ length: Math.round((to - from) * 60) + 1 }, (_, k) => from + k / 60);
  // 8-ball 6557 at 1080p60: the cue ball rolls at 1 m/s into the foot-right pocket's mouth and is
  // last seen there at 34.733 s; 1.7 s later a hand lays it down 38 cm from the mouth, moving.
  // The shot's window runs on to 36.65 s (its placing is read as its motion).
  const into = frames(34.2, 34.733).map((t) => ({ t, x: 1.252 - 0.6 * (34.733 - t), y: -0.603 + 0.8 * (34.733 - t) }));
  const laid = frames(36.417, 39).map((t) => ({ t, x: 1.062 - 0.17 * (Math.min(t, 36.65) - 36.417), y: -0.268 + 0.5 * (Math.min(t, 36.65) - 36.417) }));
  const seven = (moving: boolean) => frames(34.2, 39).map((t) => ({ t, x: 0.4 + (moving ? 0.3 * (Math.min(t, 36.5) - 34.2) : 0), y: 0.2 }));
  const vanishings = (sevenMoving: boolean) =>
    findVanishings(new Map<BallId, { samples: Sample[] }>([[0, { samples: [...into, ...laid] }], [7, { samples: seven(sevenMoving) }]]), table, 33.55, 36.66, 38.8, 60);

  it('is pocketed when the table lay still as it showed up again away from the mouth', () => {
    const v = vanishings(false);
    expect(v).toHaveLength(1);
    expect(v[0]!.events[0]).toMatchObject({ type: 'pocket', ball: 0, pocket: 'foot-right' });
  });

  it('is only hidden when it shows up while another ball still rolls (it may have come back out of the jaws)', () => {
    expect(vanishings(true)).toEqual([]);
  });
});
