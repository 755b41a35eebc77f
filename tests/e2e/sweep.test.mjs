// A sweep through the page the way a curious person would go: every option of every picker in the form,
// hostile text in every field, the language toggled in the middle, and the link reloaded at the end. The
// page must never log an error, never show its crash banner, and always show verdicts. Run after
// `trunk build --release` (`cargo xtask e2e`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './harness.mjs';

/** Fail with what the page showed if it crashed or lost its verdicts. */
async function assertAlive(app, what) {
  const { page } = app;
  const crashed = await page.evaluate(() => !!document.querySelector('.edgefit-crash, #edgefit-crash'));
  assert.ok(!crashed, `the crash banner is shown after ${what}`);
  const cards = await page.locator('[data-testid^="verdict-"]').count();
  assert.ok(cards > 0, `no verdict cards after ${what}`);
  assert.deepEqual(app.errors, [], `the page logged errors after ${what}:\n${app.errors.join('\n')}`);
}

/** The ids of the form's pickers (selects), read afresh: choosing a model can add or remove pickers. */
async function pickerIds(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('section.inputs select')]
      .map((s) => s.id)
      .filter((id) => id),
  );
}

test('every option of every picker in the form keeps the page alive', async () => {
  const app = await openPage();
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    const seen = new Set();
    let chosen = 0;
    for (let round = 0; round < 3; round++) {
      for (const id of await pickerIds(page)) {
        if (seen.has(id)) continue;
        seen.add(id);
        const sel = page.locator(`#${id}`);
        if (!(await sel.count())) continue;
        const values = await sel.evaluate((s) => [...s.options].filter((o) => !o.disabled).map((o) => o.value));
        for (const v of values) {
          // A picker may disappear when another choice hides its group (a one-shot model).
          if (!(await page.locator(`#${id}`).count())) break;
          await page.locator(`#${id}`).selectOption(v);
          chosen++;
          await assertAlive(app, `choosing ${id} = ${v}`);
        }
        // Leave each picker on its first option so the next picker runs on a sane scenario.
        if (await page.locator(`#${id}`).count()) {
          await page.locator(`#${id}`).selectOption(values[0]);
        }
      }
    }
    assert.ok(seen.size >= 4, `expected the device, model, quantization and framework pickers, saw ${[...seen]}`);
    assert.ok(chosen >= 60, `only ${chosen} options chosen`);
    // The link of whatever state the sweep ended in reloads cleanly.
    const hash = await page.evaluate(() => location.hash);
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('tpot-full').waitFor().catch(() => {});
    await assertAlive(app, `reloading ${hash}`);
  } finally {
    await app.close();
  }
});

test('hostile text in every field of the form never crashes the page and keeps a result on screen', async () => {
  const app = await openPage();
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor();
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll('section.inputs input[type="text"], section.inputs input:not([type])')]
        .filter((i) => i.id && i.offsetParent !== null)
        .map((i) => i.id),
    );
    assert.ok(ids.length >= 20, `only ${ids.length} text fields found`);
    const hostile = ['-1', '0', '1e308', '1e-320', 'NaN', 'Infinity', '~', '3~1', '1~2~3', '1,5', '١٢', '<b>x</b>', ' 7 '];
    let i = 0;
    for (const id of ids) {
      const field = page.locator(`#${id}`);
      if (!(await field.count()) || !(await field.isVisible())) continue;
      const before = await field.inputValue();
      // Two hostile values a field (rotating through the list), then the original value back.
      for (const s of [hostile[i % hostile.length], hostile[(i + 5) % hostile.length]]) {
        await field.fill(s);
        await assertAlive(app, `typing ${JSON.stringify(s)} into #${id}`);
      }
      i++;
      await field.fill(before);
    }
    // Halfway through a bad edit, switch language: the error and the value stay.
    const bw = page.getByLabel('Peak memory bandwidth', { exact: true });
    const bwId = await bw.getAttribute('id');
    await bw.fill('abc');
    await page.getByRole('button', { name: '中文' }).click();
    await page.waitForFunction(() => document.documentElement.lang.startsWith('zh'));
    assert.equal(await page.locator(`#${bwId}`).inputValue(), 'abc');
    await assertAlive(app, 'switching to Chinese with a bad value typed');
    const err = await page.locator('#e-bw_gbps').textContent();
    assert.ok((err ?? '').length > 0, 'the error of the bad field is gone after the language switch');
  } finally {
    await app.close();
  }
});
