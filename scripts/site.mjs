// Builds the static site, site/ (npm run build:site, which builds the package first; this script
// copies what the build left in dist/ and build/docs and rewrites site/ from scratch each run):
//
//   index.html, embed.html, main.js, offline.js, page.css, shell/base.css, favicon.svg
//                       the playground and the embedding example, from web/
//   pkg/                the package files those pages fetch, from dist/: index.js, js/*.js, the
//                       loader perceptron-core.mjs and the .wasm, the Worker (worker.js,
//                       worker-client.js), playground/ (the element), course/ (perceptron-wasm/course
//                       in a browser: the quiz's New exercise)
//   data/iris.csv       the Iris preset (the element reads ../../data/iris.csv from its own URL)
//   data/spam.csv       the Spam messages (text) preset, the same way (the site's only: not in the npm package)
//   docs/               the guides and the API reference (TypeDoc's build/docs)
//   sw.js               the service worker (web/service-worker.js with its manifest filled in)
//
// Every URL is relative, so the site works from any folder of any static host, and needs no
// server configuration: each page carries its Content-Security-Policy as the first element of its
// <head> (a <meta http-equiv>, before <meta charset>, which still ends within the first 1024
// bytes), with only directives a meta tag can carry.
//
//   node scripts/site.mjs                node scripts/site.mjs --out /tmp/site
//   import { buildSite } from './scripts/site.mjs'; await buildSite({ out });
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inlineScriptHashes } from './serve.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The pages' files, from web/. */
const WEB_FILES = ['index.html', 'embed.html', 'main.js', 'offline.js', 'page.css', 'shell/base.css', 'favicon.svg'];
/** The pages that register the service worker (web/offline.js reads the tag site.mjs adds). */
const OFFLINE_PAGES = ['index.html', 'embed.html'];
/** What the service worker precaches: every file of the site outside docs/ that a page fetches. */
const PRECACHED = /\.(html|js|mjs|css|svg|wasm|csv)$/;

/** The directives of the playground's pages: issue 9's policy, and the Worker and sw.js from 'self'. */
const PAGE_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
};
/** TypeDoc's pages: one inline script each (allowed by its hash) and <style> elements it writes. */
const DOCS_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
};
/** Directives a <meta http-equiv="Content-Security-Policy"> cannot carry (browsers ignore them). */
export const META_IGNORED = ['frame-ancestors', 'report-uri', 'report-to', 'sandbox'];

/** The policy of a page, with the hashes of its inline scripts. */
export function policyOf(html, { docs = false } = {}) {
  const base = docs ? DOCS_POLICY : PAGE_POLICY;
  const policy = { ...base, 'script-src': [...base['script-src'], ...inlineScriptHashes(html)] };
  return Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** Every file under `folder`, as paths relative to it with '/' separators, sorted. */
function filesOf(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(folder, join(entry.parentPath ?? entry.path, entry.name))
        .split(sep)
        .join('/'),
    )
    .sort();
}

function copy(from, to) {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}

// The policy as the first element of <head>; the offline pages also name their service worker.
function rewritePage(html, file, { docs }) {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${policyOf(html, { docs })}" />`;
  const head = /<head(\s[^>]*)?>(\r?\n[ \t]*)?/i.exec(html);
  if (!head) throw new Error(`site: ${file} has no <head>`);
  const at = head.index + head[0].length;
  let page = `${html.slice(0, at)}${tag}${head[2] ?? ''}${html.slice(at)}`;
  if (OFFLINE_PAGES.includes(file)) {
    page = page.replace(/(\s*)<\/head>/i, `$1  <meta name="perceptron-service-worker" content="sw.js" />$1</head>`);
  }
  const charset = /<meta charset=[^>]*>/i.exec(page);
  if (!charset || Buffer.byteLength(page.slice(0, charset.index + charset[0].length)) > 1024) {
    throw new Error(`site: ${file}'s <meta charset> must end within its first 1024 bytes`);
  }
  const absolute = /\s(?:href|src)\s*=\s*["']?\/(?!\/)/i.exec(page);
  if (absolute)
    throw new Error(`site: ${file} has a root-relative URL (${absolute[0].trim()}); the site needs relative ones`);
  return page;
}

/**
 * Writes the site into `out` (default site/), replacing it. Needs a build (dist/, build/docs).
 * @returns {{out: string, version: string, precache: string[], files: string[]}}
 */
export function buildSite({ out = join(root, 'site') } = {}) {
  out = resolve(out);
  for (const needed of ['dist/playground/index.js', 'dist/perceptron-core.wasm', 'build/docs/index.html']) {
    if (!existsSync(join(root, needed))) throw new Error(`site: ${needed} is missing; run \`npm run build\` first`);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  for (const file of WEB_FILES) copy(join(root, 'web', file), join(out, file));
  const dist = join(root, 'dist');
  const pkgFiles = [
    'index.js',
    'perceptron-core.mjs',
    'perceptron-core.wasm',
    'worker.js',
    'worker-client.js',
    ...readdirSync(join(dist, 'js'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => `js/${file}`),
    'playground/index.js',
    // perceptron-wasm/course for the quiz's New exercise: its entry and the chunks it imports
    // (the grading command and its child process are Node's only).
    ...readdirSync(join(dist, 'course'))
      .filter((file) => file.endsWith('.js') && !['cli.js', 'run-submission.js'].includes(file))
      .map((file) => `course/${file}`),
  ];
  for (const file of pkgFiles) copy(join(dist, file), join(out, 'pkg', file));
  copy(join(root, 'data/iris.csv'), join(out, 'data/iris.csv'));
  // The text preset (web/text/text-mode.js), with the site only: not in the npm package's files.
  copy(join(root, 'data/spam.csv'), join(out, 'data/spam.csv'));
  cpSync(join(root, 'build/docs'), join(out, 'docs'), { recursive: true });

  const files = filesOf(out);
  for (const file of files.filter((name) => name.endsWith('.html'))) {
    const path = join(out, file);
    writeFileSync(path, rewritePage(readFileSync(path, 'utf8'), file, { docs: file.startsWith('docs/') }));
  }

  // The version: the package's, and a hash of every file of the site (docs included, whose cache
  // is versioned too).
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(out, file)))
      .update('\0');
  const { version: packageVersion } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const version = `${packageVersion}-${hash.digest('hex').slice(0, 12)}`;
  const precache = files.filter((file) => !file.startsWith('docs/') && PRECACHED.test(file));

  const template = readFileSync(join(root, 'web/service-worker.js'), 'utf8');
  const manifest = "const MANIFEST = { version: 'dev', precache: [] };";
  if (!template.includes(manifest)) throw new Error('site: web/service-worker.js has no MANIFEST line to fill in');
  const worker = template.replace(manifest, `const MANIFEST = ${JSON.stringify({ version, precache })};`);
  writeFileSync(join(out, 'sw.js'), `// perceptron-wasm site ${version}, written by scripts/site.mjs.\n${worker}`);

  return { out, version, precache, files: [...files, 'sw.js'].sort() };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const at = process.argv.indexOf('--out');
  try {
    const { out, version, precache, files } = buildSite(at > 0 ? { out: process.argv[at + 1] } : {});
    const shown = relative(process.cwd(), out) || '.';
    console.log(`site: ${shown}/ is ready: ${files.length} files, ${precache.length} precached, version ${version}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
