// Build the first-glance module (crates/glance: the link's verdict painted before the full page loads) and
// put it beside the page in trunk's staging directory.
//
//   node tools/glance.mjs          (run by tools/post-build.mjs, trunk's post-build hook)
//
// Steps: `cargo build -p edgefit-glance` for wasm32 (release when trunk builds release), `wasm-bindgen
// --target web` (the wasm-bindgen-cli that `cargo xtask setup` installs at Cargo.lock's version), and in
// release `wasm-opt -Oz` (npm's binaryen, first on PATH under xtask). The two files are named by a hash of
// their content, like trunk's own. Then the staged index.html is edited:
// - boot.js's tag gets `data-edgefit-glance-js` / `data-edgefit-glance-wasm`, so it starts the glance first;
// - the glance's files are preloaded (they load while boot.js does);
// - trunk's preloads of the full page's files are dropped: on a slow link they would share the bandwidth
//   with the glance and delay the first verdict. boot.js fetches the full page right after the glance.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const release = process.env.TRUNK_PROFILE === 'release';
const staging = process.env.TRUNK_STAGING_DIR ?? 'dist';
const root = process.env.TRUNK_SOURCE_DIR ?? process.cwd();
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

const target = 'wasm32-unknown-unknown';
const profile = release ? 'release' : 'debug';
run('cargo', ['build', '--quiet', '-p', 'edgefit-glance', '--bin', 'edgefit-glance', '--target', target, ...(release ? ['--release'] : [])]);
const targetDir = JSON.parse(
  execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: root, maxBuffer: 64 << 20 }),
).target_directory;
const tmp = mkdtempSync(join(tmpdir(), 'edgefit-glance-'));
try {
  run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--out-dir', tmp, join(targetDir, target, profile, 'edgefit-glance.wasm')]);
  const wasmIn = join(tmp, 'edgefit-glance_bg.wasm');
  if (release) {
    // The same flags trunk gives the page's wasm (index.html: data-wasm-opt="z", --low-memory-unused).
    run('wasm-opt', ['-Oz', '--low-memory-unused', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals', '-o', wasmIn, wasmIn]);
  }
  const js = readFileSync(join(tmp, 'edgefit-glance.js'));
  const wasm = readFileSync(wasmIn);
  const hash = createHash('sha256').update(js).update(wasm).digest('hex').slice(0, 16);
  const jsName = `edgefit-glance-${hash}.js`;
  const wasmName = `edgefit-glance-${hash}_bg.wasm`;
  writeFileSync(join(staging, jsName), js);
  writeFileSync(join(staging, wasmName), wasm);

  const htmlPath = join(staging, 'index.html');
  let html = readFileSync(htmlPath, 'utf8');
  const boot = html.match(/<script\b[^>]*\bdata-edgefit-js=[^>]*>/);
  if (!boot) throw new Error('glance: boot.js tag (data-edgefit-js) not found in the staged index.html');
  const base = boot[0].match(/\bsrc="?([^"\s>]*)boot\.js/)?.[1] ?? '/';
  // Trunk's preloads of the full page (modulepreload of its JS, preload of its wasm): dropped, see above.
  html = html.replace(/<link\b[^>]*\brel="?(?:modulepreload|preload)"?[^>]*>/g, (tag) => (/edgefit-web/.test(tag) ? '' : tag));
  const glanceTag = boot[0].replace(
    /<script\b/,
    `<script data-edgefit-glance-js="${base}${jsName}" data-edgefit-glance-wasm="${base}${wasmName}"`,
  );
  const preload = `<link rel="modulepreload" href="${base}${jsName}"><link rel="preload" as="fetch" crossorigin href="${base}${wasmName}" type="application/wasm">`;
  html = html.replace(boot[0], preload + glanceTag);
  writeFileSync(htmlPath, html);
  console.log(`glance: ${jsName} (${js.length} B), ${wasmName} (${wasm.length} B) staged; index.html starts it first`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
