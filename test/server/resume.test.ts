// Kill the server (SIGKILL) in the middle of a shot, start it again on the same database: the
// match resumes with every line and call it had, nothing lost, nothing doubled, and the rest of
// the recording is judged as an uninterrupted run judges it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JudgedCall, StoredLine } from '../../services/live/types.ts';
import { connectViewer, startTestServer, waitFor } from '../support/server.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'railbird-resume-'));
const children: ChildProcess[] = [];

async function serve(db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['bin/railbird.mjs', 'serve', '--port', '0', '--db', db, '--speed', '15', '--no-video', '--no-loop', '--token', 't', '--balls', 'tracks'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { out += d.toString(); });
  const url = await waitFor(() => /dashboard\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)?.[1], 20_000, `the server to start: ${out}`);
  return { child, url };
}

const getJson = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;
const ended = async (url: string) => (await getJson<{ balls: { state: string } }>(`${url}/api/status`)).balls.state === 'ended';

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('resume after the process is killed mid-match', () => {
  it('keeps every call, doubles none, and judges the rest as an uninterrupted run', async () => {
    // The reference: the same recording played without interruption.
    const ref = await startTestServer({ speed: 15, loop: false });
    await waitFor(() => ended(ref.url), 20_000, 'the reference run to end');
    const reference = ref.runtime.store.calls(ref.runtime.pipeline.session.id).map((c) => c.call);
    await ref.dispose();
    expect(reference.filter((c) => c.input === 'shot').length).toBeGreaterThanOrEqual(8);

    const db = join(dir, 'match.db');
    const first = await serve(db);
    const viewer = await connectViewer(first.url);
    // Wait for four shot calls, then for the balls of the next shot to be moving: kill there.
    await waitFor(() => viewer.messages.filter((m) => m.type === 'call' && (m.call as { input: string }).input === 'shot').length >= 4, 20_000, 'four shot calls');
    const shotsBefore = viewer.messages.filter((m) => m.type === 'call').length;
    await waitFor(() => viewer.messages.slice(-3).some((m) => m.type === 'frame' && m.moving === true), 20_000, 'a shot in progress');
    first.child.kill('SIGKILL');
    viewer.close();
    await new Promise((r) => first.child.once('exit', r));
    const before = await (async () => {
      const { openDatabase } = await import('../../services/storage/database.ts');
      const { MatchStore } = await import('../../services/storage/match-store.ts');
      const d = openDatabase(db);
      const store = new MatchStore(d);
      const m = store.latestLive()!;
      const out = { id: m.id, calls: store.calls(m.id).map((c) => c.call), lines: store.lines(m.id) };
      d.close();
      return out;
    })();
    expect(before.calls.length).toBeGreaterThanOrEqual(shotsBefore);

    const second = await serve(db);
    await waitFor(() => ended(second.url), 20_000, 'the resumed run to end');
    const calls = (await getJson<JudgedCall[]>(`${second.url}/api/matches/${before.id}/calls`)).map((c) => c.call);
    const lines = await getJson<StoredLine[]>(`${second.url}/api/matches/${before.id}/lines`);
    second.child.kill('SIGTERM');

    expect(calls.slice(0, before.calls.length)).toEqual(before.calls); // nothing lost
    const shotTimes = lines.filter((l) => l.kind === 'shot').map((l) => l.t);
    expect(new Set(shotTimes).size).toBe(shotTimes.length); // nothing doubled
    expect(calls.map((c) => c.seq)).toEqual(calls.map((_, i) => i + 1));
    expect(calls).toEqual(reference); // the same match as without the kill
  }, 120_000);
});
