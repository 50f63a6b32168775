// Whole matches through the real referee: no contract error, no rejected input, the physical
// table always agrees with the referee's record, the log is well formed and deterministic.
import { describe, expect, it } from 'vitest';
import type { Game } from '../../contract/ids.ts';
import type { LogLine, ShotLine } from '../../contract/log.ts';
import { BALL_DIAMETER, TABLE_SPECS } from '../../table/spec.ts';
import { judgeText } from '../../rules/judge.ts';
import { layoutProblems, standardTable } from '../physics/index.ts';
import { simulateMatch, type MatchRecording } from './match.ts';
import { simulationOptions } from './options.ts';

const GAMES: Game[] = ['9ball', '8ball', '14.1'];
const SEEDS = [1, 2, 3, 4];
const SHOTS = 30;

const recordings = new Map<string, MatchRecording>();
function recording(game: Game, seed: number): MatchRecording {
  const key = `${game}/${seed}`;
  let rec = recordings.get(key);
  if (!rec) {
    rec = simulateMatch({ game, shots: SHOTS, seed, options: simulationOptions('default', { pause: { min: 2, max: 4 } }) });
    recordings.set(key, rec);
  }
  return rec;
}

const shotLines = (rec: MatchRecording): ShotLine[] => rec.lines.filter((l): l is ShotLine => l.kind === 'shot');
const timeOf = (l: LogLine): number | undefined => ('t' in l ? l.t : undefined);

describe.each(GAMES)('%s matches', (game) => {
  it.each(SEEDS)('seed %i: the referee accepts every line; table and referee agree', (seed) => {
    const rec = recording(game, seed);
    expect(rec.problems).toEqual([]);
    expect(rec.shots.length).toBeGreaterThan(0);
    // The same text judged afresh gives no contract error and the same calls.
    const again = judgeText(rec.jsonl);
    expect(again.error).toBeNull();
    expect(again.calls).toEqual(rec.calls);
    expect(rec.calls.filter((c) => c.rejected)).toEqual([]);
    expect(rec.lines[0]!.kind).toBe('match');
  });

  it.each(SEEDS)('seed %i: a rack line before each break, times in order', (seed) => {
    const rec = recording(game, seed);
    let racked = false;
    let last = -Infinity;
    for (const [i, line] of rec.lines.entries()) {
      const t = timeOf(line);
      if (t !== undefined) {
        expect(t, `line ${i + 1}`).toBeGreaterThanOrEqual(last);
        last = line.kind === 'shot' ? line.end?.t ?? t : t;
      }
      if (line.kind === 'rack') racked = true;
      if (line.kind !== 'shot') continue;
      const call = rec.calls.find((c) => c.line === i + 1)!;
      if (call.break === true) {
        expect(racked, `break at line ${i + 1} without a rack line`).toBe(true);
        racked = false;
      }
      expect(line.events[0]).toEqual({ t: line.t, type: 'strike' });
      expect(line.end!.t).toBeGreaterThanOrEqual(line.t!);
    }
  });

  it.each(SEEDS)('seed %i: no two balls overlap and no ball sits in a cushion or pocket at any strike', (seed) => {
    const rec = recording(game, seed);
    const table = standardTable(rec.match.table);
    for (const line of shotLines(rec)) {
      const balls = line.start!.balls;
      expect(balls.some((b) => b.id === 0)).toBe(true);
      for (const [i, a] of balls.entries()) {
        for (const b of balls.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(BALL_DIAMETER - 1e-6);
      }
      // A ball may hang in a pocket's jaws (beyond the nose line), never inside the rubber or the pocket.
      expect(layoutProblems(table, balls), `shot at t=${line.t}`).toEqual([]);
    }
  });

  it.each(SEEDS)('seed %i: ball in hand in the kitchen is placed behind the head string', (seed) => {
    const rec = recording(game, seed);
    const spec = TABLE_SPECS[rec.match.table];
    for (const [i, line] of rec.lines.entries()) {
      if (line.kind !== 'shot') continue;
      const before = rec.calls.filter((c) => c.line < i + 1).at(-1);
      const kitchen = before ? before.next.ballInHand === 'kitchen' : true;
      if (!kitchen) continue;
      const cue = line.start!.balls.find((b) => b.id === 0)!;
      expect(cue.x, `line ${i + 1}`).toBeLessThan(-spec.length / 4);
    }
  });
});

describe('determinism', () => {
  it('the same seed gives the same truth, byte for byte; another seed another', () => {
    const options = simulationOptions('stress');
    const a = simulateMatch({ game: '9ball', shots: 25, seed: 11, options });
    const b = simulateMatch({ game: '9ball', shots: 25, seed: 11, options });
    const c = simulateMatch({ game: '9ball', shots: 25, seed: 12, options });
    expect(b.jsonl).toBe(a.jsonl);
    expect(JSON.stringify(b.calls)).toBe(JSON.stringify(a.calls));
    expect(JSON.stringify(b.timeline.sceneAt(37.5))).toBe(JSON.stringify(a.timeline.sceneAt(37.5)));
    expect(c.jsonl).not.toBe(a.jsonl);
  });

  it('stops at the asked number of shots, or when the match is over', () => {
    const short = simulateMatch({ game: '8ball', shots: 5, seed: 5 });
    expect(short.shots).toHaveLength(5);
    expect(short.lines.filter((l) => l.kind === 'shot')).toHaveLength(5);
    const race = simulateMatch({ game: '9ball', shots: 400, seed: 6, raceTo: 1, options: simulationOptions('default', { pause: { min: 1, max: 1.5 } }) });
    expect(race.final.matchOver).not.toBeNull();
    expect(race.calls.at(-1)!.matchOver).toBeTruthy();
  });
});
