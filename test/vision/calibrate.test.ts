import { describe, expect, it } from 'vitest';
import { TABLE_SPECS } from '../../services/table/spec.ts';
import { TableRenderer, type ClothName } from '../../services/sim/render/index.ts';
import { calibrate } from '../../services/vision/calibration/calibrate.ts';
import { imageToTable, parseCalibration, tableToImage, type VisionCalibration } from '../../services/vision/calibration/calibration-model.ts';
import { checkCameraMoved } from '../../services/vision/calibration/camera-moved.ts';
import { evalScene } from '../support/render-scenes.ts';

const CLOTHS: ClothName[] = ['green', 'blue', 'red', 'grey'];
const SEEDS: Record<ClothName, number> = { green: 4201, blue: 4214, red: 4227, grey: 4240 };
const renderers = new Map<ClothName, TableRenderer>();
/** One 1080p camera per cloth, shared by the tests (building one renders the static table). */
function rendererFor(cloth: ClothName): TableRenderer {
  let r = renderers.get(cloth);
  if (!r) {
    r = new TableRenderer({ width: 1920, height: 1080, cloth, seed: SEEDS[cloth] });
    renderers.set(cloth, r);
  }
  return r;
}

describe('calibration on rendered 1080p frames (balls, cue and player in view)', () => {
  for (const [k, cloth] of CLOTHS.entries()) {
    it(`${cloth} cloth: nose corners within 2 px, table points within 1.5 mm, k1 of the right sign`, () => {
      const seed = SEEDS[cloth];
      const r = rendererFor(cloth);
      const f = r.render(evalScene(seed, { layout: k % 2 ? 'rack' : 'scatter' }));
      const cal = calibrate(f.rgb, f.width, f.height, { table: '9ft' });
      expect(cal.fit?.edges).toBe('cushion-noses');
      for (const c of cal.corners) {
        const t = r.calibration.tableToImage(c.x, c.y, 0);
        expect(Math.hypot(t.u - c.u, t.v - c.v)).toBeLessThan(2);
      }
      // Bed points across the table map back within 1.5 mm (lens and homography together).
      const spec = TABLE_SPECS['9ft'];
      for (const [x, y] of [[0, 0], [1.1, 0.5], [-1.2, -0.55], [0.6, -0.3], [-0.4, 0.6]] as const) {
        const t = r.calibration.tableToImage(x, y, 0);
        const back = imageToTable(cal, t.u, t.v, 'bed');
        expect(Math.hypot(back.x - x, back.y - y)).toBeLessThan(0.0015);
        expect(Math.abs(x)).toBeLessThanOrEqual(spec.length / 2);
      }
      expect(cal.k1).toBeLessThan(0);
      // Saved and loaded: the same maps.
      const again = parseCalibration(JSON.parse(JSON.stringify(cal)));
      const p = tableToImage(again, 0.7, -0.2, 'ball');
      const q = tableToImage(cal, 0.7, -0.2, 'ball');
      expect(Math.hypot(p.u - q.u, p.v - q.v)).toBeLessThan(1e-9);
    });
  }

  it('loads a renderer calibration (CalibrationJSON) and maps like the renderer', () => {
    const r = new TableRenderer({ width: 320, height: 180, seed: 3 });
    const cal: VisionCalibration = parseCalibration(r.calibration.toJSON());
    for (const [x, y] of [[0.3, 0.2], [-1.0, -0.5]] as const) {
      const a = tableToImage(cal, x, y, 'ball');
      const b = r.calibration.tableToImage(x, y, 0.028575);
      expect(Math.hypot(a.u - b.u, a.v - b.v)).toBeLessThan(1e-6);
      const back = imageToTable(cal, a.u, a.v, 'ball');
      expect(Math.hypot(back.x - x, back.y - y)).toBeLessThan(1e-6);
    }
    expect(cal.corners).toHaveLength(4);
    expect(() => parseCalibration({ model: 'pinhole-radial-k1k2', table: '9ft' })).toThrow(/bedHomography/);
  });

  it('flags a camera that moved a few pixels, not one that stayed', () => {
    const seed = 4301;
    const r = rendererFor('green');
    const f = r.render(evalScene(seed, { layout: 'scatter' }));
    const cal = calibrate(f.rgb, f.width, f.height);
    const again = r.render(evalScene(seed + 1, { layout: 'clusters' }));
    const still = checkCameraMoved({ data: again.rgb, width: again.width, height: again.height }, cal);
    expect(still.moved).toBe(false);
    expect(still.score).toBeLessThan(1);
    // The camera pans: the whole picture slides 3 px right and 2 px down.
    const W = again.width;
    const H = again.height;
    const shifted = new Uint8Array(again.rgb.length);
    for (let y = 2; y < H; y++) shifted.set(again.rgb.subarray(((y - 2) * W) * 3, ((y - 2) * W + W - 3) * 3), (y * W + 3) * 3);
    const check = checkCameraMoved({ data: shifted, width: W, height: H }, cal);
    expect(check.moved).toBe(true);
    expect(check.score).toBeGreaterThan(1.5);
  });
});

describe('calibration of elevated broadcast views (seen-edges.ts)', () => {
  // Cameras behind a short rail, 74° from straight down, as on TV: the near cushion's face is
  // hidden, so the edge found there is the rail's top edge (a cushion width out, 4 cm up). Taken
  // for the nose, it put corners up to 30 px and balls 5–10 cm off.
  const VIEWS = [
    { name: 'red cloth, behind the foot rail', cloth: 'red', rail: 'black', tiltX: -0.0866, tiltY: 1.2844, roll: 1.5943 },
    { name: 'blue cloth, behind the head rail', cloth: 'blue', rail: 'wood', tiltX: 0.2504, tiltY: -1.2655, roll: -1.5758 },
  ] as const;
  for (const v of VIEWS) {
    it(`${v.name}: nose corners within 1.5 px, ball centres within 5 mm, and the camera not taken for moved`, () => {
      const r = new TableRenderer({
        width: 1024, height: 576, table: '7ft', cloth: v.cloth, rail: v.rail, ballSet: 'tv', seed: 4004,
        camera: { margin: 0.083, tiltX: v.tiltX, tiltY: v.tiltY, roll: v.roll },
      });
      const f = r.render(evalScene(4004, { layout: 'scatter' }));
      const cal = calibrate(f.rgb, f.width, f.height, { table: '7ft' });
      expect(cal.fit?.edges).toBe('cushion-noses');
      // A table looks the same turned half a turn: compare with the renderer's either way round.
      const miss = (turn: number): number[] => cal.corners.map((c) => {
        const t = r.calibration.tableToImage(turn * c.x, turn * c.y, 0);
        return Math.hypot(t.u - c.u, t.v - c.v);
      });
      const sum = (a: number[]): number => a.reduce((s, x) => s + x, 0);
      const turn = sum(miss(1)) <= sum(miss(-1)) ? 1 : -1;
      for (const e of miss(turn)) expect(e).toBeLessThan(1.5);
      const seen = f.balls.filter((b) => !b.occluded);
      expect(seen.length).toBeGreaterThan(5);
      for (const b of seen) {
        const q = imageToTable(cal, b.u, b.v, 'ball');
        expect(Math.hypot(turn * q.x - b.x, turn * q.y - b.y)).toBeLessThan(0.005);
      }
      // The near rail is looked for where this camera sees it, not at the nose.
      const again = r.render(evalScene(4005, { layout: 'clusters' }));
      const check = checkCameraMoved({ data: again.rgb, width: again.width, height: again.height }, cal);
      expect(check.moved).toBe(false);
      expect(check.score).toBeLessThan(1);
    });
  }
});
