// End-to-end tests of the calculator page, as a person uses it: open it, read the seed's numbers, type,
// share the link, open broken links, switch language, embed, export. Run after `trunk build --release`
// (`cargo xtask e2e` or `node --test tests/e2e/`). Screenshots go to tests/e2e/out/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OUT, openPage, screenshot, layoutSettled } from './harness.mjs';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const BW_LABEL = 'Peak memory bandwidth';

/** The number shown by a key-number test id. */
async function num(page, id) {
  const t = (await page.getByTestId(id).first().textContent()) ?? '';
  return Number.parseFloat(t.replace(/,/g, ''));
}

async function near(page, id, want, tol) {
  const got = await num(page, id);
  assert.ok(Math.abs(got - want) <= tol, `${id} shows ${got}, expected ${want} ± ${tol}`);
}

/** Wait until a key number satisfies `pred` (results update asynchronously after an input event). */
async function waitNum(page, id, pred, what) {
  const deadline = Date.now() + 5000;
  let last;
  while (Date.now() < deadline) {
    last = await num(page, id);
    if (pred(last)) return last;
    await page.waitForTimeout(50);
  }
  assert.fail(`${id} never became ${what} (last: ${last})`);
}

async function waitHash(page, pred, what) {
  await page.waitForFunction(pred, null, { timeout: 15_000 }).catch(async () => {
    assert.fail(`hash never became ${what} (is ${await page.evaluate(() => location.hash)})`);
  });
}

test('the default page shows the seed worked example, in both languages and at two widths', async () => {
  for (const [lang, viewport, name] of [
    ['en', DESKTOP, 'default-en-desktop'],
    ['en', PHONE, 'default-en-phone'],
    ['zh', DESKTOP, 'default-zh-desktop'],
    ['zh', PHONE, 'default-zh-phone'],
  ]) {
    const app = await openPage({ hash: lang === 'zh' ? '#v=2&lang=zh' : '', viewport });
    try {
      const { page } = app;
      await page.getByTestId('tpot-full').waitFor();
      await near(page, 'tpot-full', 85.8, 0.1);
      await near(page, 'tpot-empty', 50, 1.5);
      await near(page, 'eff-bw', 15, 1e-9);
      await near(page, 'eff-compute', 2.4, 1e-9);
      await near(page, 'file-size', 0.8, 0.01);
      await near(page, 'power', 3.98, 0.01);
      assert.equal(await page.getByTestId('verdict-tpot').getAttribute('data-verdict'), 'fail');
      assert.equal(await page.getByTestId('verdict-memory').getAttribute('data-verdict'), 'pass');
      assert.equal(await page.getByTestId('verdict-power').getAttribute('data-verdict'), 'warn');
      // Every verdict is a word and an icon, never a colour alone.
      const tpotCard = (await page.getByTestId('verdict-tpot').textContent()) ?? '';
      assert.match(tpotCard, lang === 'zh' ? /✗\s*不通过/ : /✗\s*Fail/);
      // The seed's misleading steps are said plainly.
      for (const step of ['kv_read', 'prefill', 'thermal']) {
        assert.equal(await page.getByTestId(`note-${step}`).count(), 1, `note for ${step}`);
      }
      // Charts carry text alternatives.
      for (const c of ['memory', 'tpot', 'ttft', 'roofline', 'thermal', 'solve']) {
        const fig = page.getByTestId(`chart-${c}`);
        assert.equal(await fig.count(), 1, `chart ${c}`);
        assert.ok(((await fig.locator('svg desc').textContent()) ?? '').length > 20, `chart ${c} has a description`);
      }
      // Phone width: one column, nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang === 'zh' ? 'zh-CN' : 'en');
      await layoutSettled(page);
      await screenshot(page, name);
      // The first screen as a person sees it (for the README).
      await page.screenshot({ path: join(OUT, `${name}-top.png`) });
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  }
});

test('every visible input has a label', async () => {
  const app = await openPage();
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, textarea')]
        .filter((e) => e.offsetParent !== null)
        .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label'))
        .map((e) => e.id || e.outerHTML.slice(0, 60)),
    );
    assert.deepEqual(unlabelled, []);
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('changing the bandwidth updates TPOT and the link, and the link reloads the same state', async () => {
  const app = await openPage();
  let link;
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    const bw = page.getByLabel(BW_LABEL, { exact: true });
    await bw.fill('50');
    const tpot = await waitNum(page, 'tpot-full', (x) => x < 50, 'below 50 ms');
    assert.ok(Math.abs(tpot - 42.9) < 0.2, `twice the bandwidth halves TPOT: ${tpot}`);
    await waitHash(page, () => location.hash.includes('bw_gbps=50'), 'bw_gbps=50');
    assert.equal(await page.getByTestId('verdict-tpot').getAttribute('data-verdict'), 'pass');
    // Typing does not add history entries.
    const historyLength = await page.evaluate(() => history.length);
    await bw.fill('40');
    await waitHash(page, () => location.hash.includes('bw_gbps=40'), 'bw_gbps=40');
    assert.equal(await page.evaluate(() => history.length), historyLength);
    // A range where the field allows one.
    await page.getByLabel('Bandwidth utilization', { exact: true }).fill('0.5~0.7');
    await waitHash(page, () => location.hash.includes('eta_bw=0.5~0.7'), 'eta_bw=0.5~0.7');
    link = await page.evaluate(() => location.href);
    app.assertNoErrors();
  } finally {
    await app.close();
  }
  const again = await openPage({ hash: link.slice(link.indexOf('#')) });
  try {
    const { page } = again;
    await page.getByTestId('tpot-full').waitFor();
    assert.equal(await page.getByLabel(BW_LABEL, { exact: true }).inputValue(), '40');
    assert.equal(await page.getByLabel('Bandwidth utilization', { exact: true }).inputValue(), '0.5~0.7');
    await near(page, 'tpot-full', 85.8 * 25 / 40 * 0.6 / 0.6, 0.2);
    assert.equal(await page.getByTestId('link-banner').count(), 0);
    again.assertNoErrors();
  } finally {
    await again.close();
  }
});

test('a broken link loads the rest, keeps the default for the bad key and says so', async () => {
  const app = await openPage({ hash: '#v=2&bw_gbps=abc&nonsense=1&tpot_ms=60' });
  try {
    const { page } = app;
    const banner = page.getByTestId('link-banner');
    await banner.waitFor();
    const text = (await banner.textContent()) ?? '';
    assert.match(text, /bw_gbps/);
    assert.match(text, /nonsense/);
    assert.equal(await page.getByLabel(BW_LABEL, { exact: true }).inputValue(), '25');
    assert.equal(await page.getByLabel('TPOT target', { exact: false }).first().inputValue(), '60');
    await near(page, 'tpot-full', 85.8, 0.1);
    // The page rewrites the link without the bad keys.
    await waitHash(page, () => !location.hash.includes('nonsense') && location.hash.includes('tpot_ms=60'), 'cleaned');
    await screenshot(page, 'broken-link');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('garbage in a field shows the error next to it and keeps the last result', async () => {
  const app = await openPage();
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    const bw = page.getByLabel(BW_LABEL, { exact: true });
    await bw.fill('abc');
    const err = page.locator('#e-bw_gbps');
    await page.waitForFunction(() => (document.querySelector('#e-bw_gbps')?.textContent ?? '').length > 0);
    assert.match((await err.textContent()) ?? '', /bw_gbps.*not a number/);
    assert.equal(await bw.getAttribute('aria-invalid'), 'true');
    assert.ok(await page.getByTestId('stale').isVisible());
    await near(page, 'tpot-full', 85.8, 0.1);
    // Out of bounds says what is allowed.
    await page.getByLabel('Bandwidth utilization', { exact: true }).fill('1.5');
    await page.waitForFunction(() => (document.querySelector('#e-eta_bw')?.textContent ?? '').includes('at most 1'));
    // Hostile input never panics.
    for (const s of ['-1', '1e400', 'NaN', '~', '1~2~3~4', '9'.repeat(60), '<script>', '0x10', '']) {
      await bw.fill(s);
    }
    await bw.fill('25');
    await page.getByLabel('Bandwidth utilization', { exact: true }).fill('0.6');
    await page.waitForFunction(() => !document.querySelector('[data-testid="stale"]')?.checkVisibility());
    assert.equal(await err.textContent(), '');
    await near(page, 'tpot-full', 85.8, 0.1);
    await screenshot(page, 'garbage-fixed');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('switching the language keeps the scenario and goes into the link', async () => {
  const app = await openPage({ hash: '#v=2&bw_gbps=30' });
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    await page.getByRole('button', { name: '中文' }).click();
    await page.getByLabel('内存峰值带宽').waitFor();
    assert.equal(await page.getByLabel('内存峰值带宽').inputValue(), '30');
    await waitHash(page, () => location.hash.includes('lang=zh') && location.hash.includes('bw_gbps=30'), 'lang=zh');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    assert.match((await page.getByTestId('verdict-memory').textContent()) ?? '', /通过/);
    // Keyboard only: tab to the English button and press Enter.
    await page.getByRole('button', { name: 'English' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel(BW_LABEL, { exact: true }).waitFor();
    await waitHash(page, () => !location.hash.includes('lang='), 'no lang');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('a hand-edited hash loads without a reload', async () => {
  const app = await openPage();
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    await page.evaluate(() => { location.hash = '#v=2&bw_gbps=50'; });
    await waitNum(page, 'tpot-full', (x) => x < 50, 'below 50 ms');
    assert.equal(await page.getByLabel(BW_LABEL, { exact: true }).inputValue(), '50');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('the embed view shows the verdicts and key numbers and links back', async () => {
  const app = await openPage({ hash: '#v=2&bw_gbps=50&embed=1', viewport: { width: 600, height: 500 } });
  try {
    const { page } = app;
    await page.getByTestId('verdict-tpot').waitFor();
    assert.equal(await page.getByTestId('verdict-tpot').getAttribute('data-verdict'), 'pass');
    assert.equal(await page.locator('input').count(), 0, 'no form in the embed view');
    const href = await page.locator('.embed-head a').getAttribute('href');
    assert.ok(href.includes('bw_gbps=50') && !href.includes('embed=1'), href);
    await screenshot(page, 'embed');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('export downloads Markdown and JSON, and the share buttons copy', async () => {
  const app = await openPage();
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    assert.equal(json.suggestedFilename(), 'edgefit-report.json');
    const report = JSON.parse(readFileSync(await json.path(), 'utf8'));
    assert.ok(Math.abs(report.numbers.tpot_ms_full_context - 85.8) < 0.1);
    assert.equal(report.verdicts.tpot, 'fail');
    const [md] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-md').click()]);
    assert.equal(md.suggestedFilename(), 'edgefit-report.md');
    assert.match(readFileSync(await md.path(), 'utf8'), /^# edgefit/);

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('copy-link').click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="share-status"]')?.textContent ?? '') !== '');
    const copied = await page.evaluate(async () => {
      const fallback = document.querySelector('[data-testid="copy-fallback"]');
      return fallback ? fallback.value : navigator.clipboard.readText();
    });
    assert.match(copied, /^http:\/\/127\.0\.0\.1:\d+\/#v=2/);
    await page.getByTestId('copy-embed').click();
    // Poll until what was copied is the embed snippet (the clipboard write is asynchronous).
    await page.waitForFunction(async () => {
      const fallback = document.querySelector('[data-testid="copy-fallback"]');
      const text = fallback ? fallback.value : await navigator.clipboard.readText();
      return text.includes('<iframe');
    });
    const embed = await page.evaluate(async () => {
      const fallback = document.querySelector('[data-testid="copy-fallback"]');
      return fallback ? fallback.value : navigator.clipboard.readText();
    });
    assert.match(embed, /<iframe src="http:\/\/127\.0\.0\.1:\d+\/#v=2&embed=1"/);
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('choosing a one-shot model hides the LLM fields', async () => {
  const app = await openPage();
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    assert.ok(await page.getByLabel('Context length', { exact: false }).first().isVisible());
    await page.locator('#c-model').selectOption('oneshot');
    await page.getByTestId('verdict-tpot').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-key="context"]')?.hidden === true);
    assert.equal(await page.getByTestId('verdict-tpot').getAttribute('data-verdict'), 'n/a');
    await waitHash(page, () => location.hash.includes('model=oneshot'), 'model=oneshot');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('with fixed-size prefill chunks the TTFT chart climbs in steps and the link keeps it', async () => {
  const app = await openPage({ hash: '#v=2&chunk=128&fixed_chunks=1&prompt=600' });
  try {
    const { page } = app;
    const fig = page.getByTestId('chart-ttft');
    await fig.waitFor();
    const desc = (await fig.locator('svg desc').textContent()) ?? '';
    assert.match(desc, /fixed-size prefill chunks/);
    assert.match(desc, /600/);
    // The series path has a vertical riser at each chunk boundary: both sides of 128, 256, … are sampled.
    const d = (await fig.locator('path.series').first().getAttribute('d')) ?? '';
    const pts = [...d.matchAll(/(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const risers = pts.slice(1).filter((p, i) => Math.abs(p[0] - pts[i][0]) < 2 && Math.abs(p[1] - pts[i][1]) > 2);
    assert.ok(risers.length >= 8, `${risers.length} steps in ${d.slice(0, 200)}`);
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('chart-ttft').waitFor();
    assert.ok(await page.getByLabel('Fixed-size prefill chunks', { exact: true }).isChecked());
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});
