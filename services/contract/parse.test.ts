// The contract parser: each violation names its line and field; fuzzed lines never crash it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeText } from '../rules/judge.ts';
import { makeLine, newParseContext, parseLine } from './parse.ts';

const MATCH = '{"kind":"match","game":"9ball","table":"9ft","players":["Ann","Bob"],"raceTo":5,"breaks":"winner","firstBreak":"Ann"}';
const SHOT = (t: number, extra = '') =>
  `{"kind":"shot","t":${t},"start":{"balls":[{"id":0,"x":-0.9,"y":0.1},{"id":1,"x":0.635,"y":0}${extra}]},"events":[{"t":${t},"type":"strike"},{"t":${t + 0.3},"type":"contact","a":0,"b":1},{"t":${t + 0.5},"type":"cushion","ball":1,"cushion":"foot"}],"end":{"t":${t + 3},"balls":[{"id":0,"x":0.2,"y":-0.3},{"id":1,"x":0.5,"y":0.2}]}}`;

describe('contract violations name the line and the field; earlier calls are kept, nothing after applied', () => {
  it.each([
    ['unknown kind', `{"kind":"bogus"}`, 'kind'],
    ['invalid JSON', `{"kind":"shot",`, '(json)'],
    ['ball id out of range', SHOT(20, ',{"id":16,"x":0.1,"y":0.1}'), 'start.balls[2].id'],
    ['a ball id of another game (12 in 9-ball)', SHOT(20, ',{"id":12,"x":0.1,"y":0.1}'), 'start.balls[2].id'],
    ['a ball twice on the bed', SHOT(20, ',{"id":1,"x":0.1,"y":0.1}'), 'start.balls[2].id'],
    ['events out of time order', `{"kind":"shot","t":20,"events":[{"t":20,"type":"strike"},{"t":19,"type":"contact","a":0,"b":1}]}`, 'events[1].t'],
    ['shots out of time order', SHOT(5), 't'],
    ['unknown cushion', `{"kind":"shot","t":20,"events":[{"t":20,"type":"cushion","ball":1,"cushion":"top"}]}`, 'events[0].cushion'],
    ['decision by a stranger', `{"kind":"decision","by":"Eve","choice":"play"}`, 'by'],
    ['unknown decision', `{"kind":"decision","by":"Ann","choice":"maybe"}`, 'choice'],
    ['an uncertain fact of no kind the contract names', SHOT(20).replace('"events"', '"uncertain":[{"fact":"spin","alternatives":[],"margin":0.001}],"events"'), 'uncertain[0].fact'],
    ['an uncertain fact without its margin', SHOT(20).replace('"events"', '"uncertain":[{"fact":"frozen","alternatives":[true,false]}],"events"'), 'uncertain[0].margin'],
  ])('%s', (_name, bad, field) => {
    const r = judgeText([MATCH, SHOT(10), bad, SHOT(30)].join('\n'));
    expect(r.calls).toHaveLength(1);
    expect(r.error).toMatchObject({ line: 3, field });
    expect(r.error!.message).toContain('line 3');
  });
  it('a shot before the match line', () => {
    const r = judgeText([SHOT(10), MATCH].join('\n'));
    expect(r.calls).toEqual([]);
    expect(r.error).toMatchObject({ line: 1, field: 'kind' });
  });
});

describe('parse / make round-trip', () => {
  it('a parsed line serialises to a line that parses to the same value', () => {
    for (const text of [SHOT(10), '{"kind":"decision","by":"Bob","choice":"pass"}', '{"kind":"foul","t":15,"rule":"G18h","by":"Ann"}', '{"kind":"warning","t":16.5,"to":"Bob"}']) {
      const ctx = newParseContext();
      parseLine(MATCH, 1, ctx);
      const a = parseLine(text, 2, { ...ctx });
      expect(a.ok).toBe(true);
      if (!a.ok) continue;
      const b = parseLine(makeLine(a.value), 2, { ...ctx });
      expect(b).toEqual(a);
    }
  });
});

describe('fuzz: malformed lines never crash the parser and are never applied', () => {
  const mutate = fc.oneof(
    fc.string(),
    fc.json(),
    fc.tuple(fc.integer({ min: 0, max: SHOT(20).length }), fc.string({ maxLength: 5 })).map(([i, s]) => SHOT(20).slice(0, i) + s + SHOT(20).slice(i + s.length)),
    fc.tuple(fc.integer({ min: 0, max: SHOT(20).length - 1 })).map(([i]) => SHOT(20).slice(0, i) + SHOT(20).slice(i + 1)),
  );
  it('judges or rejects, and a rejected line changes nothing', () => {
    const before = judgeText([MATCH, SHOT(10)].join('\n'));
    fc.assert(fc.property(mutate, (line) => {
      const r = judgeText([MATCH, SHOT(10), line.replace(/\n/g, ' ')].join('\n'));
      if (r.error) {
        expect(r.error.line).toBe(3);
        expect(r.calls).toEqual(before.calls);
        expect(r.state).toEqual(before.state);
      }
    }), { numRuns: 2000 });
  });
});

describe('uncertain facts (a shot line from a camera)', () => {
  const UNSURE = SHOT(10).replace('"events"', '"uncertain":[{"fact":"firstContact","alternatives":[[0,1],[0,2]],"margin":0.0012}],"events"');
  it('the line is judged as given and the call asks the operator to confirm, "too close to call"', () => {
    const sure = judgeText([MATCH, SHOT(10)].join('\n'));
    const unsure = judgeText([MATCH, UNSURE].join('\n'));
    expect(unsure.error).toBeNull();
    const { confirm, ...rest } = unsure.calls[0]!;
    expect(rest).toEqual(sure.calls[0]);
    expect(confirm).toEqual({ question: 'too close to call', uncertain: [{ fact: 'firstContact', alternatives: [[0, 1], [0, 2]], margin: 0.0012 }] });
  });
  it('round-trips through make and parse', () => {
    const ctx = newParseContext();
    parseLine(MATCH, 1, ctx);
    const a = parseLine(UNSURE, 2, ctx);
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    const again = parseLine(makeLine(a.value), 3, { ...newParseContext(), match: ctx.match });
    expect(again.ok && again.value).toEqual(a.value);
  });
});
