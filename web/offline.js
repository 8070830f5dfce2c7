// The built site's offline mode (npm run build:site, scripts/site.mjs): registers its service
// worker, sw.js, which precaches the playground so that it works offline after a first visit.
// Only pages that name the worker in <meta name="perceptron-service-worker" content="sw.js">
// register it: scripts/site.mjs adds that tag to the site's copies of index.html and embed.html,
// so the dev server's pages (npm start), which have no sw.js, never ask for one.
//
// Quiet where service workers are unavailable: no navigator.serviceWorker (http on an origin that
// is not localhost, an old browser), a file:// page, a refused registration (blocked by the
// browser or the host): the page works as without it, and nothing goes to the console.
function register() {
  const meta = document.querySelector('meta[name="perceptron-service-worker"]');
  if (!meta || !('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  // Relative to the page: the worker's scope is the folder of sw.js, the site's root, wherever
  // the site is hosted (/, /course/perceptron/, ...).
  const url = new URL(meta.content, document.baseURI);
  Promise.resolve()
    .then(() => navigator.serviceWorker.register(url))
    .catch(() => {});
}

// After the page has loaded: precaching never competes with the page's own requests.
if (document.readyState === 'complete') register();
else window.addEventListener('load', register, { once: true });
