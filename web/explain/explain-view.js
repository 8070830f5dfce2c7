// The Contributions region's controller: which point is explained (a click on a point of data
// that cannot be edited, the keyboard cursor on a point, or its number in the Point field), which
// class (a multi-class model: the predicted one, or one chosen), and its explanation under the
// current model, drawn by contributions.js. Every explanation is the playground's worker's
// explain(), the one the library's Worker entry gives (issue 29): rows on the page are sent as
// {x} with the model's JSON; rows living in the worker (a big upload) are named by
// {datasetId, row} under the worker's session.
import { renderContributions } from './contributions.js';
import { formatCount } from '../shell/format.js';

const NOT_LINEAR =
  'Contributions are shown for linear models, whose score is w·x + b: Perceptron (not voted), Winnow, ' +
  "Passive-Aggressive, and the multi-class perceptron 'joint' (one weight vector per class).";
const HELP = 'Click a point on the plane, move the keyboard cursor onto it, or enter its number.';

/** Why the session's model cannot be explained as w·x + b, or null when it can. */
export function notLinearReason(kind, options) {
  if (kind === 'KernelPerceptron') return NOT_LINEAR;
  if (kind === 'Perceptron' && options.variant === 'voted') return NOT_LINEAR;
  if (kind === 'MulticlassPerceptron' && (options.strategy ?? 'joint') !== 'joint') return NOT_LINEAR;
  return null;
}

export class ContributionsView {
  #pg;
  #row = null; // the data's row explained, or null
  #data = null; // the data the row belongs to
  #key = null;
  #lastSession = null;
  #asked = 0; // the explanation asked last (late answers dropped)

  constructor(playground) {
    this.#pg = playground;
    const field = playground.$('contrib-row');
    field.addEventListener('change', () => {
      const text = field.value.trim();
      const n = Number(text);
      const rows = this.#rows();
      if (text === '') this.select(null);
      else if (Number.isInteger(n) && n >= 1 && n <= rows) this.select(n - 1);
      else {
        this.#show({ message: `Point must be a whole number from 1 to ${formatCount(rows)}; received ${text}.` });
        this.#key = null;
      }
    });
    playground.$('contrib-class').addEventListener('change', () => {
      this.#key = null;
      this.#pg.render();
    });
  }

  /** The row explained now, or null. */
  get row() {
    return this.#data === this.#pg.data ? this.#row : null;
  }

  /** Explains row `index` of the data (null: none); renders unless told not to (the caller will). */
  select(index, { render = true } = {}) {
    this.#row = index;
    this.#data = this.#pg.data;
    this.#pg.$('contrib-row').value = index === null ? '' : String(index + 1);
    if (render) this.#pg.render();
  }

  // The rows that can be chosen: the data's (page), or the sample's drawn points (worker data).
  #rows() {
    const data = this.#pg.data;
    return data.remote ? data.points.length : data.X.rows;
  }

  // The Class select: 'Predicted class', then the model's classes (shown for more than two).
  #classChoice(classes) {
    const select = this.#pg.$('contrib-class');
    const label = select.closest('label');
    const many = classes.length > 2;
    label.hidden = !many;
    if (!many) return undefined;
    const values = ['', ...classes.map((_, k) => String(k))];
    const current = [...select.options].map((o) => o.value);
    const names = [...select.options].map((o) => o.textContent);
    const wanted = ['Predicted class', ...classes.map((c) => `Class ${c}`)];
    if (current.join('\n') !== values.join('\n') || names.join('\n') !== wanted.join('\n')) {
      const chosen = select.value;
      select.replaceChildren(...values.map((value, k) => new Option(wanted[k], value)));
      select.value = values.includes(chosen) ? chosen : '';
    }
    return select.value === '' ? undefined : classes[Number(select.value)];
  }

  /** Called by the views' render: redraws when the data, the model, the row or the class changed. */
  render() {
    const pg = this.#pg;
    const { session, data } = pg;
    const row = this.row;
    const classes = session?.model.fitted ? session.model.classes : (data.classes ?? []);
    const chosen = this.#classChoice(classes ?? []);
    const key = [pg.version, session?.t, session?.trained, session?.kind, row, session?.revision ?? 0, chosen].join(
      '|',
    );
    if (key === this.#key && session === this.#lastSession) return;
    this.#key = key;
    this.#lastSession = session;
    pg.$('contrib-row').max = String(this.#rows());
    if (pg.quiz) return this.#show({ message: 'Quiz mode: the contributions would give the answers away.' });
    if (row === null) return this.#show({ message: HELP });
    const reason = notLinearReason(session.kind, session.options);
    if (reason) return this.#show({ message: reason });
    if (!session.model.fitted)
      return this.#show({ message: 'The weights are zero: every term is 0. Step or Train first.' });
    const options = chosen === undefined ? undefined : { class: chosen };
    const asked = ++this.#asked;
    let explained;
    let about;
    if (data.remote) {
      // The sample's point `row` is the upload's row sample.indices[row], in the worker.
      const fileRow = data.sample.indices[row];
      explained = session.explain({ datasetId: data.remote.datasetId, row: fileRow }, options);
      about = { row, fileRow, label: data.labels[row] };
    } else {
      const { cols } = data.X;
      const x = Array.from(data.X.data.subarray(row * cols, (row + 1) * cols));
      explained = pg.worker().explain({ model: session.toJSON() }, { x }, options);
      about = { row, label: data.labels[row], names: data.featureNames };
    }
    explained.then(
      (out) => asked === this.#asked && this.#show(viewOf(out, about, classes.length > 2)),
      (error) => asked === this.#asked && this.#show({ message: error.message }),
    );
  }

  /** What the region shows now (renderContributions's view): for tests and the console. */
  shown = null;

  #show(view) {
    this.shown = view;
    renderContributions(this.#pg.$('contrib'), view);
  }
}

// renderContributions's view of the worker's explanation of a point: its terms named by the
// data's columns (a page row's; the worker names an upload's itself), the point's class and
// number, the class explained when the model has more than two.
function viewOf(out, { row, fileRow, label, names }, multiclass) {
  const contributions = names
    ? out.contributions.map((c) => ({ ...c, name: names[c.column] ?? c.name }))
    : out.contributions;
  return {
    row,
    ...(fileRow === undefined ? {} : { fileRow }),
    label,
    predicted: out.prediction,
    ...(multiclass ? { explained: out.class } : {}),
    score: out.score,
    bias: out.bias,
    contributions,
    scaled: out.scaled === true,
  };
}
