// Soak: the demo looped (a new match each pass) with viewers connected, memory sampled (the
// whole process: the vision and decoding threads included). The balls come through vision at
// ×1 (as `railbird serve` plays them), or from the recorded tracks (--balls tracks, ×6).
// Bounded by --seconds (default 60); --speed; --viewers (default 5); --no-video.
//   node --expose-gc bin/run-ts.mjs test/load/soak.ts [--seconds 600] [--balls vision|tracks]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { BallsMode } from '../../services/server/sources.ts';
import { connectViewer, startTestServer } from '../support/server.ts';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : d);
const seconds = opt('--seconds', 60);
const balls = (args.includes('--balls') ? args[args.indexOf('--balls') + 1] : 'vision') as BallsMode;
const speed = opt('--speed', balls === 'vision' ? 1 : 6);
const viewerCount = opt('--viewers', 5);
const every = Math.max(2, Math.min(30, seconds / 20));
const mb = (n: number) => n / 1048576;

const server = await startTestServer({ speed, loop: true, video: !args.includes('--no-video'), balls });
const viewers = await Promise.all(Array.from({ length: viewerCount }, () => connectViewer(server.url)));
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
process.stdout.write(`soak: demo ×${speed} looped, balls from ${balls}, ${viewerCount} viewers, ${seconds} s, a sample every ${every} s\n  time   rss MB  heap MB  matches  calls  loop p99 ms\n`);
const samples: { t: number; rss: number; heap: number }[] = [];
const t0 = Date.now();
while ((Date.now() - t0) / 1000 < seconds) {
  await new Promise((r) => setTimeout(r, every * 1000));
  for (const v of viewers) v.messages.length = 0; // the viewers keep nothing: only the server is measured
  globalThis.gc?.();
  const m = process.memoryUsage();
  const t = (Date.now() - t0) / 1000;
  samples.push({ t, rss: mb(m.rss), heap: mb(m.heapUsed) });
  const matches = server.runtime.store.matches(10_000).length;
  const calls = server.runtime.store.matches(10_000).reduce((n, r) => n + server.runtime.store.calls(r.id).length, 0);
  process.stdout.write(`${t.toFixed(0).padStart(6)} ${mb(m.rss).toFixed(1).padStart(8)} ${mb(m.heapUsed).toFixed(1).padStart(8)} ${String(matches).padStart(8)} ${String(calls).padStart(6)} ${(loop.percentile(99) / 1e6).toFixed(1).padStart(12)}\n`);
  loop.reset();
}
for (const v of viewers) v.close();
const status = server.runtime.pipeline.status();
await server.dispose();

/** Least-squares slope (MB per minute) over the second half of the run (after warm-up). */
function slope(key: 'rss' | 'heap'): number {
  const s = samples.slice(Math.floor(samples.length / 2));
  if (s.length < 2) return NaN;
  const mt = s.reduce((a, x) => a + x.t, 0) / s.length;
  const mv = s.reduce((a, x) => a + x[key], 0) / s.length;
  const num = s.reduce((a, x) => a + (x.t - mt) * (x[key] - mv), 0);
  const den = s.reduce((a, x) => a + (x.t - mt) ** 2, 0);
  return (num / den) * 60;
}
process.stdout.write(`second half: rss ${slope('rss').toFixed(2)} MB/min, heap ${slope('heap').toFixed(2)} MB/min; camera reconnects ${status.video?.reconnects ?? 0}, ball source reconnects ${status.balls.reconnects}; pipeline error: ${status.lastError ?? 'none'}\n`);
process.exit(0);
