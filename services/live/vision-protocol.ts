// The messages between the live service and its vision worker thread (vision-worker.ts). One
// job is one ffmpeg decode of the source (a file from a position, or a camera until it fails),
// tracked by the vision pipeline; the worker posts the track frames, its counts, and how the
// job ended. Plain data only (structured clone).
import type { TableSize } from '../contract/ids.ts';
import type { TrackFrame } from '../contract/tracks.ts';
import type { PlayheadClock } from './playhead.ts';

export type VisionInputKind = 'file' | 'device' | 'stream';

export interface VisionJob {
  id: number;
  kind: VisionInputKind;
  /** File path, device path or URL. */
  source: string;
  /** Seconds into a file, and the pass of the playhead it belongs to. */
  start: number;
  pass: number;
  /** A file played as if live (frames paced on it, late ones dropped); null: as fast as vision goes. */
  clock: PlayheadClock | null;
  /** Live sources: frame times are seconds since this wall time (ms), so they rise across reconnects. */
  epochWall: number;
  /** Live sources: the first frame number of this job (numbers rise across reconnects). */
  firstFrame: number;
  /** Decode width in pixels (the calibration is scaled to it); null: the source's own. */
  width: number | null;
  table: TableSize;
  /** The calibration JSON (services/vision/calibration/calibration-model.ts); null: calibrate on the first frames. */
  calibration: Record<string, unknown> | null;
  /** A paced frame later than this (recording s) behind the playhead is dropped. */
  slack: number;
  /** Stop after this many frames (a warm-up); null: to the end. */
  maxFrames: number | null;
  /** The camera image from the same decode (JPEG, `rate` a second, `width` wide); null: none. Not with maxFrames. */
  snapshots: { width: number; rate: number } | null;
  /** A ball surely a solid or a stripe whose number went to another gets a free number of its kind (games whose calls read only kinds). */
  numbersByKind: boolean;
}

export type ToVisionWorker = { type: 'start'; job: VisionJob } | { type: 'stop'; id: number };

export interface VisionCounts {
  /** Frames decoded, handed to vision, and dropped to keep up (this job). */
  decoded: number;
  taken: number;
  dropped: number;
  /** Mean wall ms of the vision step per frame (this job). */
  visionMs: number;
}

export type FromVisionWorker =
  /** `lateMs`: how far behind the source the frame is as it leaves vision. */
  | { type: 'frame'; id: number; frame: TrackFrame; lateMs: number }
  | { type: 'counts'; id: number; counts: VisionCounts; note: string | null }
  | { type: 'calibrated'; id: number; calibration: Record<string, unknown> }
  /** A camera image (JPEG) from the job's decode, when the job asked for them. */
  | { type: 'snapshot'; id: number; jpeg: Uint8Array }
  | { type: 'ended'; id: number; reason: 'eof' | 'failed' | 'stopped'; message: string | null; counts: VisionCounts };
