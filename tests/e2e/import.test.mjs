// End-to-end tests of issue #24 part 1 on the page: import a model without uploading anything — a pasted
// config.json, a chosen or dropped config.json, a GGUF file read only as far as its header (in slices, asking
// for more as the parser needs it) — fills the model fields and the link; a bad file or text changes nothing
// and loses nothing typed. Desktop and phone; every wait polls (no sleeps). Run after `trunk build --release`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPage, OUT, ROOT } from './harness.mjs';

const SIZES = [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 390, height: 844 }, contextOptions: { hasTouch: true, isMobile: true } }],
];

const LLAMA_3B = readFileSync(join(ROOT, 'crates/core/tests/configs/llama-3.2-3b.json'), 'utf8');

async function shot(locator, name) {
  mkdirSync(OUT, { recursive: true });
  await locator.screenshot({ path: join(OUT, `${name}.png`) });
}

async function until(page, fn, arg, what, timeout = 20_000) {
  await page.waitForFunction(fn, arg, { timeout }).catch(() => assert.fail(`never: ${what}`));
}

/** A GGUF v3 header (little-endian, as ggml's gguf.cpp writes it): a two-layer Llama-3.2-1B-shaped model whose
 * tokenizer list makes the header ~2.4 MB (more than the page's first 1 MiB read), then `tail` bytes standing
 * for the weights. Returns the bytes and the header's length. */
function gguf(tail) {
  const parts = [];
  const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32LE(v); parts.push(b); };
  const u64 = (v) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(v)); parts.push(b); };
  const str = (s) => { u64(Buffer.byteLength(s)); parts.push(Buffer.from(s)); };
  const kv = [];
  const key = (k, t, write) => kv.push(() => { str(k); u32(t); write(); });
  const kvU32 = (k, v) => key(k, 4, () => u32(v));
  const kvStr = (k, v) => key(k, 8, () => str(v));
  kvStr('general.architecture', 'llama');
  kvStr('general.name', 'Tiny Llama GGUF');
  kvU32('general.alignment', 32);
  kvU32('llama.block_count', 2);
  kvU32('llama.context_length', 131072);
  kvU32('llama.embedding_length', 2048);
  kvU32('llama.feed_forward_length', 8192);
  kvU32('llama.attention.head_count', 32);
  kvU32('llama.attention.head_count_kv', 8);
  kvU32('llama.attention.key_length', 64);
  kvU32('llama.vocab_size', 128256);
  const ntok = 150_000;
  key('tokenizer.ggml.tokens', 9, () => { u32(8); u64(ntok); for (let i = 0; i < ntok; i++) str(`tok${i}`); });
  const tensors = [];
  let offset = 0;
  const tensor = (name, dims, type) => tensors.push(() => {
    str(name); u32(dims.length); for (const d of dims) u64(d); u32(type); u64(offset); offset += 1 << 20;
  });
  const [F32, Q4_K, Q6_K] = [0, 12, 14];
  tensor('token_embd.weight', [2048, 128256], Q6_K);
  tensor('output_norm.weight', [2048], F32);
  for (let i = 0; i < 2; i++) {
    for (const [n, d, t] of [['attn_norm', [2048], F32], ['attn_q', [2048, 2048], Q4_K], ['attn_k', [2048, 512], Q4_K],
      ['attn_v', [2048, 512], Q6_K], ['attn_output', [2048, 2048], Q4_K], ['ffn_norm', [2048], F32],
      ['ffn_gate', [2048, 8192], Q4_K], ['ffn_up', [2048, 8192], Q4_K], ['ffn_down', [8192, 2048], Q6_K]]) {
      tensor(`blk.${i}.${n}.weight`, d, t);
    }
  }
  parts.push(Buffer.from('GGUF'));
  u32(3);
  u64(tensors.length);
  u64(kv.length);
  for (const w of kv) w();
  for (const w of tensors) w();
  const header = Buffer.concat(parts);
  return { bytes: Buffer.concat([header, Buffer.alloc(tail)]), header: header.length };
}

/** Record every `Blob.slice` the page makes (start, end), before its own scripts run. */
const RECORD_SLICES = () => {
  window.__slices = [];
  const slice = Blob.prototype.slice;
  Blob.prototype.slice = function (a, b, c) { window.__slices.push([a, b]); return slice.call(this, a, b, c); };
};

async function openImport(page) {
  await page.getByTestId('tpot-full').waitFor({ timeout: 20_000 });
  const box = page.getByTestId('import');
  await box.locator('summary').scrollIntoViewIfNeeded();
  await box.locator('summary').click();
  await page.getByTestId('import-text').waitFor({ timeout: 20_000 });
  return box;
}

for (const [size, opts] of SIZES) {
  test(`${size}: a pasted config.json fills the model and the link; a bad one changes nothing and keeps the text`, async () => {
    const app = await openPage(opts);
    try {
      const { page } = app;
      const box = await openImport(page);
      // A config with a key the model needs missing: named, nothing changed, the text kept.
      const broken = LLAMA_3B.replace('"num_hidden_layers": 28,', '');
      const layersBefore = await page.locator('#f-layers').inputValue();
      const hashBefore = await page.evaluate(() => location.hash);
      await page.getByTestId('import-text').fill(broken);
      await page.getByTestId('import-read').click();
      await page.getByTestId('import-error').waitFor({ timeout: 20_000 });
      assert.match(await page.getByTestId('import-error').textContent(), /config\.json: .*num_hidden_layers/);
      assert.match(await page.getByTestId('import-error').textContent(), /Nothing on the form was changed/);
      assert.equal(await page.locator('#f-layers').inputValue(), layersBefore);
      assert.equal(await page.getByTestId('import-text').inputValue(), broken);
      assert.equal(await page.evaluate(() => location.hash), hashBefore);
      await shot(box, `import-error-${size}`);
      // The real config: the model fields and the link follow.
      await page.getByTestId('import-text').fill(LLAMA_3B);
      await page.getByTestId('import-read').click();
      await page.getByTestId('import-done').waitFor({ timeout: 20_000 });
      await until(page, () => document.querySelector('#f-layers').value === '28', null, 'layers = 28');
      assert.equal(await page.locator('#f-hidden').inputValue(), '3072');
      assert.equal(await page.locator('#c-model').inputValue(), 'arch');
      await until(page, () => location.hash.includes('layers=28') && location.hash.includes('hidden=3072') && location.hash.includes('model=arch'), null, 'the link carries the model');
      // The link alone gives the same model.
      const hash = await page.evaluate(() => location.hash);
      await page.reload();
      await page.locator('#f-layers').waitFor();
      assert.equal(await page.locator('#f-layers').inputValue(), '28');
      assert.equal(await page.evaluate(() => location.hash), hash);
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });

  test(`${size}: a GGUF file is read only as far as its header, in slices, and fills the model`, async () => {
    const tail = 8 << 20;
    const { bytes, header } = gguf(tail);
    assert.ok(header > 1 << 20, 'the header is longer than the first read');
    const app = await openPage({ ...opts, initScript: RECORD_SLICES });
    try {
      const { page } = app;
      const box = await openImport(page);
      await page.getByTestId('import-file').setInputFiles({ name: 'tiny.gguf', mimeType: 'application/octet-stream', buffer: bytes });
      await page.getByTestId('import-done').waitFor({ timeout: 20_000 });
      const done = await page.getByTestId('import-done').textContent();
      assert.match(done, /Tiny Llama GGUF \(GGUF\)/);
      assert.match(done, /bit\/weight/);
      await until(page, () => document.querySelector('#f-layers').value === '2', null, 'layers = 2 from the GGUF');
      assert.equal(await page.locator('#f-heads').inputValue(), '32');
      await until(page, () => location.hash.includes('layers=2') && location.hash.includes('w_bits='), null, 'the link carries the GGUF model and its bits');
      // Slices: the first 1 MiB, then more as the parser asked; never the weights at the end.
      const slices = await page.evaluate(() => window.__slices);
      assert.ok(slices.length >= 2, JSON.stringify(slices));
      assert.deepEqual(slices[0], [0, 1 << 20]);
      const furthest = Math.max(...slices.map((s) => s[1]));
      assert.ok(furthest >= header && furthest < bytes.length, `read up to ${furthest} of ${bytes.length} (header ${header})`);
      await shot(box, `import-gguf-${size}`);
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  });
}

test('a dropped config.json imports, and a GGUF cut short says so in Chinese with nothing changed', async () => {
  const app = await openPage({ viewport: { width: 1280, height: 800 }, hash: '#lang=zh' });
  try {
    const { page } = app;
    const box = await openImport(page);
    // Drop a config.json on the box.
    await box.evaluate((el, text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'config.json', { type: 'application/json' }));
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, LLAMA_3B);
    await until(page, () => document.querySelector('#f-layers').value === '28', null, 'the dropped config filled the model');
    assert.match(await page.getByTestId('import-done').textContent(), /已按此填写模型字段/);
    // A model with an image encoder: what its keys leave out is listed.
    await page.getByTestId('import-text').fill(readFileSync(join(ROOT, 'crates/core/tests/configs/gemma-3-4b.json'), 'utf8'));
    await page.getByTestId('import-read').click();
    await until(page, () => /图像编码器/.test(document.querySelector('[data-testid="import-done"]')?.textContent ?? ''), null, 'the notes name the image encoder');
    assert.match(await page.getByTestId('import-done').textContent(), /未表示或按默认值处理/);
    await shot(box, 'import-notes-zh-desktop');
    // A GGUF whose header is cut: an error in Chinese, the form unchanged.
    const { bytes } = gguf(0);
    const cut = bytes.subarray(0, 1_500_000);
    const hash = await page.evaluate(() => location.hash);
    await page.getByTestId('import-file').setInputFiles({ name: 'cut.gguf', mimeType: 'application/octet-stream', buffer: cut });
    await page.getByTestId('import-error').waitFor({ timeout: 20_000 });
    const said = await page.getByTestId('import-error').textContent();
    assert.match(said, /GGUF/);
    assert.match(said, /表单未作任何更改/);
    assert.equal(await page.locator('#f-layers').inputValue(), '34', 'the Gemma model stays');
    assert.equal(await page.evaluate(() => location.hash), hash);
    await shot(box, 'import-error-zh-desktop');
    app.assertNoErrors();
  } finally {
    await app.close();
  }
});
