// Invariants of the rules engine over random games (fast-check): the ball sets always partition
// the game's balls, exactly one player is to shoot, a foul hands the table over, replays are exact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUSHIONS, GAMES, POCKETS, objectBallsOf, type BallId, type Game } from '../../services/contract/ids.ts';
import type { Call } from '../../services/contract/log.ts';
import { Judge, judgeText } from '../../services/rules/judge.ts';

type Rand = () => number;

function rng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const pos = (r: Rand) => ({ x: (r() - 0.5) * 2.4, y: (r() - 0.5) * 1.2 });

/** Generates a random but contract-valid log, one line at a time, from the judge's own state. */
function randomLog(game: Game, seed: number, steps: number): string[] {
  const r = rng(seed);
  const m = { kind: 'match', game, table: '9ft', players: ['Ann', 'Bob'], breaks: r() < 0.5 ? 'winner' : 'alternate', firstBreak: 'Ann', ...(game === '14.1' ? { target: 30 } : { raceTo: 3 }) };
  const lines = [JSON.stringify(m)];
  const judge = new Judge();
  judge.feed(lines[0]!);
  let t = 0;
  for (let i = 0; i < steps && !judge.state?.matchOver; i++) {
    const s = judge.state!;
    const roll = r();
    let line: object;
    if (s.awaiting && roll < 0.5) {
      line = { kind: 'decision', by: s.awaiting.by, choice: pick(r, s.awaiting.choices) };
    } else if (roll < 0.04) {
      line = { kind: 'foul', t: t + 1, rule: pick(r, ['G18h', 'G18f', 'G13', 'E3.3g', 'G24.3']), by: pick(r, ['Ann', 'Bob']) };
    } else if (roll < 0.08) {
      line = { kind: 'warning', t: t + 1, to: pick(r, ['Ann', 'Bob']) };
    } else {
      t += 10;
      const ids: BallId[] = [0 as BallId, ...s.bed.map((b) => b.id).filter((id) => id !== 0)];
      const start = ids.map((id) => ({ id, ...pos(r), ...(r() < 0.02 ? { moving: true } : {}) }));
      const events: object[] = [{ t, type: 'strike' }];
      let et = t;
      const objects = ids.filter((id) => id !== 0);
      if (r() < 0.1) events.push({ t: (et += 0.1), type: 'cross', ball: 0, line: 'head-string' });
      if (objects.length && r() < 0.9) events.push({ t: (et += 0.1), type: 'contact', a: 0, b: pick(r, objects) });
      const gone = new Set<BallId>();
      for (let k = 0; k < 4; k++) {
        const ball = pick(r, ids);
        if (gone.has(ball)) continue;
        const x = r();
        if (x < 0.45) events.push({ t: (et += 0.1), type: 'cushion', ball, cushion: pick(r, CUSHIONS) });
        else if (x < 0.75) { events.push({ t: (et += 0.1), type: 'pocket', ball, pocket: pick(r, POCKETS) }); gone.add(ball); }
        else if (x < 0.8) { events.push({ t: (et += 0.1), type: 'off-table', ball }); gone.add(ball); }
      }
      const end = ids.filter((id) => !gone.has(id)).map((id) => ({ id, ...pos(r) }));
      const declared: Record<string, unknown> = {};
      if (objects.length && r() < 0.6) declared.call = { ball: pick(r, objects), pocket: pick(r, [...POCKETS, 'obvious']) };
      if (r() < 0.1) declared.safety = true;
      if (r() < 0.2) declared.pushOut = true;
      line = { kind: 'shot', t, start: { balls: start }, declared, events, end: { t: et + 1, balls: end } };
    }
    const text = JSON.stringify(line);
    const res = judge.feed(text);
    if (res.error) throw new Error(`generator wrote a bad line: ${res.error.message}`);
    lines.push(text);
  }
  return lines;
}

describe.each(GAMES)('%s: invariants over random games', (game) => {
  const all = [0, ...objectBallsOf(game)].sort((a, b) => a - b);
  it('balls on the bed + pocketed + off the table are always the full set', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
      const lines = randomLog(game, seed, 60);
      const judge = new Judge();
      for (const l of lines) {
        judge.feed(l);
        const s = judge.state!;
        const ids = [...s.bed.map((b) => b.id), ...s.down, ...s.off].sort((a, b) => a - b);
        expect(ids).toEqual(all);
      }
    }), { numRuns: 60 });
  });
  it('exactly one player is to shoot, and a foul always hands the table over', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
      const { calls } = judgeText(randomLog(game, seed, 60).join('\n'));
      for (const c of calls as Call[]) {
        expect(['Ann', 'Bob']).toContain(c.next.player);
        if (c.input === 'shot' && c.fouls.length > 0 && !c.gameOver && !c.rejected) expect(c.next.player).not.toBe(c.shooter);
      }
    }), { numRuns: 60 });
  });
  it('replaying a log gives identical calls', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
      const text = randomLog(game, seed, 60).join('\n');
      expect(judgeText(text).calls).toEqual(judgeText(text).calls);
    }), { numRuns: 30 });
  });
});
