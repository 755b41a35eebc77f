// The first glance as a visitor meets it: a link opens, the verdicts and key numbers appear before the full
// page has loaded, and they are the full page's own verdicts and numbers for that link (one engine, one set
// of words). The full page then takes the glance's place. Run after `trunk build --release`
// (`node --test tests/e2e/`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, serveDist, collectErrors, screenshot } from './harness.mjs';

/** What a reader sees of the results: judged line, summary, each card, each key number. */
const READ = (inGlance) => {
  const root = inGlance ? document.querySelector('#glance') : document.querySelector('main');
  if (!root) return null;
  const text = (e) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();
  return {
    lang: document.documentElement.lang,
    judged: text(root.querySelector('[data-testid="judged"]')),
    summary: text(root.querySelector('.verdicts [data-testid="binding"]')),
    cards: [...root.querySelectorAll('.verdicts .cards [data-testid^="verdict-"]')].map((e) => [
      e.dataset.testid,
      e.dataset.verdict,
      e.classList.contains('binding'),
      text(e),
    ]),
    numbers: [...(root.querySelector('section.numbers')?.querySelectorAll('.num') ?? [])].map((e) => [
      e.querySelector('.val')?.dataset.testid,
      text(e),
    ]),
  };
};

/**
 * Open `hash` with the full page's wasm held back, read the glance, let the page load, read the page.
 * `shot`: a screenshot name for the glance alone.
 */
async function glanceThenPage(hash, { viewport, shot, ready = '.verdicts .cards [data-testid^="verdict-"]' } = {}) {
  const server = await serveDist();
  const browser = await launchBrowser({ viewport });
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const errors = collectErrors(page);
    let release;
    const held = new Promise((ok) => { release = ok; });
    await page.route(/edgefit-web-[0-9a-f]+_bg\.wasm$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(server.url + hash, { waitUntil: 'commit' });
    let glance = null;
    if (await page.locator('#glance').waitFor({ timeout: 20_000 }).then(() => true, () => false)) {
      glance = await page.evaluate(READ, true);
      if (shot) await screenshot(page, shot, { paintAll: false });
    }
    release();
    await page.waitForSelector('html[data-edgefit-started]', { state: 'attached', timeout: 30_000 });
    await page.locator(ready).first().waitFor({ timeout: 20_000 });
    const full = await page.evaluate(READ, false);
    const left = await page.locator('#glance').count();
    assert.deepEqual(errors, [], errors.join('\n'));
    return { glance, full, left };
  } finally {
    await browser.close();
    await server.close();
  }
}

const PHONE = { width: 390, height: 844 };
const LINK = '#v=2&device=qcom_sd8g3&fw=llama_cpp&llm=qwen3-4b&quant=q4_k_m';

for (const [what, hash, opts] of [
  ['the default page', '', { shot: 'glance-desktop-en' }],
  ['a share link on a phone', LINK, { viewport: PHONE, shot: 'glance-phone-en' }],
  ['a link in Chinese', `${LINK}&lang=zh`, { viewport: PHONE, shot: 'glance-phone-zh' }],
  ['a Jetson in a power mode, in Chinese', '#v=2&device=nv_orin_nano_8gb&power_mode=7w&lang=zh', { shot: 'glance-desktop-zh' }],
  ['a draft model and streams', '#v=2&device=apple_m2&fw=llama_cpp&llm=llama-3.2-1b&quant=q4_k_m&draft=llama-3.1-8b&tpot_ms=100&streams=8', {}],
  ['the embedded view', '#v=2&bw_gbps=50&embed=1', {}],
]) {
  test(`the glance of ${what} shows the full page's verdicts and numbers, then gives way to it`, async () => {
    const { glance, full, left } = await glanceThenPage(hash, opts);
    assert.ok(glance, 'the glance painted before the full page loaded');
    assert.ok(glance.cards.length >= 6, `a card per constraint: ${glance.cards.length}`);
    assert.ok(glance.numbers.length >= 8, `key numbers: ${glance.numbers.length}`);
    assert.deepEqual(glance, full);
    assert.equal(left, 0, 'the full page took the glance down');
  });
}

test('a link with a bad value: the glance shows what the page shows (that key at its default)', async () => {
  const { glance, full } = await glanceThenPage('#v=2&bw_gbps=abc&tpot_ms=50');
  assert.ok(glance);
  assert.deepEqual(glance, full);
});

test('a pipeline link paints no single-model glance; the pipeline view opens', async () => {
  const { glance } = await glanceThenPage('#v=2&stages=asr,llm,tts&s1.llm=whisper-base&s3.llm=kokoro-82m', { ready: '#h-pipe-results' });
  assert.equal(glance, null);
});
