// A camera-assistant link (a vision-language model reading a frame, then speech) opens in the pipeline view,
// and the image's encoding is drawn as its own segment before the prefill.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './harness.mjs';

// `edgefit pipeline camera --json` prints this link.
const CAMERA =
  '#v=2&stages=llm,tts&s1.llm=qwen2.5-vl-3b&s1.quant=q4_0&s1.context=4096&s1.prompt=32&s1.images=1' +
  '&s1.image_px=448&s1.image_h=336&s2.llm=kokoro-82m&s2.fps=1&s2.w_bits=8&s2.gran=channel';

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`a camera pipeline draws the image's encoding before its prefill (${viewport.width} px)`, async () => {
    const app = await openPage({ hash: CAMERA, viewport });
    try {
      const { page } = app;
      await page.waitForSelector('.seg-encode', { state: 'attached', timeout: 15_000 });
      const order = await page.evaluate(() => {
        const chart = [...document.querySelectorAll('.pipe-chart svg')].find((s) => s.getBoundingClientRect().width > 0);
        const x = (cls) => Math.min(...[...chart.querySelectorAll(`.${cls} .fill`)].map((r) => r.getBoundingClientRect().left));
        return { encode: x('seg-encode'), prefill: x('seg-prefill') };
      });
      assert.ok(Number.isFinite(order.encode) && order.encode < order.prefill, JSON.stringify(order));
      // Its legend names it (the phone drawing may leave a bar unlabelled where the words do not fit).
      assert.match((await page.evaluate(() => document.querySelector('.pipe-chart')?.textContent)) ?? '', /encode image/);
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}

test('the camera-assistant button opens the camera pipeline, worded from the frame to the first word', async () => {
  const app = await openPage({ viewport: { width: 1280, height: 900 } });
  try {
    const { page } = app;
    await page.getByTestId('camera-assistant').click();
    await page.getByTestId('pipeline-view').waitFor();
    await page.getByTestId('pipe-camera').waitFor();
    // Its link names the vision-language stage reading one frame, and Back returns to the page.
    await page.waitForFunction(() => location.hash.includes('stages=llm,tts') && location.hash.includes('s1.images=1'), null, { timeout: 15_000 });
    const view = (await page.getByTestId('pipeline-view').textContent()) ?? '';
    assert.doesNotMatch(view, /end of speech|first audio/i);
    assert.match((await page.getByTestId('pipe-latency').textContent()) ?? '', /Frame → first word/);
    assert.match((await page.getByTestId('pipe-camera').textContent()) ?? '', /Frames answered: [\d.,]+ \/ s/);
    assert.match((await page.locator('label[for="p-e2e_ms"]').textContent()) ?? '', /frame → first word/);
    const marks = await page.locator('[data-testid="chart-gantt"] svg.main text.mark-label').allTextContents();
    assert.deepEqual(marks, ['frame', 'first word']);
    // The same words in Chinese: never the spoken turn's.
    await page.getByRole('button', { name: '中文' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="pipe-latency"]')?.textContent.includes('拍下画面'));
    assert.doesNotMatch((await page.getByTestId('pipeline-view').textContent()) ?? '', /说完|首个音频/);
    await page.goBack();
    await page.getByTestId('voice-assistant').waitFor();
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});
