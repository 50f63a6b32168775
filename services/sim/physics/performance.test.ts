import { describe, expect, it } from 'vitest';
import { aimDirection } from './cue.ts';
import { fifteenBallRack, nineBallRack } from './racks.ts';
import { mulberry32 } from './rng.ts';
import { simulateShot, type SimulateShotInput } from './simulate.ts';
import { standardTable } from './table-geometry.ts';
import { randomLayout } from './test-helpers.ts';

const table = standardTable('9ft');
const L = table.spec.length;

function medianMilliseconds(input: () => SimulateShotInput, runs: number): number {
  for (let k = 0; k < 3; k++) simulateShot(input()); // warm up the JIT
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const shot = input();
    const start = performance.now();
    simulateShot(shot);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(runs / 2)]!;
}

describe('performance', () => {
  it('a typical 16-ball shot simulates in well under 50 ms', () => {
    let seed = 0;
    const ms = medianMilliseconds(() => {
      const rng = mulberry32(++seed);
      return { table, balls: randomLayout(table, rng, 16), strike: { speed: 3, direction: rng() * 2 * Math.PI, height: 0.2 }, rng };
    }, 9);
    console.log(`typical 16-ball shot: median ${ms.toFixed(2)} ms`);
    expect(ms).toBeLessThan(25);
  });

  it('a 9-ball break simulates in under 200 ms (a 15-ball break too)', () => {
    const cue = { x: -L / 4 - 0.1, y: 0.15 };
    const strike = { speed: 10, direction: aimDirection(cue, { x: L / 4, y: 0 }) };
    const nine = medianMilliseconds(() => ({ table, balls: [{ id: 0, ...cue }, ...nineBallRack(table.spec)], strike, rng: mulberry32(1) }), 9);
    const fifteen = medianMilliseconds(() => ({ table, balls: [{ id: 0, ...cue }, ...fifteenBallRack(table.spec)], strike, rng: mulberry32(1) }), 9);
    console.log(`9-ball break: median ${nine.toFixed(2)} ms; 15-ball break: median ${fifteen.toFixed(2)} ms`);
    expect(nine).toBeLessThan(200);
    expect(fifteen).toBeLessThan(200);
  });
});
