// From the bed homography (table → undistorted pixels) to a camera: which image side is the
// long cushion, the focal length (Zhang's two constraints with the principal point at the image
// centre and square pixels; a height prior when the camera looks nearly straight down and the
// constraints are degenerate), the pose, and the homography of the ball-centre plane z = R.
// Not OpenCV.js: calibrateCameraExtended finds the focal length in 0.5 ms against 0.05 ms here and to 2e-6
// against 6e-11 (it takes float32 points); solvePnP needs the focal length given; and the WASM build is 12 MB
// with 0.3–0.7 s start-up (measured 2026-12-04, /tmp/numbench, Node 20).
import { BALL_RADIUS } from '../../table/spec.ts';
import { cross3, dot3, homographyFromPoints, mulMat3, norm3, normaliseH, scale3, type Mat3, type Point2, type Vec3 } from '../numeric/linalg.ts';

export interface CameraPose {
  f: number;
  cx: number;
  cy: number;
  /** World → camera rotation, row-major. */
  rotation: Mat3;
  translation: Vec3;
  cameraPosition: Vec3;
  bedHomography: Mat3;
  ballCentreHomography: Mat3;
  focalSource: 'homography' | 'height-prior';
  /** Angle between the optical axis and the table normal (rad). */
  tilt: number;
}

/** Residual of Zhang's constraints (cosine between the table axes' images, relative norm difference) at focal f. */
function constraintResidual(H: Mat3, cx: number, cy: number, f: number): number {
  // Columns of K⁻¹H.
  const c1: Vec3 = [(H[0] - cx * H[6]) / f, (H[3] - cy * H[6]) / f, H[6]];
  const c2: Vec3 = [(H[1] - cx * H[7]) / f, (H[4] - cy * H[7]) / f, H[7]];
  const n1 = norm3(c1);
  const n2 = norm3(c2);
  const cos = dot3(c1, c2) / (n1 * n2);
  const rel = (n1 - n2) / (n1 + n2);
  return cos * cos + rel * rel;
}

/** The focal length minimising the constraint residual over [0.25, 8]·imageSize (log grid, then golden section). */
export function focalFromHomography(H: Mat3, cx: number, cy: number, size: number): { f: number; residual: number } {
  const lo = Math.log(0.25 * size);
  const hi = Math.log(8 * size);
  let best = lo;
  let bestR = Infinity;
  const N = 160;
  for (let i = 0; i <= N; i++) {
    const lf = lo + ((hi - lo) * i) / N;
    const r = constraintResidual(H, cx, cy, Math.exp(lf));
    if (r < bestR) {
      bestR = r;
      best = lf;
    }
  }
  let a = Math.max(lo, best - (hi - lo) / N);
  let b = Math.min(hi, best + (hi - lo) / N);
  const g = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 40; i++) {
    const m1 = b - g * (b - a);
    const m2 = a + g * (b - a);
    if (constraintResidual(H, cx, cy, Math.exp(m1)) < constraintResidual(H, cx, cy, Math.exp(m2))) b = m2;
    else a = m1;
  }
  const f = Math.exp((a + b) / 2);
  return { f, residual: constraintResidual(H, cx, cy, f) };
}

/** Pose from the bed homography and a focal length; the sign makes the table lie in front of the camera. */
export function decomposeHomography(H: Mat3, f: number, cx: number, cy: number): { rotation: Mat3; translation: Vec3; cameraPosition: Vec3 } {
  const Kinv: Mat3 = [1 / f, 0, -cx / f, 0, 1 / f, -cy / f, 0, 0, 1];
  const M = mulMat3(Kinv, H);
  const m1: Vec3 = [M[0], M[3], M[6]];
  const m2: Vec3 = [M[1], M[4], M[7]];
  const m3: Vec3 = [M[2], M[5], M[8]];
  let lambda = 2 / (norm3(m1) + norm3(m2));
  if (m3[2] * lambda < 0) lambda = -lambda;
  const r1raw = scale3(m1, lambda);
  const r2raw = scale3(m2, lambda);
  const x = scale3(r1raw, 1 / norm3(r1raw));
  const y0: Vec3 = [r2raw[0] - dot3(r2raw, x) * x[0], r2raw[1] - dot3(r2raw, x) * x[1], r2raw[2] - dot3(r2raw, x) * x[2]];
  const y = scale3(y0, 1 / norm3(y0));
  const z = cross3(x, y);
  const t = scale3(m3, lambda);
  const rotation: Mat3 = [x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]];
  const R = rotation;
  const cameraPosition: Vec3 = [
    -(R[0] * t[0] + R[3] * t[1] + R[6] * t[2]),
    -(R[1] * t[0] + R[4] * t[1] + R[7] * t[2]),
    -(R[2] * t[0] + R[5] * t[1] + R[8] * t[2]),
  ];
  return { rotation, translation: t, cameraPosition };
}

/** Homography of the plane z = h: K [r1 r2 (h·r3 + t)]. */
export function planeHomography(rotation: Mat3, translation: Vec3, f: number, cx: number, cy: number, h: number): Mat3 {
  const R = rotation;
  const K: Mat3 = [f, 0, cx, 0, f, cy, 0, 0, 1];
  const M: Mat3 = [R[0], R[1], R[2] * h + translation[0], R[3], R[4], R[5] * h + translation[1], R[6], R[7], R[8] * h + translation[2]];
  return normaliseH(mulMat3(K, M));
}

export interface CornerAssignment {
  /** Table corners matched to the image quad's vertices (same order as the quad). */
  table: Point2[];
  /** Bed homography table → undistorted pixel. */
  H: Mat3;
  residual: number;
}

/**
 * Matches the image quad (clockwise on screen, undistorted pixels) to the nose rectangle
 * (half-sizes hx, hy): the long cushions are the side pair that fits a rectangle best under
 * Zhang's constraints (any focal length), and table +x points right (or down, when the long
 * axis runs down the image). A camera above the table sees the table's corners in the same
 * rotational order, so mirror assignments are never tried.
 */
export function assignCorners(quad: readonly Point2[], hx: number, hy: number, cx: number, cy: number, size: number): CornerAssignment {
  // Clockwise on screen for a camera above: (-hx,+hy) → (+hx,+hy) → (+hx,-hy) → (-hx,-hy).
  const cw: Point2[] = [{ x: -hx, y: hy }, { x: hx, y: hy }, { x: hx, y: -hy }, { x: -hx, y: -hy }];
  const options: (CornerAssignment & { preferred: boolean })[] = [];
  for (let shift = 0; shift < 4; shift++) {
    const table = [0, 1, 2, 3].map((i) => cw[(i + shift) % 4]!);
    const H = homographyFromPoints(table, quad);
    const { residual } = focalFromHomography(H, cx, cy, size);
    // Direction of +x in the image (from the table centre).
    const o = applyHom(H, 0, 0);
    const e = applyHom(H, 0.1, 0);
    const dx = e.x - o.x;
    const dy = e.y - o.y;
    options.push({ table, H, residual, preferred: Math.abs(dx) >= Math.abs(dy) ? dx > 0 : dy > 0 });
  }
  const least = Math.min(...options.map((o) => o.residual));
  const near = options.filter((o) => o.residual <= least * (1 + 1e-3) + 1e-12);
  const pick = near.find((o) => o.preferred) ?? near[0]!;
  return { table: pick.table, H: pick.H, residual: pick.residual };
}

function applyHom(H: Mat3, x: number, y: number): Point2 {
  const w = H[6] * x + H[7] * y + H[8];
  return { x: (H[0] * x + H[1] * y + H[2]) / w, y: (H[3] * x + H[4] * y + H[5]) / w };
}

/**
 * The camera behind a bed homography. The focal length comes from the homography when the
 * camera is tilted enough (> 12°) for the constraints to pin it; otherwise from the prior
 * camera height (m) and the table's scale at its centre.
 */
export function poseFromBedHomography(H: Mat3, cx: number, cy: number, size: number, cameraHeightPrior: number): CameraPose {
  const fromH = focalFromHomography(H, cx, cy, size);
  let f = fromH.f;
  let focalSource: CameraPose['focalSource'] = 'homography';
  let pose = decomposeHomography(H, f, cx, cy);
  const tiltOf = (R: Mat3): number => Math.acos(Math.min(1, Math.abs(R[8])));
  if (!(tiltOf(pose.rotation) > (12 * Math.PI) / 180)) {
    // Nearly straight down: f ≈ (pixels per metre at the table centre) · height.
    const o = applyHom(H, 0, 0);
    const ex = applyHom(H, 0.05, 0);
    const ey = applyHom(H, 0, 0.05);
    const pxPerM = (Math.hypot(ex.x - o.x, ex.y - o.y) + Math.hypot(ey.x - o.x, ey.y - o.y)) / 0.1;
    f = pxPerM * cameraHeightPrior;
    focalSource = 'height-prior';
    pose = decomposeHomography(H, f, cx, cy);
  }
  return {
    f, cx, cy, ...pose, focalSource, tilt: tiltOf(pose.rotation),
    bedHomography: normaliseH(H),
    ballCentreHomography: liftedPlaneHomography(H, pose.cameraPosition, BALL_RADIUS),
  };
}


/**
 * Homography of the plane z = h from the bed homography and the camera centre C: a point
 * (x, y, h) is seen where the ray from C through it meets the bed, at C + ((x, y) − C)·k
 * with k = Cz / (Cz − h).
 */
export function liftedPlaneHomography(bed: Mat3, C: Vec3, h: number): Mat3 {
  const k = C[2] / (C[2] - h);
  const A: Mat3 = [k, 0, (1 - k) * C[0], 0, k, (1 - k) * C[1], 0, 0, 1];
  return normaliseH(mulMat3(bed, A));
}
