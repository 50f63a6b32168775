// The whole live pipeline on the bundled recording: video → vision (worker threads) → events →
// rules → a call on the dashboard, with the vision's figures in the source pill. Real time.
import { describe, expect, it } from 'vitest';
import { hasChromium, serverAndBrowser } from './harness.ts';

describe.skipIf(!hasChromium)('dashboard on the vision path (Chromium)', () => {
  const ctx = serverAndBrowser({ balls: 'vision', speed: 1, loop: false });

  it('shows a call made from the video through vision', async () => {
    const { server, b } = ctx;
    const { page } = b;
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => /vision \d/.test(document.getElementById('source-pill')?.textContent ?? ''), null, { timeout: 60_000 });
    await page.locator('#calls .call').first().waitFor({ timeout: 90_000 });
    expect(await page.locator('#calls .call .headline').first().textContent()).toMatch(/\w/);
    const status = (await (await fetch(`${server.url}/api/status`)).json()) as { balls: { kind: string; vision: { calibration: string } } };
    expect(status.balls).toMatchObject({ kind: 'vision', vision: { calibration: expect.stringMatching(/demo\/calibration\.json/) } });
    const calls = server.runtime.pipeline.calls().filter((c) => c.origin === 'camera');
    expect(calls.length).toBeGreaterThan(0);
    expect(b.errors).toEqual([]);
  }, 120_000);
});
