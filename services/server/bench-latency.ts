// How long after the balls come to rest does the call reach a viewer? Plays the bundled
// recording in real time (with the camera image decoding, as in use) and measures, at a
// WebSocket viewer on loopback, from the first frame at rest after each shot to its call.
//   node bin/run-ts.mjs services/server/bench-latency.ts [--speed 1] [--no-video]
import { connectViewer, startTestServer, waitFor } from './testing.ts';

const args = process.argv.slice(2);
const speed = Number(args[args.indexOf('--speed') + 1] ?? 1) || 1;
const video = !args.includes('--no-video');

const server = await startTestServer({ speed: args.includes('--speed') ? speed : 1, video, loop: false, script: true });
const viewer = await connectViewer(server.url);
type Balls = { id: number | null; x: number; y: number }[];
const arrivals: { t: number; at: number; balls: Balls }[] = [];
/** The first frame from which the whole table stays still (within 4 mm) for the rest hold. */
function restArrival(endT: number): { t: number; at: number } | undefined {
  for (let i = 0; i < arrivals.length; i++) {
    const a = arrivals[i]!;
    if (a.t <= endT + 1e-6) continue;
    const window = arrivals.slice(i).filter((b) => b.t <= a.t + 0.4);
    const still = window.every((b) => b.balls.every((x) => {
      const y = a.balls.find((z) => z.id === x.id);
      return y !== undefined && Math.hypot(x.x - y.x, x.y - y.y) < 0.004;
    }));
    if (still) return a;
  }
  return undefined;
}
const results: { seq: number; end: number; callT: number; ms: number; headline: string }[] = [];
viewer.ws.on('message', (d: Buffer) => {
  const at = performance.now();
  const m = JSON.parse(d.toString()) as { type: string; t?: number; balls?: Balls; call?: { input: string; t: number; seq: number }; words?: { headline: string } };
  if (m.type === 'frame' && typeof m.t === 'number') arrivals.push({ t: m.t, at, balls: m.balls ?? [] });
  if (m.type === 'call' && m.call?.input === 'shot') {
    const rest = restArrival(m.call.t);
    if (rest) results.push({ seq: m.call.seq, end: rest.t, callT: m.call.t, ms: at - rest.at, headline: m.words?.headline ?? '' });
  }
});
const realSpeed = args.includes('--speed') ? speed : 1;
process.stdout.write(`bench-latency: the demo recording at ×${realSpeed}${video ? ' with the camera image' : ''}; a viewer on ${server.url}/ws\n`);
await waitFor(async () => ((await (await fetch(`${server.url}/api/status`)).json()) as { balls: { state: string } }).balls.state === 'ended', 200_000 / realSpeed, 'the recording to end');
await new Promise((r) => setTimeout(r, 500));
const finalCalls = server.runtime.pipeline.calls().filter((c) => c.call.input === 'shot').map((c) => c.call.t);
viewer.close();
await server.dispose();
// Calls the operator voided afterwards (no shot: a hand moving the cue ball) are listed apart.
const voided = (r: { callT: number }) => !finalCalls.includes(r.callT);

process.stdout.write('\n shot  balls at rest (s)  rest → call at the viewer   call\n');
for (const r of results) process.stdout.write(`  #${String(r.seq).padEnd(3)} ${r.end.toFixed(2).padStart(12)}  ${`${r.ms.toFixed(0)} ms`.padStart(22)}     ${r.headline}${voided(r) ? '  (voided: not a shot)' : ''}\n`);
const ms = results.filter((r) => !voided(r)).map((r) => r.ms).sort((a, b) => a - b);
const median = ms[Math.floor(ms.length / 2)] ?? NaN;
const max = ms[ms.length - 1] ?? NaN;
process.stdout.write(`\n${ms.length} shot calls (${results.length - ms.length} voided left out): median ${median.toFixed(0)} ms, max ${max.toFixed(0)} ms; budget 1000 ms: ${max <= 1000 ? 'met' : 'MISSED'}\n`);
if (realSpeed !== 1) process.stdout.write(`(at ×${realSpeed} the rest hold of event inference takes 1/${realSpeed} of its real time: use ×1 for the figure that counts)\n`);
