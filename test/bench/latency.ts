// How long after the balls come to rest does the call reach a viewer? Plays the bundled
// recording in real time (the video through vision, with the camera image decoding, as in use)
// and measures at a WebSocket viewer on loopback, for each shot call:
//  - from the balls at rest in the video (the recording's truth: the shot's end, as the playhead
//    passes it) to the call: what a player at the table waits, vision's lag included;
//  - from the first frame at rest the viewer got to the call.
//   node bin/run-ts.mjs test/bench/latency.ts [--balls vision|tracks] [--speed 1] [--no-video]
import { readFileSync } from 'node:fs';
import type { LogLine, ShotLine } from '../../services/contract/log.ts';
import type { BallsMode } from '../../services/server/sources.ts';
import { connectViewer, startTestServer, waitFor } from '../support/server.ts';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const speed = Number(opt('--speed') ?? 1) || 1;
const balls = (opt('--balls') ?? 'vision') as BallsMode;
const video = !args.includes('--no-video');
const truth = readFileSync(new URL('../../recordings/demo/truth.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);
const restTimes = truth.filter((l): l is ShotLine => l.kind === 'shot').map((s) => s.end?.t ?? NaN);

const server = await startTestServer({ speed, video, loop: false, script: true, balls });
const playhead = server.runtime.source.playhead!;
const viewer = await connectViewer(server.url);
type Balls = { id: number | null; x: number; y: number }[];
const arrivals: { t: number; at: number; balls: Balls }[] = [];
const near = (balls: Balls, b: Balls[number]) => balls.reduce<{ d: number; x: Balls[number] | null }>((best, y) => {
  if (b.id !== null && y.id !== b.id) return best;
  const d = Math.hypot(b.x - y.x, b.y - y.y);
  return d < best.d ? { d, x: y } : best;
}, { d: Infinity, x: null }).d;
/** The first frame from which the whole table stays still (within 4 mm) for 0.4 s. */
function restArrival(endT: number): { t: number; at: number } | undefined {
  for (let i = 0; i < arrivals.length; i++) {
    const a = arrivals[i]!;
    if (a.t <= endT + 1e-6) continue;
    const window = arrivals.slice(i).filter((b) => b.t <= a.t + 0.4);
    if (window.every((b) => b.balls.every((x) => near(a.balls, x) < 0.004))) return a;
  }
  return undefined;
}
interface Result { seq: number; callT: number; truthRest: number | null; worldMs: number | null; viewerMs: number | null; headline: string }
const results: Result[] = [];
viewer.ws.on('message', (d: Buffer) => {
  const at = performance.now();
  const m = JSON.parse(d.toString()) as { type: string; t?: number; balls?: Balls; call?: { input: string; t: number; seq: number }; words?: { headline: string } };
  if (m.type === 'frame' && typeof m.t === 'number') arrivals.push({ t: m.t, at, balls: m.balls ?? [] });
  if (m.type === 'call' && m.call?.input === 'shot') {
    const rest = restArrival(m.call.t);
    const truthRest = restTimes.filter((t) => Math.abs(t - m.call!.t) < 1.5).sort((a, b) => Math.abs(a - m.call!.t) - Math.abs(b - m.call!.t))[0] ?? null;
    results.push({
      seq: m.call.seq, callT: m.call.t, truthRest,
      worldMs: truthRest === null ? null : -playhead.msUntil({ pass: 0, t: truthRest }),
      viewerMs: rest ? at - rest.at : null, headline: m.words?.headline ?? '',
    });
  }
});
process.stdout.write(`bench-latency: the demo recording at ×${speed}, balls from ${balls === 'vision' ? 'the video through vision' : 'the recorded tracks'}${video ? ', camera image on' : ''}; a viewer on ${server.url}/ws\n`);
await waitFor(async () => ((await (await fetch(`${server.url}/api/status`)).json()) as { balls: { state: string } }).balls.state === 'ended', 300_000 / speed, 'the recording to end');
await new Promise((r) => setTimeout(r, 500));
const status = server.runtime.pipeline.status();
const finalCalls = server.runtime.pipeline.calls().filter((c) => c.call.input === 'shot').map((c) => c.call.t);
viewer.close();
await server.dispose();
// Calls the operator voided afterwards (no shot: a hand moving the cue ball) are listed apart.
const voided = (r: Result) => !finalCalls.includes(r.callT);
const fmt = (v: number | null) => (v === null ? '–' : `${v.toFixed(0)} ms`);

process.stdout.write('\n shot  call t (s)  truth rest (s)  rest in video → call  rest frame at viewer → call   call\n');
for (const r of results) {
  process.stdout.write(`  #${String(r.seq).padEnd(3)} ${r.callT.toFixed(2).padStart(9)}  ${(r.truthRest?.toFixed(2) ?? '–').padStart(14)}  ${fmt(r.worldMs).padStart(20)}  ${fmt(r.viewerMs).padStart(27)}   ${r.headline}${voided(r) ? '  (voided: not a shot)' : ''}\n`);
}
const summary = (key: 'worldMs' | 'viewerMs') => {
  const ms = results.filter((r) => !voided(r) && r[key] !== null).map((r) => r[key]!).sort((a, b) => a - b);
  return { n: ms.length, median: ms[Math.floor(ms.length / 2)] ?? NaN, max: ms[ms.length - 1] ?? NaN };
};
const w = summary('worldMs');
const v = summary('viewerMs');
process.stdout.write(`\nrest in the video → call at the viewer: ${w.n} shot calls matched to the truth's shots (of ${restTimes.length}), median ${w.median.toFixed(0)} ms, max ${w.max.toFixed(0)} ms; budget 1000 ms: ${w.max <= 1000 ? 'met' : 'MISSED'}\n`);
process.stdout.write(`rest frame at the viewer → call: ${v.n} calls, median ${v.median.toFixed(0)} ms, max ${v.max.toFixed(0)} ms\n`);
const vs = status.balls.vision;
// Over the whole run (the status's rates are a 2 s window, thin at the very end of the file).
const span = arrivals.length > 1 ? arrivals[arrivals.length - 1]!.t - arrivals[0]!.t : 0;
if (span > 0) process.stdout.write(`frames at the viewer: ${arrivals.length} over ${span.toFixed(1)} s of video, ${((arrivals.length - 1) / span).toFixed(1)} a second of video\n`);
if (vs) process.stdout.write(`vision at the end: ${vs.processedFps} of ${vs.decodedFps} frames/s tracked (last 2 s), ${vs.visionMs} ms a frame, ${vs.lagMs} ms behind the video\n`);
if (speed !== 1) process.stdout.write(`(at ×${speed} the rest hold of event inference takes 1/${speed} of its real time: use ×1 for the figure that counts)\n`);
