// A ball only the learned detector reads (the classical search does not see it: here a detector
// made blind to it, as the real near-cushion balls of game2 clip 1 were to the classical one) is
// added by the learned looks and must stay seen while it lies there, through whole-bed searches.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALL_RADIUS } from '../../services/table/spec.ts';
import { TableRenderer, randomQuat, type SceneBall } from '../../services/sim/render/index.ts';
import { Rng } from '../../services/sim/render/prng.ts';
import { parseCalibration, type VisionCalibration } from '../../services/vision/calibration/calibration-model.ts';
import type { VideoImage } from '../../services/vision/decode/yuv-image.ts';
import { BallDetector, type DetectResult } from '../../services/vision/detection/detect.ts';
import { DEFAULT_DETECTOR_MODEL, LearnedBallDetector } from '../../services/vision/detection/learned/learned-detector.ts';
import { VisionPipeline } from '../../services/vision/pipeline.ts';

const R = BALL_RADIUS;
const HIDDEN = { x: -0.4, y: 0.635 - R - 0.0005 };

/** The classical detector, blind within 3 cm of HIDDEN. */
class BlindDetector extends BallDetector {
  override detect(...args: Parameters<BallDetector['detect']>): DetectResult {
    const r = super.detect(...args);
    return { ...r, balls: r.balls.filter((b) => Math.hypot(b.x - HIDDEN.x, b.y - HIDDEN.y) > 0.03) };
  }
}

describe.skipIf(!existsSync(DEFAULT_DETECTOR_MODEL))('pipeline: a ball only the learned detector reads', () => {
  let net: LearnedBallDetector;
  let cal: VisionCalibration;
  let frame: VideoImage;
  beforeAll(async () => {
    net = await LearnedBallDetector.load();
    const rng = new Rng(31);
    const balls: SceneBall[] = [{ id: 0, x: -0.6, y: 0.1 }, { id: 3, x: 0.3, y: -0.2 }, { id: 14, ...HIDDEN }]
      .map((b) => ({ ...b, id: b.id as SceneBall['id'], q: randomQuat(rng) }));
    const r = new TableRenderer({ width: 960, height: 540, seed: 5252, cloth: 'green', staticSamples: 1 });
    const f = r.render({ balls, frame: 0 });
    frame = { data: Uint8Array.from(f.rgb), width: f.width, height: f.height };
    cal = parseCalibration(r.calibration.toJSON());
  }, 120_000);
  afterAll(async () => {
    await net.release();
  });

  it('keeps it seen through every whole-bed search while its image does not change (before: lost from the first one)', async () => {
    // A whole-bed search on every frame (no change windows), the learned looks 0.2 s apart.
    const pipe = new VisionPipeline(cal, {
      identifier: null, detector: new BlindDetector(cal), learned: net, changeSearch: false, fullSearchEvery: 1,
      learnedSearch: { bedEvery: 0.2, confirmEvery: 0.2, looks: 3 },
    });
    const seen: boolean[] = [];
    for (let k = 0; k < 60; k++) {
      const out = await pipe.process(frame, k / 30);
      seen.push(out.balls.some((b) => !b.occluded && Math.hypot(b.x - HIDDEN.x, b.y - HIDDEN.y) < 0.02));
    }
    const added = seen.indexOf(true);
    // Added on the third look (0.4 s), then seen on every frame to the end.
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(14);
    expect(seen.slice(added)).not.toContain(false);
  }, 120_000);
});
