// Tracks: one line per video frame, every ball seen in table metres and image pixels
// (shared/contracts/EVENTS.md, "Tracks"). Parsing names the line and field of every problem.
import { BALL_IDS, isOneOf, type BallId } from './ids.ts';
import { err, ok, type Result } from './result.ts';

export interface TrackBall {
  /** Ball identity; null while the vision does not know it yet. */
  id: BallId | null;
  x: number;
  y: number;
  u?: number;
  v?: number;
  occluded?: boolean;
  /** Tracker identity of an unidentified ball (an addition to the contract). */
  track?: number;
  /** The vision saw this ball struck from a still table in this frame: the cue ball (an addition to the contract). */
  struck?: boolean;
}

export interface TrackFrame {
  frame: number;
  t: number;
  balls: TrackBall[];
}

export interface TrackError {
  line: number;
  field: string;
  message: string;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function parseTrackLine(text: string, lineNo: number): Result<TrackFrame, TrackError> {
  const bad = (field: string, message: string) => err({ line: lineNo, field, message: `line ${lineNo}: ${field}: ${message}` });
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch (e) {
    return bad('(json)', `invalid JSON (${(e as Error).message})`);
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return bad('(line)', 'a line must be an object');
  const r = o as Record<string, unknown>;
  if (!Number.isInteger(r.frame) || (r.frame as number) < 0) return bad('frame', 'frame must be an integer ≥ 0');
  if (!finite(r.t)) return bad('t', 't must be a finite number');
  if (!Array.isArray(r.balls)) return bad('balls', 'balls must be an array');
  const balls: TrackBall[] = [];
  for (let i = 0; i < r.balls.length; i++) {
    const b = r.balls[i] as Record<string, unknown>;
    const p = `balls[${i}].`;
    if (typeof b !== 'object' || b === null) return bad(`balls[${i}]`, 'must be an object');
    if (!(b.id === null || isOneOf(BALL_IDS, b.id))) return bad(p + 'id', 'must be a ball id 0-15 or null');
    if (!finite(b.x) || !finite(b.y)) return bad(p + 'x', 'x and y must be finite numbers');
    const ball: TrackBall = { id: b.id as BallId | null, x: b.x, y: b.y };
    if (finite(b.u)) ball.u = b.u;
    if (finite(b.v)) ball.v = b.v;
    if (b.occluded === true) ball.occluded = true;
    if (Number.isInteger(b.track)) ball.track = b.track as number;
    if (b.struck === true) ball.struck = true;
    balls.push(ball);
  }
  return ok({ frame: r.frame as number, t: r.t, balls });
}

export function parseTracks(text: string): Result<TrackFrame[], TrackError> {
  const frames: TrackFrame[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const r = parseTrackLine(line, i + 1);
    if (!r.ok) return r;
    const prev = frames[frames.length - 1];
    if (prev && r.value.t <= prev.t) return err({ line: i + 1, field: 't', message: `line ${i + 1}: t: frames out of time order` });
    frames.push(r.value);
  }
  return ok(frames);
}
