// Browser tests in real Chromium (Debian's /usr/bin/chromium) driven by playwright-core, against
// a server on a loopback port. Without that browser the tests are skipped, and say so.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { RuntimeOptions } from '../../services/server/runtime.ts';
import { startTestServer, type TestServer } from '../../services/server/testing.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`browser tests skipped: ${CHROMIUM} is absent (apt-get install chromium)`);

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

export async function openBrowser(viewport = { width: 1600, height: 900 }): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'railbird-chromium-'));
  // A fresh profile (user-data dir) for every session.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    context, page, errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The alpha of the top-left pixel of an RGBA PNG (a screenshot with omitBackground). */
export function topLeftAlpha(png: Buffer): number {
  let offset = 8;
  let colourType = -1;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') colourType = data[9]!;
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  if (colourType !== 6) return 255; // no alpha channel: opaque
  const raw = inflateSync(Buffer.concat(idat));
  return raw[4]!; // filter byte, then R G B A of the first pixel (any filter leaves it as is)
}

/** A test server and a browser for the tests of one describe block (started before, closed after). */
export function serverAndBrowser(o: Partial<RuntimeOptions>, play = true, viewport?: { width: number; height: number }): { server: TestServer; b: BrowserSession } {
  const ctx = {} as { server: TestServer; b: BrowserSession };
  beforeAll(async () => {
    ctx.server = await startTestServer(o, play);
    ctx.b = await openBrowser(viewport);
  }, 60_000);
  afterAll(async () => {
    await ctx.b?.close();
    await ctx.server?.dispose();
  }, 30_000);
  return ctx;
}
