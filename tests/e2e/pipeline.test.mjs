// End-to-end tests of the pipeline view (#10): the seed's voice assistant (ASR → LLM → TTS) opened from the
// single-model page's button, a stage field edited and shared through the link, a reload, a bad stage key.
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

async function ganttRows(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('[data-testid="chart-gantt"] svg.main');
    if (!svg) return -1;
    return new Set([...svg.querySelectorAll('g.seg')].map((g) => g.getAttribute('data-row'))).size;
  });
}

test('the voice-assistant button opens the pipeline view with the golden numbers', async () => {
  const app = await openPage({ viewport: { width: 1280, height: 900 } });
  try {
    const { page } = app;
    await page.getByTestId('voice-assistant').click();
    await page.getByTestId('pipeline-view').waitFor();
    await page.getByTestId('pipe-e2e').waitFor();
    assert.equal(await ganttRows(page), 3, 'three stage rows');
    assert.equal(await page.locator('[data-testid="chart-gantt"] svg.main text.row').count(), 3);
    // The zoom on the end-to-end window labels the short segments too.
    assert.equal(await page.locator('[data-testid="chart-gantt"] svg.zoom text.row').count(), 3);
    for (const k of ['transcribe', 'prefill', 'decode']) {
      assert.ok((await page.locator(`[data-testid="chart-gantt"] svg.zoom g.seg-${k}`).count()) >= 1, k);
    }
    const ms = await e2eMs(page);
    assert.ok(Math.abs(ms - 672.4) < 1, `end to end ${ms} ms, golden 672.4 ms`);
    assert.match((await page.getByTestId('pipe-dominant').textContent()) ?? '', /LLM/);
    // The memory bar exists, one row per stage, with the usable-memory line.
    assert.ok((await page.locator('[data-testid="chart-pipe-memory"] svg g.mseg').count()) >= 9);
    assert.equal(await page.locator('[data-testid="chart-pipe-memory"] svg.main line.limit').count(), 1);
    // The text alternative of the Gantt chart.
    assert.ok((await page.locator('[data-testid="chart-gantt"] table tbody tr').count()) >= 5);
    // The link holds the pipeline.
    await page.waitForFunction(() => location.hash.includes('stages=asr,llm,tts'), null, { timeout: 15_000 });
    await screenshot(page, 'pipeline-en');

    // The JSON export is the pipeline's (json::pipeline): its link and the whole report.
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    assert.equal(json.suggestedFilename(), 'edgefit-pipeline.json');
    const exported = JSON.parse(readFileSync(await json.path(), 'utf8'));
    assert.deepEqual(exported.stages, ['asr', 'llm', 'tts']);
    assert.match(exported.link, /stages=asr,llm,tts/);
    assert.ok(Math.abs(exported.report.latency.e2e - 0.67236) < 1e-3);

    // Edit a stage field: the LLM's weight bits, 4 → 8.
    const before = await page.evaluate(() => location.hash);
    const field = page.locator('input[data-key="s2.w_bits"]');
    await field.fill('8');
    await page.waitForFunction((h) => location.hash !== h && location.hash.includes('s2.w_bits=8'), before, { timeout: 15_000 });
    const slower = await e2eMs(page);
    assert.ok(slower > ms, `8-bit weights are slower to read (${slower} > ${ms})`);

    // Reload: same state.
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('pipe-e2e').waitFor();
    assert.equal(await page.locator('input[data-key="s2.w_bits"]').inputValue(), '8');
    assert.ok(Math.abs((await e2eMs(page)) - slower) < 0.01);
    assert.equal(await ganttRows(page), 3);

    // Back to one model: the ordinary page, whose link has no stages.
    await page.getByTestId('one-model').click();
    await page.getByTestId('voice-assistant').waitFor();
    await page.waitForFunction(() => !location.hash.includes('stages='), null, { timeout: 15_000 });
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('a link with a bad stage key shows the banner and keeps the rest', async () => {
  const app = await openPage({ hash: `#${VOICE}&s2.w_bits=banana` });
  try {
    const { page } = app;
    await page.getByTestId('pipe-e2e').waitFor();
    const banner = page.getByTestId('link-banner');
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', /s2\.w_bits/);
    assert.equal(await ganttRows(page), 3);
    assert.ok(Math.abs((await e2eMs(page)) - 672.4) < 1, 'the rest of the link is kept');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});

test('the pipeline view reads in Chinese', async () => {
  const app = await openPage({ hash: `#${VOICE}&lang=zh` });
  try {
    const { page } = app;
    await page.getByTestId('pipe-e2e').waitFor();
    assert.match((await page.getByTestId('pipeline-view').textContent()) ?? '', /主导阶段/);
    await screenshot(page, 'pipeline-zh');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});
