// Labelled crops from rendered frames: one per visible ball (its id, with a detector-like
// centring and size error) and "not a ball" crops (cloth, cushions, rails and diamonds, pockets,
// the cue and hands, half-balls at the crop edge, gaps between touching balls).
import type { TableSize } from '../../services/contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../../services/table/spec.ts';
import { TableRenderer, type FrameScene, type RenderedFrame } from '../../services/sim/render/index.ts';
import { Rng } from '../../services/sim/render/prng.ts';
import { CROP_SCALE, CROP_SIZE, cropSquare } from '../../services/vision/identity/crop.ts';
import { NONE_CLASS } from '../../services/vision/identity/classes.ts';
import { ballsPerFrame, randomScene, type RenderConfig, type SceneOptions } from './scenes.ts';

const R = BALL_RADIUS;

/** Where a "none" crop was taken (0 = a ball crop). */
export const NONE_TYPES = ['ball', 'bed', 'edge', 'pocket', 'cue-hand', 'half-ball', 'between'] as const;

export interface Sample {
  crop: Uint8Array;
  /** 0–15 ball id, NONE_CLASS (16) not a ball. */
  label: number;
  /** 0 standard set, 1 TV set, 2 another set's shades (palettes.ts). */
  set: number;
  occluded: number;
  /** Motion smear over the exposure, in ball diameters. */
  smear: number;
  /** Ball diameter in the full image (px). */
  diameter: number;
  /** Index into NONE_TYPES. */
  noneType: number;
  height: number;
  /** Camera tilt from straight down (degrees). */
  tilt: number;
  /** The frame of its setup the crop was cut from. */
  frame: number;
}

/** Meta columns written beside the crops (float32, one row per sample). */
export const META_COLUMNS = ['label', 'set', 'occluded', 'smear', 'diameter', 'noneType', 'height', 'tilt'] as const;

export function metaRow(s: Sample): number[] {
  return [s.label, s.set, s.occluded, s.smear, s.diameter, s.noneType, s.height, s.tilt];
}

export function makeRenderer(c: RenderConfig): TableRenderer {
  return new TableRenderer({
    width: c.width, height: c.height, table: c.table, cloth: c.cloth, rail: c.rail, ballSet: c.ballSet, ...(c.liner ? { liner: c.liner } : {}),
    seed: c.seed, camera: { margin: c.margin, ...(c.tiltX !== undefined ? { tiltX: c.tiltX, tiltY: c.tiltY ?? 0 } : {}), ...(c.roll !== undefined ? { roll: c.roll } : {}) }, fps: c.fps, exposure: c.exposure, noise: c.noise,
    vignette: c.vignette, reuseStill: false, staticSamples: 1,
  });
}

/** Ball diameter (px) at table point (x, y) resting on the bed. */
export function diameterAt(r: TableRenderer, x: number, y: number, z = R): number {
  return (2 * r.calibration.fx * R) / r.calibration.depth(x, y, z);
}

/** A crop with a detector-like error: centre off by up to 1 + 3 % of d px, size by ±10 %. */
function jitteredCrop(rng: Rng, f: RenderedFrame, u: number, v: number, d: number): Uint8Array {
  const rad = (1 + 0.03 * d) * Math.sqrt(rng.next());
  const a = rng.range(0, 2 * Math.PI);
  const side = CROP_SCALE * d * rng.range(0.9, 1.1);
  return cropSquare({ rgb: f.rgb, width: f.width, height: f.height }, u + rad * Math.cos(a), v + rad * Math.sin(a), side, CROP_SIZE);
}

export interface FrameSamplesOptions {
  /** "none" crops per ball crop. */
  noneRatio: number;
  /** Skip ball crops hidden more than this. */
  maxOccluded: number;
  /** Balls per frame (16: one of each id); default by image size (`ballsPerFrame`). */
  balls?: number;
}

/** The crops of one rendered frame. */
export function frameSamples(rng: Rng, r: TableRenderer, cfg: RenderConfig, scene: FrameScene, f: RenderedFrame, o: FrameSamplesOptions): Sample[] {
  const out: Sample[] = [];
  const set = cfg.ballSet === 'tv' ? 1 : cfg.ballSet === 'standard' ? 0 : 2;
  const tilt = (Math.hypot(cfg.tiltX ?? 0, cfg.tiltY ?? 0) * 180) / Math.PI;
  const frame = scene.frame ?? 0;
  const centres: { u: number; v: number; d: number; x: number; y: number }[] = [];
  f.balls.forEach((t, i) => {
    const b = scene.balls[i]!;
    const d = diameterAt(r, b.x, b.y, b.z ?? R);
    centres.push({ u: t.u, v: t.v, d, x: b.x, y: b.y });
    if (!t.inImage || t.occludedFraction > o.maxOccluded) return;
    const speed = Math.hypot(b.v?.x ?? 0, b.v?.y ?? 0);
    const smear = (speed * r.exposure) / (2 * R);
    out.push({ crop: jitteredCrop(rng, f, t.u, t.v, d), label: t.id, set, occluded: t.occludedFraction, smear, diameter: d, noneType: 0, height: f.height, tilt, frame });
  });
  const spec = TABLE_SPECS[cfg.table as TableSize];
  const hx = spec.length / 2, hy = spec.width / 2;
  const nNone = Math.round(out.length * o.noneRatio);
  for (let k = 0, tries = 0; k < nNone && tries < nNone * 20; tries++) {
    const p = nonePoint(rng, scene, hx, hy, centres);
    if (!p) continue;
    const c = r.calibration.tableToImage(p.x, p.y, p.z);
    if (c.u < 0 || c.v < 0 || c.u > f.width - 1 || c.v > f.height - 1) continue;
    const d = diameterAt(r, p.x, p.y, R);
    if (centres.some((b) => Math.hypot(b.u - c.u, b.v - c.v) < 0.5 * Math.max(d, b.d))) continue;
    out.push({ crop: jitteredCrop(rng, f, c.u, c.v, d), label: NONE_CLASS, set, occluded: 0, smear: 0, diameter: d, noneType: p.type, height: f.height, tilt, frame });
    k++;
  }
  return out;
}

/** A table point for a "none" crop and its type (index into NONE_TYPES). */
function nonePoint(rng: Rng, scene: FrameScene, hx: number, hy: number, balls: { x: number; y: number; d: number }[]): { x: number; y: number; z: number; type: number } | null {
  const r = rng.next();
  if (r < 0.22) return { x: rng.range(-hx, hx), y: rng.range(-hy, hy), z: R, type: 1 };
  if (r < 0.38) {
    // Cushions, rail tops (diamonds), just outside the rail.
    const out = rng.range(-0.03, 0.22);
    if (rng.next() < 0.6) return { x: rng.range(-hx - 0.1, hx + 0.1), y: (rng.next() < 0.5 ? -1 : 1) * (hy + out), z: R, type: 2 };
    return { x: (rng.next() < 0.5 ? -1 : 1) * (hx + out), y: rng.range(-hy - 0.1, hy + 0.1), z: R, type: 2 };
  }
  if (r < 0.48) {
    const px = rng.pick([-hx, 0, hx]), py = rng.next() < 0.5 ? -hy : hy;
    return { x: px + rng.range(-0.07, 0.07) + Math.sign(px) * 0.03, y: py + Math.sign(py) * rng.range(0, 0.08), z: R, type: 3 };
  }
  if (r < 0.66 && (scene.cue || scene.hand)) {
    if (scene.cue) {
      const c = scene.cue;
      const l = Math.hypot(c.dir.x, c.dir.y) || 1;
      const s = rng.range(0, 0.9), el = c.elevation ?? 0.09;
      return { x: c.tip.x - (c.dir.x / l) * s * Math.cos(el), y: c.tip.y - (c.dir.y / l) * s * Math.cos(el), z: R + s * Math.sin(el), type: 4 };
    }
    const h = scene.hand!;
    const a = rng.range(0, 2 * Math.PI), s = rng.range(0.035, 0.09);
    return { x: h.x + s * Math.cos(a), y: h.y + s * Math.sin(a), z: R, type: 4 };
  }
  if (r < 0.9 && balls.length) {
    // Part of a ball at the crop's edge (or its shadow).
    const b = balls[rng.int(balls.length)]!;
    const a = rng.range(0, 2 * Math.PI), s = rng.range(0.55, 1.1) * 2 * R;
    return { x: b.x + s * Math.cos(a), y: b.y + s * Math.sin(a), z: R, type: 5 };
  }
  if (balls.length > 1) {
    const b = balls[rng.int(balls.length)]!;
    let best: { x: number; y: number } | null = null;
    for (const c of balls) {
      if (c === b) continue;
      const dist = Math.hypot(c.x - b.x, c.y - b.y);
      if (dist < 3.2 * R && (!best || dist < Math.hypot(best.x - b.x, best.y - b.y))) best = c;
    }
    if (best) return { x: (b.x + best.x) / 2, y: (b.y + best.y) / 2, z: R, type: 6 };
  }
  return null;
}

/**
 * Renders `frames` frames of one configuration and returns their crops. `sceneSeed` seeds the
 * scenes and the crop jitter (the configuration's seed seeds the renderer).
 */
export function configSamples(cfg: RenderConfig, frames: number, scenes: SceneOptions, o: FrameSamplesOptions, sceneSeed = cfg.seed): Sample[] {
  const r = makeRenderer(cfg);
  const rng = new Rng(sceneSeed ^ 0x5ce4e);
  const n = o.balls ?? ballsPerFrame(cfg.height);
  const out: Sample[] = [];
  for (let k = 0; k < frames; k++) {
    const scene = randomScene(rng, cfg.table, n, scenes);
    scene.frame = k;
    const f = r.render(scene);
    for (const s of frameSamples(rng, r, cfg, scene, f, o)) out.push(s);
  }
  return out;
}
