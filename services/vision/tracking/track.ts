// What the tracker keeps per ball (a track) and what it needs of a detection: the types the
// tracker (tracker.ts) and its rules on when a ball rests (stillness.ts) share.
import type { BallId } from '../../contract/ids.ts';
import type { IdentityHook, TrackVote } from '../identity/vote.ts';
import type { MotionState } from './motion.ts';

/** Anything with a table position (m): the detector's `BallDetection` is one. */
export interface TablePositioned {
  x: number;
  y: number;
}

export interface Track<D extends TablePositioned, H extends IdentityHook = TrackVote> {
  readonly trackId: number;
  state: MotionState;
  hits: number;
  /** Consecutive frames without a detection. */
  missed: number;
  /** Reported from its first detection (`sureAtOnce`). */
  sure: boolean;
  /** The latest detection (null before the first). */
  last: D | null;
  readonly identity: H;
  /** The ball number this track was last reported with (null or absent: none). */
  held?: BallId | null;
  /** Where its detections have stayed (within STILL_RADIUS) and for how many detections. */
  anchor?: { x: number; y: number; hits: number };
  /** Its detections of the last JITTER_KEEP seconds (time t), for a rest read through a view's jitter (`jitterRests`). */
  recent?: { x: number; y: number; t: number }[];
  /** It left rest on its latest detection, slower than a stroke: the next step may show the stroke (a stroke falls inside a frame). */
  leaving?: boolean;
  /**
   * Where it rested before it left rest, and how many frames ago (for JUST_LEFT frames): a struck
   * ball may outrun its window on its next frame. `offWay`: its first sighting off rest did not go
   * on (true for the one frame after, when a second look from the rest is taken; false after).
   */
  restedAt?: { x: number; y: number; frames: number; offWay?: boolean };
  /**
   * It left rest at a stroke's speed from a still table (from x, y; its first sighting off rest
   * wx, wy from there): a strike when its next sighting is further on its way, within
   * STRIKE_MAX_MISSED frames (`frames` unseen so far).
   */
  strikeFrom?: { x: number; y: number; wx: number; wy: number; frames: number; hitters: readonly number[] };
}
