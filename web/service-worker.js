// The built site's service worker: scripts/site.mjs copies it to site/sw.js with MANIFEST filled
// in, and web/offline.js registers it from the playground and embedding pages. Its scope is the
// site's folder (that of sw.js), so one file serves the site at / or at /course/perceptron/.
//
// - On install, it precaches MANIFEST.precache (the pages, their modules and style sheets, the
//   favicon, the package's modules, its Worker and .wasm, data/iris.csv) into a cache whose
//   name carries MANIFEST.version: the package's version and a hash of the site's files, so any
//   change to the site is a new worker and a new cache. Every file is fetched past the HTTP cache.
// - It serves those files cache first (a navigation matches without its ?query: the classroom
//   mode's ?hide=...; a folder's URL as its index.html).
// - Pages under docs/ (the guides and the API reference) and their assets: cache first too, stored
//   as they are visited, in a cache of the same version (so never older than the site's build).
// - On activate, it deletes this site's caches of other versions, and takes control of the open
//   pages. A new version waits until every page of the old one is closed: a page never mixes the
//   modules of two builds.
// Anything else (another origin, outside the scope, not GET) goes to the network untouched.
const MANIFEST = { version: 'dev', precache: [] };

const scope = new URL(self.registration.scope);
// Cache Storage is per origin: the scope in the names keeps two sites of one origin apart.
const PREFIX = `perceptron-wasm ${scope.href} `;
const PRECACHE = `${PREFIX}${MANIFEST.version} precache`;
const VISITED = `${PREFIX}${MANIFEST.version} docs`;
const DOCS = new URL('docs/', scope).href;

const precached = new Set(MANIFEST.precache.map((path) => keyOf(new URL(path, scope))));

/** The cache key of a URL: no #hash; a folder as its index.html. */
function keyOf(url) {
  const key = new URL(url);
  key.hash = '';
  if (key.pathname.endsWith('/')) key.pathname += 'index.html';
  return key.href;
}

// A host that redirects (/index.html to /, say) gives redirected responses, which a navigation
// refuses: keep the body and headers only.
async function unredirected(response) {
  if (!response.redirected) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(PRECACHE).then((cache) =>
      Promise.all(
        [...precached].map(async (key) => {
          const response = await fetch(key, { cache: 'reload' });
          if (!response.ok) throw new Error(`sw.js: ${key} answered ${response.status}`);
          await cache.put(key, await unredirected(response));
        }),
      ),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== PRECACHE && name !== VISITED) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function cacheFirst(name, key, request, { store }) {
  const cache = await caches.open(name);
  const hit = await cache.match(key);
  if (hit) return hit;
  const response = await fetch(request);
  if (store && response.ok && response.type === 'basic') await cache.put(key, await unredirected(response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(scope.href)) return;
  const url = new URL(request.url);
  if (request.mode === 'navigate') url.search = '';
  let key = keyOf(url);
  // A host with clean URLs (embed for embed.html) shows the page at its name without .html.
  if (request.mode === 'navigate' && !precached.has(key) && precached.has(`${key}.html`)) key = `${key}.html`;
  if (precached.has(key)) event.respondWith(cacheFirst(PRECACHE, key, request, { store: false }));
  else if (key.startsWith(DOCS)) event.respondWith(cacheFirst(VISITED, key, request, { store: true }));
});
