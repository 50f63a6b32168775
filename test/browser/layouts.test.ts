// Every page on the screens people hold (issue 21): phones both ways, tablets both ways, the common
// laptop, a 1080p and a 4K screen (TV, OBS browser source). For each page × size, in Chromium at
// scroll 0:
// - no horizontal scroll (the document is no wider than the viewport);
// - no two panels overlapping (the bounding boxes of the header and the page's panels), no content
//   sticking out of its panel (sideways, or below a panel that does not scroll), no control
//   (button, select, input, link, video, canvas, image) outside its panel;
// - no text cut off in the header: nothing in it beyond the viewport or the header, no element whose
//   text overflows it (scrollWidth > clientWidth), no two texts in it overlapping, no select too
//   narrow for the option it shows;
// - the main elements of the page (table diagram and latest call, video and shot list, the camera
//   frame, the score bug…) fully inside the viewport and not covered by anything else;
// - on the operator panel (locked or not, and its overturn dialog) every control at least 44×44 px;
//   on the review page a touch timeline (44 px high; a tap on a shot's mark selects it, elsewhere
//   seeks; a drag scrubs); calibration corner handles 44 px across on the touch sizes; the overlay
//   scaled with a 16:9 frame (its score bug 58 px high at 1080p, 116 at 4K);
// - nothing on any page needing hover: the :hover rules only change colours, and no information
//   lives only in a title tooltip.
// A failing page × size leaves a screenshot in out/layout-failures/ (named in the failure);
// RAILBIRD_LAYOUT_SHOTS=dir keeps one of every page × size.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLine, ShotLine } from '../../services/contract/log.ts';
import type { InferredLine } from '../../services/events/infer.ts';
import { REPO_ROOT } from '../../services/server/runtime.ts';
import { startTestServer, TEST_TOKEN, type TestServer } from '../support/server.ts';
import { hasChromium, launchBrowser } from './harness.ts';

const truth = readFileSync(new URL('../../recordings/demo/truth.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as LogLine);
const shots = truth.filter((l): l is ShotLine => l.kind === 'shot').map(({ declared: _d, ...s }) => s as ShotLine);
const SHOTS_DIR = join(REPO_ROOT, 'out', 'layout-failures');
/** RAILBIRD_LAYOUT_SHOTS=dir: a full-page screenshot of every page × size there, to look at. */
const ALL_SHOTS_DIR = process.env.RAILBIRD_LAYOUT_SHOTS || null;

interface Size { name: string; width: number; height: number; touch: boolean }
const SIZES: Size[] = [
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'phone-landscape', width: 844, height: 390, touch: true },
  { name: 'tablet', width: 820, height: 1180, touch: true },
  { name: 'tablet-landscape', width: 1180, height: 820, touch: true },
  { name: 'laptop', width: 1366, height: 768, touch: false },
  { name: 'tv-1080p', width: 1920, height: 1080, touch: false },
  { name: 'tv-4k', width: 3840, height: 2160, touch: false },
];

interface Spec {
  /** What the page shows. */
  path: string;
  /** Resolves when the page has its content. */
  ready(page: Page): Promise<void>;
  /** The regions that must not overlap (besides the header). */
  panels: string;
  /** The elements that must be fully in view at scroll 0, by name. */
  main: Record<string, string>;
  /** Every control at least 44×44 px. */
  touchTargets?: boolean;
}

const PAGES: Record<string, Spec> = {
  dashboard: {
    path: '/',
    ready: async (page) => {
      await page.waitForSelector('.player .name');
      await page.waitForSelector('#calls .call');
      await page.waitForSelector('#events .evrow');
    },
    panels: 'main .panel',
    main: { 'table diagram': '#table', 'latest call': '#calls .call:first-child' },
  },
  operator: {
    path: `/operator#token=${TEST_TOKEN}`,
    ready: async (page) => {
      await page.waitForSelector('#foul-grid .btn');
      await page.waitForSelector('#decision:not(.hidden)');
      await page.waitForSelector('#calls .call');
      await page.waitForFunction(() => document.getElementById('lock-pill')?.textContent?.includes('operator'));
    },
    panels: 'body > .panel, main .panel',
    main: { 'score and situation': '.at-table', 'decision awaited': '#decision' },
    touchTargets: true,
  },
  'operator (locked)': {
    path: '/operator',
    ready: async (page) => {
      await page.waitForSelector('#unlock:not(.hidden)');
      await page.waitForSelector('#foul-grid .btn');
      await page.waitForSelector('#calls .call');
    },
    panels: 'body > .panel, main .panel',
    main: { 'token form': '#unlock' },
    touchTargets: true,
  },
  review: {
    path: '/review?recording=demo&log=truth',
    ready: async (page) => {
      await page.waitForSelector('.shot[data-i="7"]');
      await page.waitForSelector('.stat-table');
      await page.waitForFunction(() => (document.getElementById('video') as HTMLVideoElement).readyState >= 1, null, { timeout: 15_000 });
      await page.locator('.shot[data-i="1"]').click(); // the selected shot's call shown too
      await page.waitForSelector('#selected .call');
    },
    panels: 'main .panel',
    main: { 'video with its controls': '.player-panel', 'shot list': '.shots' },
  },
  calibration: {
    path: '/calibration',
    ready: async (page) => {
      await page.waitForSelector('#corners tr');
      await page.waitForSelector('#svg .handle');
      await page.waitForFunction(() => { const img = document.getElementById('frame') as HTMLImageElement; return img.complete && img.naturalWidth > 0; }, null, { timeout: 15_000 });
    },
    panels: 'main .panel',
    main: { 'camera frame': '#stage' },
  },
  overlay: {
    path: '/overlay',
    ready: async (page) => {
      await page.waitForFunction(() => document.getElementById('p0')?.textContent?.includes('Ann'));
      await page.waitForSelector('#last-call.show');
      await page.waitForTimeout(500); // the last call slides in
    },
    panels: '.bug, .last-call, .balls-strip',
    main: { 'score bug': '#bug', 'last call': '#last-call', 'balls left': '#balls' },
  },
};

/** The checks, run in the page: a list of failures (empty when the layout is right). */
function layoutFailures(a: { panels: string; main: Record<string, string>; touchTargets: boolean }): string[] {
  const out: string[] = [];
  const vw = document.documentElement.clientWidth;
  const vh = window.innerHeight;
  const name = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const cls = [...el.classList].slice(0, 2).map((c) => `.${c}`).join('');
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` "${text}"` : ''}`;
  };
  const visible = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && el.closest('[hidden], .hidden') === null;
  };
  const box = (r: DOMRect) => `${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)}`;
  const overlap = (p: DOMRect, q: DOMRect) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1;

  // No horizontal scroll.
  const docWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (docWidth > vw + 1) out.push(`scrolls sideways: the page is ${docWidth} px wide in a ${vw} px viewport`);
  for (const el of document.body.querySelectorAll('*')) {
    const ox = getComputedStyle(el).overflowX;
    if ((ox === 'auto' || ox === 'scroll') && el.scrollWidth > el.clientWidth + 1 && visible(el)) out.push(`${name(el)} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth} px)`);
  }

  // Panels: no two overlapping, none beyond the sides, nothing sticking out of one.
  const header = document.querySelector('header.topbar');
  const panels = [...(header ? [header] : []), ...document.querySelectorAll(a.panels)].filter(visible);
  for (let i = 0; i < panels.length; i++) {
    const p = panels[i]!;
    const r = p.getBoundingClientRect();
    if (r.left < -1 || r.right > vw + 1) out.push(`${name(p)} runs off the side (${box(r)})`);
    for (let j = i + 1; j < panels.length; j++) {
      const q = panels[j]!;
      if (p.contains(q) || q.contains(p)) continue;
      if (overlap(r, q.getBoundingClientRect())) out.push(`${name(p)} (${box(r)}) overlaps ${name(q)} (${box(q.getBoundingClientRect())})`);
    }
    if (p !== header) {
      if (p.scrollWidth > p.clientWidth + 1) out.push(`the content of ${name(p)} sticks out of it sideways (${p.scrollWidth} px in ${p.clientWidth} px)`);
      if (getComputedStyle(p).overflowY === 'visible' && p.scrollHeight > p.clientHeight + 1) out.push(`the content of ${name(p)} spills out below it (${p.scrollHeight} px in ${p.clientHeight} px)`);
      for (const c of p.querySelectorAll('button, select, input, textarea, a[href], video, canvas, img')) {
        if (!visible(c)) continue;
        const cr = c.getBoundingClientRect();
        if (cr.left < r.left - 1 || cr.right > r.right + 1 || cr.top < r.top - 1 || cr.bottom > r.bottom + 1) out.push(`${name(c)} (${box(cr)}) sticks out of ${name(p)} (${box(r)})`);
      }
    }
  }

  // The header: nothing cut off, nothing overlapping.
  if (header) {
    const hr = header.getBoundingClientRect();
    if (header.scrollWidth > header.clientWidth + 1) out.push(`header: its content is ${header.scrollWidth} px wide in ${header.clientWidth} px`);
    const items = [...header.querySelectorAll('*')].filter(visible);
    for (const el of items) {
      const r = el.getBoundingClientRect();
      if (r.left < hr.left - 1 || r.right > hr.right + 1 || r.top < hr.top - 1 || r.bottom > hr.bottom + 1) out.push(`header: ${name(el)} (${box(r)}) is outside the header (${box(hr)})`);
      else if (r.left < -1 || r.right > vw + 1) out.push(`header: ${name(el)} (${box(r)}) runs off the edge`);
      if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'SELECT') out.push(`header: text cut off in ${name(el)} (${el.scrollWidth} px in ${el.clientWidth} px)`);
      if (el instanceof HTMLSelectElement && el.selectedOptions[0]) {
        const cs = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const need = ctx.measureText(el.selectedOptions[0].text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 16;
        if (need > el.clientWidth + 1) out.push(`header: text cut off in ${name(el)}: "${el.selectedOptions[0].text}" needs ${Math.round(need)} px, has ${el.clientWidth} px`);
      }
    }
    const texts = items.filter((el) => el instanceof HTMLSelectElement || [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== ''));
    for (let i = 0; i < texts.length; i++) {
      for (let j = i + 1; j < texts.length; j++) {
        const [p, q] = [texts[i]!, texts[j]!];
        if (p.contains(q) || q.contains(p)) continue;
        if (overlap(p.getBoundingClientRect(), q.getBoundingClientRect())) out.push(`header: ${name(p)} overlaps ${name(q)}`);
      }
    }
  }

  // The main elements: fully in view at scroll 0, not covered.
  for (const [what, sel] of Object.entries(a.main)) {
    const el = document.querySelector(sel);
    if (!el || !visible(el)) { out.push(`${what} (${sel}) is not shown`); continue; }
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) { out.push(`${what} (${sel}) is not fully in view: ${box(r)} in ${vw}×${vh}`); continue; }
    for (const [fx, fy] of [[0.5, 0.5], [0.05, 0.05], [0.95, 0.05], [0.05, 0.95], [0.95, 0.95]] as const) {
      const x = r.left + fx * r.width;
      const y = r.top + fy * r.height;
      const hit = document.elementFromPoint(x, y);
      if (hit && !el.contains(hit)) { out.push(`${what} (${sel}) is covered by ${name(hit)} at ${Math.round(x)},${Math.round(y)}`); break; }
    }
  }

  // Touch targets.
  if (a.touchTargets) {
    for (const control of document.querySelectorAll('button, input, select, textarea, a[href], [role=button]')) {
      // a radio button or a checkbox is touched through its label
      const el = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox') ? control.closest('label') ?? control : control;
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 43.5 || r.height < 43.5) out.push(`touch target too small: ${name(el)} is ${Math.round(r.width)}×${Math.round(r.height)} px`);
    }
  }
  return out;
}

describe.skipIf(!hasChromium)('layouts on phones, tablets, laptops, TVs (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    rmSync(SHOTS_DIR, { recursive: true, force: true });
    // LAYOUT_WEB=dir: the pages from another folder (e.g. `git archive <rev> web | tar -x -C dir`), to compare.
    server = await startTestServer({ script: false, ...(process.env.LAYOUT_WEB ? { webDir: process.env.LAYOUT_WEB } : {}) }, false);
    const session = server.runtime.pipeline.session;
    const camera = (line: LogLine) => session.ingestCamera({ line: line as InferredLine, frames: [] });
    // A match under way: the rack, the break, a push-out declared and played: Bob must choose; a
    // ball moved meanwhile (a call of low confidence, for the operator to confirm).
    camera(truth[1]!);
    camera(shots[0]!);
    session.setDeclared({ pushOut: true }, { name: 'test', action: 'declare', body: null });
    camera(shots[1]!);
    camera({ kind: 'disturbed', t: 22, balls: [{ id: 4, x: 0.3, y: 0.1 }] });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  }, 30_000);

  for (const [pageName, spec] of Object.entries(PAGES)) {
    describe(pageName, () => {
      for (const size of SIZES) {
        it(`${size.name} ${size.width}×${size.height}`, async () => {
          const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1, hasTouch: size.touch });
          try {
            const page = await context.newPage();
            const errors: string[] = [];
            page.on('pageerror', (e) => errors.push(e.message));
            await page.goto(`${server.url}${spec.path}`);
            await spec.ready(page);
            await page.evaluate(() => document.fonts.ready);
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            await page.evaluate(() => window.scrollTo(0, 0));
            const failures = await page.evaluate(layoutFailures, { panels: spec.panels, main: spec.main, touchTargets: spec.touchTargets ?? false });
            if (pageName === 'review' && size.touch) failures.push(...(await timelineTouchFailures(page)));
            if (pageName === 'operator') failures.push(...(await overturnDialogFailures(page)));
            if (pageName === 'calibration' && size.touch) failures.push(...(await page.evaluate(cornerHandleFailures)));
            if (pageName === 'overlay') failures.push(...(await page.evaluate(overlayScaleFailures)));
            failures.push(...errors.map((e) => `page error: ${e}`));
            if (failures.length > 0 || ALL_SHOTS_DIR) {
              const dir = failures.length > 0 ? SHOTS_DIR : ALL_SHOTS_DIR!;
              mkdirSync(dir, { recursive: true });
              const file = join(dir, `${pageName.replace(/\W+/g, '-').replace(/-$/, '')}-${size.name}-${size.width}x${size.height}.png`);
              await page.evaluate(() => window.scrollTo(0, 0));
              await page.screenshot({ path: file, fullPage: Boolean(ALL_SHOTS_DIR) });
              if (failures.length > 0) expect.fail(`${pageName} at ${size.width}×${size.height} (${size.name}), screenshot ${file}:\n- ${failures.join('\n- ')}`);
            }
          } finally {
            await context.close();
          }
        });
      }
    });
  }

  it('needs no hover: the :hover rules only change colours, and no information lives only in a tooltip', async () => {
    const failures: string[] = [];
    for (const [pageName, spec] of Object.entries(PAGES)) {
      const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true });
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}${spec.path}`);
        await spec.ready(page);
        const found = await page.evaluate(() => {
          const out: string[] = [];
          const cosmetic = /^(color|background(-[\w-]+)?|border(-\w+)?-color|outline(-[\w-]+)?|box-shadow|text-decoration(-[\w-]+)?|cursor|filter|transform|transition(-[\w-]+)?)$/;
          const walk = (rules: CSSRuleList) => {
            for (const rule of rules) {
              if (rule instanceof CSSStyleRule && rule.selectorText.includes(':hover')) {
                for (const prop of rule.style) if (!cosmetic.test(prop)) out.push(`"${rule.selectorText}" changes ${prop} on hover`);
              } else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
            }
          };
          for (const sheet of document.styleSheets) walk(sheet.cssRules);
          // A title is a tooltip, which needs hover: its words must be on the page too.
          const shown = new Set(document.body.innerText.toLowerCase().match(/[\p{L}\d]+/gu) ?? []);
          for (const el of document.querySelectorAll('[title]')) {
            if (!(el as HTMLElement).offsetParent && getComputedStyle(el).position !== 'fixed') continue;
            const missing = (el.getAttribute('title')!.toLowerCase().match(/[\p{L}\d]+/gu) ?? []).filter((w) => w.length >= 3 && !shown.has(w));
            if (missing.length) out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''} says "${el.getAttribute('title')}" only in its tooltip (${missing.join(', ')})`);
          }
          return out;
        });
        failures.push(...found.map((f) => `${pageName}: ${f}`));
      } finally {
        await context.close();
      }
    }
    expect(failures).toEqual([]);
  });
});

/** The calibration's corner handles: 44 CSS px across at least, to drag with a finger. */
function cornerHandleFailures(): string[] {
  return [...document.querySelectorAll('#svg .handle circle:first-child')].flatMap((c, i) => {
    const r = c.getBoundingClientRect();
    return r.width < 43.5 ? [`corner handle ${i + 1} is ${Math.round(r.width)} px across (a finger needs 44)`] : [];
  });
}

/** The overlay scales with the frame: its score bug is 58 px high at 1920×1080, twice that at 3840×2160 (16:9 frames). */
function overlayScaleFailures(): string[] {
  const [w, h] = [window.innerWidth, window.innerHeight];
  if (Math.abs(w / h - 16 / 9) > 0.01) return [];
  const bug = document.getElementById('bug')!.getBoundingClientRect().height;
  const want = (58 * h) / 1080;
  return Math.abs(bug - want) > 1 ? [`the score bug is ${bug.toFixed(1)} px high at ${w}×${h}; ${want.toFixed(1)} px keeps it the size it has in a 1080p frame`] : [];
}

/** The operator's overturn dialog: in view (scrolling inside where it must), every control 44 px. */
async function overturnDialogFailures(page: Page): Promise<string[]> {
  await page.locator('#calls [data-overturn]').first().click();
  await page.waitForSelector('.modal');
  const out = await page.evaluate(() => {
    const found: string[] = [];
    const modal = document.querySelector('.modal')!;
    const r = modal.getBoundingClientRect();
    if (r.left < -1 || r.top < -1 || r.right > window.innerWidth + 1 || r.bottom > window.innerHeight + 1) found.push(`the overturn dialog is not fully in view: ${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)}`);
    if (modal.scrollWidth > modal.clientWidth + 1) found.push(`the overturn dialog's content sticks out of it sideways (${modal.scrollWidth} px in ${modal.clientWidth} px)`);
    for (const control of modal.querySelectorAll('button, input, select')) {
      const el = control instanceof HTMLInputElement && control.type === 'radio' ? control.closest('label') ?? control : control;
      const b = el.getBoundingClientRect();
      if (b.width < 43.5 || b.height < 43.5) found.push(`touch target too small in the overturn dialog: ${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" is ${Math.round(b.width)}×${Math.round(b.height)} px`);
    }
    return found;
  });
  await page.locator('.modal [data-x="cancel"]').click();
  return out;
}

/** The review timeline by touch: 44 px high; a tap next to a shot's mark selects that shot, elsewhere it seeks; a drag scrubs. */
async function timelineTouchFailures(page: Page): Promise<string[]> {
  const out: string[] = [];
  const tl = await page.locator('#timeline').boundingBox();
  if (!tl) return ['the timeline is not shown'];
  if (tl.height < 43.5) out.push(`the timeline is ${Math.round(tl.height)} px high (a touch target needs 44)`);
  const y = tl.y + tl.height / 2;
  const clock = async () => { const [m, sec] = ((await page.locator('#clock').textContent()) ?? '0:0').split(':'); return Number(m) * 60 + Number(sec); };
  // A tap on the 5th shot's mark selects that shot.
  const mark = await page.locator('#timeline .tl-mark[data-i="4"]').boundingBox();
  if (!mark) out.push('the timeline has no mark for the 5th shot');
  else {
    await page.touchscreen.tap(mark.x + mark.width / 2, y);
    await page.waitForTimeout(100);
    const sel = await page.locator('.shot.sel .n').textContent().catch(() => null);
    if (sel !== '5') out.push(`a tap on the 5th shot's mark did not select it (selected: ${sel})`);
  }
  // A tap in the widest gap between the shots' marks seeks there.
  const marks = (await page.locator('#timeline .tl-mark:not(.op)').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left + 2))).map((x) => (x - tl.x) / tl.width);
  const edges = [0, ...marks.sort((a, b) => a - b), 1];
  const gap = edges.slice(1).map((e, i) => ({ f: (e + edges[i]!) / 2, w: e - edges[i]! })).sort((a, b) => b.w - a.w)[0]!;
  const before = await clock();
  await page.touchscreen.tap(tl.x + tl.width * gap.f, y);
  await page.waitForTimeout(100);
  const afterTap = await clock();
  if (Math.abs(afterTap - before) < 0.5) out.push(`a tap on the timeline did not seek (clock ${before} s → ${afterTap} s)`);
  // A drag from there to the far end of the timeline scrubs along.
  const duration = afterTap / gap.f;
  const to = gap.f < 0.5 ? 0.95 : 0.05;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: tl.x + tl.width * gap.f, y }] });
  for (let k = 1; k <= 5; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: tl.x + tl.width * (gap.f + ((to - gap.f) * k) / 5), y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await page.waitForTimeout(100);
  const afterDrag = await clock();
  if (Math.abs(afterDrag - to * duration) > 2) out.push(`a drag along the timeline did not scrub (clock ${afterTap} s → ${afterDrag} s, expected about ${(to * duration).toFixed(1)} s)`);
  return out;
}
