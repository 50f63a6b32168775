// The incremental event inference gives the shots batch inference gives, each once, soon after
// the balls come to rest.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ShotLine } from '../contract/log.ts';
import { parseTracks, type TrackFrame } from '../contract/tracks.ts';
import { inferEvents } from '../events/infer.ts';
import { LiveEventInference } from './live-events.ts';

const demo = (): TrackFrame[] => {
  const r = parseTracks(readFileSync(new URL('../../recordings/demo/tracks.jsonl', import.meta.url), 'utf8'));
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** The shots a fresh LiveEventInference emits over `frames`. */
function liveShots(frames: readonly TrackFrame[]): ShotLine[] {
  const live = new LiveEventInference();
  const out: ShotLine[] = [];
  for (const f of frames) for (const l of live.push(f).lines) if (l.line.kind === 'shot') out.push(l.line);
  return out;
}

/** The break of the demo: its strike time and where the cue ball rested. */
function breakOf(shot: ShotLine): { strike: number; rest: { x: number; y: number } } {
  return { strike: shot.t!, rest: shot.start!.balls.find((b) => b.id === 0)! };
}

describe('LiveEventInference', () => {
  const frames = demo();
  const batch = inferEvents(frames, { table: '9ft' }).filter((l): l is ShotLine => l.kind === 'shot');
  const live = new LiveEventInference();
  const seen: { shot: ShotLine; at: number }[] = [];
  for (const f of frames) for (const l of live.push(f).lines) if (l.line.kind === 'shot') seen.push({ shot: l.line, at: f.t });

  it('emits every shot of batch inference once, with the same strike and events', () => {
    expect(seen.map((s) => s.shot.t)).toEqual(batch.map((s) => s.t));
    seen.forEach((s, i) => {
      expect(s.shot.events).toEqual(batch[i]!.events);
      expect(s.shot.start).toEqual(batch[i]!.start);
    });
  });

  it('ends shots where batch inference does (positions within a millimetre)', () => {
    seen.forEach((s, i) => {
      const b = batch[i]!;
      expect(s.shot.end?.t).toBe(b.end?.t);
      for (const ball of s.shot.end?.balls ?? []) {
        const other = b.end?.balls.find((x) => x.id === ball.id);
        expect(other).toBeDefined();
        expect(Math.hypot(ball.x - other!.x, ball.y - other!.y)).toBeLessThan(0.001);
      }
    });
  });

  it('emits each shot within 0.7 s of stream time after the balls come to rest', () => {
    // One demo 'shot' is a hand placing the cue ball, moved on before the table is still.
    const late = seen.filter((s) => s.at - (s.shot.end?.t ?? 0) >= 0.7);
    expect(late.length).toBeLessThanOrEqual(1);
    const rested = seen.filter((s) => !late.includes(s));
    for (const s of rested) expect(s.at - (s.shot.end?.t ?? 0)).toBeLessThan(0.7);
  });

  it('names a track by what it turned out to be later in the window: a break\'s cue ball that outran its track still strikes and hits the 1 first', () => {
    const { strike, rest } = breakOf(seen[0]!.shot);
    const relabelled = frames.map((f) => {
      const dt = f.t - strike;
      if (dt <= 0) return { ...f, balls: f.balls.map((b) => ({ ...b, track: b.id === 0 ? 1 : 100 + (b.id ?? 0) })) };
      return {
        ...f,
        balls: [
          // The struck cue ball on a new track, named only 0.4 s later; its old track coasts where it rested for 0.3 s.
          ...f.balls.map((b) => (b.id === 0 ? { ...b, id: dt < 0.4 ? null : b.id, track: 99 } : { ...b, track: 100 + (b.id ?? 0) })),
          ...(dt < 0.3 ? [{ id: 0 as const, x: rest.x, y: rest.y, occluded: true, track: 1 }] : []),
        ],
      };
    });
    const shots = liveShots(relabelled);
    const first = shots[0]!;
    expect(Math.abs(first.t! - strike)).toBeLessThan(0.05);
    const cue = first.events.find((e) => e.type === 'contact' && (e.a === 0 || e.b === 0));
    expect(cue).toMatchObject({ a: 0, b: 1 });
    expect(first.events.some((e) => e.type === 'cross' && e.ball === 0)).toBe(true);
  });

  it('takes no evidence from a lost track\'s guesses: the struck cue ball unseen in flight while its old track coasts where it rested', () => {
    const { strike, rest } = breakOf(seen[0]!.shot);
    const relabelled = frames.map((f) => {
      const dt = f.t - strike;
      const others = f.balls.filter((b) => b.id !== 0).map((b) => ({ ...b, track: 100 + (b.id ?? 0) }));
      if (dt <= 0) return { ...f, balls: [...others, ...f.balls.filter((b) => b.id === 0).map((b) => ({ ...b, track: 1 }))] };
      // Unseen for 0.12 s (a blur), then on a new track named only 0.4 s after the strike; the old
      // track coasts at the resting place for 0.3 s and is dropped.
      const cue = f.balls.filter((b) => b.id === 0 && dt > 0.12).map((b) => ({ ...b, id: dt < 0.4 ? null : b.id, track: 99 }));
      const ghost = dt < 0.3 ? [{ id: 0 as const, x: rest.x, y: rest.y, occluded: true, track: 1 }] : [];
      return { ...f, balls: [...others, ...cue, ...ghost] };
    });
    const shots = liveShots(relabelled);
    expect(Math.abs(shots[0]!.t! - strike)).toBeLessThan(0.1);
    expect(shots[0]!.events.some((e) => e.type === 'cross' && e.ball === 0)).toBe(true);
  });

  it('does not let a hidden ball predicted beyond the cushions hold a shot open (a pocketed ball\'s coasting track)', () => {
    const shot = seen[5]!.shot;
    const coasting = new LiveEventInference();
    const out: { t: number; end: number }[] = [];
    for (const f of frames) {
      // After the shot's end, a hidden ball goes on moving beyond the foot cushion for 2 s.
      const k = f.t - shot.end!.t!;
      const ghost = k > 0 && k < 2 ? [{ id: 1 as const, x: 1.4 + k, y: 0.9 + k, occluded: true }] : [];
      for (const l of coasting.push({ ...f, balls: [...f.balls, ...ghost] }).lines) if (l.line.kind === 'shot') out.push({ t: l.line.t!, end: l.line.end!.t! });
    }
    expect(out.map((s) => s.t)).toEqual(seen.map((s) => s.shot.t));
    expect(out[5]!.end).toBe(shot.end!.t);
  });

  it('emits nothing again after a resume mark', () => {
    const again = new LiveEventInference();
    const last = seen[3]!.shot;
    again.resumeAfter({ lastShotT: last.t!, lastShotEnd: last.end!.t!, lastOtherT: last.t! });
    const out: number[] = [];
    for (const f of frames.filter((f) => f.t >= last.end!.t! - 2)) for (const l of again.push(f).lines) if (l.line.kind === 'shot') out.push(l.line.t!);
    expect(out).toEqual(seen.slice(4).map((s) => s.shot.t));
  });
});
