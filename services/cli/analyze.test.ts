import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './main.ts';

const dir = mkdtempSync(join(tmpdir(), 'railbird-analyze-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => { process.exitCode = undefined; vi.restoreAllMocks(); });

async function run(args: string[]): Promise<{ code: number; err: string }> {
  let err = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => { err += String(s); return true; });
  const code = await main(args);
  return { code, err };
}

describe('railbird analyze (command line)', () => {
  it('refuses bad flags with status 2 and says which', async () => {
    expect(await run(['analyze', 'x.mp4', '--game', 'snooker', '--out', dir])).toEqual({ code: 2, err: 'railbird analyze: --game must be one of 8ball, 9ball, 14.1\n' });
    expect((await run(['analyze', 'x.mp4', '--players', 'Ann', '--out', dir])).err).toMatch(/--players needs two different names/);
    expect((await run(['analyze', 'x.mp4', '--jobs', '0', '--out', dir])).code).toBe(2);
  });

  it('names a video it cannot read, with status 1', async () => {
    const r = await run(['analyze', join(dir, 'missing.mp4'), '--calibration', 'recordings/demo/calibration.json', '--out', join(dir, 'out')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/railbird analyze: .*missing\.mp4: no such video file/);
  });
});
