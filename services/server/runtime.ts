// Everything the app serves, built from the `serve` options: the database, the sources (the
// bundled demo recording when none is given; sources.ts), the table and its calibration, the pipeline.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Game, TableSize } from '../contract/ids.ts';
import type { MatchLine } from '../contract/log.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import { inferEvents } from '../events/infer.ts';
import { LivePipeline, resumePosition, type LiveSource, type MatchPlan } from '../live/pipeline.ts';
import { CatalogStore } from '../storage/catalog-store.ts';
import { openDatabase, type Db } from '../storage/database.ts';
import { MatchStore } from '../storage/match-store.ts';
import { RecordingCatalog } from './recordings.ts';
import { cameraSource, recordingSource, type RecordingFiles, type SourceOptions } from './sources.ts';

export interface RuntimeOptions extends SourceOptions {
  /** A recording folder or video file, a V4L2 device (/dev/video0), or an RTSP/HTTP URL; none: the demo. */
  source: string | null;
  db: string;
  game: Game | null;
  players: [string, string] | null;
  raceTo: number | null;
  token: string | null;
  resetToken: boolean;
  recordingsDir: string;
  webDir: string;
}

export const REPO_ROOT = resolve(dirname(new URL(import.meta.url).pathname), '../..');

export const DEFAULT_RUNTIME: RuntimeOptions = {
  source: null, balls: 'vision', tracks: null, calibration: null, visionWidth: null, db: join(REPO_ROOT, 'out/railbird.db'), game: null, players: null, raceTo: null, token: null,
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

function recordingOf(source: string | null, o: RuntimeOptions): RecordingFiles | null {
  const dir = source === null ? join(o.recordingsDir, 'demo') : existsSync(source) && statSync(source).isDirectory() ? source
    : /\.(mp4|mkv|mov|avi|webm)$/i.test(source) && existsSync(source) ? dirname(source) : null;
  if (!dir) return null;
  const at = (f: string) => (existsSync(join(dir, f)) ? join(dir, f) : null);
  const video = source !== null && !statSync(source).isDirectory() ? source : at('recording.mp4');
  return { name: basename(resolve(dir)), dir, video, tracks: at('tracks.jsonl'), log: at('truth.jsonl'), calibration: at('calibration.json') };
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
  // A recording's own calibration is the table's current one when the recording first plays on it.
  const ownLabel = `${rec?.name}/calibration.json`;
  if (calibrationJson && !catalog.calibrations(table.id).some((c) => c.label === ownLabel)) catalog.addCalibration(table.id, ownLabel, calibrationJson, 'system');

  let source: LiveSource;
  let warmFrames: TrackFrame[] = [];
  const tableRef = { id: table.id, size: tableSize, game: matchLineOf(o, recorded, tableSize).game };
  if (rec) {
    const built = recordingSource(rec, o, resumePosition(store, `recording:${rec.name}`).start, tableRef, catalog);
    source = built.source;
    warmFrames = built.warmFrames;
  } else {
    source = cameraSource(o.source!, o, tableRef, catalog);
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
