// Test support: a server on a loopback port with a throwaway (or given) database, the demo
// recording played fast with its recorded tracks (vision when asked: `balls: 'vision'`), no
// camera image unless asked. Used by the app and browser tests and
// by the bench, load, fault and soak scripts.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { RuntimeOptions } from '../../services/server/runtime.ts';
import { startServer, type RunningServer } from '../../services/server/server.ts';

export const TEST_TOKEN = 'test-operator-token';

export interface TestServer extends RunningServer {
  dir: string;
  /** Stops the server and deletes its scratch folder. */
  dispose(): Promise<void>;
}

export async function startTestServer(o: Partial<RuntimeOptions> = {}, play = true): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'railbird-test-'));
  const server = await startServer({ db: join(dir, 'railbird.db'), token: TEST_TOKEN, video: false, speed: 8, balls: 'tracks', ...o }, { port: 0, host: '127.0.0.1', play });
  return {
    ...server, dir,
    dispose: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it returns a value (not undefined/false), or throws after `ms`. */
export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ViewerMessage {
  type: string;
  [k: string]: unknown;
}

/** A WebSocket viewer on /ws that keeps every message it gets. */
export async function connectViewer(baseUrl: string): Promise<{ ws: WebSocket; messages: ViewerMessage[]; close(): void }> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { perMessageDeflate: false });
  const messages: ViewerMessage[] = [];
  ws.on('message', (d: Buffer) => messages.push(JSON.parse(d.toString()) as ViewerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages, close: () => ws.terminate() };
}

/** The ffmpeg processes of this process (any thread) decoding raw frames (YUV or RGB) for vision: fault scripts kill them. */
export function visionDecoderPids(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (cmd.includes('rawvideo') && (cmd.includes('yuv420p') || cmd.includes('rgb24'))) pids.push(Number(name));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}
