// Load: N WebSocket viewers (default 50) on loopback while the server plays the demo at 30 Hz.
// The server runs in its own process (so the viewers do not share its CPU); this process holds
// the viewers and measures what they receive. Bounded: --seconds (default 20).
// The balls come through vision (as `railbird serve` plays them), or from the recorded tracks
// at the recording's 30 Hz with --balls tracks (the fan-out at full rate, whatever vision does).
//   node bin/run-ts.mjs test/load/load.ts [--viewers 50] [--seconds 20] [--balls vision|tracks] [--no-video]
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { waitFor } from '../support/server.ts';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : d);
const viewers = opt('--viewers', 50);
const seconds = Math.min(opt('--seconds', 20), 300);
const ROOT = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'railbird-load-'));

const child = spawn(process.execPath, ['bin/railbird.mjs', 'serve', '--host', '127.0.0.1', '--port', '0', '--db', join(dir, 'load.db'), '--token', 'load', '--balls', args.includes('--balls') ? args[args.indexOf('--balls') + 1]! : 'vision', ...(args.includes('--no-video') ? ['--no-video'] : [])], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
let out = '';
child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
child.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
const stop = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
process.on('exit', stop);
const url = await waitFor(() => /dashboard\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)?.[1], 30_000, 'the server');
const pid = child.pid!;
const cpuTicks = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return Number(f[11]) + Number(f[12]); };
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

interface Viewer { frames: number; bytes: number; lat: number[]; maxGap: number; last: number; calls: number }
const stats: Viewer[] = [];
const sockets: WebSocket[] = [];
for (let i = 0; i < viewers; i++) {
  const v: Viewer = { frames: 0, bytes: 0, lat: [], maxGap: 0, last: 0, calls: 0 };
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { perMessageDeflate: false });
  ws.on('message', (d: Buffer) => {
    const now = Date.now();
    v.bytes += d.length;
    const m = JSON.parse(d.toString()) as { type: string; sentAt?: number };
    if (m.type === 'call') v.calls += 1;
    if (m.type !== 'frame') return;
    v.frames += 1;
    if (m.sentAt) v.lat.push(now - m.sentAt);
    if (v.last) v.maxGap = Math.max(v.maxGap, now - v.last);
    v.last = now;
  });
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  sockets.push(ws);
  stats.push(v);
}
process.stdout.write(`load: ${viewers} viewers on ${url}/ws for ${seconds} s (server pid ${pid})\n`);
await new Promise((r) => setTimeout(r, 2000)); // settle
for (const v of stats) { v.frames = 0; v.bytes = 0; v.lat = []; v.maxGap = 0; v.last = 0; }
const t0 = Date.now();
const c0 = cpuTicks();
const rss0 = rssMb();
// The server's own figures, once a second: its event loop (vision runs in other threads).
const loops: { p99Ms: number; maxMs: number }[] = [];
while (Date.now() - t0 < seconds * 1000) {
  await new Promise((r) => setTimeout(r, 1000));
  loops.push(((await (await fetch(`${url}/api/status`)).json()) as { eventLoop: { p99Ms: number; maxMs: number } }).eventLoop);
}
const elapsed = (Date.now() - t0) / 1000;
const cpu = ((cpuTicks() - c0) / 100 / elapsed) * 100;
const status = (await (await fetch(`${url}/api/status`)).json()) as {
  delivery: { framesSent: number; framesDropped: number }; balls: { fps: number; kind: string; vision?: { decodedFps: number; visionMs: number } };
};
const rss1 = rssMb();
for (const ws of sockets) ws.terminate();
stop();

const pct = (a: number[], p: number) => { const s = [...a].sort((x, y) => x - y); return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN; };
const hz = stats.map((v) => v.frames / elapsed).sort((a, b) => a - b);
const lat = stats.flatMap((v) => v.lat);
const mbps = stats.reduce((n, v) => n + v.bytes, 0) / elapsed / 1e6;
process.stdout.write([
  `balls: ${status.balls.kind}${status.balls.vision ? ` (${status.balls.fps} of ${status.balls.vision.decodedFps} frames/s tracked, ${status.balls.vision.visionMs} ms a frame)` : ''}`,
  `frames per viewer: min ${hz[0]!.toFixed(1)} Hz, median ${hz[Math.floor(hz.length / 2)]!.toFixed(1)} Hz (source ${status.balls.fps} fps)`,
  `server event loop, per second: p99 median ${pct(loops.map((l) => l.p99Ms), 0.5)} ms, worst ${Math.max(...loops.map((l) => l.p99Ms))} ms; max delay ${Math.max(...loops.map((l) => l.maxMs))} ms`,
  `frame delivery (server send → viewer): p50 ${pct(lat, 0.5)} ms, p99 ${pct(lat, 0.99)} ms, max ${Math.max(...lat)} ms; longest gap ${Math.max(...stats.map((v) => v.maxGap))} ms`,
  `throughput ${mbps.toFixed(2)} MB/s to all viewers; frames dropped for slow viewers: ${status.delivery.framesDropped} of ${status.delivery.framesSent + status.delivery.framesDropped}`,
  `server CPU ${cpu.toFixed(0)}% of one core (all its threads, vision included; ffmpeg not counted), RSS ${rss0.toFixed(0)} → ${rss1.toFixed(0)} MB`,
  `calls seen by every viewer: ${Math.min(...stats.map((v) => v.calls))}–${Math.max(...stats.map((v) => v.calls))}`,
].join('\n') + '\n');
rmSync(dir, { recursive: true, force: true });
process.exit(0);
