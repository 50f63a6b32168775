// The CLI: `node bin/railbird.mjs judge <log.jsonl>` prints the calls as JSON Lines; exit status 2 with a message
// naming the line number and field when the log breaks the contract, the calls before the bad line still printed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hit, pot, rail } from './log-builder.ts';
import { judgeRaw } from './expect-calls.ts';
import { nineAnnToShoot } from './setups.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(join(tmpdir(), 'railbird-acceptance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function judgeCli(text: string, name: string) {
  const file = join(dir, name);
  writeFileSync(file, text);
  const r = spawnSync(process.execPath, ['bin/railbird.mjs', 'judge', file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const jsonLines = (s: string) => s.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));

describe('CLI railbird judge', () => {
  it('contract: a valid log prints one JSON call per line, the same calls as judgeText, exit status 0', () => {
    const b = nineAnnToShoot();
    b.shot({ events: [hit(1), pot(1, 'head-left')] });
    b.shot({ events: [hit(3), rail(3, 'head')] });
    const out = judgeCli(b.text(), 'valid.jsonl');
    expect(out.status, out.stderr).toBe(0);
    const printed = jsonLines(out.stdout);
    expect(printed).toEqual(JSON.parse(JSON.stringify(judgeRaw(b).calls)));
    expect(printed.map((c) => c.line)).toEqual([2, 3, 4]);
  });

  it('contract: an unknown kind exits with status 2, names the line and the field; earlier calls are printed', () => {
    const b = nineAnnToShoot();
    b.raw({ kind: 'bogus', t: b.clock });
    b.shot({ events: [hit(1), rail(1, 'head')] });
    const out = judgeCli(b.text(), 'bad-kind.jsonl');
    expect(out.status).toBe(2);
    const msg = out.stderr + out.stdout.split('\n').filter((l) => !l.startsWith('{')).join('\n');
    expect(msg).toMatch(/\b3\b/);
    expect(msg).toMatch(/kind/);
    const printed = jsonLines(out.stdout.split('\n').filter((l) => l.startsWith('{')).join('\n'));
    expect(printed.map((c) => c.line)).toEqual([2]);
  });

  it('contract: invalid JSON exits with status 2 naming the line', () => {
    const b = nineAnnToShoot();
    b.shot({ events: [hit(1), rail(1, 'head')] });
    b.rawLine('{"kind":');
    const out = judgeCli(b.text(), 'bad-json.jsonl');
    expect(out.status).toBe(2);
    expect(out.stderr + out.stdout).toMatch(/\b4\b/);
    const printed = jsonLines(out.stdout.split('\n').filter((l) => l.startsWith('{')).join('\n'));
    expect(printed.map((c) => c.line)).toEqual([2, 3]);
  });

  it('contract: a ball id out of range exits with status 2 naming the line and the id field', () => {
    const b = nineAnnToShoot();
    b.shot({ set: { 16: [0.1, 0.1] }, events: [hit(1), rail(1, 'head')] });
    const out = judgeCli(b.text(), 'bad-id.jsonl');
    expect(out.status).toBe(2);
    expect(out.stderr + out.stdout).toMatch(/\b3\b/);
    expect(out.stderr + out.stdout).toMatch(/id|balls/);
  });
});
