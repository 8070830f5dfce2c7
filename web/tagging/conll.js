// Which uploads are tagged sentences (CoNLL: a token, a tab, its tag per line; a blank line
// between sentences; with more columns, the last is the tag): the upload panel hands those to
// the tagging mode instead of its CSV column picker.

/** Extensions that are always CoNLL. */
const EXTENSIONS = /\.(conll|conllu|conllx|iob|bio)$/i;

/**
 * Whether a file is CoNLL: by its name, or by its first lines (`text`: the start of the file):
 * every non-blank line holds a tab, and a blank line separates two runs of such lines.
 */
export function looksLikeConll(name, text) {
  if (EXTENSIONS.test(name ?? '')) return true;
  const lines = String(text)
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  lines.pop(); // the last line may be cut by the preview
  let seenLine = false;
  let blankAfterLine = false;
  for (const line of lines) {
    if (line.trim() === '') {
      if (seenLine) blankAfterLine = true;
      continue;
    }
    if (!line.includes('\t')) return false;
    if (blankAfterLine) return true;
    seenLine = true;
  }
  return false;
}
