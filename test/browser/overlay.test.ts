// The broadcast overlay has a transparent background (for OBS) and animates a foul.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLine, ShotLine } from '../../services/contract/log.ts';
import type { InferredLine } from '../../services/events/infer.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { hasChromium, openBrowser, topLeftAlpha, type BrowserSession } from './harness.ts';

const truth = readFileSync(new URL('../../recordings/demo/truth.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);

describe.skipIf(!hasChromium)('broadcast overlay (Chromium)', () => {
  let server: TestServer;
  let b: BrowserSession;
  beforeAll(async () => {
    server = await startTestServer({ script: false }, false);
    b = await openBrowser({ width: 1920, height: 1080 });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await server?.dispose();
  }, 30_000);

  it('has a transparent background and shows the score', async () => {
    const { page } = b;
    await page.goto(`${server.url}/overlay`);
    await page.waitForFunction(() => document.getElementById('p0')?.textContent?.includes('Ann'));
    const backgrounds = await page.evaluate(() => [document.documentElement, document.body, document.querySelector('.stage')!].map((e) => getComputedStyle(e).backgroundColor));
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    expect(await topLeftAlpha(await page.screenshot({ omitBackground: true }))).toBe(0);
    expect(await page.locator('#balls .b').count()).toBe(9);
  });

  it('animates a foul', async () => {
    const { page } = b;
    const session = server.runtime.pipeline.session;
    session.ingestCamera({ line: truth[1] as InferredLine, frames: [] });
    session.ingestCamera({ line: truth[2] as ShotLine, frames: [] });
    session.operatorLine({ kind: 'foul', rule: 'G18h', by: 'Ann' }, { name: 'test', action: 'foul', body: null });
    await page.waitForSelector('#foul-banner.show');
    expect(await page.locator('#fb-rule').textContent()).toMatch(/^G18h/);
    expect(await page.locator('#last-call').textContent()).toMatch(/Foul on Ann/);
    expect(b.errors).toEqual([]);
  });
});
