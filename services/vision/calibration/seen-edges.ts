// Which edge of a cushion the camera sees, from where it is. From inside a cushion's span (any
// camera over the table) the cushion shows its face, and the bed meets it at the nose line, on
// the bed (z = 0). From behind a cushion (a broadcast camera beyond a rail) the face is hidden:
// the bed and the cloth-covered cushion top run together, and the first clear edge outwards is
// the rail's inner top edge, a cushion width beyond the nose and a little above the cushion.
// A 3-D line parallel to a side, at outward distance `out` from the nose and height z, looks
// from the camera centre C like a bed line: the ray from C through it meets the bed at
// C_n + (n + out − C_n) · C_z / (C_z − z) along the side's outward normal. Ignoring the height
// put a broadcast view's near nose 4–12 cm off (ball positions 2–6 cm off).
import { homographyFromPoints, type Mat3, type Point2, type Vec3 } from '../numeric/linalg.ts';
import { poseFromBedHomography } from './camera-pose.ts';
import { RAIL_SIDES, type EdgeKind, type RailSide, type SideOffsets } from './rail-edges.ts';

/** Height of the rail's top above the bed (m): the cushion nose is at 0.036–0.037 m (WPA), the rail a few millimetres higher. */
export const RAIL_TOP_Z = 0.0415;
/** Height of the cushion nose above the bed (m), WPA: 62.5–64.5 % of the ball's height. */
export const NOSE_Z = 0.0363;
/** Cushion width, nose to the rail's inner edge (m), unless the caller knows better. */
export const DEFAULT_CUSHION_WIDTH = 0.05;

/** The line an edge search meets on a side: outward distance from the nose line (m) and height (m). */
export interface SeenLine {
  out: number;
  z: number;
}
export type SeenSides = Record<RailSide, SeenLine>;
/** Which kind of edge each side's nose line was fitted to. */
export type SideKinds = Record<RailSide, EdgeKind>;

export const NO_OFFSETS: SideOffsets = { head: 0, foot: 0, left: 0, right: 0 };
export const ALL_DROPS: SideKinds = { head: 'drop', foot: 'drop', left: 'drop', right: 'drop' };

/** A calibration's per-side kinds (head, foot, left, right), as `CalibrationFit.noseKinds` stores them. */
export function sideKinds(k: readonly EdgeKind[] | undefined): SideKinds {
  return k ? { head: k[0] ?? 'drop', foot: k[1] ?? 'drop', left: k[2] ?? 'drop', right: k[3] ?? 'drop' } : ALL_DROPS;
}

/** The camera's coordinate along a side's outward normal, and the nose's. */
function outward(side: RailSide, C: Vec3, hx: number, hy: number): { c: number; nose: number } {
  switch (side) {
    case 'head': return { c: -C[0], nose: hx };
    case 'foot': return { c: C[0], nose: hx };
    case 'left': return { c: C[1], nose: hy };
    case 'right': return { c: -C[1], nose: hy };
  }
}

/**
 * How far out on the bed each cushion's face (foot to nose) reaches as seen from C: 0 for a
 * cushion the camera is behind, a few millimetres for one it looks along, 10+ cm for the far
 * cushion of a broadcast view.
 */
export function faceSpans(C: Vec3, hx: number, hy: number): SideOffsets {
  const span = (side: RailSide): number => {
    const o = outward(side, C, hx, hy);
    return o.c >= o.nose || C[2] <= NOSE_Z + 0.1 ? 0 : (NOSE_Z * (o.nose - o.c)) / (C[2] - NOSE_Z);
  };
  return { head: span('head'), foot: span('foot'), left: span('left'), right: span('right') };
}

/**
 * A nose rise needs the bed and the shadow before it in its profile: a rise side's profiles start
 * its face's span on the bed plus 5 cm (7 cm at least) inside the line; other sides keep `band`.
 */
export function profileSpans(kinds: SideKinds, faces: SideOffsets, band: ProfileSpan): Record<RailSide, ProfileSpan> {
  const span = (side: RailSide): ProfileSpan =>
    kinds[side] === 'rise' ? { inside: Math.max(0.07, faces[side] + 0.05, band.inside), outside: band.outside } : band;
  return { head: span('head'), foot: span('foot'), left: span('left'), right: span('right') };
}

/** A profile's span across a side's line: inside (positive, m) and outside (negative, m). */
export interface ProfileSpan {
  inside: number;
  outside: number;
}

/**
 * The lines an edge search meets, seen from C: a nose rise
 * (rail-edges.ts: a real cushion's lit nose out of its shadow) is the nose at its height; a drop
 * is the rail's top edge on a cushion the camera is behind, else the foot of the cushion's face.
 */
export function seenNoseEdges(C: Vec3, hx: number, hy: number, cushionWidth: number, kinds?: SideKinds): SeenSides {
  const faces = faceSpans(C, hx, hy);
  const seen = (side: RailSide): SeenLine =>
    kinds?.[side] === 'rise' ? { out: 0, z: NOSE_Z }
      : faces[side] === 0 ? { out: cushionWidth, z: RAIL_TOP_Z } : { out: 0, z: 0 };
  return { head: seen('head'), foot: seen('foot'), left: seen('left'), right: seen('right') };
}

/** The bed lines (outward offsets from the noses) that look like the seen lines from C. */
export function bedOffsets(seen: SeenSides, C: Vec3 | null, hx: number, hy: number): SideOffsets {
  const off = (side: RailSide): number => {
    const l = seen[side];
    if (!C || l.z === 0 || C[2] < l.z + 0.1) return l.out;
    const o = outward(side, C, hx, hy);
    return o.c + (o.nose + l.out - o.c) * (C[2] / (C[2] - l.z)) - o.nose;
  };
  return { head: off('head'), foot: off('foot'), left: off('left'), right: off('right') };
}

/** The corners of the rectangle bounded by the offset lines, in noseCorners order (head-left, foot-left, foot-right, head-right). */
export function offsetCorners(off: SideOffsets, hx: number, hy: number): Point2[] {
  const head = -hx - off.head;
  const foot = hx + off.foot;
  const left = hy + off.left;
  const right = -hy - off.right;
  return [{ x: head, y: left }, { x: foot, y: left }, { x: foot, y: right }, { x: head, y: right }];
}

/**
 * The bed homography from the image corners of four seen lines (noseCorners order), solving for
 * the camera and the lines' bed offsets together: a few rounds of pose → offsets → homography
 * (each round moves the offsets by a fraction of a millimetre after the second).
 */
export function homographyFromSeenLines(
  corners: readonly Point2[], seen: SeenSides, hx: number, hy: number,
  cx: number, cy: number, size: number, heightPrior: number,
): { H: Mat3; C: Vec3 } {
  let H = homographyFromPoints(offsetCorners(bedOffsets(seen, null, hx, hy), hx, hy), corners);
  let C = poseFromBedHomography(H, cx, cy, size, heightPrior).cameraPosition;
  if (RAIL_SIDES.every((s) => seen[s].z === 0)) return { H, C };
  for (let round = 0; round < 4; round++) {
    H = homographyFromPoints(offsetCorners(bedOffsets(seen, C, hx, hy), hx, hy), corners);
    C = poseFromBedHomography(H, cx, cy, size, heightPrior).cameraPosition;
  }
  return { H, C };
}
