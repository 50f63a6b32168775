// The recordings on disk (recordings/<name>/: recording.mp4, tracks.jsonl, truth.jsonl,
// calibration.json) and what the review page opens of them: the log (the recording's own, or
// the one the live referee infers from its tracks with the operator's inputs), judged.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LogLine, MatchLine, ShotLine } from '../contract/log.ts';
import { parseTracks, type TrackFrame } from '../contract/tracks.ts';
import { ffmpegPath } from '../capture/ffmpeg-path.ts';
import { inferEvents } from '../events/infer.ts';
import { judgeLines } from '../live/referee-session.ts';
import type { JudgedCall, LineOrigin, StoredLine } from '../live/types.ts';
import { evidenceOf } from '../live/shot-evidence.ts';

export interface RecordingInfo {
  name: string;
  dir: string;
  video: boolean;
  tracks: boolean;
  log: boolean;
  calibration: boolean;
  match: MatchLine | null;
  sizeBytes: number;
}

const FILES = { video: 'recording.mp4', tracks: 'tracks.jsonl', log: 'truth.jsonl', calibration: 'calibration.json' } as const;
export type RecordingFile = keyof typeof FILES;
export const recordingFileName = (f: RecordingFile): string => FILES[f];

export class RecordingCatalog {
  private readonly reviews = new Map<string, ReviewData>();
  private readonly frames = new Map<string, Buffer>();

  constructor(readonly root: string) {}

  list(): RecordingInfo[] {
    if (!existsSync(this.root)) return [];
    return readdirSync(this.root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && /^[A-Za-z0-9._-]+$/.test(d.name))
      .map((d) => this.info(d.name))
      .filter((r): r is RecordingInfo => r !== null && (r.video || r.tracks || r.log));
  }

  info(name: string): RecordingInfo | null {
    const dir = join(this.root, name);
    if (!/^[A-Za-z0-9._-]+$/.test(name) || !existsSync(dir)) return null;
    const has = (f: RecordingFile) => existsSync(join(dir, FILES[f]));
    let match: MatchLine | null = null;
    if (has('log')) {
      const first = readFileSync(join(dir, FILES.log), 'utf8').split('\n')[0] ?? '';
      try { match = JSON.parse(first) as MatchLine; } catch { match = null; }
    }
    const sizeBytes = (Object.keys(FILES) as RecordingFile[]).filter(has).reduce((n, f) => n + statSync(join(dir, FILES[f])).size, 0);
    return { name, dir, video: has('video'), tracks: has('tracks'), log: has('log'), calibration: has('calibration'), match, sizeBytes };
  }

  path(name: string, f: RecordingFile): string | null {
    const info = this.info(name);
    if (!info) return null;
    const p = join(info.dir, FILES[f]);
    return existsSync(p) ? p : null;
  }

  /** One full-size video frame as JPEG (cached). */
  async frameJpeg(name: string, t: number): Promise<Buffer | null> {
    const video = this.path(name, 'video');
    if (!video) return null;
    const key = `${name}@${t.toFixed(2)}`;
    const cached = this.frames.get(key);
    if (cached) return cached;
    const jpeg = await new Promise<Buffer | null>((resolve) => {
      const child = spawn(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-ss', t.toFixed(3), '-i', video, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '3', 'pipe:1']);
      const chunks: Buffer[] = [];
      child.stdout.on('data', (d: Buffer) => chunks.push(d));
      child.on('close', (code) => resolve(code === 0 && chunks.length > 0 ? Buffer.concat(chunks) : null));
      child.on('error', () => resolve(null));
    });
    if (jpeg) {
      if (this.frames.size > 20) this.frames.delete(this.frames.keys().next().value!);
      this.frames.set(key, jpeg);
    }
    return jpeg;
  }

  /** The recording's log judged: `truth` as recorded, or `inferred` from its tracks (with the log's operator inputs). */
  review(name: string, which: 'truth' | 'inferred'): ReviewData | null {
    const key = `${name}:${which}`;
    const cached = this.reviews.get(key);
    if (cached) return cached;
    const logPath = this.path(name, 'log');
    if (!logPath) return null;
    const truth = readFileSync(logPath, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as LogLine);
    let lines: { line: LogLine; origin: LineOrigin; frames: TrackFrame[] }[] = truth.map((line) => ({ line, origin: line.kind === 'shot' || line.kind === 'rack' || line.kind === 'disturbed' ? 'camera' as const : 'operator' as const, frames: [] }));
    if (which === 'inferred') {
      const tracksPath = this.path(name, 'tracks');
      if (!tracksPath) return null;
      const parsed = parseTracks(readFileSync(tracksPath, 'utf8'));
      if (!parsed.ok) return null;
      const match = truth[0];
      if (!match || match.kind !== 'match') return null;
      lines = mergeOperatorInputs(match, truth, inferEvents(parsed.value, { table: match.table })).map((l) => ({
        ...l, frames: l.line.kind === 'shot' ? shotFrames(parsed.value, l.line) : [],
      }));
    }
    const table = (truth[0] as MatchLine | undefined)?.table ?? '9ft';
    const stored: StoredLine[] = lines.map((l, i) => ({
      matchId: 0, ord: i + 1, kind: l.line.kind, t: 't' in l.line ? l.line.t ?? null : null, text: JSON.stringify(l.line), originalText: null,
      origin: l.origin, evidence: l.line.kind === 'match' || l.line.kind === 'decision' || l.line.kind === 'foul' || l.line.kind === 'warning' ? null : evidenceOf(l.line, l.frames, table),
      voided: false, confirmed: false, createdAt: '',
    }));
    const { calls } = judgeLines(0, stored);
    const data: ReviewData = { name, log: which, entries: stored.map((s) => ({ ord: s.ord, origin: s.origin, line: JSON.parse(s.text) as LogLine })), calls };
    this.reviews.set(key, data);
    return data;
  }
}

const shotFrames = (frames: readonly TrackFrame[], shot: ShotLine): TrackFrame[] =>
  frames.filter((f) => f.t >= (shot.t ?? 0) - 0.2 && f.t <= (shot.end?.t ?? 0) + 0.1);

export interface ReviewData {
  name: string;
  log: 'truth' | 'inferred' | 'match';
  /** The log's lines with their positions (calls name the position of their line in `ord`). */
  entries: { ord: number; origin: LineOrigin; line: LogLine }[];
  calls: JudgedCall[];
}

/** Inferred camera lines with the recorded log's operator inputs: declarations go with the shot struck within 0.5 s. */
export function mergeOperatorInputs(match: MatchLine, truth: readonly LogLine[], inferred: readonly LogLine[]): { line: LogLine; origin: LineOrigin }[] {
  const operator = truth.filter((l) => l.kind === 'decision' || l.kind === 'foul' || l.kind === 'warning');
  const declared = truth.filter((l): l is ShotLine => l.kind === 'shot' && l.declared !== undefined);
  const camera = inferred.map((l) => {
    if (l.kind !== 'shot') return l;
    const d = declared.find((s) => Math.abs((s.t ?? 0) - (l.t ?? 0)) < 0.5);
    return d?.declared ? { ...l, declared: d.declared } : l;
  });
  const timeOf = (l: LogLine) => ('t' in l ? l.t ?? 0 : 0);
  const merged = [...camera.map((line) => ({ line, origin: 'camera' as const })), ...operator.map((line) => ({ line, origin: 'operator' as const }))]
    .sort((a, b) => timeOf(a.line) - timeOf(b.line));
  return [{ line: match, origin: 'operator' }, ...merged];
}
