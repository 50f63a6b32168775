// The renderer's input (one scene per video frame) and its ground-truth output.
import type { BallId } from '../../contract/ids.ts';

export interface Vec3Like {
  x: number;
  y: number;
  z?: number;
}

/** Unit quaternion (w, x, y, z) rotating the ball's body frame into the table frame. */
export interface Quat {
  w: number;
  x: number;
  y: number;
  z: number;
}

/**
 * One ball at the frame's mid-exposure instant. Body frame: z is the stripe axis (the stripe is
 * the band around the body equator, white caps at ±z); the two number circles are centred on ±x,
 * numerals upright along +z.
 */
export interface SceneBall {
  id: BallId;
  /** Centre in the table frame (m). */
  x: number;
  y: number;
  /** Height of the centre above the bed (m); default the ball radius (resting on the cloth). */
  z?: number;
  /** Orientation; default identity (stripe axis vertical). */
  q?: Quat;
  /** Velocity (m/s); smears the ball over the exposure. Default at rest. */
  v?: Vec3Like;
  /** Angular velocity (rad/s, table frame); default rolling without slipping with `v`. */
  w?: Vec3Like;
  /**
   * Optional centre positions through the exposure, evenly spaced in time (first = shutter open,
   * last = shutter close); overrides `v` for the smear (use it for bounces within a frame).
   */
  path?: Vec3Like[];
}

/** The cue stick, and with it the player (arms, hands, head and shoulders). */
export interface CuePose {
  visible: boolean;
  /** Tip centre (m); z defaults to the ball-centre height. */
  tip: Vec3Like;
  /** Horizontal aiming direction, butt → tip (normalised by the renderer). */
  dir: { x: number; y: number };
  /** Butt elevation above the horizontal (rad); default 0.09 (about 5°). */
  elevation?: number;
  /** Where the bridge hand rests on the cloth; default 0.2 m behind the tip along the cue. */
  bridge?: { x: number; y: number };
  /** Draw the player (arms, hands, head, shoulders) with the cue; default true. */
  player?: boolean;
  leftHanded?: boolean;
}

/** A hand holding a ball (ball in hand being placed). */
export interface HandPose {
  visible: boolean;
  /** Centre of the held ball (m); z defaults to the ball radius (touching the cloth). */
  x: number;
  y: number;
  z?: number;
  /** Horizontal direction from the player towards the hand; default from the nearest long rail. */
  from?: { x: number; y: number };
}

export interface FrameScene {
  /** 0-based frame index: seeds the frame's sensor noise (default: an internal counter). */
  frame?: number;
  /** Time (s), echoed in the truth. */
  t?: number;
  /** The balls on (or above) the bed. */
  balls: SceneBall[];
  cue?: CuePose;
  hand?: HandPose;
  /**
   * Where a player stands (table frame, usually just outside a rail) to darken the table near
   * them; default derived from the cue or hand pose when the player is drawn.
   */
  bodyShadow?: { x: number; y: number; strength?: number };
}

/** Per-ball truth for the frame (the tracks.jsonl fields of shared/contracts/EVENTS.md). */
export interface BallTruth {
  id: BallId;
  x: number;
  y: number;
  /** Projected ball centre (z = its height, normally the radius), OpenCV pixel convention. */
  u: number;
  v: number;
  /** Mostly (≥ 50 % of its projected disc) hidden by the cue, an arm, a hand or the player. */
  occluded: boolean;
  occludedFraction: number;
  /** The projected centre lies inside the image. */
  inImage: boolean;
}

export interface RenderedFrame {
  /** RGB24, width·height·3 bytes. Reused by the next render() call: copy it to keep it. */
  rgb: Uint8Array;
  width: number;
  height: number;
  frame: number;
  t: number | null;
  balls: BallTruth[];
}
