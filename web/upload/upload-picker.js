// The CSV upload panel's preview table and column picker (web/upload.js): the detected dialect
// (with a header checkbox and a delimiter select to correct it), the first rows, the label
// select, the feature checkboxes and the plane's axes (two features or a 2-D PCA). Everything
// from the file is set as text (textContent, option.text), never as markup.
import { el } from '../shell/dom.js';
import { formatCount } from '../shell/format.js';
import { DELIMITERS, GUESS_ROWS, columnName, defaultLabel, delimiterName } from './upload-read.js';
import { guessTextColumn } from './upload-text.js';

/** Rows and columns of the file the preview table shows. */
export const TABLE_ROWS = 8;
const TABLE_COLUMNS = 40;

/** A value from the file for a reason or a caption: quoted, shortened. */
const quoted = (value) => `“${value.length > 24 ? `${value.slice(0, 23)}…` : value}”`;

export class ColumnPicker {
  #ids;
  #onDialect;
  #onChange;
  #preview = null;
  #planeTouched = false;
  #labelIndex = -1;
  #boxes = []; // one checkbox per column (the label's disabled)
  #reasons = [];

  /**
   * Builds the picker inside `root`. onDialect({header, delimiter}) when the user corrects the
   * detected dialect; onChange() after any other change.
   */
  constructor(root, prefix, { onDialect, onChange }) {
    this.#onDialect = onDialect;
    this.#onChange = onChange;
    const id = (name) => `${prefix}-${name}`;
    this.#ids = id;

    this.dialect = el('p', { class: 'upload-dialect', id: id('dialect') });
    this.header = el('input', { type: 'checkbox', id: id('header') });
    this.delimiter = el('select', { id: id('delimiter') });
    for (const d of DELIMITERS) this.delimiter.append(new Option(`${delimiterName(d)} (${d === '\t' ? 'tab' : d})`, d));
    const dialectControls = el('div', { class: 'upload-row' }, [
      el('span', { class: 'upload-check' }, [
        this.header,
        el('label', { for: id('header'), text: 'First row is a header' }),
      ]),
      el('span', { class: 'upload-field' }, [el('label', { for: id('delimiter'), text: 'Delimiter' }), this.delimiter]),
    ]);
    const redo = () => this.#onDialect({ header: this.header.checked, delimiter: this.delimiter.value });
    this.header.addEventListener('change', redo);
    this.delimiter.addEventListener('change', redo);

    this.caption = el('caption');
    this.table = el('table', { class: 'upload-table' });
    this.tableWrap = el(
      'div',
      { class: 'upload-table-wrap', tabIndex: 0, role: 'region', 'aria-labelledby': id('caption') },
      [this.table],
    );
    this.caption.id = id('caption');

    this.label = el('select', { id: id('label') });
    this.label.addEventListener('change', () => this.#labelChanged());
    this.features = el('div', { class: 'upload-features' });
    const allNumeric = el('button', { type: 'button', class: 'upload-small', text: 'All numeric' });
    const none = el('button', { type: 'button', class: 'upload-small', text: 'None' });
    allNumeric.addEventListener('click', () => this.#checkAll(true));
    none.addEventListener('click', () => this.#checkAll(false));
    const featureSet = el('fieldset', { class: 'upload-feature-set' }, [
      el('legend', { text: 'Features' }),
      el('div', { class: 'upload-row' }, [allNumeric, none]),
      this.features,
    ]);
    featureSet.setAttribute('aria-describedby', id('features-note'));
    const featuresNote = el('p', {
      class: 'upload-note',
      id: id('features-note'),
      text: 'All the features checked are used for training; the plane shows two of them or a PCA of all.',
    });

    this.pca = el('input', { type: 'checkbox', id: id('pca') });
    this.planeX = el('select', { id: id('plane-x') });
    this.planeY = el('select', { id: id('plane-y') });
    this.pca.addEventListener('change', () => {
      this.#planeTouched = true;
      this.#syncPlane();
      this.#onChange();
    });
    this.planeX.addEventListener('change', () => this.#axisChanged(this.planeX, this.planeY));
    this.planeY.addEventListener('change', () => this.#axisChanged(this.planeY, this.planeX));
    const planeSet = el('fieldset', { class: 'upload-plane-set' }, [
      el('legend', { text: 'Plane' }),
      el('span', { class: 'upload-check' }, [
        this.pca,
        el('label', { for: id('pca'), text: 'PCA of all features (2-D projection)' }),
      ]),
      el('div', { class: 'upload-row' }, [
        el('span', { class: 'upload-field' }, [el('label', { for: id('plane-x'), text: 'Plane x' }), this.planeX]),
        el('span', { class: 'upload-field' }, [el('label', { for: id('plane-y'), text: 'Plane y' }), this.planeY]),
      ]),
    ]);

    // A text column (documents): the page then learns from its bag of words (web/text).
    this.text = el('select', { id: id('text') });
    this.text.setAttribute('aria-describedby', id('text-note'));
    this.text.addEventListener('change', () => this.#textChanged());
    this.textNote = el('p', {
      class: 'upload-note',
      id: id('text-note'),
      text: 'A text column is read as documents: the page trains on its words (a bag of words) instead of numeric features.',
    });
    this.featureSet = featureSet;
    this.planeSet = planeSet;

    this.missing = el('input', { type: 'checkbox', id: id('missing') });
    this.missing.addEventListener('change', () => this.#onChange());

    root.append(
      this.dialect,
      dialectControls,
      this.tableWrap,
      el('div', { class: 'upload-picker' }, [
        el('span', { class: 'upload-field' }, [el('label', { for: id('label'), text: 'Label' }), this.label]),
        el('span', { class: 'upload-field' }, [el('label', { for: id('text'), text: 'Text column' }), this.text]),
        this.textNote,
        featureSet,
        featuresNote,
        planeSet,
        el('span', { class: 'upload-check' }, [
          this.missing,
          el('label', { for: id('missing'), text: 'Leave out rows with a missing value (empty, NA, NaN, ?)' }),
        ]),
      ]),
    );
  }

  /** Shows a file's preview (pw.csv.preview's) with the default choices. */
  show(preview, fileName) {
    this.#preview = preview;
    this.#planeTouched = false;
    const hasHeader = preview.header !== null;
    this.dialect.textContent = `Detected: ${delimiterName(preview.delimiter)}-separated, ${
      hasHeader ? 'header row' : 'no header row (columns named x1, x2, …)'
    }; ${formatCount(preview.columns.length)} columns.`;
    this.header.checked = hasHeader;
    this.delimiter.value = preview.delimiter;
    this.#fillTable(preview, fileName);

    const textIndex = guessTextColumn(preview);
    let labelIndex = defaultLabel(preview);
    if (labelIndex === textIndex) {
      // The text is not the label: the non-numeric column with the fewest values, else the last other one.
      const others = preview.columns.filter((c) => c.index !== textIndex);
      const texts = others.filter((c) => !c.numeric).sort((a, b) => a.distinct - b.distinct);
      labelIndex = (texts[0] ?? others.at(-1))?.index ?? labelIndex;
    }
    this.#labelIndex = labelIndex;
    this.text.replaceChildren(
      new Option('none: numeric features', ''),
      ...preview.columns
        .filter((c) => !c.numeric)
        .map((c) => new Option(columnName(preview, c.index), String(c.index), false, c.index === textIndex)),
    );
    this.text.value = textIndex >= 0 && textIndex !== labelIndex ? String(textIndex) : '';
    this.label.replaceChildren(
      ...preview.columns.map((c) => new Option(this.#describe(c), String(c.index), false, c.index === labelIndex)),
    );
    this.#boxes = [];
    this.#reasons = [];
    const items = preview.columns.map((column) => {
      const box = el('input', { type: 'checkbox', id: this.#ids(`f${column.index}`), value: String(column.index) });
      box.addEventListener('change', () => {
        this.#syncPlane();
        this.#onChange();
      });
      const reason = el('span', { class: 'upload-reason', id: this.#ids(`f${column.index}-why`) });
      box.setAttribute('aria-describedby', reason.id);
      this.#boxes.push(box);
      this.#reasons.push(reason);
      return el('div', { class: 'upload-feature' }, [
        box,
        el('label', { for: box.id, text: columnName(preview, column.index) }),
        reason,
      ]);
    });
    this.features.replaceChildren(...items);
    preview.columns.forEach((column) => this.#setFeature(column.index, column.index !== labelIndex));
    this.missing.checked = false;
    this.#syncPlane();
    this.#syncText();
  }

  // With a text column, the numeric features and the plane do not apply.
  #syncText() {
    const on = this.text.value !== '';
    this.featureSet.disabled = on;
    this.planeSet.disabled = on;
    this.featureSet.classList.toggle('upload-off', on);
    this.planeSet.classList.toggle('upload-off', on);
  }

  #textChanged() {
    if (this.text.value !== '' && this.text.value === this.label.value) {
      const other = [...this.label.options].find((o) => o.value !== this.text.value);
      if (other) this.chooseLabel(Number(other.value));
    }
    this.#syncText();
    this.#onChange();
  }

  /** The choice: {label, features (column indices, ascending), plane, missing}. */
  get choice() {
    const features = this.#boxes.filter((b) => b.checked && !b.disabled).map((b) => Number(b.value));
    let plane;
    if (this.pca.checked) plane = 'pca';
    else {
      const x = features.indexOf(Number(this.planeX.value));
      const y = features.indexOf(Number(this.planeY.value));
      plane = [Math.max(0, x), Math.max(0, y)];
    }
    return {
      label: Number(this.label.value),
      features,
      plane,
      missing: this.missing.checked ? 'drop' : 'error',
      text: this.text.value === '' ? null : Number(this.text.value),
    };
  }

  /** Why the data cannot be loaded as chosen, or null. */
  get problem() {
    if (!this.#preview) return 'Choose a CSV file first.';
    if (this.label.value === '') return 'Choose the label column.';
    if (this.text.value !== '')
      return this.text.value === this.label.value ? 'The text column cannot be the label.' : null;
    if (this.choice.features.length === 0) return 'Choose one feature column at least.';
    return null;
  }

  #describe(column) {
    const name = columnName(this.#preview, column.index);
    const distinct = `${formatCount(column.distinct)}${column.distinct === GUESS_ROWS ? '+' : ''}`;
    const kind = column.numeric ? 'numbers' : `text, ${distinct} value${column.distinct === 1 ? '' : 's'}`;
    return `${name} (${kind})`;
  }

  #fillTable(preview, fileName) {
    const shown = Math.min(preview.columns.length, TABLE_COLUMNS);
    const rows = preview.rows.slice(0, TABLE_ROWS);
    const more = preview.columns.length - shown;
    this.caption.textContent =
      `The first ${formatCount(rows.length)} rows of ${fileName}` +
      (more > 0 ? ` (first ${formatCount(shown)} columns; ${formatCount(more)} more)` : '');
    const headRow = el('tr');
    for (let j = 0; j < shown; j++) {
      const th = el('th', { scope: 'col', text: columnName(preview, j) });
      if (!preview.header) th.className = 'upload-generated';
      headRow.append(th);
    }
    const body = el(
      'tbody',
      {},
      rows.map((row) =>
        el(
          'tr',
          {},
          Array.from({ length: shown }, (_, j) => el('td', { text: row[j] ?? '' })),
        ),
      ),
    );
    this.table.replaceChildren(this.caption, el('thead', {}, [headRow]), body);
  }

  /** Makes column j a feature candidate (checked if numeric) or not (the label, non-numeric). */
  #setFeature(j, candidate) {
    const column = this.#preview.columns[j];
    const box = this.#boxes[j];
    const reason = this.#reasons[j];
    box.parentElement.classList.toggle('upload-off', !candidate || !column.numeric);
    if (!candidate) {
      box.checked = false;
      box.disabled = true;
      reason.textContent = '— the label';
    } else if (!column.numeric) {
      box.checked = false;
      box.disabled = true;
      reason.textContent =
        column.values.length > 0
          ? `— not numeric (${quoted(column.values.find((v) => Number.isNaN(Number(v))) ?? column.values[0])})`
          : '— no values in the first rows';
    } else {
      box.disabled = false;
      box.checked = true;
      reason.textContent = column.missing > 0 ? `— ${formatCount(column.missing)} missing in the first rows` : '';
    }
  }

  /** Makes column `index` the label, as choosing it in the Label select does. */
  chooseLabel(index) {
    this.label.value = String(index);
    this.#labelChanged();
  }

  #labelChanged() {
    const label = Number(this.label.value);
    const previous = this.#labelIndex;
    this.#labelIndex = label;
    if (previous >= 0) this.#setFeature(previous, true);
    this.#setFeature(label, false);
    this.#syncPlane();
    this.#onChange();
  }

  #checkAll(on) {
    for (const box of this.#boxes) if (!box.disabled) box.checked = on;
    this.#syncPlane();
    this.#onChange();
  }

  #axisChanged(changed, other) {
    // The same feature on both axes: the other axis takes the one this one had.
    if (changed.value === other.value) other.value = changed.dataset.previous ?? other.value;
    if (changed.value === other.value) {
      const next = [...other.options].find((o) => o.value !== changed.value);
      if (next) other.value = next.value;
    }
    this.#remember();
    this.#onChange();
  }

  #remember() {
    this.planeX.dataset.previous = this.planeX.value;
    this.planeY.dataset.previous = this.planeY.value;
  }

  /** The plane's axes follow the features checked: two -> those two, more -> PCA (until the user chooses). */
  #syncPlane() {
    const features = this.choice.features;
    const n = features.length;
    if (!this.#planeTouched) this.pca.checked = n > 2;
    if (n < 2) this.pca.checked = false;
    this.pca.disabled = n < 2;
    const fill = (select, fallback) => {
      const keep = select.value;
      select.replaceChildren(...features.map((j) => new Option(columnName(this.#preview, j), String(j))));
      const kept = features.includes(Number(keep)) && keep !== '';
      select.value = kept ? keep : fallback === undefined ? '' : String(fallback);
    };
    fill(this.planeX, features[0]);
    fill(this.planeY, features[1] ?? features[0]);
    if (n >= 2 && this.planeX.value === this.planeY.value) {
      this.planeY.value = String(features.find((j) => String(j) !== this.planeX.value));
    }
    this.planeX.disabled = this.planeY.disabled = this.pca.checked || n < 2;
    this.#remember();
  }
}
