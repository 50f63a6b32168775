// Random table setups and frames for the ball-identity data: renderer configurations (image size,
// table, cloth, rail, ball set, camera margin, noise, exposure) and scenes (scattered balls,
// racked clusters, balls frozen on cushions, random orientations with stripes rolled to hide
// their band and number circles facing up, rolling balls, the cue and player, a hand placing a
// ball). Everything is seeded (the renderer's Rng): the same seed gives the same frames.
import type { BallId, TableSize } from '../../services/contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../../services/table/spec.ts';
import { CLOTHS, hsvToRgb, randomQuat, type BallSet, type FrameScene, type Quat, type RailName, type RGB, type SceneBall } from '../../services/sim/render/index.ts';
import { Rng } from '../../services/sim/render/prng.ts';
import { randomPalette } from './palettes.ts';

const R = BALL_RADIUS;

export interface RenderConfig {
  seed: number;
  width: number;
  height: number;
  table: TableSize;
  cloth: RGB;
  rail: RailName;
  /** The pockets' liners (sRGB); absent: the renderer's dark leather. */
  liner?: RGB;
  ballSet: BallSet;
  /** Fraction of the image left free around the table (bigger: smaller balls). */
  margin: number;
  /** Camera tilts (rad) of an oblique, broadcast-like view; absent: overhead (the renderer's ±1.5°). */
  tiltX?: number;
  tiltY?: number;
  /** Camera roll (rad): a broadcast view behind a short rail is turned so that rail is at the bottom. */
  roll?: number;
  noise: number;
  vignette: number;
  fps: number;
  exposure: number;
}

/** Image sizes and their relative frequencies (4K frames cost ~6× a 720p one). */
export const RESOLUTIONS: readonly (readonly [number, number, number])[] = [
  [960, 540, 3], [1280, 720, 3], [1920, 1080, 3], [2560, 1440, 1.5], [3840, 2160, 1],
];

function weighted<T extends readonly [number, number, number]>(rng: Rng, items: readonly T[]): T {
  const tot = items.reduce((s, it) => s + it[2], 0);
  let r = rng.next() * tot;
  for (const it of items) {
    r -= it[2];
    if (r < 0) return it;
  }
  return items[items.length - 1]!;
}

/** A random cloth: one of the presets, or any plausible hue (incl. the light TV blue). */
function randomCloth(rng: Rng): RGB {
  if (rng.next() < 0.45) return CLOTHS[rng.pick(['green', 'blue', 'red', 'grey'] as const)];
  const h = rng.next() * 6;
  const s = rng.range(0.35, 0.9);
  return hsvToRgb(h, s, rng.range(90, 225));
}

/** Pocket liners other than dark leather: white and cream plastic, grey, tan and brown leather. */
export const LINERS: readonly RGB[] = [[236, 236, 230], [226, 216, 190], [150, 150, 148], [172, 130, 88], [104, 70, 44]];

/**
 * A random setup; `obliqueShare` of them get a camera tilted 9–37°, and `broadcastShare` of the
 * rest a broadcast camera behind a rail, 49–75° from straight down (the real elevated TV views
 * are ~70°: balls seen from the side, a stripe's band across them, their shadow below);
 * `paletteShare` of them a ball set of random shades within the numbering convention (palettes.ts);
 * `linerShare` of them pocket liners of another colour than dark leather (white ones show in the
 * far pockets as bright crescents).
 */
export function randomConfig(seed: number, sizes = RESOLUTIONS, obliqueShare = 0, broadcastShare = 0, paletteShare = 0, linerShare = 0): RenderConfig {
  const rng = new Rng(seed ^ 0x1d3a7);
  const [width, height] = weighted(rng, sizes);
  const fps = rng.next() < 0.5 ? 30 : 60;
  const cfg: RenderConfig = {
    seed, width, height,
    table: rng.pick(['9ft', '9ft', '8ft', '7ft'] as const),
    cloth: randomCloth(rng),
    rail: rng.next() < 0.7 ? 'wood' : 'black',
    ballSet: rng.next() < 0.5 ? 'standard' : 'tv',
    margin: rng.range(0.025, 0.15),
    noise: rng.range(1, 4),
    vignette: rng.range(0.25, 0.7),
    fps,
    exposure: rng.range(0.25, 0.5) / fps,
  };
  // Drawn last (and only when asked for), so overhead-only splits keep their earlier setups.
  if (obliqueShare > 0 && rng.next() < obliqueShare) {
    const tilt = rng.range(0.15, 0.65);
    const dir = rng.range(0, 2 * Math.PI);
    cfg.tiltX = tilt * Math.cos(dir);
    cfg.tiltY = tilt * Math.sin(dir);
  } else if (broadcastShare > 0 && rng.next() < broadcastShare) {
    const tilt = rng.range(0.85, 1.3);
    // Mostly behind a short rail (tiltY), sometimes behind a long one; up to 12° off the axis.
    const shortRail = rng.next() < 0.7;
    const dir = (shortRail ? Math.PI / 2 : 0) + (rng.next() < 0.5 ? Math.PI : 0) + rng.range(-0.2, 0.2);
    cfg.tiltX = tilt * Math.cos(dir);
    cfg.tiltY = tilt * Math.sin(dir);
    cfg.roll = (shortRail ? Math.sign(Math.sin(dir)) * (Math.PI / 2) : 0) + rng.range(-0.03, 0.03);
  }
  if (paletteShare > 0 && rng.next() < paletteShare) cfg.ballSet = randomPalette(new Rng(seed ^ 0xba11), `random-${seed}`);
  // Its own generator: the draws above stay those of the setups made before liners were varied.
  const lr = new Rng(seed ^ 0x11e4);
  if (linerShare > 0 && lr.next() < linerShare) {
    const [r, g, b] = lr.pick(LINERS);
    const k = lr.range(0.85, 1.08);
    cfg.liner = [Math.min(255, Math.round(r * k)), Math.min(255, Math.round(g * k)), Math.min(255, Math.round(b * k))];
  }
  return cfg;
}

/** Balls per frame by image height (more where a frame costs more, to amortise it). */
export function ballsPerFrame(height: number): number {
  return height <= 540 ? 20 : height <= 720 ? 22 : height <= 1080 ? 28 : height <= 1440 ? 32 : 40;
}

// ---- orientations ----

function axisAngle(ax: number, ay: number, az: number, a: number): Quat {
  const l = Math.hypot(ax, ay, az) || 1;
  const s = Math.sin(a / 2);
  return { w: Math.cos(a / 2), x: (ax / l) * s, y: (ay / l) * s, z: (az / l) * s };
}

function qmul(a: Quat, b: Quat): Quat {
  return {
    w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
    x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
    y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
    z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
  };
}

/** Orientation kinds beyond uniform: a stripe's white cap up (band nearly hidden), a number circle up. */
export function randomOrientation(rng: Rng, id: BallId): Quat {
  const r = rng.next();
  const spin = axisAngle(0, 0, 1, rng.range(0, 2 * Math.PI));
  const tilt = (max: number): Quat => axisAngle(Math.cos(rng.range(0, 7)), Math.sin(rng.range(0, 7)), 0, rng.range(0, max));
  if (id > 8 && r < 0.25) {
    // Stripe axis within 30° of vertical: seen from above, a white cap with a thin coloured rim.
    const flip = rng.next() < 0.5 ? axisAngle(1, 0, 0, Math.PI) : { w: 1, x: 0, y: 0, z: 0 };
    return qmul(tilt((30 * Math.PI) / 180), qmul(spin, flip));
  }
  if (id >= 1 && id <= 8 && r < 0.15) {
    // Number circle (body ±x) facing the camera.
    const up = axisAngle(0, 1, 0, rng.next() < 0.5 ? -Math.PI / 2 : Math.PI / 2);
    return qmul(tilt((25 * Math.PI) / 180), qmul(spin, up));
  }
  return randomQuat(rng);
}

// ---- scenes ----

export interface SceneOptions {
  /** Probability that a ball moves (motion blur). */
  moving: number;
  /** Probability of the cue and player in a frame. */
  cue: number;
  /** Probability of a hand placing a ball. */
  hand: number;
  /** Probability of a racked cluster. */
  cluster: number;
}

export const TRAIN_SCENES: SceneOptions = { moving: 0.25, cue: 0.55, hand: 0.15, cluster: 0.5 };
export const RESTING_SCENES: SceneOptions = { moving: 0, cue: 0, hand: 0, cluster: 0.5 };

/** The ids of a frame: all sixteen once, then random extras up to n (duplicates are fine for crops). */
function frameIds(rng: Rng, n: number): BallId[] {
  const ids: BallId[] = [];
  for (let i = 0; i < 16; i++) ids.push(i as BallId);
  while (ids.length < n) ids.push(rng.int(16) as BallId);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids;
}

/** A frame's scene: n balls (clusters, scattered, on cushions), maybe moving, maybe the cue or a hand. */
export function randomScene(rng: Rng, table: TableSize, n: number, o: SceneOptions): FrameScene {
  const spec = TABLE_SPECS[table];
  const hx = spec.length / 2 - R, hy = spec.width / 2 - R;
  const ids = frameIds(rng, n);
  const balls: SceneBall[] = [];
  const free = (x: number, y: number, gap: number): boolean => balls.every((b) => Math.hypot(b.x - x, b.y - y) >= 2 * R + gap);
  const add = (id: BallId, x: number, y: number): void => {
    const b: SceneBall = { id, x, y, q: randomOrientation(rng, id) };
    if (rng.next() < o.moving) {
      const s = Math.exp(rng.range(Math.log(0.15), Math.log(6)));
      const a = rng.range(0, 2 * Math.PI);
      b.v = { x: s * Math.cos(a), y: s * Math.sin(a) };
    }
    balls.push(b);
  };
  let k = 0;
  if (rng.next() < o.cluster) {
    // A rack-like triangular cluster of touching balls (small gaps), randomly turned.
    const m = 3 + rng.int(13);
    const cx = rng.range(-hx + 0.25, hx - 0.25), cy = rng.range(-hy + 0.25, hy - 0.25);
    const rot = rng.range(0, 2 * Math.PI);
    const d = 2 * R * (1 + rng.range(0, 0.015));
    for (let row = 0; k < m && row < 6; row++) {
      for (let c = 0; c <= row && k < m; c++) {
        const ax = row * d * Math.cos(Math.PI / 6), ay = (c - row / 2) * d;
        const x = cx + ax * Math.cos(rot) - ay * Math.sin(rot), y = cy + ax * Math.sin(rot) + ay * Math.cos(rot);
        if (Math.abs(x) < hx && Math.abs(y) < hy) add(ids[k]!, x, y);
        k++;
      }
    }
  }
  for (; k < ids.length; k++) {
    for (let tries = 0; tries < 60; tries++) {
      let x = rng.range(-hx, hx), y = rng.range(-hy, hy);
      if (rng.next() < 0.15) {
        // Frozen on (or close to) a cushion.
        if (rng.next() < 0.5) x = Math.sign(x || 1) * (hx - rng.range(0, 0.01));
        else y = Math.sign(y || 1) * (hy - rng.range(0, 0.01));
      }
      if (!free(x, y, 0.002)) continue;
      add(ids[k]!, x, y);
      break;
    }
  }
  const scene: FrameScene = { balls };
  if (balls.length && rng.next() < o.cue) {
    const target = balls[rng.int(balls.length)]!;
    const ang = rng.range(0, 2 * Math.PI);
    const dir = { x: Math.cos(ang), y: Math.sin(ang) };
    const back = R + rng.range(0.004, 0.16);
    scene.cue = {
      visible: true, dir, tip: { x: target.x - dir.x * back, y: target.y - dir.y * back },
      elevation: rng.range(0.05, 0.3), player: rng.next() < 0.8, leftHanded: rng.next() < 0.15,
      bridge: { x: target.x - dir.x * (back + rng.range(0.12, 0.3)), y: target.y - dir.y * (back + rng.range(0.12, 0.3)) },
    };
  } else if (rng.next() < o.hand) {
    // Ball in hand: the held ball (usually the cue ball) just above the cloth.
    for (let tries = 0; tries < 40; tries++) {
      const x = rng.range(-hx, hx), y = rng.range(-hy, hy);
      if (!free(x, y, 0.03)) continue;
      const z = R + (rng.next() < 0.6 ? 0 : rng.range(0, 0.06));
      const id = (rng.next() < 0.7 ? 0 : rng.int(16)) as BallId;
      balls.push({ id, x, y, z, q: randomOrientation(rng, id) });
      scene.hand = { visible: true, x, y, z };
      break;
    }
  }
  return scene;
}
