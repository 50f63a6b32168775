// Review: open the bundled recording and its log, jump to a shot: the video seeks there and the
// shot's call and tracked balls are shown.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LogLine, ShotLine } from '../../services/contract/log.ts';
import { hasChromium, serverAndBrowser } from './harness.ts';

const truth = readFileSync(new URL('../../recordings/demo/truth.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);
const fifth = truth.filter((l): l is ShotLine => l.kind === 'shot')[4]!;

describe.skipIf(!hasChromium)('review (Chromium)', () => {
  const ctx = serverAndBrowser({ script: false }, false);

  it('jumps to a shot', async () => {
    const { server, b } = ctx;
    const { page } = b;
    await page.goto(`${server.url}/review?recording=demo&log=truth`);
    await page.waitForSelector('.shot[data-i="4"]');
    expect(await page.locator('.shot').count()).toBe(8);
    await page.waitForFunction(() => (document.getElementById('video') as HTMLVideoElement).readyState >= 1, null, { timeout: 10_000 });
    await page.locator('.shot[data-i="4"]').click();
    const shotT = fifth.t!;
    await page.waitForFunction((t) => Math.abs((document.getElementById('video') as HTMLVideoElement).currentTime - (t - 0.5)) < 0.1, shotT);
    await page.waitForFunction(() => (document.getElementById('video') as HTMLVideoElement).readyState >= 2, null, { timeout: 10_000 });
    expect(await page.locator('.shot.sel .n').textContent()).toBe('5');
    expect(await page.locator('#selected .call .headline').first().textContent()).toBe('Foul: wrong ball hit first');
    expect(await page.locator('#selected .call .rule code').first().textContent()).toBe('G18a');
    expect(await page.locator('#now-label').textContent()).toMatch(/Shot 5|between shots/);
    expect(await page.evaluate(() => (document.getElementById('video') as HTMLVideoElement).error)).toBeNull();
    expect(await page.locator('.stat-table thead th').allTextContents()).toEqual(['', 'Ann', 'Bob']);
    expect(b.errors).toEqual([]);
  });
});
