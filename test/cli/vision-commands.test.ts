import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALL_RADIUS } from '../../services/table/spec.ts';
import { TableRenderer, type SceneBall } from '../../services/sim/render/index.ts';
import { calibrate } from '../../services/vision/calibration/calibrate.ts';
import { BallIdentifier } from '../../services/vision/identity/classifier.ts';
import { detectLine } from '../../services/cli/vision-commands.ts';
import { LearnedBallDetector } from '../../services/vision/detection/learned/learned-detector.ts';

let model: BallIdentifier;
let detector: LearnedBallDetector;
beforeAll(async () => {
  model = await BallIdentifier.load();
  detector = await LearnedBallDetector.load();
}, 120_000);
afterAll(async () => {
  await model.release();
  await detector.release();
});

describe('railbird detect', () => {
  it('prints pixel centres with the identity model\'s id, kind and confidence', async () => {
    const r = new TableRenderer({ width: 1920, height: 1080, seed: 9911, cloth: 'green', staticSamples: 1 });
    const balls: SceneBall[] = [
      { id: 0, x: -0.6, y: 0.1 }, { id: 8, x: 0.2, y: -0.25 }, { id: 3, x: 0.7, y: 0.3 },
      { id: 12, x: -0.1, y: 0.4, q: { w: 0.7071, x: 0.7071, y: 0, z: 0 } },
    ];
    const empty = r.render({ frame: 0, balls: [] });
    const cal = calibrate(empty.rgb, empty.width, empty.height);
    const f = r.render({ frame: 1, balls });
    const img = { data: f.rgb, width: f.width, height: f.height };
    // With the image's calibration, and with none (a photo where no table is found: self-scaled).
    for (const line of [await detectLine('frame.png', img, cal, model, detector), await detectLine('frame.png', img, null, model, detector)]) {
      expect(line.balls).toHaveLength(4);
      for (const b of line.balls) {
        const truth = f.balls.reduce((a, c) => (Math.hypot(c.u - b.x, c.v - b.y) < Math.hypot(a.u - b.x, a.v - b.y) ? c : a));
        expect(Math.hypot(truth.u - b.x, truth.v - b.y)).toBeLessThan(2);
        expect(b.id).toBe(truth.id);
        expect(b.kind).toBe(truth.id === 0 ? 'cue' : truth.id === 8 ? 'eight' : truth.id < 8 ? 'solid' : 'stripe');
        expect(b.confidence).toBeGreaterThan(0.5);
        expect(b.r).toBeGreaterThan(BALL_RADIUS * 500);
      }
    }
  }, 120_000);
});
