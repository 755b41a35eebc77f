// Helpers for edgefit's end-to-end tests (node:test + playwright-core + Debian Chromium).
//
//   import { openPage } from './harness.mjs';
//   const app = await openPage();          // serves dist/, starts Chromium, opens the page
//   try { ... app.page ...; app.assertNoErrors(); } finally { await app.close(); }
//
// Everything stays on 127.0.0.1: Chromium's resolver maps every other host to
// NOTFOUND, and the page is served by a tiny static server written here (no deps).

import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, existsSync, statSync, createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

/** The repository root (two levels above this file). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where `trunk build` writes the page. Override with EDGEFIT_DIST. */
export const DIST = resolve(process.env.EDGEFIT_DIST ?? join(ROOT, 'dist'));
/** Where screenshots go (ignored by git). */
export const OUT = join(ROOT, 'tests', 'e2e', 'out');
/** The browser. Override with EDGEFIT_CHROMIUM. */
export const CHROMIUM = process.env.EDGEFIT_CHROMIUM ?? '/usr/bin/chromium';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serve `dir` on 127.0.0.1 at a free port chosen by the OS.
 * Unknown paths get 404 (no SPA fallback: the app keeps its state in the hash).
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>}
 */
export async function serveDist(dir = DIST) {
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${join(root, 'index.html')} not found: run \`trunk build --release\` (or \`cargo xtask test\`) first`);
  }
  const server = createServer((req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    if (!(file === root || file.startsWith(root + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(() => ok()); }),
  };
}

/**
 * Start headless Chromium with a fresh, throw-away profile (`args`: extra command-line switches).
 * @returns {Promise<{context: import('playwright-core').BrowserContext, close: () => Promise<void>}>}
 */
export async function launchBrowser({ viewport = { width: 1280, height: 900 }, args = [], contextOptions = {} } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'edgefit-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport,
      // Extra context options, e.g. { javaScriptEnabled: false }.
      ...contextOptions,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
        ...args,
      ],
    });
  } catch (e) {
    rmSync(profile, { recursive: true, force: true });
    throw e;
  }
  return {
    context,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Collect console errors, uncaught page errors and failed requests of `page`.
 * @returns {string[]} a live array; empty means the page was clean
 */
export function collectErrors(page) {
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.stack ?? e}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return errors;
}

/**
 * Save a full-page screenshot to tests/e2e/out/<name>.png and return its path. `paintAll: false` for a page
 * with JavaScript off (nothing to unhide there, and page.evaluate never returns on such a page).
 */
export async function screenshot(page, name, { paintAll: unhide = true } = {}) {
  mkdirSync(OUT, { recursive: true });
  const path = join(OUT, `${name}.png`);
  // Off-screen figures and steps use content-visibility:auto (not painted until scrolled to); a full-page
  // capture would show them as empty boxes, so paint everything for the capture, then restore.
  // Set on each element through the CSSOM, so restoring leaves nothing behind.
  const paintAll = (on) => {
    for (const el of document.querySelectorAll('.chart, .step, .inputs fieldset.group')) {
      el.style.contentVisibility = on ? 'visible' : '';
    }
  };
  if (unhide) await page.evaluate(paintAll, true);
  await page.screenshot({ path, fullPage: true });
  if (unhide) await page.evaluate(paintAll, false);
  return path;
}

/**
 * Wait until the page's height has not changed for `quietMs` (at most `timeout`): the deferred panels (charts,
 * steps, the reverse solve one task later) render after the first results and push what is below them down,
 * so a click aimed just before that can land beside its button.
 */
export async function layoutSettled(page, quietMs = 400, timeout = 5000) {
  await page.evaluate(({ quietMs, timeout }) => new Promise((done) => {
    const start = performance.now();
    let last = document.documentElement.scrollHeight;
    let since = start;
    const tick = () => {
      const now = performance.now();
      const h = document.documentElement.scrollHeight;
      if (h !== last) { last = h; since = now; }
      if (now - since >= quietMs || now - start >= timeout) done();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }), { quietMs, timeout });
}

/**
 * Wait until boot.js has started the wasm app (it sets `data-edgefit-started` on <html>),
 * or throw with the errors collected so far.
 */
export async function waitForApp(page, errors, timeout = 20_000) {
  try {
    await page.waitForSelector('html[data-edgefit-started]', { state: 'attached', timeout });
  } catch (e) {
    throw new Error(`the wasm app did not start within ${timeout} ms; page errors: ${JSON.stringify(errors, null, 2)}`, { cause: e });
  }
}

/**
 * Serve dist/, start Chromium, open the page at `hash` (e.g. '#v=2&bw=25') and wait for the app.
 * `contextOptions` go to the browser context (`{ javaScriptEnabled: false }`); `initScript` runs in the
 * page before its own scripts (a function or a string).
 * Call `close()` in a `finally`.
 */
export async function openPage({ hash = '', viewport, waitForStart = true, contextOptions, initScript } = {}) {
  const server = await serveDist();
  let browser;
  try {
    browser = await launchBrowser({ viewport, contextOptions });
    // Runs in every page before its own scripts (e.g. to deny storage).
    if (initScript) await browser.context.addInitScript(initScript);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const errors = collectErrors(page);
    await page.goto(server.url + hash, { waitUntil: 'load' });
    if (waitForStart) await waitForApp(page, errors);
    return {
      page,
      errors,
      url: server.url,
      /** Fail the test if anything went wrong in the browser so far. */
      assertNoErrors() {
        assert.deepEqual(errors, [], `the page logged errors:\n${errors.join('\n')}`);
      },
      close: async () => {
        await browser.close();
        await server.close();
      },
    };
  } catch (e) {
    await browser?.close();
    await server.close();
    throw e;
  }
}

/**
 * Wait until the address's hash has stopped changing: the same value seen `times` times in a row, `every` ms
 * apart (at most `timeout`). The page writes its link a moment after a change (coalesced while typing);
 * this waits for that write instead of guessing how long it takes. Returns the hash.
 */
export async function hashSettled(page, { every = 100, times = 3, timeout = 5000 } = {}) {
  return page.evaluate(({ every, times, timeout }) => new Promise((done) => {
    const start = performance.now();
    let last = location.hash;
    let same = 0;
    const tick = () => {
      const h = location.hash;
      same = h === last ? same + 1 : 0;
      last = h;
      if (same >= times || performance.now() - start >= timeout) done(h);
      else setTimeout(tick, every);
    };
    setTimeout(tick, every);
  }), { every, times, timeout });
}
