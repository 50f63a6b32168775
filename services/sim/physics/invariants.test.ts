// Property checks over many random shots and breaks: balls never overlap each other or
// sink into a cushion, total kinetic energy never rises, and every shot comes to rest.
import { describe, expect, it } from 'vitest';
import { aimDirection } from './cue.ts';
import { ballBallContactTime } from './event-times.ts';
import { startSegment } from './motion.ts';
import { DEFAULT_PHYSICS_PARAMS as P } from './params.ts';
import { nineBallRack } from './racks.ts';
import { mulberry32, uniform } from './rng.ts';
import { simulateShot } from './simulate.ts';
import { standardTable } from '../../table/geometry.ts';
import { checkInvariants, randomLayout, randomStrike } from './test-helpers.ts';

/** Rounding allowance for total kinetic energy (J); a real rise would be far larger. */
const ENERGY_SLACK = 1e-12;

function expectSound(report: ReturnType<typeof checkInvariants>, label: string): void {
  expect(report.worstBallOverlap, `${label}: overlap`).toBeLessThan(1e-6);
  expect(report.tableViolations, `${label}: table`).toEqual([]);
  expect(report.worstEnergyRiseAtEvents, `${label}: energy at events`).toBeLessThan(ENERGY_SLACK);
  expect(report.worstEnergyRiseBetweenSamples, `${label}: energy between samples`).toBeLessThan(ENERGY_SLACK);
}

describe('invariants', () => {
  for (const size of ['9ft', '7ft'] as const) {
    it(`random 9-ball breaks on a ${size} table`, () => {
      const table = standardTable(size);
      const L = table.spec.length;
      for (let seed = 1; seed <= 6; seed++) {
        const rng = mulberry32(seed * 101);
        const cue = { x: uniform(rng, -L / 2 + 0.1, -L / 4), y: uniform(rng, -0.3, 0.3) * table.spec.width };
        const apex = { x: L / 4, y: uniform(rng, -0.01, 0.01) };
        const sim = simulateShot({
          table,
          balls: [{ id: 0, ...cue }, ...nineBallRack(table.spec, { gap: uniform(rng, 0, 3e-4), jitter: 1e-4, rng })],
          strike: { speed: uniform(rng, 6, 11), direction: aimDirection(cue, apex), height: uniform(rng, -0.3, 0.3), side: uniform(rng, -0.2, 0.2) },
          rng,
        });
        expect(sim.truncated).toBe(false);
        expectSound(checkInvariants(table, sim, 0.002), `${size} break seed ${seed}`);
      }
    });
  }

  it('random shots with 16 balls anywhere on the table', () => {
    const table = standardTable('8ft');
    for (let seed = 1; seed <= 16; seed++) {
      const rng = mulberry32(seed);
      const balls = randomLayout(table, rng, 16);
      const sim = simulateShot({ table, balls, strike: randomStrike(rng), rng });
      expect(sim.truncated).toBe(false);
      expectSound(checkInvariants(table, sim, 0.004), `shot seed ${seed}`);
    }
  });

  it('random shots with balls frozen together and to cushions', () => {
    const table = standardTable('9ft');
    const R = table.ballRadius;
    const W = table.spec.width;
    for (let seed = 1; seed <= 8; seed++) {
      const rng = mulberry32(1000 + seed);
      const x0 = uniform(rng, -0.8, 0.8);
      const balls = [
        { id: 0 as const, x: x0, y: W / 2 - R },
        { id: 1 as const, x: x0 + 2 * R, y: W / 2 - R },
        { id: 2 as const, x: x0 + R, y: W / 2 - R - Math.sqrt(3) * R },
        { id: 3 as const, x: x0 + 3 * R, y: W / 2 - R - Math.sqrt(3) * R },
      ];
      const sim = simulateShot({ table, balls, strike: randomStrike(rng, 0.5, 8), rng });
      expect(sim.truncated).toBe(false);
      expectSound(checkInvariants(table, sim, 0.004), `frozen seed ${seed}`);
    }
  });

  it('contact times are never late: no pair overlaps before the computed contact time', () => {
    const rng = mulberry32(99);
    const R = P.ballRadius;
    for (let trial = 0; trial < 400; trial++) {
      const kin = (x: number, y: number) => ({
        x, y, vx: uniform(rng, -4, 4), vy: uniform(rng, -4, 4),
        wx: uniform(rng, -150, 150), wy: uniform(rng, -150, 150), wz: 0,
      });
      const a = startSegment(0, 0, kin(0, 0), P);
      const b = startSegment(1, 0, kin(uniform(rng, -0.6, 0.6), uniform(rng, -0.6, 0.6)), P);
      const d0 = Math.hypot(b.segment.start.x, b.segment.start.y);
      if (d0 < 2 * R) continue;
      const horizon = Math.min(a.naturalEnd, b.naturalEnd);
      const s = ballBallContactTime(a.segment, b.segment, 0, horizon, R);
      const gapAt = (t: number) => {
        const pa = { x: a.segment.start.x + a.segment.start.vx * t + 0.5 * a.segment.ax * t * t, y: a.segment.start.y + a.segment.start.vy * t + 0.5 * a.segment.ay * t * t };
        const pb = { x: b.segment.start.x + b.segment.start.vx * t + 0.5 * b.segment.ax * t * t, y: b.segment.start.y + b.segment.start.vy * t + 0.5 * b.segment.ay * t * t };
        return Math.hypot(pa.x - pb.x, pa.y - pb.y) - 2 * R;
      };
      const end = Math.min(s, horizon);
      let smallestGap = Infinity;
      for (let k = 0; k <= 2000; k++) smallestGap = Math.min(smallestGap, gapAt((end * k) / 2000));
      expect(smallestGap).toBeGreaterThan(-1e-9);
      if (Number.isFinite(s)) expect(Math.abs(gapAt(s))).toBeLessThan(1e-9);
    }
  });
});
