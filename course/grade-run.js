// Running a submission: its module runs in a child process (run-submission.js under this Node,
// process.execPath), with a time limit and a memory watchdog, and sends its trace back over IPC.
// The child is killed (SIGKILL) when the time runs out or when its resident memory goes over the
// limit. A Worker's resourceLimits bound the JS heap only, not ArrayBuffers or wasm memory, so the
// watchdog reads the child's resident set: /proc/<pid>/status (VmRSS) every 20 ms on Linux,
// `ps -o rss=` every 100 ms on macOS and the BSDs; on Windows there is no watchdog, and only the
// heap limit (--max-old-space-size, passed everywhere) and the time limit hold. The child's
// stdout and stderr are kept (their first 16 KiB each) for the report.
//
// Not a security sandbox: the child runs with the grader's user, files, network and environment.
// This file imports Node's modules when it runs, so that the course entry still loads in a browser;
// the specifier is looked up, so that the minified bundle keeps it an expression which bundlers
// leave alone (esbuild would fold a literal or a template, and drop the magic comments).
const NODE = { child_process: 'node:child_process', fs: 'node:fs', path: 'node:path', url: 'node:url' };
const node = (name) => import(/* webpackIgnore: true */ /* @vite-ignore */ NODE[name]);

const RESULT = 'perceptron-wasm/grade-result';
const OUTPUT_CAP = 16 * 1024;
const RESULT_CAP = 64 * 1024 * 1024;
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
  const job = { ...(await moduleOf(submission)), X, y, options, keep, maxBytes: RESULT_CAP };
  const script = fileURLToPath(new URL('./run-submission.js', import.meta.url));
  return new Promise((finish) => {
    let child;
    try {
      child = spawn(process.execPath, [`--max-old-space-size=${memory}`, script], {
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
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
    const stop = (reason) => {
      if (answer || killed) return;
      killed = reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('timeout'), timeout);
    watchMemory(child.pid, memory * 1024 * 1024, () => stop('memory')).then((off) => {
      if (killed || child.exitCode !== null || child.signalCode !== null) off();
      else stopWatching = off;
    });
    child.on('message', (message) => {
      if (message?.type === RESULT && !answer && !killed) answer = message;
    });
    let ended = false;
    const end = (code, signal, failure) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      stopWatching();
      const output = { stdout: stdout(), stderr: stderr() };
      const error = answer?.error ?? errorOf({ answer, killed, code, signal, failure, output, timeout, memory });
      const received = answer && !answer.error ? { records: answer.records, length: answer.length } : null;
      finish({ received: error ? null : received, error, output });
    };
    child.on('error', (failure) => end(null, null, failure));
    child.on('close', (code, signal) => end(code, signal, null));
    child.send({ type: 'task', ...job }, () => {}); // a child that died already: 'close' says how
  });
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
