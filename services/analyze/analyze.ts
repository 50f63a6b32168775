// `railbird analyze`: a recorded match from video to calls, in one pass over the file.
// ffmpeg decode (streamed) → vision (detector, tracker, identity) → identities written back
// along their tracks → tracks.jsonl → event
// inference → the log (match line first, declarations a replaying referee would assume) →
// the rules engine → calls.jsonl, and a picture of each shot.
import { once } from 'node:events';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { callsReadKinds, type BallId, type Game, type TableSize } from '../contract/ids.ts';
import type { Call, MatchLine, ShotLine } from '../contract/log.ts';
import { TABLE_SPECS } from '../table/spec.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import { inferEvents } from '../events/infer.ts';
import { judgeText } from '../rules/judge.ts';
import { loadCalibration, type VisionCalibration } from '../vision/calibration/calibration-model.ts';
import { decodeStream, type PixelFormat } from '../vision/decode/decode-stream.ts';
import type { PipelineFrame, PipelineOptions } from '../vision/pipeline.ts';
import { calibrateFromVideo } from './auto-calibrate.ts';
import { unsureMessage } from '../vision/calibration/bed-check.ts';
import { backfillIds, type BackfillResult } from './backfill-ids.ts';
import { trackVideoParallel } from './parallel-tracks.ts';
import { refereeWithoutOperator, type ReplayNote } from './replay-referee.ts';
import { withoutForeignIds, wrongGame } from './game-ids.ts';
import { drawShot } from './shot-plot.ts';
import { emptyTrackStats, trackVideo, type TrackVideoStats } from './video-tracks.ts';
import { notesOnTheRecording, unseenShotNotes, unseenStretches, type RecordingNote, type Tracked } from './recording-notes.ts';

export interface AnalyzeOptions {
  video: string;
  out: string;
  game: Game;
  players: [string, string];
  /** Games to win (8/9-ball) or points (14.1); none: the match has no end. */
  race?: number;
  /** A calibration file; none: calibrate from the first seconds of the video. */
  calibration?: string;
  /** Table size for the automatic calibration (a calibration file names its own). */
  table?: TableSize;
  /** Decode at this width (the calibration is scaled to it). */
  width?: number;
  /** Analyse at this frame rate (ffmpeg drops frames; event inference works from 30 fps). */
  fps?: number;
  /** Track this many segments of the video at once, each in a worker thread (default 1: in this thread). */
  jobs?: number;
  /** The frames ffmpeg hands to vision: 'yuv420p' (default: the decoder's own, half the bytes, no conversion in ffmpeg) or 'rgb24'. */
  pixelFormat?: PixelFormat;
  /** The match's referee gave the two-foul warnings (default true: a third foul is penalised; false for unrefereed play). */
  warnings?: boolean;
  /** Draw shots/NNN.png (default true). */
  pictures?: boolean;
  pipeline?: PipelineOptions;
  signal?: AbortSignal;
  /** Frames done and (estimated) total, as they go. */
  progress?: (done: number, total: number) => void;
}

export interface AnalyzeResult {
  frames: number;
  /** What the recording lacked: its end, stretches of frames (also written first in notes.jsonl). */
  recordingNotes: RecordingNote[];
  shots: number;
  calls: Call[];
  notes: ReplayNote[];
  calibrated: 'file' | { t: number };
  stats: TrackVideoStats;
  /** Identities written back along their tracks (a replay knows what a track was named later). */
  backfill: BackfillResult;
  /** CPU milliseconds of the decode and vision step: this process (all its threads) and ffmpeg. */
  cpu: { nodeMs: number; ffmpegMs: number | null };
  /** Ids read that the game has no ball for, and the frames of each: unknown to event inference (game-ids.ts). */
  foreignIds: Map<BallId, number>;
  /** Wall-clock seconds by step. */
  seconds: { calibrate: number; track: number; events: number; judge: number; pictures: number };
}

function matchLineOf(o: AnalyzeOptions, table: TableSize): MatchLine {
  const goal = o.race === undefined ? {} : o.game === '14.1' ? { target: o.race } : { raceTo: o.race };
  return { kind: 'match', game: o.game, table, players: o.players, ...goal, breaks: 'winner', firstBreak: o.players[0] };
}

/** Writes JSON Lines through a stream (a long video's tracks do not fit in one string). */
async function writeLines(path: string, lines: readonly unknown[]): Promise<void> {
  const out = createWriteStream(path);
  for (const l of lines) if (!out.write(JSON.stringify(l) + '\n')) await once(out, 'drain');
  out.end();
  await once(out, 'close');
}

const jsonl = (lines: readonly unknown[]): string => lines.map((l) => JSON.stringify(l)).join('\n') + (lines.length ? '\n' : '');

export async function analyzeVideo(o: AnalyzeOptions): Promise<AnalyzeResult> {
  mkdirSync(o.out, { recursive: true });
  const clock = (): number => performance.now() / 1000;
  let t0 = clock();
  let calibration: VisionCalibration;
  let calibrated: AnalyzeResult['calibrated'] = 'file';
  if (o.calibration) {
    calibration = loadCalibration(o.calibration);
  } else {
    const auto = await calibrateFromVideo(o.video, { table: o.table ?? '9ft', signal: o.signal });
    calibration = auto.calibration;
    calibrated = { t: auto.t };
  }
  writeFileSync(join(o.out, 'calibration.json'), JSON.stringify(calibration, null, 2) + '\n');
  const calibrateS = clock() - t0;

  t0 = clock();
  const cpu0 = process.cpuUsage();
  // Where a call reads only a ball's kind, a ball surely a solid or a stripe stays in the log when its number went to another.
  const tracked = await track({ ...o, pipeline: { ...o.pipeline, tracker: { ...o.pipeline?.tracker, numbersByKind: callsReadKinds(o.game) } } }, calibration);
  const cpuUsed = process.cpuUsage(cpu0);
  const unseen = await unseenStretches(o.video, tracked);
  // Frames decoded from a broken reference (after a missing stretch, up to the next keyframe) are not trusted.
  const kept = tracked.frames.map((f) => !unseen.some((u) => f.t >= u.from - 1e-6 && f.t <= u.to + 1e-6));
  const frames = tracked.frames.filter((_, k) => kept[k]);
  const trackIds = tracked.trackIds.filter((_, k) => kept[k]);
  const stats = tracked.stats;
  const recordingNotes = notesOnTheRecording(tracked, unseen);
  const doubts = calibration.fit?.doubts ?? [];
  if (doubts.length) recordingNotes.unshift({ line: null, t: calibrated === 'file' ? 0 : calibrated.t, note: `calibration unsure: ${unsureMessage(doubts)}` });
  const cpu = { nodeMs: (cpuUsed.user + cpuUsed.system) / 1000, ffmpegMs: tracked.ffmpegCpuMs };
  const backfill = backfillIds(frames, trackIds);
  await writeLines(join(o.out, 'tracks.jsonl'), frames);
  const trackS = clock() - t0;

  t0 = clock();
  const table = calibration.table;
  const foreign = withoutForeignIds(frames, o.game);
  const wrong = wrongGame(foreign, o.game);
  if (wrong) throw new Error(wrong);
  // Hidden balls are the tracker's predictions, not sightings: inference uses what was seen.
  const inferred = inferEvents(foreign.frames, { table, useOccluded: false, unseen });
  const replay = refereeWithoutOperator([matchLineOf(o, table), ...inferred], { warnings: o.warnings ?? true });
  replay.notes.push(...unseenShotNotes(replay.lines, unseen));
  replay.notes.sort((a, b) => a.line - b.line);
  const logText = jsonl(replay.lines);
  writeFileSync(join(o.out, 'events.jsonl'), logText);
  writeFileSync(join(o.out, 'notes.jsonl'), jsonl([...recordingNotes, ...replay.notes]));
  const eventsS = clock() - t0;

  t0 = clock();
  const judged = judgeText(logText);
  if (judged.error) throw new Error(`the inferred log breaks the contract at line ${judged.error.line} (${judged.error.field}): ${judged.error.message}`);
  writeFileSync(join(o.out, 'calls.jsonl'), jsonl(judged.calls));
  const judgeS = clock() - t0;

  t0 = clock();
  let shots = 0;
  if (o.pictures !== false) mkdirSync(join(o.out, 'shots'), { recursive: true });
  for (const [i, line] of replay.lines.entries()) {
    if (line.kind !== 'shot') continue;
    shots++;
    if (o.pictures === false) continue;
    const picture = drawShot({
      shot: line, number: shots, table: TABLE_SPECS[table],
      call: judged.calls.find((c) => c.line === i + 1) ?? null,
      notes: replay.notes.filter((n) => n.line === i + 1).map((n) => n.note),
      frames: framesOf(frames, line),
    });
    await picture.save(join(o.out, 'shots', `${String(shots).padStart(3, '0')}.png`));
  }
  const picturesS = clock() - t0;
  return {
    frames: frames.length, recordingNotes, shots, calls: judged.calls, notes: replay.notes, calibrated, stats, backfill, cpu, foreignIds: foreign.counts,
    seconds: { calibrate: calibrateS, track: trackS, events: eventsS, judge: judgeS, pictures: picturesS },
  };
}

/** Decode and vision: in this thread, or in `jobs` segments on worker threads. */
async function track(o: AnalyzeOptions, calibration: VisionCalibration): Promise<Tracked> {
  const scale = o.width ? { scale: { width: o.width } } : {};
  const rate = o.fps ? { fps: o.fps } : {};
  const pixelFormat = o.pixelFormat ?? 'yuv420p';
  const jobs = o.jobs ?? 1;
  if (jobs > 1) {
    const probe = decodeStream(o.video, { maxFrames: 1, ...scale });
    for await (const _ of probe) break;
    const info = await probe.info;
    if (info.duration !== null && info.duration > 4 * jobs) {
      const total = Math.round(info.duration * (o.fps ?? info.fps));
      const tracks = await trackVideoParallel(o.video, calibration, {
        jobs, duration: info.duration, sourceFps: info.fps, pixelFormat, ...(o.width ? { width: o.width } : {}), ...rate,
        ...(o.pipeline ? { pipeline: o.pipeline } : {}), ...(o.signal ? { signal: o.signal } : {}),
        progress: (done) => o.progress?.(done, Math.max(total, done)),
      });
      return { ...tracks, duration: info.duration, fps: o.fps ?? info.fps };
    }
  }
  const stream = decodeStream(o.video, { signal: o.signal, benchmark: true, recycle: true, threads: 1, pixelFormat, ...scale, ...rate });
  let total = 0;
  void stream.info.then((i) => { total = i.duration !== null ? Math.round(i.duration * (o.fps ?? i.fps)) : 0; }, () => undefined);
  const stats = emptyTrackStats();
  const frames: TrackFrame[] = [];
  const trackIds: number[][] = [];
  const onFrame = (_: TrackFrame, pf: PipelineFrame): void => { trackIds.push(pf.balls.map((b) => b.trackId)); };
  for await (const f of trackVideo(stream, calibration, { stats, signal: o.signal, pipeline: o.pipeline, onFrame })) {
    frames.push(f);
    o.progress?.(frames.length, Math.max(total, frames.length));
  }
  const info = await stream.info;
  return { frames, trackIds, stats, ffmpegCpuMs: stream.stats.ffmpegCpuMs, duration: info.duration, fps: o.fps ?? info.fps };
}

/** The frames of a shot: from its strike to its end (all balls at rest). */
function framesOf(frames: readonly TrackFrame[], shot: ShotLine): TrackFrame[] {
  const from = shot.t ?? shot.events[0]?.t ?? 0;
  const to = shot.end?.t ?? shot.events[shot.events.length - 1]?.t ?? from;
  return frames.filter((f) => f.t >= from - 1e-6 && f.t <= to + 1e-6);
}
