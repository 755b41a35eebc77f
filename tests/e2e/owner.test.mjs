// End-to-end tests of issue #25 on the page ("a product owner can answer each of the five questions from one
// shared link"): the best model that fits (on demand, a row applies), a Jetson's power mode, energy per answer
// and battery, a draft model for speculative decoding, and streams. Each at a desktop and a phone size; every
// wait polls a condition (no sleeps). Run after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { layoutSettled, openPage, OUT, screenshot } from './harness.mjs';

/** A screenshot of one part of the page (what a person looks at), to tests/e2e/out/<name>.png. */
async function shot(locator, name) {
  mkdirSync(OUT, { recursive: true });
  await locator.screenshot({ path: join(OUT, `${name}.png`) });
}

const SIZES = [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 390, height: 844 }, contextOptions: { hasTouch: true, isMobile: true } }],
];

async function press(size, locator) {
  await locator.scrollIntoViewIfNeeded();
  if (size === 'phone') await locator.tap();
  else await locator.click();
}

async function until(page, fn, arg, what, timeout = 20_000) {
  await page.waitForFunction(fn, arg, { timeout }).catch(() => assert.fail(`never: ${what}`));
}

/** A key number's value as a number (commas dropped). */
async function num(page, id) {
  const t = await page.getByTestId(id).textContent();
  return Number(t.replace(/,/g, ''));
}

const JETSON = '#v=2&device=nv_orin_nano_8gb&fw=llama_cpp&tpot_ms=200&ttft_ms=5000';

for (const [size, opts] of SIZES) {
  test(`${size}: the best model is computed only when opened, and a row applies its model and format`, async () => {
    const app = await openPage({ ...opts, hash: JETSON });
    try {
      const { page } = app;
      await page.getByTestId('tpot-full').waitFor({ timeout: 20_000 });
      await layoutSettled(page);
      // Closed: nothing computed, no table.
      assert.equal(await page.getByTestId('best-table').count(), 0);
      await press(size, page.getByTestId('panel-best').locator(':scope > summary'));
      const rows = page.getByTestId('best-table').locator('tbody tr');
      await rows.first().waitFor({ timeout: 30_000 });
      assert.ok((await rows.count()) >= 2, 'several models fit');
      // The basis (MMLU) and the sources are shown; each row names its binding constraint.
      assert.match(await page.getByTestId('best').textContent(), /MMLU/);
      assert.equal(await page.getByTestId('sources-best').count(), 1);
      const first = await rows.first().locator('td').last().textContent();
      assert.ok(first.length > 0);
      await screenshot(page, `best-${size}`);
      await shot(page.getByTestId('panel-best'), `best-panel-${size}`);
      // The first row applies its model and format: the pickers and the link follow.
      const act = await rows.first().locator('button').getAttribute('data-act');
      const [, model, quant] = act.split(':');
      await press(size, rows.first().locator('button'));
      await until(page, (v) => document.querySelector('#preset-llm').value === v, `p:${model}`, 'the model picker shows the row');
      await until(page, (q) => location.hash.includes(`quant=${q}`), quant, 'the link carries the format');
      await until(page, (m) => location.hash.includes(`llm=${m}`), model, 'the link carries the model');
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}

test('the best list is in Chinese on the Chinese page', async () => {
  const app = await openPage({ viewport: { width: 1280, height: 800 }, hash: `${JETSON}&lang=zh` });
  try {
    const { page } = app;
    await page.getByTestId('tpot-full').waitFor({ timeout: 20_000 });
    await page.getByTestId('panel-best').locator(':scope > summary').click();
    await page.getByTestId('best-table').locator('tbody tr').first().waitFor({ timeout: 30_000 });
    const text = await page.getByTestId('best').textContent();
    assert.match(text, /排序/);
    assert.match(await page.getByTestId('panel-best').locator(':scope > summary').textContent(), /最佳模型/);
    await shot(page.getByTestId('panel-best'), 'best-panel-zh-desktop');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

for (const [size, opts] of SIZES) {
  test(`${size}: the Orin Nano's 7 W mode lowers its compute and decode speed, marks its fields and travels in the link`, async () => {
    const app = await openPage(opts);
    try {
      const { page } = app;
      await page.getByTestId('tpot-full').waitFor({ timeout: 20_000 });
      // A device without published modes shows no power-mode picker.
      assert.equal(await page.getByTestId('power-mode').count(), 0);
      await page.locator('#preset-device').selectOption('p:nv_orin_nano_8gb');
      const select = page.locator('#c-power_mode');
      await select.waitFor({ timeout: 20_000 });
      assert.equal(await select.inputValue(), '');
      await until(page, () => document.querySelector('[data-testid="judged"]')?.textContent.includes('Orin Nano'), null, 'the Orin Nano is judged');
      // Its top mode first (MAXN_SUPER: 102 GB/s, GPU at 1020 MHz), then 7 W (68 GB/s, 408 MHz on 2 of 4 TPCs).
      await select.scrollIntoViewIfNeeded();
      await select.selectOption('maxn_super');
      await until(page, () => location.hash.includes('power_mode=maxn_super'), null, 'the link carries power_mode=maxn_super');
      await until(page, () => document.querySelector('#f-bw_gbps').value === '102.368', null, 'MAXN_SUPER sets its bandwidth');
      const fast = await num(page, 'decode-tps');
      const compute = await num(page, 'eff-compute');
      await page.locator('#c-power_mode').selectOption('7w');
      await until(page, (b) => Number(document.querySelector('[data-testid="decode-tps"]').textContent.replace(/,/g, '')) < b, fast, 'decode slowed in the 7 W mode');
      assert.ok((await num(page, 'eff-compute')) < compute, 'the 7 W mode has less compute');
      await until(page, () => location.hash.includes('power_mode=7w'), null, 'the link carries power_mode=7w');
      // The fields the mode set say so, and show the mode's figures.
      await page.getByTestId('origin-sustained_w').waitFor({ timeout: 20_000 });
      assert.match(await page.getByTestId('origin-sustained_w').textContent(), /power mode.*7W/);
      assert.equal(await page.locator('#f-sustained_w').inputValue(), '7');
      assert.equal(await page.locator('#f-int8_tops').inputValue(), '6.528');
      await shot(page.getByTestId('power-mode').locator('xpath=ancestor::fieldset'), `power-mode-${size}`);
      // A reload of the link keeps the mode; another device drops it.
      await page.reload();
      await page.locator('#c-power_mode').waitFor({ timeout: 20_000 });
      assert.equal(await page.locator('#c-power_mode').inputValue(), '7w');
      await page.locator('#preset-device').selectOption('p:apple_m2');
      await until(page, () => !location.hash.includes('power_mode'), null, 'another device drops the mode');
      assert.equal(await page.getByTestId('power-mode').count(), 0);
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}

test('the power mode and its field note in Chinese', async () => {
  const app = await openPage({ viewport: { width: 1280, height: 800 }, hash: '#v=2&device=nv_orin_nano_8gb&power_mode=7w&lang=zh' });
  try {
    const { page } = app;
    await page.getByTestId('origin-sustained_w').waitFor({ timeout: 20_000 });
    assert.match(await page.getByTestId('power-mode').textContent(), /功耗模式/);
    assert.match(await page.getByTestId('origin-sustained_w').textContent(), /功耗模式.*7W/);
    await shot(page.getByTestId('power-mode').locator('xpath=ancestor::fieldset'), 'power-mode-zh-desktop');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

for (const [size, opts] of SIZES) {
  test(`${size}: energy per answer and time, and on a phone's battery answers and hours per charge`, async () => {
    const app = await openPage(opts);
    try {
      const { page } = app;
      await page.getByTestId('energy-answer').waitFor({ timeout: 20_000 });
      assert.ok((await num(page, 'energy-answer')) > 0);
      assert.ok((await num(page, 'answer-time')) > 0);
      // The worked example's device has no battery.
      assert.equal(await page.getByTestId('answers-charge').count(), 0);
      await page.locator('#preset-device').selectOption('p:qcom_sd8elite');
      await page.getByTestId('answers-charge').waitFor({ timeout: 20_000 });
      assert.ok((await num(page, 'answers-charge')) >= 1);
      assert.ok((await num(page, 'hours-charge')) > 0);
      // A longer answer costs more energy.
      const j = await num(page, 'energy-answer');
      await page.locator('#f-output').fill('1024');
      await until(page, (b) => Number(document.querySelector('[data-testid="energy-answer"]').textContent.replace(/,/g, '')) > b, j, 'a longer answer costs more');
      await shot(page.locator('section.numbers'), `energy-${size}`);
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}

for (const [size, opts] of SIZES) {
  test(`${size}: a draft model raises the effective decode rate, says whether it pays, and travels in the link`, async () => {
    const app = await openPage({ ...opts, hash: '#v=2&device=apple_m2&fw=llama_cpp&llm=llama-3.1-8b&quant=q4_k_m' });
    try {
      const { page } = app;
      await page.getByTestId('tpot-full').waitFor({ timeout: 20_000 });
      assert.equal(await page.getByTestId('spec-tps').count(), 0, 'no draft, no speculative numbers');
      const draft = page.locator('#c-draft');
      await draft.scrollIntoViewIfNeeded();
      await draft.selectOption('llama-3.2-1b');
      await page.getByTestId('spec-tps').waitFor({ timeout: 20_000 });
      await until(page, () => location.hash.includes('draft=llama-3.2-1b'), null, 'the link carries the draft');
      const plain = await num(page, 'decode-tps');
      const spec = await num(page, 'spec-tps');
      assert.ok(spec > plain, `the draft raises decode speed (${spec} > ${plain})`);
      assert.ok((await num(page, 'spec-speedup')) > 1);
      assert.match(await page.getByTestId('spec-speedup').locator('xpath=..').textContent(), /it pays/);
      await shot(page.locator('section.numbers'), `draft-numbers-${size}`);
      await shot(page.getByTestId('draft').locator('xpath=ancestor::fieldset'), `draft-picker-${size}`);
      // A lower acceptance rate gains less.
      await page.locator('#f-accept').fill('0.2');
      await until(page, (b) => Number(document.querySelector('[data-testid="spec-tps"]').textContent.replace(/,/g, '')) < b, spec, 'a lower acceptance gains less');
      await until(page, () => location.hash.includes('accept=0.2'), null, 'the link carries accept');
      // The step text explains it.
      await until(page, () => /Speculative decoding with Llama-3.2-1B/.test(document.querySelector('.steps')?.textContent ?? ''), null, 'the steps explain the draft');
      // None again: the numbers and the key go.
      await page.locator('#c-draft').selectOption('');
      await until(page, () => !location.hash.includes('draft='), null, 'no draft in the link');
      assert.equal(await page.getByTestId('spec-tps').count(), 0);
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}

test('a draft larger than its target does not pay, said in Chinese', async () => {
  const app = await openPage({ viewport: { width: 1280, height: 800 }, hash: '#v=2&device=apple_m2&fw=llama_cpp&llm=llama-3.2-1b&quant=q4_k_m&draft=llama-3.1-8b&lang=zh' });
  try {
    const { page } = app;
    await page.getByTestId('spec-speedup').waitFor({ timeout: 20_000 });
    assert.ok((await num(page, 'spec-speedup')) < 1);
    assert.match(await page.getByTestId('spec-speedup').locator('xpath=..').textContent(), /不值得/);
    assert.match(await page.getByTestId('draft').textContent(), /草稿模型/);
    await shot(page.locator('section.numbers'), 'draft-numbers-zh-desktop');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

for (const [size, opts] of SIZES) {
  test(`${size}: streams show KV per stream and their total, and the most streams is the edge where one more breaks`, async () => {
    const app = await openPage({ ...opts, hash: '#v=2&device=apple_m2&fw=llama_cpp&llm=llama-3.2-1b&quant=q4_k_m&tpot_ms=100' });
    try {
      const { page } = app;
      await page.getByTestId('max-streams').waitFor({ timeout: 20_000 });
      assert.equal(await page.getByTestId('kv-stream').count(), 0, 'one stream: no per-stream rows');
      const most = await num(page, 'max-streams');
      assert.ok(most >= 2, `several streams fit (${most})`);
      const said = await page.getByTestId('max-streams').locator('xpath=..').textContent();
      const broken = /one more breaks (\w+)/.exec(said)?.[1];
      assert.ok(broken, said);
      // At the most: every constraint streams can break still holds.
      await page.locator('#f-streams').fill(String(most));
      await page.getByTestId('kv-stream').waitFor({ timeout: 20_000 });
      await until(page, () => location.hash.includes('streams='), null, 'the link carries streams');
      assert.ok((await num(page, 'kv-stream')) > 0);
      assert.ok((await num(page, 'aggregate-tps')) > (await num(page, 'decode-tps')), 'together faster than one');
      assert.match(await page.locator('dt', { hasText: 'TPOT per stream' }).textContent(), /per stream/);
      const code = { Memory: 'memory', Bandwidth: 'bandwidth', TPOT: 'tpot', Compute: 'compute' }[broken];
      assert.notEqual(await page.getByTestId(`verdict-${code}`).getAttribute('data-verdict'), 'fail');
      await shot(page.locator('section.numbers'), `streams-${size}`);
      // One more: the named constraint no longer passes (it fails at the expected values; a range's ends may
      // make the card uncertain).
      await page.locator('#f-streams').fill(String(most + 1));
      await until(page, (c) => ['fail', 'warn'].includes(document.querySelector(`[data-testid="verdict-${c}"]`)?.dataset.verdict), code, `one more stream breaks ${broken}`);
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}

test('streams in Chinese', async () => {
  const app = await openPage({ viewport: { width: 1280, height: 800 }, hash: '#v=2&device=apple_m2&fw=llama_cpp&llm=llama-3.2-1b&quant=q4_k_m&tpot_ms=100&streams=8&lang=zh' });
  try {
    const { page } = app;
    await page.getByTestId('kv-stream').waitFor({ timeout: 20_000 });
    const text = await page.locator('section.numbers').textContent();
    assert.match(text, /每路 KV 缓存/);
    assert.match(text, /再多一路突破内存容量/);
    await shot(page.locator('section.numbers'), 'streams-zh-desktop');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});
