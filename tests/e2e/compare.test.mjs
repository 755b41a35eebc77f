// End-to-end test of compare mode's charts (#7): pin the scenario, edit a copy, and the charts draw both on
// the same axes (the pinned series dashed or faded), with a legend and a text alternative naming both.
// Run after `trunk build --release` (`node --test tests/e2e/`). Screenshots go to tests/e2e/out/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutSettled, openPage, screenshot } from './harness.mjs';

const BW_LABEL = 'Peak memory bandwidth';

const count = (page, sel) => page.locator(sel).count();
const text = async (page, sel) => (await page.locator(sel).first().textContent()) ?? '';

test('pin, change the bandwidth: two TPOT curves, two memory bars, both roofline points, named in both languages', async () => {
  const app = await openPage();
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    await page.locator('[data-testid="chart-tpot"] svg path.series').first().waitFor();
    assert.equal(await count(page, '[data-testid="chart-tpot"] svg path.series'), 1, 'one curve before pinning');
    await layoutSettled(page);
    await page.getByTestId('pin').click();
    await page.getByLabel(BW_LABEL, { exact: true }).fill('50');
    await page.getByTestId('compare').waitFor();
    // TPOT: the current curve and the pinned one (dashed), and a legend naming both.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chart-tpot"] svg path.series').length === 2, null, { timeout: 15_000 });
    assert.equal(await count(page, '[data-testid="chart-tpot"] svg path.series.pinned'), 1);
    const legend = await text(page, '[data-testid="chart-tpot"] ul.legend');
    assert.match(legend, /Current/);
    assert.match(legend, /Pinned/);
    // The charts follow the scenario once typing pauses: wait for the current curve to move away.
    await page.waitForFunction(() => {
      const ds = [...document.querySelectorAll('[data-testid="chart-tpot"] svg path.series')].map((p) => p.getAttribute('d'));
      return ds.length === 2 && ds[0] !== ds[1];
    }, null, { timeout: 15_000 });
    // The pinned (25 GB/s) curve lies above the current (50 GB/s) one: slower decode.
    const [pinnedY, currentY] = await page.evaluate(() => {
      const end = (p) => Number(p.getAttribute('d').trim().split(/[ ML,]+/).filter(Boolean).at(-1));
      return [
        end(document.querySelector('[data-testid="chart-tpot"] svg path.series.pinned')),
        end(document.querySelector('[data-testid="chart-tpot"] svg path.series:not(.pinned)')),
      ];
    });
    assert.ok(pinnedY < currentY, `pinned curve above (${pinnedY} < ${currentY} in SVG y)`);
    // The text alternatives name both.
    assert.match(await text(page, '[data-testid="chart-tpot"] svg desc'), /Current.*Pinned/);
    assert.match(await text(page, '[data-testid="chart-tpot"] table'), /Pinned/);
    // Memory: two stacked bars (four segments each) against the usable line; roofline: both points.
    assert.equal(await count(page, '[data-testid="chart-memory"] svg rect.seg.pinned'), 4);
    assert.equal(await count(page, '[data-testid="chart-memory"] svg rect.seg:not(.pinned)'), 4);
    assert.match(await text(page, '[data-testid="chart-memory"] svg desc'), /Pinned/);
    assert.equal(await count(page, '[data-testid="chart-roofline"] svg circle.pt.pinned'), 2);
    assert.equal(await count(page, '[data-testid="chart-roofline"] svg circle.pt:not(.pinned)'), 2);
    assert.match(await text(page, '[data-testid="chart-roofline"] svg desc'), /Pinned/);
    await screenshot(page, 'compare-charts');

    // In Chinese.
    await page.getByRole('button', { name: '中文' }).click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="chart-tpot"] ul.legend')?.textContent ?? '').includes('已固定'), null, { timeout: 15_000 });
    assert.match(await text(page, '[data-testid="chart-tpot"] ul.legend'), /当前/);
    assert.match(await text(page, '[data-testid="chart-roofline"] svg desc'), /已固定/);

    // Unpin: one curve again.
    await page.getByTestId('unpin').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chart-tpot"] svg path.series').length === 1, null, { timeout: 15_000 });
    assert.equal(await count(page, '[data-testid="chart-memory"] svg rect.pinned'), 0);
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});
