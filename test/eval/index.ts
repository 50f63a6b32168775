// npm run eval: accuracy tables, on seeds never used for tuning.
//   1. event inference on physics truth (random shots and breaks), 30/60/120 fps, 1 mm noise;
//   2. the referee end to end on simulated matches: events inferred from tracks, operator inputs
//      from the truth, calls compared shot by shot with the calls on the truth log.
import { evaluate } from './events-accuracy.ts';
import { evaluateMatch } from './match-calls.ts';

const quick = process.argv.includes('--quick');
const seeds = Array.from({ length: quick ? 200 : 1000 }, (_, i) => 500000 + i);
console.log(`1. Event inference vs physics truth (${seeds.length} random shots, seeds 500000+, 1 mm noise)`);
const table: Record<string, Record<string, string>> = {};
for (const fps of [30, 60, 120]) table[`${fps} fps`] = evaluate(seeds, fps, 0.001);
console.table(table);

console.log('2. Calls on inferred logs vs calls on the truth (simulated matches, seeds 700+, 1 mm noise, 60 fps)');
const rows: Record<string, Record<string, string | number>> = {};
for (const game of ['9ball', '8ball', '14.1'] as const) {
  let shots = 0, equal = 0, fc = 0;
  for (let seed = 700; seed < (quick ? 701 : 703); seed++) {
    const r = evaluateMatch({ game, seed, shots: 40, fps: 60, noise: 0.001, preset: 'default' });
    shots += r.shots; equal += r.equal; fc += r.firstContact;
  }
  rows[game] = { shots, 'first contact': `${((100 * fc) / shots).toFixed(1)} %`, 'calls equal': `${((100 * equal) / shots).toFixed(1)} %` };
}
console.table(rows);
