import { describe, expect, it } from 'vitest';
import { TABLE_SPECS } from '../../services/table/spec.ts';
import { TableRenderer } from '../../services/sim/render/index.ts';
import { NOSE_Z, RAIL_TOP_Z, bedOffsets, faceSpans, seenNoseEdges } from '../../services/vision/calibration/seen-edges.ts';
import { RAIL_SIDES, sideLinePoint } from '../../services/vision/calibration/rail-edges.ts';

describe('seen-edges: the bed line that looks like a cushion line at a height', () => {
  // A broadcast camera behind the foot rail (as in calibrate.test.ts).
  const r = new TableRenderer({
    width: 1024, height: 576, table: '7ft', cloth: 'red', rail: 'black', seed: 4004,
    camera: { margin: 0.083, tiltX: -0.0866, tiltY: 1.2844, roll: 1.5943 },
  });
  const cam = r.calibration;
  const C: [number, number, number] = [cam.C[0], cam.C[1], cam.C[2]];
  const { length, width } = TABLE_SPECS['7ft'];
  const hx = length / 2;
  const hy = width / 2;

  it('the camera is behind the foot cushion (and, off the axis, just behind the right one); the far cushion\'s face reaches 10+ cm out on the bed', () => {
    const faces = faceSpans(C, hx, hy);
    expect(RAIL_SIDES.filter((s) => faces[s] === 0)).toEqual(['foot', 'right']);
    expect(faces.head).toBeGreaterThan(0.1);
  });

  it('each seen line (rail edge behind, nose rise, face foot) projects where its bed line does', () => {
    for (const kinds of [undefined, { head: 'rise', foot: 'rise', left: 'rise', right: 'rise' } as const]) {
      const seen = seenNoseEdges(C, hx, hy, 0.05, kinds);
      if (kinds) expect(seen.foot).toEqual({ out: 0, z: NOSE_Z });
      else expect(seen.foot).toEqual({ out: 0.05, z: RAIL_TOP_Z });
      const off = bedOffsets(seen, C, hx, hy);
      for (const side of RAIL_SIDES) {
        for (const along of [-0.3, 0.2]) {
          // A point of the 3-D line, and where the ray through it meets the bed: on the offset line.
          const p = sideLinePoint(side, hx, hy, along, seen[side].out);
          const z = seen[side].z;
          const t = C[2] / (C[2] - z);
          const hit = { x: C[0] + (p.x - C[0]) * t, y: C[1] + (p.y - C[1]) * t };
          const q = sideLinePoint(side, hx, hy, side === 'head' || side === 'foot' ? hit.y : hit.x, off[side]);
          expect(Math.hypot(q.x - hit.x, q.y - hit.y)).toBeLessThan(1e-9);
          const a = cam.tableToImage(hit.x, hit.y, 0);
          const b = cam.tableToImage(p.x, p.y, z);
          expect(Math.hypot(a.u - b.u, a.v - b.v)).toBeLessThan(0.01);
        }
      }
    }
  });
});
