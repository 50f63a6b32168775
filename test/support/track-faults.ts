// Faults that real tracks have and simulated ones lack, for testing event inference's
// robustness: frames the tracker dropped, a ball hidden for a while (the cue, an arm or a
// hand over it at the strike). Deterministic for a given seed.
import type { BallId } from '../../services/contract/ids.ts';
import type { TrackFrame } from '../../services/contract/tracks.ts';
import { mulberry32 } from '../../services/sim/physics/rng.ts';

/** The frames with each one dropped with probability `share`. */
export function dropFrames(frames: readonly TrackFrame[], share: number, seed: number): TrackFrame[] {
  const r = mulberry32(seed * 31 + 7);
  return frames.filter(() => r() >= share);
}

/** The frames with ball `id` missing from those whose time lies in [from, to). */
export function hideBall(frames: readonly TrackFrame[], id: BallId, from: number, to: number): TrackFrame[] {
  return frames.map((f) => (f.t >= from && f.t < to ? { ...f, balls: f.balls.filter((b) => b.id !== id) } : f));
}

/**
 * An occlusion at the strike: the cue ball or the object ball nearest to it (chosen by the
 * seed) is hidden for 10 to 20 frames, starting a few frames before the strike at `strikeT`.
 */
export function occludeAtStrike(frames: readonly TrackFrame[], strikeT: number, fps: number, seed: number): TrackFrame[] {
  const r = mulberry32(seed * 131 + 3);
  const first = frames.find((f) => f.t >= strikeT - 1 / fps) ?? frames[0];
  const cue = first?.balls.find((b) => b.id === 0);
  if (!first || !cue) return [...frames];
  const others = first.balls.filter((b) => b.id !== 0 && b.id !== null);
  others.sort((a, b) => Math.hypot(a.x - cue.x, a.y - cue.y) - Math.hypot(b.x - cue.x, b.y - cue.y));
  const nearest = others[0]?.id ?? null;
  const id: BallId = r() < 0.5 || nearest === null ? (0 as BallId) : nearest;
  const count = 10 + Math.floor(r() * 11);
  const from = strikeT - (2 + Math.floor(r() * 6)) / fps;
  return hideBall(frames, id, from, from + count / fps);
}
