// The demo's dev server: plain Node, no dependencies. Serves web/ at / and the built package
// dist/ at /pkg/, so the page imports `perceptron-wasm` through an import map exactly as a user
// of the npm package would (no private hooks).
//
//   node scripts/serve.mjs            PORT=9000 node scripts/serve.mjs
//   import { startServer } from './scripts/serve.mjs'; const { url, close } = await startServer({ port: 0 });
//
// Every response carries a strict Content-Security-Policy: no inline scripts or styles, no eval
// (WebAssembly compilation alone is allowed by 'wasm-unsafe-eval'). The one inline script of the
// page, its import map, is allowed by the sha256 hash of its exact text, computed from the HTML
// file at the time it is served, so editing index.html never leaves a stale hash behind.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** URL prefix -> folder. The longest matching prefix wins; '/' must stay last. */
const MOUNTS = [
  ['/pkg/', join(root, 'dist')],
  // The learning curve's chart library, from npm (no CDN): the page works offline.
  ['/vendor/uplot/', join(root, 'node_modules/uplot/dist')],
  // The package's shipped datasets (the page's Iris preset).
  ['/data/', join(root, 'data')],
  // Pages the e2e tests load page modules into, one at a time.
  ['/test/', join(root, 'tests/e2e/fixtures')],
  ['/', join(root, 'web')],
];

const HOST = '127.0.0.1';
const PORT_ATTEMPTS = 20;

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

// Exactly the policy a strict host would set (issue 9): nothing inline, no eval, nothing from
// other origins; WebAssembly compilation alone is allowed.
const BASE_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
};

/** The policy, with extra script-src sources (the hashes of the page's import maps). */
function contentSecurityPolicy(scriptHashes = []) {
  const policy = { ...BASE_POLICY, 'script-src': [...BASE_POLICY['script-src'], ...scriptHashes] };
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** 'sha256-…' of the exact text of every <script type="importmap"> in an HTML document. */
export function importMapHashes(html) {
  const hashes = [];
  const pattern = /<script\b[^>]*\btype\s*=\s*["']?importmap["']?[^>]*>([\s\S]*?)<\/script\s*>/gi;
  for (const [, text] of html.matchAll(pattern)) {
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

// The file a URL path names, or null when it is outside every mount (traversal, bad encoding).
function resolvePath(pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  for (const [prefix, folder] of MOUNTS) {
    const bare = prefix.slice(0, -1);
    if (decoded !== bare && !decoded.startsWith(prefix)) continue;
    const rest = decoded === bare ? '' : decoded.slice(prefix.length);
    const file = resolve(folder, `.${sep}${rest}`);
    if (file !== folder && !file.startsWith(folder + sep)) return null;
    return { file, folder };
  }
  return null;
}

// Follows symlinks and checks that the real file is still inside the real mount folder.
async function findFile({ file, folder }) {
  let info;
  try {
    info = await stat(file);
    if (info.isDirectory()) {
      file = join(file, 'index.html');
      info = await stat(file);
    }
    if (!info.isFile()) return null;
    const [realFile, realFolder] = await Promise.all([realpath(file), realpath(folder)]);
    if (!realFile.startsWith(realFolder + sep)) return null;
  } catch {
    return null;
  }
  return { file, size: info.size };
}

function send(res, status, text, headers = {}) {
  const body = `${text}\n`;
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Content-Security-Policy': contentSecurityPolicy(),
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    return;
  }
  let pathname;
  try {
    pathname = new URL(req.url, 'http://localhost').pathname;
  } catch {
    send(res, 400, 'Bad Request');
    return;
  }
  // The raw URL too: new URL() already folds "/../", but an encoded "%2e%2e/" or a
  // request-target that is not a path must not reach the file system either.
  if (!req.url.startsWith('/')) {
    send(res, 400, 'Bad Request');
    return;
  }
  const target = resolvePath(pathname);
  if (target === null) {
    send(res, 403, 'Forbidden');
    return;
  }
  const found = await findFile(target);
  if (found === null) {
    send(res, 404, 'Not Found');
    return;
  }
  const type = MIME[extname(found.file).toLowerCase()] ?? 'application/octet-stream';
  const headers = {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    // A dev server: a rebuilt dist/ or an edited page shows up on the next reload.
    'Cache-Control': 'no-store',
  };
  if (type.startsWith('text/html')) {
    const html = await readFile(found.file, 'utf8');
    const body = Buffer.from(html, 'utf8');
    res.writeHead(200, {
      ...headers,
      'Content-Length': body.length,
      'Content-Security-Policy': contentSecurityPolicy(importMapHashes(html)),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': found.size, 'Content-Security-Policy': contentSecurityPolicy() });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(found.file)
    .on('error', () => res.destroy())
    .pipe(res);
}

function listen(server, port) {
  return new Promise((resolveListen, rejectListen) => {
    const onError = (error) => {
      server.off('listening', onListening);
      rejectListen(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolveListen();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, HOST);
  });
}

/**
 * Starts the server on 127.0.0.1. A busy port is skipped for the next ones (up to 20 tries);
 * port 0 asks the OS for a free one.
 * @param {{port?: number, quiet?: boolean}} [options] port defaults to $PORT, then 8080; unless
 *   quiet, prints the one line "perceptron-wasm demo: http://127.0.0.1:PORT/".
 * @returns {Promise<{url: string, port: number, close(): Promise<void>}>}
 */
export async function startServer({ port, quiet = false } = {}) {
  const first = Number(port ?? process.env.PORT ?? 8080);
  if (!Number.isInteger(first) || first < 0 || first > 65535) {
    throw new RangeError(`startServer: port must be an integer from 0 to 65535; received ${port ?? process.env.PORT}`);
  }
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });
  let candidate = first;
  for (let attempt = 1; ; attempt++) {
    try {
      await listen(server, candidate);
      break;
    } catch (error) {
      if (error.code !== 'EADDRINUSE' || candidate === 0 || attempt >= PORT_ATTEMPTS || candidate >= 65535) {
        throw error;
      }
      candidate += 1;
    }
  }
  const actual = server.address().port;
  const url = `http://${HOST}:${actual}/`;
  if (!quiet) console.log(`perceptron-wasm demo: ${url}`);
  return {
    url,
    port: actual,
    close: () =>
      new Promise((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections?.();
      }),
  };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  try {
    await stat(join(root, 'dist', 'index.js'));
  } catch {
    console.error('serve: dist/index.js is missing; run `npm run build` first (the page imports it from /pkg/)');
  }
  try {
    await startServer();
  } catch (error) {
    console.error(`serve: ${error.message}`);
    process.exit(1);
  }
}
