// The saved calibration (JSON) and the maps it gives: image pixel ↔ table point on the bed
// (z = 0) or on the plane of ball centres (z = R). Same lens model as the renderer's
// `Calibration` (pinhole, radial k1, k2 on normalised coordinates around cx, cy), so a
// renderer `toJSON()` loads here too (its corners etc. are then derived).
import { readFileSync } from 'node:fs';
import { TABLE_SIZES, isOneOf, type Pocket, type TableSize } from '../../contract/ids.ts';
import { TABLE_SPECS } from '../../table/spec.ts';
import { applyH, invMat3, type Mat3, type Point2, type Vec3 } from '../numeric/linalg.ts';
import type { EdgeKind, RailSide } from './rail-edges.ts';

export type TablePlane = 'bed' | 'ball';

export interface ImagePoint {
  u: number;
  v: number;
}

export interface NamedCorner extends ImagePoint {
  /** The corner pocket at this cushion-nose corner. */
  pocket: Pocket;
  /** Table frame (m). */
  x: number;
  y: number;
}

export interface ClothSummary {
  /** Normalised chromaticity of the cloth (R/S, G/S with S = R+G+B, sRGB). */
  chroma: [number, number];
  /** Median S = R+G+B (sRGB levels) of the central cloth. */
  brightness: number;
}

/** Why a calibration may be wrong (stable codes; the message says it for the operator). */
export type CalibrationDoubtCode = 'outline-only' | 'weak-side' | 'bed-edge-not-cloth' | 'bed-not-cloth' | 'bed-not-rectangle' | 'diamonds-off';

export interface CalibrationDoubt {
  code: CalibrationDoubtCode;
  /** The side it concerns (head, foot, left, right), when one. */
  side?: RailSide;
  /** The measured share of cloth (0–1) the doubt rests on, when one. */
  cloth?: number;
  /** The measured distance (m) the doubt rests on, when one (diamond sights from where the bed puts them). */
  offset?: number;
  message: string;
}

export interface CalibrationFit {
  /** What the table lines came from: the cushion noses (precise), or the cloth's outline only (fallback). */
  edges: 'cushion-noses' | 'cloth-outline';
  /** Robust RMS distance (px) of the nose edge points from the fitted (undistorted) rail lines. */
  railResidualPx: number | null;
  /** Edge points used per side: head, foot, left, right. */
  railPoints: [number, number, number, number];
  /** Where the focal length came from: the homography (tilted camera) or the height prior. */
  focalSource: 'homography' | 'height-prior';
  /** Per side (head, foot, left, right): the nose line fitted to a drop (rendered face, rail edge) or a nose rise (real cushions); absent: drops. */
  noseKinds?: [EdgeKind, EdgeKind, EdgeKind, EdgeKind];
  /** 'diamonds': the bed was moved along an axis onto the rails' diamond sights (diamond-check.ts). */
  correctedBy?: 'diamonds';
  /** Why the fit may be wrong (bed-check.ts, diamond-check.ts); empty: none seen. Absent: not checked (a file from elsewhere, corners set by hand). */
  doubts?: CalibrationDoubt[];
}

/** What `calibrate` writes (a superset of the renderer's `CalibrationJSON`). */
export interface VisionCalibration {
  model: 'pinhole-radial-k1k2';
  imageWidth: number;
  imageHeight: number;
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  k1: number;
  k2: number;
  /** World (table frame) → camera rotation, row-major: Xc = R·Xw + t. */
  rotation: Mat3;
  translation: Vec3;
  cameraPosition: Vec3;
  /** Table (x, y, 1) on the bed z = 0 → undistorted pixel, row-major, h33 = 1 (as the renderer). */
  bedHomography: Mat3;
  /** Table (x, y, 1) on the ball-centre plane z = R → undistorted pixel. */
  ballCentreHomography: Mat3;
  table: TableSize;
  /** Undistorted pixel → table (bed plane): the inverse of `bedHomography`. */
  homography: Mat3;
  /** Undistorted pixel → table (ball-centre plane): the inverse of `ballCentreHomography`. */
  ballHomography: Mat3;
  /** The four cushion-nose corners (image pixels, distorted, as seen). */
  corners: NamedCorner[];
  /** Pocket centres (contract `pocketCentre`) in the table frame and the image (bed plane). */
  pockets: { pocket: Pocket; x: number; y: number; u: number; v: number }[];
  /** Cushion nose segments (physics geometry) in the table frame and the image. */
  cushions: { cushion: string; from: Point2; to: Point2; fromImage: ImagePoint; toImage: ImagePoint }[];
  cloth: ClothSummary | null;
  fit: CalibrationFit | null;
}

export interface LensModel {
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  k1: number;
  k2: number;
}

/** Undistorted pixel → distorted pixel (the lens forward model). */
export function distortPixel(lens: LensModel, uu: number, vu: number): ImagePoint {
  const xn = (uu - lens.cx) / lens.fx;
  const yn = (vu - lens.cy) / lens.fy;
  const r2 = xn * xn + yn * yn;
  const d = 1 + lens.k1 * r2 + lens.k2 * r2 * r2;
  return { u: lens.fx * xn * d + lens.cx, v: lens.fy * yn * d + lens.cy };
}

/** Distorted pixel → undistorted pixel (Newton on the radius, as the renderer). */
export function undistortPixel(lens: LensModel, u: number, v: number): ImagePoint {
  const xd = (u - lens.cx) / lens.fx;
  const yd = (v - lens.cy) / lens.fy;
  const rd = Math.hypot(xd, yd);
  if (rd < 1e-12 || (lens.k1 === 0 && lens.k2 === 0)) return { u, v };
  let r = rd;
  for (let i = 0; i < 20; i++) {
    const r2 = r * r;
    const step = (r * (1 + lens.k1 * r2 + lens.k2 * r2 * r2) - rd) / (1 + 3 * lens.k1 * r2 + 5 * lens.k2 * r2 * r2);
    r -= step;
    if (Math.abs(step) < 1e-14) break;
  }
  const s = r / rd;
  return { u: lens.fx * xd * s + lens.cx, v: lens.fy * yd * s + lens.cy };
}

/** Image pixel (as seen) → table point on the bed or the ball-centre plane. */
export function imageToTable(cal: VisionCalibration, u: number, v: number, plane: TablePlane = 'bed'): Point2 {
  const p = undistortPixel(cal, u, v);
  return applyH(plane === 'bed' ? cal.homography : cal.ballHomography, p.u, p.v);
}

/** Table point on the bed or the ball-centre plane → image pixel (as seen). */
export function tableToImage(cal: VisionCalibration, x: number, y: number, plane: TablePlane = 'bed'): ImagePoint {
  const p = applyH(plane === 'bed' ? cal.bedHomography : cal.ballCentreHomography, x, y);
  return distortPixel(cal, p.x, p.y);
}

/** Image pixels per table metre on a plane near (x, y) (mean of both axes). */
export function pixelsPerMetre(cal: VisionCalibration, x: number, y: number, plane: TablePlane = 'bed'): number {
  const e = 0.01;
  const a = tableToImage(cal, x - e, y, plane);
  const b = tableToImage(cal, x + e, y, plane);
  const c = tableToImage(cal, x, y - e, plane);
  const d = tableToImage(cal, x, y + e, plane);
  return (Math.hypot(b.u - a.u, b.v - a.v) + Math.hypot(d.u - c.u, d.v - c.v)) / (4 * e);
}

const CORNER_POCKETS: readonly { pocket: Pocket; sx: number; sy: number }[] = [
  { pocket: 'head-left', sx: -1, sy: 1 },
  { pocket: 'foot-left', sx: 1, sy: 1 },
  { pocket: 'foot-right', sx: 1, sy: -1 },
  { pocket: 'head-right', sx: -1, sy: -1 },
];

/** The four nose corners of a table in the table frame, with their pockets (fixed order). */
export function noseCorners(table: TableSize): { pocket: Pocket; x: number; y: number }[] {
  const s = TABLE_SPECS[table];
  return CORNER_POCKETS.map((c) => ({ pocket: c.pocket, x: (c.sx * s.length) / 2, y: (c.sy * s.width) / 2 }));
}

type Json = Record<string, unknown>;

function mat3Of(v: unknown, name: string): Mat3 {
  if (!Array.isArray(v) || v.length !== 9 || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
    throw new Error(`calibration: ${name} must be 9 finite numbers`);
  }
  return v as Mat3;
}

function numberOf(j: Json, name: string): number {
  const v = j[name];
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`calibration: ${name} must be a finite number`);
  return v;
}

/**
 * Checks a parsed calibration JSON and fills what a renderer `CalibrationJSON` lacks
 * (the inverse homographies, corners); throws with the field name when it is unusable.
 */
export function parseCalibration(raw: unknown): VisionCalibration {
  if (typeof raw !== 'object' || raw === null) throw new Error('calibration: not a JSON object');
  const j = raw as Json;
  if (j.model !== 'pinhole-radial-k1k2') throw new Error('calibration: model must be "pinhole-radial-k1k2"');
  if (!isOneOf(TABLE_SIZES, j.table)) throw new Error(`calibration: table must be one of ${TABLE_SIZES.join(', ')}`);
  const bed = mat3Of(j.bedHomography, 'bedHomography');
  const ball = mat3Of(j.ballCentreHomography, 'ballCentreHomography');
  const vec3 = (name: string): Vec3 => {
    const v = j[name];
    if (!Array.isArray(v) || v.length !== 3 || !v.every((x) => typeof x === 'number')) throw new Error(`calibration: ${name} must be 3 numbers`);
    return v as Vec3;
  };
  const base = {
    model: 'pinhole-radial-k1k2' as const,
    imageWidth: numberOf(j, 'imageWidth'), imageHeight: numberOf(j, 'imageHeight'),
    fx: numberOf(j, 'fx'), fy: numberOf(j, 'fy'), cx: numberOf(j, 'cx'), cy: numberOf(j, 'cy'),
    k1: numberOf(j, 'k1'), k2: numberOf(j, 'k2'),
    rotation: mat3Of(j.rotation, 'rotation'), translation: vec3('translation'), cameraPosition: vec3('cameraPosition'),
    bedHomography: bed, ballCentreHomography: ball, table: j.table,
    homography: j.homography === undefined ? invMat3(bed) : mat3Of(j.homography, 'homography'),
    ballHomography: j.ballHomography === undefined ? invMat3(ball) : mat3Of(j.ballHomography, 'ballHomography'),
  };
  const partial: VisionCalibration = { ...base, corners: [], pockets: [], cushions: [], cloth: null, fit: null };
  const corners = Array.isArray(j.corners) ? (j.corners as NamedCorner[]) : noseCorners(j.table).map((c) => ({ ...c, ...tableToImage(partial, c.x, c.y) }));
  return {
    ...partial,
    corners,
    pockets: Array.isArray(j.pockets) ? (j.pockets as VisionCalibration['pockets']) : [],
    cushions: Array.isArray(j.cushions) ? (j.cushions as VisionCalibration['cushions']) : [],
    cloth: (j.cloth as ClothSummary | undefined) ?? null,
    fit: (j.fit as CalibrationFit | undefined) ?? null,
  };
}

/** Reads and checks a calibration file (ours or a renderer `Calibration.toJSON()`). */
export function loadCalibration(path: string): VisionCalibration {
  return parseCalibration(JSON.parse(readFileSync(path, 'utf8')));
}

/** A mapper bound to one calibration (for callers that only hold the JSON). */
export function calibrationMapper(cal: VisionCalibration): {
  imageToTable: (u: number, v: number, plane?: TablePlane) => Point2;
  tableToImage: (x: number, y: number, plane?: TablePlane) => ImagePoint;
} {
  return {
    imageToTable: (u, v, plane = 'bed') => imageToTable(cal, u, v, plane),
    tableToImage: (x, y, plane = 'bed') => tableToImage(cal, x, y, plane),
  };
}

