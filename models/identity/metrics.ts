// Accuracy bookkeeping for the identity evaluation: groups of (truth, prediction) pairs, kind
// accuracy, confusion highlights, and a markdown table.
import { BALL_KINDS, NONE_CLASS, NUM_CLASSES, kindOfClass, type BallKind } from '../../services/vision/identity/classes.ts';

export class Tally {
  readonly confusion: number[][] = Array.from({ length: NUM_CLASSES }, () => new Array<number>(NUM_CLASSES).fill(0));
  n = 0;
  correct = 0;
  kindCorrect = 0;

  add(truth: number, pred: number): void {
    this.confusion[truth]![pred]!++;
    this.n++;
    if (truth === pred) this.correct++;
    if (kindOfClass(truth) === kindOfClass(pred)) this.kindCorrect++;
  }

  get accuracy(): number {
    return this.n ? this.correct / this.n : NaN;
  }

  get kindAccuracy(): number {
    return this.n ? this.kindCorrect / this.n : NaN;
  }

  /** The most frequent off-diagonal (truth → prediction) pairs. */
  highlights(k = 6): string {
    const pairs: [number, number, number][] = [];
    this.confusion.forEach((row, t) => row.forEach((c, p) => { if (t !== p && c > 0) pairs.push([c, t, p]); }));
    pairs.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]);
    const name = (c: number): string => (c === NONE_CLASS ? 'none' : String(c));
    return pairs.slice(0, k).map(([c, t, p]) => `${name(t)}→${name(p)} ×${c}`).join(', ') || '–';
  }
}

export class Groups {
  readonly groups = new Map<string, Tally>();

  add(group: string, truth: number, pred: number): void {
    let t = this.groups.get(group);
    if (!t) {
      t = new Tally();
      this.groups.set(group, t);
    }
    t.add(truth, pred);
  }

  get(group: string): Tally | undefined {
    return this.groups.get(group);
  }

  table(order: readonly string[]): string {
    const pct = (v: number): string => (Number.isNaN(v) ? '–' : `${(100 * v).toFixed(2)} %`);
    const lines = ['| group | crops | identity | kind | confusion highlights (truth→pred) |', '|---|---:|---:|---:|---|'];
    for (const g of order) {
      const t = this.groups.get(g);
      if (!t) continue;
      lines.push(`| ${g} | ${t.n} | ${pct(t.accuracy)} | ${pct(t.kindAccuracy)} | ${t.highlights()} |`);
    }
    return lines.join('\n');
  }
}

/** Kind-level confusion (rows truth, columns prediction) as a markdown table. */
export function kindTable(pairs: readonly { truth: BallKind; pred: BallKind }[]): string {
  const idx = (k: BallKind): number => BALL_KINDS.indexOf(k);
  const m = BALL_KINDS.map(() => BALL_KINDS.map(() => 0));
  for (const p of pairs) m[idx(p.truth)]![idx(p.pred)]!++;
  const lines = [`| truth \\ pred | ${BALL_KINDS.join(' | ')} | accuracy |`, `|---|${BALL_KINDS.map(() => '---:').join('|')}|---:|`];
  BALL_KINDS.forEach((k, i) => {
    const row = m[i]!;
    const tot = row.reduce((a, b) => a + b, 0);
    if (!tot) return;
    lines.push(`| ${k} | ${row.join(' | ')} | ${((100 * row[i]!) / tot).toFixed(1)} % |`);
  });
  const ok = pairs.filter((p) => p.truth === p.pred).length;
  lines.push(`\nkind accuracy: ${ok}/${pairs.length} = ${((100 * ok) / Math.max(1, pairs.length)).toFixed(2)} %`);
  return lines.join('\n');
}
