// The shape of services/, read from its own import statements: arrows between the layers point
// one way, no module imports itself round a cycle, the simulator is imported only where a
// recording is made, and nothing under services/ is an evaluation, a benchmark or a load tool.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));
const SERVICES = join(ROOT, 'services');

/**
 * Each layer may import its own folder and the layers strictly below it. events and vision sit
 * side by side (neither imports the other); the simulator sits beside them and is kept out of
 * production by SIM_IMPORTERS below.
 */
const RANK: Record<string, number> = {
  contract: 0, capture: 0, table: 1, rules: 2, sim: 3, events: 3, vision: 3, analyze: 4, live: 5, storage: 6, server: 7, cli: 8,
};
/** The only production files that may import the simulator: the `simulate` command. */
const SIM_IMPORTERS = new Set(['services/cli/simulate.ts']);
const TOOL_NAME = /(^|[/-])(eval|bench|soak|load|fault|testing)([/.-]|$)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|mjs)$/.test(e.name) && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Repo-relative file → the repo-relative files it imports (relative specifiers only). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SERVICES)) {
    const text = readFileSync(file, 'utf8');
    const deps: string[] = [];
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (!spec.startsWith('.')) continue;
      deps.push(relative(ROOT, normalize(join(dirname(file), spec))));
    }
    graph.set(relative(ROOT, file), deps);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) out.push(c.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const layerOf = (file: string): string => file.split('/')[1]!;

describe('architecture of services/', () => {
  const graph = importGraph();

  it('has the files it is read from', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('services/vision/pipeline.ts')).toContain('services/vision/tracking/tracker.ts');
  });

  it('has no import cycle (a type two files share lives in a third, lower one)', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('every folder is a known layer, and imports only its own folder and the layers below it', () => {
    const wrong: string[] = [];
    for (const [file, deps] of graph) {
      const from = layerOf(file);
      if (!(from in RANK)) wrong.push(`${file}: services/${from} is not a known layer`);
      for (const dep of deps) {
        if (!dep.startsWith('services/')) {
          wrong.push(`${file} imports ${dep}, outside services/ (production never imports tests, tools or training code)`);
          continue;
        }
        const to = layerOf(dep);
        if (to !== from && !((RANK[to] ?? Infinity) < (RANK[from] ?? -Infinity))) wrong.push(`${file} (${from}) imports ${dep} (${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('nothing outside services/sim imports the simulator, but for the simulate command', () => {
    const importers = [...graph].filter(([file, deps]) => !file.startsWith('services/sim/') && deps.some((d) => d.startsWith('services/sim/'))).map(([f]) => f);
    expect(importers.filter((f) => !SIM_IMPORTERS.has(f))).toEqual([]);
  });

  it('holds no evaluation, benchmark or load tool (they live under test/)', () => {
    expect([...graph.keys()].filter((f) => TOOL_NAME.test(f.slice('services/'.length)))).toEqual([]);
  });
});
