// `railbird analyze <video> --game 9ball --out DIR`: a recorded match from video to calls
// (services/analyze/analyze.ts): DIR/calibration.json, tracks.jsonl, events.jsonl, calls.jsonl,
// notes.jsonl and shots/NNN.png.
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { GAMES, TABLE_SIZES, isOneOf, type Game, type TableSize } from '../contract/ids.ts';
import { analyzeVideo } from '../analyze/analyze.ts';
import { progressBar } from './progress.ts';

interface AnalyzeFlags {
  calibration?: string;
  game: string;
  players: string;
  race?: string;
  table: string;
  width?: string;
  fps?: string;
  jobs: string;
  out: string;
  pictures: boolean;
  warnings: boolean;
}

interface CheckedFlags {
  game: Game;
  table: TableSize;
  players: [string, string];
  race: number | undefined;
  width: number | undefined;
  fps: number | undefined;
  jobs: number;
}

/** The flags checked and converted, or what is wrong with them. */
function checkFlags(f: AnalyzeFlags): CheckedFlags | string {
  if (!isOneOf(GAMES, f.game)) return `--game must be one of ${GAMES.join(', ')}`;
  if (!isOneOf(TABLE_SIZES, f.table)) return `--table must be one of ${TABLE_SIZES.join(', ')}`;
  const players = f.players.split(',').map((p) => p.trim());
  if (players.length !== 2 || players.some((p) => p === '') || players[0] === players[1]) return '--players needs two different names, comma-separated';
  const race = f.race === undefined ? undefined : Number(f.race);
  if (race !== undefined && !(Number.isInteger(race) && race > 0)) return '--race must be a positive integer';
  const width = f.width === undefined ? undefined : Number(f.width);
  if (width !== undefined && !(Number.isInteger(width) && width >= 64 && width % 2 === 0)) return '--width must be an even number of pixels ≥ 64';
  const fps = f.fps === undefined ? undefined : Number(f.fps);
  if (fps !== undefined && !(fps >= 10 && fps <= 240)) return '--fps must be between 10 and 240';
  const jobs = Number(f.jobs);
  if (!(Number.isInteger(jobs) && jobs >= 1 && jobs <= 64)) return '--jobs must be an integer from 1 to 64';
  return { game: f.game, table: f.table, players: [players[0]!, players[1]!], race, width, fps, jobs };
}

export function registerAnalyze(program: Command): void {
  program
    .command('analyze')
    .description('referee a recorded match: decode, track the balls, infer the events, judge; writes tracks, events, calls and a picture per shot')
    .argument('<video>', 'the video file (anything ffmpeg reads)')
    .requiredOption('--out <dir>', 'output folder')
    .option('--game <game>', '9ball | 8ball | 14.1', '9ball')
    .option('--calibration <file>', 'calibration.json (default: calibrate from the first seconds of the video)')
    .option('--players <names>', 'the two players, comma-separated; the first breaks', 'A,B')
    .option('--race <n>', 'games to win (14.1: points); default: no end')
    .option('--table <size>', 'table size for the automatic calibration: 9ft | 8ft | 7ft', '9ft')
    .option('--width <px>', 'decode at this width (faster, less precise); default: the video\'s')
    .option('--fps <n>', 'analyse at this frame rate (drops frames; faster); default: every frame')
    .option('--jobs <n>', 'track this many segments of the video at once, on worker threads (one per core)', String(Math.min(4, availableParallelism())))
    .option('--no-pictures', 'skip the shot pictures')
    .option('--no-warnings', 'nobody gave the two-foul warnings (unrefereed play): a third foul in a row is not penalised (G19)')
    .action(async (video: string, f: AnalyzeFlags) => {
      const opts = checkFlags(f);
      if (typeof opts === 'string') {
        process.stderr.write(`railbird analyze: ${opts}\n`);
        process.exitCode = 2;
        return;
      }
      const { game, table, players, race, width, fps, jobs } = opts;
      const bar = progressBar('railbird analyze');
      const ac = new AbortController();
      const stop = (): void => ac.abort(new Error('interrupted'));
      process.once('SIGINT', stop);
      try {
        const r = await analyzeVideo({
          video, out: f.out, game, players, table, pictures: f.pictures, warnings: f.warnings, signal: ac.signal, jobs,
          progress: (done, total) => bar.update(done, total),
          ...(f.calibration ? { calibration: f.calibration } : {}), ...(race ? { race } : {}), ...(width ? { width } : {}), ...(fps ? { fps } : {}),
        });
        bar.done();
        const fouls = r.calls.filter((c) => c.input === 'shot' && !c.legal).length;
        for (const n of r.recordingNotes) process.stderr.write(`railbird analyze: ${n.note}\n`);
        const rate = r.frames / Math.max(1e-3, r.seconds.track);
        if (r.foreignIds.size > 0) {
          const read = [...r.foreignIds].map(([id, n]) => `${id} in ${n} frames`).join(', ');
          process.stderr.write(`railbird analyze: ids ${f.game} has no ball for were read (${read}): taken as unknown balls\n`);
        }
        process.stderr.write(
          `railbird analyze: ${r.frames} frames (${rate.toFixed(1)} frames/s), ${r.shots} shots, ${r.calls.length} calls (${fouls} fouls), ` +
          `${r.notes.length} replay assumptions; calibration ${r.calibrated === 'file' ? 'from file' : `from the frame at ${r.calibrated.t.toFixed(2)} s`} → ${f.out}\n`,
        );
      } catch (e) {
        bar.done();
        process.stderr.write(`railbird analyze: ${video}: ${(e as Error).message}\n`);
        process.exitCode = 1;
      } finally {
        process.off('SIGINT', stop);
      }
    });
}
