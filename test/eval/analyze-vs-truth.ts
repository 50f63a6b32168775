// Scores a `railbird analyze` output folder against a truth log, shot by shot, and prints it:
//   node bin/run-ts.mjs test/eval/analyze-vs-truth.ts recordings/demo/truth.jsonl out/demo/events.jsonl
// Calls are judged twice: on the analysed log as written (the replay referee's assumptions for
// the operator's inputs) and with the truth's operator inputs (vision and inference alone).
import { readFileSync } from 'node:fs';
import { compareLogs, withTruthInputs, type Comparison } from '../../services/analyze/compare.ts';

const [truthPath, eventsPath] = process.argv.slice(2);
if (!truthPath || !eventsPath) {
  console.error('usage: analyze-vs-truth.ts <truth.jsonl> <events.jsonl>');
  process.exit(2);
}
const truth = readFileSync(truthPath, 'utf8');
const analysed = readFileSync(eventsPath, 'utf8');
const own = compareLogs(truth, analysed);
const operator = compareLogs(truth, withTruthInputs(truth, analysed));
const show = (v: number | null): string => (v === null ? '-' : String(v));
console.table(own.shots.map((s, k) => ({
  't truth': s.truthT.toFixed(2),
  't analysed': s.analysedT?.toFixed(2) ?? 'missed',
  'first hit (truth/analysed)': `${show(s.firstContact.truth)} / ${show(s.firstContact.analysed)}`,
  'pocketed truth': s.pocketed.truth.join(' '),
  'pocketed analysed': s.pocketed.analysed.join(' '),
  'call same': s.call.same,
  'call same, truth inputs': operator.shots[k]!.call.same,
})));
const pct = (n: number, c: Comparison): string => `${n}/${c.summary.truthShots}`;
console.table({
  'shots found': pct(own.summary.found, own),
  'extra shots': String(own.extraShots.length),
  'first contact right': pct(own.summary.firstContact, own),
  'pocketed balls and pockets right': pct(own.summary.pocketed, own),
  'calls equal (replay assumptions)': pct(own.summary.calls, own),
  'calls equal, names too (replay assumptions)': pct(own.summary.callsWithPlayers, own),
  'calls equal (truth operator inputs)': pct(operator.summary.calls, operator),
});
