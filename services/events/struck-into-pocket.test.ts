import { describe, expect, it } from 'vitest';
import type { BallId } from '../contract/ids.ts';
import type { ShotLine } from '../contract/log.ts';
import type { TrackBall, TrackFrame } from '../contract/tracks.ts';
import { standardTable } from '../table/geometry.ts';
import { inferEvents } from './infer.ts';

// As the vision saw them: the cue ball struck into an object ball that dropped before any frame
// showed it moving, so its track just stopped where it rested.
//  - 8-ball 6362, 54.9 s: the 10, cut at about 9 m/s into the foot-left pocket 0.5 m away, 0.07 s;
//  - 14.1 6309, 22.8 s: the 2, 12 cm off the foot cushion, driven along it into the foot-left
//    corner (the line to the mouth's centre passes the jaw: only a way a little inside it is clear).
const table = standardTable('9ft');
const FPS = 60;
const STRIKE = 1.0;
const SCENES = {
  6362: { cueRest: { x: 0.664, y: -0.108 }, cueAtHit: { x: 0.8755, y: 0.0784 }, ball: { x: 0.9029, y: 0.1293 }, reach: 0.03, off: 1 },
  6309: { cueRest: { x: 1.0757, y: -0.4641 }, cueAtHit: { x: 1.1417, y: -0.0768 }, ball: { x: 1.1513, y: -0.0204 }, reach: 0.08, off: -1 },
};
const BALL = 10 as BallId;

interface Options {
  scene?: keyof typeof SCENES;
  /** The 10 is seen again, at rest here, from 2 s after the hit. */
  tenSeenAgainAt?: { x: number; y: number };
  /** The 5 rests on the way from the 10 to the pocket. */
  fiveInTheWay?: boolean;
}

function frames(o: Options = {}): TrackFrame[] {
  const out: TrackFrame[] = [];
  const { cueRest: CUE_REST, cueAtHit: CUE_AT_HIT, ball: TEN, reach, off } = SCENES[o.scene ?? 6362];
  const HIT = STRIKE + reach;
  // After the hit the cue ball goes off along the tangent line (the side `off` says), slowing to rest.
  const n = { x: TEN.x - CUE_AT_HIT.x, y: TEN.y - CUE_AT_HIT.y };
  const nl = Math.hypot(n.x, n.y);
  const tangent = { x: (off * n.y) / nl, y: (-off * n.x) / nl };
  for (let k = 0; k < Math.round(4 * FPS); k++) {
    const t = k / FPS;
    const balls: TrackBall[] = [{ id: 7 as BallId, x: -0.8, y: -0.4 }];
    if (o.fiveInTheWay) balls.push({ id: 5 as BallId, x: 1.06, y: 0.36 });
    let cue = CUE_REST;
    if (t >= STRIKE && t < HIT) {
      const u = (t - STRIKE) / (HIT - STRIKE);
      cue = { x: CUE_REST.x + (CUE_AT_HIT.x - CUE_REST.x) * u, y: CUE_REST.y + (CUE_AT_HIT.y - CUE_REST.y) * u };
    } else if (t >= HIT) {
      const dt = Math.min(t - HIT, 0.75);
      const s = 0.6 * dt - 0.4 * dt * dt;
      cue = { x: CUE_AT_HIT.x + tangent.x * s, y: CUE_AT_HIT.y + tangent.y * s };
    }
    balls.push({ id: 0 as BallId, ...cue });
    if (t < HIT) balls.push({ id: BALL, ...TEN });
    else if (t < HIT + 0.3) balls.push({ id: BALL, ...TEN, occluded: true }); // its track coasting
    else if (o.tenSeenAgainAt && t >= HIT + 2) balls.push({ id: BALL, ...o.tenSeenAgainAt });
    out.push({ frame: k, t, balls });
  }
  return out;
}

const shotOf = (lines: ReturnType<typeof inferEvents>): ShotLine => lines.find((l): l is ShotLine => l.kind === 'shot')!;
const pocketMark = (shot: ShotLine): boolean => shot.uncertain?.some((u) => u.fact === 'pocket') ?? false;

describe('a ball struck from rest straight into a pocket, never seen on its way (droppedWhereStruck)', () => {
  it('takes the ball as gone into the one pocket its line of centres points at, and keeps the shot marked', () => {
    const shot = shotOf(inferEvents(frames(), { table: '9ft', useOccluded: false }));
    expect(shot.events.find((e) => e.type === 'contact')).toMatchObject({ a: 0, b: 10 });
    expect(shot.events.filter((e) => e.type === 'pocket')).toEqual([expect.objectContaining({ ball: 10, pocket: 'foot-left' })]);
    expect(pocketMark(shot)).toBe(true);
    expect(shot.end?.balls.some((b) => b.id === 10)).toBe(false);
  });

  it('finds the pocket when only a way a little off the line of centres gets past the jaw', () => {
    const shot = shotOf(inferEvents(frames({ scene: 6309 }), { table: '9ft', useOccluded: false }));
    expect(shot.events.filter((e) => e.type === 'pocket')).toEqual([expect.objectContaining({ ball: 10, pocket: 'foot-left' })]);
    expect(pocketMark(shot)).toBe(true);
  });

  it('leaves the ball on the table when it is seen again', () => {
    const shot = shotOf(inferEvents(frames({ tenSeenAgainAt: { x: 1.1, y: 0.5 } }), { table: '9ft', useOccluded: false }));
    expect(shot.events.some((e) => e.type === 'pocket')).toBe(false);
  });

  it('leaves it lost (and marked) when another ball lies on the way', () => {
    const shot = shotOf(inferEvents(frames({ fiveInTheWay: true }), { table: '9ft', useOccluded: false }));
    expect(shot.events.some((e) => e.type === 'pocket')).toBe(false);
    expect(pocketMark(shot)).toBe(true);
  });

  it('the pockets\' names match the table (foot-left is at +x, +y)', () => {
    const k = table.pockets.find((p) => p.pocket === 'foot-left')!;
    expect(k.mouthCentre.x).toBeGreaterThan(1);
    expect(k.mouthCentre.y).toBeGreaterThan(0.5);
  });
});
