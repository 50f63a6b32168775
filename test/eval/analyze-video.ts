// `railbird analyze` end to end on fresh simulated 1080p60 match recordings (seeds never used for
// tuning): ffmpeg → vision → event inference → the replay referee, scored shot by shot against
// the simulator's truth log (services/analyze/compare.ts, as test/eval/analyze-vs-truth.ts).
// Unlike the event-inference tables of `npm run eval`, which start from the true tracks with noise
// added, this starts from pixels. Recordings are cached under tmp/analyze-eval/.
//   node bin/run-ts.mjs test/eval/analyze-video.ts [--quick] [--fresh N [--from S]] [--match GAME:SEED]… [--nudges R] [--keep DIR] [--why] [--classical]
// --keep DIR: keep each analysis in DIR/GAME-SEED (tracks, events, calls), to look into.
// --classical: the classical ball detector alone (no learned detector's looks; for comparison).
// --why: after the table, each shot whose call differs from the truth's (what each side read).
// "fouls on legal shots" says how many of them the shot line marks too close to call (the
// operator is asked before the call stands).
// --fresh N: N more matches (seeds 6301+, or S+, 9-ball, 8-ball and 14.1 in turn) instead of the two.
// --nudges R: filmed with a hand nudging a ball in a share R of the pauses (the default preset: 0.01),
// scored in "disturbed found, phantom" (the truth's disturbed lines found within 1.5 s, and the others).
// --format 720p30 (or 576p25 …): filmed at that height and frame rate (16:9) instead of 1080p60,
// as broadcasts and club cameras often are.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeVideo } from '../../services/analyze/analyze.ts';
import { compareLogs, withTruthInputs } from '../../services/analyze/compare.ts';
import type { Game } from '../../services/contract/ids.ts';
import { recordSimulation } from '../../services/sim/recording/record.ts';
import type { LogLine } from '../../services/contract/log.ts';
import { matchDisturbed } from './disturbed-noise.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const quick = process.argv.includes('--quick');

const nudgesAt = process.argv.indexOf('--nudges');
const nudges = nudgesAt >= 0 ? Number(process.argv[nudgesAt + 1]) : null;

const formatAt = process.argv.indexOf('--format');
const format = /^(\d+)p(\d+)$/.exec(formatAt >= 0 ? process.argv[formatAt + 1]! : '1080p60');
if (!format) throw new Error('--format: HEIGHTpFPS, e.g. 720p30');
const [height, fps] = [Number(format[1]), Number(format[2])];
const width = Math.round((height * 16) / 9 / 2) * 2;
const formatName = `${height}p${fps}`;

/** A fresh 8-shot match (brisk pauses; 1080p60 unless --format), cached by its settings. */
async function recording(game: Game, seed: number): Promise<string> {
  const out = join(ROOT, 'tmp', 'analyze-eval', `${game}-${seed}-8-${fps}${height === 1080 ? '' : `-${height}p`}${nudges === null ? '' : `-nudges${nudges}`}`);
  if (existsSync(join(out, 'truth.jsonl')) && existsSync(join(out, 'recording.mp4'))) return out;
  process.stderr.write(`analyze eval: simulating and filming ${game} seed ${seed} (8 shots, ${formatName}, ~2 min)…\n`);
  await recordSimulation({
    game, shots: 8, seed, fps, width, height, out, players: ['Ann', 'Bob'], table: '9ft', preset: 'default', ballSet: 'standard', brisk: true,
    ...(nudges === null ? {} : { situations: { disturbed: nudges } }),
  });
  return out;
}


const freshAt = process.argv.indexOf('--fresh');
const fresh = freshAt >= 0 ? Number(process.argv[freshAt + 1]) : 0;
const fromAt = process.argv.indexOf('--from');
const firstSeed = fromAt >= 0 ? Number(process.argv[fromAt + 1]) : 6301;
const GAMES: Game[] = ['9ball', '8ball', '14.1'];
// --match GAME:SEED (repeatable): just those matches, e.g. --match 14.1:6303.
const picked = process.argv.flatMap((a, k) => (a === '--match' ? [process.argv[k + 1]!.split(':') as [Game, string]] : [])).map(([g, s]): [Game, number] => [g, Number(s)]);
const matches: [Game, number][] = picked.length ? picked : fresh > 0 ? Array.from({ length: fresh }, (_, k) => [GAMES[k % 3]!, firstSeed + k]) : [['9ball', 6161], ['8ball', 6262]];
const rows: Record<string, Record<string, string>> = {};
/** Shots the analysis found that nobody played, and how many of them it called a foul. */
const extraOf = (n: number, fouls: number): string => (fouls ? `${n} (${fouls} called a foul)` : String(n));
const total = { shots: 0, found: 0, extra: 0, extraFouls: 0, first: 0, pockets: 0, calls: 0, callsTruthInputs: 0, falseFouls: 0, falseMarked: 0, disturbed: 0, disturbedFound: 0, phantom: 0 };

/** The analysed shots whose line carries `uncertain` (too close to call), by time, with their facts. */
function markedShots(events: string): { t: number; facts: string }[] {
  return events.split('\n').filter((l) => l.trim()).flatMap((l) => {
    const e = JSON.parse(l) as { kind?: string; t?: number; uncertain?: { fact: string }[] };
    return e.kind === 'shot' && e.t !== undefined && e.uncertain?.length ? [{ t: e.t, facts: e.uncertain.map((u) => u.fact).join(', ') }] : [];
  });
}
const keepAt = process.argv.indexOf('--keep');
const classical = process.argv.includes('--classical');
const keep = keepAt >= 0 ? process.argv[keepAt + 1]! : null;
const why: string[] = [];
const legalOf = (key: string | null): boolean | null => (key === null ? null : (JSON.parse(key) as { legal: boolean }).legal);
for (const [game, seed] of quick ? matches.slice(0, 1) : matches) {
  const dir = await recording(game, seed);
  const out = keep ? join(keep, `${game}-${seed}`) : mkdtempSync(join(tmpdir(), 'railbird-analyze-eval-'));
  try {
    const t0 = performance.now();
    const r = await analyzeVideo({ video: join(dir, 'recording.mp4'), out, game, players: ['Ann', 'Bob'], jobs: 2, pictures: false, ...(classical ? { pipeline: { learned: null } } : {}) });
    const wall = (performance.now() - t0) / 1000;
    const truth = readFileSync(join(dir, 'truth.jsonl'), 'utf8');
    const analysed = readFileSync(join(out, 'events.jsonl'), 'utf8');
    const own = compareLogs(truth, analysed);
    const op = compareLogs(truth, withTruthInputs(truth, analysed));
    const s = own.summary;
    // A foul called on a shot the truth calls legal: the worst call a referee can make.
    const falseFoulShots = own.shots.filter((x) => legalOf(x.call.truth) === true && legalOf(x.call.analysed) === false);
    const falseFouls = falseFoulShots.length;
    // Those the shot line marks too close to call: the operator is asked before the call stands.
    const marked = markedShots(analysed);
    const markedOf = (t: number | null): string | undefined => (t === null ? undefined : marked.find((m) => Math.abs(m.t - t) < 1e-3)?.facts);
    const falseMarked = falseFoulShots.filter((x) => markedOf(x.analysedT) !== undefined).length;
    const of = (n: number): string => `${n}/${s.truthShots}`;
    const logOf = (text: string): LogLine[] => text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as LogLine);
    const d = matchDisturbed(logOf(truth), logOf(analysed));
    total.disturbed += d.truth; total.disturbedFound += d.found; total.phantom += d.phantom;
    rows[`${game} seed ${seed}`] = {
      'shots found': of(s.found), 'extra shots': extraOf(own.extraShots.length, own.extraFouls.length), 'first contact': of(s.firstContact), 'pocketed balls and pockets': of(s.pocketed),
      'calls equal (replay assumptions)': of(s.calls), 'calls equal (truth operator inputs)': of(op.summary.calls),
      'fouls on legal shots': falseMarked ? `${falseFouls} (${falseMarked} marked)` : String(falseFouls),
      'disturbed found, phantom': `${d.found}/${d.truth}, ${d.phantom}`,
      'calibrated from the video': r.calibrated === 'file' ? 'no' : `at ${r.calibrated.t.toFixed(1)} s`, 'analyze wall (s)': wall.toFixed(1),
    };
    for (const x of own.shots) {
      if (x.call.same) continue;
      const read = (fc: unknown, pk: unknown, call: string | null): string => `first ${JSON.stringify(fc)} pocketed ${JSON.stringify(pk)} call ${call ?? '-'}`;
      const mark = markedOf(x.analysedT);
      why.push(`${game} ${seed} shot at ${x.truthT.toFixed(2)} s${x.analysedT === null ? ' (not found)' : ''}${mark ? ` (marked too close to call: ${mark})` : ''}\n    truth    ${read(x.firstContact.truth, x.pocketed.truth, x.call.truth)}\n    analysed ${read(x.firstContact.analysed, x.pocketed.analysed, x.call.analysed)}`);
    }
    total.falseFouls += falseFouls;
    total.falseMarked += falseMarked;
    total.shots += s.truthShots; total.found += s.found; total.extra += own.extraShots.length; total.extraFouls += own.extraFouls.length; total.first += s.firstContact;
    total.pockets += s.pocketed; total.calls += s.calls; total.callsTruthInputs += op.summary.calls;
  } finally {
    if (!keep) rmSync(out, { recursive: true, force: true });
  }
}
const pct = (n: number): string => `${((100 * n) / Math.max(1, total.shots)).toFixed(1)} % (${n}/${total.shots})`;
rows.all = {
  'shots found': pct(total.found), 'extra shots': extraOf(total.extra, total.extraFouls), 'first contact': pct(total.first), 'pocketed balls and pockets': pct(total.pockets),
  'calls equal (replay assumptions)': pct(total.calls), 'calls equal (truth operator inputs)': pct(total.callsTruthInputs), 'fouls on legal shots': total.falseMarked ? `${total.falseFouls} (${total.falseMarked} marked)` : String(total.falseFouls),
  'disturbed found, phantom': `${total.disturbedFound}/${total.disturbed}, ${total.phantom}`, 'calibrated from the video': '', 'analyze wall (s)': '',
};
console.log(`5. railbird analyze from video (fresh simulated ${formatName} matches, calibrated from the video, --jobs 2), shot by shot against the truth`);
console.table(rows);
if (process.argv.includes('--why') && why.length) console.log(`\nCalls that differ (${why.length}):\n  ${why.join('\n  ')}`);

