// `railbird simulate --game 9ball --shots N --seed S --fps F --size WxH --out DIR`: a simulated
// match filmed by an overhead club camera, with its truth (event log, tracks, calibration).
import type { Command } from 'commander';
import { GAMES, TABLE_SIZES, isOneOf } from '../contract/ids.ts';
import { recordSimulation } from '../sim/recording/record.ts';
import { progressBar } from './progress.ts';

interface SimulateOpts {
  game: string; shots: string; seed: string; fps: string; size: string; out: string; players: string;
  table: string; preset: string; cloth?: string; ballSet: string; brisk?: boolean; cuts?: boolean;
}

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('simulate a match and film it: recording.mp4, truth.jsonl, tracks.jsonl, calibration.json')
    .requiredOption('--out <dir>', 'output folder')
    .option('--game <game>', '9ball | 8ball | 14.1', '9ball')
    .option('--shots <n>', 'shots to play (fewer if the match ends)', '20')
    .option('--seed <n>', 'random seed (same seed, same truth)', '1')
    .option('--fps <n>', '30 | 60 | 120', '60')
    .option('--size <WxH>', 'frame size: 1280x720, 1920x1080, 3840x2160', '1280x720')
    .option('--players <a,b>', 'the two players (the first breaks)', 'A,B')
    .option('--table <size>', '9ft | 8ft | 7ft', '9ft')
    .option('--preset <name>', 'situation rates: default | stress', 'default')
    .option('--cloth <name>', 'green | blue | red | grey (default: by seed)')
    .option('--ball-set <name>', 'standard | tv', 'standard')
    .option('--brisk', 'short pauses between shots (demos)')
    .option('--cuts', 'cut away from the table view (a close-up, another camera, a replay) in every other shot; cuts.jsonl says when')
    .action(async (o: SimulateOpts) => {
      if (!isOneOf(GAMES, o.game)) throw new Error(`--game must be one of ${GAMES.join(', ')}`);
      if (!isOneOf(TABLE_SIZES, o.table)) throw new Error(`--table must be one of ${TABLE_SIZES.join(', ')}`);
      if (o.preset !== 'default' && o.preset !== 'stress') throw new Error('--preset must be default or stress');
      if (o.ballSet !== 'standard' && o.ballSet !== 'tv') throw new Error('--ball-set must be standard or tv');
      const cloth = o.cloth;
      if (cloth !== undefined && !['green', 'blue', 'red', 'grey'].includes(cloth)) throw new Error('--cloth must be green, blue, red or grey');
      const m = /^(\d+)x(\d+)$/.exec(o.size);
      if (!m) throw new Error('--size must be WxH, e.g. 1920x1080');
      const [a = 'A', b = 'B'] = o.players.split(',').map((s) => s.trim());
      const bar = progressBar('simulate');
      const r = await recordSimulation({
        game: o.game, shots: Number(o.shots), seed: Number(o.seed), fps: Number(o.fps), width: Number(m[1]), height: Number(m[2]),
        out: o.out, players: [a, b], table: o.table, preset: o.preset, ballSet: o.ballSet,
        ...(cloth ? { cloth: cloth as 'green' | 'blue' | 'red' | 'grey' } : {}), ...(o.brisk ? { brisk: true } : {}), ...(o.cuts ? { cuts: true } : {}), progress: bar.update,
      });
      bar.done();
      process.stderr.write(`railbird simulate: ${r.match.shots.length} shots, ${r.frames} frames (${r.duration.toFixed(1)} s) → ${o.out}\n`);
      if (r.match.problems.length) process.stderr.write(`problems:\n  ${r.match.problems.join('\n  ')}\n`);
    });
}
