// Ball detection: rectify the bed (maps built once per calibration), difference against the
// learnt cloth, fixed-radius Hough votes from the colour edges, candidates checked for a
// ball's look and refined to sub-pixel centres in the full frame; blurred fast balls from
// capsule-shaped regions nobody else explains. With `regions` (a tracker's predictions) only
// windows around them are processed; without, the whole bed.
import { BALL_RADIUS } from '../../table/spec.ts';
import { candidateAt } from './ball-evidence.ts';
import { foregroundMask, labelBlobs } from './blobs.ts';
import { tableToImage, type VisionCalibration } from '../calibration/calibration-model.ts';
import { allocEdgeField, circleVotes, edgeField, findPeaks, type EdgeField } from './circle-votes.ts';
import { allocFeatures, clothDifference, learnClothModel, type ClothModel, type FeaturePlanes } from './cloth-model.ts';
import { dominantClothColour } from '../calibration/cloth-colour.ts';
import type { RgbImage } from '../decode/image.ts';
import { checkVideoImage, isYuv, rgbPatch, toRgbImage, type VideoImage } from '../decode/yuv-image.ts';
import { allocRectifiedFrame, buildGrid, disjointWindows, rectify, gridToTable, growWindow, tableToGrid, windowAround, type GridWindow, type RectifiedFrame, type RectifiedGrid } from './rectify.ts';
import { refineBall } from './refine.ts';
import { seededAtPriors, type SeedFrame } from './outline-seeds.ts';
import { DEFAULT_SELECT, selectBalls } from './select.ts';
import { type Candidate, type PredictedRegion } from './candidate.ts';

export interface BallDetection {
  /** Image pixel of the centre (as seen, sub-pixel). */
  u: number;
  v: number;
  /** Table frame (m), on the plane of ball centres. */
  x: number;
  y: number;
  /** Radius in image pixels. */
  r: number;
  /** A smeared fast ball: the centre is the smear's centroid (mid-exposure). */
  blurred: boolean;
  /** Less than about two thirds of the outline was found (hidden in part, or touching). */
  partial: boolean;
  /** 0–1. */
  confidence: number;
  /** A ball placed at a smear's centroid: the smear's direction in the table frame (unit; sign arbitrary) and half its length (m) — the ball's path during the exposure. */
  path?: { dx: number; dy: number; half: number };
  /** Mean sRGB colour of the ball's inner disc. */
  meanColour: [number, number, number];
  /** Found by the learned detector where the classical one saw no ball (learned-search.ts). */
  learned?: true;
}

/** Milliseconds per stage by `stageMs` (the thread's own time on a core nobody else uses). */
export interface StageTimings {
  rectify: number;
  difference: number;
  edges: number;
  votes: number;
  candidates: number;
  refine: number;
  blobs: number;
  total: number;
}

/**
 * The clock the vision stages are timed by: the monotonic wall clock, 0.1 µs a read. Not the
 * process's CPU time: `process.cpuUsage()` is a system call summing every thread's time, read 15
 * times a frame: 6 µs a call on an idle machine (1.3 % of `railbird analyze`'s CPU), and on a
 * loaded one a frame waited 160 µs a call for it. Whole runs measure their CPU time once.
 */
export const stageMs = (): number => performance.now();

export interface DetectorOptions {
  /** Ball diameter on the rectified grid (px). Default 22. */
  ballDiameterPx?: number;
}

export interface DetectResult {
  balls: BallDetection[];
  timings: StageTimings;
}

const MIN_MAG = 0.05;
/**
 * How far past the noses (m) the grid reaches when the calibration is the cloth outline only
 * (0.04 otherwise): on the real elevated clips a ball frozen to the near cushion lay 3.5 cm past
 * that calibration's nose, its disc cut by the grid's edge; 0.1 took in marks beyond the rails.
 */
const OUTLINE_MARGIN = 0.07;
const VOTE_CAP = 0.25;

export class BallDetector {
  readonly grid: RectifiedGrid;
  private cloth: ClothModel | null = null;
  private readonly frame: RectifiedFrame;
  private readonly features: FeaturePlanes;
  private readonly edges: EdgeField;
  private readonly acc: Float32Array;
  private readonly mask: Uint8Array;
  private readonly labels: Int32Array;
  /** The last frame's candidates after refinement (for diagnostics). */
  lastCandidates: readonly Candidate[] = [];
  /** The last frame's foreground mask on the grid (for diagnostics). */
  get foreground(): Uint8Array {
    return this.mask;
  }

  constructor(readonly calibration: VisionCalibration, opts: DetectorOptions = {}) {
    // A calibration from the cloth's outline only (an elevated broadcast view, no nose edges
    // found) can place a cushion a few centimetres off: the grid reaches further past it.
    const margin = calibration.fit?.edges === 'cloth-outline' ? OUTLINE_MARGIN : undefined;
    this.grid = buildGrid(calibration, { ballDiameterPx: opts.ballDiameterPx ?? 22, ...(margin ? { margin } : {}) });
    const n = this.grid.width * this.grid.height;
    this.frame = allocRectifiedFrame(this.grid);
    this.features = allocFeatures(this.grid);
    this.edges = allocEdgeField(n);
    this.acc = new Float32Array(n);
    this.mask = new Uint8Array(n);
    this.labels = new Int32Array(n);
  }

  get hasCloth(): boolean {
    return this.cloth !== null;
  }

  /** Learns the cloth (brightness fall-off, hue) from a frame; balls, cue and player may be in it. */
  learnCloth(img: VideoImage): void {
    checkVideoImage(img, 'learnCloth');
    rectify(this.grid, img, this.frame);
    const chroma = this.calibration.cloth?.chroma ?? (() => {
      const c = dominantClothColour(toRgbImage(img));
      return [c.r, c.g] as [number, number];
    })();
    this.cloth = learnClothModel(this.grid, this.frame, chroma);
  }

  /**
   * Detects the balls in a frame (learning the cloth from it first if none is known yet): in
   * windows around `regions` plus the grid windows `extra`, or over the whole bed without regions.
   * `priors`: where tracked balls are expected (their best candidate within `radius` needs less proof).
   */
  detect(img: VideoImage, regions?: readonly PredictedRegion[], extra: readonly GridWindow[] = [], priors: readonly PredictedRegion[] = []): DetectResult {
    checkVideoImage(img, 'detect');
    if (img.width !== this.calibration.imageWidth || img.height !== this.calibration.imageHeight) {
      throw new Error(`detect: frame is ${img.width}×${img.height}, calibration is for ${this.calibration.imageWidth}×${this.calibration.imageHeight}`);
    }
    if (!this.cloth) this.learnCloth(img);
    const cloth = this.cloth!;
    const g = this.grid;
    const r = g.ballRadius;
    const windows: GridWindow[] | undefined = regions && [...regions.map((q) => windowAround(g, q.x, q.y, q.radius, r * 1.6 + 3)), ...extra];
    const t: StageTimings = { rectify: 0, difference: 0, edges: 0, votes: 0, candidates: 0, refine: 0, blobs: 0, total: 0 };
    const t0 = stageMs();
    let tick = t0;
    const lap = (k: keyof StageTimings): void => {
      const now = stageMs();
      t[k] += now - tick;
      tick = now;
    };
    if (windows && windows.length === 0) return { balls: [], timings: t };
    // Features a little beyond the windows, so gradients at their borders see fresh pixels; each pixel once.
    const featureWindows = windows && disjointWindows(windows.map((w) => growWindow(g, w, 3)));
    rectify(g, img, this.frame, featureWindows);
    if (!windows) forgetBallsInMouths(g, this.frame, cloth);
    lap('rectify');
    clothDifference(g, this.frame, cloth, this.features, featureWindows);
    lap('difference');
    edgeField(g, this.features, this.edges, windows);
    lap('edges');
    circleVotes(g, this.edges, [r * 0.95, r * 1.05], MIN_MAG, VOTE_CAP, this.acc, windows);
    const peaks = findPeaks(this.acc, g.width, g.height, 0.4, 1.2 * r, windows);
    lap('votes');
    const frame: SeedFrame = { grid: g, img, calibration: this.calibration, cloth, acc: this.acc, features: this.features, edges: this.edges, minMag: MIN_MAG };
    const candidates = peaks.flatMap((p) => candidateAt(frame, p, null) ?? []);
    lap('candidates');
    for (const c of candidates) {
      const pos = gridToTable(g, c.peak.i, c.peak.j);
      const q = Math.round(c.peak.j) * g.width + Math.round(c.peak.i);
      c.refined = refineBall(img, this.calibration, { logS: cloth.logS[q]!, r: cloth.r[q]!, g: cloth.g[q]! }, pos.x, pos.y);
    }
    candidates.push(...seededAtPriors(frame, candidates, priors, windows));
    lap('refine');
    // A little beyond the windows: a region going on across a window's edge is seen to (blobs.ts `clipped`).
    foregroundMask(g, this.features, this.mask, featureWindows);
    const blobs = labelBlobs(g, this.mask, this.labels, Math.round(0.5 * Math.PI * r * r), windows);
    this.lastCandidates = candidates;
    const selected = selectBalls(g, this.mask, this.labels, blobs, candidates, DEFAULT_SELECT, priors.map((q) => ({ ...tableToGrid(g, q.x, q.y), reach: q.radius * g.scale })));
    const balls: BallDetection[] = selected.map((s) => {
      if (s.kind === 'refined') {
        const f = s.refined;
        return {
          u: f.u, v: f.v, x: f.x, y: f.y, r: f.r, blurred: s.blurred, partial: f.inlierFraction < 0.65,
          confidence: s.confidence, meanColour: meanColour(img, f.u, f.v, f.r * 0.7),
        };
      }
      const pos = gridToTable(g, s.ci, s.cj);
      const c = tableToImage(this.calibration, pos.x, pos.y, 'ball');
      const rr = imageRadius(this.calibration, pos.x, pos.y);
      const d: BallDetection = { u: c.u, v: c.v, x: pos.x, y: pos.y, r: rr, blurred: s.blurred, partial: !s.blurred, confidence: s.confidence, meanColour: meanColour(img, c.u, c.v, rr * 0.7) };
      if (s.smear) {
        const end = gridToTable(g, s.ci + s.smear.ax * s.smear.half, s.cj + s.smear.ay * s.smear.half);
        const half = Math.hypot(end.x - pos.x, end.y - pos.y);
        d.path = half > 0 ? { dx: (end.x - pos.x) / half, dy: (end.y - pos.y) / half, half } : { dx: 1, dy: 0, half: 0 };
      }
      return d;
    });
    lap('blobs');
    t.total = stageMs() - t0;
    return { balls, timings: t };
  }
}

/** A mouth pixel this dark (R+G+B+1)... */
const HOLE_DARK = 90;
/** ...and darker than its expected look by this factor shows the hole. */
const HOLE_FACTOR = 0.4;

/**
 * A pocket's mouth looks as it did when the cloth was learnt; a ball hanging in the jaws then (a
 * warm-up or a reconnect mid-match) was taken for its empty look and would hide a ball there
 * later. Wherever a whole-bed search now sees the dark hole instead, the hole is its look.
 */
export function forgetBallsInMouths(g: RectifiedGrid, f: RectifiedFrame, cloth: ClothModel): void {
  const darkLog = Math.log(HOLE_DARK);
  const factorLog = Math.log(HOLE_FACTOR);
  for (let p = 0; p < g.mouth.length; p++) {
    if (!g.mouth[p] || !g.valid[p]) continue;
    const l = f.logS[p]!;
    if (l < darkLog && l - cloth.logS[p]! < factorLog) {
      cloth.logS[p] = l;
      cloth.r[p] = f.r[p]!;
      cloth.g[p] = f.g[p]!;
    }
  }
}

/** Silhouette radius of a ball in image pixels (across the radial direction): f·R / depth. */
export function imageRadius(cal: VisionCalibration, x: number, y: number): number {
  const R = cal.rotation;
  const depth = R[6] * x + R[7] * y + R[8] * BALL_RADIUS + cal.translation[2];
  return (cal.fx * BALL_RADIUS) / depth;
}

/** Mean sRGB over a disc of the image. */
export function meanColour(frame: VideoImage, u: number, v: number, radius: number): [number, number, number] {
  if (isYuv(frame)) {
    // The disc's square as RGB, the disc's centre moved with it.
    const R = Math.max(1, radius);
    const p = rgbPatch(frame, Math.floor(u - R), Math.floor(v - R), 2 * Math.ceil(R) + 2, 2 * Math.ceil(R) + 2);
    return meanColour(p.image, u - p.x0, v - p.y0, radius);
  }
  const img = frame;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const R = Math.max(1, radius);
  for (let y = Math.max(0, Math.floor(v - R)); y <= Math.min(img.height - 1, Math.ceil(v + R)); y++) {
    for (let x = Math.max(0, Math.floor(u - R)); x <= Math.min(img.width - 1, Math.ceil(u + R)); x++) {
      if ((x - u) ** 2 + (y - v) ** 2 > R * R) continue;
      const k = (y * img.width + x) * 3;
      r += img.data[k]!;
      g += img.data[k + 1]!;
      b += img.data[k + 2]!;
      n++;
    }
  }
  return n ? [r / n, g / n, b / n] : [0, 0, 0];
}

const detectors = new WeakMap<VisionCalibration, BallDetector>();

/**
 * One-call detection: builds (and caches per calibration object) a detector and learns the
 * cloth from this frame when the detector has none yet.
 */
export function detectBalls(frame: RgbImage, calibration: VisionCalibration, opts: DetectorOptions & { regions?: PredictedRegion[] } = {}): BallDetection[] {
  let d = detectors.get(calibration);
  if (!d) {
    d = new BallDetector(calibration, opts);
    detectors.set(calibration, d);
  }
  return d.detect(frame, opts.regions).balls;
}

