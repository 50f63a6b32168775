// Everything the app serves, built from the `serve` options: the database, the sources (the
// bundled demo recording when none is given), the table and its calibration, the pipeline.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Game, TableSize } from '../contract/ids.ts';
import type { MatchLine } from '../contract/log.ts';
import { parseTracks, type TrackFrame } from '../contract/tracks.ts';
import { inferEvents } from '../events/infer.ts';
import { NoBallSource, type BallSource } from '../live/ball-source.ts';
import { LivePipeline, resumePosition, type LiveSource, type MatchPlan } from '../live/pipeline.ts';
import { Playhead } from '../live/playhead.ts';
import { ScriptedOperator } from '../live/scripted-operator.ts';
import { TracksFileSource } from '../live/tracks-file-source.ts';
import { VideoSource, videoInputOf } from '../live/video-source.ts';
import { CatalogStore } from '../storage/catalog-store.ts';
import { openDatabase, type Db } from '../storage/database.ts';
import { MatchStore } from '../storage/match-store.ts';
import { RecordingCatalog } from './recordings.ts';

export interface RuntimeOptions {
  /** A recording folder or video file, a V4L2 device (/dev/video0), or an RTSP/HTTP URL; none: the demo. */
  source: string | null;
  /** tracks.jsonl standing in for vision (defaults to the recording's own). */
  tracks: string | null;
  db: string;
  game: Game | null;
  players: [string, string] | null;
  raceTo: number | null;
  token: string | null;
  resetToken: boolean;
  /** Recording seconds per second (a recording source). */
  speed: number;
  loop: boolean;
  video: boolean;
  /** The demo's operator inputs from its log. */
  script: boolean;
  recordingsDir: string;
  webDir: string;
}

export const REPO_ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');

export const DEFAULT_RUNTIME: RuntimeOptions = {
  source: null, tracks: null, db: join(REPO_ROOT, 'out/railbird.db'), game: null, players: null, raceTo: null, token: null,
  resetToken: false, speed: 1, loop: true, video: true, script: true,
  recordingsDir: join(REPO_ROOT, 'recordings'), webDir: join(REPO_ROOT, 'web'),
};

export interface Runtime {
  db: Db;
  store: MatchStore;
  catalog: CatalogStore;
  recordings: RecordingCatalog;
  pipeline: LivePipeline;
  source: LiveSource;
  tableId: number;
  tableSize: TableSize;
  webDir: string;
  /** A token generated now (print it once), or null. */
  generatedToken: string | null;
  tokenSource: 'configured' | 'stored' | 'generated';
  start(): void;
  close(): Promise<void>;
}

interface RecordingFiles { name: string; dir: string; video: string | null; tracks: string; log: string | null; calibration: string | null }

function recordingOf(source: string | null, o: RuntimeOptions): RecordingFiles | null {
  const dir = source === null ? join(o.recordingsDir, 'demo') : existsSync(source) && statSync(source).isDirectory() ? source
    : /\.(mp4|mkv|mov|avi|webm)$/i.test(source) && existsSync(source) ? dirname(source) : null;
  if (!dir) return null;
  const at = (f: string) => (existsSync(join(dir, f)) ? join(dir, f) : null);
  const tracks = o.tracks ?? at('tracks.jsonl');
  if (!tracks) throw new Error(`${dir}: no tracks.jsonl (the ball source while vision is not ready): pass --tracks`);
  const video = source !== null && !existsSync(source) ? null : source !== null && !statSync(source).isDirectory() ? source : at('recording.mp4');
  return { name: basename(resolve(dir)), dir, video, tracks, log: at('truth.jsonl'), calibration: at('calibration.json') };
}

function loadTracks(path: string): TrackFrame[] {
  const parsed = parseTracks(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.error.message}`);
  return parsed.value;
}

function matchLineOf(o: RuntimeOptions, recorded: MatchLine | null, table: TableSize): MatchLine {
  const game = o.game ?? recorded?.game ?? '9ball';
  const players = o.players ?? recorded?.players ?? ['Player A', 'Player B'];
  const raceTo = o.raceTo ?? recorded?.raceTo ?? 7;
  const firstBreak = players.includes(recorded?.firstBreak ?? '') ? recorded!.firstBreak : players[0];
  return { kind: 'match', game, table, players, ...(game === '14.1' ? { target: recorded?.target ?? 100 } : { raceTo }), breaks: recorded?.breaks ?? 'winner', firstBreak };
}

export function createRuntime(options: Partial<RuntimeOptions> = {}): Runtime {
  const o: RuntimeOptions = { ...DEFAULT_RUNTIME, ...options };
  const db = openDatabase(o.db);
  const store = new MatchStore(db);
  const catalog = new CatalogStore(db);
  const token = catalog.operatorToken(o.token, o.resetToken);
  const rec = recordingOf(o.source, o);
  const calibrationJson = rec?.calibration ? (JSON.parse(readFileSync(rec.calibration, 'utf8')) as Record<string, unknown>) : null;
  const recorded = rec?.log ? (JSON.parse(readFileSync(rec.log, 'utf8').split('\n')[0]!) as MatchLine) : null;
  const tableSize = (calibrationJson?.table as TableSize | undefined) ?? recorded?.table ?? '9ft';
  const table = catalog.tableByName('Table 1') ?? catalog.createTable('Table 1', tableSize);
  if (calibrationJson && table.calibrationId === null) catalog.addCalibration(table.id, `${rec!.name}/calibration.json`, calibrationJson, 'system');

  let source: LiveSource;
  let warmFrames: TrackFrame[] = [];
  if (rec) {
    const frames = loadTracks(rec.tracks);
    warmFrames = frames.slice(0, 600);
    const key = `recording:${rec.name}`;
    const { start } = resumePosition(store, key);
    const playhead = new Playhead({ duration: TracksFileSource.durationOf(frames), gap: 3, speed: o.speed, loop: o.loop, start });
    source = {
      key, label: `${rec.name} recording${o.speed !== 1 ? ` ×${o.speed}` : ''}`,
      balls: new TracksFileSource(frames, playhead, rec.tracks),
      video: o.video && rec.video ? new VideoSource({ kind: 'file', path: rec.video, playhead }) : null,
      playhead,
      script: o.script && rec.log ? ScriptedOperator.fromFile(rec.log) : null,
    };
  } else {
    const src = o.source!;
    let balls: BallSource = new NoBallSource('no ball tracking yet (the vision tracker is not ready): operator inputs only');
    if (o.tracks) {
      const frames = loadTracks(o.tracks);
      const playhead = new Playhead({ duration: TracksFileSource.durationOf(frames), gap: 3, speed: o.speed, loop: o.loop, start: { pass: 0, t: 0 } });
      balls = new TracksFileSource(frames, playhead, o.tracks);
    }
    source = { key: `camera:${src}`, label: src, balls, video: o.video ? new VideoSource(videoInputOf(src, null)) : null, playhead: null, script: null };
  }

  const plan = (pass: number): MatchPlan => {
    const match = matchLineOf(o, recorded, tableSize);
    const title = `${match.players[0]} v ${match.players[1]}${rec && !o.source ? ` · demo ${pass + 1}` : ''}`;
    return { match, title, tableId: table.id };
  };
  const pipeline = new LivePipeline({ store, source, plan, table: tableSize });
  const recordings = new RecordingCatalog(o.recordingsDir);
  return {
    db, store, catalog, recordings, pipeline, source, tableId: table.id, tableSize, webDir: o.webDir,
    generatedToken: token.generated, tokenSource: token.source,
    start: () => {
      if (warmFrames.length > 0) inferEvents(warmFrames, { table: tableSize }); // compile the hot paths before the first shot
      pipeline.start();
    },
    close: async () => {
      await pipeline.stop();
      db.close();
    },
  };
}
