// Pot candidates by the ghost-ball method: for each legal target and pocket, the window the
// object ball must pass, the ghost ball the cue ball must reach, clear paths for both, the cut
// angle, and an estimate of the chance of the pot for a player with a given aim error.
import type { BallId, Pocket } from '../../contract/ids.ts';
import type { TableGeometry } from '../physics/index.ts';
import {
  dist, ghostBall, heading, angleDiff, onBed, pathClear, pocketWindow, withinTolerance,
  type BallSpot, type Point, type PocketWindow,
} from './geometry.ts';

/** Cuts thinner than this are not attempted. */
export const MAX_CUT = (78 * Math.PI) / 180;
/** Aim error of the object ball that no cue accuracy removes (judging throw, cloth): radians. */
const BASE_OBJECT_SIGMA = 0.0035;

export interface PotCandidate {
  readonly target: BallId;
  readonly pocket: Pocket;
  readonly window: PocketWindow;
  /** Where the cue ball's centre is at contact. */
  readonly ghost: Point;
  /** The cue's aim direction (radians) before any throw correction. */
  readonly aim: number;
  /** Cut angle (radians, signed: positive when the object ball leaves to the left of the cue line). */
  readonly cut: number;
  /** Cue ball travel to the ghost (m). */
  readonly cueDistance: number;
  /** Estimated chance of the pot for the aim error it was computed with. */
  readonly probability: number;
}

/** The spread of the object ball's direction given the cue's aim spread. */
export function objectSigma(aimSigma: number, cueDistance: number, cut: number, radius: number): number {
  const lever = cueDistance / (2 * radius * Math.max(Math.cos(cut), 0.17));
  return Math.hypot(aimSigma * lever, BASE_OBJECT_SIGMA);
}

/** Every makeable (target, pocket) from the cue ball at `cue`, best first. */
export function potCandidates(table: TableGeometry, balls: readonly BallSpot[], cue: Point, targets: readonly BallId[], aimSigma: number): PotCandidate[] {
  const R = table.ballRadius;
  const out: PotCandidate[] = [];
  for (const id of targets) {
    const target = balls.find((b) => b.id === id);
    if (!target) continue;
    for (const pocket of table.pockets) {
      const window = pocketWindow(table, pocket, target);
      if (!window) continue;
      const ghost = ghostBall(target, window.direction, R);
      if (!onBed(table, ghost, -1e-6)) continue;
      const cueDistance = dist(cue, ghost);
      if (cueDistance < 1e-3) continue;
      const aim = heading(cue, ghost);
      const cut = angleDiff(window.direction, aim);
      if (Math.abs(cut) > MAX_CUT) continue;
      if (!pathClear(cue, ghost, balls, [0, id], R)) continue;
      if (!pathClear(target, window.mouthPoint, balls, [0, id], R)) continue;
      const sigma = objectSigma(aimSigma, cueDistance, cut, R);
      // Long object-ball travel also spreads from speed and cloth; a mild penalty keeps
      // players preferring short pots.
      const travel = 1 / (1 + 0.12 * window.distance);
      const probability = withinTolerance(window.halfWidth, sigma) * travel;
      out.push({ target: id, pocket: pocket.pocket, window, ghost, aim, cut, cueDistance, probability });
    }
  }
  return out.sort((a, b) => b.probability - a.probability || a.target - b.target);
}

/** The best estimated pot chance from `cue` (0 when nothing is makeable). */
export function bestPotChance(table: TableGeometry, balls: readonly BallSpot[], cue: Point, targets: readonly BallId[], aimSigma: number): number {
  return potCandidates(table, balls, cue, targets, aimSigma)[0]?.probability ?? 0;
}
