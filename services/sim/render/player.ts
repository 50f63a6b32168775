// The cue stick and the player over the table: everything is a chain of 3-D tapered capsules
// (cue shaft and butt, fingers, palms, forearms, upper arms, torso, head), projected through
// the camera, shaded, stamped as occluders, and casting soft shadows from each lamp.
import { BALL_RADIUS } from '../../table/spec.ts';
import type { Calibration } from './camera.ts';
import { drawCapsule, drawShadow, type Capsule2D, type CapsulePaint } from './capsule.ts';
import type { FrameBuffer } from './framebuffer.ts';
import { S_BED, Z_RAIL, type TableGeometry } from './geometry.ts';
import { irradianceUp, type Lighting } from './lighting.ts';
import { HAIR, SHIRTS, SKINS, toLinear, type RGB } from './palette.ts';
import { Rng } from './prng.ts';
import type { CuePose, FrameScene, HandPose } from './scene.ts';

type V3 = [number, number, number];

interface Part {
  a: V3;
  b: V3;
  ra: number;
  rb: number;
  lut: Float32Array;
  gloss: number;
  /** Sub-segments (long parts bend with the lens distortion). */
  split: number;
  shadow: boolean;
}

export const CUE_LENGTH = 1.47;
const JOINT = 0.74;

function lutOf(n: number, f: (t: number) => RGB): Float32Array {
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) out.set(toLinear(f(i / (n - 1))), i * 3);
  return out;
}

const solid = (c: RGB): Float32Array => lutOf(2, () => c);

export class PlayerPainter {
  private readonly shaft: Float32Array;
  private readonly butt: Float32Array;
  private readonly skin: Float32Array;
  private readonly shirt: Float32Array;
  private readonly hair: Float32Array;
  private readonly forearm: Float32Array;
  private readonly shaftGloss: number;
  private readonly cap: Capsule2D = { ax: 0, ay: 0, bx: 0, by: 0, ra: 0, rb: 0 };
  private readonly paint: CapsulePaint;
  /** Parts of the current frame. */
  private parts: Part[] = [];
  /** Where the current frame's player stands (for the body shadow), or null. */
  standing: { x: number; y: number; strength: number } | null = null;

  constructor(private readonly cal: Calibration, private readonly light: Lighting, private readonly fb: FrameBuffer, private readonly geo: TableGeometry, seed: number) {
    const rng = new Rng(seed ^ 0x91a7e5);
    const carbon = rng.next() < 0.3;
    this.shaftGloss = carbon ? 0.5 : 0.28;
    const maple: RGB = [222, 196, 150];
    const shaftBody: RGB = carbon ? [22, 22, 24] : maple;
    const chalk: RGB = [70, 118, 176];
    this.shaft = lutOf(512, (t) => {
      const m = t * JOINT;
      if (m < 0.011) return chalk;
      if (m < 0.036) return [236, 232, 220];
      if (m > JOINT - 0.02) return [180, 180, 186];
      return shaftBody;
    });
    const wood = rng.pick<RGB>([[70, 34, 18], [40, 22, 14], [110, 56, 26], [24, 24, 26]]);
    const inlay = rng.pick<RGB>([[230, 220, 200], [190, 150, 90], [30, 30, 30]]);
    const wrap = rng.pick<RGB>([[26, 26, 28], [70, 70, 74], [110, 30, 30]]);
    this.butt = lutOf(512, (t) => {
      const m = t * (CUE_LENGTH - JOINT);
      if (m < 0.02) return [180, 180, 186];
      if (m < 0.25) return Math.abs(m - 0.13) < 0.008 || Math.abs(m - 0.2) < 0.005 ? inlay : wood;
      if (m < 0.27) return [200, 200, 204];
      if (m < 0.52) return wrap;
      if (m < 0.54) return [200, 200, 204];
      if (m > 0.7) return [18, 18, 20];
      return wood;
    });
    this.skin = solid(rng.pick(SKINS));
    const shirt = rng.pick(SHIRTS);
    this.shirt = solid(shirt);
    this.hair = solid(rng.pick(HAIR));
    this.forearm = rng.next() < 0.5 ? this.skin : this.shirt;
    this.paint = { lut: this.shaft, t0: 0, t1: 1, light: 1, gloss: 0, lx: 1, ly: 0, stamp: true, capA: true, capB: true };
  }

  /** Builds this frame's parts from the scene; returns whether there is anything to draw. */
  build(scene: FrameScene): boolean {
    this.parts = [];
    this.standing = null;
    if (scene.cue?.visible) this.cueParts(scene.cue);
    if (scene.hand?.visible) this.handParts(scene.hand);
    if (scene.bodyShadow) this.standing = { x: scene.bodyShadow.x, y: scene.bodyShadow.y, strength: scene.bodyShadow.strength ?? 0.3 };
    return this.parts.length > 0;
  }

  private add(a: V3, b: V3, ra: number, rb: number, lut: Float32Array, gloss = 0, split = 1, shadow = true): void {
    this.parts.push({ a, b, ra, rb, lut, gloss, split, shadow });
  }

  private cueParts(cue: CuePose): void {
    const dl = Math.hypot(cue.dir.x, cue.dir.y) || 1;
    const ax = cue.dir.x / dl;
    const ay = cue.dir.y / dl;
    const el = cue.elevation ?? 0.09;
    const T: V3 = [cue.tip.x, cue.tip.y, cue.tip.z ?? BALL_RADIUS];
    const w: V3 = [-ax * Math.cos(el), -ay * Math.cos(el), Math.sin(el)];
    const at = (s: number, up = 0): V3 => [T[0] + w[0] * s, T[1] + w[1] * s, T[2] + w[2] * s + up];
    const drawPlayer = cue.player ?? true;
    // Player frame: along the aim from the bridge, `side` towards the body's centre.
    const sgn = cue.leftHanded ? -1 : 1;
    const sx = -ay * sgn;
    const sy = ax * sgn;
    const br = cue.bridge ?? { x: T[0] - ax * 0.2, y: T[1] - ay * 0.2 };
    // On the rail the bridge hand rests on the rail top.
    const base = this.geo.classify(br.x, br.y) === S_BED ? 0 : Z_RAIL;
    const P = (along: number, side: number, z: number): V3 => [br.x + ax * along + sx * side, br.y + ay * along + sy * side, z + (z < 0.1 ? base : 0)];
    if (drawPlayer) {
      // Open bridge: palm, four spread fingers, thumb along the cue.
      this.add(P(-0.085, 0.04, 0.028), P(-0.02, 0.032, 0.024), 0.036, 0.032, this.skin);
      for (let k = 0; k < 4; k++) {
        this.add(P(-0.012, 0.018 + k * 0.016, 0.02), P(0.045 - k * 0.008, 0.03 + k * 0.026, 0.008), 0.0085, 0.0075, this.skin);
      }
      this.add(P(-0.05, 0.012, 0.024), P(-0.004, -0.002, 0.022), 0.011, 0.0095, this.skin);
    }
    this.add(T, at(JOINT), 0.0065, 0.0098, this.shaft, this.shaftGloss, 4);
    this.add(at(JOINT), at(CUE_LENGTH), 0.0104, 0.0148, this.butt, 0.3, 3);
    if (!drawPlayer) return;
    const G = at(CUE_LENGTH - 0.3);
    const elbowR = P(-0.99, -0.02, 0.46);
    const shoulderR = P(-0.72, -0.13, 0.37);
    const shoulderL = P(-0.68, 0.28, 0.37);
    const elbowL = P(-0.38, 0.2, 0.17);
    // Grip hand wraps the cue; forearm hangs to the elbow.
    this.add(at(CUE_LENGTH - 0.34, 0.016), at(CUE_LENGTH - 0.26, 0.02), 0.034, 0.036, this.skin);
    this.add(P(-0.09, 0.04, 0.032), elbowL, 0.03, 0.04, this.forearm);
    this.add([G[0], G[1], G[2] + 0.04], elbowR, 0.032, 0.042, this.forearm);
    // Upper body: its shadow is the standing body's wide one.
    this.add(elbowL, shoulderL, 0.045, 0.056, this.shirt, 0, 1, false);
    this.add(elbowR, shoulderR, 0.046, 0.056, this.shirt, 0, 1, false);
    this.add(P(-0.74, 0.08, 0.38), P(-1.2, 0.14, 0.3), 0.17, 0.16, this.shirt, 0, 2, false);
    this.add(P(-0.5, -0.02, 0.25), P(-0.56, -0.02, 0.28), 0.095, 0.09, this.hair, 0, 1, false);
    const hip = P(-1.2, 0.14, 0);
    this.standing = { x: hip[0], y: hip[1], strength: 0.32 };
  }

  private handParts(h: HandPose): void {
    const z = h.z ?? BALL_RADIUS;
    let fx = h.from?.x ?? 0;
    let fy = h.from?.y ?? 0;
    if (!h.from) {
      // From the nearest rail.
      const g = this.geo;
      const d = [g.hx + h.x, g.hx - h.x, g.hy + h.y, g.hy - h.y];
      const m = Math.min(...d);
      if (m === d[0]) fx = 1; else if (m === d[1]) fx = -1; else if (m === d[2]) fy = 1; else fy = -1;
    }
    const fl = Math.hypot(fx, fy) || 1;
    fx /= fl;
    fy /= fl;
    const sx = -fy;
    const sy = fx;
    const R = BALL_RADIUS;
    const P = (along: number, side: number, zz: number): V3 => [h.x + fx * along + sx * side, h.y + fy * along + sy * side, zz];
    this.add(P(-0.055, 0, z + R + 0.03), P(0.008, 0, z + R + 0.016), 0.037, 0.034, this.skin);
    for (let k = 0; k < 4; k++) {
      const s = -0.027 + k * 0.018;
      this.add(P(0.012, s, z + R + 0.012), P(R + 0.004, s * 1.25, z + 0.004), 0.0085, 0.0075, this.skin);
    }
    this.add(P(-0.03, 0.035, z + R + 0.01), P(-0.004, R + 0.006, z + 0.002), 0.011, 0.009, this.skin);
    const elbow = P(-0.34, 0.05, 0.22);
    this.add(P(-0.06, 0, z + R + 0.034), elbow, 0.03, 0.04, this.forearm);
    this.add(elbow, P(-0.6, 0.06, 0.44), 0.046, 0.056, this.shirt, 0, 1, false);
    const stand = P(-0.75, 0.1, 0);
    this.standing = { x: stand[0], y: stand[1], strength: 0.28 };
  }

  private project(a: V3, b: V3, ra: number, rb: number): void {
    const cal = this.cal;
    const pa = cal.tableToImage(a[0], a[1], a[2]);
    const pb = cal.tableToImage(b[0], b[1], b[2]);
    const c = this.cap;
    c.ax = pa.u; c.ay = pa.v; c.bx = pb.u; c.by = pb.v;
    c.ra = (cal.fx * ra) / cal.depth(a[0], a[1], a[2]);
    c.rb = (cal.fx * rb) / cal.depth(b[0], b[1], b[2]);
  }

  /** Soft shadows of the parts on the bed, one per lamp, plus the standing body's. */
  drawShadows(): void {
    const cal = this.cal;
    if (this.standing) this.bodyShadow(this.standing.x, this.standing.y, this.standing.strength);
    const lamps = this.light.lamps;
    for (const part of this.parts) {
      if (!part.shadow) continue;
      for (const l of lamps) {
        const m = (part.a[0] + part.b[0]) / 2, n = (part.a[1] + part.b[1]) / 2;
        const frac = Math.max(0, (l.power * l.z) / ((l.x - m) ** 2 + (l.y - n) ** 2 + l.z ** 2) ** 1.5) / irradianceUp(this.light, m, n, 0);
        for (let k = 0; k < part.split; k++) {
          const a = lerp3(part.a, part.b, k / part.split);
          const b = lerp3(part.a, part.b, (k + 1) / part.split);
          if (a[2] > l.z - 0.1 || b[2] > l.z - 0.1) continue;
          const ga = l.z / (l.z - a[2]);
          const gb = l.z / (l.z - b[2]);
          const sa: V3 = [l.x + (a[0] - l.x) * ga, l.y + (a[1] - l.y) * ga, 0];
          const sb: V3 = [l.x + (b[0] - l.x) * gb, l.y + (b[1] - l.y) * gb, 0];
          const ra = part.ra + (part.rb - part.ra) * (k / part.split);
          const rb = part.ra + (part.rb - part.ra) * ((k + 1) / part.split);
          this.project(sa, sb, ra * ga, rb * gb);
          const pen = (l.radius * Math.max(a[2], b[2])) / (l.z - Math.max(a[2], b[2]));
          const soft = (cal.fx * pen * 2) / cal.depth(sa[0], sa[1], 0) + 1;
          drawShadow(this.fb, this.cap, Math.min(0.85, frac * 0.9), soft);
        }
      }
    }
  }

  /** A wide soft darkening of the table where the player stands (blocking part of the lamps' light). */
  private bodyShadow(x: number, y: number, strength: number): void {
    const cal = this.cal;
    const rad = 0.5;
    const c = cal.tableToImage(x, y, 0);
    const rp = cal.scaleAt(x, y, 0) * rad * 1.15 + 2;
    const fb = this.fb;
    const W = fb.W, bed = fb.bed;
    const x0 = Math.max(0, Math.floor(c.u - rp)), x1 = Math.min(W - 1, Math.ceil(c.u + rp));
    const y0 = Math.max(0, Math.floor(c.v - rp)), y1 = Math.min(fb.H - 1, Math.ceil(c.v + rp));
    const ir2 = 1 / (rad * rad);
    for (let j = y0; j <= y1; j++) {
      for (let i = x0, p = j * W + x0; i <= x1; i++, p++) {
        const ex = bed[2 * p]! - x, ey = bed[2 * p + 1]! - y;
        const q = (ex * ex + ey * ey) * ir2;
        if (q >= 1) continue;
        const k = 1 - q;
        fb.darken(p, 1 - strength * k * k);
      }
    }
  }

  /** Draws the parts (in painter's order) and stamps them as occluders. */
  drawParts(): void {
    const cal = this.cal;
    const pt = this.paint;
    for (const part of this.parts) {
      const m = lerp3(part.a, part.b, 0.5);
      // Image direction towards the nearest lamp, for side lighting.
      let best = this.light.lamps[0]!;
      for (const l of this.light.lamps) if (Math.hypot(l.x - m[0], l.y - m[1]) < Math.hypot(best.x - m[0], best.y - m[1])) best = l;
      const p0 = cal.tableToImage(m[0], m[1], m[2]);
      const hd = Math.hypot(best.x - m[0], best.y - m[1]) || 1;
      const p1 = cal.tableToImage(m[0] + ((best.x - m[0]) / hd) * 0.05, m[1] + ((best.y - m[1]) / hd) * 0.05, m[2]);
      const ll = Math.hypot(p1.u - p0.u, p1.v - p0.v) || 1;
      pt.lx = (p1.u - p0.u) / ll;
      pt.ly = (p1.v - p0.v) / ll;
      pt.light = Math.min(2, irradianceUp(this.light, m[0], m[1], Math.min(m[2], 0.6)));
      pt.lut = part.lut;
      pt.gloss = part.gloss;
      for (let k = 0; k < part.split; k++) {
        const a = lerp3(part.a, part.b, k / part.split);
        const b = lerp3(part.a, part.b, (k + 1) / part.split);
        pt.t0 = k / part.split;
        pt.t1 = (k + 1) / part.split;
        pt.capA = k === 0;
        pt.capB = k === part.split - 1;
        this.project(a, b, part.ra + (part.rb - part.ra) * pt.t0, part.ra + (part.rb - part.ra) * pt.t1);
        drawCapsule(this.fb, this.cap, pt);
      }
    }
  }
}

function lerp3(a: V3, b: V3, t: number): V3 {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}
