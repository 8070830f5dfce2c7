// Running a submission: its module runs in a child process (run-submission.js under this Node,
// process.execPath), with a time limit and a memory watchdog, and sends its trace back over IPC.
// The child is killed (SIGKILL) when the time runs out or when its resident memory goes over the
// limit. A Worker's resourceLimits bound the JS heap only, not ArrayBuffers or wasm memory, so the
// watchdog reads the child's resident set: /proc/<pid>/status (VmRSS) every 20 ms on Linux,
// `ps -o rss=` every 100 ms on macOS and the BSDs; on Windows there is no watchdog, and only the
// heap limit (--max-old-space-size, passed everywhere) and the time limit hold. The child's
// stdout and stderr are kept (their first 16 KiB each) for the report. The child runs in a process
// group of its own (not on Windows), killed as a whole once the grading ends, so that nothing it
// started lingers; its answer ends the grading even when it does not exit (an exit handler that
// loops, a timer, a grandchild holding its output open): it gets ANSWER_GRACE ms to flush its
// output, then the group is killed. The trace comes back as one Float64Array (IPC's advanced
// serialization), however many steps it has.
//
// Not a security sandbox: the child runs with the grader's user, files, network and environment.
// This file imports Node's modules when it runs, so that the course entry still loads in a browser;
// the specifier is looked up, so that the minified bundle keeps it an expression which bundlers
// leave alone (esbuild would fold a literal or a template, and drop the magic comments).
const NODE = { child_process: 'node:child_process', fs: 'node:fs', path: 'node:path', url: 'node:url' };
const node = (name) => import(/* webpackIgnore: true */ /* @vite-ignore */ NODE[name]);

const RESULT = 'perceptron-wasm/grade-result';
const OUTPUT_CAP = 16 * 1024;
const ANSWER_GRACE = 1000; // ms for the child to flush its output and exit once it answered
const EXIT_GRACE = 200; // ms for its output to drain after it exited (a grandchild may hold it)
const HEAP_OUT = /heap out of memory|Reached heap limit|Allocation failed - JavaScript heap/i;

// A stream's first OUTPUT_CAP bytes, and how many more there were.
function capture(stream) {
  const chunks = [];
  let kept = 0;
  let dropped = 0;
  stream.on('data', (chunk) => {
    const room = OUTPUT_CAP - kept;
    if (room > 0) chunks.push(chunk.subarray(0, room));
    kept += Math.min(room, chunk.length);
    dropped += Math.max(0, chunk.length - room);
  });
  return () => {
    const text = Buffer.concat(chunks).toString('utf8');
    return dropped ? `${text}\n... (${dropped} more bytes not kept)` : text;
  };
}

// Calls over() once the process' resident set exceeds `bytes`; returns the function that stops it.
async function watchMemory(pid, bytes, over) {
  if (process.platform === 'win32') return () => {};
  if (process.platform === 'linux') {
    const { readFileSync } = await node('fs');
    const timer = setInterval(() => {
      let status;
      try {
        status = readFileSync(`/proc/${pid}/status`, 'latin1');
      } catch {
        return; // the process has ended
      }
      const rss = /VmRSS:\s*(\d+)\s*kB/.exec(status);
      if (rss && Number(rss[1]) * 1024 > bytes) over();
    }, 20);
    return () => clearInterval(timer);
  }
  const { execFile } = await node('child_process');
  let asking = false;
  const timer = setInterval(() => {
    if (asking) return;
    asking = true;
    execFile('ps', ['-o', 'rss=', '-p', String(pid)], (error, stdout) => {
      asking = false;
      if (!error && Number(stdout.trim()) * 1024 > bytes) over();
    });
  }, 100);
  return () => clearInterval(timer);
}

// The module to import: {url} for a path (from the working directory) or a URL, {source} for text.
async function moduleOf(submission) {
  if (submission instanceof URL) return { url: submission.href };
  if (typeof submission !== 'string') return { source: submission.source };
  if (/^[a-z][a-z\d+.-]+:/i.test(submission)) return { url: submission };
  const [{ resolve }, { pathToFileURL }] = await Promise.all([node('path'), node('url')]);
  return { url: pathToFileURL(resolve(submission)).href };
}

/**
 * Runs a submission's perceptron(X, y, options) in a child process: {received, error, output},
 * received {records, length} (the first `keep` records, checked, of a trace of `length` steps)
 * or null, error null or {code, message}, output {stdout, stderr} as the child printed them.
 */
export async function runSubmission(submission, { X, y, options, keep }, { timeout, memory }) {
  const [{ spawn }, { fileURLToPath }] = await Promise.all([node('child_process'), node('url')]);
  const job = { ...(await moduleOf(submission)), X, y, options, keep };
  const script = fileURLToPath(new URL('./run-submission.js', import.meta.url));
  return new Promise((finish) => {
    let child;
    try {
      child = spawn(process.execPath, ['--no-warnings', `--max-old-space-size=${memory}`, script], {
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        serialization: 'advanced',
        detached: process.platform !== 'win32',
      });
    } catch (error) {
      const message = `the submission's process could not start: ${error?.message ?? error}`;
      finish({ received: null, error: { code: 'threw', message }, output: { stdout: '', stderr: '' } });
      return;
    }
    const stdout = capture(child.stdout);
    const stderr = capture(child.stderr);
    let answer = null;
    let killed = null;
    let stopWatching = () => {};
    // The child and whatever it started (its process group), or the child alone where there is none.
    const killAll = () => {
      try {
        if (process.platform === 'win32') child.kill('SIGKILL');
        else process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const stop = (reason) => {
      if (killed) return;
      killed = reason;
      killAll();
    };
    const timer = setTimeout(() => stop('timeout'), timeout);
    let graceTimer = null;
    watchMemory(child.pid, memory * 1024 * 1024, () => stop('memory')).then((off) => {
      if (killed || child.exitCode !== null || child.signalCode !== null) off();
      else stopWatching = off;
    });
    child.on('message', (message) => {
      if (!isAnswer(message) || answer || killed) return;
      answer = message;
      graceTimer = setTimeout(killAll, ANSWER_GRACE);
    });
    let ended = false;
    const end = (code, signal, failure) => {
      if (ended) return;
      ended = true;
      for (const pending of [timer, graceTimer]) clearTimeout(pending);
      stopWatching();
      killAll();
      child.stdout.destroy();
      child.stderr.destroy();
      const output = { stdout: stdout(), stderr: stderr() };
      const error = answer?.error ?? errorOf({ answer, killed, code, signal, failure, output, timeout, memory });
      finish({ received: error ? null : unpack(answer), error, output });
    };
    child.on('error', (failure) => end(null, null, failure));
    child.on('exit', (code, signal) => setTimeout(() => end(code, signal, null), EXIT_GRACE));
    child.on('close', (code, signal) => end(code, signal, null));
    child.send({ type: 'task', ...job }, () => {}); // a child that died already: 'close' says how
  });
}

// Whether an IPC message is run-submission.js's answer: an error {code, message}, or a trace's
// values (a message the submission sent itself in another shape is ignored).
function isAnswer(message) {
  if (message?.type !== RESULT) return false;
  const { error, values, features, length } = message;
  if (error) return typeof error.code === 'string' && typeof error.message === 'string';
  return (
    values instanceof Float64Array &&
    Number.isSafeInteger(features) &&
    features > 0 &&
    Number.isSafeInteger(length) &&
    values.length % (features + 1) === 0 &&
    values.length / (features + 1) <= length
  );
}

// The child's answer as grade() reads it: {records: [{weights, bias}], length}, from the records'
// numbers packed in one Float64Array, each record's weights then its bias.
function unpack({ values, features, length }) {
  const width = features + 1;
  const records = Array.from({ length: values.length / width }, (_, k) => ({
    weights: Array.from(values.subarray(k * width, k * width + features)),
    bias: values[k * width + features],
  }));
  return { records, length };
}

// Why the child gave no trace, as an error {code, message}; null when it gave one.
function errorOf({ answer, killed, code, signal, failure, output, timeout, memory }) {
  if (answer) return null;
  if (killed === 'timeout') {
    const message =
      `the submission did not return within ${timeout} ms and was stopped ` +
      `(a loop that never ends? training stops after an epoch without a mistake, or after maxEpochs)`;
    return { code: 'timeout', message };
  }
  if (killed === 'memory' || HEAP_OUT.test(output.stderr)) {
    const message = `the submission used more than ${memory} MB of memory and was stopped`;
    return { code: 'memory', message };
  }
  if (failure) return { code: 'threw', message: `the submission's process failed: ${failure.message}` };
  const how = signal
    ? `was killed by ${signal}`
    : `ended (exit code ${code}${code === 0 ? ': process.exit(), or a promise that never settles?' : ''})`;
  const tail = output.stderr.trim()
    ? `; it printed on stderr:\n${output.stderr.trim().split('\n').slice(-8).join('\n')}`
    : '';
  return {
    code: 'threw',
    message: `the submission's process ${how} before perceptron(X, y, options) returned a trace${tail}`,
  };
}
