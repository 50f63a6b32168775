// Every call of the rules engine has plain words; every foul code and rule id the engine uses
// has a text.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgeText } from '../rules/judge.ts';
import { callWords } from './plain-words.ts';
import { CODE_TEXT, OPERATOR_FOULS, RULE_TEXT } from './rule-texts.ts';

const rulesDir = new URL('../rules/', import.meta.url);
const engineSource = readdirSync(rulesDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => readFileSync(new URL(f, rulesDir), 'utf8')).join('\n');

describe('plain words', () => {
  it('has a text for every foul, loss and win code the engine publishes', () => {
    const codes = [...engineSource.matchAll(/code: '((?:foul|loss|win|draw|conduct|rack)\/[a-z0-9-]+)'/g)].map((m) => m[1]!);
    expect(codes.length).toBeGreaterThan(20);
    expect(codes.filter((c) => !(c in CODE_TEXT))).toEqual([]);
  });

  it('has a text for every rule id the engine cites', () => {
    const ids = [...engineSource.matchAll(/rule: '([GENS][0-9.]*[a-z]?)'/g)].map((m) => m[1]!);
    expect(ids.filter((id) => !(id in RULE_TEXT))).toEqual([]);
    for (const f of OPERATOR_FOULS) expect(RULE_TEXT[f.rule], f.rule).toBeDefined();
  });

  it('words every call of the demo log: a headline, the rules and what happens next', () => {
    const text = readFileSync(new URL('../../recordings/demo/truth.jsonl', import.meta.url), 'utf8');
    const { calls, error } = judgeText(text);
    expect(error).toBeNull();
    for (const c of calls) {
      const w = callWords(c);
      expect(w.headline.length).toBeGreaterThan(5);
      expect(w.next).toMatch(/to (shoot|break|choose)|wins/);
      for (const f of c.fouls) expect(w.rules.map((r) => r.id)).toContain(f.rule);
      if (c.fouls.length > 0) expect(w.tone).toBe('foul');
    }
    const pushOut = calls.find((c) => c.pushOut === true)!;
    expect(callWords(pushOut).next).toMatch(/Bob to choose: play from the position or pass the shot back/);
  });

  it('says "too close to call" for a shot whose fact the camera could not settle, until the operator confirms', () => {
    const lines = readFileSync(new URL('../../recordings/demo/truth.jsonl', import.meta.url), 'utf8').trim().split('\n');
    const k = lines.findIndex((l) => l.includes('"kind":"shot"') && !l.includes('"pushOut"') && lines.indexOf(l) > 2);
    const shot = JSON.parse(lines[k]!) as { uncertain?: unknown };
    shot.uncertain = [{ fact: 'firstContact', alternatives: [[0, 3], [0, 4]], margin: 0.0012 }];
    const judged = judgeText([...lines.slice(0, k), JSON.stringify(shot)].join('\n'));
    expect(judged.error).toBeNull();
    const call = judged.calls[judged.calls.length - 1]!;
    const plain = callWords({ ...call, confirm: undefined });
    const unsure = callWords(call);
    expect(unsure.headline).toBe('Too close to call: the first contact: the 3 or the 4, 1 ms apart');
    expect(unsure.tone).toBe('info');
    expect(unsure.asRead).toBe(plain.headline);
    expect(callWords(call, true).headline).toBe(plain.headline);
  });
});
