// What a recording lacked, said once each: its end (a file cut short is analysed to its last
// decodable frame), stretches with no good frames (a corrupt stretch, and what the decoder fills
// from it up to the next keyframe), stretches the camera was away from the table (a broadcast's
// cuts); and, per shot, which of its facts fell where the table was not seen.
import type { LogLine } from '../contract/log.ts';
import { keyframeTimes } from '../capture/keyframes.ts';
import type { ParallelTracks } from './parallel-tracks.ts';
import type { ReplayNote } from './replay-referee.ts';
import type { UnseenStretch } from './video-tracks.ts';

/** Something about the recording itself (not a shot): cut short, a stretch missing. `line` null. */
export interface RecordingNote {
  line: null;
  t: number;
  note: string;
}

/** What was tracked, with the length the file's header gives and the frame rate analysed. */
export type Tracked = ParallelTracks & { duration: number | null; fps: number };

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
export async function unseenStretches(video: string, tracked: Tracked): Promise<UnseenStretch[]> {
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
export function unseenShotNotes(lines: readonly LogLine[], unseen: readonly UnseenStretch[]): ReplayNote[] {
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
