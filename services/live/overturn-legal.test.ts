// Overturning a foul to legal on the demo's log: the corrected facts are judged legal by the
// rules engine itself; a foul no camera fact explains is refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Call, LogLine, ShotLine } from '../contract/log.ts';
import { TABLE_SPECS } from '../table/spec.ts';
import { judgeText } from '../rules/judge.ts';
import { legalShot } from './overturn-legal.ts';

const log = readFileSync(new URL('../../recordings/demo/truth.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);
const table = TABLE_SPECS['9ft'];

/** The call of line `n` (1-based) when it reads `line`. */
function callOf(n: number, line: LogLine): Call {
  const text = log.map((l, i) => JSON.stringify(i === n - 1 ? line : l)).slice(0, n).join('\n');
  const r = judgeText(text);
  expect(r.error).toBeNull();
  return r.calls.find((c) => c.line === n)!;
}

describe('overturning a foul to legal', () => {
  it('clears a frozen-ball no-rail foul with a cushion for the cue ball after the contact', () => {
    const shot = log[10] as ShotLine;
    const before = callOf(11, shot);
    expect(before.fouls.map((f) => f.code)).toContain('foul/frozen-ball-no-rail');
    const fixed = legalShot(shot, before.fouls, { game: '9ball', table, paths: [] });
    expect(callOf(11, fixed)).toMatchObject({ legal: true, fouls: [] });
    expect(fixed.events.filter((e) => e.type === 'cushion' && e.ball === 0).length).toBeGreaterThan(shot.events.filter((e) => e.type === 'cushion' && e.ball === 0).length);
  });

  it('clears a scratch: the cue ball stays on the bed where its path ended', () => {
    const legal = log[3] as ShotLine;
    const t = legal.end!.t!;
    const scratched: ShotLine = {
      ...legal, events: [...legal.events, { t: t - 0.1, type: 'pocket', ball: 0, pocket: 'foot-left' }], end: { t, balls: legal.end!.balls.filter((b) => b.id !== 0) },
    };
    const before = callOf(4, scratched);
    expect(before.fouls.map((f) => f.code)).toEqual(['foul/scratch']);
    const fixed = legalShot(scratched, before.fouls, { game: '9ball', table, paths: [{ id: 0, points: [[0.5, 0.2], [1.4, 0.7]] }] });
    expect(callOf(4, fixed)).toMatchObject({ legal: true, fouls: [] });
    const cue = fixed.end!.balls.find((b) => b.id === 0)!;
    expect(cue.x).toBeLessThanOrEqual(table.length / 2);
    expect(cue.y).toBeLessThanOrEqual(table.width / 2);
  });

  it('refuses a foul no camera fact explains', () => {
    const shot = log[2] as ShotLine;
    expect(() => legalShot(shot, [{ rule: 'G18h', code: 'foul/foot-off-floor' }], { game: '9ball', table, paths: [] })).toThrow(/void the shot/);
  });
});
