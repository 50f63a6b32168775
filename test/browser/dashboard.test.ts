// The dashboard shows a call coming from the bundled recording (played fast), with its rule id,
// plain words and confidence, the scoreboard and the live table.
import { describe, expect, it } from 'vitest';
import { hasChromium, serverAndBrowser } from './harness.ts';

describe.skipIf(!hasChromium)('dashboard (Chromium)', () => {
  const ctx = serverAndBrowser({ speed: 10 });

  it('shows a call from the bundled recording within seconds', async () => {
    const { server, b } = ctx;
    const { page } = b;
    await page.goto(`${server.url}/`);
    await page.waitForSelector('.player .name', { timeout: 10_000 });
    expect(await page.locator('.player .name').allTextContents()).toEqual(['Ann', 'Bob']);
    const call = page.locator('#calls .call').first();
    await call.waitFor({ timeout: 15_000 });
    const headline = await page.locator('#calls .call .headline').last().textContent();
    expect(headline).toMatch(/Legal break, pocketed the 5/);
    expect(await page.locator('#calls .call').last().locator('.rule code').first().textContent()).toBe('N2.2');
    expect(await page.locator('#calls .call').last().locator('.conf').textContent()).toMatch(/\d+%/);
    // The live table is drawn to scale, with balls.
    const size = await page.locator('#table').boundingBox();
    expect(size!.width / size!.height).toBeCloseTo((2.54 + 0.28) / (1.27 + 0.28), 1);
    await page.waitForFunction(() => document.getElementById('fps')?.textContent !== '–', null, { timeout: 5000 });
    expect(b.errors).toEqual([]);
  });
});
