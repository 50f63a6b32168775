// `railbird events <tracks.jsonl> --out events.jsonl`: the event log inferred from ball tracks.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { GAMES, TABLE_SIZES, isOneOf, type Game, type TableSize } from '../contract/ids.ts';
import type { MatchLine } from '../contract/log.ts';
import { parseTracks } from '../contract/tracks.ts';
import { inferEvents } from '../events/infer.ts';

export function matchLine(game: Game, players: string, table: TableSize): MatchLine {
  const [a = 'A', b = 'B'] = players.split(',').map((p) => p.trim());
  return { kind: 'match', game, table, players: [a, b], ...(game === '14.1' ? { target: 100 } : { raceTo: 9 }), breaks: 'winner', firstBreak: a };
}

/** The table size named by a calibration file (its `table` field), if any. */
export function tableOfCalibration(path: string | undefined): TableSize | null {
  if (!path) return null;
  const c = JSON.parse(readFileSync(path, 'utf8')) as { table?: unknown };
  return isOneOf(TABLE_SIZES, c.table) ? c.table : null;
}

export function registerEvents(program: Command): void {
  program
    .command('events')
    .description('infer the event log (contacts, cushions, pockets, shots) from ball tracks')
    .argument('<tracks>', 'tracks.jsonl, one line per video frame (shared/contracts/EVENTS.md)')
    .requiredOption('--out <file>', 'where to write the event log (JSON Lines)')
    .option('--calibration <file>', 'calibration.json (gives the table size)')
    .option('--table <size>', 'table size when no calibration says it: 9ft | 8ft | 7ft', '9ft')
    .option('--game <game>', 'game for the match line: 9ball | 8ball | 14.1', '9ball')
    .option('--players <names>', 'the two players, comma-separated', 'A,B')
    .option('--hidden', 'ignore positions flagged occluded (as a camera would not see them)')
    .action((tracks: string, opts: { out: string; calibration?: string; table: string; game: string; players: string; hidden?: boolean }) => {
      if (!isOneOf(GAMES, opts.game)) throw new Error(`--game must be one of ${GAMES.join(', ')}`);
      const table = tableOfCalibration(opts.calibration) ?? opts.table;
      if (!isOneOf(TABLE_SIZES, table)) throw new Error(`--table must be one of ${TABLE_SIZES.join(', ')}`);
      const parsed = parseTracks(readFileSync(tracks, 'utf8'));
      if (!parsed.ok) {
        process.stderr.write(`railbird events: ${tracks}: ${parsed.error.message}\n`);
        process.exitCode = 2;
        return;
      }
      const lines = [matchLine(opts.game, opts.players, table), ...inferEvents(parsed.value, { table, useOccluded: !opts.hidden })];
      writeFileSync(opts.out, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
      const shots = lines.filter((l) => l.kind === 'shot').length;
      process.stderr.write(`railbird events: ${parsed.value.length} frames, ${shots} shots → ${opts.out}\n`);
    });
}
