// The view check: frames of the calibrated table view pass (a player over the table included);
// a close-up, another camera's view and a blank picture do not.
import { describe, expect, it } from 'vitest';
import { parseCalibration } from '../../services/vision/calibration/calibration-model.ts';
import { ViewCheck } from '../../services/vision/calibration/view-check.ts';
import { TableRenderer, demoScene, randomCameraOptions } from '../../services/sim/render/index.ts';
import { closeUpCamera, otherCamera } from '../../services/sim/recording/cuts.ts';

const W = 960;
const H = 540;
const camera = randomCameraOptions(31);
const look = { width: W, height: H, seed: 31, cloth: 'blue', staticSamples: 1 } as const;
const table = new TableRenderer({ ...look, camera });
const cal = parseCalibration({ ...table.calibration.toJSON(), table: '9ft' });
const frame = (r: TableRenderer, scene: number, player = false) => {
  const s = demoScene(scene, { cue: player });
  return { data: r.render(s).rgb.slice(), width: W, height: H };
};

describe('ViewCheck', () => {
  it('passes the calibrated view, with other balls and a player over the table', () => {
    const v = new ViewCheck(cal);
    expect(v.size.bed).toBeGreaterThan(60);
    expect(v.size.rail).toBeGreaterThan(30);
    expect(v.check(frame(table, 1)).view).toBe(true);
    for (const scene of [2, 3, 4]) {
      const verdict = v.check(frame(table, scene, true));
      expect(verdict.view, JSON.stringify(verdict)).toBe(true);
    }
  });

  it('does not pass a close-up, another camera or a blank picture', () => {
    const v = new ViewCheck(cal);
    v.check(frame(table, 1));
    const closeUp = new TableRenderer({ ...look, camera: closeUpCamera(camera, 31) });
    const other = new TableRenderer({ ...look, camera: otherCamera(camera, 31) });
    expect(v.check(frame(closeUp, 2)).view).toBe(false);
    expect(v.check(frame(other, 2)).view).toBe(false);
    expect(v.check({ data: new Uint8Array(W * H * 3).fill(40), width: W, height: H }).view).toBe(false);
    // And the view again after them.
    expect(v.check(frame(table, 3)).view).toBe(true);
  });
});
