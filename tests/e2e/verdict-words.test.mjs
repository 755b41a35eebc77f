// The results' summary says what the verdicts say: "every constraint is met" only when none is uncertain,
// and a choice's name is not cut on a phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './harness.mjs';

// A phone SoC running llama.cpp on its CPU with a 1.5 B model: TTFT, TPOT, power and heat straddle their
// limits (their bands cross them), nothing fails for certain.
const LINK = '#v=2&device=qcom_sd8g3&fw=llama_cpp';

for (const [lang, want] of [
  ['en', 'No constraint fails for certain, but some are uncertain.'],
  ['zh', '没有确定不通过的约束，但有约束不确定。'],
]) {
  test(`an uncertain verdict is not summed up as "every constraint is met" (${lang}, phone)`, async () => {
    const app = await openPage({ hash: `${LINK}&lang=${lang}`, viewport: { width: 390, height: 844 } });
    try {
      const { page } = app;
      const summary = page.getByTestId('binding');
      await summary.waitFor();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid^="verdict-"] .warn, [data-testid^="verdict-"].warn').length > 0
          || [...document.querySelectorAll('[data-testid^="verdict-"]')].some((c) => /Uncertain|不确定/.test(c.textContent)),
      );
      assert.ok(((await summary.textContent()) ?? '').includes(want), await summary.textContent());
      // The framework's name fits its select (it was cut at 9.5rem on a phone).
      const fit = await page.evaluate(() => {
        const s = document.getElementById('c-fw');
        const probe = document.createElement('span');
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(s).font}`;
        probe.textContent = s.options[s.selectedIndex].text;
        document.body.append(probe);
        const w = probe.getBoundingClientRect().width;
        probe.remove();
        return { text: probe.textContent, need: w, have: s.clientWidth };
      });
      assert.ok(fit.need + 24 <= fit.have, `"${fit.text}" needs ${fit.need}px in a ${fit.have}px select`);
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}
