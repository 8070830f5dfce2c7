// What one structured-perceptron step changed: w += rate * (Phi(x, gold) - Phi(x, predicted)),
// as the features the update added (raised) and removed (lowered). A feature is an emission
// (a tag's weight on a token feature: 'NOUN · w=can') or a transition ('DET → NOUN', 'start →
// PRON'). Plain data and text here (Node tests read them); renderChanges builds the DOM.
import { formatNumber } from '../shell/format.js';
import { START, phi } from './margin.js';

/** A feature key ('e|TAG|feature' or 't|FROM|TO', as margin.js's phi) as the page writes it. */
export function featureLabel(key) {
  const [part, a, b] = key.split('|');
  return part === 'e' ? `${a} · ${b}` : `${a === START ? 'start' : a} → ${b}`;
}

// Sorted lists from a Map of differences: added (> 0) and removed (< 0), each by |value| desc,
// ties by key (emissions 'e|…' before transitions 't|…').
function split(differences) {
  const list = [...differences]
    .filter(([, value]) => value !== 0)
    .map(([key, value]) => ({ key, feature: featureLabel(key), value }));
  const order = (a, b) => Math.abs(b.value) - Math.abs(a.value) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return { added: list.filter((c) => c.value > 0).sort(order), removed: list.filter((c) => c.value < 0).sort(order) };
}

/** The update of a step: {added, removed}, each [{key, feature, value}]; both empty without a mistake. */
export function updateChanges(tokens, gold, predicted, rate = 1) {
  const differences = new Map();
  if (gold.every((tag, t) => tag === predicted[t])) return split(differences);
  for (const [key, value] of phi(tokens, gold)) differences.set(key, rate * value);
  for (const [key, value] of phi(tokens, predicted)) differences.set(key, (differences.get(key) ?? 0) - rate * value);
  return split(differences);
}

/**
 * The changes of a Worker's step record (WorkerSequenceChanges: {names, tags, deltas, kinds}, a
 * transition named prev=<tag> or prev=<s>) as updateChanges gives them.
 */
export function fromWorkerChanges({ names, tags, deltas, kinds }) {
  const differences = new Map();
  names.forEach((name, i) => {
    const key = kinds[i] === 'emission' ? `e|${tags[i]}|${name}` : `t|${name.replace(/^prev=/, '')}|${tags[i]}`;
    differences.set(key, (differences.get(key) ?? 0) + deltas[i]);
  });
  return split(differences);
}

/** The weights of a StructuredPerceptron's toJSON() as a Map from feature keys (the nonzero ones). */
export function weightMap(json) {
  const out = new Map();
  const names = json.vocabulary ?? Array.from({ length: json.nFeatures }, (_, j) => String(j));
  json.classes.forEach((tag, k) => {
    json.emission[k].forEach((w, j) => w !== 0 && out.set(`e|${tag}|${names[j]}`, w));
  });
  json.transition.forEach((row, j) => {
    const from = j < json.classes.length ? json.classes[j] : START;
    row.forEach((w, k) => w !== 0 && out.set(`t|${from}|${json.classes[k]}`, w));
  });
  return out;
}

/** The difference of two models' weights (toJSON() before and after), as updateChanges gives it. */
export function weightDifference(before, after) {
  const [a, b] = [weightMap(before), weightMap(after)];
  const differences = new Map();
  for (const key of new Set([...a.keys(), ...b.keys()])) differences.set(key, (b.get(key) ?? 0) - (a.get(key) ?? 0));
  return split(differences);
}

const listText = (changes) =>
  changes.map(({ feature, value }) => `${feature} ${value > 0 ? '+' : ''}${formatNumber(value)}`).join(', ');

/** One sentence for the changes: 'Added: …; removed: …' or why nothing changed. */
export function changesText({ added, removed }, mistake = added.length + removed.length > 0) {
  if (!mistake) return 'No update: Viterbi’s tags were the gold tags.';
  return `Added: ${listText(added) || 'none'}. Removed: ${listText(removed) || 'none'}.`;
}

/** The changes as two lists in `container` (replacing its content). */
export function renderChanges(container, changes, mistake) {
  const doc = container.ownerDocument;
  const item = (text) => Object.assign(doc.createElement('li'), { textContent: text });
  container.replaceChildren();
  const summary = doc.createElement('p');
  // With lists below it, the sentence is for screen readers (the lists are hidden from them).
  const listed = changes.added.length + changes.removed.length > 0;
  summary.className = listed ? 'changes-summary visually-hidden' : 'changes-summary';
  summary.textContent = changesText(changes, mistake);
  container.append(summary);
  for (const [name, list] of [
    ['Added', changes.added],
    ['Removed', changes.removed],
  ]) {
    if (list.length === 0) continue;
    const heading = doc.createElement('p');
    heading.className = 'changes-heading';
    heading.textContent = `${name} (${list.length})`;
    const ul = doc.createElement('ul');
    ul.className = `changes-list changes-${name.toLowerCase()}`;
    ul.setAttribute('aria-hidden', 'true'); // the summary says it
    ul.append(...list.map(({ feature, value }) => item(`${feature}  ${value > 0 ? '+' : ''}${formatNumber(value)}`)));
    container.append(heading, ul);
  }
}
