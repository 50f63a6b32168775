// Table geometry in the contract's table frame: origin at the centre spot, x along the long
// axis towards the foot cushion, y towards the left cushion seen from the head end; metres.
import type { Cushion, Pocket, TableSize } from '../contract/ids.ts';

export const BALL_DIAMETER = 0.05715;
export const BALL_RADIUS = BALL_DIAMETER / 2;
/** No ball on a pool table goes faster than this (m/s): a hard break's cue ball, about 12. */
export const MAX_BALL_SPEED = 14;

export interface TableSpec {
  readonly size: TableSize;
  /** Playing-surface length, cushion nose to cushion nose (m). */
  readonly length: number;
  /** Playing-surface width, cushion nose to cushion nose (m). */
  readonly width: number;
}

export const TABLE_SPECS: Readonly<Record<TableSize, TableSpec>> = {
  '9ft': { size: '9ft', length: 2.54, width: 1.27 },
  '8ft': { size: '8ft', length: 2.337, width: 1.168 },
  '7ft': { size: '7ft', length: 1.981, width: 0.991 },
};

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The head string: x = -L/4. The kitchen is x < headStringX. */
export const headStringX = (t: TableSpec): number => -t.length / 4;
export const footSpot = (t: TableSpec): Point => ({ x: t.length / 4, y: 0 });
export const headSpot = (t: TableSpec): Point => ({ x: -t.length / 4, y: 0 });
export const centreSpot: Point = { x: 0, y: 0 };

/** Pocket centres at the cushion-nose corners and the middles of the long cushions. */
export function pocketCentre(t: TableSpec, p: Pocket): Point {
  const hx = t.length / 2;
  const hy = t.width / 2;
  switch (p) {
    case 'head-left': return { x: -hx, y: hy };
    case 'head-right': return { x: -hx, y: -hy };
    case 'side-left': return { x: 0, y: hy };
    case 'side-right': return { x: 0, y: -hy };
    case 'foot-left': return { x: hx, y: hy };
    case 'foot-right': return { x: hx, y: -hy };
  }
}

/** Distance from a ball centre to a cushion's nose line (negative: beyond the nose). */
export function distanceToCushion(t: TableSpec, c: Cushion, b: Point): number {
  const hx = t.length / 2;
  const hy = t.width / 2;
  switch (c) {
    case 'head': return b.x + hx;
    case 'foot': return hx - b.x;
    case 'left-head': return b.x <= 0 ? hy - b.y : Infinity;
    case 'left-foot': return b.x >= 0 ? hy - b.y : Infinity;
    case 'right-head': return b.x <= 0 ? b.y + hy : Infinity;
    case 'right-foot': return b.x >= 0 ? b.y + hy : Infinity;
  }
}
