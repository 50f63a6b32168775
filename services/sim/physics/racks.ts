// Standard racks, apex ball on the foot spot, rows towards the foot cushion. Balls are
// spaced by 2R + gap (a small gap keeps the racked balls from all being exactly frozen;
// gap 0 racks them frozen, which the simulator also handles).
import type { BallId } from '../../contract/ids.ts';
import { BALL_RADIUS, footSpot, type TableSpec } from '../../table/spec.ts';
import type { BallPlacement } from './layout.ts';
import type { Rng } from './rng.ts';

export interface RackOptions {
  /** Gap between neighbouring balls (m). Default 1e-4. */
  readonly gap?: number;
  /**
   * Randomly shift each ball by up to `jitter` metres along x and y (needs `rng`); capped
   * at gap / (2√2) so racked balls never overlap.
   */
  readonly jitter?: number;
  readonly rng?: Rng;
  readonly ballRadius?: number;
}

/** Centres of a triangular lattice rows from the apex; counts per row given. */
function latticeRows(table: TableSpec, rowCounts: readonly number[], options: RackOptions): { x: number; y: number }[][] {
  const R = options.ballRadius ?? BALL_RADIUS;
  const spacing = 2 * R + (options.gap ?? 1e-4);
  const apex = footSpot(table);
  const rowStep = (spacing * Math.sqrt(3)) / 2;
  return rowCounts.map((count, row) => {
    return Array.from({ length: count }, (_, k) => ({
      x: apex.x + row * rowStep,
      y: apex.y + (k - (count - 1) / 2) * spacing,
    }));
  });
}

function place(ids: readonly BallId[], spots: { x: number; y: number }[], options: RackOptions): BallPlacement[] {
  const jitter = Math.min(options.jitter ?? 0, (options.gap ?? 1e-4) / (2 * Math.SQRT2));
  const rng = options.rng;
  return ids.map((id, k) => {
    const spot = spots[k]!;
    const dx = jitter > 0 && rng ? (rng() * 2 - 1) * jitter : 0;
    const dy = jitter > 0 && rng ? (rng() * 2 - 1) * jitter : 0;
    return { id, x: spot.x + dx, y: spot.y + dy };
  });
}

/** 9-ball diamond: 1 on the foot spot, 9 in the middle, rows of 1, 2, 3, 2, 1. */
export function nineBallRack(table: TableSpec, options: RackOptions = {}): BallPlacement[] {
  const rows = latticeRows(table, [1, 2, 3, 2, 1], options);
  const spots = rows.flat();
  // Spot order: row 0: [0]; row 1: [1, 2]; row 2: [3, 4 (centre), 5]; row 3: [6, 7]; row 4: [8].
  const ids: BallId[] = [1, 2, 3, 4, 9, 5, 6, 7, 8];
  return place(ids, spots, options);
}

/** 15-ball triangle (8-ball / 14.1): 1 on the foot spot, 8 in the middle of row 3, a solid and a stripe at the back corners. */
export function fifteenBallRack(table: TableSpec, options: RackOptions = {}): BallPlacement[] {
  const spots = latticeRows(table, [1, 2, 3, 4, 5], options).flat();
  // Row 0: 1; row 1: 9 2; row 2: 10 8 3; row 3: 11 4 12 5; row 4: 6 13 14 7 15.
  const ids: BallId[] = [1, 9, 2, 10, 8, 3, 11, 4, 12, 5, 6, 13, 14, 7, 15];
  return place(ids, spots, options);
}
