// The calibration page says when the automatic calibration doubts itself (fit.doubts) and asks
// for the corners; it says "no doubt" for a checked one and nothing for one set by hand.
import { describe, expect, it } from 'vitest';
import { hasChromium, serverAndBrowser } from './harness.ts';

describe.skipIf(!hasChromium)('calibration page: the calibration\'s doubts (Chromium)', () => {
  const ctx = serverAndBrowser({}, false);

  const open = async (fit: unknown): Promise<string> => {
    const { server, b } = ctx;
    const { page } = b;
    await page.unroute('**/api/calibrations/*');
    // The stored calibration as the server sends it, with the fit under test.
    await page.route('**/api/calibrations/*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { calibration: Record<string, unknown> };
      body.calibration = { ...body.calibration, fit };
      await route.fulfill({ response: res, json: body });
    });
    await page.goto(`${server.url}/calibration`);
    await page.waitForSelector('#corners tr');
    return (await page.locator('#doubts').textContent()) ?? '';
  };

  it('shows the doubts with "unsure" and asks for the corners; a checked one without doubts says so; a hand-set one says nothing', async () => {
    const fit = { edges: 'cushion-noses', railResidualPx: 0.2, railPoints: [100, 100, 100, 100], focalSource: 'homography' };
    const message = 'the head side: the bed just inside its nose is not cloth (31 %): that side is likely off';
    const unsure = await open({ ...fit, doubts: [{ code: 'bed-edge-not-cloth', side: 'head', cloth: 0.31, message }] });
    expect(unsure).toMatch(/unsure/i);
    expect(unsure).toContain(message);
    expect(unsure).toMatch(/Drag the corners/);
    expect(await open({ ...fit, doubts: [] })).toMatch(/no doubt found/);
    expect(await open({ ...fit, doubts: [] })).not.toMatch(/diamonds\)/);
    expect(await open({ ...fit, correctedBy: 'diamonds', doubts: [] })).toMatch(/no doubt found \(the bed was moved onto the diamonds\)/);
    expect((await open(null)).trim()).toBe('');
    expect(ctx.b.errors).toEqual([]);
  }, 60_000);
});
