// edgefit page loader.
//
// Trunk would normally inject an inline <script type="module"> that starts the
// wasm app. The page's Content-Security-Policy allows only same-origin script
// files (script-src 'self' 'wasm-unsafe-eval'), so Trunk.toml's `pattern_script`
// emits <script type="module" src="/boot.js"> carrying the hashed file names in
// data attributes, and this file does what trunk's inline loader does
// (and one thing for the form's help, at the end).
//
// First the glance (crates/glance, staged by tools/glance.mjs): a small module that paints the link's
// verdicts and key numbers, so a visitor on a slow phone reads the answer while the full page loads. The
// full page's files are requested once the glance's bytes are in (index.html preloads only the glance), so
// the two do not share a slow link; its JS and wasm then load side by side while the glance paints. If the
// glance fails (or the link is a pipeline, where it paints nothing), the full page is all there is; it takes
// the glance down when it mounts.
const tag = document.querySelector('script[data-edgefit-js]');
const d = tag.dataset;
const glanceBytes = d.edgefitGlanceWasm
  ? await fetch(d.edgefitGlanceWasm).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null)
  : null;
const page = import(d.edgefitJs);
const pageWasm = fetch(d.edgefitWasm);
if (glanceBytes) {
  try {
    const { default: glance } = await import(d.edgefitGlanceJs);
    await glance({ module_or_path: glanceBytes });
  } catch {
    // Nothing to show early; the full page below still answers.
  }
}
const { default: init } = await page;
const wasm = await init({ module_or_path: pageWasm });
// For tests and tooling: the wasm app has started (its `main` has run).
document.documentElement.dataset.edgefitStarted = '';
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));

// A field's help (in the flow under it) stays while a press that moves the focus elsewhere lasts: hidden on
// the press, it would move what the click lands on. (In script: the wasm's listeners cost 0.6 KB gzip.)
const keep = (on) => {
  document.querySelector('[data-keep-help]')?.removeAttribute('data-keep-help');
  if (on) document.activeElement?.closest('.control')?.closest('.field')?.setAttribute('data-keep-help', '');
};
addEventListener('pointerdown', () => keep(1));
addEventListener('pointercancel', () => keep());
addEventListener('click', () => keep());
