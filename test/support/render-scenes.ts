// Ball layouts for evaluating and testing the detector on rendered frames: scattered balls
// (some against a cushion), a full rack, touching clusters; the cue and player aimed at the
// cue ball; optionally a few balls rolling. Deterministic from the seed.
import { BALL_IDS, type BallId, type TableSize } from '../../services/contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../../services/table/spec.ts';
import { randomQuat } from '../../services/sim/render/demo.ts';
import { Rng } from '../../services/sim/render/prng.ts';
import type { FrameScene, SceneBall } from '../../services/sim/render/scene.ts';

export type LayoutKind = 'scatter' | 'rack' | 'clusters';

export interface SceneOptions {
  table?: TableSize;
  layout: LayoutKind;
  /** Number of balls given a velocity (0.4–4 m/s). Default 0. */
  moving?: number;
  /** Cue and player present. Default true. */
  cue?: boolean;
}

const R = BALL_RADIUS;

function free(balls: readonly SceneBall[], x: number, y: number, gap: number): boolean {
  return balls.every((b) => Math.hypot(b.x - x, b.y - y) >= 2 * R + gap);
}

/** The 15 object balls racked at the foot spot (apex towards the head), plus the cue ball. */
function rack(rng: Rng, hx: number): SceneBall[] {
  const balls: SceneBall[] = [];
  const order: BallId[] = BALL_IDS.filter((i) => i !== 0);
  for (let i = order.length - 1; i > 0; i--) {
    const k = rng.int(i + 1);
    [order[i], order[k]] = [order[k]!, order[i]!];
  }
  const apex = hx / 2;
  const gap = 0.0002;
  let n = 0;
  for (let row = 0; row < 5; row++) {
    for (let k = 0; k <= row; k++) {
      const x = apex + row * (2 * R + gap) * Math.cos(Math.PI / 6);
      const y = (k - row / 2) * (2 * R + gap);
      balls.push({ id: order[n++]!, x, y, q: randomQuat(rng) });
    }
  }
  balls.push({ id: 0, x: -hx / 2 + rng.range(-0.1, 0.1), y: rng.range(-0.3, 0.3), q: randomQuat(rng) });
  return balls;
}

function scatter(rng: Rng, hx: number, hy: number, count: number, clusters: boolean): SceneBall[] {
  const balls: SceneBall[] = [];
  const ids: BallId[] = [...BALL_IDS];
  for (let i = ids.length - 1; i > 0; i--) {
    const k = rng.int(i + 1);
    [ids[i], ids[k]] = [ids[k]!, ids[i]!];
  }
  let next = 0;
  const place = (x: number, y: number): boolean => {
    if (next >= count || Math.abs(x) > hx - R || Math.abs(y) > hy - R || !free(balls, x, y, 0.0001)) return false;
    balls.push({ id: ids[next++]!, x, y, q: randomQuat(rng) });
    return true;
  };
  for (let tries = 0; tries < 400 && next < count; tries++) {
    const roll = rng.next();
    if (roll < 0.15) {
      // Frozen to a cushion.
      const alongX = rng.next() < 0.6;
      const s = rng.next() < 0.5 ? -1 : 1;
      if (alongX) place(rng.range(-hx + 0.2, hx - 0.2), s * (hy - R - 0.0005));
      else place(s * (hx - R - 0.0005), rng.range(-hy + 0.2, hy - 0.2));
    } else if (clusters && roll < 0.75 && balls.length > 0) {
      // Touching a ball already placed.
      const b = balls[rng.int(balls.length)]!;
      const a = rng.range(0, 2 * Math.PI);
      place(b.x + (2 * R + 0.0002) * Math.cos(a), b.y + (2 * R + 0.0002) * Math.sin(a));
    } else {
      place(rng.range(-hx + R, hx - R), rng.range(-hy + R, hy - R));
    }
  }
  return balls;
}

/** A scene of the given layout, with the cue aimed at the cue ball and some balls moving. */
export function evalScene(seed: number, o: SceneOptions): FrameScene {
  const rng = new Rng(seed * 7919 + 13);
  const spec = TABLE_SPECS[o.table ?? '9ft'];
  const hx = spec.length / 2;
  const hy = spec.width / 2;
  const balls = o.layout === 'rack' ? rack(rng, hx) : scatter(rng, hx, hy, 8 + rng.int(9), o.layout === 'clusters');
  if (!balls.some((b) => b.id === 0)) balls[0] = { ...balls[0]!, id: 0 };
  const moving = Math.min(o.moving ?? 0, balls.length);
  for (let k = 0; k < moving; k++) {
    const b = balls[(k * 5 + 1) % balls.length]!;
    if (b.id === 0 && o.cue !== false) continue;
    const s = rng.range(0.4, 4);
    const a = rng.range(0, 2 * Math.PI);
    b.v = { x: s * Math.cos(a), y: s * Math.sin(a) };
  }
  const scene: FrameScene = { balls, frame: seed };
  const cb = balls.find((b) => b.id === 0);
  if (o.cue !== false && cb) {
    const ang = (cb.x > 0 ? Math.PI : 0) + rng.range(-0.7, 0.7);
    const dir = { x: Math.cos(ang), y: Math.sin(ang) };
    const back = rng.range(0.02, 0.05);
    const tip = { x: cb.x - dir.x * (R + back), y: cb.y - dir.y * (R + back) };
    scene.cue = { visible: true, tip, dir, bridge: { x: cb.x - dir.x * (0.2 + back), y: cb.y - dir.y * (0.2 + back) } };
  }
  return scene;
}
