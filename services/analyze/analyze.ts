// `railbird analyze`: a recorded match from video to calls, in one pass over the file.
// ffmpeg decode (streamed) → vision (detector, tracker, identity) → identities written back
// along their tracks → tracks.jsonl → event
// inference → the log (match line first, declarations a replaying referee would assume) →
// the rules engine → calls.jsonl, and a picture of each shot.
import { once } from 'node:events';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BallId, Game, TableSize } from '../contract/ids.ts';
import type { Call, LogLine, MatchLine, ShotLine } from '../contract/log.ts';
import { TABLE_SPECS } from '../table/spec.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import { inferEvents } from '../events/infer.ts';
import { judgeText } from '../rules/judge.ts';
import { loadCalibration, type VisionCalibration } from '../vision/calibration/calibration-model.ts';
import { decodeStream, type PixelFormat } from '../vision/decode/decode-stream.ts';
import type { PipelineFrame, PipelineOptions } from '../vision/pipeline.ts';
import { calibrateFromVideo } from './auto-calibrate.ts';
import { backfillIds, type BackfillResult } from './backfill-ids.ts';
import { trackVideoParallel, type ParallelTracks } from './parallel-tracks.ts';
import { refereeWithoutOperator, type ReplayNote } from './replay-referee.ts';
import { withoutForeignIds, wrongGame } from './game-ids.ts';
import { drawShot } from './shot-plot.ts';
import { keyframeTimes } from '../capture/keyframes.ts';
import { emptyTrackStats, trackVideo, type TrackVideoStats, type UnseenStretch } from './video-tracks.ts';

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
  /** Draw shots/NNN.png (default true). */
  pictures?: boolean;
  pipeline?: PipelineOptions;
  signal?: AbortSignal;
  /** Frames done and (estimated) total, as they go. */
  progress?: (done: number, total: number) => void;
}

/** Something about the recording itself (not a shot): cut short, a stretch missing. `line` null. */
export interface RecordingNote {
  line: null;
  t: number;
  note: string;
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
  const tracked = await track(o, calibration);
  const cpuUsed = process.cpuUsage(cpu0);
  const unseen = await unseenStretches(o.video, tracked);
  // Frames decoded from a broken reference (after a missing stretch, up to the next keyframe) are not trusted.
  const kept = tracked.frames.map((f) => !unseen.some((u) => f.t >= u.from - 1e-6 && f.t <= u.to + 1e-6));
  const frames = tracked.frames.filter((_, k) => kept[k]);
  const trackIds = tracked.trackIds.filter((_, k) => kept[k]);
  const stats = tracked.stats;
  const recordingNotes = notesOnTheRecording(tracked, unseen);
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
  const replay = refereeWithoutOperator([matchLineOf(o, table), ...inferred]);
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

/** What was tracked, with the length the file's header gives and the frame rate analysed. */
type Tracked = ParallelTracks & { duration: number | null; fps: number };

/**
 * The recording's own faults, each said once: a file that ends before the length its header
 * gives (a camera that died, a copy interrupted), analysed to its last decodable frame; stretches
 * the file has no frames for (a corrupt stretch), skipped.
 */
export function notesOnTheRecording(tracked: Tracked, unseen: readonly UnseenStretch[]): RecordingNote[] {
  const notes: RecordingNote[] = [];
  const frame = 1 / tracked.fps;
  for (const u of unseen) {
    const span = Number.isFinite(u.to) ? `from ${u.from.toFixed(2)} s to ${(u.to + frame).toFixed(2)} s` : `from ${u.from.toFixed(2)} s to the end`;
    const note = u.why === 'missing'
      ? `no good frames ${span} (a corrupt or missing stretch of the file, and the frames decoded from it up to the next keyframe): skipped, nothing called from it`
      : `the camera was away from the table ${span} (a cut to another picture): nothing called from it`;
    notes.push({ line: null, t: round3(u.from), note });
  }
  const decoded = [tracked.frames[tracked.frames.length - 1]?.t ?? -Infinity, ...tracked.stats.unseen.map((u) => u.to)];
  const lastSeen = Math.max(...decoded.filter(Number.isFinite));
  if (tracked.duration !== null && Number.isFinite(lastSeen) && lastSeen + frame < tracked.duration - 2 * frame) {
    notes.push({ line: null, t: round3(lastSeen), note: `the recording ends at ${(lastSeen + frame).toFixed(2)} s, before the ${tracked.duration.toFixed(2)} s its header gives (cut short): analysed to its last decodable frame` });
  }
  return notes;
}

const round3 = (v: number): number => Math.round(v * 1000) / 1000;

/** Gap (s) under which two unseen stretches are one (a few good frames inside a corrupt stretch). */
const JOIN_UNSEEN = 0.5;

/**
 * The stretches the table was not seen in, joined; a missing stretch runs on to the frame before
 * the next keyframe (the decoder fills what follows from a broken reference).
 */
async function unseenStretches(video: string, tracked: Tracked): Promise<UnseenStretch[]> {
  const frame = 1 / tracked.fps;
  const merged = mergeStretches(tracked.stats.unseen, JOIN_UNSEEN);
  if (!merged.some((u) => u.why === 'missing')) return merged;
  const keys = await keyframeTimes(video);
  for (const u of merged) {
    if (u.why !== 'missing') continue;
    const next = keys.find((k) => k > u.to + frame / 2);
    u.to = next === undefined ? Infinity : Math.max(u.to, next - frame);
  }
  return mergeStretches(merged, JOIN_UNSEEN);
}

/** A note on each shot whose call depends on facts the camera did not see. */
function unseenShotNotes(lines: readonly LogLine[], unseen: readonly UnseenStretch[]): ReplayNote[] {
  const notes: ReplayNote[] = [];
  lines.forEach((l, i) => {
    if (l.kind !== 'shot' || !l.uncertain || unseen.length === 0) return;
    const facts = l.uncertain.map((u) => u.fact).join(', ');
    notes.push({ line: i + 1, t: l.t ?? null, note: `part of this shot was not seen (a cut or a corrupt stretch): ${facts} unconfirmed` });
  });
  return notes;
}

/** Stretches in time order, those of the same kind within `gap` of each other joined. */
function mergeStretches(stretches: readonly UnseenStretch[], gap: number): UnseenStretch[] {
  const out: UnseenStretch[] = [];
  for (const s of [...stretches].sort((a, b) => a.from - b.from)) {
    const last = out[out.length - 1];
    if (last && last.why === s.why && s.from - last.to <= gap) last.to = Math.max(last.to, s.to);
    else out.push({ ...s });
  }
  return out;
}

/** The frames of a shot: from its strike to its end (all balls at rest). */
function framesOf(frames: readonly TrackFrame[], shot: ShotLine): TrackFrame[] {
  const from = shot.t ?? shot.events[0]?.t ?? 0;
  const to = shot.end?.t ?? shot.events[shot.events.length - 1]?.t ?? from;
  return frames.filter((f) => f.t >= from - 1e-6 && f.t <= to + 1e-6);
}
