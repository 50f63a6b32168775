// An operator action round-trips (panel → REST → rules engine → WebSocket → panel), and is
// refused without the token.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLine, ShotLine } from '../../services/contract/log.ts';
import type { InferredLine } from '../../services/events/infer.ts';
import { startTestServer, TEST_TOKEN, type TestServer } from '../support/server.ts';
import { hasChromium, openBrowser, type BrowserSession } from './harness.ts';

const truth = readFileSync(new URL('../../recordings/demo/truth.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);
const shots = truth.filter((l): l is ShotLine => l.kind === 'shot').map(({ declared: _d, ...s }) => s as ShotLine);

describe.skipIf(!hasChromium)('operator panel (Chromium)', () => {
  let server: TestServer;
  let b: BrowserSession;
  const camera = (line: InferredLine) => server.runtime.pipeline.session.ingestCamera({ line, frames: [] });
  beforeAll(async () => {
    server = await startTestServer({ script: false }, false);
    b = await openBrowser({ width: 1280, height: 1000 });
    camera(truth[1] as InferredLine);
    camera(shots[0]!);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await server?.dispose();
  }, 30_000);

  it('is refused without the token and changes nothing', async () => {
    const { page } = b;
    await page.goto(`${server.url}/operator`);
    await page.waitForSelector('#unlock:not(.hidden)');
    await page.locator('#btn-pushout').click();
    await page.locator('#btn-declare').click();
    await page.locator('.toast.err').waitFor();
    expect(await page.locator('.toast.err').textContent()).toMatch(/operator token/);
    expect(server.runtime.pipeline.state().pendingDeclared).toBeNull();
  });

  it('declares a push-out, takes the decision and shows the calls', async () => {
    const { page } = b;
    await page.locator('#token-input').fill(TEST_TOKEN);
    await page.locator('#unlock-form button').click();
    await page.waitForSelector('#unlock.hidden', { state: 'attached' });
    if (!(await page.locator('#btn-pushout.on').count())) await page.locator('#btn-pushout').click();
    await page.locator('#btn-declare').click();
    await page.waitForFunction(() => document.getElementById('declared-now')?.textContent?.includes('push-out'));
    expect(server.runtime.pipeline.state().pendingDeclared).toEqual({ pushOut: true });

    camera(shots[1]!); // the camera sees the push-out shot: Bob must choose
    await page.waitForSelector('#decision:not(.hidden)');
    expect(await page.locator('#decision-q').textContent()).toMatch(/Bob: play from the position or pass the shot back/);
    await page.locator('#decision-buttons button', { hasText: 'Pass it back' }).click();
    await page.locator('#calls .call .headline', { hasText: 'Bob chose to pass the shot back' }).waitFor();
    const calls = server.runtime.pipeline.calls().map((c) => c.call.input);
    expect(calls).toEqual(['shot', 'shot', 'decision']);
    expect(server.runtime.pipeline.state().shooter).toBe('Ann');
    const audit = server.runtime.store.auditLog(server.runtime.pipeline.session.id);
    expect(audit.map((a) => `${a.action} ${a.status}`)).toEqual(expect.arrayContaining(['declare 200', 'decision 200', 'POST /api/matches/:id/declare 401']));
    expect(b.errors).toEqual([]);
  });
});
