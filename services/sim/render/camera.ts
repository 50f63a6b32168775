// The overhead camera: pinhole with two-term radial distortion, looking down at the table.
// World frame = the contract's table frame (origin centre spot, x to the foot, y to the left
// cushion seen from the head end, z up, metres). Camera frame: x right, y down, z forward.
// Pixel convention (OpenCV): the centre of pixel column i, row j is (u, v) = (i, j).
import type { TableSize } from '../../contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../../table/spec.ts';
import { Rng } from './prng.ts';
import { OUTER_MARGIN } from './geometry.ts';

export type Mat3 = [number, number, number, number, number, number, number, number, number];
export type Vec3 = [number, number, number];

export interface CameraOptions {
  /** Height of the camera centre above the bed (m); 2.5–3. */
  height: number;
  /** Rotation about the camera x axis (rad), a few degrees at most. */
  tiltX: number;
  /** Rotation about the camera y axis (rad). */
  tiltY: number;
  /** Rotation about the optical axis (rad). */
  roll: number;
  /** Where the optical axis meets the bed (m, table frame). */
  aimX: number;
  aimY: number;
  /** Radial distortion (distorted = undistorted · (1 + k1 r² + k2 r⁴), r in normalised coordinates). */
  k1: number;
  k2: number;
  /** Fraction of the image left free around the table's outer edge on the tighter axis. */
  margin: number;
  /** Principal point offset from the image centre (px). */
  ppx: number;
  ppy: number;
}

/** The JSON-serialisable description of the camera (ground truth for calibration tests). */
export interface CalibrationJSON {
  model: 'pinhole-radial-k1k2';
  imageWidth: number;
  imageHeight: number;
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  k1: number;
  k2: number;
  /** World (table frame) to camera rotation, row-major: Xc = R·Xw + t. */
  rotation: Mat3;
  translation: Vec3;
  /** Camera centre in the table frame (m). */
  cameraPosition: Vec3;
  /** Table (x, y, 1) on the bed plane z = 0 → undistorted pixel (homogeneous), row-major, h33 = 1. */
  bedHomography: Mat3;
  /** The same for the plane of ball centres z = R. */
  ballCentreHomography: Mat3;
  table: TableSize;
}

/** Random but plausible camera options for a seed (the caller may override any of them). */
export function randomCameraOptions(seed: number): CameraOptions {
  const r = new Rng(seed ^ 0x5ca1ab1e);
  const deg = Math.PI / 180;
  return {
    height: r.range(2.55, 2.95),
    tiltX: r.range(-1.5, 1.5) * deg,
    tiltY: r.range(-1.5, 1.5) * deg,
    roll: r.range(-1.2, 1.2) * deg,
    aimX: r.range(-0.04, 0.04),
    aimY: r.range(-0.03, 0.03),
    k1: r.range(-0.16, -0.06),
    k2: r.range(0.0, 0.03),
    margin: r.range(0.025, 0.06),
    ppx: r.range(-6, 6),
    ppy: r.range(-6, 6),
  };
}

const rotX = (a: number): Mat3 => [1, 0, 0, 0, Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a)];
const rotY = (a: number): Mat3 => [Math.cos(a), 0, Math.sin(a), 0, 1, 0, -Math.sin(a), 0, Math.cos(a)];
const rotZ = (a: number): Mat3 => [Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a), 0, 0, 0, 1];

export function mul3(a: Mat3, b: Mat3): Mat3 {
  const o: number[] = [];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      o.push(a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!);
    }
  }
  return o as Mat3;
}

const normH = (h: number[]): Mat3 => h.map((v) => v / h[8]!) as Mat3;

export class Calibration {
  readonly width: number;
  readonly height: number;
  readonly fx: number;
  readonly fy: number;
  readonly cx: number;
  readonly cy: number;
  readonly k1: number;
  readonly k2: number;
  /** World → camera rotation, row-major. */
  readonly R: Mat3;
  readonly t: Vec3;
  /** Camera centre in the world. */
  readonly C: Vec3;
  readonly table: TableSize;

  constructor(j: CalibrationJSON) {
    this.width = j.imageWidth;
    this.height = j.imageHeight;
    this.fx = j.fx;
    this.fy = j.fy;
    this.cx = j.cx;
    this.cy = j.cy;
    this.k1 = j.k1;
    this.k2 = j.k2;
    this.R = [...j.rotation];
    this.t = [...j.translation];
    const R = this.R;
    const t = this.t;
    this.C = [
      -(R[0] * t[0] + R[3] * t[1] + R[6] * t[2]),
      -(R[1] * t[0] + R[4] * t[1] + R[7] * t[2]),
      -(R[2] * t[0] + R[5] * t[1] + R[8] * t[2]),
    ];
    this.table = j.table;
  }

  /** Builds the camera for an image size and table, fitting the focal length so the table fills the frame. */
  static create(width: number, height: number, table: TableSize, o: CameraOptions): Calibration {
    const R0: Mat3 = [1, 0, 0, 0, -1, 0, 0, 0, -1];
    const R = mul3(mul3(rotZ(o.roll), mul3(rotX(o.tiltX), rotY(o.tiltY))), R0);
    // Optical axis in the world = third row of R; place the centre on it, o.height above the bed.
    const ax = R[6];
    const ay = R[7];
    const az = R[8];
    const s = -o.height / az;
    const C: Vec3 = [o.aimX - ax * s, o.aimY - ay * s, o.height];
    const t: Vec3 = [
      -(R[0] * C[0] + R[1] * C[1] + R[2] * C[2]),
      -(R[3] * C[0] + R[4] * C[1] + R[5] * C[2]),
      -(R[6] * C[0] + R[7] * C[1] + R[8] * C[2]),
    ];
    const cx = (width - 1) / 2 + o.ppx;
    const cy = (height - 1) / 2 + o.ppy;
    // Fit: every point of the table's outer outline (plus a little) inside the margin.
    const spec = TABLE_SPECS[table];
    const ox = spec.length / 2 + OUTER_MARGIN;
    const oy = spec.width / 2 + OUTER_MARGIN;
    const m = o.margin * Math.min(width, height);
    let f = Infinity;
    for (let i = 0; i <= 64; i++) {
      const a = -1 + (2 * i) / 64;
      for (const [x, y] of [[a * ox, oy], [a * ox, -oy], [ox, a * oy], [-ox, a * oy]] as const) {
        const xc = R[0] * x + R[1] * y + t[0];
        const yc = R[3] * x + R[4] * y + t[1];
        const zc = R[6] * x + R[7] * y + t[2];
        const xn = xc / zc;
        const yn = yc / zc;
        const r2 = xn * xn + yn * yn;
        const d = 1 + o.k1 * r2 + o.k2 * r2 * r2;
        const xd = Math.abs(xn * d);
        const yd = Math.abs(yn * d);
        const room = xn * d > 0 ? width - 1 - cx - m : cx - m;
        const roomY = yn * d > 0 ? height - 1 - cy - m : cy - m;
        if (xd > 1e-9) f = Math.min(f, room / xd);
        if (yd > 1e-9) f = Math.min(f, roomY / yd);
      }
    }
    const zero: Mat3 = [0, 0, 0, 0, 0, 0, 0, 0, 1];
    const cal = new Calibration({
      model: 'pinhole-radial-k1k2', imageWidth: width, imageHeight: height,
      fx: f, fy: f, cx, cy, k1: o.k1, k2: o.k2, rotation: R, translation: t,
      cameraPosition: C, bedHomography: zero, ballCentreHomography: zero, table,
    });
    return cal;
  }

  static fromJSON(j: CalibrationJSON): Calibration {
    return new Calibration(j);
  }

  /** Homography from table (x, y, 1) on the plane z = h to undistorted pixels. */
  planeHomography(h: number): Mat3 {
    const R = this.R;
    const t = this.t;
    const c0 = [R[0], R[3], R[6]];
    const c1 = [R[1], R[4], R[7]];
    const c2 = [R[2] * h + t[0], R[5] * h + t[1], R[8] * h + t[2]];
    const K: Mat3 = [this.fx, 0, this.cx, 0, this.fy, this.cy, 0, 0, 1];
    const M: Mat3 = [c0[0]!, c1[0]!, c2[0]!, c0[1]!, c1[1]!, c2[1]!, c0[2]!, c1[2]!, c2[2]!];
    return normH(mul3(K, M));
  }

  toJSON(): CalibrationJSON {
    return {
      model: 'pinhole-radial-k1k2', imageWidth: this.width, imageHeight: this.height,
      fx: this.fx, fy: this.fy, cx: this.cx, cy: this.cy, k1: this.k1, k2: this.k2,
      rotation: [...this.R], translation: [...this.t], cameraPosition: [...this.C],
      bedHomography: this.planeHomography(0),
      ballCentreHomography: this.planeHomography(BALL_RADIUS),
      table: this.table,
    };
  }

  /** Camera-frame coordinates of a world point. */
  toCamera(x: number, y: number, z: number): Vec3 {
    const R = this.R;
    return [
      R[0] * x + R[1] * y + R[2] * z + this.t[0],
      R[3] * x + R[4] * y + R[5] * z + this.t[1],
      R[6] * x + R[7] * y + R[8] * z + this.t[2],
    ];
  }

  /** Distance along the optical axis to a world point (m). */
  depth(x: number, y: number, z: number): number {
    const R = this.R;
    return R[6] * x + R[7] * y + R[8] * z + this.t[2];
  }

  /** Pixel of a table-frame point (z = 0 is the bed; a ball centre is at z = R). */
  tableToImage(x: number, y: number, z = 0): { u: number; v: number } {
    const [xc, yc, zc] = this.toCamera(x, y, z);
    const xn = xc / zc;
    const yn = yc / zc;
    const r2 = xn * xn + yn * yn;
    const d = 1 + this.k1 * r2 + this.k2 * r2 * r2;
    return { u: this.fx * xn * d + this.cx, v: this.fy * yn * d + this.cy };
  }

  /** Undistorted normalised coordinates of a pixel (inverts the radial model by Newton's method). */
  undistort(u: number, v: number): { xn: number; yn: number } {
    const xd = (u - this.cx) / this.fx;
    const yd = (v - this.cy) / this.fy;
    const rd = Math.hypot(xd, yd);
    if (rd < 1e-12) return { xn: xd, yn: yd };
    let r = rd;
    for (let i = 0; i < 20; i++) {
      const r2 = r * r;
      const g = r * (1 + this.k1 * r2 + this.k2 * r2 * r2) - rd;
      const dg = 1 + 3 * this.k1 * r2 + 5 * this.k2 * r2 * r2;
      const step = g / dg;
      r -= step;
      if (Math.abs(step) < 1e-15) break;
    }
    return { xn: (xd * r) / rd, yn: (yd * r) / rd };
  }

  /** World direction of the ray through undistorted normalised coordinates (not unit length). */
  rayDir(xn: number, yn: number): Vec3 {
    const R = this.R;
    return [R[0] * xn + R[3] * yn + R[6], R[1] * xn + R[4] * yn + R[7], R[2] * xn + R[5] * yn + R[8]];
  }

  /** Table point seen at pixel (u, v), on the plane z (default the bed, z = 0). */
  imageToTable(u: number, v: number, z = 0): { x: number; y: number } {
    const { xn, yn } = this.undistort(u, v);
    const d = this.rayDir(xn, yn);
    const s = (z - this.C[2]) / d[2];
    return { x: this.C[0] + d[0] * s, y: this.C[1] + d[1] * s };
  }

  /** Pixels per metre on the plane z near the table point (x, y) (mean of both axes). */
  scaleAt(x: number, y: number, z = 0): number {
    const e = 0.01;
    const a = this.tableToImage(x - e, y, z);
    const b = this.tableToImage(x + e, y, z);
    const c = this.tableToImage(x, y - e, z);
    const d = this.tableToImage(x, y + e, z);
    return (Math.hypot(b.u - a.u, b.v - a.v) + Math.hypot(d.u - c.u, d.v - c.v)) / (4 * e);
  }

  /** Table point on the bed (z = 0) seen at every pixel centre: [x, y] interleaved, from `rayTable()`. */
  bedTable(rays: Float32Array): Float32Array {
    const out = new Float32Array(rays.length);
    const R = this.R;
    const C = this.C;
    for (let k = 0; k < rays.length; k += 2) {
      const xn = rays[k]!;
      const yn = rays[k + 1]!;
      const dz = R[2] * xn + R[5] * yn + R[8];
      const s = -C[2] / dz;
      out[k] = C[0] + (R[0] * xn + R[3] * yn + R[6]) * s;
      out[k + 1] = C[1] + (R[1] * xn + R[4] * yn + R[7]) * s;
    }
    return out;
  }

  /** Undistorted normalised coordinates of every pixel centre: [xn, yn] interleaved, row-major. */
  rayTable(): Float32Array {
    const W = this.width;
    const H = this.height;
    const out = new Float32Array(W * H * 2);
    const k1 = this.k1;
    const k2 = this.k2;
    for (let j = 0; j < H; j++) {
      const yd = (j - this.cy) / this.fy;
      let r = 0;
      for (let i = 0; i < W; i++) {
        const xd = (i - this.cx) / this.fx;
        const rd = Math.sqrt(xd * xd + yd * yd);
        // Newton from the neighbour's solution (same as `undistort`, without allocation).
        if (r === 0) r = rd;
        for (let it = 0; it < 12; it++) {
          const r2 = r * r;
          const step = (r * (1 + k1 * r2 + k2 * r2 * r2) - rd) / (1 + 3 * k1 * r2 + 5 * k2 * r2 * r2);
          r -= step;
          if (Math.abs(step) < 1e-12) break;
        }
        const s = rd > 1e-12 ? r / rd : 1;
        const k = (j * W + i) * 2;
        out[k] = xd * s;
        out[k + 1] = yd * s;
      }
    }
    return out;
  }
}
