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
