// Recordings with faults: a file cut short at a random byte is analysed to its last decodable
// frame with a note; a corrupt stretch in the middle is skipped with a note saying where, and
// nothing is called from it (a shot over it is marked uncertain, no ball is "disturbed" there).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeVideo } from '../../services/analyze/analyze.ts';
import { ffmpegPath } from '../../services/capture/ffmpeg-path.ts';
import type { LogLine } from '../../services/contract/log.ts';
import { judgeText } from '../../services/rules/judge.ts';
import { mulberry32 } from '../../services/sim/physics/index.ts';

const DEMO = new URL('../../recordings/demo/', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'railbird-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const video = readFileSync(join(DEMO, 'recording.mp4'));
const FPS = 10;

/** Times of the frames ffmpeg decodes from a file at FPS (its own count, as a check). */
function decodableUntil(path: string): number {
  const r = spawnSync(ffmpegPath(), ['-v', 'quiet', '-i', path, '-vf', `fps=${FPS}`, '-f', 'framecrc', '-'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const tb = /^#tb 0: (\d+)\/(\d+)/m.exec(r.stdout)!;
  const pts = r.stdout.split('\n').filter((l) => /^0,/.test(l)).map((l) => Number(l.split(',')[2]) * Number(tb[1]) / Number(tb[2]));
  return Math.max(...pts);
}

const analyse = (name: string) => analyzeVideo({
  video: join(dir, name), out: join(dir, `${name}.out`), game: '9ball', players: ['Ann', 'Bob'], calibration: join(DEMO, 'calibration.json'), fps: FPS, jobs: 2, pictures: false,
});
const notes = (name: string): { line: number | null; note: string }[] =>
  readFileSync(join(dir, `${name}.out`, 'notes.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { line: number | null; note: string });
const log = (name: string): LogLine[] => readFileSync(join(dir, `${name}.out`, 'events.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);

describe('railbird analyze on recordings with faults', () => {
  it('a recording cut short at a random byte is analysed to its last decodable frame, with a note', async () => {
    const rng = mulberry32(2024);
    const at = Math.floor(video.length * (0.3 + 0.55 * rng()));
    writeFileSync(join(dir, 'short.mp4'), video.subarray(0, at));
    const r = await analyse('short.mp4');
    const lastDecodable = decodableUntil(join(dir, 'short.mp4'));
    const tracks = readFileSync(join(dir, 'short.mp4.out', 'tracks.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { t: number });
    expect(r.frames).toBeGreaterThan(50);
    // Within the rate conversion's rounding at the end (ffmpeg's fps filter here, -r in analyze).
    expect(Math.abs(tracks[tracks.length - 1]!.t - lastDecodable)).toBeLessThan(2.5 / FPS);
    expect(r.recordingNotes.map((n) => n.note).join('\n')).toMatch(/\(cut short\): analysed to its last decodable frame/);
    expect(notes('short.mp4')[0]!.note).toMatch(/cut short/);
    expect(judgeText(readFileSync(join(dir, 'short.mp4.out', 'events.jsonl'), 'utf8')).error).toBeNull();
  }, 240_000);

  it('a corrupt stretch in the middle is skipped, said where, and nothing is called from it', async () => {
    const bytes = Buffer.from(video);
    const rng = mulberry32(77);
    const a = Math.floor(bytes.length * 0.45);
    const b = Math.floor(bytes.length * 0.48);
    for (let i = a; i < b; i++) bytes[i] = Math.floor(rng() * 256);
    writeFileSync(join(dir, 'corrupt.mp4'), bytes);
    const r = await analyse('corrupt.mp4');
    const stretch = r.recordingNotes.find((n) => /no good frames/.test(n.note));
    expect(stretch, r.recordingNotes.map((n) => n.note).join('; ')).toBeDefined();
    const m = /from ([\d.]+) s to ([\d.]+) s/.exec(stretch!.note)!;
    const [from, to] = [Number(m[1]), Number(m[2])];
    expect(to - from).toBeGreaterThan(0.5);
    const lines = log('corrupt.mp4');
    expect(judgeText(lines.map((l) => JSON.stringify(l)).join('\n')).error).toBeNull();
    // No ball "disturbed" in or beside the stretch; a shot over it says what the camera missed.
    expect(lines.filter((l) => l.kind === 'disturbed' && (l.t ?? 0) > from - 0.5 && (l.t ?? 0) < to + 0.5)).toEqual([]);
    for (const l of lines) {
      if (l.kind !== 'shot') continue;
      const end = l.end?.t ?? l.t ?? 0;
      if ((l.t ?? 0) < to && end > from) expect(l.uncertain?.length, `shot at ${l.t}`).toBeGreaterThan(0);
    }
  }, 240_000);
});
