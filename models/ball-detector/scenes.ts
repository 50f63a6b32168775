// Random table setups and frames for the ball-detector data (issue 19's data factory). Wider than
// the identity model's (models/identity/scenes.ts, whose orientations it reuses): cameras from
// straight down to 75° at any yaw and height, cloths of every common colour (green, blue, teal,
// grey, red, purple, tan, the light TV blue, any hue), 1–16 balls with racks, touching clusters,
// rows frozen along a cushion, balls frozen to cushions and in pockets' jaws, rolling balls
// (motion blur), the cue and player, a hand placing a ball. Everything is seeded (the renderer's
// Rng): the same seed gives the same setup and frames.
import { BALL_IDS, POCKETS, type BallId, type TableSize } from '../../services/contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS, pocketCentre } from '../../services/table/spec.ts';
import { TableRenderer, hsvToRgb, type BallSetName, type FrameScene, type RailName, type RGB, type SceneBall } from '../../services/sim/render/index.ts';
import { Rng } from '../../services/sim/render/prng.ts';
import { randomOrientation } from '../identity/scenes.ts';

const R = BALL_RADIUS;

export type CameraKind = 'overhead' | 'oblique' | 'broadcast';

export interface DetectorConfig {
  seed: number;
  width: number;
  height: number;
  table: TableSize;
  cloth: RGB;
  rail: RailName;
  ballSet: BallSetName;
  camera: CameraKind;
  /** Camera options passed to the renderer (tilts, roll in rad; height in m; margin as a fraction of the image). */
  tiltX: number;
  tiltY: number;
  roll: number;
  cameraHeight: number;
  margin: number;
  noise: number;
  vignette: number;
  fps: number;
  exposure: number;
}

/** Named cloths (sRGB under table lights), each jittered per setup. */
export const CLOTH_COLOURS: Record<string, RGB> = {
  green: [22, 112, 66], 'bright green': [30, 150, 80], blue: [24, 88, 162], 'tv blue': [40, 140, 210],
  teal: [16, 118, 118], grey: [112, 116, 120], red: [152, 30, 38], burgundy: [100, 24, 40],
  purple: [84, 44, 120], tan: [176, 146, 100], black: [40, 42, 46],
};

/** A named cloth with ±12 % per channel, or (30 %) any hue. */
export function randomCloth(rng: Rng): RGB {
  if (rng.next() < 0.3) return hsvToRgb(rng.next() * 6, rng.range(0.15, 0.9), rng.range(70, 220));
  const c = CLOTH_COLOURS[rng.pick(Object.keys(CLOTH_COLOURS))]!;
  const k = rng.range(0.8, 1.2);
  return c.map((v) => Math.max(4, Math.min(250, Math.round(v * k * rng.range(0.9, 1.1))))) as unknown as RGB;
}

/**
 * A random setup: 35 % overhead (the renderer's ±1.5°), 25 % oblique (5–40° any way, any yaw),
 * 40 % broadcast (40–75°, mostly behind a short rail, a fifth at any yaw). The image is larger
 * where the table is smaller in it, so that a ball spans ≥ ~22 px before the data is scaled down.
 */
export function randomDetectorConfig(seed: number): DetectorConfig {
  const rng = new Rng(seed ^ 0x6b1d5);
  const deg = Math.PI / 180;
  const r = rng.next();
  const camera: CameraKind = r < 0.35 ? 'overhead' : r < 0.6 ? 'oblique' : 'broadcast';
  let tiltX = rng.range(-1.5, 1.5) * deg, tiltY = rng.range(-1.5, 1.5) * deg, roll = rng.range(-1.5, 1.5) * deg;
  if (camera === 'oblique') {
    const tilt = rng.range(5, 40) * deg, dir = rng.range(0, 2 * Math.PI);
    tiltX = tilt * Math.cos(dir);
    tiltY = tilt * Math.sin(dir);
    roll = rng.range(-Math.PI, Math.PI);
  } else if (camera === 'broadcast') {
    const tilt = rng.range(40, 75) * deg;
    const shortRail = rng.next() < 0.7;
    const dir = (shortRail ? Math.PI / 2 : 0) + (rng.next() < 0.5 ? Math.PI : 0) + rng.range(-0.25, 0.25);
    tiltX = tilt * Math.cos(dir);
    tiltY = tilt * Math.sin(dir);
    roll = rng.next() < 0.2 ? rng.range(-Math.PI, Math.PI) : (shortRail ? Math.sign(Math.sin(dir)) * (Math.PI / 2) : 0) + rng.range(-0.06, 0.06);
  }
  const sizes: [number, number][] = camera === 'overhead' ? [[1280, 720], [1024, 576], [1280, 960]] : camera === 'oblique' ? [[1280, 720], [1600, 900]] : [[1600, 900], [1920, 1080]];
  const [width, height] = rng.pick(sizes);
  const fps = rng.next() < 0.5 ? 30 : 60;
  return {
    seed, width, height, camera, tiltX, tiltY, roll,
    table: rng.pick(['9ft', '9ft', '8ft', '7ft'] as const),
    cloth: randomCloth(rng),
    rail: rng.next() < 0.65 ? 'wood' : 'black',
    ballSet: rng.next() < 0.5 ? 'standard' : 'tv',
    cameraHeight: rng.range(2.2, 3.6),
    margin: camera === 'overhead' ? rng.range(0.01, 0.2) : rng.range(0.01, 0.12),
    noise: rng.range(0.5, 4.5),
    vignette: rng.range(0.05, 0.8),
    fps,
    exposure: rng.range(0.2, 0.5) / fps,
  };
}

export function detectorRenderer(c: DetectorConfig): TableRenderer {
  return new TableRenderer({
    width: c.width, height: c.height, table: c.table, cloth: c.cloth, rail: c.rail, ballSet: c.ballSet, seed: c.seed,
    camera: { tiltX: c.tiltX, tiltY: c.tiltY, roll: c.roll, height: c.cameraHeight, margin: c.margin },
    fps: c.fps, exposure: c.exposure, noise: c.noise, vignette: c.vignette, reuseStill: false, staticSamples: 1,
  });
}

/** What the frame's balls are, beyond their scene entries: a ball in a pocket's jaws. */
export interface SceneExtras {
  /** Indices into scene.balls of balls placed in a pocket's jaws. */
  jaws: Set<number>;
}

/** A frame: 1–16 balls (racks, clusters, cushion rows, jaws, scattered), some rolling, maybe the cue and player or a hand. */
export function detectorScene(rng: Rng, table: TableSize): { scene: FrameScene; extras: SceneExtras } {
  const spec = TABLE_SPECS[table];
  const hx = spec.length / 2, hy = spec.width / 2;
  const ids: BallId[] = [...BALL_IDS];
  for (let i = ids.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  const want = rng.next() < 0.15 ? 16 : 1 + rng.int(16);
  const balls: SceneBall[] = [];
  const jaws = new Set<number>();
  const free = (x: number, y: number, gap: number): boolean => balls.every((b) => Math.hypot(b.x - x, b.y - y) >= 2 * R + gap);
  const onBed = (x: number, y: number): boolean => Math.abs(x) <= hx - R + 1e-9 && Math.abs(y) <= hy - R + 1e-9;
  const add = (x: number, y: number, inJaws = false): boolean => {
    if (balls.length >= want || !free(x, y, 0.0002)) return false;
    if (!inJaws && !onBed(x, y)) return false;
    const id = ids[balls.length]!;
    if (inJaws) jaws.add(balls.length);
    balls.push({ id, x, y, q: randomOrientation(rng, id) });
    return true;
  };
  // A rack (at the foot spot, a tight triangle of 9, 10 or 15) or a loose cluster of touching balls.
  const c = rng.next();
  if (c < 0.2) {
    const m = rng.pick([9, 10, 15]);
    const d = 2 * R * (1 + rng.range(0, 0.01));
    const rot = (rng.next() < 0.5 ? 0 : Math.PI) + rng.range(-0.05, 0.05);
    const cx = hx / 2 * (rng.next() < 0.8 ? 1 : -1) + rng.range(-0.03, 0.03), cy = rng.range(-0.03, 0.03);
    const rows = m === 9 ? [1, 2, 3, 2, 1] : m === 10 ? [1, 2, 3, 4] : [1, 2, 3, 4, 5];
    rows.forEach((n, row) => {
      for (let k = 0; k < n; k++) {
        const ax = row * d * Math.cos(Math.PI / 6), ay = (k - (n - 1) / 2) * d;
        add(cx + ax * Math.cos(rot) - ay * Math.sin(rot), cy + ax * Math.sin(rot) + ay * Math.cos(rot));
      }
    });
  } else if (c < 0.45) {
    const m = 2 + rng.int(6);
    add(rng.range(-hx + 0.2, hx - 0.2), rng.range(-hy + 0.2, hy - 0.2));
    for (let t = 0; t < 40 && balls.length < m; t++) {
      const b = balls[rng.int(balls.length)]!;
      const a = rng.range(0, 2 * Math.PI), d = 2 * R + rng.range(0, 0.002);
      add(b.x + d * Math.cos(a), b.y + d * Math.sin(a));
    }
  }
  // A row of balls frozen along a cushion (the ceiling camera's eight in a row).
  if (rng.next() < 0.18) {
    const n = 2 + rng.int(7);
    const alongX = rng.next() < 0.6;
    const side = rng.next() < 0.5 ? -1 : 1;
    const gap = rng.next() < 0.5 ? 0.0002 : rng.range(0.0002, 0.03);
    const span = (alongX ? hx : hy) - R - 0.05;
    let s = rng.range(-span, span - n * 2 * R);
    for (let k = 0; k < n; k++, s += 2 * R + gap) {
      const off = side * ((alongX ? hy : hx) - R - rng.range(0, 0.001));
      if (alongX) add(s, off);
      else add(off, s);
    }
  }
  // Balls in a pocket's jaws.
  if (rng.next() < 0.25) {
    for (let k = 1 + rng.int(2); k > 0; k--) {
      const p = pocketCentre(spec, rng.pick(POCKETS));
      const ox = p.x === 0 ? 0 : Math.sign(p.x), oy = Math.sign(p.y);
      const l = Math.hypot(ox, oy);
      const out = rng.range(-0.035, 0.03), lat = rng.range(-0.012, 0.012);
      add(p.x + (ox / l) * out - (oy / l) * lat, p.y + (oy / l) * out + (ox / l) * lat, true);
    }
  }
  // The rest: frozen to a cushion (20 %), touching another (20 %), or anywhere.
  for (let t = 0; t < 300 && balls.length < want; t++) {
    const r = rng.next();
    if (r < 0.2) {
      const s = rng.next() < 0.5 ? -1 : 1;
      if (rng.next() < 0.6) add(rng.range(-hx + R, hx - R), s * (hy - R - rng.range(0, 0.002)));
      else add(s * (hx - R - rng.range(0, 0.002)), rng.range(-hy + R, hy - R));
    } else if (r < 0.4 && balls.length) {
      const b = balls[rng.int(balls.length)]!;
      const a = rng.range(0, 2 * Math.PI), d = 2 * R + rng.range(0, 0.003);
      add(b.x + d * Math.cos(a), b.y + d * Math.sin(a));
    } else add(rng.range(-hx + R, hx - R), rng.range(-hy + R, hy - R));
  }
  // Some roll (motion blur up to several diameters), more often when few are left (play).
  const moving = rng.next() < 0.5 ? rng.range(0.1, 0.5) : 0;
  balls.forEach((b, i) => {
    if (jaws.has(i) || rng.next() >= moving) return;
    const s = Math.exp(rng.range(Math.log(0.15), Math.log(6)));
    const a = rng.range(0, 2 * Math.PI);
    b.v = { x: s * Math.cos(a), y: s * Math.sin(a) };
  });
  const scene: FrameScene = { balls };
  if (balls.length && rng.next() < 0.5) {
    const target = balls[rng.int(balls.length)]!;
    const ang = rng.range(0, 2 * Math.PI);
    const dir = { x: Math.cos(ang), y: Math.sin(ang) };
    const back = R + rng.range(0.004, 0.16);
    const bridge = back + rng.range(0.12, 0.3);
    scene.cue = {
      visible: true, dir, tip: { x: target.x - dir.x * back, y: target.y - dir.y * back },
      elevation: rng.range(0.05, 0.3), player: rng.next() < 0.8, leftHanded: rng.next() < 0.15,
      bridge: { x: target.x - dir.x * bridge, y: target.y - dir.y * bridge },
    };
  } else if (rng.next() < 0.2) {
    for (let tries = 0; tries < 40; tries++) {
      const x = rng.range(-hx + R, hx - R), y = rng.range(-hy + R, hy - R);
      if (!free(x, y, 0.03)) continue;
      const z = R + (rng.next() < 0.6 ? 0 : rng.range(0, 0.06));
      const id = (rng.next() < 0.7 && !balls.some((b) => b.id === 0) ? 0 : ids[Math.min(15, balls.length)]!) as BallId;
      balls.push({ id, x, y, z, q: randomOrientation(rng, id) });
      scene.hand = { visible: true, x, y, z };
      break;
    }
  }
  return { scene, extras: { jaws } };
}
