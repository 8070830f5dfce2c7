// The Theory region for tagged sentences: the structured perceptron's mistakes so far next to
// Collins' bound R² / γ² (the lecture notes' perceptron bound (R/γ)², for Phi(x, y) − Phi(x, z)
// in place of y·x), for the generated corpus, whose separating weights u are known (corpus.js,
// margin.js). An upload's margin is unknown: the region says so. Text here; renderCollins
// builds the region's content with the Theory region's bound bar (theory-bound.js).
import { renderBound } from '../theory/theory-bound.js';
import { count, number, plural } from '../theory/theory-text.js';

/**
 * The figures as sentences: {name, value (the bound, or null), status(within), details, margin,
 * radius}. `bound`: collinsBound's result, or null for an upload.
 */
export function collinsText(bound, { sentences, tokens } = {}) {
  if (!bound) {
    return {
      name: "Collins' bound R²/γ²",
      value: null,
      details:
        'The margin γ of uploaded sentences is unknown (no separating weights are known), so Collins’ bound cannot be computed: the mistakes are counted without a bound.',
    };
  }
  const how = bound.radiusExact
    ? 'R is the exact largest ||Φ(x, y) − Φ(x, z)||'
    : 'R bounds every ||Φ(x, y) − Φ(x, z)|| from above (feature values are ≥ 0: ||Φ(x, y)||² + the largest ||Φ(x, z)||²)';
  return {
    name: "Collins' bound R²/γ²",
    value: bound.bound,
    margin: `γ = ${number(bound.gamma)}: the generator's weights u (||u|| = 1) score every gold tagging at least γ above any other tagging (exact, reached in sentence ${count(bound.sentence + 1)}).`,
    radius: `R = ${number(bound.R)}. ${how} over the ${count(sentences ?? 0)} sentences${tokens ? ` (${count(tokens)} tokens)` : ''}.`,
    status: (within) =>
      within
        ? 'Within the bound: on separable data the structured perceptron makes at most R²/γ² mistakes, whatever the number of taggings.'
        : 'Above the bound: that cannot happen on data separable with margin γ; the data or the weights changed.',
    details: `R²/γ² = ${number(bound.R)}² / ${number(bound.gamma)}² = ${number(bound.bound)}. A mistake is a sentence whose Viterbi tags differ from the gold tags.`,
  };
}

/** The Theory content for tagged sentences in `container` (replacing it). */
export function renderCollins(container, bound, { mistakes, fitted, sentences, tokens }) {
  const text = collinsText(bound, { sentences, tokens });
  const doc = container.ownerDocument;
  const dl = doc.createElement('dl');
  dl.className = 'theory-figures';
  const term = (words) => Object.assign(doc.createElement('dt'), { textContent: words });
  const plain = (words) => {
    const dd = doc.createElement('dd');
    dd.textContent = words;
    return dd;
  };
  if (text.value === null) {
    dl.append(term('Mistake bound'), plain(`${plural(mistakes, 'mistake')} so far. ${text.details}`));
  } else {
    dl.append(term('Margin γ'), plain(text.margin), term('Radius R'), plain(text.radius));
    dl.append(
      term('Mistake bound'),
      renderBound({
        name: text.name,
        value: text.value,
        mistakes: fitted ? mistakes : null,
        model: fitted ? { mistakes } : null,
        compare: true,
        status: text.status,
        details: text.details,
      }),
    );
  }
  container.replaceChildren(dl);
}
