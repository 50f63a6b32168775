import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BallId } from '../../services/contract/ids.ts';
import { BALL_RADIUS } from '../../services/table/spec.ts';
import { parseTrackLine } from '../../services/contract/tracks.ts';
import { TableRenderer, randomQuat, type SceneBall } from '../../services/sim/render/index.ts';
import { Rng } from '../../services/sim/render/prng.ts';
import { calibrate } from '../../services/vision/calibration/calibrate.ts';
import type { VisionCalibration } from '../../services/vision/calibration/calibration-model.ts';
import { BallIdentifier, DEFAULT_MODEL_PATH } from '../../services/vision/identity/classifier.ts';
import { assignRackIds, findRack } from '../../services/vision/identity/rack.ts';
import { VisionPipeline, toTrackFrame, type PipelineFrame } from '../../services/vision/pipeline.ts';

const R = BALL_RADIUS;
const GAP = 0.0003;
let renderer: TableRenderer;
let cal: VisionCalibration;
let model: BallIdentifier;

/** A 9-ball diamond at the foot spot: 1 at the apex, 9 in the middle, the others as given. */
function diamond(order: BallId[], rng: Rng): SceneBall[] {
  const rows = [[1], [order[0]!, order[1]!], [order[2]!, 9, order[3]!], [order[4]!, order[5]!], [order[6]!]];
  const dx = (2 * R + GAP) * Math.cos(Math.PI / 6);
  const counts = [1, 2, 3, 2, 1];
  return rows.flatMap((ids, row) => ids.map((id, k) => ({ id: id as BallId, x: 0.635 + row * dx, y: (k - (counts[row]! - 1) / 2) * (2 * R + GAP), q: randomQuat(rng) })));
}

beforeAll(async () => {
  renderer = new TableRenderer({ width: 1920, height: 1080, seed: 7311, cloth: 'red', ballSet: 'tv', staticSamples: 1 });
  const f = renderer.render({ frame: 0, balls: [] });
  cal = calibrate(f.rgb, f.width, f.height);
  model = await BallIdentifier.load();
}, 120_000);
afterAll(async () => {
  await model.release();
});

describe('vision pipeline with identity', () => {
  it('finds a rack, learns the set from it and gives every tracked ball its id; rolling balls keep theirs', async () => {
    const rng = new Rng(5);
    const rack = diamond([7, 4, 2, 8, 3, 6, 5], rng);
    const cue: SceneBall = { id: 0, x: -0.7, y: 0.2, q: randomQuat(rng) };
    const pipe = new VisionPipeline(cal, { identifier: model, fullSearchEvery: 5 });
    let last: PipelineFrame | null = null;
    const frames = 14;
    for (let k = 0; k < frames; k++) {
      const t = k / 30;
      // From frame 8 the cue ball rolls towards the rack (a little out of the way), ball 3 away from it.
      const roll = Math.max(0, t - 8 / 30);
      const balls = rack.map((b) => (b.id === 3 ? { ...b, x: b.x + 0.9 * roll, y: b.y - 0.3 * roll, v: roll ? { x: 0.9, y: -0.3 } : undefined } : b));
      balls.push({ ...cue, x: cue.x + 1.2 * roll, v: roll ? { x: 1.2, y: 0 } : undefined });
      const f = renderer.render({ frame: k, t, balls });
      last = await pipe.process({ data: f.rgb, width: f.width, height: f.height }, t);
      if (k === frames - 1) {
        expect(last.balls).toHaveLength(10);
        for (const b of last.balls) {
          const truth = balls.reduce((a, c) => (Math.hypot(c.x - b.x, c.y - b.y) < Math.hypot(a.x - b.x, a.y - b.y) ? c : a));
          expect(b.id).toBe(truth.id);
          expect(b.confidence).toBeGreaterThan(0.9);
        }
      }
    }
    expect(last!.identity.rack?.ids.slice().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(last!.identity.rack?.fit.set).toBe('tv');
    model.resetAdaptation();
    // The contract's Tracks line: every ball with its id, table and image coordinates.
    const line = toTrackFrame(13, 13 / 30, last!, cal);
    const parsed = parseTrackLine(JSON.stringify(line), 1);
    expect(parsed.ok).toBe(true);
    expect(line.balls.map((b) => b.id).sort((a, b) => a! - b!)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const b of line.balls) expect(b.u! > 0 && b.v! > 0 && b.track === undefined).toBe(true);
  }, 180_000);

  it('loads the identity model from a path (as a worker thread gets it), and says so when the file is missing', async () => {
    const balls: SceneBall[] = [{ id: 5, x: 0.3, y: 0.1 }];
    const f = renderer.render({ frame: 30, t: 0, balls });
    const img = { data: f.rgb, width: f.width, height: f.height };
    const pipe = new VisionPipeline(cal, { identifier: DEFAULT_MODEL_PATH });
    let pf: PipelineFrame | null = null;
    for (let k = 0; k < 3; k++) pf = await pipe.process(img, k / 30);
    expect(pf!.balls.map((b) => b.id)).toEqual([5]);
    await pipe.release();
    const missing = new VisionPipeline(cal, { identifier: '/nonexistent/identity.onnx' });
    await expect(missing.process(img, 0)).rejects.toThrow();
  });

  it('without a model the ids stay null and the Tracks line names the track', async () => {
    const pipe = new VisionPipeline(cal, { identifier: null });
    const balls: SceneBall[] = [{ id: 5, x: 0.3, y: 0.1 }];
    let pf: PipelineFrame | null = null;
    for (let k = 0; k < 3; k++) {
      const f = renderer.render({ frame: 20 + k, t: k / 30, balls });
      pf = await pipe.process({ data: f.rgb, width: f.width, height: f.height }, k / 30);
    }
    const line = toTrackFrame(2, 2 / 30, pf!, cal);
    expect(line.balls).toHaveLength(1);
    expect(line.balls[0]).toMatchObject({ id: null, track: pf!.balls[0]!.trackId });
  });
});

describe('rack', () => {
  it('finds a diamond or a triangle of touching balls, not a loose group, and assigns ids one-to-one', () => {
    const rng = new Rng(9);
    const d = diamond([2, 3, 4, 5, 6, 7, 8], rng);
    const loose = [{ x: -0.5, y: 0 }, { x: -0.5 + 2 * R, y: 0 }];
    const found = findRack([...loose, ...d]);
    expect(found?.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(findRack(d.slice(0, 8))).toBeNull();
    expect(findRack(d.map((b, k) => ({ x: b.x + 0.05 * k, y: b.y })))).toBeNull();
    const p = (best: number, second: number): number[] => Array.from({ length: 17 }, (_, c) => (c === best ? 0.6 : c === second ? 0.3 : 0.1 / 15));
    // Both lean to 3; the second is surer of 3 than of 7, the first of 7 than the second.
    expect(assignRackIds([p(3, 7), p(3, 1)], [3, 7])).toEqual([7, 3]);
  });
});
