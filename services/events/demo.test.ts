// Event inference on the bundled one-minute 9-ball recording (recordings/demo: the simulator's
// tracks at 30 fps, with a ball in hand placed by a hand and a thin hit that barely moves a ball).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LogLine, ShotLine } from '../contract/log.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import { compareLogs } from '../../test/eval/match-calls.ts';
import { inferEvents } from './infer.ts';

const read = (name: string): unknown[] => readFileSync(new URL(`../../recordings/demo/${name}`, import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

describe('event inference on the bundled demo recording', () => {
  const truth = read('truth.jsonl') as LogLine[];
  const inferred = inferEvents(read('tracks.jsonl') as TrackFrame[]);

  it('finds every shot and no other (the hand placing the cue ball is no strike)', () => {
    const r = compareLogs(truth, inferred);
    expect(r.unmatched).toEqual([]);
    expect(r.extra).toBe(0);
    expect(r.shots).toBe(truth.filter((l) => l.kind === 'shot').length);
  });

  it('reads the first contact of every shot, the thin hit on the 4 included', () => {
    const r = compareLogs(truth, inferred);
    expect(r.firstContact).toBe(r.shots);
    const thin = inferred.find((l): l is ShotLine => l.kind === 'shot' && Math.abs((l.t ?? 0) - 39.78) < 0.1)!;
    expect(thin.events.find((e) => e.type === 'contact')).toMatchObject({ a: 0, b: 4 });
  });

  it('has no contact between resting object balls before the cue ball reached one (the break\'s rack contacts come at its hit or after)', () => {
    for (const shot of inferred.filter((l): l is ShotLine => l.kind === 'shot')) {
      const contacts = shot.events.filter((e) => e.type === 'contact');
      const cue = contacts.find((e) => e.a === 0 || e.b === 0);
      if (!cue || shot.start?.balls.some((b) => b.moving)) continue;
      for (const e of contacts) expect(e.t).toBeGreaterThanOrEqual(cue.t);
    }
  });

  it('gives the calls of the truth for every shot (the slow ball that creeps to a rail included)', () => {
    const r = compareLogs(truth, inferred);
    expect(r.error).toBeNull();
    expect(r.differing).toEqual([]);
  });
});
