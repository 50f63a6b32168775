// A broadcast that cuts away from the table: railbird analyze finds each cut (the frames that are
// not the calibrated view), tracks nothing there, says so in notes.jsonl, and calls nothing from
// it: no disturbed ball in or beside a cut, and every shot over a cut marked uncertain.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeVideo } from '../../services/analyze/analyze.ts';
import type { LogLine } from '../../services/contract/log.ts';
import type { TrackFrame } from '../../services/contract/tracks.ts';
import { recordSimulation } from '../../services/sim/recording/record.ts';

const dir = mkdtempSync(join(tmpdir(), 'railbird-cuts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('railbird analyze on a recording with camera cuts', () => {
  it('skips the cuts, notes them, and invents nothing there', async () => {
    const sim = join(dir, 'sim');
    const rec = await recordSimulation({
      game: '9ball', shots: 4, seed: 8203, fps: 30, width: 960, height: 540, out: sim, players: ['Ann', 'Bob'], table: '9ft', preset: 'default', brisk: true, cuts: true,
    });
    expect(rec.cuts.length).toBeGreaterThanOrEqual(2);
    const out = join(dir, 'analysis');
    const r = await analyzeVideo({ video: join(sim, 'recording.mp4'), out, game: '9ball', players: ['Ann', 'Bob'], jobs: 2, pictures: false });
    // Each cut found to within a frame or two, and nothing else.
    const noted = r.recordingNotes.filter((n) => /camera was away/.test(n.note)).map((n) => /from ([\d.]+) s to ([\d.]+) s/.exec(n.note)!).map((m) => [Number(m[1]), Number(m[2])]);
    expect(noted).toHaveLength(rec.cuts.length);
    rec.cuts.forEach((c, k) => {
      expect(Math.abs(noted[k]![0]! - c.from)).toBeLessThan(0.1);
      expect(Math.abs(noted[k]![1]! - c.to)).toBeLessThan(0.1);
    });
    // No Tracks line inside a cut.
    const frames = readFileSync(join(out, 'tracks.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TrackFrame);
    expect(frames.filter((f) => rec.cuts.some((c) => f.t > c.from + 0.05 && f.t < c.to - 0.05))).toEqual([]);
    const lines = readFileSync(join(out, 'events.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);
    const near = (t: number): boolean => rec.cuts.some((c) => t > c.from - 0.5 && t < c.to + 0.5);
    expect(lines.filter((l) => l.kind === 'disturbed' && near(l.t ?? 0))).toEqual([]);
    for (const l of lines) {
      if (l.kind !== 'shot') continue;
      const over = rec.cuts.some((c) => (l.t ?? 0) < c.to && (l.end?.t ?? l.t ?? 0) > c.from);
      if (over) expect(l.uncertain?.length, `shot at ${l.t}`).toBeGreaterThan(0);
    }
  }, 600_000);
});
