// Demo scenes for the preview, the benchmark and the tests: all sixteen balls scattered with
// random orientations, optionally moving, and the player cueing the cue ball.
import { BALL_IDS } from '../../contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../../table/spec.ts';
import type { TableSize } from '../../contract/ids.ts';
import { Rng } from './prng.ts';
import type { FrameScene, Quat, SceneBall } from './scene.ts';

export function randomQuat(rng: Rng): Quat {
  // Uniform on the 3-sphere (Shoemake).
  const u1 = rng.next(), u2 = rng.next() * 2 * Math.PI, u3 = rng.next() * 2 * Math.PI;
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return { w: a * Math.sin(u2), x: a * Math.cos(u2), y: b * Math.sin(u3), z: b * Math.cos(u3) };
}

export interface DemoOptions {
  table?: TableSize;
  /** Give the balls velocities up to this speed (m/s). Default 0. */
  maxSpeed?: number;
  /** Include the cue and player. Default true. */
  cue?: boolean;
}

/** Sixteen balls at random non-overlapping spots, the cue aimed at the cue ball from its far side. */
export function demoScene(seed: number, o: DemoOptions = {}): FrameScene {
  const rng = new Rng(seed);
  const spec = TABLE_SPECS[o.table ?? '9ft'];
  const hx = spec.length / 2 - BALL_RADIUS * 1.5;
  const hy = spec.width / 2 - BALL_RADIUS * 1.5;
  const balls: SceneBall[] = [];
  for (const id of BALL_IDS) {
    for (let tries = 0; tries < 200; tries++) {
      const x = rng.range(-hx, hx);
      const y = rng.range(-hy, hy);
      if (balls.some((b) => Math.hypot(b.x - x, b.y - y) < BALL_RADIUS * 2.4)) continue;
      const ball: SceneBall = { id, x, y, q: randomQuat(rng) };
      if (o.maxSpeed) {
        const s = rng.range(0, o.maxSpeed);
        const a = rng.range(0, 2 * Math.PI);
        ball.v = { x: s * Math.cos(a), y: s * Math.sin(a) };
      }
      balls.push(ball);
      break;
    }
  }
  const scene: FrameScene = { balls };
  const cb = balls.find((b) => b.id === 0);
  if ((o.cue ?? true) && cb) {
    // Aim towards the far end, roughly along the table: the player stands at the nearer end.
    const ang = (cb.x > 0 ? Math.PI : 0) + rng.range(-0.6, 0.6);
    const dir = { x: Math.cos(ang), y: Math.sin(ang) };
    const tip = { x: cb.x - dir.x * (BALL_RADIUS + 0.03), y: cb.y - dir.y * (BALL_RADIUS + 0.03) };
    scene.cue = { visible: true, tip, dir, bridge: { x: cb.x - dir.x * 0.24, y: cb.y - dir.y * 0.24 } };
  }
  return scene;
}
