import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import type { ShotLine } from '../contract/log.ts';
import type { TrackBall, TrackFrame } from '../contract/tracks.ts';
import { standardTable } from '../table/geometry.ts';
import { inferEvents } from './infer.ts';
import { nameUnseenFlights } from './unseen-flights.ts';

// 14.1 6331, 30.1 s, as the vision saw it: the cue ball struck into the 3 from 31 cm; the 3 flew
// at about 8 m/s into the foot-right pocket as a blur no track knew, seen twice at the pocket as
// an unnamed track; its own track stopped where it rested.
const table = standardTable('9ft');
const FPS = 60;
const CUE_REST = { x: -0.058, y: 0.234 };
const THREE_REST = { x: 0.181, y: 0.021 };
const MOUTH = { x: 1.225, y: -0.59 };
const STRIKE = 1.0;

interface Options {
  /** Frames (from the strike) the 3 is seen again at its rest, hidden meanwhile: not the flight. */
  threeBackAt?: number;
  /** Another ball vanishes where the flight's line also comes from. */
  twin?: boolean;
}

function frames(o: Options = {}): TrackFrame[] {
  const out: TrackFrame[] = [];
  const n = Math.round(4 * FPS);
  // The flight: from the 3's rest toward the mouth, seen in two frames 0.17 s after the hit.
  const dir = { x: MOUTH.x - THREE_REST.x, y: MOUTH.y - THREE_REST.y };
  const len = Math.hypot(dir.x, dir.y);
  const hit = STRIKE + 0.03;
  for (let k = 0; k < n; k++) {
    const t = k / FPS;
    const balls: TrackBall[] = [{ id: 7 as BallId, x: -0.8, y: -0.4 }];
    // The cue ball rolls slowly on after the hit, toward the head, until 2.5 s.
    const cueT = Math.min(Math.max(0, t - STRIKE), 0.03) * 10.4 + Math.max(0, Math.min(t, 2.5) - hit) * -0.5;
    const cdir = { x: (THREE_REST.x - CUE_REST.x) / 0.32, y: (THREE_REST.y - CUE_REST.y) / 0.32 };
    balls.push({ id: 0 as BallId, x: CUE_REST.x + cdir.x * cueT, y: CUE_REST.y + cdir.y * cueT });
    const threeSeen = t < hit || (o.threeBackAt !== undefined && t >= STRIKE + o.threeBackAt / FPS);
    if (threeSeen) balls.push({ id: 3 as BallId, x: THREE_REST.x, y: THREE_REST.y });
    else if (t < hit + 0.3) balls.push({ id: 3 as BallId, x: THREE_REST.x, y: THREE_REST.y, occluded: true }); // its track coasting
    if (o.twin) {
      // The 9 rests on the flight's line 10 cm behind the 3 and vanishes at the hit too.
      if (t < hit) balls.push({ id: 9 as BallId, x: THREE_REST.x - 0.1 * dir.x / len, y: THREE_REST.y - 0.1 * dir.y / len });
    }
    const since = t - hit;
    if (since >= 0.15 && since < 0.185) {
      const s = 7.9 * since;
      balls.push({ id: null, track: 20, x: THREE_REST.x + (dir.x / len) * s, y: THREE_REST.y + (dir.y / len) * s });
    }
    out.push({ frame: k, t, balls });
  }
  return out;
}

const shotAt = (lines: ReturnType<typeof inferEvents>): ShotLine => lines.find((l): l is ShotLine => l.kind === 'shot')!;

describe('a ball hit into a pocket as a blur no track knew (nameUnseenFlights)', () => {
  it('names the unnamed flight into a pocket after the one ball last seen where its line comes from, and drops that ball\'s guessed positions', () => {
    const named = nameUnseenFlights(frames(), table);
    const flight = named.flatMap((f) => f.balls.filter((b) => b.id === 3 && !b.occluded && b.x > 0.5));
    expect(flight).toHaveLength(2);
    expect(named.some((f) => f.balls.some((b) => b.id === null))).toBe(false);
    expect(named.some((f) => f.balls.some((b) => b.id === 3 && b.occluded))).toBe(false);
  });

  it('leaves the flight unnamed when the ball is seen again where it rested (it was only hidden), or when two balls fit', () => {
    expect(nameUnseenFlights(frames({ threeBackAt: 40 }), table)).toEqual(frames({ threeBackAt: 40 }));
    expect(nameUnseenFlights(frames({ twin: true }), table)).toEqual(frames({ twin: true }));
  });

  it('makes the shot pocket the 3 in the foot-right pocket instead of losing it (too close to call)', () => {
    const shot = shotAt(inferEvents(frames(), { table: '9ft', useOccluded: false }));
    expect(shot.events.filter((e) => e.type === 'pocket')).toEqual([expect.objectContaining({ ball: 3, pocket: 'foot-right' })]);
    expect(shot.uncertain?.some((u) => u.fact === 'pocket') ?? false).toBe(false);
    // Without the flight the 3 is only taken as pocketed from where it was struck to, marked too close to call (struck-into-pocket.ts).
    const unseen = shotAt(inferEvents(frames({ twin: false }).map((f) => ({ ...f, balls: f.balls.filter((b) => b.id !== null) })), { table: '9ft', useOccluded: false }));
    expect(unseen.uncertain?.some((u) => u.fact === 'pocket') ?? false).toBe(true);
  });
});
