// End-to-end tests of editing a pipeline's stages (#10): add a stage, remove one, move one up or down with
// the keyboard; the link carries the changed pipeline and a reload restores it; a bad field shows its error
// and keeps the last results; a pipeline without stages says so instead of failing.
// Run after `trunk build --release` (`node --test tests/e2e/`). Screenshots go to tests/e2e/out/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openPage, screenshot } from './harness.mjs';

// crates/core/tests/pipelines/01_seed_voice_assistant.scn
const VOICE = 'v=2&stages=asr,llm,tts&s1.llm=whisper-base&s1.w_bits=8&s1.gran=channel&s3.llm=kokoro-82m&s3.fps=1&s3.w_bits=8&s3.gran=channel';

async function e2eMs(page) {
  const t = (await page.getByTestId('pipe-e2e').first().textContent()) ?? '';
  return Number.parseFloat(t.replace(/,/g, ''));
}

/** The stage roles as the link names them. */
async function linkStages(page) {
  return page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('stages'));
}

async function waitStages(page, want) {
  await page.waitForFunction(
    (w) => new URLSearchParams(location.hash.slice(1)).get('stages') === w,
    want,
    { timeout: 15_000 },
  ).catch(async () => assert.fail(`link stages ${await linkStages(page)}, want ${want}`));
}

async function ganttRows(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('[data-testid="chart-gantt"] svg.main');
    return svg ? svg.querySelectorAll('text.row').length : -1;
  });
}

async function waitE2e(page, pred, what) {
  const deadline = Date.now() + 5000;
  let last;
  while (Date.now() < deadline) {
    last = await e2eMs(page);
    if (pred(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`end to end ${last} ms: ${what}`);
}

test('add a stage, move it with the keyboard, remove it: latency, charts and link follow; reload restores it', async () => {
  const app = await openPage({ hash: `#${VOICE}` });
  let link;
  try {
    const { page } = app;
    await page.getByTestId('pipe-e2e').waitFor();
    const golden = await e2eMs(page);
    assert.ok(Math.abs(golden - 672.4) < 1, `${golden}`);
    await waitStages(page, 'asr,llm,tts');

    // Add a vision stage: a fourth row everywhere, the link names it, the turn is no shorter.
    await page.getByRole('button', { name: '+ Vision' }).click();
    await waitStages(page, 'asr,llm,tts,vision');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chart-gantt"] svg.main text.row').length === 4, null, { timeout: 15_000 });
    assert.equal(await page.locator('[data-testid="stage-item-4"]').count(), 1);
    assert.match((await page.getByTestId('stage-item-4').textContent()) ?? '', /Vision — MobileNetV3/);
    assert.equal(await page.locator('fieldset.stage').count(), 4);
    assert.equal(await page.locator('[data-testid="pipe-parts"] tbody tr').count(), 4);
    assert.equal(await page.locator('[data-testid="pipe-steps-4"]').count(), 1);
    // The new stage has its fields (its own key prefix); its work is in the turn.
    await page.locator('input[data-key="s4.w_bits"]').waitFor();
    const vision = await waitE2e(page, (x) => Math.abs(x - golden) > 0.5, 'the vision stage is part of the turn');
    assert.ok(vision > golden, `${vision} > ${golden}`);

    // Add an LLM stage too: a second language model in the turn makes it longer.
    await page.getByRole('button', { name: '+ Language model (LLM)' }).click();
    await waitStages(page, 'asr,llm,tts,vision,llm');
    const longer = await waitE2e(page, (x) => x > vision + 100, 'a second LLM makes the turn longer');
    assert.equal(await ganttRows(page), 5);

    // Keyboard: focus "move up" of stage 5 and press Enter twice, then Space; focus follows the stage.
    await page.getByTestId('p-up-5').focus();
    await page.keyboard.press('Enter');
    await waitStages(page, 'asr,llm,tts,llm,vision');
    await page.waitForFunction(() => document.activeElement?.id === 'p-up-4', null, { timeout: 15_000 });
    await page.keyboard.press('Enter');
    await waitStages(page, 'asr,llm,llm,tts,vision');
    await page.waitForFunction(() => document.activeElement?.id === 'p-up-3', null, { timeout: 15_000 });
    // Move it back down with Space on its "move down" button.
    await page.getByTestId('p-down-3').focus();
    await page.keyboard.press('Space');
    await waitStages(page, 'asr,llm,tts,llm,vision');
    await page.waitForFunction(() => document.activeElement?.id === 'p-down-4', null, { timeout: 15_000 });
    // The first stage cannot move up, the last cannot move down.
    assert.equal(await page.getByTestId('p-up-1').isDisabled(), true);
    assert.equal(await page.getByTestId('p-down-5').isDisabled(), true);
    // The LLM moved, the device did not: the shared device fields still read the seed's.
    assert.equal(await page.locator('input[data-key="s1.bw_gbps"]').inputValue(), '25');

    // Remove the second LLM with the mouse: the turn is the golden one again (plus the vision stage).
    await page.getByRole('button', { name: 'Remove: 4. Language model (LLM)' }).click();
    await waitStages(page, 'asr,llm,tts,vision');
    const four = await waitE2e(page, (x) => x < longer - 1, 'removing the LLM shortens the turn');
    assert.equal(await ganttRows(page), 4);
    link = await page.evaluate(() => location.hash);
    await screenshot(page, 'pipeline-edit');
    app.assertNoErrors();

    // Reload the link: the same pipeline.
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('pipe-e2e').waitFor();
    assert.equal(await linkStages(page), 'asr,llm,tts,vision');
    assert.equal(await ganttRows(page), 4);
    assert.ok(Math.abs((await e2eMs(page)) - four) < 0.01);
    assert.match((await page.getByTestId('stage-item-4').textContent()) ?? '', /MobileNetV3/);
  } finally {
    await app.close();
  }
  // The same link in a new browser.
  const again = await openPage({ hash: link });
  try {
    const { page } = again;
    await page.getByTestId('pipe-e2e').waitFor();
    assert.equal(await page.locator('fieldset.stage').count(), 4);
    assert.equal(await ganttRows(page), 4);
    again.assertNoErrors();
  } finally {
    await again.close();
  }
});

test('a bad stage field shows its error next to it and the last results stay', async () => {
  const app = await openPage({ hash: `#${VOICE}` });
  try {
    const { page } = app;
    await page.getByTestId('pipe-e2e').waitFor();
    const golden = await e2eMs(page);
    await page.getByRole('button', { name: '+ Speech recognition (ASR)' }).click();
    await waitStages(page, 'asr,llm,tts,asr');
    const added = await e2eMs(page);
    const field = page.locator('input[data-key="s4.w_bits"]');
    await field.fill('banana');
    const err = page.locator('#p-s4-w_bits-e');
    await page.waitForFunction(() => (document.querySelector('#p-s4-w_bits-e')?.textContent ?? '').includes('banana'), null, { timeout: 15_000 });
    assert.match((await err.textContent()) ?? '', /not a number/);
    // Out of bounds: the engine's error, the problems list, and the last valid results kept.
    await field.fill('-3');
    await page.waitForFunction(() => {
      const t = document.querySelector('#p-s4-w_bits-e')?.textContent ?? '';
      return t.trim().length > 0 && !t.includes('not a number');
    }, null, { timeout: 15_000 });
    await page.getByTestId('pipe-problems').waitFor();
    assert.equal(await ganttRows(page), 4);
    assert.ok(Math.abs((await e2eMs(page)) - added) < 0.01);
    await waitStages(page, 'asr,llm,tts,asr');
    // Fixed: the error goes.
    await field.fill('8');
    await page.waitForFunction(() => (document.querySelector('#p-s4-w_bits-e')?.textContent ?? '').trim() === '', null, { timeout: 15_000 });
    assert.ok((await e2eMs(page)) >= golden - 0.01);
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('removing every stage says so without failing; one added stage is a pipeline link that reloads', async () => {
  const app = await openPage({ hash: `#${VOICE}&lang=zh` });
  try {
    const { page } = app;
    await page.getByTestId('pipe-e2e').waitFor();
    let last;
    for (const n of [3, 2, 1]) {
      // The results of the last pipeline that had stages (ASR alone, before the last removal).
      if (n === 1) {
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="chart-gantt"] svg.main text.row').length === 1, null, { timeout: 15_000 });
        last = await e2eMs(page);
      }
      await page.getByTestId(`p-rm-${n}`).click();
      await page.waitForFunction((k) => document.querySelectorAll('[data-testid^="stage-item-"]').length === k, n - 1, { timeout: 15_000 });
    }
    const none = page.getByTestId('no-stages');
    await none.waitFor();
    assert.match((await none.textContent()) ?? '', /没有任何阶段/);
    // The last results stay, with the problem named.
    await page.getByTestId('pipe-problems').waitFor();
    assert.match((await page.getByTestId('pipe-problems').textContent()) ?? '', /流水线没有任何阶段/);
    assert.ok(Math.abs((await e2eMs(page)) - last) < 0.01);
    assert.equal(await page.locator('fieldset.stage').count(), 0);
    // Focus went to the add buttons; add an LLM with the keyboard.
    await page.waitForFunction(() => document.activeElement?.id === 'p-add-asr', null, { timeout: 15_000 });
    await page.getByTestId('p-add-llm').focus();
    await page.keyboard.press('Enter');
    await waitStages(page, 'llm');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="chart-gantt"] svg.main text.row').length === 1, null, { timeout: 15_000 });
    assert.equal(await page.getByTestId('pipe-problems').count(), 0);
    const one = await e2eMs(page);
    const link = await page.evaluate(() => location.hash);
    assert.match(link, /lang=zh/);
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('pipe-e2e').waitFor();
    assert.equal(await linkStages(page), 'llm');
    assert.equal(await page.locator('fieldset.stage').count(), 1);
    assert.ok(Math.abs((await e2eMs(page)) - one) < 0.01);
    // The JSON export's link names the stage too.
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    const exported = JSON.parse(readFileSync(await json.path(), 'utf8'));
    assert.deepEqual(exported.stages, ['llm']);
    assert.match(exported.link, /^v=2&stages=llm/);
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});
