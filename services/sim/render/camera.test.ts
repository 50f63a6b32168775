import { describe, expect, it } from 'vitest';
import { BALL_RADIUS, TABLE_SPECS } from '../../table/spec.ts';
import { Calibration, randomCameraOptions } from './camera.ts';
import { OUTER_MARGIN } from './geometry.ts';

const cases = [
  { w: 1280, h: 720, seed: 1, table: '9ft' as const },
  { w: 1920, h: 1080, seed: 7, table: '8ft' as const },
  { w: 3840, h: 2160, seed: 42, table: '7ft' as const },
];

const applyH = (H: number[], x: number, y: number): [number, number] => {
  const w = H[6]! * x + H[7]! * y + H[8]!;
  return [(H[0]! * x + H[1]! * y + H[2]!) / w, (H[3]! * x + H[4]! * y + H[5]!) / w];
};

describe('overhead camera model', () => {
  for (const c of cases) {
    const cal = Calibration.create(c.w, c.h, c.table, randomCameraOptions(c.seed));
    const spec = TABLE_SPECS[c.table];
    const hx = spec.length / 2 + OUTER_MARGIN;
    const hy = spec.width / 2 + OUTER_MARGIN;

    it(`round-trips table → image → table within 0.1 mm on the bed (${c.w}×${c.h}, ${c.table})`, () => {
      let worst = 0;
      for (let i = 0; i <= 20; i++) {
        for (let j = 0; j <= 10; j++) {
          const x = -hx + (2 * hx * i) / 20;
          const y = -hy + (2 * hy * j) / 10;
          const { u, v } = cal.tableToImage(x, y, 0);
          const back = cal.imageToTable(u, v, 0);
          worst = Math.max(worst, Math.hypot(back.x - x, back.y - y));
        }
      }
      expect(worst).toBeLessThan(1e-4);
    });

    it(`round-trips on the plane of ball centres and image → table → image (${c.w}×${c.h})`, () => {
      for (const [u, v] of [[0, 0], [c.w - 1, 0], [c.w / 2, c.h / 2], [13.5, c.h - 7.25], [c.w - 1, c.h - 1]] as const) {
        const p = cal.imageToTable(u, v, BALL_RADIUS);
        const q = cal.tableToImage(p.x, p.y, BALL_RADIUS);
        expect(Math.hypot(q.u - u, q.v - v)).toBeLessThan(1e-3);
      }
    });

    it(`frames the whole table with some margin, camera 2.5–3 m up (${c.w}×${c.h})`, () => {
      expect(cal.C[2]).toBeGreaterThanOrEqual(2.5);
      expect(cal.C[2]).toBeLessThanOrEqual(3);
      for (const [x, y] of [[hx, hy], [-hx, hy], [hx, -hy], [-hx, -hy], [0, hy], [hx, 0]] as const) {
        const { u, v } = cal.tableToImage(x, y, 0);
        expect(u).toBeGreaterThan(0);
        expect(v).toBeGreaterThan(0);
        expect(u).toBeLessThan(c.w - 1);
        expect(v).toBeLessThan(c.h - 1);
      }
      // The long axis runs along the image width and fills most of it; +y is up in the image.
      const a = cal.tableToImage(-spec.length / 2, 0, 0);
      const b = cal.tableToImage(spec.length / 2, 0, 0);
      expect(b.u - a.u).toBeGreaterThan(0.65 * c.w);
      expect(cal.tableToImage(0, 0.3, 0).v).toBeLessThan(cal.tableToImage(0, -0.3, 0).v);
    });

    it(`describes itself as JSON: the bed homography maps to undistorted pixels (${c.w}×${c.h})`, () => {
      const j = JSON.parse(JSON.stringify(cal.toJSON())) as ReturnType<typeof cal.toJSON>;
      expect(j.imageWidth).toBe(c.w);
      expect(j.k1).toBeLessThan(0);
      const again = Calibration.fromJSON(j);
      for (const [x, y] of [[0.3, -0.2], [-1.1, 0.5], [1.2, -0.6]] as const) {
        const p = cal.tableToImage(x, y, 0);
        const q = again.tableToImage(x, y, 0);
        expect(Math.hypot(p.u - q.u, p.v - q.v)).toBeLessThan(1e-9);
        const { xn, yn } = cal.undistort(p.u, p.v);
        const [hu, hv] = applyH(j.bedHomography, x, y);
        expect(Math.hypot(hu - (j.fx * xn + j.cx), hv - (j.fy * yn + j.cy))).toBeLessThan(1e-6);
        const b = cal.tableToImage(x, y, BALL_RADIUS);
        const nb = cal.undistort(b.u, b.v);
        const [bu, bv] = applyH(j.ballCentreHomography, x, y);
        expect(Math.hypot(bu - (j.fx * nb.xn + j.cx), bv - (j.fy * nb.yn + j.cy))).toBeLessThan(1e-6);
      }
      // Distortion is real: straight table lines bow in the image.
      const mid = cal.tableToImage(0, spec.width / 2, 0);
      const l = cal.tableToImage(-spec.length / 2, spec.width / 2, 0);
      const r = cal.tableToImage(spec.length / 2, spec.width / 2, 0);
      const chord = l.v + ((r.v - l.v) * (mid.u - l.u)) / (r.u - l.u);
      expect(Math.abs(mid.v - chord)).toBeGreaterThan(0.5);
    });
  }
});

describe('per-pixel ray table', () => {
  it('matches the exact undistortion at every pixel', () => {
    const cal = Calibration.create(160, 90, '9ft', { ...randomCameraOptions(3), k1: -0.15, k2: 0.03 });
    const t = cal.rayTable();
    let worst = 0;
    for (let j = 0; j < 90; j++) {
      for (let i = 0; i < 160; i++) {
        const { xn, yn } = cal.undistort(i, j);
        const k = (j * 160 + i) * 2;
        worst = Math.max(worst, Math.abs(t[k]! - xn), Math.abs(t[k + 1]! - yn));
      }
    }
    expect(worst).toBeLessThan(1e-6);
  });
});
