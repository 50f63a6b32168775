// `railbird analyze` on broadcast-like recordings that cut away from the table (a close-up,
// another camera, a replay of the last shot) in every other shot, against the simulator's truth,
// and on the same matches filmed without cuts. Scored on the shots whose stroke and rest are both
// in view (found, calls equal to the truth's); shots whose stroke or rest fell in a cut are counted
// apart (found, marked uncertain); and a call "invented during a cut" is a shot or disturbed line
// whose time falls in a cut without an `uncertain` mark. Recordings cached under tmp/cuts-eval/.
//   node bin/run-ts.mjs test/eval/cuts-analyze.ts [--quick] [--seeds 8101,8102] [--hd]
// --hd films and analyses at 1080p60 (a broadcast's own rate) instead of 720p30.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeVideo } from '../../services/analyze/analyze.ts';
import { compareLogs } from '../../services/analyze/compare.ts';
import type { Game } from '../../services/contract/ids.ts';
import type { LogLine, ShotLine } from '../../services/contract/log.ts';
import { recordSimulation } from '../../services/sim/recording/record.ts';
import type { Cut } from '../../services/sim/recording/cuts.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const arg = (n: string): string | undefined => { const i = process.argv.indexOf(n); return i >= 0 ? process.argv[i + 1] : undefined; };
const quick = process.argv.includes('--quick');
const GAMES: Game[] = ['9ball', '8ball', '14.1'];
const hd = process.argv.includes('--hd');
const FORMAT = hd ? { fps: 60, width: 1920, height: 1080, name: '1080p60' } : { fps: 30, width: 1280, height: 720, name: '720p30' };
const seeds = (arg('--seeds')?.split(',').map(Number)) ?? (quick ? [8101] : [8101, 8102, 8103, 8104, 8105, 8106]);

async function recording(game: Game, seed: number, cuts: boolean): Promise<string> {
  const out = join(ROOT, 'tmp', 'cuts-eval', `${game}-${seed}-${cuts ? 'cuts' : 'plain'}${hd ? '-hd' : ''}`);
  if (existsSync(join(out, 'truth.jsonl')) && existsSync(join(out, 'recording.mp4'))) return out;
  process.stderr.write(`cuts eval: filming ${game} seed ${seed}${cuts ? ' with cuts' : ''} (8 shots, ${FORMAT.name})…\n`);
  await recordSimulation({ game, shots: 8, seed, fps: FORMAT.fps, width: FORMAT.width, height: FORMAT.height, out, players: ['Ann', 'Bob'], table: '9ft', preset: 'default', ballSet: 'standard', brisk: true, cuts });
  return out;
}

const inCut = (cuts: readonly Cut[], t: number, margin = 0.1): boolean => cuts.some((c) => t >= c.from - margin && t < c.to + margin);

interface Row { shots: number; inView: number; inViewFound: number; inViewCalls: number; cutShots: number; cutFound: number; cutMarked: number; invented: number; extra: number }
const zero = (): Row => ({ shots: 0, inView: 0, inViewFound: 0, inViewCalls: 0, cutShots: 0, cutFound: 0, cutMarked: 0, invented: 0, extra: 0 });

async function score(dir: string, game: Game, cuts: readonly Cut[]): Promise<Row> {
  const out = mkdtempSync(join(tmpdir(), 'railbird-cuts-eval-'));
  try {
    await analyzeVideo({ video: join(dir, 'recording.mp4'), out, game, players: ['Ann', 'Bob'], jobs: 2, pictures: false });
    const truth = readFileSync(join(dir, 'truth.jsonl'), 'utf8');
    const analysed = readFileSync(join(out, 'events.jsonl'), 'utf8');
    const c = compareLogs(truth, analysed);
    const truthShots = truth.trim().split('\n').map((l) => JSON.parse(l) as LogLine).filter((l): l is ShotLine => l.kind === 'shot');
    const lines = analysed.trim().split('\n').map((l) => JSON.parse(l) as LogLine);
    const r = zero();
    const claimed = new Set<LogLine>();
    c.shots.forEach((s, i) => {
      const ts = truthShots[i]!;
      r.shots++;
      const away = inCut(cuts, ts.t ?? 0) || inCut(cuts, ts.end?.t ?? ts.t ?? 0);
      if (!away) {
        r.inView++;
        if (s.analysedT !== null) r.inViewFound++;
        if (s.call.same) r.inViewCalls++;
        return;
      }
      r.cutShots++;
      // A stroke unseen is timed from what was seen around it: any shot reported over the same cut.
      const cut = cuts.find((k) => (ts.t ?? 0) >= k.from - 0.1 && (ts.t ?? 0) < k.to + 0.1);
      const line = s.analysedT !== null
        ? lines.find((l): l is ShotLine => l.kind === 'shot' && l.t === s.analysedT)
        : cut ? lines.find((l): l is ShotLine => l.kind === 'shot' && (l.t ?? 0) >= cut.from - 0.5 && (l.t ?? 0) <= cut.to + 0.5 && !claimed.has(l)) : undefined;
      if (!line) return;
      claimed.add(line);
      r.cutFound++;
      if (line.uncertain?.length) r.cutMarked++;
    });
    r.extra = c.extraShots.filter((t) => !lines.some((l) => l.kind === 'shot' && l.t === t && claimed.has(l))).length;
    r.invented = lines.filter((l) => (l.kind === 'disturbed' || l.kind === 'shot') && inCut(cuts, l.t ?? 0) && !(l.kind === 'shot' && l.uncertain?.length)).length;
    return r;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const add = (a: Row, b: Row): Row => Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof Row] + b[k as keyof Row]])) as unknown as Row;
const table: Record<string, Record<string, string | number>> = {};
let withCuts = zero();
let without = zero();
for (const [i, seed] of seeds.entries()) {
  const game = GAMES[i % GAMES.length]!;
  const cutDir = await recording(game, seed, true);
  const plainDir = await recording(game, seed, false);
  const cuts = readFileSync(join(cutDir, 'cuts.jsonl'), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Cut);
  const a = await score(cutDir, game, cuts);
  const b = await score(plainDir, game, []);
  withCuts = add(withCuts, a);
  without = add(without, b);
  table[`${game} ${seed}`] = {
    cuts: cuts.map((c) => `${c.kind}/${c.placement}`).join(' '),
    'in view: found': `${a.inViewFound}/${a.inView}`, 'in view: calls equal': `${a.inViewCalls}/${a.inView}`,
    'over a cut: found, marked': `${a.cutFound}/${a.cutShots}, ${a.cutMarked}`, 'invented in a cut': a.invented, 'extra shots': a.extra,
    'no cuts: calls equal': `${b.inViewCalls}/${b.inView}`,
  };
}
const pct = (n: number, d: number): string => `${d ? ((100 * n) / d).toFixed(1) : '-'} % (${n}/${d})`;
table.all = {
  cuts: '', 'in view: found': pct(withCuts.inViewFound, withCuts.inView), 'in view: calls equal': pct(withCuts.inViewCalls, withCuts.inView),
  'over a cut: found, marked': `${withCuts.cutFound}/${withCuts.cutShots}, ${withCuts.cutMarked}`, 'invented in a cut': withCuts.invented, 'extra shots': withCuts.extra,
  'no cuts: calls equal': pct(without.inViewCalls, without.inView),
};
console.log(`Camera cuts: railbird analyze on ${FORMAT.name} matches cut away from the table (close-up, another camera, replay) in every other shot, and on the same matches without cuts; shots scored against the truth`);
console.table(table);
