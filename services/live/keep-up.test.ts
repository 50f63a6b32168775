// Keeping vision up with the source: frames are dropped, never queued, when the consumer is slow.
// The clock is a counter moved by the consumer (no real time is measured).
import { describe, expect, it } from 'vitest';
import { boundedBacklog, paced, type KeepUpCounts } from './keep-up.ts';

async function* frames(n: number, fps: number): AsyncGenerator<{ t: number; i: number }> {
  for (let i = 0; i < n; i++) yield { t: i / fps, i };
}

describe('paced', () => {
  it('drops the frames a slow consumer left behind and keeps the rest in order', async () => {
    let now = 0; // recording seconds on the clock
    const clock = { msUntil: (t: number) => (t - now) * 1000, speed: 1 };
    const counts: KeepUpCounts = { taken: 0, dropped: 0 };
    const got: number[] = [];
    for await (const f of paced(frames(90, 30), clock, counts, { slack: 1 / 30, maxRun: 30 })) {
      got.push(f.i);
      now = f.t + 0.11; // each frame costs 110 ms of vision: one in three is taken
    }
    expect(counts.taken + counts.dropped).toBe(90);
    expect(counts.taken).toBe(30);
    expect(got).toEqual([...got].sort((a, b) => a - b));
  });

  it('takes every frame when the consumer keeps up, and makes progress when even decoding is late', async () => {
    const counts: KeepUpCounts = { taken: 0, dropped: 0 };
    for await (const _ of paced(frames(30, 30), { msUntil: () => 0, speed: 1 }, counts, { slack: 1 / 30, maxRun: 5 })) { /* in time */ }
    expect(counts).toEqual({ taken: 30, dropped: 0 });
    const late: KeepUpCounts = { taken: 0, dropped: 0 };
    for await (const _ of paced(frames(30, 30), { msUntil: () => -10_000, speed: 1 }, late, { slack: 1 / 30, maxRun: 5 })) { /* always late */ }
    expect(late).toEqual({ taken: 5, dropped: 25 });
  });
});

describe('boundedBacklog', () => {
  it('gives the consumer the newest frame and counts the ones it never saw', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    async function* source(): AsyncGenerator<number> {
      for (let i = 1; i <= 10; i++) yield i;
      await gate;
      yield 11;
    }
    const counts: KeepUpCounts = { taken: 0, dropped: 0 };
    const it = boundedBacklog(source(), counts)[Symbol.asyncIterator]();
    for (let k = 0; k < 20; k++) await new Promise((r) => setImmediate(r)); // the source runs ahead
    expect(await it.next()).toEqual({ done: false, value: 10 });
    release();
    expect(await it.next()).toEqual({ done: false, value: 11 });
    expect(await it.next()).toEqual({ done: true, value: undefined });
    expect(counts).toEqual({ taken: 2, dropped: 9 });
  });

  it('with a backlog of keep frames, hands them over in order and drops only the older ones (a break\'s burst is worked through, not lost)', async () => {
    async function* source(): AsyncGenerator<number> {
      for (let i = 1; i <= 10; i++) yield i;
    }
    const counts: KeepUpCounts = { taken: 0, dropped: 0 };
    const it = boundedBacklog(source(), counts, 4)[Symbol.asyncIterator]();
    for (let k = 0; k < 20; k++) await new Promise((r) => setImmediate(r)); // the source runs ahead
    const got: number[] = [];
    for (let r = await it.next(); !r.done; r = await it.next()) got.push(r.value);
    expect(got).toEqual([7, 8, 9, 10]);
    expect(counts).toEqual({ taken: 4, dropped: 6 });
    expect(() => boundedBacklog(source(), counts, 0)).toThrow(/keep/);
  });

  it('passes a source error on after the frames before it', async () => {
    async function* failing(): AsyncGenerator<number> {
      yield 1;
      throw new Error('ffmpeg was killed');
    }
    const got: number[] = [];
    await expect((async () => { for await (const v of boundedBacklog(failing(), { taken: 0, dropped: 0 })) got.push(v); })()).rejects.toThrow(/killed/);
    expect(got.length).toBeLessThanOrEqual(1);
  });
});
