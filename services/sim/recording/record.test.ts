// A short filmed match: the files are there and agree with each other, the truth judges without
// a contract error, and event inference on the true tracks finds the same shots.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseTracks } from '../../contract/tracks.ts';
import { inferEvents } from '../../events/infer.ts';
import { judgeText } from '../../rules/judge.ts';
import { probeVideo } from '../render/index.ts';
import { recordSimulation } from './record.ts';

const out = mkdtempSync(join(tmpdir(), 'railbird-rec-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('railbird simulate: a filmed match with its truth', () => {
  it('writes recording, truth, tracks and calibration that agree', async () => {
    const r = await recordSimulation({
      game: '9ball', shots: 3, seed: 11, fps: 30, width: 480, height: 270, out, players: ['Ann', 'Bob'], table: '9ft', preset: 'default', brisk: true,
    });
    const video = await probeVideo(join(out, 'recording.mp4'));
    expect(video.width).toBe(480);
    expect(video.frames).toBe(r.frames);
    const tracks = parseTracks(readFileSync(join(out, 'tracks.jsonl'), 'utf8'));
    expect(tracks.ok).toBe(true);
    if (!tracks.ok) return;
    expect(tracks.value).toHaveLength(r.frames);
    const truth = readFileSync(join(out, 'truth.jsonl'), 'utf8');
    const judged = judgeText(truth);
    expect(judged.error).toBeNull();
    const truthShots = truth.split('\n').filter((l) => l.includes('"kind":"shot"')).length;
    expect(truthShots).toBe(3);
    const inferred = inferEvents(tracks.value).filter((l) => l.kind === 'shot');
    expect(inferred).toHaveLength(truthShots);
    const cal = JSON.parse(readFileSync(join(out, 'calibration.json'), 'utf8')) as { table: string; imageWidth: number };
    expect(cal).toMatchObject({ table: '9ft', imageWidth: 480 });
  });
});
