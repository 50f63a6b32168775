// A ball passing close to a resting one may pull the resting ball's reading a millimetre or two
// its way (its image, blur or shadow in the resting ball's window). Such a reading must not
// become the resting ball's key frame (static-balls.ts), or it stands long after the passer left:
// 8-ball 6734 at 1080p60, 50.6 s, the cue ball passed the 4 0.9 mm clear and left it read 1.3 mm
// over for 5 s, which event inference took as a graze (a first contact on the 4, the 9's in truth).
// Here a stand-in detector pulls the resting ball's reading 1.5 mm towards any other ball read
// within 10 cm of it; once the passer is away, the reading must be where it was before the pass.
import { beforeAll, describe, expect, it } from 'vitest';
import { TableRenderer, randomQuat, type SceneBall } from '../../services/sim/render/index.ts';
import { Rng } from '../../services/sim/render/prng.ts';
import { parseCalibration, type VisionCalibration } from '../../services/vision/calibration/calibration-model.ts';
import type { VideoImage } from '../../services/vision/decode/yuv-image.ts';
import { BallDetector, type DetectResult } from '../../services/vision/detection/detect.ts';
import { VisionPipeline } from '../../services/vision/pipeline.ts';

const FOUR = { x: 0.35, y: 0.2 };
/** The passer's line: 58 mm from the 4's centre, 0.9 mm clear of a touch. */
const PASS_Y = FOUR.y + 0.058;
/** 0.6 m/s at 30 frames/s. */
const STEP = 0.02;
const FRAMES = 40;
const PULL = { reach: 0.1, by: 0.0015 };

/** The classical detector, its reading of the resting 4 pulled towards any ball read near it. */
class PulledByNeighbours extends BallDetector {
  override detect(...args: Parameters<BallDetector['detect']>): DetectResult {
    const r = super.detect(...args);
    const four = r.balls.find((b) => Math.hypot(b.x - FOUR.x, b.y - FOUR.y) < 0.02);
    const near = four && r.balls.find((b) => b !== four && Math.hypot(b.x - four.x, b.y - four.y) < PULL.reach);
    if (!four || !near) return r;
    const d = Math.hypot(near.x - four.x, near.y - four.y);
    const pulled = { ...four, x: four.x + (PULL.by * (near.x - four.x)) / d, y: four.y + (PULL.by * (near.y - four.y)) / d };
    return { ...r, balls: r.balls.map((b) => (b === four ? pulled : b)) };
  }
}

function scene(cueX: number): SceneBall[] {
  const rng = new Rng(34);
  return [{ id: 0, x: cueX, y: PASS_Y }, { id: 9, x: -0.7, y: -0.3 }, { id: 4, ...FOUR }].map((b) => ({ ...b, id: b.id as SceneBall['id'], q: randomQuat(rng) }));
}

describe('pipeline: a resting ball passed close by a moving one', () => {
  let cal: VisionCalibration;
  const frames: VideoImage[] = [];
  beforeAll(() => {
    const r = new TableRenderer({ width: 960, height: 540, seed: 6734, staticSamples: 1 });
    for (let k = 0; k < FRAMES; k++) {
      const f = r.render({ balls: scene(FOUR.x - 20 * STEP + k * STEP), frame: k });
      frames.push({ data: Uint8Array.from(f.rgb), width: f.width, height: f.height });
    }
    cal = parseCalibration(r.calibration.toJSON());
  }, 180_000);

  it('is read where it rested before the pass once the passer is away (before: 1.5 mm over, kept)', async () => {
    const pipe = new VisionPipeline(cal, { identifier: null, detector: new PulledByNeighbours(cal), learned: null });
    const at: { x: number; y: number }[] = [];
    for (const [k, img] of frames.entries()) {
      const four = (await pipe.process(img, k / 30)).balls.find((b) => !b.occluded && Math.hypot(b.x - FOUR.x, b.y - FOUR.y) < 0.03);
      at.push(four ? { x: four.x, y: four.y } : { x: NaN, y: NaN });
    }
    const before = at[8]!;
    expect(Math.hypot(before.x - FOUR.x, before.y - FOUR.y)).toBeLessThan(0.003);
    // The passer comes within the pull's reach from frame 16 and is 12 cm away from frame 26 on.
    expect(at.slice(14, 26).some((p) => Math.hypot(p.x - before.x, p.y - before.y) > 0.001)).toBe(true);
    for (const p of at.slice(30)) expect(Math.hypot(p.x - before.x, p.y - before.y)).toBeLessThan(0.0005);
  }, 120_000);
});
