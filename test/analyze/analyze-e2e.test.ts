// railbird analyze end to end on a freshly simulated and filmed 9-ball match (720p30, four
// shots): decode, automatic calibration, vision, event inference, the replay referee, the rules
// engine and the shot pictures, against the simulator's truth. Vision is not perfect, so the
// assertions ask for most shots right, not all (on this match the break is called a G5 foul: the
// cue ball is unseen while it crosses the head string, and no crossing is inferred in the gap;
// the push-out after it is then judged as a normal shot).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeVideo } from '../../services/analyze/analyze.ts';
import { compareLogs, withTruthInputs } from '../../services/analyze/compare.ts';
import { parseTracks } from '../../services/contract/tracks.ts';
import { judgeText } from '../../services/rules/judge.ts';
import { recordSimulation } from '../../services/sim/recording/record.ts';

const dir = mkdtempSync(join(tmpdir(), 'railbird-analyze-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('railbird analyze on a simulated recording', () => {
  it('writes a valid log and calls that agree with the truth on most shots', async () => {
    const sim = join(dir, 'sim');
    const rec = await recordSimulation({
      game: '9ball', shots: 4, seed: 11, fps: 30, width: 1280, height: 720, out: sim, players: ['Ann', 'Bob'], table: '9ft', preset: 'default', brisk: true,
    });
    const out = join(dir, 'analysis');
    let progressed = 0;
    // Two segments tracked at once on worker threads (the single-thread path: services/analyze/video-tracks.test.ts).
    const r = await analyzeVideo({ video: join(sim, 'recording.mp4'), out, game: '9ball', players: ['Ann', 'Bob'], jobs: 2, progress: (done) => { progressed = done; } });
    expect(r.calibrated).not.toBe('file');
    expect(r.frames).toBe(rec.frames);
    expect(progressed).toBe(rec.frames);

    const tracks = parseTracks(readFileSync(join(out, 'tracks.jsonl'), 'utf8'));
    expect(tracks.ok && tracks.value.map((f) => f.frame)).toEqual(Array.from({ length: rec.frames }, (_, k) => k));
    const log = readFileSync(join(out, 'events.jsonl'), 'utf8');
    expect(JSON.parse(log.split('\n')[0]!)).toMatchObject({ kind: 'match', game: '9ball', players: ['Ann', 'Bob'], table: '9ft' });
    const judged = judgeText(log);
    expect(judged.error).toBeNull();
    const calls = readFileSync(join(out, 'calls.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown);
    expect(calls).toEqual(JSON.parse(JSON.stringify(judged.calls)));

    const pictures = readdirSync(join(out, 'shots')).sort();
    expect(pictures).toEqual(Array.from({ length: r.shots }, (_, k) => `${String(k + 1).padStart(3, '0')}.png`));
    expect(readFileSync(join(out, 'shots', pictures[0]!)).subarray(1, 4).toString()).toBe('PNG');

    const c = compareLogs(readFileSync(join(sim, 'truth.jsonl'), 'utf8'), log);
    expect(c.summary.truthShots).toBe(4);
    expect(c.summary.found).toBe(4);
    expect(c.extraShots).toEqual([]);
    expect(c.summary.pocketed).toBeGreaterThanOrEqual(3);
    expect(c.summary.firstContact).toBeGreaterThanOrEqual(3);
    expect(c.summary.calls).toBeGreaterThanOrEqual(2);
    // The same with the operator's inputs of the truth (vision and inference alone).
    expect(compareLogs(readFileSync(join(sim, 'truth.jsonl'), 'utf8'), withTruthInputs(readFileSync(join(sim, 'truth.jsonl'), 'utf8'), log)).summary.calls).toBeGreaterThanOrEqual(2);
  }, 600_000);
});
