#!/usr/bin/env node
// The perceptron-wasm command (package.json "bin"):
//
//   npx perceptron-wasm grade submission.js --assignment a.json --format gradescope|prairielearn|json
//
// grade() for each part of the assignment file, printed (or written to --out) in the format
// asked. Exit code 0 whenever the submission was graded, the score being in the output; 2 for a
// usage error, with a message naming the argument.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { grade } from './grade.js';
import { gradescope, prairielearn } from './grade-formats.js';

const HELP = `Usage: perceptron-wasm grade <submission.js> --assignment <file.json> [options]

Grades a student's perceptron against perceptron-wasm's trace of the assignment. The submission is
an ES module exporting perceptron(X, y, options), which returns one {weights, bias} per step; it
runs in a child process with a time limit and a memory watchdog (not a security sandbox: it runs
with your user's rights).

Options:
  --assignment <file>  the assignment, JSON: {X, y, options}, or an array of them (one test each,
                       each with an optional "name" and "points", default 1)
  --format <format>    json (grade()'s result, the default), gradescope or prairielearn
  --out <file>         write the output to this file (Gradescope: /autograder/results/results.json,
                       PrairieLearn: /grade/results/results.json) instead of stdout
  --timeout <ms>       the submission's time limit for each part (default 10000)
  --memory <MB>        its memory limit, at least 64 (default 512)
  --help               this text

Exit code 0 when the submission was graded (its score is in the output), 2 for a usage error.
`;

const FORMATS = ['json', 'gradescope', 'prairielearn'];
const VALUED = ['assignment', 'format', 'out', 'timeout', 'memory'];

class UsageError extends Error {}

// The command line: {help} or {submission, assignment, format, out, timeout, memory}.
function parse(args) {
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h') return { help: true };
  if (args[0] !== 'grade') throw new UsageError(`unknown command "${args[0]}"; expected grade`);
  const given = { format: 'json' };
  const positional = [];
  for (let i = 1; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s);
    if (!VALUED.includes(name))
      throw new UsageError(`unknown option ${arg}; expected ${VALUED.map((v) => `--${v}`).join(', ')}`);
    const value = inline ?? args[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`--${name} needs a value`);
    }
    given[name] = value;
  }
  if (positional.length !== 1) {
    throw new UsageError(
      positional.length === 0
        ? 'the submission is missing: grade <submission.js>'
        : `one submission only; received ${positional.join(', ')}`,
    );
  }
  if (given.assignment === undefined) throw new UsageError('--assignment <file.json> is missing');
  if (!FORMATS.includes(given.format)) {
    throw new UsageError(`--format must be ${FORMATS.join(', ')}; received ${JSON.stringify(given.format)}`);
  }
  const limits = {};
  for (const [name, least] of [
    ['timeout', 1],
    ['memory', 64],
  ]) {
    if (given[name] === undefined) continue;
    const value = Number(given[name]);
    if (!/^\d+$/.test(given[name]) || value < least || value > 2 ** 31 - 1) {
      throw new UsageError(
        `--${name} must be an integer from ${least} to 2^31 - 1; received ${JSON.stringify(given[name])}`,
      );
    }
    limits[name] = value;
  }
  const [submission] = positional;
  if (!/^[a-z][a-z\d+.-]+:/i.test(submission) && !existsSync(submission)) {
    throw new UsageError(`the submission ${submission} does not exist`);
  }
  return { submission, assignment: given.assignment, format: given.format, out: given.out, limits };
}

// The parts of the assignment file: {parts: [{name, points, assignment: {X, y, options}, where}],
// many: whether the file holds an array}.
function partsOf(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--assignment ${file}: cannot be read (${error.code ?? error.message})`);
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--assignment ${file}: not JSON (${error.message})`);
  }
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw new UsageError(`--assignment ${file}: an empty array; expected at least one assignment`);
  const parts = list.map((part, i) => {
    const where = `--assignment ${file}${Array.isArray(value) ? `[${i}]` : ''}`;
    if (part === null || typeof part !== 'object' || Array.isArray(part)) {
      throw new UsageError(`${where}: expected an object {X, y, options}; received ${JSON.stringify(part)}`);
    }
    const {
      name = list.length === 1 ? 'Perceptron trace' : `Perceptron trace, part ${i + 1}`,
      points = 1,
      ...assignment
    } = part;
    if (typeof name !== 'string')
      throw new UsageError(`${where}: name must be a string; received ${JSON.stringify(name)}`);
    if (typeof points !== 'number' || !(points >= 0) || !Number.isFinite(points)) {
      throw new UsageError(`${where}: points must be a number >= 0; received ${JSON.stringify(points)}`);
    }
    return { name, points, assignment, where };
  });
  return { parts, many: Array.isArray(value) };
}

async function main(args) {
  const command = parse(args);
  if (command.help) {
    process.stdout.write(HELP);
    return;
  }
  const { parts, many } = partsOf(command.assignment);
  for (const part of parts) {
    try {
      part.result = await grade(command.submission, part.assignment, command.limits);
    } catch (error) {
      // Submissions never make grade() throw: this is the assignment (or the limits).
      if (error instanceof TypeError || error instanceof RangeError)
        throw new UsageError(`${part.where}: ${error.message.replace(/^grade: /, '')}`);
      throw error;
    }
  }
  const results = parts.map((part) => part.result);
  const formats = { gradescope, prairielearn, json: () => (many ? results : results[0]) };
  const output = formats[command.format](parts);
  const text = `${JSON.stringify(output, null, 2)}\n`;
  if (command.out === undefined) {
    process.stdout.write(text);
    return;
  }
  try {
    mkdirSync(dirname(resolve(command.out)), { recursive: true });
    writeFileSync(command.out, text);
  } catch (error) {
    throw new UsageError(`--out ${command.out}: cannot be written (${error.code ?? error.message})`);
  }
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof UsageError) {
    process.stderr.write(`perceptron-wasm: ${error.message}\nRun perceptron-wasm --help for the usage.\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`perceptron-wasm: ${error?.stack ?? error}\n`);
    process.exitCode = 1;
  }
});
