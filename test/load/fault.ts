// Faults, on loopback: (A) the source dies in the middle of a shot (its ffmpeg decoders killed:
// vision's and the camera image's; with recorded tracks, no ball frames for a while) and comes
// back; (B) the server process is killed (SIGKILL) in the middle of a match and started again
// on its database. Prints what happened and the figures. The balls come through vision (as
// `railbird serve` plays them, at ×1 by default), or from the recorded tracks with --balls
// tracks (deterministic: the resumed match is then compared call for call with a run without
// the kill).
//   node bin/run-ts.mjs test/load/fault.ts [--balls vision|tracks] [--speed 1] [--part A|B]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TracksFileSource } from '../../services/live/tracks-file-source.ts';
import type { JudgedCall, StoredLine } from '../../services/live/types.ts';
import { openDatabase } from '../../services/storage/database.ts';
import { MatchStore } from '../../services/storage/match-store.ts';
import type { BallsMode } from '../../services/server/sources.ts';
import { connectViewer, startTestServer, visionDecoderPids, waitFor, type ViewerMessage } from '../support/server.ts';

const args = process.argv.slice(2);
const balls = (args.includes('--balls') ? args[args.indexOf('--balls') + 1] : 'vision') as BallsMode;
const speed = args.includes('--speed') ? Number(args[args.indexOf('--speed') + 1]) : balls === 'vision' ? 1 : 3;
const say = (s: string) => process.stdout.write(s + '\n');
const shotCalls = (ms: ViewerMessage[]) => ms.filter((m) => m.type === 'call' && (m.call as { input: string }).input === 'shot');
const movingNow = (ms: ViewerMessage[]) => ms.slice(-3).some((m) => m.type === 'frame' && m.moving === true);

// ---- A: the source dies mid-shot and comes back ----
const part = (args.includes('--part') ? args[args.indexOf('--part') + 1] : undefined) ?? 'AB';
if (part.includes('A')) {
  say(`A. source killed mid-shot and restored (demo at ×${speed}, balls from ${balls}, camera image on)`);
  const s = await startTestServer({ speed, video: true, loop: false, balls });
  const v = await connectViewer(s.url);
  await waitFor(() => shotCalls(v.messages).length >= 2 && movingNow(v.messages), 60_000, 'a shot in progress');
  const matchId = s.runtime.pipeline.session.id;
  const video = s.runtime.source.video!;
  const pid = video.pid();
  const killedAt = Date.now();
  const t = s.runtime.pipeline.latestTime();
  if (pid) process.kill(pid, 'SIGKILL');
  const decoders = visionDecoderPids();
  for (const d of decoders) process.kill(d, 'SIGKILL');
  if (balls === 'tracks') (s.runtime.source.balls as TracksFileSource).dropFramesFor(600);
  say(`  t=${t?.toFixed(2)} s: camera-image ffmpeg (pid ${pid}) killed, ${balls === 'vision' ? `vision's decoder (pid ${decoders.join(', ')}) killed` : 'ball frames cut for 0.6 s'}, ${shotCalls(v.messages).length} shot calls so far`);
  const states: string[] = [];
  const seen: { lost?: number; back?: number; ballsLost?: number; ballsBack?: number } = {};
  await waitFor(() => {
    const st = video.status().state;
    const bs = s.runtime.source.balls.status().state;
    if (states.at(-1) !== st) states.push(st);
    if (seen.lost === undefined && (st === 'lost' || st === 'reconnecting')) seen.lost = Date.now();
    if (seen.lost !== undefined && seen.back === undefined && st === 'live') seen.back = Date.now();
    if (seen.ballsLost === undefined && bs === 'lost') seen.ballsLost = Date.now();
    if (seen.ballsLost !== undefined && seen.ballsBack === undefined && bs === 'live') seen.ballsBack = Date.now();
    return seen.back !== undefined && seen.ballsBack !== undefined;
  }, 30_000, 'the camera and the ball frames to come back');
  say(`  camera: ${states.join(' → ')}; loss seen after ${seen.lost! - killedAt} ms, live again after ${seen.back! - killedAt} ms (reconnects ${video.status().reconnects}, new pid ${video.pid()}, last error "${video.status().lastError ?? ''}")`);
  say(`  ball frames: lost after ${seen.ballsLost! - killedAt} ms, back after ${seen.ballsBack! - killedAt} ms; status messages said (balls/camera): ${[...new Set(v.messages.filter((m) => m.type === 'status').map((m) => `${(m.balls as { state: string }).state}/${(m.video as { state: string } | null)?.state}`))].join(', ')}`);
  await waitFor(() => s.runtime.source.balls.status().state === 'ended', 240_000, 'the recording to end');
  const calls = s.runtime.pipeline.calls();
  const refused = v.messages.filter((m) => m.type === 'event' && m.kind === 'camera-refused');
  say(`  match ${s.runtime.pipeline.session.id === matchId ? 'kept' : 'CHANGED'} (#${matchId}): ${calls.filter((c) => c.call.input === 'shot').length} shot calls in all, ${refused.length} camera lines refused, pipeline error: ${s.runtime.pipeline.status().lastError ?? 'none'}`);
  const after = calls.filter((c) => c.call.input === 'shot' && (c.call.t ?? 0) > (t ?? 0)).slice(0, 2);
  for (const c of after) say(`  after the cut: #${c.call.seq} at ${c.call.t?.toFixed(2)} s: ${c.words.headline} (confidence ${Math.round(c.confidence.value * 100)}%)`);
  v.close();
  await s.dispose();
}

// ---- B: the process is killed mid-match and restarted ----
if (part.includes('B')) {
  say('\nB. server process killed (SIGKILL) mid-shot and restarted on its database');
  const ROOT = new URL('../../', import.meta.url).pathname;
  const dir = mkdtempSync(join(tmpdir(), 'railbird-fault-'));
  const db = join(dir, 'fault.db');
  const serve = async (): Promise<{ child: ChildProcess; url: string; started: number }> => {
    const started = Date.now();
    const child = spawn(process.execPath, ['bin/railbird.mjs', 'serve', '--host', '127.0.0.1', '--port', '0', '--db', db, '--speed', String(speed), '--no-video', '--no-loop', '--token', 'x', '--balls', balls], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
    const url = await waitFor(() => /dashboard\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)?.[1] ?? (child.exitCode !== null ? `exited: ${out}` : undefined), 60_000, 'the server');
    if (url.startsWith('exited')) throw new Error(url);
    return { child, url, started };
  };
  const get = async <T>(u: string) => (await (await fetch(u)).json()) as T;
  let reference: unknown[] | null = null;
  if (balls === 'tracks') {
    const ref = await startTestServer({ speed: Math.max(speed, 8), loop: false });
    await waitFor(async () => (await get<{ balls: { state: string } }>(`${ref.url}/api/status`)).balls.state === 'ended', 60_000, 'the reference run');
    reference = ref.runtime.pipeline.calls().map((c) => c.call);
    await ref.dispose();
  }

  const first = await serve();
  const v = await connectViewer(first.url);
  await waitFor(() => shotCalls(v.messages).length >= 2 && movingNow(v.messages), 180_000, 'two shots and a shot in progress');
  const frame = [...v.messages].reverse().find((m) => m.type === 'frame') as { t: number } | undefined;
  first.child.kill('SIGKILL');
  v.close();
  await new Promise((r) => first.child.once('exit', r));
  const killedAt = Date.now();
  say(`  killed at t=${frame?.t.toFixed(2)} s (a shot in progress), ${shotCalls(v.messages).length} shot calls heard by a viewer`);
  // What the database held at the kill.
  const stored = (() => {
    const d = openDatabase(db);
    const store = new MatchStore(d);
    const out = store.calls(store.latestLive()!.id).map((c) => c.call);
    d.close();
    return out;
  })();
  const second = await serve();
  const v2 = await connectViewer(second.url);
  const snap = await waitFor(() => v2.messages.find((m) => m.type === 'snapshot'), 10_000, 'the snapshot');
  const resumedCalls = (snap.calls as JudgedCall[]).length;
  const firstFrame = await waitFor(() => v2.messages.find((m) => m.type === 'frame') as { t: number } | undefined, 20_000, 'a frame');
  say(`  restarted: serving after ${((Date.now() - killedAt) / 1000).toFixed(1)} s; the match resumed with ${resumedCalls} calls; the source went on from t=${firstFrame.t.toFixed(2)} s (2 s before the log's end)`);
  await waitFor(async () => (await get<{ balls: { state: string } }>(`${second.url}/api/status`)).balls.state === 'ended', 240_000, 'the end');
  const id = (snap.state as { matchId: number }).matchId;
  const calls = (await get<JudgedCall[]>(`${second.url}/api/matches/${id}/calls`)).map((c) => c.call);
  const lines = await get<StoredLine[]>(`${second.url}/api/matches/${id}/lines`);
  second.child.kill('SIGTERM');
  v2.close();
  const shotTs = lines.filter((l) => l.kind === 'shot').map((l) => l.t);
  const kept = JSON.stringify(calls.slice(0, stored.length)) === JSON.stringify(stored);
  say(`  after the run: ${calls.length} calls; the ${stored.length} stored before the kill kept unchanged at its head: ${kept ? 'yes' : 'NO'}`);
  if (reference) say(`  reference without the kill: ${reference.length} calls; identical to the reference: ${JSON.stringify(calls) === JSON.stringify(reference) ? 'yes' : 'NO'}`);
  say(`  shot lines ${shotTs.length}, distinct ${new Set(shotTs).size} (doubles: ${shotTs.length - new Set(shotTs).size}); call seqs contiguous: ${calls.every((c, i) => c.seq === i + 1) ? 'yes' : 'NO'}`);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
