// Shared by the CSV upload panel's e2e tests (upload.test.mjs, upload-worker.test.mjs): the
// panel (web/upload/upload.js) loaded into the blank fixture page with the package and a stand-in plane,
// and the CSV files the tests make (never stored in the repo).

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 375, height: 800 } };

/** A seeded random number in [0, 1) (LCG). */
export function random(seed) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export const SPECIES = ['setosa', 'versicolor', 'virginica'];
/** An Iris-like file: 4 numeric features around a string label column (the third). */
export function irisCsv(rows, seed = 7) {
  const r = random(seed);
  const lines = ['sepal length,sepal width,species,petal length,petal width'];
  for (let i = 0; i < rows; i++) {
    const k = i % 3;
    const v = () => (Math.round((r() * 3 + k * 2) * 10) / 10).toString();
    lines.push([v(), v(), SPECIES[k], v(), v()].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** This file's own reading of a simple CSV (no quotes): header and rows of strings. */
export function split(text, delimiter = ',') {
  const [head, ...rows] = text
    .trimEnd()
    .split('\n')
    .map((line) => line.split(delimiter));
  return { head, rows };
}

export const csvFile = (name, text, mimeType = 'text/csv') => ({ name, mimeType, buffer: Buffer.from(text) });

/**
 * Loads the package, the panel (with its stylesheet) and a stand-in plane into the fixture. The
 * page's window gets: pw, upload, loads (onLoad's data), busy (onBusy's calls), refuse (a
 * message onLoad throws when set), worker (once getWorker was called). With {worker: false},
 * getWorker returns null (a page without a worker: the panel streams big files itself).
 */
export async function setup(page, { worker = true } = {}) {
  await page.evaluate(async (withWorker) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/upload/upload.css';
    const styled = new Promise((resolve) => link.addEventListener('load', resolve));
    document.head.append(link);
    await styled;
    const { CsvUpload } = await import('/upload/upload.js');
    const { default: load } = await import('/pkg/index.js');
    const { createWorker } = await import('/pkg/worker-client.js');
    window.pw = await load();
    // The core's first CSV read keeps a few bytes for good (12): read once before any count.
    window.pw.Dataset.fromCsv('a,b\n1,2\n').dispose();
    window.loads = [];
    window.busy = [];
    window.refuse = null;
    const main = document.getElementById('fixture');
    main.style.maxWidth = '720px';
    main.style.padding = '12px';
    const panel = document.createElement('section');
    const plane = document.createElement('div');
    plane.className = 'fixture-plane';
    plane.textContent = 'the plane';
    plane.style.height = '120px';
    plane.style.border = '1px solid #999';
    main.append(panel, plane);
    window.plane = plane;
    window.upload = new CsvUpload(panel, {
      pw: window.pw,
      getWorker: () => (withWorker ? (window.worker ??= createWorker()) : null),
      dropTarget: plane,
      onLoad: (data) => {
        if (window.refuse) throw new Error(window.refuse);
        window.loads.push(data);
      },
      onBusy: (busy) => window.busy.push(busy),
    });
  }, worker);
}

/** onLoad's data, with the typed array as a plain one. */
export const loaded = (page, i) =>
  page.evaluate((i) => {
    const d = window.loads.at(i);
    return d && { ...d, X: { ...d.X, data: Array.from(d.X.data), float64: d.X.data instanceof Float64Array } };
  }, i);

/** A file of about `bytes` bytes: 6 numeric features and a string label, seeded. */
export function bigCsv(bytes, seed = 11) {
  const r = random(seed);
  const lines = ['f1,f2,f3,f4,f5,f6,kind'];
  let size = lines[0].length + 1;
  while (size < bytes) {
    const x = Array.from({ length: 6 }, () => (Math.round((r() * 20 - 10) * 1e4) / 1e4).toString());
    const line = `${x.join(',')},${x[0] > 0 ? 'up' : 'down'}`;
    lines.push(line);
    size += line.length + 1;
  }
  return { text: `${lines.join('\n')}\n`, rows: lines.length - 1 };
}

/** Records what the progress bar and its text say (a MutationObserver in the page). */
export const watchProgress = (page) =>
  page.evaluate(() => {
    window.progressSeen = [];
    const bar = document.querySelector('.upload progress');
    const note = () =>
      window.progressSeen.push({
        value: bar.value,
        max: bar.max,
        text: document.querySelector('.upload-progress-text').textContent,
      });
    new MutationObserver(note).observe(document.querySelector('.upload-progress'), {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
