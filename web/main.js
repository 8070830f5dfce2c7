// The site's page (index.html): one <perceptron-playground sync-url>, whose state is the page's
// address. window.perceptronDemo gives tests and the console a read-only view and loadPoints.
// In the built site (npm run build:site), offline.js registers the service worker.
import './pkg/playground/index.js';
import './offline.js';

const element = document.querySelector('perceptron-playground');
element.ready.then(
  () => {
    const playground = element.playground;
    window.perceptronDemo = Object.freeze({
      getState: () => playground.getState(),
      loadPoints: (points) => playground.loadPoints(points),
    });
    document.body.dataset.ready = 'true';
  },
  () => {
    document.body.dataset.ready = 'error';
  },
);
