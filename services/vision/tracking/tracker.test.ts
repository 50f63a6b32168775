import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { greedyAssign, hungarian } from '../numeric/hungarian.ts';
import { CUE_ON_TABLE_BONUS, assignSetIds } from '../identity/rack.ts';
import { TrackVote, assignUnique } from '../identity/vote.ts';
import { ConstantVelocityFilter, CushionBounceFilter } from './motion.ts';
import { BallTracker, tableDistance, type TablePositioned } from './tracker.ts';
import { smearRejoin } from './rejoin.ts';
import type { BallDetection } from '../detection/detect.ts';

interface Det extends TablePositioned {
  tag: string;
}

const FPS = 60;

/** Class probabilities (17) with the given ones, the rest 0.001. */
function dist(w: Record<number, number>): Float32Array {
  const p = new Float32Array(17).fill(0.001);
  for (const [id, v] of Object.entries(w)) p[Number(id)] = v;
  return p;
}

describe('ball tracker', () => {
  it('keeps a rolling ball on its track through a 10-frame occlusion', () => {
    const tracker = new BallTracker<Det>();
    let id: number | null = null;
    for (let k = 0; k < 40; k++) {
      const t = k / FPS;
      const x = -0.5 + 1.2 * t;
      const y = 0.1 - 0.3 * t;
      const hidden = k >= 15 && k < 25;
      const dets: Det[] = hidden ? [] : [{ x, y, tag: 'rolling' }];
      // A resting ball elsewhere, always seen.
      dets.push({ x: 0.8, y: -0.4, tag: 'resting' });
      const out = tracker.update(dets, t);
      const rolling = out.find((b) => (b.detection?.tag ?? 'rolling') === 'rolling' && Math.hypot(b.x - x, b.y - y) < 0.05);
      if (k >= 1) {
        expect(rolling).toBeDefined();
        expect(rolling!.occluded).toBe(hidden);
        id ??= rolling!.trackId;
        expect(rolling!.trackId).toBe(id);
      }
    }
    expect(tracker.tracks).toHaveLength(2);
  });

  it('after frames go missing (a cut away) takes a ball up again only where it was: one that moved starts a new track', () => {
    const tracker = new BallTracker<Det>();
    const still = { x: 0.8, y: -0.4, tag: 'still' };
    const gone = { x: 0.02, y: -0.43, tag: 'gone' };
    let k = 0;
    for (; k < 30; k++) tracker.update([still, gone], k / FPS);
    const idOf = (tag: string, out: ReturnType<typeof tracker.update>): number | undefined => out.find((b) => b.detection?.tag === tag)?.trackId;
    const before = tracker.update([still, gone], k / FPS);
    // Two seconds without frames; then the resting ball, and a ball rolling 0.43 m from where the other rested.
    const after = tracker.update([still, { x: -0.385, y: -0.574, tag: 'rolling' }], k / FPS + 2);
    expect(idOf('still', after)).toBe(idOf('still', before));
    expect(idOf('rolling', after)).not.toBe(idOf('gone', before));
    expect(after.find((b) => b.trackId === idOf('gone', before))?.occluded).toBe(true);
    // Nothing is taken for a stroke across the gap.
    expect(after.some((b) => b.struck)).toBe(false);
  });

  it('keeps resting balls of a cluster apart and drops a track after maxMissedFrames', () => {
    const R = 0.028575;
    const cluster = [0, 1, 2].map((i) => ({ x: 0.3 + 2 * R * i, y: 0, tag: `b${i}` }));
    const tracker = new BallTracker<Det>({ maxMissedFrames: 5 });
    const ids = new Map<string, number>();
    for (let k = 0; k < 10; k++) {
      // Detections arrive in a different order each frame, with millimetre noise.
      const dets = cluster.map((d, i) => ({ ...d, x: d.x + 0.001 * Math.sin(k + i) })).reverse();
      if (k % 2) dets.reverse();
      for (const b of tracker.update(dets, k / FPS)) {
        const tag = b.detection!.tag;
        if (!ids.has(tag)) ids.set(tag, b.trackId);
        expect(b.trackId).toBe(ids.get(tag));
      }
    }
    expect(new Set(ids.values()).size).toBe(3);
    for (let k = 10; k < 17; k++) tracker.update([], k / FPS);
    expect(tracker.tracks).toHaveLength(0);
  });

  it('checks its settings at construction', () => {
    expect(() => new BallTracker<Det>({ maxDistance: -1 })).toThrow(/maxDistance/);
    expect(() => new BallTracker<Det>({ minHits: 0 })).toThrow(/minHits/);
    expect(() => new BallTracker<Det>({ maxMissedFrames: 1.5 })).toThrow(/maxMissedFrames/);
    expect(() => new BallTracker<Det>({ assignment: 'nearest' as 'greedy' })).toThrow(/assignment/);
    expect(() => new BallTracker<Det>({ gateSigmas: -1 })).toThrow(/gateSigmas/);
    expect(() => new ConstantVelocityFilter({ coastDecay: 2 })).toThrow(/coastDecay/);
    expect(() => new BallTracker<Det>({ distance: tableDistance, motion: new ConstantVelocityFilter() })).not.toThrow();
  });

  it('reports a new track from its second detection, or at once when the first is sure (sureAtOnce)', () => {
    const dets = [{ x: 0, y: 0, tag: 'clear' }, { x: 0.5, y: 0, tag: 'vague' }];
    expect(new BallTracker<Det>().update(dets, 0)).toEqual([]);
    const tracker = new BallTracker<Det>({ sureAtOnce: (d) => d.tag === 'clear' });
    expect(tracker.update(dets, 0).map((b) => b.detection?.tag)).toEqual(['clear']);
    expect(tracker.update(dets, 1 / FPS).map((b) => b.detection?.tag).sort()).toEqual(['clear', 'vague']);
    expect(() => new BallTracker<Det>({ sureAtOnce: 1 as unknown as () => boolean })).toThrow(/sureAtOnce/);
  });

  it('resolves a track identity from votes and keeps ball numbers unique', () => {
    const tracker = new BallTracker<Det>({ minHits: 1 });
    const a = { x: 0, y: 0, tag: 'a' };
    const b = { x: 0.5, y: 0, tag: 'b' };
    let out = tracker.update([a, b], 0);
    const [ta, tb] = [out.find((o) => o.detection?.tag === 'a')!.trackId, out.find((o) => o.detection?.tag === 'b')!.trackId];
    expect(out.every((o) => o.id === null)).toBe(true);
    for (let k = 1; k <= 5; k++) {
      // Both tracks lean to 9; track a far more clearly: it keeps 9, b is left unresolved.
      tracker.track(ta)!.identity.add(dist({ 9: 0.98 }));
      tracker.track(tb)!.identity.add(dist({ 9: 0.93, 7: 0.05 }));
      out = tracker.update([a, b], k / FPS);
    }
    expect(out.find((o) => o.trackId === ta)!.id).toBe(9);
    expect(out.find((o) => o.trackId === tb)!.id).toBe(null);
    const v = new TrackVote();
    expect(v.resolved()).toBe(null);
    // One look cannot be sure enough (each class's evidence is floored), two agreeing looks are.
    v.add(dist({ 3: 0.9 }));
    expect(v.resolved()).toBe(null);
    v.add(dist({ 3: 0.9 }));
    expect(v.resolved()).toBe(3);
    v.add(dist({ 5: 0.9 }));
    v.add(dist({ 3: 0.9 }));
    v.add(dist({ 3: 0.9 }));
    expect(v.resolved()).toBe(3);
    // After an occlusion the evidence counts less: fewer contrary observations flip it.
    const [w, hard] = [new TrackVote(), new TrackVote()];
    for (let k = 0; k < 30; k++) for (const x of [w, hard]) x.add(dist({ 3: 0.95 }));
    w.soften(0.2);
    for (let k = 0; k < 6; k++) for (const x of [w, hard]) x.add(dist({ 5: 0.95 }));
    expect(w.resolved()).toBe(5);
    expect(hard.resolved()).toBe(3);
    expect(() => v.add(dist({ 2: 1 }), Number.NaN)).toThrow();
  });

  it('counts a ball whose detections stay within 1.5 cm as at rest though its filtered speed jitters (an elevated broadcast view), so it is read again among the free numbers', () => {
    const tracker = new BallTracker<Det>({ minHits: 1 });
    let out = tracker.update([{ x: 0, y: 0, tag: 'eight' }, { x: 0.5, y: 0, tag: 'purple' }], 0);
    const eight = out.find((o) => o.detection?.tag === 'eight')!.trackId;
    const purple = out.find((o) => o.detection?.tag === 'purple')!.trackId;
    let speed = 0;
    for (let k = 1; k <= 14; k++) {
      tracker.track(eight)!.identity.add(dist({ 8: 0.98 }));
      tracker.track(purple)!.identity.add(dist({ 8: 0.6, 4: 0.35 }));
      const j = ((k % 3) - 1) * 0.007;
      out = tracker.update([{ x: 0, y: 0, tag: 'eight' }, { x: 0.5 + j, y: 0, tag: 'purple' }], k / FPS);
      const p = out.find((o) => o.trackId === purple)!;
      speed = Math.hypot(p.vx, p.vy);
    }
    // Its filtered speed says "moving" (the 0.15 m/s rule alone would not read it again).
    expect(speed).toBeGreaterThan(0.15);
    expect(out.find((o) => o.trackId === eight)!.id).toBe(8);
    expect(out.find((o) => o.trackId === purple)!.id).toBe(4);
  });

  it('names the ball struck from a still table the cue ball (a cream cue ball read as the 14), not a ball set moving by another', () => {
    const tracker = new BallTracker<Det>({ minHits: 1 });
    const cueLooks = dist({ 14: 0.46, 15: 0.3, 0: 0.09 });
    let out = tracker.update([{ x: -0.6, y: 0.2, tag: 'cue' }, { x: 0.4, y: 0.25, tag: 'three' }, { x: 0.7, y: -0.3, tag: 'nine' }], 0);
    const track = (tag: string): number => out.find((o) => o.detection?.tag === tag)!.trackId;
    const cue = track('cue');
    const three = track('three');
    const look = (): void => {
      tracker.track(cue)!.identity.add(cueLooks);
      tracker.track(three)!.identity.add(dist({ 3: 0.95 }));
      tracker.track(track('nine'))!.identity.add(dist({ 9: 0.95 }));
    };
    // At rest for 10 frames: the cue ball reads as the 14.
    for (let k = 1; k <= 10; k++) {
      look();
      out = tracker.update([{ x: -0.6, y: 0.2, tag: 'cue' }, { x: 0.4, y: 0.25, tag: 'three' }, { x: 0.7, y: -0.3, tag: 'nine' }], k / FPS);
    }
    expect(out.find((o) => o.trackId === cue)!.id).toBe(14);
    // The stroke: 5 cm in the first frame (3 m/s), every other ball still; ten looks later, all
    // still reading the 14, the ball is still the cue ball (the lead decays look by look).
    const struck: boolean[] = [];
    for (let k = 11; k <= 20; k++) {
      look();
      const x = -0.6 + 0.05 * (k - 10);
      const threeX = k < 18 ? 0.4 : 0.4 + 0.04 * (k - 17);
      out = tracker.update([{ x, y: 0.2, tag: 'cue' }, { x: threeX, y: 0.25, tag: 'three' }, { x: 0.7, y: -0.3, tag: 'nine' }], k / FPS);
      struck.push(out.some((o) => o.struck));
      const c = out.find((o) => o.trackId === cue)!;
      // Named on the sighting that shows the stroke went on (analyze's backfill names the first one too).
      if (k > 11) expect(c.id).toBe(0);
    }
    // Marked once, on its sighting after the stroke (it went on its way); the 3, leaving rest while the cue ball rolls, is not.
    expect(struck.filter(Boolean)).toHaveLength(1);
    expect(struck[1]).toBe(true);
    expect(out.find((o) => o.trackId === three)!.id).toBe(3);
  });

  it('does not take a ball hit by the rolling cue ball for one struck from a still table, though the cue ball glances away from it (8-ball 6701)', () => {
    // 8-ball 6701 at 1080p60, 42.53-42.72 s, as the detector read them: the cue ball, struck from
    // rest, rolls seven frames into the 6 and glances off; the 6 leaves rest slowly at first. The
    // cue ball goes away from the 6's rest, as a ball the struck one hit would, but it was
    // rolling before: the 6 was taken as struck from a still table, named the cue ball. (The cue
    // ball's own first steps here, 1.6 and 2.4 cm, are under a stroke's 2.5 cm: no mark either.)
    const cueWay: [number, number][] = [[-0.2863, -0.5693], [-0.2665, -0.5554], [-0.2472, -0.5421], [-0.2288, -0.5289], [-0.2107, -0.5164], [-0.1923, -0.5033], [-0.1767, -0.4901], [-0.1741, -0.4757], [-0.1713, -0.4614], [-0.1675, -0.4476], [-0.1635, -0.4335]];
    const sixWay: [number, number][] = [[-0.1203, -0.4996], [-0.1203, -0.4996], [-0.1203, -0.4996], [-0.1203, -0.4996], [-0.1203, -0.4996], [-0.1203, -0.4996], [-0.1171, -0.4996], [-0.1015, -0.5014], [-0.0864, -0.5028], [-0.0711, -0.5025], [-0.0559, -0.505]];
    const tracker = new BallTracker<Det>({ minHits: 1 });
    const nine = { x: 0.85, y: -0.35, tag: 'nine' };
    let out = tracker.update([{ x: -0.2995, y: -0.5787, tag: 'cue' }, { x: -0.128, y: -0.507, tag: 'six' }, nine], 0);
    const six = out.find((o) => o.detection?.tag === 'six')!.trackId;
    const struck: number[] = [];
    for (let k = 1; k <= 60 + cueWay.length + 10; k++) {
      const m = k - 60;
      const c = m < 0 ? [-0.2995, -0.5787] : cueWay[Math.min(m, cueWay.length - 1)]!.map((v, n) => v + (m >= cueWay.length ? (m - cueWay.length + 1) * [0.004, 0.014][n]! : 0));
      const s6 = m < 0 ? (k < 5 ? [-0.128, -0.507] : [-0.1203, -0.4996]) : sixWay[Math.min(m, sixWay.length - 1)]!.map((v, n) => v + (m >= sixWay.length ? (m - sixWay.length + 1) * [0.015, -0.001][n]! : 0));
      out = tracker.update([{ x: c[0]!, y: c[1]!, tag: 'cue' }, { x: s6[0]!, y: s6[1]!, tag: 'six' }, nine], k / FPS);
      struck.push(...out.filter((o) => o.struck).map((o) => o.trackId));
    }
    expect(struck).not.toContain(six);
  });

  it('does not take a resting ball read 3 cm off once (an arm uncovering it) for a stroke; the cue ball struck a moment later is (9-ball 6324)', () => {
    const tracker = new BallTracker<Det>({ minHits: 1 });
    const nine = { x: 0.92, y: -0.27, tag: 'nine' };
    let out = tracker.update([{ x: -1.11, y: -0.403, tag: 'cue' }, { x: 0.544, y: -0.094, tag: 'six' }, nine], 0);
    const cue = out.find((o) => o.detection?.tag === 'cue')!.trackId;
    const six = out.find((o) => o.detection?.tag === 'six')!.trackId;
    const struck: number[] = [];
    for (let k = 1; k <= 40; k++) {
      // Frame 10: the 6 jumps 3 cm (the arm no longer covers part of it) and stays there.
      const sixX = k < 10 ? 0.544 : 0.573;
      // Frame 20: the stroke, 3 cm a frame along +y.
      const cueY = k < 20 ? -0.403 : -0.403 + 0.03 * (k - 19);
      out = tracker.update([{ x: -1.11, y: cueY, tag: 'cue' }, { x: sixX, y: -0.091, tag: 'six' }, nine], k / FPS);
      struck.push(...out.filter((o) => o.struck).map((o) => o.trackId));
    }
    expect(struck).toEqual([cue]);
    expect(struck).not.toContain(six);
  });

  it('marks a stroke while a resting ball\'s readings jitter by centimetres (an elevated real view, game2 clip 1), not when a quiet cue ball moved 2 cm as it was struck into a ball beside it (8-ball 6373, 50.3 s)', () => {
    // The 8, resting, read up to 2 cm either way frame by frame; the cue ball rests 6 cm from the 6, then is struck (4 cm a frame).
    const strikes = (eightJitter: number, cueNudge: number): number[] => {
      const tracker = new BallTracker<Det>({ minHits: 1 });
      let out = tracker.update([{ x: -0.6, y: 0.2, tag: 'cue' }, { x: 0.4, y: 0.25, tag: 'eight' }, { x: -0.6, y: 0.26, tag: 'six' }], 0);
      const id = (tag: string): number => out.find((o) => o.detection?.tag === tag)!.trackId;
      const [cue, six, eight] = [id('cue'), id('six'), id('eight')];
      const struck: number[] = [];
      for (let k = 1; k <= 60; k++) {
        // Every ball named (a ball without a number far away would not count, below).
        for (const [t, n] of [[cue, 0], [six, 6], [eight, 8]] as const) tracker.track(t)?.identity.add(dist({ [n]: 0.9 }));
        const jig = eightJitter * [1, -1, 0.5, -0.5, 0][k % 5]!;
        // Frame 40: the cue ball is struck, or (cueNudge) barely moves while the 6 beside it flies off.
        const cueX = k < 40 ? -0.6 : cueNudge ? -0.6 + cueNudge : -0.6 + 0.04 * (k - 39);
        const sixY = cueNudge && k >= 40 ? 0.26 + 0.04 * (k - 39) : 0.26;
        out = tracker.update([{ x: cueX, y: 0.2, tag: 'cue' }, { x: 0.4 + jig, y: 0.25, tag: 'eight' }, { x: -0.6, y: sixY, tag: 'six' }], k / 30);
        struck.push(...out.filter((o) => o.struck).map((o) => o.trackId));
      }
      return struck.map((t) => (t === cue ? 0 : t === six ? 6 : -1));
    };
    // Without jitter and with it, the cue ball is marked; the jitter alone used to block it.
    expect(strikes(0, 0)).toEqual([0]);
    expect(strikes(0.02, 0)).toEqual([0]);
    // A quiet cue ball nudged 2 cm as the 6 flies off: the table was not still, no mark on the 6.
    expect(strikes(0, 0.02)).toEqual([]);
  });

  it('does not take a ball pushed off by the cue ball touching it (a stun that moved the cue ball 1 cm, 14.1 6350) for the struck one; a ball touching the cue ball from the side does not stop the mark', () => {
    const strikes = (neighbour: { x: number; y: number }, stun: boolean): string[] => {
      const tracker = new BallTracker<Det>({ minHits: 1 });
      const cue0 = { x: -0.6, y: 0.2 };
      let out = tracker.update([{ ...cue0, tag: 'cue' }, { ...neighbour, tag: 'other' }], 0);
      const id = (tag: string): number => out.find((o) => o.detection?.tag === tag)!.trackId;
      const [cue, other] = [id('cue'), id('other')];
      const struck: string[] = [];
      for (let k = 1; k <= 40; k++) {
        const s = Math.max(0, k - 29);
        // stun: the cue ball moves 1 cm and stays; the ball it touches leaves along the line of centres at 3 cm a frame.
        const c = stun ? { x: cue0.x + Math.min(s, 1) * 0.01, y: cue0.y } : { x: cue0.x + 0.03 * s, y: cue0.y };
        const o = stun ? { x: neighbour.x + 0.03 * s, y: neighbour.y } : neighbour;
        out = tracker.update([{ ...c, tag: 'cue' }, { ...o, tag: 'other' }], k / 30);
        struck.push(...out.filter((b) => b.struck).map((b) => (b.trackId === cue ? 'cue' : b.trackId === other ? 'other' : '?')));
      }
      return struck;
    };
    const R = 0.028575;
    expect(strikes({ x: -0.6 + 2 * R + 0.002, y: 0.2 }, true)).toEqual([]);
    expect(strikes({ x: -0.6, y: 0.2 + 2 * R + 0.002 }, false)).toEqual(['cue']);
  });

  it('marks a stroke whose first sighting off rest the cue\'s tip pulled the wrong way (game2 clip 1), once; not a ball a hand moves 3 cm each way and leaves', () => {
    // 25 frames/s. The cue ball rests; from frame 30 its readings (cm from rest, along y then x).
    const marks = (after: readonly (readonly [number, number])[]): number => {
      const tracker = new BallTracker<Det>({ minHits: 1 });
      let out = tracker.update([{ x: 0.35, y: 0.5, tag: 'cue' }, { x: -0.5, y: -0.2, tag: 'eight' }], 0);
      const cue = out.find((o) => o.detection?.tag === 'cue')!.trackId;
      let n = 0;
      for (let k = 1; k < 30 + after.length + 10; k++) {
        const [dy, dx] = k < 30 ? [0, 0] : (after[k - 30] ?? after[after.length - 1]!);
        out = tracker.update([{ x: 0.35 + dx / 100, y: 0.5 + dy / 100, tag: 'cue' }, { x: -0.5, y: -0.2, tag: 'eight' }], k / 25);
        n += out.filter((o) => o.struck && o.trackId === cue).length;
      }
      return n;
    };
    // 3.4 cm toward the cue, 2.5 cm, then away at 1.5 m/s: struck (the code before marked nothing).
    expect(marks([[3.2, 1.1], [2.5, 0.4], [-3.9, -1.6], [-6.1, -3.6], [-8.1, -5.7], [-10.1, -7.8], [-12.1, -9.9]])).toBe(1);
    // Struck cleanly: marked once, not again on the second look.
    expect(marks([[-3.9, -1.6], [-6.1, -3.6], [-8.1, -5.7], [-10.1, -7.8], [-12.1, -9.9]])).toBe(1);
    // Moved 3.4 cm by a hand, back, 3 cm the other way, and left there: no stroke.
    expect(marks([[3.2, 1.1], [2.5, 0.4], [-2.8, -1.0], [-2.8, -1.0]])).toBe(0);
  });

  it('marks a stroke while a moving thing without a number (a hand, an arm taken for a ball) is far from the cue ball, not while an unnamed ball moves beside it', () => {
    const strikes = (handAt: { x: number; y: number }): boolean => {
      const tracker = new BallTracker<Det>({ minHits: 1 });
      let out = tracker.update([{ x: -0.6, y: 0.2, tag: 'cue' }, { x: 0.4, y: 0.25, tag: 'three' }], 0);
      const id = (tag: string): number => out.find((o) => o.detection?.tag === tag)!.trackId;
      const [cue, three] = [id('cue'), id('three')];
      let marked = false;
      for (let k = 1; k <= 40; k++) {
        tracker.track(cue)!.identity.add(dist({ 0: 0.9 }));
        tracker.track(three)!.identity.add(dist({ 3: 0.9 }));
        const cueX = k < 30 ? -0.6 : -0.6 + 0.04 * (k - 29);
        // From frame 20 something without a number moves 1 cm a frame, as a hand does.
        const hand = k >= 20 ? [{ x: handAt.x + 0.01 * (k - 20), y: handAt.y, tag: 'hand' }] : [];
        out = tracker.update([{ x: cueX, y: 0.2, tag: 'cue' }, { x: 0.4, y: 0.25, tag: 'three' }, ...hand], k / 30);
        if (out.some((o) => o.struck && o.trackId === cue)) marked = true;
      }
      return marked;
    };
    expect(strikes({ x: -1.1, y: -0.4 })).toBe(true);
    expect(strikes({ x: -0.7, y: 0.2 })).toBe(false);
  });

  it('gives the struck ball, too fast to be seen until it reached a resting ball, the sighting beside that ball on its own side (14.1 6331), not a ball\'s jump away from it', () => {
    const run = (beside: { x: number; y: number }): { cue: boolean; struck: boolean } => {
      const tracker = new BallTracker<Det>({ minHits: 1 });
      const three = { x: 0.181, y: 0.021, tag: 'three' };
      const fourteen = { x: 0.566, y: 0.012, tag: 'fourteen' };
      let out = tracker.update([{ x: -0.058, y: 0.234, tag: 'cue' }, three, fourteen], 0);
      const cue = out.find((o) => o.detection?.tag === 'cue')!.trackId;
      for (let k = 1; k <= 10; k++) out = tracker.update([{ x: -0.058, y: 0.234, tag: 'cue' }, three, fourteen], k / FPS);
      // Struck at about 8 m/s: unseen for two frames, then beside the 3, which flew off unseen.
      tracker.update([three, fourteen], 11 / FPS);
      tracker.update([three, fourteen], 12 / FPS);
      out = tracker.update([{ ...beside, tag: 'beside' }, fourteen], 13 / FPS);
      const first = out.find((o) => o.detection?.tag === 'beside');
      out = tracker.update([{ x: beside.x - 0.015, y: beside.y - 0.036, tag: 'on' }, fourteen], 14 / FPS);
      return { cue: first?.trackId === cue, struck: out.some((o) => o.trackId === cue && o.struck) };
    };
    // 6 cm from the 3, back toward where the cue ball came from: the cue ball.
    expect(run({ x: 0.122, y: 0.024 })).toEqual({ cue: true, struck: true });
    // 6 cm from the 3 on its far side (the 3 leaving): the 3's, as before.
    expect(run({ x: 0.24, y: -0.03 }).cue).toBe(false);
  });

  it('marks a stroke that falls late in a frame (the ball leaves rest slowly, then steps at a stroke\'s speed), not a ball taking the detection of a rolling ball hidden against it', () => {
    // Real clip 4: the cue ball moves 1.6 cm in the frame it leaves rest in, then 3 cm a frame.
    const tracker = new BallTracker<Det>({ minHits: 1 });
    const rest = [{ x: 0.2, y: 0.1, tag: 'red' }, { x: 0.6, y: -0.3, tag: 'green' }];
    let out = tracker.update([{ x: -0.3, y: 0.2, tag: 'cue' }, ...rest], 0);
    const cue = out.find((o) => o.detection?.tag === 'cue')!.trackId;
    const red = out.find((o) => o.detection?.tag === 'red')!.trackId;
    for (let k = 1; k <= 8; k++) out = tracker.update([{ x: -0.3, y: 0.2, tag: 'cue' }, ...rest], k / 30);
    const path = [-0.284, -0.254, -0.224, -0.194, -0.164, -0.134, -0.104, -0.074, -0.044, -0.014];
    const struck: number[] = [];
    path.forEach((x, j) => {
      out = tracker.update([{ x, y: 0.2, tag: 'cue' }, ...rest], (9 + j) / 30);
      struck.push(...out.filter((o) => o.struck).map((o) => o.trackId));
    });
    expect(struck).toEqual([cue]);
    // Rolling on, the cue ball is lost against the red at rest (one blob: the red's detection),
    // then the one detection of the pair, 2.6 cm off the red's rest, goes to the red's track:
    // a rolling ball is hidden, so the red was not struck.
    out = tracker.update(rest, 19 / 30);
    out = tracker.update([{ x: 0.2, y: 0.126, tag: 'merged' }, rest[1]!], 20 / 30);
    expect(out.find((o) => o.trackId === red)?.detection?.tag).toBe('merged');
    expect(out.find((o) => o.trackId === cue)?.occluded).toBe(true);
    expect(out.some((o) => o.struck)).toBe(false);
  });

  it('does not mark a ball struck when a resting ball behind it went out of sight as it left rest (the cue ball that hit it, 8-ball 6327), and does when that ball is seen again at rest', () => {
    const run = (cueBack: boolean): { cue: boolean; thirteen: boolean } => {
      const tracker = new BallTracker<Det>({ minHits: 1 });
      // The cue ball rests 10 cm from the 13, behind it along the way the 13 will go (−x, −y).
      const cueRest = { x: 0.389, y: 0.449, tag: 'cue' };
      const eight = { x: -0.126, y: -0.418, tag: 'eight' };
      let out = tracker.update([cueRest, { x: 0.362, y: 0.352, tag: 'thirteen' }, eight], 0);
      const cue = out.find((o) => o.detection?.tag === 'cue')!.trackId;
      const thirteen = out.find((o) => o.detection?.tag === 'thirteen')!.trackId;
      for (let k = 1; k <= 10; k++) out = tracker.update([cueRest, { x: 0.362, y: 0.352, tag: 'thirteen' }, eight], k / FPS);
      const struck: number[] = [];
      // The stroke: the cue ball is lost in its blur; the 13 leaves at about 2 m/s.
      for (let j = 0; j < 6; j++) {
        const dets: Det[] = [eight, { x: 0.362 - 0.03 * j, y: 0.352 - 0.018 * j, tag: 'thirteen' }];
        if (cueBack && j >= 2) dets.push(cueRest);
        out = tracker.update(dets, (11 + j) / FPS);
        struck.push(...out.filter((o) => o.struck).map((o) => o.trackId));
      }
      return { cue: struck.includes(cue), thirteen: struck.includes(thirteen) };
    };
    // The cue ball stays out of sight: it may have hit the 13, so no strike.
    expect(run(false)).toEqual({ cue: false, thirteen: false });
    // It is seen again where it rested (the cue or an arm hid it): the 13 was struck.
    expect(run(true)).toEqual({ cue: false, thirteen: true });
  });

  it('keeps a struck ball that outran its window, seen sharp beyond the gate, on its track (every other ball resting), and not otherwise', () => {
    const run = (othersMove: boolean): { same: boolean; struck: boolean } => {
      const tracker = new BallTracker<Det>({ minHits: 1 });
      let out = tracker.update([{ x: -0.66, y: 0.17, tag: 'cue' }, { x: 0.3, y: 0.1, tag: 'a' }, { x: 0.6, y: -0.3, tag: 'b' }], 0);
      const cue = out.find((o) => o.detection?.tag === 'cue')!.trackId;
      for (let k = 1; k <= 8; k++) out = tracker.update([{ x: -0.66, y: 0.17, tag: 'cue' }, { x: 0.3, y: 0.1, tag: 'a' }, { x: othersMove ? 0.6 - 0.03 * k : 0.6, y: -0.3, tag: 'b' }], k / 30);
      // Hidden under the cue for a frame at the stroke, then 20 cm on (3 m/s): far beyond the gate, no smear.
      tracker.update([{ x: 0.3, y: 0.1, tag: 'a' }, { x: othersMove ? 0.33 : 0.6, y: -0.3, tag: 'b' }], 9 / 30);
      out = tracker.update([{ x: -0.46, y: 0.2, tag: 'cue' }, { x: 0.3, y: 0.1, tag: 'a' }, { x: othersMove ? 0.3 : 0.6, y: -0.3, tag: 'b' }], 10 / 30);
      const seen = out.find((o) => o.detection?.tag === 'cue');
      // On its way: the strike is marked on the next sighting.
      out = tracker.update([{ x: -0.36, y: 0.215, tag: 'cue' }, { x: 0.3, y: 0.1, tag: 'a' }, { x: othersMove ? 0.27 : 0.6, y: -0.3, tag: 'b' }], 11 / 30);
      const next = out.find((o) => o.detection?.tag === 'cue');
      return { same: seen?.trackId === cue && next?.trackId === cue, struck: !!seen?.struck || !!next?.struck };
    };
    expect(run(false)).toEqual({ same: true, struck: true });
    // Another ball rolling meanwhile: no strike to go by, so the sighting starts a new track.
    expect(run(true)).toEqual({ same: false, struck: false });
  });

  it('keeps a struck ball that outran its window on its track, and marks the strike, when the one ball rolling is the one it hit within the frame of the stroke (8-ball 7702 at 576p25, 30.9 s)', () => {
    // 25 frames/s. The cue ball rests 15 cm from the 9; struck at 3.8 m/s it meets the 9 within
    // the stroke's frame, is unseen for a frame, then seen 27 cm on while the 9 rolls off 7 cm.
    const run = (nineAway: boolean): { same: boolean; struck: boolean } => {
      const tracker = new BallTracker<Det>({ minHits: 1 });
      const cueRest = { x: -0.016, y: -0.043 };
      const nineRest = { x: -0.093, y: 0.084 };
      const other: Det = { x: 0.96, y: -0.6, tag: 'a' };
      let out = tracker.update([{ ...cueRest, tag: 'cue' }, { ...nineRest, tag: 'nine' }, other], 0);
      const cue = out.find((o) => o.detection?.tag === 'cue')!.trackId;
      for (let k = 1; k <= 8; k++) out = tracker.update([{ ...cueRest, tag: 'cue' }, { ...nineRest, tag: 'nine' }, other], k / 25);
      tracker.update([{ ...nineRest, tag: 'nine' }, other], 9 / 25);
      // The 9 off 7 cm away from the cue ball's rest (or, not hit by it, toward it).
      const nine = nineAway ? { x: -0.082, y: 0.151 } : { x: -0.07, y: 0.02 };
      out = tracker.update([{ x: -0.262, y: 0.068, tag: 'cue' }, { ...nine, tag: 'nine' }, other], 10 / 25);
      const seen = out.find((o) => o.detection?.tag === 'cue');
      out = tracker.update([{ x: -0.412, y: 0.106, tag: 'cue' }, { x: nine.x + 0.011, y: nine.y + 0.064, tag: 'nine' }, other], 11 / 25);
      const next = out.find((o) => o.detection?.tag === 'cue');
      return { same: seen?.trackId === cue && next?.trackId === cue, struck: !!seen?.struck || !!next?.struck };
    };
    expect(run(true)).toEqual({ same: true, struck: true });
    expect(run(false)).toEqual({ same: false, struck: false });
  });

  it('does not give a ball creeping into a pocket, gone from sight, the cue ball creeping after it (14.1 6393, 34.3 s: the 14 took the cue ball and the pocket was lost)', () => {
    // The render's readings from where a segment's tracker found both balls resting (learned
    // detections, resting at once) until the 14 dropped: [t, cue x, y, 14 x, y (null: gone)].
    // Both creep slower than STILL_RADIUS a frame, so both `rest` by their anchors.
    const rows = JSON.parse(readFileSync(new URL('./fixtures/creep-into-pocket-6393.json', import.meta.url), 'utf8')) as [number, number, number, number | null, number | null][];
    const tracker = new BallTracker<Det>({ minHits: 1, restingAtOnce: () => true });
    const still: Det[] = [{ x: 0.3, y: 0.1, tag: 'a' }, { x: 0.6, y: -0.3, tag: 'b' }];
    let ids: { cue: number; fourteen: number } | null = null;
    let out: ReturnType<typeof tracker.update> = [];
    for (const [t, cx, cy, fx, fy] of rows) {
      out = tracker.update([{ x: cx, y: cy, tag: 'cue' }, ...(fx === null || fy === null ? [] : [{ x: fx, y: fy, tag: 'fourteen' }]), ...still], t);
      ids ??= { cue: out.find((o) => o.detection?.tag === 'cue')!.trackId, fourteen: out.find((o) => o.detection?.tag === 'fourteen')!.trackId };
    }
    expect(rows[rows.length - 1]![3]).toBeNull();
    expect(out.find((o) => o.detection?.tag === 'cue')?.trackId).toBe(ids!.cue);
    expect(out.find((o) => o.trackId === ids!.fourteen)?.occluded).toBe(true);
  });

  it('keeps a break\'s cue ball on its track when it left rest late in a frame, its smear started a track beside it, and it then outran its window (9-ball 6301)', () => {
    const tracker = new BallTracker<Det>({ minHits: 2, sureAtOnce: (d) => d.tag !== 'smear' });
    const rack = [{ x: 0.636, y: 0, tag: 'r1' }, { x: 0.686, y: -0.029, tag: 'r7' }, { x: 0.686, y: 0.029, tag: 'r4' }];
    let out = tracker.update([{ x: -0.74, y: 0.225, tag: 'cue' }, ...rack], 0);
    const cue = out.find((o) => o.detection?.tag === 'cue')!.trackId;
    for (let k = 1; k <= 8; k++) out = tracker.update([{ x: -0.74, y: 0.225, tag: 'cue' }, ...rack], k / FPS);
    // The stroke falls late in frame 9: the ball 5 cm off its rest, its smear read as a second ball 6 cm further on.
    out = tracker.update([{ x: -0.692, y: 0.215, tag: 'cue' }, { x: -0.635, y: 0.207, tag: 'smear' }, ...rack], 9 / FPS);
    expect(out.find((o) => o.trackId === cue)?.struck).toBeUndefined();
    // Then 11 m/s: 19 cm a frame, far beyond the gate; the first of these sightings marks the strike.
    for (const [k, x, y] of [[10, -0.498, 0.185], [11, -0.329, 0.157], [12, -0.192, 0.135]] as const) {
      out = tracker.update([{ x, y, tag: 'cue' }, ...rack], k / FPS);
      const seen = out.filter((o) => o.detection?.tag === 'cue');
      expect(seen.map((o) => o.trackId)).toEqual([cue]);
      expect(!!seen[0]?.struck).toBe(k === 10);
    }
  });

  it('does not move a resting ball hidden under a hand onto a blob beside it that started a track a frame before (14.1 6303: the 6 read as the cue ball for the rest of the match)', () => {
    const tracker = new BallTracker<Det>({ minHits: 2, sureAtOnce: (d) => d.tag !== 'hand' });
    const others = [{ x: -0.687, y: 0.573, tag: 'cue' }, { x: 0.679, y: -0.153, tag: 'one' }];
    let out = tracker.update([{ x: 0.606, y: -0.269, tag: 'six' }, ...others], 0);
    const six = out.find((o) => o.detection?.tag === 'six')!.trackId;
    for (let k = 1; k <= 8; k++) out = tracker.update([{ x: 0.606, y: -0.269, tag: 'six' }, ...others], k / FPS);
    // A hand comes in beside the 6 and starts a track of its own; the next frame the hand covers the 6.
    out = tracker.update([{ x: 0.606, y: -0.269, tag: 'six' }, { x: 0.46, y: -0.266, tag: 'hand' }, ...others], 9 / FPS);
    out = tracker.update([{ x: 0.448, y: -0.267, tag: 'hand' }, ...others], 10 / FPS);
    expect(out.find((o) => o.detection?.tag === 'hand')?.trackId).not.toBe(six);
    expect(out.find((o) => o.trackId === six)?.struck ?? false).toBe(false);
  });

  it('gives a track whose number went to a surer one its next likeliest number, never one its looks rule out (one ball of each number)', () => {
    const [eight, purple, red] = [new TrackVote(), new TrackVote(), new TrackVote()];
    for (let k = 0; k < 5; k++) {
      eight.add(dist({ 8: 0.98 }));
      // The dark purple 4 on a broadcast view reads as the 8, with the 4 second.
      purple.add(dist({ 8: 0.6, 4: 0.35 }));
      // A red ball read as the 8 with nothing else in sight: the clash says a reading is wrong, not which.
      red.add(dist({ 8: 0.97 }));
    }
    expect(purple.resolved()).toBe(8);
    expect(assignUnique([['eight', eight], ['purple', purple], ['red', red]] as const)).toEqual(new Map([['eight', 8], ['purple', 4], ['red', null]]));
    // Until the 8 is taken, the purple track keeps its own reading.
    expect(assignUnique([['purple', purple]] as const)).toEqual(new Map([['purple', 8]]));
    // A cream cue ball read as the 14 on 54 looks does not take the number from the 14 itself,
    // read far more clearly on 12 (the numbers go jointly, by the likelihood per look, not by the
    // count of looks: the old greedy rule gave the 14 to the cue ball and the 6 to the 14); the
    // cue ball takes its own next reading that no other ball has.
    const [cue, fourteen, fifteen] = [new TrackVote(), new TrackVote(), new TrackVote()];
    for (let k = 0; k < 54; k++) cue.add(dist({ 14: 0.6, 15: 0.15, 0: 0.15 }));
    for (let k = 0; k < 12; k++) fourteen.add(dist({ 14: 0.9, 6: 0.1 }));
    for (let k = 0; k < 20; k++) fifteen.add(dist({ 15: 0.9 }));
    expect(cue.resolved()).toBe(14);
    expect(cue.weightOf(14)).toBeGreaterThan(fourteen.weightOf(14));
    const all = [['cue', cue], ['fourteen', fourteen], ['fifteen', fifteen]] as const;
    expect(assignUnique(all)).toEqual(new Map([['cue', 0], ['fourteen', 14], ['fifteen', 15]]));
    // A number stays with the resting ball that holds it unless another's looks are clearly likelier:
    // the cue ball at rest after its shot (its moving looks blurred) against a white-capped 10 read
    // a little more like the cue ball (real clip 1: without it the cue number jumped across the
    // table and analyze saw a second shot).
    const [resting, capped] = [new TrackVote(), new TrackVote()];
    for (let k = 0; k < 20; k++) {
      resting.add(dist({ 0: 0.55, 9: 0.2 }));
      capped.add(dist({ 0: 0.7, 10: 0.25 }));
    }
    const pair = [['cue', resting], ['ten', capped]] as const;
    expect(assignUnique(pair)).toEqual(new Map([['cue', 9], ['ten', 0]]));
    expect(assignUnique(pair, () => true, (k) => (k === 'cue' ? 0 : null))).toEqual(new Map([['cue', 0], ['ten', 10]]));
    // Moving (not rereadable), the cue track keeps its resolved number on the stronger claim, as before,
    // and the 14 at rest takes its next reading.
    expect(assignUnique(all, (k) => k !== 'cue')).toEqual(new Map([['cue', 14], ['fourteen', 6], ['fifteen', 15]]));
  });

  it('keeps a ball surely a solid in the log with a free solid number when its own went to another (byKind: 8-ball, 14.1), never across kinds', () => {
    // Real game1 clip 1 (single looks, one frame): the set's tan 7 reads as the 5 more surely than
    // the orange 5 itself, and a brown-banded 15 holds the 7.
    const [five, tan, banded, fifteen] = [new TrackVote(), new TrackVote(), new TrackVote(), new TrackVote()];
    for (let k = 0; k < 3; k++) {
      five.add(dist({ 5: 0.823, 3: 0.064, 2: 0.03, 7: 0.012 }));
      tan.add(dist({ 5: 0.914, 1: 0.022, 7: 0.021 }));
      banded.add(dist({ 7: 0.577, 15: 0.093, 13: 0.077, 5: 0.038 }));
      fifteen.add(dist({ 15: 0.927, 12: 0.026 }));
    }
    const table = [['five', five], ['tan', tan], ['banded', banded], ['fifteen', fifteen]] as const;
    // Without byKind the orange 5 is left out: no number it is read as is free.
    expect(assignUnique(table).get('five')).toBeNull();
    const named = assignUnique(table, () => true, () => null, true);
    expect(named.get('tan')).toBe(5);
    expect(named.get('banded')).toBe(7);
    expect(named.get('fifteen')).toBe(15);
    // The likeliest free solid number for the orange 5 (its looks read the 3 second, but the 3 is
    // not taken here, so the 3).
    expect(named.get('five')).toBe(3);
    // With the 3 on the table as well, the 5 takes the next free solid, the 2.
    const three = new TrackVote();
    for (let k = 0; k < 3; k++) three.add(dist({ 3: 0.95 }));
    expect(assignUnique([...table, ['three', three]], () => true, () => null, true).get('five')).toBe(2);
    // A ball read as a solid and (less) as a stripe, its kind unsure, stays out; so does one read as the 8.
    const unsure = new TrackVote();
    const eightish = new TrackVote();
    const eight = new TrackVote();
    for (let k = 0; k < 3; k++) {
      unsure.add(dist({ 5: 0.8, 15: 0.1 }));
      eightish.add(dist({ 8: 0.95 }));
      eight.add(dist({ 8: 0.99 }));
    }
    const clash = assignUnique([...table, ['unsure', unsure], ['eight', eight], ['eightish', eightish]], () => true, () => null, true);
    expect(clash.get('unsure')).toBeNull();
    expect(clash.get('eightish')).toBeNull();
    expect(clash.get('eight')).toBe(8);
    // A moving ball (not re-read) whose number went to a resting one keeps the number it held when free and of its kind.
    const moving = assignUnique(table, (k) => k !== 'five', (k) => (k === 'five' ? 6 : null), true);
    expect(moving.get('five')).toBe(6);
  });

  it('takes a track the model keeps calling "not a ball" for none, but not a ball a hand covered for a while', () => {
    const none = new Float32Array(17).fill(0.001);
    none[16] = 0.95;
    const ball = new Float32Array(17).fill(0.001);
    ball[3] = 0.95;
    const pocket = new TrackVote();
    pocket.add(none);
    pocket.add(none);
    expect(pocket.notABall).toBe(false);
    pocket.add(none);
    expect(pocket.notABall).toBe(true);
    const covered = new TrackVote();
    for (let k = 0; k < 3; k++) covered.add(ball);
    for (let k = 0; k < 8; k++) covered.add(none);
    expect(covered.notABall).toBe(false);
    expect(covered.resolved()).toBe(3);
  });
});

describe('assignment', () => {
  it('assignSetIds gives the balls of one frame one of each number, no id to "not a ball", none an id it rules out', () => {
    const p = (w: Record<number, number>): Float32Array => {
      const out = new Float32Array(17).fill(0.001);
      for (const [id, v] of Object.entries(w)) out[Number(id)] = v;
      return out;
    };
    const ids = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
    // The purple 4 and the cream cue ball of a broadcast view, the 8 and the 14 themselves, a pocket's mouth.
    const frame = [p({ 8: 0.5, 4: 0.3 }), p({ 8: 0.9 }), p({ 14: 0.5, 0: 0.3 }), p({ 14: 0.9 }), p({ 16: 0.9 })];
    expect(assignSetIds(frame, ids, 16)).toEqual([4, 8, 0, 14, null]);
    // A second ball read as the 8 with nothing else likely: left without an id.
    expect(assignSetIds([p({ 8: 0.9 }), p({ 8: 0.98 })], ids, 16)).toEqual([null, 8]);
    // Within a game's set only.
    expect(assignSetIds([p({ 12: 0.6, 4: 0.3 })], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 16)).toEqual([4]);
  });

  it('assignSetIds with the cue ball on the table gives its number to the ball likeliest to be it, and the number that frees to the next (cueOnTable)', () => {
    const ids = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] as const;
    const on = { cueOnTable: CUE_ON_TABLE_BONUS };
    // Real clip 2's last frame: the cream, spotted cue ball read as the 15 (the cue ball a fifth
    // as likely); a maroon stripe read as the 15, the 11 next; the 8.
    const frame = [dist({ 15: 0.49, 0: 0.11 }), dist({ 15: 0.3, 11: 0.2 }), dist({ 8: 0.9 })];
    expect(assignSetIds(frame, ids, 16)).toEqual([15, 11, 8]);
    expect(assignSetIds(frame, ids, 16, on)).toEqual([0, 15, 8]);
    // No ball reads within a fifth as likely as the cue ball as its own number: nobody is pressed to be it.
    expect(assignSetIds([dist({ 15: 0.6, 0: 0.1 }), dist({ 8: 0.9 })], ids, 16, on)).toEqual([15, 8]);
    // The bonus never moves the number from the ball that reads as the cue ball to a white-capped stripe.
    expect(assignSetIds([dist({ 0: 0.5, 10: 0.3 }), dist({ 10: 0.45, 0: 0.44 })], ids, 16, on)).toEqual([0, 10]);
  });

  it('hungarian finds the minimum total cost (brute force on small matrices), respecting forbidden pairs', () => {
    let seed = 7;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const perms = (n: number): number[][] => (n === 1 ? [[0]] : perms(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)])));
    for (let trial = 0; trial < 30; trial++) {
      const n = 2 + (trial % 4);
      const cost = Array.from({ length: n }, () => Array.from({ length: n }, () => (rand() < 0.15 ? Infinity : Math.round(rand() * 100))));
      let best = Infinity;
      let bestCount = -1;
      for (const p of perms(n)) {
        const finite = p.filter((c, r) => Number.isFinite(cost[r]![c]!));
        const total = finite.reduce((s, c) => s + cost[p.indexOf(c)]![c]!, 0);
        if (finite.length > bestCount || (finite.length === bestCount && total < best)) {
          bestCount = finite.length;
          best = total;
        }
      }
      const got = hungarian(cost);
      const assigned = got.filter((c) => c >= 0);
      expect(assigned.length).toBe(bestCount);
      expect(got.reduce((s, c, r) => s + (c >= 0 ? cost[r]![c]! : 0), 0)).toBe(best);
    }
    expect(greedyAssign([[1, 2], [1, 10]])).toEqual([0, 1]);
    expect(hungarian([[1, 2], [1, 10]])).toEqual([1, 0]);
    expect(hungarian([[Infinity, 3]])).toEqual([1]);
  });
});

describe('CushionBounceFilter', () => {
  const reach = { x: 1.24, y: 0.6065 };
  const filter = new CushionBounceFilter(new ConstantVelocityFilter(), reach, 0.8);
  it('predicts a ball heading into a cushion coming off it, the overshoot and speed across it cut by the restitution', () => {
    const s = { ...filter.init(0.5, 0.55), vx: 1, vy: 3 };
    const p = filter.predict(s, 1 / 30, 0);
    expect(p.x).toBeCloseTo(0.5 + 1 / 30, 9);
    expect(p.y).toBeCloseTo(0.6065 - 0.8 * (0.55 + 0.1 - 0.6065), 9);
    expect(p.vx).toBe(1);
    expect(p.vy).toBeCloseTo(-2.4, 12);
    // Short of the cushion, or moving away from it: straight on.
    expect(filter.predict({ ...s, vy: 1 }, 1 / 30, 0).y).toBeCloseTo(0.55 + 1 / 30, 9);
    expect(filter.predict({ ...s, x: 1.25, vx: -1 }, 1 / 30, 0).x).toBeCloseTo(1.25 - 1 / 30, 9);
    // Already past the line (a ball in a pocket's jaws, its velocity a little noise): straight on.
    expect(filter.predict({ ...s, x: 1.26, vx: 0.01 }, 1 / 30, 0).x).toBeCloseTo(1.26 + 0.01 / 30, 9);
  });
  it('keeps a break ball bouncing off the foot cushion on its track (straight-on prediction lost it)', () => {
    const run = (motion?: CushionBounceFilter) => {
      const tracker = new BallTracker<Det>(motion ? { motion } : {});
      const ids = new Set<number>();
      for (let k = 0; k < 20; k++) {
        const t = k / 30;
        // 4 m/s towards the foot cushion, coming off it at t = 0.31 s at 0.8 of that.
        const x = t < 0.31 ? 4 * t : 1.24 - 3.2 * (t - 0.31);
        const out = tracker.update([{ x, y: 0.1, tag: 'break' }], t);
        for (const b of out) if (!b.occluded) ids.add(b.trackId);
      }
      return ids.size;
    };
    expect(run(filter)).toBe(1);
    expect(run()).toBeGreaterThan(1);
  });
});

describe('smearRejoin', () => {
  const motion = new ConstantVelocityFilter();
  const rejoin = smearRejoin(motion);
  const det = (x: number, y: number, path?: BallDetection['path']): BallDetection => ({ u: 0, v: 0, x, y, r: 15, blurred: !!path, partial: false, confidence: 0.4, meanColour: [255, 255, 255], ...(path ? { path } : {}) });
  it('gives a struck ball its smear when the smear points back at where it rested, with the speed of that path', () => {
    const tracker = new BallTracker<BallDetection>({ rejoin });
    for (let k = 0; k < 3; k++) tracker.update([det(-0.7, 0.2)], k / 30);
    const id = tracker.tracks[0]!.trackId;
    // 0.33 m further along x, a smear 0.12 m long along x: the same ball, at ~10 m/s.
    const out = tracker.update([det(-0.37, 0.205, { dx: -1, dy: 0, half: 0.06 })], 3 / 30);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ trackId: id, occluded: false });
    expect(out[0]!.vx).toBeCloseTo(0.33 * 30, 6);
  });
  it('does not when the smear points elsewhere, the ball lies inside the smear, or the track was lost long ago', () => {
    const tr = (missed: number) => ({ trackId: 1, state: motion.init(-0.7, 0.2), hits: 5, missed, sure: true, last: det(-0.7, 0.2), identity: new TrackVote() });
    expect(rejoin(tr(0), det(-0.37, 0.2, { dx: 1, dy: 0, half: 0.06 }), 1 / 30)).not.toBeNull();
    expect(rejoin(tr(0), det(-0.37, 0.2, { dx: 0, dy: 1, half: 0.06 }), 1 / 30)).toBeNull();
    expect(rejoin(tr(0), det(-0.66, 0.2, { dx: 1, dy: 0, half: 0.06 }), 1 / 30)).toBeNull();
    expect(rejoin(tr(0), det(-0.37, 0.2), 1 / 30)).toBeNull();
    expect(rejoin(tr(3), det(-0.37, 0.2, { dx: 1, dy: 0, half: 0.06 }), 1 / 30)).toBeNull();
    expect(rejoin(tr(0), det(0.3, 0.2, { dx: 1, dy: 0, half: 0.06 }), 1 / 30)).toBeNull();
  });
});
