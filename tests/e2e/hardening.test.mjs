// Hardening (issue #8): nothing a user types or pastes can break the page, leak into it, or lose their
// work. Links carrying markup and script in every string-carrying key stay text; the page's CSP allows
// only its own script and wasm; newer and over-long links say so; the page works with storage denied;
// with JavaScript off it says what it needs. (The panic message is tested in web/tests/panic.rs.)
// Run after `trunk build --release` (`node --test tests/e2e/`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, openPage, waitForApp, screenshot, hashSettled } from './harness.mjs';

const BW_LABEL = 'Peak memory bandwidth';

/** Markup and script that must never run or become elements. Each sets `window.__xss` if it runs. */
const PAYLOADS = [
  '"><img src=x onerror=window.__xss=1>',
  '<script>window.__xss=1</script>',
  'javascript:window.__xss=1',
  "'><svg onload=window.__xss=1>",
  '<iframe src=javascript:window.__xss=1>',
];
const IMG = PAYLOADS[0];

/** A hash from [key, value] pairs, each percent-encoded the way a shared link would be. */
function hash(pairs) {
  return '#' + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** Open `h` in the already-open page as a fresh load (not a same-document hash change). */
async function load(app, h) {
  await app.page.goto('about:blank');
  await app.page.goto(app.url + h, { waitUntil: 'load' });
  await waitForApp(app.page, app.errors);
  // The app renders, then rewrites its hash: wait for the results and for the link to settle.
  await app.page.locator('[data-testid^="verdict-"]').first().waitFor();
  await hashSettled(app.page);
}

/** Nothing from a link ran or became markup. */
async function assertInert(page, what) {
  const found = await page.evaluate(() => {
    const onAttrs = [...document.querySelectorAll('*')].flatMap((e) =>
      [...e.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => `${e.tagName} ${a.name}`),
    );
    return {
      xss: window.__xss,
      img: document.querySelectorAll('img[src="x"]').length,
      svg: document.querySelectorAll('svg[onload]').length,
      iframes: document.querySelectorAll('iframe').length,
      inlineScripts: [...document.scripts].filter((s) => !s.src).length,
      jsUrls: [...document.querySelectorAll('[href], [src], [action], [formaction]')]
        .map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? e.getAttribute('action') ?? e.getAttribute('formaction'))
        .filter((u) => /^\s*javascript:/i.test(u ?? '')),
      onAttrs,
    };
  });
  assert.equal(found.xss, undefined, `${what}: a payload ran`);
  assert.equal(found.img, 0, `${what}: <img src=x> was injected`);
  assert.equal(found.svg, 0, `${what}: <svg onload> was injected`);
  assert.equal(found.iframes, 0, `${what}: an <iframe> was injected`);
  assert.equal(found.inlineScripts, 0, `${what}: an inline <script> is in the page`);
  assert.deepEqual(found.jsUrls, [], `${what}: javascript: URLs in the page`);
  assert.deepEqual(found.onAttrs, [], `${what}: inline event handlers in the page`);
}

test('markup and script in every string-carrying link key stay text', async () => {
  const app = await openPage();
  try {
    const { page } = app;
    // Every key the page or the engine reads as a string, each carrying a payload, plus payloads as
    // unknown keys and as values of numeric keys.
    const keyed = [
      ['v', '1'],
      ['fw', IMG],
      ['device', PAYLOADS[1]],
      ['llm', PAYLOADS[2]],
      ['quant', PAYLOADS[3]],
      ['unset', PAYLOADS[4]],
      ['model', IMG],
      ['gran', PAYLOADS[1]],
      ['act', PAYLOADS[2]],
      ['backend', PAYLOADS[3]],
      ['lang', IMG],
      ['bw_gbps', PAYLOADS[1]],
      ['ttft_ms', 'javascript:alert(1)'],
      [IMG, '1'],
      [PAYLOADS[3], PAYLOADS[1]],
    ];
    await load(app, hash(keyed));
    await assertInert(page, 'payload keys');
    const banner = page.getByTestId('link-banner');
    await banner.waitFor();
    const text = (await banner.textContent()) ?? '';
    // The banner names the payloads as the text they are.
    for (const p of [IMG, PAYLOADS[1], PAYLOADS[2], PAYLOADS[3]]) {
      assert.ok(text.includes(p), `the banner does not show ${JSON.stringify(p)} as text:\n${text}`);
    }
    assert.equal(await banner.locator('img, script, svg, iframe').count(), 0, 'markup inside the banner');
    // The rest of the page still works: defaults kept, results shown.
    assert.equal(await page.getByLabel(BW_LABEL, { exact: true }).inputValue(), '25');
    await page.getByTestId('tpot-full').first().waitFor();
    await screenshot(page, 'hardening-payload-banner');

    // The page's own keys, one at a time (embed switches the view; pin holds a link of its own).
    const own = [['pin', `v=2&fw=${encodeURIComponent(IMG)}&${encodeURIComponent(PAYLOADS[1])}=1`]];
    for (const k of ['embed', 'lang', 'pin']) for (const p of PAYLOADS) own.push([k, p]);
    for (const [k, v] of own) {
      await load(app, hash([['v', '1'], [k, v]]));
      await assertInert(page, `${k}=${v}`);
      await page.locator('main').first().waitFor();
    }
    // The payloads never reached the document as anything but text, anywhere.
    assert.equal(await page.evaluate(() => window.__xss), undefined);
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test("the page's Content-Security-Policy allows only its own script and wasm, and blocks injected script", async () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  // The served HTML: no inline script, no inline event handler, no javascript: URL.
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    assert.match(m[1], /\bsrc=/, `an inline <script> in dist/index.html: ${m[0].slice(0, 120)}`);
    assert.equal(m[2].trim(), '', 'a <script src> with a body');
  }
  assert.doesNotMatch(html, /<[^>]+\son[a-z]+\s*=/i, 'an inline event handler (on...=) in dist/index.html');
  assert.doesNotMatch(html, /javascript:/i, 'a javascript: URL in dist/index.html');

  const app = await openPage();
  try {
    const { page } = app;
    const csp = await page.evaluate(
      () => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? '',
    );
    const dir = Object.fromEntries(
      csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([k, ...v]) => [k, v]),
    );
    assert.deepEqual(dir['default-src'], ["'self'"], csp);
    assert.deepEqual(dir['script-src'], ["'self'", "'wasm-unsafe-eval'"], `script-src: only the page's own files and wasm (${csp})`);
    assert.ok(!csp.includes("'unsafe-eval'") && !/script-src[^;]*'unsafe-inline'/.test(csp), csp);
    assert.deepEqual(dir['object-src'], ["'none'"], csp);
    assert.deepEqual(dir['base-uri'], ["'none'"], csp);
    // What an injection would try, done from inside the page: each is refused by the CSP.
    const result = await page.evaluate(async () => {
      const violations = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.head.append(s);
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__handler = 1');
      img.src = 'data:,not-an-image';
      document.body.append(img);
      const a = document.createElement('a');
      a.href = 'javascript:window.__jsurl=1';
      document.body.append(a);
      a.click();
      const d = document.createElement('div');
      d.innerHTML = '<img src=x onerror="window.__xss=1">';
      document.body.append(d);
      // Nothing to poll for: a handler that would run does so within a few tasks; give them 300 ms.
      await new Promise((r) => setTimeout(r, 300));
      img.remove();
      a.remove();
      d.remove();
      return { inline: window.__inline, handler: window.__handler, jsurl: window.__jsurl, xss: window.__xss, violations };
    });
    assert.equal(result.inline, undefined, 'an injected inline script ran');
    assert.equal(result.handler, undefined, 'an injected inline event handler ran');
    assert.equal(result.jsurl, undefined, 'a javascript: URL ran');
    assert.equal(result.xss, undefined, 'an injected onerror ran');
    assert.ok(result.violations.some((v) => v.startsWith('script-src')), `no CSP violation reported: ${result.violations}`);
    // The only errors are the CSP refusals just provoked (and the broken image's fetch of x).
    const unexpected = app.errors.filter(
      (e) =>
        !/Content Security Policy|Refused to (execute|run)/i.test(e) &&
        !/\/x\b/.test(e) &&
        // The console's line for that same 404 of `x` (it does not name the URL).
        !/Failed to load resource: the server responded with a status of 404/.test(e),
    );
    assert.deepEqual(unexpected, [], unexpected.join('\n'));
  } finally {
    await app.close();
  }
});

test('a link from a newer version says so; an over-long link is refused and says so', async () => {
  const app = await openPage({ hash: '#v=99&bw_gbps=40' });
  try {
    const { page } = app;
    let banner = page.getByTestId('link-banner');
    await banner.waitFor();
    let text = (await banner.textContent()) ?? '';
    assert.match(text, /v=99/);
    assert.match(text, /newer than this edgefit/);
    // Read as this version understands it.
    assert.equal(await page.getByLabel(BW_LABEL, { exact: true }).inputValue(), '40');

    await load(app, '#v=99&lang=zh');
    banner = page.getByTestId('link-banner');
    await banner.waitFor();
    text = (await banner.textContent()) ?? '';
    assert.match(text, /v=99/);
    assert.match(text, /比本程序新/);

    await load(app, `#v=2&bw_gbps=40&x=${'a'.repeat(5000)}`);
    banner = page.getByTestId('link-banner');
    await banner.waitFor();
    text = (await banner.textContent()) ?? '';
    assert.match(text, /longer than 4096/);
    // Nothing of it was read: the defaults, and the results still render.
    assert.equal(await page.getByLabel(BW_LABEL, { exact: true }).inputValue(), '25');
    await page.getByTestId('tpot-full').first().waitFor();
    await screenshot(page, 'hardening-too-long');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('the page works with storage denied', async () => {
  const app = await openPage({
    initScript: () => {
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException(`${name} is denied`, 'SecurityError');
          },
        });
      }
    },
  });
  try {
    const { page } = app;
    assert.equal(
      await page.evaluate(() => { try { window.localStorage; return 'allowed'; } catch { return 'denied'; } }),
      'denied',
      'the init script did not deny storage',
    );
    const tpot = page.getByTestId('tpot-full').first();
    await tpot.waitFor();
    const before = Number.parseFloat(((await tpot.textContent()) ?? '').replace(/,/g, ''));
    assert.ok(Math.abs(before - 85.8) < 0.2, `tpot-full ${before}`);
    const bw = page.getByLabel(BW_LABEL, { exact: true });
    await bw.fill('50');
    const deadline = Date.now() + 5000;
    let after = before;
    while (Date.now() < deadline && Math.abs(after - before) < 1) {
      await page.waitForTimeout(50);
      after = Number.parseFloat(((await tpot.textContent()) ?? '').replace(/,/g, ''));
    }
    assert.ok(after < before - 10, `typing did not update the results (${before} → ${after})`);
    await page.waitForFunction(() => location.hash.includes('bw_gbps=50'), null, { timeout: 15_000 });
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('with JavaScript off the page says it needs JavaScript, in both languages', async () => {
  const app = await openPage({ contextOptions: { javaScriptEnabled: false }, waitForStart: false });
  try {
    const { page } = app;
    // (Playwright's text selectors skip <noscript>; address its paragraphs directly.)
    const en = page.locator('noscript p[lang="en"]');
    const zh = page.locator('noscript p[lang="zh-CN"]');
    await en.waitFor({ state: 'visible', timeout: 15_000 });
    assert.match((await en.textContent()) ?? '', /needs JavaScript \(and WebAssembly\)/);
    assert.ok(await zh.isVisible(), 'the Chinese line is not visible');
    assert.match((await zh.textContent()) ?? '', /需要 JavaScript/);
    const box = await en.boundingBox();
    assert.ok(box && box.width > 100 && box.height > 10, `the message is not laid out: ${JSON.stringify(box)}`);
    // The app never started: an absence, so there is no condition to poll; half a second is ample for
    // boot.js to have run had it been allowed to.
    await page.waitForTimeout(500);
    assert.equal(await page.locator('html[data-edgefit-started]').count(), 0);
    assert.equal(await page.getByTestId('tpot-full').count(), 0);
    await screenshot(page, 'hardening-no-js', { paintAll: false });
  } finally {
    await app.close();
  }
});

test('without a Clipboard API (a page served over plain http) copying shows the text to copy by hand', async () => {
  // Outside a secure context browsers leave `navigator.clipboard` undefined.
  const app = await openPage({
    initScript: () => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
    },
  });
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard), undefined);
    await page.getByTestId('copy-link').click();
    const fallback = page.getByTestId('copy-fallback');
    await fallback.waitFor({ timeout: 15_000 });
    assert.match(await fallback.inputValue(), /^http:\/\/127\.0\.0\.1:\d+\/#v=2/);
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});
