// `railbird serve`: the live referee. With no --source it plays the bundled demo recording in a
// loop, its video through vision (a worker thread), and judges it live.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { GAMES, isOneOf, type Game } from '../contract/ids.ts';
import { startServer } from '../server/server.ts';
import { DEFAULT_RUNTIME } from '../server/runtime.ts';

interface ServeOptions {
  source?: string;
  balls: string;
  tracks?: string;
  calibration?: string;
  visionWidth?: string;
  port: string;
  host: string;
  game?: string;
  players?: string;
  race?: string;
  db: string;
  token?: string;
  resetToken?: boolean;
  speed: string;
  loop: boolean;
  video: boolean;
  script: boolean;
  log?: boolean;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('the live referee: dashboard, operator panel, overlay, review and calibration pages, REST and WebSocket')
    .option('--source <src>', 'recording folder or video file, V4L2 device (/dev/video0), or RTSP/HTTP URL (default: the bundled demo, looped)')
    .option('--balls <mode>', 'vision: the video through the vision pipeline; tracks: recorded tracks.jsonl (tests, comparing)', 'vision')
    .option('--tracks <file>', 'tracks.jsonl for --balls tracks (default: the recording\'s own)')
    .option('--calibration <file>', 'calibration.json for vision (default: the table\'s current one, else found automatically)')
    .option('--vision-width <px>', 'decode width for vision (default: the video\'s own)')
    .option('--port <n>', 'port', '8080')
    .option('--host <addr>', 'address to listen on (0.0.0.0 for tablets on the club network)', '127.0.0.1')
    .option('--game <game>', '8ball | 9ball | 14.1 (default: the recording\'s, else 9ball)')
    .option('--players <a,b>', 'the two players (default: the recording\'s)')
    .option('--race <n>', 'games to win')
    .option('--db <path>', 'SQLite database', DEFAULT_RUNTIME.db)
    .option('--token <t>', 'operator token (default: generated at first start and printed once)')
    .option('--reset-token', 'generate and print a new operator token')
    .option('--speed <x>', 'recording seconds per second (recording sources)', '1')
    .option('--no-loop', 'play a recording once')
    .option('--no-video', 'no camera image (ffmpeg not started)')
    .option('--no-script', 'do not replay the demo operator\'s inputs from the recording\'s log')
    .option('--log', 'request logging')
    .action(async (o: ServeOptions) => {
      const port = Number(o.port);
      const speed = Number(o.speed);
      const race = o.race === undefined ? null : Number(o.race);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be 0-65535');
      if (!(speed > 0 && speed <= 100)) throw new Error('--speed must be in (0, 100]');
      if (race !== null && !(Number.isInteger(race) && race >= 1)) throw new Error('--race must be a whole number ≥ 1');
      if (o.balls !== 'vision' && o.balls !== 'tracks') throw new Error('--balls must be vision or tracks');
      const visionWidth = o.visionWidth === undefined ? null : Number(o.visionWidth);
      if (visionWidth !== null && !(Number.isInteger(visionWidth) && visionWidth >= 160 && visionWidth % 2 === 0)) throw new Error('--vision-width must be an even number of pixels ≥ 160');
      if (o.game !== undefined && !isOneOf(GAMES, o.game)) throw new Error(`--game must be one of ${GAMES.join(', ')}`);
      const players = o.players?.split(',').map((p) => p.trim()).filter((p) => p !== '');
      if (players && (players.length !== 2 || players[0] === players[1])) throw new Error('--players needs two different names: A,B');
      const server = await startServer({
        source: o.source ?? null, balls: o.balls, tracks: o.tracks ?? null, calibration: o.calibration ?? null, visionWidth, db: resolve(o.db), game: (o.game as Game | undefined) ?? null,
        players: players ? [players[0]!, players[1]!] : null, raceTo: race, token: o.token ?? null, resetToken: o.resetToken === true,
        speed, loop: o.loop, video: o.video, script: o.script,
      }, { port, host: o.host, logger: o.log === true });
      const rt = server.runtime;
      const token = rt.generatedToken;
      const lines = [
        `railbird serve: ${rt.source.label} → match ${rt.pipeline.session.id} (${rt.pipeline.session.record.title})`,
        `  dashboard    ${server.url}/`,
        `  operator     ${server.url}/operator${token ? `#token=${token}` : ''}`,
        `  overlay      ${server.url}/overlay`,
        `  review       ${server.url}/review`,
        `  calibration  ${server.url}/calibration`,
        `  api docs     ${server.url}/api/docs`,
        `  database     ${resolve(o.db)}`,
        token ? `  operator token (new; shown once): ${token}`
          : `  operator token: ${rt.tokenSource === 'configured' ? 'from --token' : 'stored (printed at first start; --reset-token prints a new one)'}`,
      ];
      process.stdout.write(lines.join('\n') + '\n');
      await new Promise<void>((resolveStop) => {
        const stop = () => resolveStop();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await server.close();
    });
}
