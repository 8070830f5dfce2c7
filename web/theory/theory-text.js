// The Theory region's sentences: numbers, lists of points, equations, and what each model kind
// can be compared with. Everything returns plain strings (shown with textContent).
import { formatCount as count, formatNumber as fmt } from '../shell/format.js';
import { fmtLabel } from '../shell/report.js';

export { count };
export const plural = (n, word) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;
export const number = (v) => (Number.isFinite(v) ? fmt(v) : v > 0 ? '∞' : '—');
/** A class label as the page writes it (report.js's fmtLabel: +1, −1, other labels as they are). */
export const label = fmtLabel;

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
const sub = (n) => [...String(n)].map((c) => SUBSCRIPTS[c]).join('');

/** (a, b, …), at most `max` components shown. */
export function vector(v, max = 6) {
  const shown = Array.from(v.slice(0, max), number);
  if (v.length > max) shown.push(`… ${count(v.length - max)} more`);
  return `(${shown.join(', ')})`;
}

/** 'x₁ − 2 = 0' for w = (1, 0), b = −2: the terms that round to 0 left out; up to 4 features. */
export function equation(w, b) {
  if (w.length > 4) return `w·x + b = 0 with w = ${vector(w)}, b = ${number(b)}`;
  const terms = [];
  w.forEach((wj, j) => {
    const c = Number(wj.toFixed(4));
    if (c === 0) return;
    const size = Math.abs(c) === 1 ? '' : fmt(Math.abs(c));
    terms.push({ negative: c < 0, text: `${size}x${sub(j + 1)}` });
  });
  const c = Number(b.toFixed(4));
  if (c !== 0 || terms.length === 0) terms.push({ negative: c < 0, text: fmt(Math.abs(c)) });
  const first = terms.shift();
  const rest = terms.map((t) => ` ${t.negative ? '−' : '+'} ${t.text}`).join('');
  return `${first.negative ? '−' : ''}${first.text}${rest} = 0`;
}

/** 'points #1, #2 and #4' (1-based; at most `max` listed). */
export function pointList(rows, max = 8) {
  const names = rows.slice(0, max).map((i) => `#${count(i + 1)}`);
  if (rows.length > max) names.push(`${count(rows.length - max)} more`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `${rows.length === 1 ? 'point' : 'points'} ${list}`;
}

/**
 * What the bounds say about a model kind: whether its mistakes are compared with them, and the
 * sentence saying why not (or null).
 */
export function kindNote(kind, classCount) {
  if (classCount > 2 && kind) {
    return {
      compare: false,
      note: `The model learns all ${classCount} classes, so its mistakes are not compared with these two-class bounds.`,
    };
  }
  switch (kind) {
    case 'Perceptron':
      return { compare: true, note: null };
    case 'MulticlassPerceptron':
      return {
        compare: true,
        note: 'With two classes the multi-class perceptron’s two class vectors differ by a perceptron with η = 2, so its mistakes are compared with the perceptron’s bounds.',
      };
    case 'KernelPerceptron':
      return {
        compare: false,
        note: 'The kernel perceptron separates the points in its kernel’s feature space. R, the margins and the bounds here are in the input space, so they do not bound its mistakes (the same theorems hold with R and γ measured in the feature space, which this page does not compute).',
      };
    case 'Winnow':
      return {
        compare: false,
        note: 'Winnow’s updates are multiplicative: these bounds are the perceptron’s (Blum’s notes give Winnow its own), so its mistakes are not compared with them.',
      };
    case 'PassiveAggressive':
      return {
        compare: false,
        note: 'Passive-Aggressive scales each update by its own step size: these bounds are the perceptron’s, so its updates are not compared with them.',
      };
    default:
      return { compare: false, note: null };
  }
}

/** The sentence explaining a certificate: which points, and the common point when it is short. */
export function certificateSentence({ certificate, rows, X, y, classes, fitIntercept }) {
  const used = [];
  certificate.forEach((c, k) => c > 0 && used.push(k));
  const byClass = classes.map((cls) => used.filter((k) => y[k] === cls).map((k) => rows[k]));
  const highlighted =
    used.length === 1 ? 'It is highlighted.' : `These ${plural(used.length, 'point')} are highlighted.`;
  if (!fitIntercept) {
    return `No line through the origin separates the classes: weights cᵢ ≥ 0 on ${pointList(used.map((k) => rows[k]))} give Σ cᵢ yᵢ xᵢ = 0, so every w has Σ cᵢ yᵢ (w·xᵢ) = 0 and cannot make all of yᵢ w·xᵢ positive. ${highlighted}`;
  }
  let where = 'a point';
  if (X.cols <= 3) {
    // The weights sum to 1 over each class: the common point is either class's weighted mean.
    const p = new Array(X.cols).fill(0);
    for (const k of used) {
      if (y[k] !== classes[1]) continue;
      for (let j = 0; j < X.cols; j++) p[j] += certificate[k] * X.data[k * X.cols + j];
    }
    where = `the point ${vector(p)}`;
  }
  const [minus, plus] = byClass;
  return `No line separates the classes: ${where} is a weighted mean of ${pointList(minus)} (class ${label(classes[0])}) and also of ${pointList(plus)} (class ${label(classes[1])}), so it lies in both classes’ convex hulls. ${highlighted}`;
}
