// The learned detector (models/ball-detector/, trained on broad renders and real frames) as a
// second opinion on the classical whole-bed search: it says where balls are that the classical
// detector did not find (a ball frozen to a cushion, one in a pocket's jaws, a new table's look).
//
// A ball only the network sees is not taken on one look. On real footage its false balls are a
// player's bridge hand with the cue's white ferrule, a hand on the rail, a mark by a pocket:
// they come and go or shift between looks, while a ball at rest is found again at the same place.
// So each unexplained ball is a candidate, looked at again by the network in a small window
// around it every `confirmEvery` seconds; after `looks` looks that found it within CONFIRM_REACH
// of where it was first seen, it is added. A mark that stays passes the looks too: the foot
// spot's sticker (under the rack's apex ball when the cloth is learned) reads 0.41–0.49 to the
// network beside balls once uncovered. So nothing is added where a known ball leaves no room
// for another (OVERLAP). The classical detector then reads it in a small window (sub-pixel
// centre, blur and partial flags) when it sees a ball there given where to look; else it stands
// as the network saw it, unless it lies on one of the table's spots (ON_SPOT: a ball placed
// there is one the classical detector reads) or the identity model calls it "not a ball".
// The classical pipeline stays the per-frame reader: its windows around tracked balls are cheap.
import { BALL_RADIUS, centreSpot, footSpot, headSpot, TABLE_SPECS } from '../../table/spec.ts';
import { imageToTable, type VisionCalibration } from '../calibration/calibration-model.ts';
import type { VideoImage } from '../decode/yuv-image.ts';
import { meanColour, type BallDetection, type BallDetector } from './detect.ts';
import { BALL_PX, behindNearCushion, calibratedScale, type LearnedBallDetector } from './learned/learned-detector.ts';
import type { PixelBox } from './learned/resample.ts';
import { MIN_CENTRE_GAP } from './select.ts';

export interface LearnedSearchOptions {
  /** Least seconds between two looks at the whole bed (they ride on whole-bed searches). Default 1. */
  bedEvery: number;
  /** Seconds between two looks at a candidate. Default 0.2. */
  confirmEvery: number;
  /** Looks that must find a candidate in place before it is added (the first included). Default 3. */
  looks: number;
}

export const DEFAULT_LEARNED_SEARCH: LearnedSearchOptions = { bedEvery: 1, confirmEvery: 0.2, looks: 3 };

/**
 * A ball the network sees closer than this (m) to a known one is not a ball: the foot spot
 * between the balls of a rack (14.1 6375, 32.5 s) or beside a ball resting by it (9-ball 6465,
 * 28.1 s: 4.8 cm from the 6, in the gap 1.7 R once let through); a shadow or highlight on a
 * known ball. The classical detector's gap between two balls (select.ts).
 */
const OVERLAP = MIN_CENTRE_GAP;
/**
 * A ball only the network sees within this (m) of the head, centre or foot spot is the spot's
 * mark: fresh 1080p60 renders 6492, 6494 and 6509 (9-ball, 14.1) each had one, 1–5 mm from the
 * foot spot, unnamed or taking the number of a ball pocketed, for 1.4 to 10 s.
 */
const ON_SPOT = 0.5 * BALL_RADIUS;
/** A candidate is found again when the network's ball lies within this (m) of where it was first seen. */
const CONFIRM_REACH = 0.5 * BALL_RADIUS;
/** Window (m) around a ball the network found in which the classical detector reads it. */
const READ_RADIUS = 0.04;
/** Half-size of a candidate's window on the network's input, in ball diameters. */
const WINDOW_BALLS = 3;
/**
 * The peak a look at a candidate beside a cushion the camera looks over takes (elsewhere the
 * model's threshold, 0.4). There the cushion hides a ball's lower part: the network reads its
 * size smaller (learned-detector.ts `plausible`) and the cap less surely in a candidate's small
 * window than on the whole bed (game2 clip 1: the blue 2 frozen to the near cushion, 0.55 on the
 * bed look, 0.34–0.40 in its windows, so it was never added). The candidate must still have been
 * found at the model's threshold by a bed look, and found again in place on every look.
 */
const CAP_LOOK_THRESHOLD = 0.3;

interface Candidate {
  x: number;
  y: number;
  u: number;
  v: number;
  r: number;
  confidence: number;
  looks: number;
  /** Time (s) of the next look. */
  next: number;
}

export interface LearnedStep {
  /** Balls confirmed this frame (not among `known`), read as well as can be. */
  added: BallDetection[];
  /** Wall-clock ms of the network looks and the reads. */
  ms: number;
}

export class LearnedSearch {
  private candidates: Candidate[] = [];
  private lastBed = -Infinity;
  private readonly o: LearnedSearchOptions;
  /** Network px per image px (the calibration's: a ball at the bed's centre BALL_PX wide). */
  private readonly scale: number;
  /** The head, centre and foot spots (table m). */
  private readonly spots: readonly { x: number; y: number }[];

  constructor(
    private readonly net: LearnedBallDetector, private readonly classical: BallDetector, private readonly cal: VisionCalibration,
    opts: Partial<LearnedSearchOptions> = {},
  ) {
    this.o = { ...DEFAULT_LEARNED_SEARCH, ...opts };
    if (!(Number.isInteger(this.o.looks) && this.o.looks >= 1)) throw new Error('LearnedSearch: looks must be a positive integer');
    if (!(this.o.bedEvery >= 0)) throw new Error('LearnedSearch: bedEvery must be non-negative');
    if (!(this.o.confirmEvery > 0)) throw new Error('LearnedSearch: confirmEvery must be positive');
    this.scale = calibratedScale(cal);
    const spec = TABLE_SPECS[cal.table];
    this.spots = [headSpot(spec), centreSpot, footSpot(spec)];
  }

  /** Candidates waiting for their looks (for tests and benches). */
  get pending(): number {
    return this.candidates.length;
  }

  /**
   * One frame: a look at the whole bed when `bedSearch` (this frame's classical search was of the
   * whole bed) and `bedEvery` seconds have passed, the due looks at candidates, and the balls
   * confirmed. `knownBalls`: where balls are already (this frame's detections and the tracked
   * balls), asked only on a frame with a look due; `notABall` asks the identity model about balls
   * only the network saw.
   */
  async step(
    img: VideoImage, t: number, bedSearch: boolean, knownBalls: () => readonly { x: number; y: number }[],
    notABall: (img: VideoImage, balls: readonly BallDetection[]) => Promise<boolean[]>,
  ): Promise<LearnedStep> {
    // Most frames: no bed look due and no candidate waiting.
    // (A frame time's rounding is no reason to skip a look: 1e-6 s.)
    const bedDue = bedSearch && t - this.lastBed >= this.o.bedEvery - 1e-6;
    if (this.candidates.length === 0 && !bedDue) return { added: [], ms: 0 };
    const t0 = performance.now();
    const known = knownBalls();
    // Where a known ball is, or where it leaves no room for another.
    const isKnown = (x: number, y: number): boolean => known.some((k) => Math.hypot(k.x - x, k.y - y) < OVERLAP);
    const onTable = (b: { u: number; v: number }): { x: number; y: number } => imageToTable(this.cal, b.u, b.v, 'ball');
    const nextLook = t + this.o.confirmEvery - 1e-6;
    // A ball a track now covers (or overlaps) is no candidate.
    this.candidates = this.candidates.filter((c) => !isKnown(c.x, c.y));
    const looked = new Set<Candidate>();
    if (bedDue) {
      this.lastBed = t;
      const res = await this.net.detect(img, { calibration: this.cal });
      const next: Candidate[] = [];
      for (const b of res.balls) {
        const p = onTable(b);
        if (isKnown(p.x, p.y)) continue;
        const c = this.candidates.find((q) => !looked.has(q) && Math.hypot(q.x - p.x, q.y - p.y) <= CONFIRM_REACH);
        if (c) {
          c.looks++;
          c.next = nextLook;
          looked.add(c);
          next.push(c);
        } else if (!next.some((q) => Math.hypot(q.x - p.x, q.y - p.y) < BALL_RADIUS)) {
          const n = { x: p.x, y: p.y, u: b.u, v: b.v, r: b.r, confidence: b.confidence, looks: 1, next: nextLook };
          looked.add(n);
          next.push(n);
        }
      }
      // A candidate the bed look did not find again is dropped.
      this.candidates = next;
    }
    for (const c of this.candidates) {
      if (looked.has(c) || c.next > t) continue;
      looked.add(c);
      const half = (WINDOW_BALLS * BALL_PX) / this.scale;
      const region: PixelBox = {
        x0: Math.max(0, Math.floor(c.u - half)), y0: Math.max(0, Math.floor(c.v - half)),
        x1: Math.min(this.cal.imageWidth, Math.ceil(c.u + half)), y1: Math.min(this.cal.imageHeight, Math.ceil(c.v + half)),
      };
      const cap = behindNearCushion(this.cal, c.x, c.y);
      const res = await this.net.detect(img, { calibration: this.cal, region, scale: this.scale, ...(cap ? { threshold: CAP_LOOK_THRESHOLD } : {}) });
      const again = res.balls.some((b) => {
        const p = onTable(b);
        return Math.hypot(p.x - c.x, p.y - c.y) <= CONFIRM_REACH;
      });
      c.looks = again ? c.looks + 1 : 0;
      c.next = nextLook;
    }
    const ready = this.candidates.filter((c) => c.looks >= this.o.looks);
    this.candidates = this.candidates.filter((c) => c.looks > 0 && c.looks < this.o.looks);
    const added: BallDetection[] = [];
    const seenOnly: BallDetection[] = [];
    const taken = (x: number, y: number): boolean => isKnown(x, y) || added.some((d) => Math.hypot(d.x - x, d.y - y) < OVERLAP);
    for (const c of ready) {
      const here = { x: c.x, y: c.y, radius: READ_RADIUS };
      const read = this.classical.detect(img, [here], [], [here]).balls.find((d) => Math.hypot(d.x - c.x, d.y - c.y) < BALL_RADIUS && !taken(d.x, d.y));
      if (read) added.push({ ...read, learned: true });
      else if (!taken(c.x, c.y) && !this.spots.some((p) => Math.hypot(p.x - c.x, p.y - c.y) < ON_SPOT)) {
        seenOnly.push({ u: c.u, v: c.v, x: c.x, y: c.y, r: c.r, blurred: false, partial: false, confidence: c.confidence, meanColour: meanColour(img, c.u, c.v, c.r * 0.7), learned: true });
      }
    }
    // Only the network saw it: the identity model must not call it "not a ball".
    if (seenOnly.length) {
      const none = await notABall(img, seenOnly);
      added.push(...seenOnly.filter((_, k) => !none[k]));
    }
    return { added, ms: performance.now() - t0 };
  }
}
