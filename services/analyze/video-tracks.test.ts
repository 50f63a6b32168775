import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTracks, type TrackFrame } from '../contract/tracks.ts';
import { imageToTable, loadCalibration, tableToImage } from '../vision/calibration/calibration-model.ts';
import { decodeStream } from '../vision/decode/decode-stream.ts';
import { scaleCalibration } from './calibration-scale.ts';
import { emptyTrackStats, trackVideo } from './video-tracks.ts';

const DEMO = 'recordings/demo';
const cal = loadCalibration(`${DEMO}/calibration.json`);
const truth = (() => {
  const r = parseTracks(readFileSync(`${DEMO}/tracks.jsonl`, 'utf8'));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

/** Share of the truth's visible balls that have a tracked ball within `tol` m, over the frames. */
function matched(frames: TrackFrame[], tol: number): number {
  let seen = 0;
  let found = 0;
  for (const f of frames) {
    const tr = truth[Math.round(f.t * 30)]!;
    for (const b of tr.balls.filter((x) => !x.occluded)) {
      seen++;
      if (f.balls.some((m) => Math.hypot(m.x - b.x, m.y - b.y) < tol)) found++;
    }
  }
  return found / Math.max(1, seen);
}

describe('scaleCalibration', () => {
  it('maps table points to the same place in the scaled image, both ways', () => {
    const half = scaleCalibration(cal, 960, 540);
    for (const [x, y] of [[0, 0], [1.2, 0.6], [-1.1, -0.5], [0.4, -0.2]] as const) {
      const a = tableToImage(cal, x, y, 'ball');
      const b = tableToImage(half, x, y, 'ball');
      expect(b.u).toBeCloseTo((a.u + 0.5) / 2 - 0.5, 6);
      expect(b.v).toBeCloseTo((a.v + 0.5) / 2 - 0.5, 6);
      const back = imageToTable(half, b.u, b.v, 'ball');
      expect(back.x).toBeCloseTo(x, 6);
      expect(back.y).toBeCloseTo(y, 6);
    }
    expect(scaleCalibration(cal, 1920, 1080)).toBe(cal);
    expect(() => scaleCalibration(cal, 960, 720)).toThrow(/another aspect/);
  });
});

describe('trackVideo', () => {
  it('tracks the racked demo table: a Tracks line per frame, balls where the truth has them (full size and scaled decode)', async () => {
    for (const scale of [undefined, { width: 960 }]) {
      const stats = emptyTrackStats();
      const out: TrackFrame[] = [];
      for await (const f of trackVideo(decodeStream(`${DEMO}/recording.mp4`, { start: 5, maxFrames: 8, scale }), cal, { stats })) out.push(f);
      expect(out.map((f) => f.frame)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(out[0]!.t).toBeCloseTo(5, 6);
      expect(stats.frames).toBe(8);
      expect(stats.scaledFrom).toEqual(scale ? { width: 1920, height: 1080 } : null);
      // A whole, clear ball is reported on its first sighting, the rest (the rack's touching balls)
      // on their second; nothing reported where no ball is. The cue ball is placed at frame 4.
      const first = truth[Math.round(out[0]!.t * 30)]!;
      for (const m of out[0]!.balls) expect(first.balls.some((b) => Math.hypot(m.x - b.x, m.y - b.y) < 0.012)).toBe(true);
      expect(matched(out.slice(1, 4), scale ? 0.012 : 0.008)).toBeGreaterThan(0.95);
      const tr = truth[Math.round(out[3]!.t * 30)]!;
      const idsRight = out[3]!.balls.filter((m) => tr.balls.some((b) => b.id === m.id && Math.hypot(m.x - b.x, m.y - b.y) < 0.012)).length;
      expect(idsRight).toBeGreaterThanOrEqual(8);
      for (const b of out[7]!.balls) expect(b.u).toBeLessThan(scale ? 960 : 1920);
    }
  });

  it('stops when the signal aborts, and stops the decoder', async () => {
    const ac = new AbortController();
    const frames = decodeStream(`${DEMO}/recording.mp4`, { start: 5, maxFrames: 30 });
    let n = 0;
    const run = (async () => {
      for await (const _ of trackVideo(frames, cal, { signal: ac.signal })) if (++n === 2) ac.abort();
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(n).toBe(2);
    // ffmpeg is killed at once; its exit may take a moment on a loaded machine.
    await expect.poll(() => frames.running, { timeout: 5000, interval: 20 }).toBe(false);
  });
});
