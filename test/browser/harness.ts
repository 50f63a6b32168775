// Browser tests in real Chromium (Debian's /usr/bin/chromium) driven by playwright-core, against
// a server on a loopback port. Without that browser the tests are skipped, and say so.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { RuntimeOptions } from '../../services/server/runtime.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`browser tests skipped: ${CHROMIUM} is absent (apt-get install chromium)`);

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A browser for tests that open many contexts (one per viewport): `browser.newContext({ viewport })`. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

export async function openBrowser(viewport = { width: 1600, height: 900 }): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'railbird-chromium-'));
  // A fresh profile (user-data dir) for every session.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ARGS,
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

/** The alpha of the top-left pixel of a PNG (a screenshot with omitBackground); 255 without an alpha channel. */
export async function topLeftAlpha(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return info.channels === 4 ? data[3]! : 255;
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
