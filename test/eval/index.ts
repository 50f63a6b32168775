// npm run eval: accuracy tables, on seeds never used for tuning (tuning used 100000–100999 and
// matches 100–109). `--quick` runs smaller samples.
//   1. event inference on physics truth (random shots, a tenth of them breaks), 1 mm noise, at
//      60 and 30 fps (and 120 in the full run), and with faults: a ball near the cue ball hidden
//      for 10–20 frames at the strike, 5 % of the frames dropped;
//   2. breaks alone (the cushion count of the break rule), 60 and 30 fps;
//   3. the referee end to end on simulated matches: events inferred from tracks, operator inputs
//      from the truth, calls compared shot by shot with the calls on the truth log;
//   3b. what railbird analyze assumes without the operator (test/eval/replay-assumptions.ts):
//      the truth's events, the replay referee's declarations, calls compared with the truth's;
//   4. vision (test/eval/vision/index.ts, its own process): calibration per cloth, detection and
//      identity on fresh rendered stills, the pipeline on rendered videos, the real clips when
//      ../shared/data/real is there. `--no-vision` leaves it out;
//   5. railbird analyze from video end to end on fresh 1080p60 matches, shot by shot against the
//      truth (test/eval/analyze-video.ts). `--no-analyze` leaves it out.
// `--real` runs only what reads real footage (../shared/data/real): vision on the real clips and
// railbird analyze end to end on each real one-shot clip (test/eval/real-clips-analyze.ts).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { evaluate, type TrackFault } from './events-accuracy.ts';
import { evaluateMatch } from './match-calls.ts';

const quick = process.argv.includes('--quick');
if (process.argv.includes('--real')) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  for (const script of [['test/eval/vision/index.ts', '--real-only'], ['test/eval/real-clips-analyze.ts']]) {
    const r = spawnSync(process.execPath, ['bin/run-ts.mjs', ...script], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exitCode = r.status ?? 1;
  }
  process.exit();
}
const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);
const TARGETS = { 'first contact': '≥ 99.5 %', 'rail after contact': '≥ 99.5 %', 'pocketed recall': '≥ 99.9 %', 'pocketed precision': '≥ 99.9 %', 'break cushion count exact': '≥ 98 %', 'calls equal (as break)': '≥ 99 %', 'calls equal (as shot)': '≥ 99 %' };

const seeds = range(500000, quick ? 300 : 1000);
console.log(`1. Event inference vs physics truth (${seeds.length} random shots, seeds 500000+, 1 mm noise)`);
const rows: [string, number, TrackFault][] = [['60 fps', 60, 'none'], ['30 fps', 30, 'none'], ...(quick ? [] : [['120 fps', 120, 'none']] as [string, number, TrackFault][]),
  ['60 fps, occluded at the strike', 60, 'occlude'], ['30 fps, occluded at the strike', 30, 'occlude'], ['60 fps, 5 % frames dropped', 60, 'drop5']];
const table: Record<string, Record<string, string>> = { target: { shots: '', ...TARGETS } };
for (const [name, fps, fault] of rows) table[name] = evaluate(seeds, fps, 0.001, { fault });
console.table(table);

const breaks = range(600000, quick ? 100 : 300);
console.log(`2. Breaks (${breaks.length} racked 9-ball breaks, seeds 600000+, 1 mm noise)`);
const breakTable: Record<string, Record<string, string>> = {};
for (const fps of [60, 30]) {
  const r = evaluate(breaks, fps, 0.001, { breakShare: 1 });
  breakTable[`${fps} fps`] = { 'break cushion count exact': r['break cushion count exact']!, 'first contact': r['first contact']!, 'pocketed recall': r['pocketed recall']!, 'pocketed precision': r['pocketed precision']!, 'calls equal (as break)': r['calls equal (as break)']! };
}
console.table(breakTable);

const matchSeeds = range(700, quick ? 1 : 3);
console.log(`3. Calls on inferred logs vs calls on the truth (simulated 40-shot matches, seeds ${matchSeeds.join(', ')}, 1 mm noise)`);
const matchRows: Record<string, Record<string, string | number>> = {};
for (const fps of [60, 30]) {
  for (const game of ['9ball', '8ball', '14.1'] as const) {
    let shots = 0, equal = 0, fc = 0, missed = 0, extra = 0;
    for (const seed of matchSeeds) {
      const r = evaluateMatch({ game, seed, shots: 40, fps, noise: 0.001, preset: 'default' });
      shots += r.shots; equal += r.equal; fc += r.firstContact; missed += r.unmatched.length; extra += r.extra;
    }
    matchRows[`${game} ${fps} fps`] = { shots, 'first contact': `${((100 * fc) / shots).toFixed(1)} %`, 'calls equal': `${((100 * equal) / shots).toFixed(1)} %`, 'shots missed': missed, 'phantom shots': extra };
  }
}
console.table(matchRows);

{
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const r = spawnSync(process.execPath, ['bin/run-ts.mjs', 'test/eval/replay-assumptions.ts', '--matches', quick ? '5' : '20'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = r.status ?? 1;
}

if (!process.argv.includes('--no-vision')) {
  console.log('4. Vision (test/eval/vision/index.ts)');
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const r = spawnSync(process.execPath, ['bin/run-ts.mjs', 'test/eval/vision/index.ts', ...(quick ? ['--quick'] : [])], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = r.status ?? 1;
}

if (!process.argv.includes('--no-analyze')) {
  // From pixels: the whole of railbird analyze on fresh 1080p60 matches (test/eval/analyze-video.ts).
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const r = spawnSync(process.execPath, ['bin/run-ts.mjs', 'test/eval/analyze-video.ts', ...(quick ? ['--quick'] : [])], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = r.status ?? 1;
}
