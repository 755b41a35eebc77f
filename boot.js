// edgefit page loader.
//
// Trunk would normally inject an inline <script type="module"> that starts the
// wasm app. The page's Content-Security-Policy allows only same-origin script
// files (script-src 'self' 'wasm-unsafe-eval'), so Trunk.toml's `pattern_script`
// emits <script type="module" src="/boot.js"> carrying the hashed file names in
// data attributes, and this file does what trunk's inline loader does
// (and one thing for the form's help, at the end).
const tag = document.querySelector('script[data-edgefit-js]');
const { default: init } = await import(tag.dataset.edgefitJs);
const wasm = await init({ module_or_path: tag.dataset.edgefitWasm });
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
