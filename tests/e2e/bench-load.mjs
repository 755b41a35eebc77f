// Load benchmark: how long from navigation to the first frame that shows a verdict, as a visitor meets the page.
//
//   node tests/e2e/bench-load.mjs [--runs N] [--record FILE] [--check FILE]     (or `cargo xtask bench-load`)
//
// Serves dist/ (build it first: `trunk build --release`; `cargo xtask bench-load` builds and precompresses)
// as a static host would: a file's precompressed `.br` or `.gz` twin when the browser accepts that encoding,
// else the file itself gzipped on the fly. Each load is a fresh Chromium profile (nothing cached). Two
// profiles: desktop (no throttling) and a mid-range phone (DevTools' "Slow 4G": 562.5 ms latency,
// 1.47 Mbit/s down, 675 kbit/s up; CPU slowed 4×). Two pages: the default page and a share link.
//
// "First verdict": an init script, run before the page's own scripts, watches the DOM; when the first
// `[data-testid^="verdict-"]` element appears, the next requestAnimationFrame callback (that frame's paint)
// records performance.now() — milliseconds since navigation start.
//
// Bytes: each file's size under gzip -9 and brotli 11 (what a precompressing host sends), and the bytes on
// the wire as Chromium received them (it accepts brotli from 127.0.0.1, a secure context, as from HTTPS).
// --record FILE writes the figures as JSON; --check FILE fails (exit 1) when a file's gzip bytes grew by
// more than 512 bytes over the recorded figure, naming the file — a down-only ratchet on bytes. Timings are
// printed and recorded, never enforced (a loaded machine is slower; see the medians, not one run).
// Not a test (no `.test.mjs`): `node --test tests/e2e/` does not run it.

import { launchBrowser, DIST } from './harness.mjs';
import { createServer } from 'node:http';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync, brotliCompressSync, constants as zc } from 'node:zlib';

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(name);
  return i < 0 ? dflt : argv[i + 1];
};
const RUNS = Number(opt('--runs', 7));
const RECORD = opt('--record', null);
const CHECK = opt('--check', null);
/** Growth in gzip bytes per file the ratchet lets through (build noise), bytes. */
const SLACK = 512;

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** A static host: precompressed twins by Accept-Encoding, else gzip on the fly. */
async function serve(dir) {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body;
    let encoding;
    if (/\bbr\b/.test(accept) && existsSync(`${file}.br`)) {
      body = readFileSync(`${file}.br`);
      encoding = 'br';
    } else if (/\bgzip\b/.test(accept)) {
      body = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(readFileSync(file), { level: 9 });
      encoding = 'gzip';
    } else {
      body = readFileSync(file);
    }
    res.writeHead(200, {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'content-length': body.length,
      ...(encoding ? { 'content-encoding': encoding, vary: 'accept-encoding' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(() => ok()); }),
  };
}

const PROFILES = {
  desktop: null,
  phone: { latency: 562.5, down: (1.47e6 / 8), up: (675e3 / 8), cpu: 4 },
};

// A share link: a phone, a model and a framework, as people send them.
const LINK = '#v=2&device=qcom_sd8g3&fw=llama_cpp&llm=qwen3-4b&quant=q4_k_m';

// Two moments per load: the first painted verdict (the glance's, or the full page's when there is no glance)
// and the full page's own verdict (the calculator ready to edit), each at the next frame after it appears.
const WATCH = () => {
  const at = (key) => requestAnimationFrame(() => { window[key] ??= performance.now(); });
  new MutationObserver((_, obs) => {
    const v = document.querySelector('[data-testid^="verdict-"]');
    if (v && window.__firstVerdictFrom === undefined) {
      window.__firstVerdictFrom = v.closest('#glance') ? 'glance' : 'page';
      at('__firstVerdict');
    }
    const full = document.documentElement.hasAttribute('data-edgefit-started') &&
      [...document.querySelectorAll('[data-testid^="verdict-"]')].some((e) => !e.closest('#glance'));
    if (full) { obs.disconnect(); at('__pageVerdict'); }
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-edgefit-started'] });
};

async function loadOnce(url, profile) {
  const browser = await launchBrowser();
  try {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.addInitScript(WATCH);
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.latency,
        downloadThroughput: profile.down,
        uploadThroughput: profile.up,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
    }
    const wire = new Map();
    const urls = new Map();
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => {
      const u = urls.get(e.requestId);
      if (u) wire.set(new URL(u).pathname, (wire.get(new URL(u).pathname) ?? 0) + e.encodedDataLength);
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__pageVerdict !== undefined, null, { timeout: 90_000, polling: 50 });
    const [ms, from, full] = await page.evaluate(() => [window.__firstVerdict, window.__firstVerdictFrom, window.__pageVerdict]);
    await page.waitForLoadState('load');
    return { ms, from, full, wire };
  } finally {
    await browser.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kb = (b) => `${(b / 1000).toFixed(1)} KB`;

// Bytes per file, gzip -9 and brotli (quality 11), as a precompressing host would send them.
const files = readdirSync(DIST).filter((f) => !f.endsWith('.gz') && !f.endsWith('.br'));
const bytes = {};
for (const f of files.sort()) {
  const raw = readFileSync(join(DIST, f));
  bytes[f] = {
    raw: raw.length,
    gzip: gzipSync(raw, { level: 9 }).length,
    brotli: brotliCompressSync(raw, { params: { [zc.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
const total = (k) => Object.values(bytes).reduce((s, b) => s + b[k], 0);
console.log('bytes per file (what a first load fetches):');
console.log(`  ${'file'.padEnd(40)} ${'raw'.padStart(10)} ${'gzip -9'.padStart(10)} ${'brotli'.padStart(10)}`);
for (const [f, b] of Object.entries(bytes)) {
  console.log(`  ${f.padEnd(40)} ${kb(b.raw).padStart(10)} ${kb(b.gzip).padStart(10)} ${kb(b.brotli).padStart(10)}`);
}
console.log(`  ${'total'.padEnd(40)} ${kb(total('raw')).padStart(10)} ${kb(total('gzip')).padStart(10)} ${kb(total('brotli')).padStart(10)}`);

const server = await serve(DIST);
const timings = {};
try {
  for (const [pname, profile] of Object.entries(PROFILES)) {
    for (const [what, hash] of [['default page', ''], ['share link', LINK]]) {
      const ms = [];
      const full = [];
      const from = new Set();
      let wire;
      for (let i = 0; i < RUNS; i++) {
        const r = await loadOnce(server.url + hash, profile);
        ms.push(r.ms);
        full.push(r.full);
        from.add(r.from);
        wire = r.wire;
      }
      const key = `${pname}, ${what}`;
      timings[key] = {
        median_ms: Math.round(median(ms)), min_ms: Math.round(Math.min(...ms)), max_ms: Math.round(Math.max(...ms)), runs: RUNS,
        first_from: [...from].join('+'),
        page_ready_median_ms: Math.round(median(full)), page_ready_min_ms: Math.round(Math.min(...full)), page_ready_max_ms: Math.round(Math.max(...full)),
      };
      const t = timings[key];
      const onWire = [...wire.values()].reduce((s, b) => s + b, 0);
      console.log(`first verdict, ${key.padEnd(26)} median ${String(t.median_ms).padStart(5)} ms  (${t.min_ms}–${t.max_ms} ms, ${RUNS} loads, painted by the ${t.first_from}); full page ready ${t.page_ready_median_ms} ms (${t.page_ready_min_ms}–${t.page_ready_max_ms}); ${kb(onWire)} on the wire`);
    }
  }
} finally {
  await server.close();
}

const GOALS = { 'desktop, share link': 250, 'phone, share link': 2500 };
for (const [k, goal] of Object.entries(GOALS)) {
  const m = timings[k].median_ms;
  console.log(`goal: ${k} ≤ ${goal} ms — median ${m} ms: ${m <= goal ? 'met' : 'not met'}`);
}
// What a visitor fetches before the first verdict: everything but the full page's own JS and wasm (boot.js
// fetches those after the glance has painted).
const before = (k) => Object.entries(bytes).filter(([f]) => !f.startsWith('edgefit-web')).reduce((s, [, b]) => s + b[k], 0);
console.log(`goal: bytes before the first verdict ≤ 200 KB gzip — ${kb(before('gzip'))} (brotli ${kb(before('brotli'))}): ${before('gzip') <= 200_000 ? 'met' : 'not met'}; the whole page, fetched after it: ${kb(total('gzip'))} gzip (brotli ${kb(total('brotli'))})`);

// Files are named with content hashes; the ratchet compares them by their stable stem.
const stem = (f) => f.replace(/-[0-9a-f]{8,}(?=[._])/, "");
let code = 0;
if (CHECK && existsSync(CHECK)) {
  const before = JSON.parse(readFileSync(CHECK, 'utf8'));
  const old = Object.fromEntries(Object.entries(before.bytes).map(([f, b]) => [stem(f), b]));
  for (const [f, b] of Object.entries(bytes)) {
    const o = old[stem(f)];
    if (o && b.gzip > o.gzip + SLACK) {
      console.error(`bytes ratchet: ${stem(f)} grew from ${o.gzip} to ${b.gzip} bytes gzip (+${b.gzip - o.gzip}); make it smaller or, if it must grow, re-record with \`cargo xtask bench-load --record\` and say why in the commit`);
      if (!RECORD) code = 1;
    }
  }
}
if (RECORD) {
  const out = {
    note: 'Written by `cargo xtask bench-load --record` (tests/e2e/bench-load.mjs). Bytes are a down-only ratchet; timings are for review.',
    bytes: Object.fromEntries(Object.entries(bytes).map(([f, b]) => [stem(f), b])),
    total: { raw: total('raw'), gzip: total('gzip'), brotli: total('brotli') },
    before_first_verdict: { raw: before('raw'), gzip: before('gzip'), brotli: before('brotli') },
    timings,
  };
  writeFileSync(RECORD, JSON.stringify(out, null, 2) + '\n');
  console.log(`recorded in ${RECORD}`);
}
process.exit(code);
