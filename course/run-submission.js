// The process a submission runs in (grade-run.js starts it with the time and memory limits and
// watches it). It gets its task over IPC: the module (a URL, or its source text), X, y and the
// options; it imports the module, calls perceptron(X, y, options), checks the trace's shape
// (grade-trace.js, as grade() checks an array it is given), and sends back the first `keep`
// records (their numbers in one Float64Array) and the trace's length, or an error {code,
// message}. Then it exits.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkTrace } from './grade-trace.js';

const RESULT = 'perceptron-wasm/grade-result';
let sent = false;

function send(message) {
  if (sent) return;
  sent = true;
  // Exit once what the submission printed has gone out: process.exit() drops writes still queued.
  const exit = () => process.stdout.write('', () => process.stderr.write('', () => process.exit(0)));
  process.send({ type: RESULT, ...message }, exit);
}

const fail = (code, message) => send({ error: { code, message } });

// A RangeError of an allocation that failed (an ArrayBuffer, a typed array, wasm memory).
const outOfMemory = (error) => error instanceof RangeError && /allocat|out of memory/i.test(error.message);

// What the stack calls the module: its path, or 'the source' for a data: URL.
let shownAs = 'the source';

// The error as a student reads it: its message, and the stack's frames in the submission's code.
function told(error) {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return String(error);
  const [first, ...frames] = error.stack.split('\n');
  const own = frames.filter((line) => !/run-submission|\(node:|at node:/.test(line)).slice(0, 5);
  return [first, ...own].join('\n').replace(/data:text\/javascript;base64,[\w+/=]+/g, shownAs);
}

function failWith(error, when) {
  if (outOfMemory(error)) fail('memory', `${when} ran out of memory: ${error.message}`);
  else fail('threw', `${when} threw ${told(error)}`);
}

const dataUrl = (text) => `data:text/javascript;base64,${Buffer.from(text, 'utf8').toString('base64')}`;

// The module: a file's ES module syntax in a folder that is not "type": "module" is loaded from
// its text (without relative imports), so that a lone perceptron.js works wherever it lies.
async function load({ url, source }) {
  if (source !== undefined) return import(dataUrl(source));
  const file = url.startsWith('file:') ? fileURLToPath(url) : null;
  if (file && !existsSync(file)) throw new Error(`there is no file at ${file}`);
  try {
    return await import(url);
  } catch (error) {
    const esm = error instanceof SyntaxError && /\bexport\b|import statement|import\.meta/.test(error.message);
    if (!file || !esm) throw error;
    shownAs = file;
    return import(dataUrl(readFileSync(file, 'utf8')));
  }
}

async function run({ url, source, X, y, options, keep }) {
  let module;
  try {
    module = await load({ url, source });
  } catch (error) {
    return failWith(error, 'loading the module');
  }
  if (typeof module.perceptron !== 'function') {
    const names = Object.keys(module);
    const exported = names.length ? `it exports ${names.join(', ')}` : 'it exports nothing';
    return fail('bad-shape', `the module does not export a function perceptron(X, y, options); ${exported}`);
  }
  let value;
  try {
    value = await module.perceptron(X, y, options);
  } catch (error) {
    return failWith(error, 'perceptron(X, y, options)');
  }
  const checked = checkTrace(value, X[0].length);
  if (checked.error) return send(checked);
  // The first `keep` records' numbers in one array: each one's weights, then its bias.
  const features = X[0].length;
  const records = checked.records.slice(0, keep);
  const values = new Float64Array(records.length * (features + 1));
  records.forEach(({ weights, bias }, k) => {
    values.set(weights, k * (features + 1));
    values[k * (features + 1) + features] = bias;
  });
  send({ values, features, length: checked.records.length });
}

process.on('uncaughtException', (error) => failWith(error, 'the submission'));
process.on('unhandledRejection', (error) => failWith(error, 'the submission'));
process.once('message', (task) => {
  process.channel?.unref(); // a promise that never settles ends the process: the parent says so
  run(task).catch((error) => failWith(error, 'the submission'));
});
