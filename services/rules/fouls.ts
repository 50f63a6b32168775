// The fouls every game shares (G5, G6, G10/G18i, G12, G18a-e, g, j, l, n), read from shot facts.
// Each foul names its rule id and a stable code; codes never change once published.
import type { BallId, Game } from '../contract/ids.ts';
import type { Foul } from '../contract/log.ts';
import { BALL_DIAMETER, headStringX, type TableSpec } from '../table/spec.ts';
import { cueOffTable, cuePocketed, inKitchen, type ShotFacts } from './shot-facts.ts';

export const FOUL = {
  ballMoving: { rule: 'G10', code: 'foul/ball-moving' },
  ballMovingList: { rule: 'G18i', code: 'foul/ball-moving' },
  breakNotFromKitchen: { rule: 'G5', code: 'foul/break-not-from-kitchen' },
  breakNotCrossed: { rule: 'G5', code: 'foul/break-hit-before-head-string' },
  notInKitchen: { rule: 'G18n', code: 'foul/cue-ball-not-in-kitchen' },
  notCrossed: { rule: 'G6', code: 'foul/hit-before-head-string' },
  noBallHit: { rule: 'G18a', code: 'foul/no-ball-hit' },
  wrongBallFirst: { rule: 'G18a', code: 'foul/wrong-ball-first' },
  simultaneousHit: { rule: 'G12', code: 'foul/simultaneous-hit' },
  noRail: { rule: 'G18b', code: 'foul/no-rail-after-contact' },
  frozenNoRailJ: { rule: 'G18j', code: 'foul/frozen-ball-no-rail' },
  frozenNoRailG: { rule: 'G18g', code: 'foul/frozen-ball-no-rail' },
  scratch: { rule: 'G18c', code: 'foul/scratch' },
  cueOffTable: { rule: 'G18d', code: 'foul/cue-ball-off-table' },
  objectOffTable: { rule: 'G18e', code: 'foul/object-ball-off-table' },
} as const satisfies Record<string, Foul>;

export interface FoulContext {
  game: Game;
  table: TableSpec;
  /** The ball(s) the shooter must hit first; null: any object ball. */
  required: readonly BallId[] | null;
  isBreak: boolean;
  /** The cue ball is in hand behind the head string (G6 / G18n). */
  fromKitchen: boolean;
  /** N2.3: a declared, available push-out; G18a, G18b and the simultaneous-hit rule do not apply. */
  pushOut: boolean;
}

/** Fouls on the strike itself: moving balls (G10), the kitchen (G5, G18n) and crossing (G5, G6). */
function strikeFouls(f: ShotFacts, c: FoulContext): Foul[] {
  const fouls: Foul[] = [];
  if (f.moving.length > 0) fouls.push(FOUL.ballMoving, FOUL.ballMovingList);
  if (!(c.isBreak || c.fromKitchen)) return fouls;
  if (f.cueStart && !inKitchen(c.table, f.cueStart)) fouls.push(c.isBreak ? FOUL.breakNotFromKitchen : FOUL.notInKitchen);
  if (f.firstContactT !== null && hitBeforeCrossing(f, c.table)) fouls.push(c.isBreak ? FOUL.breakNotCrossed : FOUL.notCrossed);
  return fouls;
}

/**
 * The cue ball touched a ball before crossing the head string (G5, G6). With a `cross` event the
 * times decide. Without one, the cue ball can only have reached a ball that lies within one ball
 * diameter of the string without crossing it, so only such a first hit is a foul.
 */
function hitBeforeCrossing(f: ShotFacts, t: TableSpec): boolean {
  if (f.firstContactT === null) return false;
  if (f.cueCrossT !== null) return f.firstContactT < f.cueCrossT;
  return f.firstHit.some((id) => {
    const b = f.start.find((s) => s.id === id);
    return b === undefined || !Number.isFinite(b.x) || b.x < headStringX(t) + BALL_DIAMETER;
  });
}

/** First contact (G18a, G12). */
function contactFouls(f: ShotFacts, c: FoulContext): Foul[] {
  if (c.pushOut) return [];
  if (f.firstHit.length === 0) return [FOUL.noBallHit];
  const fouls: Foul[] = [];
  const req = c.required;
  const anyRequired = req === null || f.firstHit.some((id) => req.includes(id));
  if (f.firstHit.length > 1) fouls.push(FOUL.simultaneousHit);
  if (!anyRequired) fouls.push(FOUL.wrongBallFirst);
  return fouls;
}

/** After the first contact a ball must be pocketed or reach a cushion (G18b; frozen ball G18g, G18j). */
function railFouls(f: ShotFacts, c: FoulContext): Foul[] {
  if (c.pushOut || c.isBreak || f.firstHit.length === 0) return [];
  const objectPocketed = f.pocketed.some((p) => p.ball !== 0);
  if (objectPocketed || f.railAfterContact) return [];
  const target = f.firstHit[0]!;
  return f.frozenToCushion.has(target) ? [FOUL.frozenNoRailJ, FOUL.frozenNoRailG] : [FOUL.noRail];
}

/** Scratch and balls off the table (G18c, G18d, G18e; object balls off the table are no foul in 14.1). */
function landingFouls(f: ShotFacts, c: FoulContext): Foul[] {
  const fouls: Foul[] = [];
  if (cuePocketed(f)) fouls.push(FOUL.scratch);
  if (cueOffTable(f)) fouls.push(FOUL.cueOffTable);
  if (c.game !== '14.1' && f.offTable.some((id) => id !== 0)) fouls.push(FOUL.objectOffTable);
  return fouls;
}

export function commonFouls(f: ShotFacts, c: FoulContext): Foul[] {
  return [...strikeFouls(f, c), ...contactFouls(f, c), ...railFouls(f, c), ...landingFouls(f, c)];
}

/** Object balls that reached a cushion or a pocket, for the break requirements. */
export function breakBallCount(f: ShotFacts): { toCushion: number; pocketed: number } {
  return {
    toCushion: f.objectBallsToCushion.size,
    pocketed: f.pocketed.filter((p) => p.ball !== 0).length,
  };
}
