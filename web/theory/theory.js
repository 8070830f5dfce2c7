// The region named Theory: R, the current separator's margin, whether the two classes are
// linearly separable (exactly, by pw.analysis.separability), and the mistakes next to the
// lecture notes' bounds: Block–Novikoff (R/γ)² when separable, Freund–Schapire ((R + D)/γ)²
// when not. The separability answer is the expensive part: it is kept per data version (and
// fitIntercept and pair of classes), and above LARGE rows it waits for the Compute button.
// Nothing here throws out of update(): the analysis's errors are shown as text. With state.remote
// (an upload whose rows stay in the Worker) it says the figures are for data on the page.
import { augment, classMeans, freundSchapireFor, subset } from './theory-math.js';
import { certificateSentence, count, equation, kindNote, label, number, plural, vector } from './theory-text.js';
import { renderBound } from './theory-bound.js';

/** Above this many rows (or rows × features), separability waits for the Compute button. */
export const LARGE = { rows: 20_000, cells: 250_000 };

let instances = 0;
const EMPTY = Object.freeze({ separable: null, maxMargin: null, highlight: [] });

export class Theory {
  #pw;
  #root;
  #scope;
  #pairBox;
  #pairSelect;
  #dl;
  #id;
  #last = null;
  #cache = new Map();
  #requested = new Set();

  constructor(container, pw) {
    this.#pw = pw;
    this.#id = `theory-${++instances}`;
    const root = document.createElement('div');
    root.className = 'theory';
    this.#scope = document.createElement('p');
    this.#scope.className = 'theory-scope';
    this.#scope.hidden = true;
    this.#pairBox = document.createElement('p');
    this.#pairBox.className = 'theory-pair';
    this.#pairBox.hidden = true;
    const pairLabel = document.createElement('label');
    pairLabel.htmlFor = `${this.#id}-pair`;
    pairLabel.textContent = 'Classes compared';
    this.#pairSelect = document.createElement('select');
    this.#pairSelect.id = `${this.#id}-pair`;
    this.#pairSelect.addEventListener('change', () => this.#rerender());
    this.#pairBox.append(pairLabel, ' ', this.#pairSelect);
    this.#dl = document.createElement('dl');
    this.#dl.className = 'theory-figures';
    root.append(this.#scope, this.#pairBox, this.#dl);
    container.append(root);
    this.#root = root;
  }

  /** See the module comment; returns {separable, maxMargin, highlight} for the plane. */
  update(state) {
    this.#last = state;
    try {
      return this.#render(state);
    } catch (error) {
      this.#show([['Theory', this.#error(`Could not compute the figures: ${error.message}`)]]);
      return EMPTY;
    }
  }

  // After Compute or a new pair: redraw from the last state, and tell the page (the plane's
  // highlight and max-margin line change without a new update()).
  #rerender() {
    if (!this.#last) return;
    const result = this.update(this.#last);
    this.#root.dispatchEvent(new CustomEvent('theorychange', { bubbles: true, composed: true, detail: result }));
  }

  #render({ X, y, classes, fitIntercept, model, version, remote = false }) {
    const { compare, note } = kindNote(model?.kind, classes.length);
    this.#scope.hidden = !note;
    this.#scope.textContent = note ?? '';
    if (remote) {
      this.#pairBox.hidden = true;
      const text =
        "This upload's rows stay in the Worker: R, the margins and the bounds are computed for data on the page.";
      this.#show([['Data', this.#text(text)]]);
      return EMPTY;
    }
    if (X.rows === 0 || classes.length === 0) {
      this.#pairBox.hidden = true;
      this.#show([
        ['Data', this.#text('No points yet: add points or choose a dataset to see R, the margins and the bounds.')],
      ]);
      return EMPTY;
    }
    if (classes.length === 1) {
      this.#pairBox.hidden = true;
      this.#show([
        ['Data', this.#text(`Only one class (${label(classes[0])}): R, the margins and the bounds need two classes.`)],
      ]);
      return EMPTY;
    }
    const pair = this.#choosePair(classes);
    const a = this.#analyse(X, y, pair, fitIntercept, version, classes.length > 2);
    const rows = [];
    rows.push(['R (radius)', this.#radius(a, fitIntercept)]);
    rows.push(['Margin of the current separator', this.#currentMargin(a, model, fitIntercept, classes.length)]);
    if (!a.computed) {
      rows.push(['Linearly separable', this.#computeButton(a, X)]);
      this.#show(rows);
      return EMPTY;
    }
    if (a.error) {
      rows.push(['Linearly separable', this.#error(`Could not tell: ${a.error}`)]);
      this.#show(rows);
      return EMPTY;
    }
    const mistakes = compare && model ? model.mistakes : null;
    const { sep } = a;
    const cls = `classes ${label(pair[0])} and ${label(pair[1])}`;
    if (sep.separable) {
      const how = fitIntercept ? 'a line separates' : 'a line through the origin separates';
      rows.push(['Linearly separable', this.#text(`Yes: ${how} ${cls}.`)]);
      const support = sep.support.map((k) => a.rows[k]);
      rows.push([
        'γ* (the data’s margin)',
        this.#text(
          `${number(sep.margin)}, the largest margin of any ${fitIntercept ? 'line' : 'line through the origin'}, reached by the maximum-margin separator; its ${plural(support.length, 'support point')} ${support.length === 1 ? 'is' : 'are'} highlighted.`,
        ),
      ]);
      rows.push([
        'Maximum-margin separator',
        this.#text(`${equation(sep.w, sep.b)}   (w = ${vector(sep.w)}, b = ${number(sep.b)}, ‖w‖ = 1)`),
      ]);
      rows.push(['Mistakes and Novikoff’s bound', this.#novikoff(a, mistakes, fitIntercept, model, compare)]);
      this.#show(rows);
      return { separable: true, maxMargin: { weights: [...sep.w], bias: sep.b }, highlight: support };
    }
    const highlight = [];
    sep.certificate.forEach((c, k) => c > 0 && highlight.push(a.rows[k]));
    rows.push([
      'Linearly separable',
      this.#text(`No: ${fitIntercept ? 'no line' : 'no line through the origin'} separates ${cls}.`),
    ]);
    const sentence = certificateSentence({ ...sep, rows: a.rows, X: a.X, y: a.y, classes: pair, fitIntercept });
    const residual =
      sep.residual > 1e-9 * Math.max(a.radiusX, 1e-300)
        ? ` (to rounding: the two sums differ by ${number(sep.residual)}.)`
        : '';
    rows.push(['Certificate', this.#text(sentence + residual)]);
    rows.push([
      'Mistakes and Freund–Schapire’s bound',
      this.#freundSchapire(a, model, mistakes, fitIntercept, compare),
    ]);
    this.#show(rows);
    return { separable: false, maxMargin: null, highlight };
  }

  // The figures for (X, y) restricted to the pair, kept per key; separability waits for
  // Compute on large data.
  #analyse(X, y, pair, fitIntercept, version, pick) {
    const key = `${version}|${fitIntercept}|${pair.map(String).join('\u0000')}`;
    const cached = this.#cache.get(key);
    if (cached?.computed) return cached;
    for (const k of this.#cache.keys()) if (!k.startsWith(`${version}|`)) this.#cache.delete(k);
    for (const k of this.#requested) if (!k.startsWith(`${version}|`)) this.#requested.delete(k);
    const a = cached ?? this.#prepare(X, y, pair, fitIntercept, pick);
    this.#cache.set(key, a);
    a.key = key;
    a.large = a.X.rows > LARGE.rows || a.X.rows * a.X.cols > LARGE.cells;
    if (a.large && !this.#requested.has(key)) return a;
    const analysis = this.#pw.analysis;
    a.computed = true;
    try {
      a.sep = analysis.separability(a.X, a.y, { fitIntercept });
      if (a.sep.separable) a.novikoff = analysis.novikoffBound(a.X, a.y, { fitIntercept });
    } catch (error) {
      a.error = error.message;
    }
    return a;
  }

  #prepare(X, y, pair, fitIntercept, pick) {
    const picked = pick ? subset(X, y, pair) : { X, y, rows: null };
    const rows = picked.rows ?? Array.from({ length: X.rows }, (_, i) => i);
    const a = { X: picked.X, y: picked.y, rows, positive: pair[1], computed: false };
    a.radiusX = this.#pw.analysis.radius(a.X);
    a.radius = fitIntercept ? this.#pw.analysis.radius(a.X, { withBias: true }) : a.radiusX;
    return a;
  }

  #choosePair(classes) {
    if (classes.length === 2) {
      this.#pairBox.hidden = true;
      return classes;
    }
    const pairs = [];
    for (let i = 0; i < classes.length; i++) for (let j = i + 1; j < classes.length; j++) pairs.push([i, j]);
    const names = pairs.map(([i, j]) => `${label(classes[i])} and ${label(classes[j])}`);
    const current = this.#pairSelect.selectedOptions[0]?.text;
    if ([...this.#pairSelect.options].map((o) => o.text).join('\n') !== names.join('\n')) {
      this.#pairSelect.replaceChildren(...names.map((name, k) => new Option(name, String(k))));
      const keep = names.indexOf(current);
      this.#pairSelect.selectedIndex = keep >= 0 ? keep : 0;
    }
    this.#pairBox.hidden = false;
    const [i, j] = pairs[this.#pairSelect.selectedIndex] ?? pairs[0];
    const intro = `The figures are for two classes and the data has ${count(classes.length)}: choose the pair to compare (the other classes’ points are left out).`;
    this.#scope.textContent = [intro, this.#scope.hidden ? '' : this.#scope.textContent].join(' ').trim();
    this.#scope.hidden = false;
    return [classes[i], classes[j]];
  }

  #radius(a, fitIntercept) {
    if (!fitIntercept) return this.#text(`${number(a.radius)} = max ‖x‖ (no intercept: the points as they are).`);
    return this.#text(
      `${number(a.radius)} = max ‖(x, 1)‖: the points with the constant feature 1 appended, as the bounds with a bias use (max ‖x‖ = ${number(a.radiusX)}).`,
    );
  }

  #currentMargin(a, model, fitIntercept, classCount) {
    if (!model) return this.#text('— (no model yet)');
    if (!model.weights) {
      const why =
        model.kind === 'KernelPerceptron'
          ? 'a kernel model has no w in the input space'
          : 'a multi-class model has one w per class';
      return this.#text(`— (${why})`);
    }
    if (classCount > 2) return this.#text('— (the model is not one of these two classes’ separators)');
    if (!model.weights.some((w) => w !== 0)) return this.#text('— (w = 0: no separator yet)');
    try {
      const b = fitIntercept ? model.bias : 0;
      // Kept while the weights stay (correct steps do not change them).
      const key = `${model.weights.join(',')}|${b}`;
      if (a.current?.key !== key) a.current = { key, ...this.#pw.analysis.margin(a.X, a.y, model.weights, b) };
      const { margin, row } = a.current;
      const at = `reached at point #${count(a.rows[row] + 1)}`;
      const sign = margin < 0 ? ': negative, so it misclassifies that point' : margin === 0 ? ': on the line' : '';
      return this.#text(`γ(w, b) = min yᵢ(w·xᵢ + b)/‖w‖ = ${number(margin)}, ${at}${sign}.`);
    } catch (error) {
      return this.#error(error.message);
    }
  }

  #computeButton(a, X) {
    const dd = document.createElement('dd');
    const p = document.createElement('span');
    p.textContent = `Not computed yet: with ${count(X.rows)} points it runs only when asked (it may take a second). `;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'theory-compute';
    button.textContent = 'Compute';
    button.addEventListener('click', () => {
      button.disabled = true;
      button.textContent = 'Computing…';
      this.#requested.add(a.key);
      // Let the label paint before the (synchronous) computation.
      setTimeout(() => {
        this.#rerender();
        this.#dl.querySelector('.theory-separable')?.focus();
      }, 30);
    });
    dd.append(p, button);
    return dd;
  }

  #novikoff(a, mistakes, fitIntercept, model, compare) {
    const bound = a.novikoff;
    const hacettepe = ((a.sep.b ** 2 + 1) * (a.radiusX ** 2 + 1)) / a.sep.margin ** 2;
    const how = fitIntercept
      ? `(R/γ)², R = ${number(bound.radius)}, γ = ${number(bound.margin)}: the margin of the points (x, 1) by a unit θ through the origin, the perceptron with a bias’s own view (at most γ*, as ‖θ‖ counts b). The Hacettepe notes’ form ((b*² + 1)(r² + 1))/ρ², ρ = γ*, r = max ‖x‖: ${number(hacettepe)}.`
      : `(R/γ*)², R = ${number(bound.radius)}, γ* = ${number(bound.margin)}.`;
    return renderBound({
      name: 'Novikoff',
      value: bound.value,
      mistakes,
      model,
      compare,
      status: (within) => (within ? 'within the bound' : 'above the bound'),
      details: `${how} It holds for any run of the perceptron from w = 0: any order, learning rate, mistake rule and number of epochs (margin option 0).`,
    });
  }

  #freundSchapire(a, model, mistakes, fitIntercept, compare) {
    if (!a.Xb) a.Xb = fitIntercept ? augment(a.X) : a.X;
    const bound = (candidate) => freundSchapireFor(a.Xb, a.y, a.positive, fitIntercept, a.radius, candidate);
    // The class-means candidate depends on the data only: kept with it.
    if (a.means === undefined) {
      const means = classMeans(a.X, a.y, a.positive, fitIntercept);
      a.means = means ? bound({ name: 'the class-means separator', ...means }) : null;
    }
    let choice = a.means;
    if (model?.weights && model.weights.some((w) => w !== 0) && model.weights.length === a.X.cols) {
      const current = bound({ name: 'the current separator', w: model.weights, b: fitIntercept ? model.bias : 0 });
      if (current && (!choice || current.value <= choice.value)) choice = current;
    }
    if (!choice) {
      return this.#text(
        '— (no direction u to measure the deviations by: the class means coincide and there is no separator yet; press Step)',
      );
    }
    let result;
    try {
      result = this.#pw.analysis.freundSchapireBound(a.Xb, a.y, { u: choice.u, gamma: choice.gamma });
    } catch (error) {
      return this.#error(error.message);
    }
    const n = a.X.rows;
    const uText = fitIntercept ? 'u = (w, b)/‖(w, b)‖ of' : 'u = w/‖w‖ of';
    const trivial =
      result.value >= n
        ? ` Here it is at least ${count(n)}, the most mistakes one pass over ${plural(n, 'point')} can make, so for one pass it says nothing new.`
        : '';
    const dd = renderBound({
      name: 'Freund–Schapire, one pass',
      value: result.value,
      mistakes,
      model,
      compare,
      status: (within) =>
        within
          ? 'within the one-pass bound, so within the bound for any number of passes (it only grows)'
          : 'above the one-pass bound: training made more than one pass, and each pass adds its deviations to D (E passes: ((R + √E·D)/γ)²)',
      details: `((R + D)/γ)², R = ${number(result.radius)}, ${uText} ${choice.name} = ${vector(choice.u)}, γ = ${number(choice.gamma)}, D = √(Σ max(0, γ − yᵢ u·xᵢ)²) = ${number(result.deviation)}. u: whichever of the current and the class-means separators gives the smaller bound; γ: the value in (0, R] minimising it for that u.${trivial}`,
    });
    dd.dataset.u = JSON.stringify(choice.u);
    dd.dataset.gamma = String(choice.gamma);
    dd.dataset.value = String(result.value);
    return dd;
  }

  #text(text) {
    const dd = document.createElement('dd');
    dd.textContent = text;
    return dd;
  }

  #error(text) {
    const dd = this.#text(text);
    dd.classList.add('theory-error');
    return dd;
  }

  // Replaces the list; keyboard focus on the Compute button or on an answer stays where it was.
  #show(rows) {
    const active = this.#root.getRootNode().activeElement;
    const focused =
      active && this.#dl.contains(active) ? active.closest('dd')?.previousElementSibling?.textContent : null;
    const onButton = active?.classList?.contains('theory-compute');
    const nodes = [];
    for (const [term, dd] of rows) {
      const dt = document.createElement('dt');
      dt.textContent = term;
      if (term === 'Linearly separable') {
        dd.classList.add('theory-separable');
        dd.tabIndex = -1;
      }
      nodes.push(dt, dd);
    }
    this.#dl.replaceChildren(...nodes);
    if (focused == null) return;
    const dt = [...this.#dl.querySelectorAll('dt')].find((d) => d.textContent === focused);
    const dd = dt?.nextElementSibling;
    const target = (onButton && dd?.querySelector('.theory-compute')) || (dd?.tabIndex === -1 ? dd : null);
    target?.focus();
  }
}
