// What `railbird analyze` assumes where the live referee would ask the operator: simulated
// matches' truth logs are stripped to what a camera gives (shots without declarations; no
// decisions, operator fouls or warnings), the replay referee chooses the declarations
// (services/analyze/replay-referee.ts), and each shot's call is compared with the truth's call
// on what decides the game, players aside (services/analyze/compare.ts, as analyze is scored).
// The events are the truth's, so every difference comes from an assumption: a call, a safety,
// a push-out, or what the camera cannot see (operator fouls, safeties that pocket nothing).
//   node bin/run-ts.mjs test/eval/replay-assumptions.ts [--from 900] [--matches 20] [--shots 25]
import type { Call, LogLine } from '../../services/contract/log.ts';
import type { Game } from '../../services/contract/ids.ts';
import { callKey } from '../../services/analyze/compare.ts';
import { refereeWithoutOperator } from '../../services/analyze/replay-referee.ts';
import { judgeText } from '../../services/rules/judge.ts';
import { simulateMatch, simulationOptions } from '../../services/sim/game/index.ts';
import { cameraOnly } from '../support/camera-only.ts';

const text = (lines: readonly LogLine[]): string => lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
const shotCalls = (calls: readonly Call[]): Call[] => calls.filter((c) => c.input === 'shot');

interface AssumptionScore { shots: number; equal: number; falseFouls: number; missedFouls: number }

function scoreAssumptions(game: Game, seeds: readonly number[], shots: number): AssumptionScore {
  const s: AssumptionScore = { shots: 0, equal: 0, falseFouls: 0, missedFouls: 0 };
  for (const seed of seeds) {
    const rec = simulateMatch({ game, shots, seed, options: simulationOptions('default') });
    const truth = shotCalls(rec.calls);
    const replayed = shotCalls(judgeText(text(refereeWithoutOperator(cameraOnly(rec.lines)).lines)).calls);
    truth.forEach((c, k) => {
      const g = replayed[k];
      s.shots++;
      if (g && callKey(c, false) === callKey(g, false)) s.equal++;
      if (g && c.legal && !g.legal) s.falseFouls++;
      if (g && !c.legal && g.legal) s.missedFouls++;
    });
  }
  return s;
}

{
  const arg = (n: string, d: number): number => { const i = process.argv.indexOf(n); return i >= 0 ? Number(process.argv[i + 1]) : d; };
  const from = arg('--from', 900);
  const matches = arg('--matches', 20);
  const shots = arg('--shots', 25);
  const seeds = Array.from({ length: matches }, (_, i) => from + i);
  console.log(`Replay assumptions: calls from the truth's events without the operator's inputs (${matches} simulated ${shots}-shot matches per game, seeds ${from}–${from + matches - 1})`);
  const rows: Record<string, Record<string, string | number>> = {};
  for (const game of ['8ball', '9ball', '14.1'] as const) {
    const r = scoreAssumptions(game, seeds, shots);
    rows[game] = { shots: r.shots, 'calls equal': `${((100 * r.equal) / r.shots).toFixed(1)} %`, 'fouls on legal shots': r.falseFouls, 'fouls missed': r.missedFouls };
  }
  console.table(rows);
}
