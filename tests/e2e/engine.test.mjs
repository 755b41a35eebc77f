// One engine: the page shows, for a measurement's share link, the speeds `edgefit validate` predicts for it.
// Needs the CLI built (`cargo xtask test` builds it in its native-test step before this one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, openPage, layoutSettled } from './harness.mjs';

/** `edgefit validate FILE --json`, from the built binary (else through cargo). */
function validate(file) {
  const bin = ['debug', 'release'].map((p) => join(ROOT, 'target', p, 'edgefit')).find(existsSync);
  const args = ['validate', join(ROOT, 'data', file), '--json'];
  const out = bin
    ? execFileSync(bin, args, { maxBuffer: 64 << 20 })
    : execFileSync('cargo', ['run', '-q', '-p', 'edgefit-cli', '--', ...args], { cwd: ROOT, maxBuffer: 64 << 20 });
  return JSON.parse(out.toString());
}

test('the page prints the decode and prefill speeds validate predicts for a measurement\'s link', async () => {
  const rows = validate('calibration.csv').rows.filter((r) => r.decode_predicted && r.prefill_predicted);
  // A few rows of different groups: an Apple GPU, a phone CPU, a Jetson.
  const picked = [rows[0], rows.find((r) => r.hw_class === 'phone'), rows.find((r) => r.hw_class === 'jetson')].filter(Boolean);
  assert.ok(picked.length >= 2);
  for (const r of picked) {
    const app = await openPage({ hash: `#${r.link}` });
    try {
      const { page } = app;
      await page.getByTestId('decode-tps').waitFor();
      await layoutSettled(page);
      const shown = async (id) => Number(((await page.getByTestId(id).first().textContent()) ?? '').replace(/[^\d.]/g, ''));
      // The page rounds to three significant digits.
      const d = await shown('decode-tps');
      const p = await shown('prefill-tps');
      assert.ok(Math.abs(d / r.decode_predicted - 1) < 0.01, `${r.id}: page ${d} vs validate ${r.decode_predicted}`);
      assert.ok(Math.abs(p / r.prefill_predicted - 1) < 0.01, `${r.id}: page ${p} vs validate ${r.prefill_predicted}`);
      app.assertNoErrors();
    } finally {
      await app.close();
    }
  }
});
