// Precompress the release page: write `FILE.gz` (gzip -9) and `FILE.br` (brotli, quality 11) beside every
// asset, so a static host that serves precompressed twins (nginx `gzip_static` / `brotli_static`, Caddy
// `precompressed`, most CDNs) sends the smallest bytes without compressing on each request.
//
//   node tools/precompress.mjs [DIR]
//
// Run by trunk as a post-build hook (Trunk.toml) on its staging directory (TRUNK_STAGING_DIR) in release
// builds only; DIR defaults to that, else dist/. Uses node's zlib: nothing to install.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, brotliCompressSync, constants as zc } from 'node:zlib';

if (process.env.TRUNK_PROFILE && process.env.TRUNK_PROFILE !== 'release') process.exit(0);
const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR ?? 'dist';
const WORTH = /\.(html|js|css|wasm|svg|json|txt)$/;
let n = 0;
for (const f of readdirSync(dir)) {
  const path = join(dir, f);
  if (!WORTH.test(f) || !statSync(path).isFile()) continue;
  const raw = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(raw, {
      params: {
        [zc.BROTLI_PARAM_QUALITY]: 11,
        [zc.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [zc.BROTLI_PARAM_MODE]: f.endsWith('.wasm') ? zc.BROTLI_MODE_GENERIC : zc.BROTLI_MODE_TEXT,
      },
    }),
  );
  n++;
}
console.log(`precompress: ${n} files in ${dir} now have .gz and .br twins`);
