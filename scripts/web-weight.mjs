// `npm run bench:web` (also part of `npm run bench`): how much JS and CSS the sign-in page and the leads page
// download before they are usable, measured in Chromium against the real server, plus a check that the
// server compresses and caches the assets as it should. Prints both figures against the 200 KB gzip
// target and writes them into BENCHMARKS.md (its own section) and docs/benchmarks/web-weight.json. Exits
// with 1 when a header is wrong; the budgets are enforced by apps/web/e2e/web-weight.spec.ts.
//
// Uses WEB_DIST_DIR (or `--dist <dir>`) when given; otherwise builds the web app into a temporary folder,
// so that a build running elsewhere in the working tree is left alone. `--no-write` only prints.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as prettier from 'prettier';

const TARGET_KB = 200;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ROOT = resolve(import.meta.dirname, '..');
const BENCHMARKS_MD = join(ROOT, 'BENCHMARKS.md');
const RESULT_JSON = join(ROOT, 'docs/benchmarks/web-weight.json');
const SECTION_START = '<!-- web-weight:start (written by scripts/web-weight.mjs) -->';
const SECTION_END = '<!-- web-weight:end -->';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEMO = { email: 'account_administrator@example.com', password: process.env.DEMO_PASSWORD ?? 'Demo-Password-1!' };

const args = process.argv.slice(2);
const write = !args.includes('--no-write');
const distArg = args.includes('--dist') ? args[args.indexOf('--dist') + 1] : process.env.WEB_DIST_DIR;

const scratch = mkdtempSync(join(tmpdir(), 'crm-web-weight-'));
let server;
try {
  const distDir = distArg ? resolve(distArg) : buildInto(join(scratch, 'dist'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  server = startServer({ distDir, port, dataDir: join(scratch, 'data') });
  await waitForHealth(baseUrl, server);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  let pages;
  try {
    pages = [
      await measurePage(browser, baseUrl, 'Sign-in page', '/auth', false, async (page) => {
        await page.getByRole('heading', { name: 'Sign in to Visa CRM', level: 1 }).waitFor();
        await page.getByRole('textbox', { name: 'Email' }).waitFor();
      }),
      await measurePage(browser, baseUrl, 'Leads page', '/leads', true, async (page) => {
        await page.getByRole('heading', { name: 'Leads and Clients', level: 1 }).waitFor();
        await page
          .getByRole('row', { name: /^Open lead / })
          .first()
          .waitFor();
      }),
    ];
  } finally {
    await browser.close();
  }
  const headers = await checkHeaders(baseUrl, distDir, pages);

  printReport(pages, headers);
  const result = {
    measuredAt: new Date().toISOString(),
    targetKbGzip: TARGET_KB,
    pages: pages.map(({ name, path, files }) => ({ name, path, totals: totals(files), files })),
    headers,
  };
  if (write) await writeResults(result);
  process.exitCode = headers.checks.every((c) => c.ok) ? 0 : 1;
} finally {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
  rmSync(scratch, { recursive: true, force: true });
}

function buildInto(outDir) {
  console.log(`Building the web app into ${outDir} …`);
  const result = spawnSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('The web build failed');
  return outDir;
}

async function freePort() {
  const probe = createServer();
  await new Promise((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address();
  await new Promise((done) => probe.close(done));
  return port;
}

function startServer({ distDir, port, dataDir }) {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
    },
  });
  return child;
}

async function waitForHealth(baseUrl, child) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit code ${child.exitCode})`);
    try {
      if ((await getHeaders(baseUrl, '/api/health', 'identity')).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await delay(250);
  }
  throw new Error('The server did not start within 3 minutes');
}

/**
 * Loads one page in a fresh context (empty cache) and lists every script and stylesheet it fetched until
 * it was usable and no such request was left in flight. Only interaction loads more code (no prefetching
 * on idle), so the list does not depend on how fast the machine is.
 */
async function measurePage(browser, baseUrl, name, path, signedIn, ready) {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    if (signedIn) {
      const response = await context.request.post('/api/auth/sign-in', { data: DEMO });
      if (!response.ok()) throw new Error(`Sign-in failed: ${response.status()}`);
    }
    const page = await context.newPage();
    const pending = new Set();
    const collected = [];
    page.on('request', (request) => {
      if (isCode(request)) pending.add(request);
    });
    page.on('requestfinished', (request) => {
      if (!isCode(request)) return;
      collected.push(describe(request).finally(() => pending.delete(request)));
    });
    page.on('requestfailed', (request) => pending.delete(request));
    await page.goto(path);
    await ready(page);
    // Settled: nothing in flight, and nothing new for a moment.
    let seen = -1;
    while (pending.size > 0 || seen !== collected.length) {
      seen = collected.length;
      await page.waitForTimeout(500);
    }
    const files = await Promise.all(collected);
    return { name, path, files: files.sort((a, b) => b.raw - a.raw) };
  } finally {
    await context.close();
  }
}

function isCode(request) {
  return ['script', 'stylesheet'].includes(request.resourceType());
}

async function describe(request) {
  const response = await request.response();
  const body = await response.body();
  const sizes = await request.sizes();
  const headers = await response.allHeaders();
  return {
    url: new URL(request.url()).pathname,
    type: request.resourceType() === 'script' ? 'js' : 'css',
    status: response.status(),
    raw: body.length,
    transferred: sizes.responseBodySize,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    contentEncoding: headers['content-encoding'] ?? null,
    cacheControl: headers['cache-control'] ?? null,
  };
}

function totals(files) {
  const sum = (key) => files.reduce((n, f) => n + f[key], 0);
  return {
    files: files.length,
    raw: sum('raw'),
    transferred: sum('transferred'),
    gzip: sum('gzip'),
    brotli: sum('brotli'),
  };
}

/** One GET with the given Accept-Encoding, reading the headers only (node's fetch would decode). */
function getHeaders(baseUrl, path, acceptEncoding) {
  return new Promise((done, fail) => {
    const req = httpRequest(`${baseUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      res.resume();
      done({ ...res.headers, status: res.statusCode });
    });
    req.on('error', fail);
    req.end();
  });
}

/** The largest script and stylesheet asked for with each Accept-Encoding, index.html and the unhashed files. */
async function checkHeaders(baseUrl, distDir, pages) {
  const files = pages.flatMap((p) => p.files);
  const largest = (type) => files.find((f) => f.type === type && f.url.startsWith('/assets/'))?.url;
  const checks = [];
  const check = (what, ok, seen) => checks.push({ what, ok, seen: String(seen ?? 'none') });
  const sizeOf = (path) => (existsSync(join(distDir, path)) ? statSync(join(distDir, path)).size : -1);

  for (const path of [largest('js'), largest('css')].filter(Boolean)) {
    const br = await getHeaders(baseUrl, path, 'gzip, deflate, br');
    check(`${path}, Accept-Encoding br: Content-Encoding`, br['content-encoding'] === 'br', br['content-encoding']);
    // The build's copy (its exact size), not one compressed per request (sent without a length).
    check(
      `${path}, br: the build's .br copy`,
      Number(br['content-length']) === sizeOf(`${path}.br`),
      br['content-length'],
    );
    const gz = await getHeaders(baseUrl, path, 'gzip');
    check(`${path}, Accept-Encoding gzip: Content-Encoding`, gz['content-encoding'] === 'gzip', gz['content-encoding']);
    check(
      `${path}, gzip: the build's .gz copy`,
      Number(gz['content-length']) === sizeOf(`${path}.gz`),
      gz['content-length'],
    );
    check(`${path}: Vary`, /accept-encoding/i.test(br.vary ?? ''), br.vary);
    check(`${path}: Cache-Control`, br['cache-control'] === IMMUTABLE, br['cache-control']);
  }
  const index = await getHeaders(baseUrl, '/leads', 'gzip, deflate, br');
  check('index.html (/leads): Cache-Control', index['cache-control'] === 'no-cache', index['cache-control']);
  const zod = await getHeaders(baseUrl, '/zod-jitless.js', 'gzip, deflate, br');
  check('/zod-jitless.js: Cache-Control', zod['cache-control'] === 'no-cache', zod['cache-control']);
  const icon = await getHeaders(baseUrl, '/favicon.svg', 'gzip, deflate, br');
  check('/favicon.svg: Cache-Control', icon['cache-control'] === 'public, max-age=86400', icon['cache-control']);

  const assets = files.filter((f) => f.url.startsWith('/assets/'));
  const badlySent = assets.filter((f) => !f.contentEncoding || f.cacheControl !== IMMUTABLE);
  check(
    `the ${assets.length} assets as Chromium received them: compressed, immutable`,
    badlySent.length === 0,
    badlySent.length === 0
      ? 'all'
      : badlySent.map((f) => `${f.url} (${f.contentEncoding}; ${f.cacheControl})`).join(', '),
  );
  const browserEncodings = [...new Set(files.map((f) => f.contentEncoding ?? 'none'))];
  return { browserEncodings, checks };
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function printReport(pages, headers) {
  for (const page of pages) {
    const t = totals(page.files);
    const verdict = t.gzip <= TARGET_KB * 1024 ? 'within' : 'OVER';
    console.log(`\n${page.name} (${page.path}): ${t.files} JS/CSS files`);
    console.log(
      `  raw ${kb(t.raw)} · gzip ${kb(t.gzip)} · brotli ${kb(t.brotli)} · transferred ${kb(t.transferred)} — ` +
        `${verdict} the ${TARGET_KB} KB gzip target`,
    );
    for (const f of page.files) {
      console.log(
        `    ${f.url.padEnd(52)} ${kb(f.raw).padStart(9)} raw ${kb(f.gzip).padStart(9)} gzip ${kb(f.transferred).padStart(9)} sent (${f.contentEncoding ?? 'uncompressed'})`,
      );
    }
  }
  console.log(`\nHeaders (the browser received: ${headers.browserEncodings.join(', ')}):`);
  for (const c of headers.checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.what}: ${c.seen}`);
}

async function writeResults(result) {
  mkdirSync(dirname(RESULT_JSON), { recursive: true });
  await writeFormatted(RESULT_JSON, JSON.stringify(result, null, 2));

  const lines = [
    SECTION_START,
    '',
    `Measured ${result.measuredAt.slice(0, 10)} by \`npm run bench:web\` (details: \`docs/benchmarks/web-weight.json\`).`,
    '',
    '| Page | JS + CSS files | Raw | Gzip | Brotli | Transferred | Target (gzip) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...result.pages.map(({ name, path, totals: t }) => {
      const verdict = t.gzip <= TARGET_KB * 1024 ? 'met' : '**missed**';
      return `| ${name} (\`${path}\`) | ${t.files} | ${kb(t.raw)} | ${kb(t.gzip)} | ${kb(t.brotli)} | ${kb(t.transferred)} | ≤ ${TARGET_KB} KB: ${verdict} |`;
    }),
    '',
    `Content encodings the browser received: ${result.headers.browserEncodings.join(', ')}. Header checks: ` +
      `${result.headers.checks.filter((c) => c.ok).length} of ${result.headers.checks.length} passed.`,
    '',
    SECTION_END,
  ];
  const section = lines.join('\n');
  const intro = [
    '## Web app weight',
    '',
    'What a page downloads before it is usable: every script and stylesheet, route chunks included, until',
    'the page shows its heading (and, on the leads page, its first row) with nothing left in flight; fonts',
    'and images are not counted. Fresh browser cache, signed in as the account administrator for the',
    'leads page. Gzip and Brotli are the sizes of those files compressed at the highest level (what the',
    'build writes beside each asset); "transferred" is what Chromium actually received.',
    '',
  ].join('\n');
  let text = existsSync(BENCHMARKS_MD) ? readFileSync(BENCHMARKS_MD, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(SECTION_START);
  const end = text.indexOf(SECTION_END);
  if (start >= 0 && end > start) text = text.slice(0, start) + section + text.slice(end + SECTION_END.length);
  else text = `${text.trimEnd()}\n\n${intro}\n${section}\n`;
  await writeFormatted(BENCHMARKS_MD, text);
  console.log(`\nWrote ${BENCHMARKS_MD} and ${RESULT_JSON}.`);
}

/** Written as prettier would (`npm run format:check` covers both files). */
async function writeFormatted(path, text) {
  const options = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(text, { ...options, filepath: path }));
}
