// Minimum-cost assignment (Hungarian / Kuhn–Munkres with potentials, O(n²·m)) for a
// rectangular cost matrix; pairs whose cost is Infinity are never assigned.

/**
 * Assigns rows to columns minimising the total cost. `cost[r][c]` may be Infinity (forbidden).
 * Returns, for each row, its column or -1.
 */
export function hungarian(cost: readonly (readonly number[])[]): number[] {
  const rows = cost.length;
  const cols = rows ? cost[0]!.length : 0;
  if (rows === 0 || cols === 0) return new Array<number>(rows).fill(-1);
  // Square it with a large finite stand-in for forbidden pairs.
  let finiteMax = 0;
  for (const row of cost) for (const v of row) if (Number.isFinite(v)) finiteMax = Math.max(finiteMax, Math.abs(v));
  const BIG = (finiteMax + 1) * (rows + cols + 1);
  const n = Math.max(rows, cols);
  const a = (i: number, j: number): number => (i < rows && j < cols ? (Number.isFinite(cost[i]![j]!) ? cost[i]![j]! : BIG) : 0);
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const p = new Int32Array(n + 1); // p[j]: row matched to column j (1-based), 0 = none
  const way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(Infinity);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = a(i0 - 1, j - 1) - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else minv[j] = minv[j]! - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0);
  }
  const out = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = p[j]! - 1;
    if (i >= 0 && i < rows && j - 1 < cols && Number.isFinite(cost[i]![j - 1]!)) out[i] = j - 1;
  }
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
