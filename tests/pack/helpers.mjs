// The pack tier's setup: the package packed once per test file (`npm pack`, as publishing
// would), installed into fresh folders as a user installs it, and the programs a user would
// write run there: under Node, Deno, a bundler's build, or headless Chromium.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { LAUNCH, PAGE_POLICY } from '../e2e/browser.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const runtimes = join(root, 'tests/pack/runtimes/node_modules');
/** The other runtimes (tests/pack/runtimes, installed by scripts/setup.mjs --test). */
export const NODE18 = join(runtimes, 'node18/bin/node');
export const NODE22 = join(runtimes, 'node22/bin/node');
export const DENO = join(runtimes, '@deno/linux-x64-glibc/deno');
/** The bundlers, the project's devDependencies, run with the user's folder as working directory. */
export const bin = (name) => join(root, 'node_modules/.bin', name);

/** The CMU 10-601 example every program trains: the perceptron ends at w = [3, 1] after 3 mistakes. */
export const CMU = `[[-1, 2], [1, 0], [1, 1], [-1, 0], [-1, -2], [1, -1]], ['no', 'yes', 'yes', 'no', 'no', 'yes']`;
export const CMU_RESULT = 'weights [3,1] mistakes 3';
/** What those programs do once the package is loaded, with `pw` in scope: `result` is CMU_RESULT. */
export const TRAIN_CMU = `const p = new pw.Perceptron({ fitIntercept: false, mistakeRule: 'sign' });
const report = p.fit(${CMU});
const result = 'weights ' + JSON.stringify(p.weights) + ' mistakes ' + report.mistakes;
p.dispose();`;

const work = mkdtempSync(join(tmpdir(), 'perceptron-wasm-pack-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Runs a command; resolves with {code, stdout, stderr} (never rejects on a non-zero exit). */
export function run(command, args, { cwd = root, env = {} } = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolveRun({ code: 127, stdout, stderr: String(error) }));
    child.on('close', (code) => resolveRun({ code, stdout, stderr }));
  });
}

/** Like run, but fails the test with the command's output unless it exits with 0. */
export async function runOk(command, args, options) {
  const result = await run(command, args, options);
  assert.equal(
    result.code,
    0,
    `${command} ${args.join(' ')} exited with ${result.code}:\n${result.stdout}\n${result.stderr}`,
  );
  return result;
}

let tarball;
/** `npm pack` of the built package, once per test file; the .tgz path. */
export function packed() {
  tarball ??= runOk('npm', ['pack', '--pack-destination', work, '--json']).then(({ stdout }) =>
    join(work, JSON.parse(stdout.slice(stdout.indexOf('['))).at(0).filename),
  );
  return tarball;
}

let apps = 0;
/**
 * A fresh folder with `files` ({relative path: text}) and the packed package installed from
 * its tarball, offline, as `npm install perceptron-wasm` would; the folder's path.
 */
export async function freshApp(files, packageJson = { type: 'module' }) {
  const dir = join(work, `app-${++apps}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `app-${apps}`, private: true, ...packageJson }));
  await runOk('npm', ['install', '--offline', '--no-audit', '--no-fund', await packed()], { cwd: dir });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.css': 'text/css',
};

/**
 * Serves `folder` as a plain static host would, under the strict policy of the demo page
 * (no inline script, no eval, WebAssembly allowed) or the `policy` given (null: none), with
 * `headers` added to every answer: {url, port, close}.
 */
export async function serveFolder(folder, { policy = PAGE_POLICY, headers = {} } = {}) {
  const server = createServer((req, res) => {
    let file = resolve(folder, `.${sep}${decodeURIComponent(new URL(req.url, 'http://x').pathname)}`);
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      if (!file.startsWith(folder + sep) || !statSync(file).isFile()) throw new Error('not a file');
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
      ...(policy === null ? {} : { 'Content-Security-Policy': policy }),
      ...headers,
    });
    createReadStream(file).pipe(res);
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    port: server.address().port,
    close: () => new Promise((closed) => server.close(closed)),
  };
}

/**
 * The end of a program's load().then(...) chain: it hands 'result …' or 'error …' to `sink`, an
 * expression of a function (pages report through document.title, Node programs print).
 */
export const reportTo = (sink) =>
  `.then((result) => (${sink})('result ' + result), (error) => (${sink})('error ' + error));`;

/**
 * Opens `url` in headless Chromium and waits for the page's title to report; returns {title,
 * problems, requests} (console errors, page errors, CSP violations; the paths asked for).
 */
export async function openUrl(url) {
  const browser = await chromium.launch(LAUNCH);
  try {
    const tab = await browser.newPage();
    const problems = [];
    const requests = [];
    const origin = new URL(url).origin;
    tab.on('console', (m) => {
      // Chromium asks every server for /favicon.ico; a 404 there is the server's, not the page's.
      if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) problems.push(`console: ${m.text()}`);
    });
    tab.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    tab.on('request', (r) => requests.push(r.url().slice(origin.length + 1)));
    await tab.goto(url);
    await tab.waitForFunction(() => /^(result|error) /.test(document.title), null, { timeout: 30_000 });
    return { title: await tab.title(), problems, requests };
  } finally {
    await browser.close();
  }
}

/** Serves `folder` (serveFolder, with its options) and opens `page` there (openUrl). */
export async function openInChromium(folder, page = 'index.html', options = {}) {
  const server = await serveFolder(folder, options);
  try {
    return await openUrl(server.url + page);
  } finally {
    await server.close();
  }
}

/**
 * Starts Vite's dev server in `app` on a free port and waits until it is ready: {url, close}.
 */
export async function viteDevServer(app) {
  const port = await new Promise((resolvePort) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolvePort(free));
    });
  });
  const vite = spawn(bin('vite'), ['--port', String(port), '--strictPort'], { cwd: app, stdio: 'pipe' });
  try {
    await new Promise((ready, failed) => {
      let said = '';
      vite.stdout.on('data', (chunk) => (said += chunk) && /ready in/.test(said) && ready());
      vite.on('exit', (code) => failed(new Error(`vite exited with ${code}: ${said}`)));
    });
  } catch (error) {
    vite.kill();
    throw error;
  }
  return { url: `http://localhost:${port}/`, close: () => vite.kill() };
}

/**
 * Watches a Chromium tab before it opens a page: {problems, requests, workers, violations()}:
 * console and page errors, failed requests and HTTP errors (but /favicon.ico, which Chromium asks
 * every server for), the URLs asked for, the Workers started, and the page's CSP violations.
 */
export async function watchTab(tab) {
  const [problems, requests, workers] = [[], [], []];
  const favicon = (url) => url.endsWith('/favicon.ico');
  tab.on('console', (m) => m.type() === 'error' && !favicon(m.location().url) && problems.push(`console: ${m.text()}`));
  tab.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  tab.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  tab.on('response', (r) => r.status() >= 400 && !favicon(r.url()) && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  tab.on('request', (r) => requests.push(r.url()));
  tab.on('worker', (w) => workers.push(w.url()));
  await tab.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.violations.push(`${e.effectiveDirective} ${e.blockedURI}`);
    });
  });
  return { problems, requests, workers, violations: () => tab.evaluate(() => window.violations) };
}
