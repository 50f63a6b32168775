// The live sources the runtime plays: a recording (its video on a playhead; the balls from the
// video through vision, or from its tracks.jsonl when asked) or a camera (a V4L2 device or an
// RTSP/HTTP stream, through vision). The vision's calibration is the table's current one (the
// recording's, or one saved on /calibration), a file given with --calibration, or found
// automatically on the first frames and stored for the table.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { callsReadKinds, type Game, type TableSize } from '../contract/ids.ts';
import { parseTracks, type TrackFrame } from '../contract/tracks.ts';
import { ffmpegPath } from '../capture/ffmpeg-path.ts';
import type { BallSource } from '../live/ball-source.ts';
import type { LiveSource } from '../live/pipeline.ts';
import { Playhead, type PlayheadPosition } from '../live/playhead.ts';
import { ScriptedOperator } from '../live/scripted-operator.ts';
import { TracksFileSource } from '../live/tracks-file-source.ts';
import { RelayedImage } from '../live/relayed-image.ts';
import { DEFAULT_VIDEO, VideoSource, videoInputOf } from '../live/video-source.ts';
import { VisionBallSource, type CalibrationChoice, type VisionSourceOptions } from '../live/vision-source.ts';
import type { CatalogStore } from '../storage/catalog-store.ts';

/** Where the balls come from: the video through vision, or recorded tracks (tests, comparing). */
export type BallsMode = 'vision' | 'tracks';

export interface RecordingFiles { name: string; dir: string; video: string | null; tracks: string | null; log: string | null; calibration: string | null }

export interface SourceOptions {
  balls: BallsMode;
  /** tracks.jsonl for the tracks mode (default: the recording's own). */
  tracks: string | null;
  /** A calibration file for vision (default: the table's current one, else automatic). */
  calibration: string | null;
  /** Decode width for vision (null: the video's own). */
  visionWidth: number | null;
  speed: number;
  loop: boolean;
  video: boolean;
  script: boolean;
}

/** The table a source films: its catalog id, its size and the game played on it. */
export interface PlayedTable { id: number; size: TableSize; game: Game }

export function loadTracks(path: string): TrackFrame[] {
  const parsed = parseTracks(readFileSync(path, 'utf8'));
  if (!parsed.ok) throw new Error(`${path}: ${parsed.error.message}`);
  return parsed.value;
}

/** A video file's length in seconds (ffmpeg's header). */
export function videoDuration(path: string): number {
  const r = spawnSync(ffmpegPath(), ['-hide_banner', '-nostdin', '-i', path], { encoding: 'utf8' });
  const m = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(r.stderr ?? '');
  if (!m) throw new Error(`${path}: ffmpeg gives no duration`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

const automaticLabel = (key: string): string => `automatic (${key})`;

/**
 * The table's current calibration for a source: a recording takes it when it is its own or was
 * saved after it (adjusted on /calibration), else its own; a camera takes it unless it was made
 * for a recording (null: found automatically).
 */
export function tableCalibration(catalog: CatalogStore, tableId: number, key: string, recording: string | null): CalibrationChoice | null {
  const id = catalog.table(tableId)?.calibrationId ?? null;
  const current = id === null ? null : catalog.calibration(id);
  // Made for another source: a recording's own, or found automatically on another source.
  const foreign = (label: string) => label.endsWith('/calibration.json') || (label.startsWith('automatic (') && label !== automaticLabel(key));
  const own = recording === null ? null : catalog.calibrations(tableId).find((c) => c.label === `${recording}/calibration.json`) ?? null;
  const usable = current && !foreign(current.label) ? current : null;
  const chosen = own ? (usable && usable.id >= own.id ? usable : own) : usable;
  return chosen ? { json: chosen.calibration, label: `${chosen.label} (#${chosen.id})` } : null;
}

function visionSource(input: ReturnType<typeof videoInputOf>, key: string, recording: string | null, o: SourceOptions, table: PlayedTable, catalog: CatalogStore, snapshots: VisionSourceOptions['snapshots'] = null): VisionBallSource {
  const given = o.calibration ? { json: JSON.parse(readFileSync(o.calibration, 'utf8')) as Record<string, unknown>, label: o.calibration } : null;
  return new VisionBallSource(input, {
    table: table.size,
    calibration: () => given ?? tableCalibration(catalog, table.id, key, recording),
    onCalibrated: (json) => { catalog.addCalibration(table.id, automaticLabel(key), json, 'vision'); },
    width: o.visionWidth,
    snapshots,
    numbersByKind: callsReadKinds(table.game),
  });
}

export function recordingSource(rec: RecordingFiles, o: SourceOptions, start: PlayheadPosition, table: PlayedTable, catalog: CatalogStore): { source: LiveSource; warmFrames: TrackFrame[] } {
  const key = `recording:${rec.name}`;
  const tracksPath = o.tracks ?? rec.tracks;
  if (o.balls === 'tracks' && !tracksPath) throw new Error(`${rec.dir}: no tracks.jsonl for --balls tracks: pass --tracks`);
  if (o.balls === 'vision' && !rec.video) throw new Error(`${rec.dir}: no video for vision (recording.mp4)`);
  const frames = o.balls === 'tracks' ? loadTracks(tracksPath!) : [];
  const duration = o.balls === 'tracks' ? TracksFileSource.durationOf(frames) : videoDuration(rec.video!);
  const playhead = new Playhead({ duration, gap: 3, speed: o.speed, loop: o.loop, start });
  const balls: BallSource = o.balls === 'tracks'
    ? new TracksFileSource(frames, playhead, tracksPath!)
    : visionSource({ kind: 'file', path: rec.video!, playhead }, key, rec.name, o, table, catalog);
  return {
    source: {
      key, label: `${rec.name} recording${o.speed !== 1 ? ` ×${o.speed}` : ''}${o.balls === 'tracks' ? ' (recorded tracks)' : ''}`,
      balls,
      video: o.video && rec.video ? new VideoSource({ kind: 'file', path: rec.video, playhead }) : null,
      playhead,
      script: o.script && rec.log ? ScriptedOperator.fromFile(rec.log) : null,
    },
    // Event inference's hot paths are compiled on these before the first shot (the recording's
    // own tracks, when it has them, also when vision gives the balls).
    warmFrames: (o.balls === 'tracks' ? frames : rec.tracks ? loadTracks(rec.tracks) : []).slice(0, 600),
  };
}

export function cameraSource(src: string, o: SourceOptions, table: PlayedTable, catalog: CatalogStore): LiveSource {
  const key = `camera:${src}`;
  const input = videoInputOf(src, null);
  if (o.balls === 'tracks') {
    if (!o.tracks) throw new Error('--balls tracks with a camera needs --tracks <tracks.jsonl>');
    const frames = loadTracks(o.tracks);
    const playhead = new Playhead({ duration: TracksFileSource.durationOf(frames), gap: 3, speed: o.speed, loop: o.loop, start: { pass: 0, t: 0 } });
    const balls = new TracksFileSource(frames, playhead, o.tracks);
    return { key, label: src, balls, video: o.video ? new VideoSource(input) : null, playhead: null, script: null };
  }
  // One decode for vision and the camera image: a V4L2 device opens once, and a stream is not decoded twice.
  const vision = visionSource(input, key, null, o, table, catalog, o.video ? { width: DEFAULT_VIDEO.width, rate: DEFAULT_VIDEO.rate } : null);
  return { key, label: src, balls: vision, video: o.video ? new RelayedImage(vision) : null, playhead: null, script: null };
}
