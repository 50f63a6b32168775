// Too close to call: staged shots at the edge of what tracks can settle are either called as the
// truth calls them or marked `uncertain` (the operator confirms); clear shots are not marked.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../services/sim/physics/index.ts';
import { scoreStaged, stage, type Scenario } from '../eval/near-calls.ts';

describe('uncertain facts on disputed shots (from tracks, 1 mm noise)', () => {
  it.each([
    ['first', 0.45], ['first', 0.5], ['first', 0.55], ['frozen', 0.58], ['frozen', 0.62], ['graze', 0.45], ['graze', 0.55],
  ] as [Scenario, number][])('%s at %s of its range: called as the truth calls it, or marked', (scenario, u) => {
    for (const fps of [60, 30]) {
      const seed = 960_000 + Math.round(u * 100);
      const r = scoreStaged(stage(scenario, u, mulberry32(seed)), fps, 0.001, seed);
      expect(r.verdict, `${scenario} ${u} at ${fps} fps`).not.toBe('wrong');
    }
  });

  it('marks two first contacts a frame apart with both balls as the alternatives', () => {
    const s = stage('first', 0.5, mulberry32(961_050));
    const r = scoreStaged(s, 60, 0.001, 961_050);
    expect(r.verdict).not.toBe('wrong');
  });

  it('does not mark a clear miss or a clear hit', () => {
    for (const u of [0, 1]) {
      // Far outside the graze band: 3 mm of overlap or 3 mm clear at u = 0 and u = 1 are still
      // near; a 20 mm miss and a half-ball hit are not.
      const s = stage('graze', u, mulberry32(962_000));
      s.balls[1] = { ...s.balls[1]!, y: s.balls[1]!.y + (u === 0 ? -0.028 : 0.02) };
      const r = scoreStaged(s, 60, 0.001, 962_000);
      expect(r.verdict).toBe('right');
      expect(r.overMarked).toBe(false);
    }
  });
});
