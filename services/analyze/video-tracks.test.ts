import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTracks, type TrackFrame } from '../contract/tracks.ts';
import { imageToTable, loadCalibration, tableToImage } from '../vision/calibration/calibration-model.ts';
import { decodeStream } from '../vision/decode/decode-stream.ts';
import { cropCalibration, scaleCalibration, tableRegion } from './calibration-scale.ts';
import { TABLE_SPECS } from '../table/spec.ts';
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

describe('cropCalibration and tableRegion', () => {
  it('a crop maps table points to the same place less the crop origin, both ways', () => {
    const box = { x0: 150, y0: 60, x1: 1770, y1: 1020 };
    const crop = cropCalibration(cal, box);
    expect([crop.imageWidth, crop.imageHeight]).toEqual([1620, 960]);
    for (const [x, y] of [[0, 0], [1.2, 0.6], [-1.1, -0.5], [0.4, -0.2]] as const) {
      for (const plane of ['bed', 'ball'] as const) {
        const a = tableToImage(cal, x, y, plane);
        const b = tableToImage(crop, x, y, plane);
        expect(b.u).toBeCloseTo(a.u - 150, 6);
        expect(b.v).toBeCloseTo(a.v - 60, 6);
        const back = imageToTable(crop, b.u, b.v, plane);
        expect(back.x).toBeCloseTo(x, 6);
        expect(back.y).toBeCloseTo(y, 6);
      }
    }
    expect(crop.corners[0]!.u).toBeCloseTo(cal.corners[0]!.u - 150, 9);
    expect(cropCalibration(cal, { x0: 0, y0: 0, x1: 1920, y1: 1080 })).toBe(cal);
  });

  it('the table region holds the rails on even pixels inside the image, and leaves out the room around the table', () => {
    const r = tableRegion(cal);
    for (const v of [r.x0, r.y0, r.x1, r.y1]) expect(v % 2).toBe(0);
    expect(r.x0).toBeGreaterThanOrEqual(0);
    expect(r.y0).toBeGreaterThanOrEqual(0);
    expect(r.x1).toBeLessThanOrEqual(1920);
    expect(r.y1).toBeLessThanOrEqual(1080);
    // The rails' outer edges (20 cm past the noses), on the bed and the ball-centre plane.
    const { length, width } = TABLE_SPECS[cal.table];
    for (const [x, y] of [[1, 1], [1, -1], [-1, 1], [-1, -1], [0, 1], [0, -1]] as const) {
      for (const plane of ['bed', 'ball'] as const) {
        const p = tableToImage(cal, x * (length / 2 + 0.2), y * (width / 2 + 0.2), plane);
        expect(p.u).toBeGreaterThan(r.x0);
        expect(p.u).toBeLessThan(r.x1);
        expect(p.v).toBeGreaterThan(r.y0);
        expect(p.v).toBeLessThan(r.y1);
      }
    }
    expect((r.x1 - r.x0) * (r.y1 - r.y0)).toBeLessThan(0.9 * 1920 * 1080);
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

  it('on frames cut to the table region, the same lines as on whole frames, in the whole picture pixels (full size and scaled)', async () => {
    for (const scale of [undefined, { width: 960 }]) {
      const size = scale ? { width: 960, height: 540 } : { width: 1920, height: 1080 };
      const box = tableRegion(scaleCalibration(cal, size.width, size.height));
      const run = async (crop: boolean): Promise<TrackFrame[]> => {
        const out: TrackFrame[] = [];
        const frames = decodeStream(`${DEMO}/recording.mp4`, { start: 5, maxFrames: 6, scale, ...(crop ? { crop: box } : {}) });
        for await (const f of trackVideo(frames, cal, crop ? { crop: { box, ...size } } : {})) out.push(f);
        return out;
      };
      const whole = await run(false);
      const cut = await run(true);
      expect(cut.length).toBe(6);
      // The same balls, ids and places (the order of a frame's balls may differ; a racked ball's
      // outline fit may land a fraction of a millimetre apart), pixels in the whole picture's.
      cut.forEach((f, k) => {
        expect(f.balls.length).toBe(whole[k]!.balls.length);
        for (const w of whole[k]!.balls) {
          const b = f.balls.find((c) => c.id === w.id && Math.hypot(c.x - w.x, c.y - w.y) < 0.001);
          expect(b, `frame ${k}: ball ${w.id} at ${w.x}, ${w.y}`).toBeDefined();
          expect(Math.hypot(b!.u! - w.u!, b!.v! - w.v!)).toBeLessThan(1);
        }
      });
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
