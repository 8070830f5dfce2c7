// The Contributions region's controller: which point is explained (a click on a point of data
// that cannot be edited, the keyboard cursor on a point, or its number in the Point field), and
// its explanation under the current model, drawn by contributions.js. Rows of data on the page
// are explained on the page (explainLinear of the session's separator in the data's own
// coordinates, exact and synchronous); rows of data living in the worker (a big upload) by the
// worker's explain() on the session there.
import { explainLinear, renderContributions } from './contributions.js';
import { formatCount } from '../shell/format.js';

const NOT_LINEAR =
  'Contributions are shown for a linear two-class model (Perceptron, Winnow, Passive-Aggressive): its score is w·x + b.';
const HELP = 'Click a point on the plane, move the keyboard cursor onto it, or enter its number.';

export class ContributionsView {
  #pg;
  #row = null; // the data's row explained, or null
  #data = null; // the data the row belongs to
  #key = null;
  #asked = 0; // the worker explanation asked last (late answers dropped)

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

  /** Called by the views' render: redraws when the data, the model or the row changed. */
  render() {
    const pg = this.#pg;
    const { session, data } = pg;
    const row = this.row;
    const key = `${pg.version}|${session?.t}|${session?.trained}|${session?.kind}|${row}|${session?.revision ?? 0}`;
    if (key === this.#key && session === this.#lastSession) return;
    this.#key = key;
    this.#lastSession = session;
    pg.$('contrib-row').max = String(this.#rows());
    if (pg.quiz) return this.#show({ message: 'Quiz mode: the contributions would give the answers away.' });
    if (row === null) return this.#show({ message: HELP });
    if (data.remote) {
      if (!session.linear) return this.#show({ message: NOT_LINEAR });
      if (!session.model.fitted)
        return this.#show({ message: 'The weights are zero: every term is 0. Step or Train first.' });
      // The sample's point `row` is the upload's row sample.indices[row], in the worker.
      const asked = ++this.#asked;
      session.explain({ datasetId: data.remote.datasetId, row: data.sample.indices[row] }).then(
        (explained) =>
          asked === this.#asked &&
          this.#show({ ...explained, row, fileRow: data.sample.indices[row], label: data.labels[row] }),
        (error) => asked === this.#asked && this.#show({ message: error.message }),
      );
      return;
    }
    this.#show(this.#onPage(row));
  }

  #lastSession = null;

  #onPage(row) {
    const { session, data } = this.#pg;
    const linear = session.linear;
    if (!linear) return { message: NOT_LINEAR };
    const { cols } = data.X;
    const x = Array.from(data.X.data.subarray(row * cols, (row + 1) * cols));
    const explained = explainLinear(linear, x, data.featureNames);
    let predicted;
    if (session.model.fitted) predicted = session.model.predict({ data: Float64Array.from(x), rows: 1, cols })[0];
    return { row, label: data.labels[row], predicted, ...explained };
  }

  /** What the region shows now (renderContributions's view): for tests and the console. */
  shown = null;

  #show(view) {
    this.shown = view;
    renderContributions(this.#pg.$('contrib'), view);
  }
}
