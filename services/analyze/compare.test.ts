import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ShotLine } from '../contract/log.ts';
import { compareLogs } from './compare.ts';

const truth = readFileSync(new URL('../../recordings/demo/truth.jsonl', import.meta.url), 'utf8');
const lines = truth.trim().split('\n');

describe('compareLogs', () => {
  it('pairs every shot of a log with itself: all found, no extra shot', () => {
    const c = compareLogs(truth, truth);
    expect(c.summary.found).toBe(c.summary.truthShots);
    expect(c.summary.calls).toBe(c.summary.truthShots);
    expect(c.extraShots).toEqual([]);
    expect(c.extraFouls).toEqual([]);
  });

  it('names a shot nobody played, and whether it was called a foul (a stroke that hit nothing)', () => {
    // A copy of the last shot, a minute later, in which the cue ball hits nothing.
    const last = JSON.parse(lines.filter((l) => l.includes('"kind":"shot"')).pop()!) as ShotLine;
    const t = (last.t ?? 0) + 60;
    const extra: ShotLine = { ...last, t, events: [{ t, type: 'strike' }], end: { t: t + 2, balls: last.end?.balls ?? [] } };
    const c = compareLogs(truth, `${truth.trim()}\n${JSON.stringify(extra)}\n`);
    expect(c.extraShots).toEqual([t]);
    expect(c.extraFouls).toEqual([t]);
  });
});
