// Benchmark of the match simulator: simulates N shots of each game (default and stress presets,
// over a few seeds) and prints shots per second and the rate of each situation per shot.
//   node bin/run-ts.mjs test/bench/sim-games.ts [shotsPerGame=100] [seeds=1]
import type { Game } from '../../services/contract/ids.ts';
import { simulateMatch } from '../../services/sim/game/match.ts';
import { simulationOptions, type PresetName } from '../../services/sim/game/options.ts';
import { addCounts, countSituations, type SituationCounts } from '../../services/sim/game/stats.ts';

const shotsPerGame = Number(process.argv[2] ?? 100);
const seeds = Number(process.argv[3] ?? 1);
const GAMES: Game[] = ['9ball', '8ball', '14.1'];
const PRESETS: PresetName[] = ['default', 'stress'];

function perShot(c: SituationCounts): string {
  const keys = (Object.keys(c) as (keyof SituationCounts)[]).filter((k) => k !== 'shots');
  return keys.map((k) => `${k} ${(c[k] / Math.max(1, c.shots)).toFixed(3)}`).join(', ');
}

for (const preset of PRESETS) {
  for (const game of GAMES) {
    let total: SituationCounts | null = null;
    let ms = 0;
    let problems = 0;
    for (let seed = 1; seed <= seeds; seed++) {
      let left = shotsPerGame;
      // A match may end before the shots are done: start another (next seed offset) until they are.
      for (let k = 0; left > 0 && k < 20; k++) {
        const t0 = performance.now();
        const rec = simulateMatch({ game, shots: left, seed: seed * 1000 + k, options: simulationOptions(preset) });
        ms += performance.now() - t0;
        problems += rec.problems.length;
        const counts = countSituations(rec);
        total = total ? addCounts(total, counts) : counts;
        left -= rec.shots.length;
      }
    }
    if (!total) continue;
    const rate = (total.shots / (ms / 1000)).toFixed(1);
    console.log(`${preset.padEnd(7)} ${game.padEnd(5)} ${total.shots} shots in ${(ms / 1000).toFixed(2)} s = ${rate} shots/s, problems ${problems}`);
    console.log(`  per shot: ${perShot(total)}`);
  }
}
