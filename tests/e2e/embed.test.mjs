// The embed snippet as a person uses it: copy it from the calculator, paste it into a page of another origin
// (an internal design doc), and read the result there; the link back opens the full calculator.
// Run after `trunk build --release` (`node --test tests/e2e/`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { openPage, collectErrors, screenshot } from './harness.mjs';

test('the copied embed snippet works in a page of another origin and links back', async () => {
  const app = await openPage({ hash: '#v=2&bw_gbps=50' });
  let doc;
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByTestId('copy-embed').click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="share-status"]')?.textContent ?? '') !== '');
    const snippet = await page.evaluate(async () => {
      const fallback = document.querySelector('[data-testid="copy-fallback"]');
      return fallback ? fallback.value : navigator.clipboard.readText();
    });
    assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/#v=2&bw_gbps=50&embed=1"/);

    // The design doc, served from another port: another origin.
    doc = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Design doc</title><h1>Design doc</h1>${snippet}`);
    });
    await new Promise((ok) => doc.listen(0, '127.0.0.1', ok));
    const host = await page.context().newPage();
    const errors = collectErrors(host);
    await host.goto(`http://127.0.0.1:${doc.address().port}/`);
    const frame = host.frameLocator('iframe');
    await frame.getByTestId('tpot-full').first().waitFor({ timeout: 20_000 });
    const tpot = Number.parseFloat((await frame.getByTestId('tpot-full').first().textContent()) ?? '');
    assert.ok(Math.abs(tpot - 42.9) < 0.1, `TPOT in the embed: ${tpot}`);
    assert.ok((await frame.locator('[data-testid^="verdict-"]').count()) >= 8);
    const back = frame.getByRole('link', { name: /full calculator/i });
    assert.equal(await back.getAttribute('target'), '_blank');
    assert.match((await back.getAttribute('href')) ?? '', /#v=2&bw_gbps=50$/);
    await screenshot(host, 'embed-in-doc');
    assert.deepEqual(errors, [], errors.join('\n'));
    await host.close();
    app.assertNoErrors();
  } finally {
    doc?.close();
    await app.close();
  }
});
