// End-to-end tests of issue #26 ("the first hour on the page"), each at a desktop and a phone size: a field's
// help covers no other field and never swallows the click on the next one; the page's words are ones a
// person can place, in both languages; the pipeline view starts from (and offers) the form's device and
// model; its Gantt chart reads on a 390 px phone; a reverse-solve row applies with one click or the keyboard.
// Every wait polls a condition (no sleeps). Run after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { layoutSettled, openPage, screenshot } from './harness.mjs';

const SIZES = [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  // A phone: touch, and the layout of a 390 px screen.
  ['phone', { viewport: { width: 390, height: 844 }, contextOptions: { hasTouch: true, isMobile: true } }],
];

/** Press `locator` as a person on this device would: a tap on the phone, a click on the desktop. */
async function press(size, locator) {
  if (size === 'phone') await locator.tap();
  else await locator.click();
}

/** Wait until `fn(arg)` is true in the page, failing with `what`. */
async function until(page, fn, arg, what, timeout = 15_000) {
  await page.waitForFunction(fn, arg, { timeout }).catch(() => assert.fail(`never: ${what}`));
}

for (const [size, opts] of SIZES) {
  test(`${size}: a field's help covers no other field, and a press on the next field lands while it is open`, async () => {
    const app = await openPage(opts);
    try {
      const { page } = app;
      await page.getByTestId('tpot-full').waitFor({ timeout: 15_000 });
      await layoutSettled(page);
      // Focus "Session length": its help opens under it, in the flow.
      await press(size, page.locator('#f-session_s'));
      const help = page.locator('#h-session_s');
      await help.waitFor({ state: 'visible', timeout: 15_000 });
      const covered = await page.evaluate(() => {
        const h = document.querySelector('#h-session_s').getBoundingClientRect();
        return [...document.querySelectorAll('.inputs input, .inputs select, .inputs button')]
          .filter((i) => i.id !== 'f-session_s')
          .map((i) => [i.id, i.getBoundingClientRect()])
          .filter(([, r]) => r.width > 0 && r.bottom > h.top && r.top < h.bottom && r.right > h.left && r.left < h.right)
          .map(([id]) => id);
      });
      assert.deepEqual(covered, [], 'the help covers other controls');
      await screenshot(page, `help-open-${size}`);
      // The next field is a checkbox right under the help: one press toggles it, though the press moves the
      // focus away from the field whose help pushed it down.
      const cold = page.locator('#f-cold_start');
      const before = await cold.isChecked();
      await press(size, cold);
      await until(page, (b) => document.querySelector('#f-cold_start').checked !== b, before, 'the checkbox under an open help toggled');
      await until(page, () => document.activeElement?.id === 'f-cold_start', null, 'the checkbox has the focus');
      // Once the press is done, only the focused field's help shows.
      await until(page, () => getComputedStyle(document.querySelector('#h-session_s')).display === 'none', null, 'the left field\'s help closed');
      // A text field under an open help takes the focus and shows its own help.
      await press(size, page.locator('#f-export_ctx'));
      await until(page, () => document.activeElement?.id === 'f-export_ctx', null, 'the text field has the focus');
      await page.locator('#h-export_ctx').waitFor({ state: 'visible', timeout: 15_000 });
      // A button in a field's own note (η_c's calibrated default) does not open that field's help, which
      // would push the button from under the press: typed, left for another field, restored with one press.
      await page.locator('#f-eta_c').fill('0.33');
      await press(size, page.locator('#f-mem_gb'));
      await until(page, () => document.activeElement?.id === 'f-mem_gb', null, 'the memory field has the focus');
      await press(size, page.getByTestId('cal-eta_c').getByRole('button'));
      await until(page, () => document.querySelector('#f-eta_c').value !== '0.33', null, 'the calibrated η_c restored');
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}

/** Open every lazy panel (advice, sweeps) and wait for the sweeps' rows and the reverse-solve chart. */
async function openEverything(page) {
  await page.getByTestId('tpot-full').waitFor({ timeout: 15_000 });
  for (const id of ['panel-advice', 'panel-tornado', 'panel-models', 'panel-devices']) {
    await page.getByTestId(id).evaluate((d) => { d.open = true; });
  }
  await until(page, () => document.querySelectorAll('[data-testid="sweep-models"] tbody tr').length > 10
    && document.querySelectorAll('[data-testid="sweep-devices"] tbody tr').length > 10
    && !!document.querySelector('[data-testid="chart-solve"]'), null, 'the sweeps and the reverse solve');
  await layoutSettled(page);
}

/**
 * The page's words, with what a screen reader reads (chart descriptions, hidden tables) and every option of
 * every select; links and source lists left out (their titles and addresses are the sources' own words).
 */
async function pageWords(page) {
  return page.evaluate(() => {
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const el = walk.currentNode.parentElement;
      if (!el || el.closest('script, style, a, .sources')) continue;
      const t = walk.currentNode.textContent.trim();
      if (t) out.push(t);
    }
    for (const e of document.querySelectorAll('[title], [aria-label]')) {
      out.push(e.getAttribute('title') ?? '', e.getAttribute('aria-label') ?? '');
    }
    return out.filter(Boolean);
  });
}

// The English words of preset glosses and the seed's wording, as they were on the Chinese page.
const ENGLISH_GLOSS = /\b(seed|Seed|with|base\)|Series|e\.g\.|mix|bits\/weight|asymmetric|symmetric|double quant|text decoder|hybrid conv|per-channel|per-tensor|Per-tensor|Per-channel|Group-wise|ridge|Generic|supports every|Alibaba|Tencent|incl\.|Dev Board|worked example)\b/;

for (const [size, opts] of SIZES) {
  test(`${size}: the Chinese page has no English words around preset names, and numbers carry units`, async () => {
    // The voice of glosses: a device, model, quantization and framework whose names carry English words.
    for (const hash of ['#lang=zh', '#lang=zh&device=apple_m4&llm=lfm2-1.2b&quant=q4_k_m&fw=onnxruntime']) {
      const app = await openPage({ ...opts, hash });
      try {
        const { page } = app;
        await openEverything(page);
        const left = (await pageWords(page)).filter((t) => ENGLISH_GLOSS.test(t));
        assert.deepEqual(left, [], `${hash}: English words left on the Chinese page`);
        // The example device is named as the source document's, in Chinese.
        const example = await page.locator('#preset-device option[value="p:seed_reference_npu8"]').textContent();
        assert.match(example ?? '', /^来源文档中的示例设备/);
        // Every number says its unit: the per-layer cost in the η_bw note, the heat chart's target rate.
        assert.match((await page.getByTestId('cal-eta_bw').textContent()) ?? '', /每层每 token 固定开销 [\d.]+ ms/);
        assert.match((await page.getByTestId('chart-thermal').textContent()) ?? '', /目标 [\d.]+ token\/秒/);
        if (hash === '#lang=zh') await screenshot(page, `words-zh-${size}`);
        app.assertNoErrors();
      } finally {
        await app.close();
      }
    }
  });

  test(`${size}: the English page names the worked example's device and scheme in words a person can place`, async () => {
    const app = await openPage({ ...opts, hash: '#device=seed_reference_npu8' });
    try {
      const { page } = app;
      await openEverything(page);
      const seed = (await pageWords(page)).filter((t) => /\bseed\b/i.test(t));
      assert.deepEqual(seed, [], 'the seed is named on the page');
      assert.match((await page.getByTestId('judged').textContent()) ?? '', /Example device from the source document \(NPU 8 TOPS\) · /);
      assert.match((await page.getByTestId('chart-solve').textContent()) ?? '', /INT4 per-tensor \(the worked example's\)/);
      assert.match((await page.getByTestId('cal-eta_bw').textContent()) ?? '', /Per-layer cost per token [\d.]+ ms/);
      await screenshot(page, `words-en-${size}`);
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}

/** The pipeline's end-to-end latency (ms). */
async function e2eMs(page) {
  return Number.parseFloat(((await page.getByTestId('pipe-e2e').first().textContent()) ?? '').replace(/,/g, ''));
}

for (const [size, opts] of SIZES) {
  test(`${size}: the pipeline starts from the form's device and model and offers the same pickers`, async () => {
    const app = await openPage({ ...opts, hash: '#device=apple_m4&llm=llama-3.2-1b&quant=q4_k_m&fw=llama_cpp' });
    try {
      const { page } = app;
      await page.getByTestId('tpot-full').waitFor({ timeout: 15_000 });
      await layoutSettled(page);
      const bw = await page.locator('#f-bw_gbps').inputValue();
      await press(size, page.getByTestId('voice-assistant'));
      await page.getByTestId('pipe-e2e').waitFor({ timeout: 15_000 });
      // The device and the language model are the form's, in pickers like the form's.
      assert.equal(await page.locator('#p-device').inputValue(), 'apple_m4');
      assert.equal(await page.locator('#p-s2-model').inputValue(), 'llama-3.2-1b');
      assert.equal(await page.locator('#p-s1-bw_gbps').inputValue(), bw);
      assert.equal(await page.locator('label[for="p-device"]').textContent(), 'Device preset');
      await until(page, () => location.hash.includes('device=apple_m4') && location.hash.includes('s2.llm=llama-3.2-1b'), null, 'the link names the device and the model');
      // Another device: every stage runs on it; the numbers and the link follow.
      const m4 = await e2eMs(page);
      await page.locator('#p-device').selectOption('nv_orin_nano_8gb');
      await until(page, () => location.hash.includes('device=nv_orin_nano_8gb') && !location.hash.includes('apple_m4'), null, 'the link names the new device');
      await until(page, (bw) => document.querySelector('#p-s1-bw_gbps')?.value !== bw, bw, 'the shared device fields are the new device\'s');
      await until(page, (m4) => Number.parseFloat(document.querySelector('[data-testid="pipe-e2e"]').textContent.replace(/,/g, '')) !== m4, m4, 'the turn\'s latency follows the device');
      assert.equal(await page.locator('#p-device').inputValue(), 'nv_orin_nano_8gb');
      // Another language model: a larger one makes the turn longer.
      const small = await e2eMs(page);
      await page.locator('#p-s2-model').selectOption('qwen3-4b');
      await until(page, () => location.hash.includes('s2.llm=qwen3-4b'), null, 'the link names the new model');
      await until(page, (small) => Number.parseFloat(document.querySelector('[data-testid="pipe-e2e"]').textContent.replace(/,/g, '')) > small, small, 'a larger model makes the turn longer');
      assert.equal(await page.locator('#p-s2-model').inputValue(), 'qwen3-4b');
      // Reload: the pipeline's link keeps both choices.
      await page.reload({ waitUntil: 'load' });
      await page.getByTestId('pipe-e2e').waitFor({ timeout: 15_000 });
      assert.equal(await page.locator('#p-device').inputValue(), 'nv_orin_nano_8gb');
      assert.equal(await page.locator('#p-s2-model').inputValue(), 'qwen3-4b');
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}

// crates/core/tests/pipelines/01_seed_voice_assistant.scn
const VOICE = 'v=2&stages=asr,llm,tts&s1.llm=whisper-base&s1.w_bits=8&s1.gran=channel&s3.llm=kokoro-82m&s3.fps=1&s3.w_bits=8&s3.gran=channel';

/**
 * Every drawing a person sees in a chart: for each shown SVG, its class, its text's size on screen, the
 * text boxes that overlap, and the ones that leave the drawing or the screen.
 */
async function chartReading(page, testid) {
  return page.evaluate((testid) => {
    const fig = document.querySelector(`[data-testid="${testid}"]`);
    return [...fig.querySelectorAll('svg[viewBox]')].filter((s) => s.getBoundingClientRect().width > 0).map((svg) => {
      const box = svg.getBoundingClientRect();
      const scale = box.width / svg.viewBox.baseVal.width;
      const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim());
      const rects = texts.map((t) => [t.textContent, t.getBoundingClientRect()]);
      const overlaps = [];
      for (let i = 0; i < rects.length; i++) {
        for (let j = i + 1; j < rects.length; j++) {
          const [a, r] = rects[i];
          const [b, q] = rects[j];
          if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1) overlaps.push(`${a} / ${b}`);
        }
      }
      const cut = rects.filter(([, r]) => r.left < Math.max(box.left, 0) - 1 || r.right > Math.min(box.right, innerWidth) + 1).map(([t]) => t);
      const px = Math.min(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale));
      return { cls: svg.getAttribute('class'), px, overlaps, cut, labels: texts.length };
    });
  }, testid);
}

for (const [size, opts] of SIZES) {
  test(`${size}: the pipeline's Gantt chart reads at this size (text of 10 px or more, nothing overlapping or cut, no sideways scroll)`, async () => {
    for (const lang of ['en', 'zh']) {
      const app = await openPage({ ...opts, hash: `#${VOICE}&lang=${lang}` });
      try {
        const { page } = app;
        await page.getByTestId('pipe-e2e').waitFor({ timeout: 15_000 });
        await page.getByTestId('chart-gantt').scrollIntoViewIfNeeded();
        await layoutSettled(page);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(scroll <= 0, `${lang}: the page scrolls sideways by ${scroll} px`);
        for (const chart of ['chart-gantt', 'chart-pipe-memory']) {
          const drawings = await chartReading(page, chart);
          // The whole turn and the zoom (the memory chart: one drawing), at this screen's size.
          assert.equal(drawings.length, chart === 'chart-gantt' ? 2 : 1, `${lang} ${chart}: ${JSON.stringify(drawings)}`);
          for (const d of drawings) {
            assert.match(d.cls, size === 'phone' ? / n$/ : / w$/, `${lang} ${chart}: the ${size}'s drawing`);
            assert.ok(d.labels >= 6, `${lang} ${chart} ${d.cls}: ${d.labels} labels`);
            assert.ok(d.px >= 10, `${lang} ${chart} ${d.cls}: text drawn at ${d.px.toFixed(1)} px`);
            assert.deepEqual(d.overlaps, [], `${lang} ${chart} ${d.cls}: overlapping labels`);
            assert.deepEqual(d.cut, [], `${lang} ${chart} ${d.cls}: labels cut at the edge`);
          }
        }
        // The patterns that tell the segments apart without colour are painted (they live outside the
        // drawing a phone hides).
        const painted = await page.evaluate(() => {
          const svg = [...document.querySelectorAll('[data-testid="chart-gantt"] svg[viewBox]')].find((s) => s.getBoundingClientRect().width > 0);
          const rect = svg.querySelector('g.seg-listen rect[fill^="url(#"]');
          const id = rect.getAttribute('fill').slice(5, -1);
          const def = document.getElementById(id);
          return !!def && def.closest('svg').getBoundingClientRect() !== null && getComputedStyle(def.closest('svg')).display !== 'none';
        });
        assert.ok(painted, `${lang}: the segments' patterns are defined in a shown SVG`);
        if (size === 'phone') await screenshot(page, `gantt-${lang}-${size}`);
        app.assertNoErrors();
      } finally {
        await app.close();
      }
    }
  });
}

for (const [size, opts] of SIZES) {
  test(`${size}: a reverse-solve row applies its quantization with one press, Enter or Space, and the link follows`, async () => {
    const app = await openPage(opts);
    try {
      const { page } = app;
      await page.getByTestId('tpot-full').waitFor({ timeout: 15_000 });
      const row = (id) => page.locator(`[data-testid="chart-solve"] [data-act="q:${id}"]`);
      await row('w8a16').waitFor({ timeout: 15_000 });
      await layoutSettled(page);
      // The rows are buttons a screen reader can reach, named with what they do.
      assert.equal(await row('w8a16').getAttribute('role'), 'button');
      assert.match((await row('w8a16').getAttribute('aria-label')) ?? '', /^W8A16 per-channel: [\d.]+ B · .+\. Use this quantization/);
      // One press: the scheme's quantization preset, in the form and in the link.
      await press(size, row('w8a16'));
      await until(page, () => document.querySelector('#f-w_bits').value === '8' && location.hash.includes('quant=w8a16'), null, 'W8A16 applied by a press');
      assert.equal(await page.locator('#preset-quant').inputValue(), 'p:w8a16');
      // Enter on a focused row.
      await layoutSettled(page);
      await row('q4_0').focus();
      await page.keyboard.press('Enter');
      await until(page, () => document.querySelector('#f-w_bits').value === '4' && location.hash.includes('quant=q4_0'), null, 'Q4_0 applied by Enter');
      await until(page, () => document.activeElement?.closest('[data-testid="chart-solve"]') !== null, null, 'the focus stays in the chart');
      // Space on a scheme no preset has: its figures, no preset name; Space does not scroll the page.
      await layoutSettled(page);
      await row('w3a16_g128').focus();
      const y = await page.evaluate(() => scrollY);
      await page.keyboard.press(' ');
      await until(page, () => document.querySelector('#f-w_bits').value === '3' && location.hash.includes('w_bits=3') && !location.hash.includes('quant='), null, 'W3A16 applied by Space');
      assert.equal(await page.evaluate(() => scrollY), y, 'Space scrolled the page');
      assert.equal(await page.locator('#preset-quant').inputValue(), '');
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}
