// The playground's data controls: the Dataset select with its presets' parameters and
// Regenerate, the upload panel (upload.js), the train / validation / test split, and the
// export and import of the model (JSON) and of the points (CSV; files saved by download.js).
import { IRIS_FEATURES, PRESET_ROWS, PRESETS, presetData, presetDefaults, presetOf, pointsCsv } from './data.js';
import { formatCount } from './format.js';
import { modelOf } from './models.js';
import { SPLITS } from './state.js';
import { CsvUpload } from '../upload/upload.js';
import { MODE_PRESETS, modePresetOf } from './mode-presets.js';
import { TEXT_KINDS } from '../text/text-data.js';
import { download } from '../export/download.js';
import { SAMPLE_ROWS, releaseRemote, splitRemote } from './remote-data.js';

/** The data's name in file names: the uploaded file's, the preset's, or 'points'. */
export const dataName = (pg) =>
  pg.data.fileName ? pg.data.fileName.replace(/\.csv$/i, '') : (pg.dataSpec.preset?.name ?? 'points');

const FORMATS = {
  'perceptron-wasm/Perceptron': 'Perceptron',
  'perceptron-wasm/MulticlassPerceptron': 'MulticlassPerceptron',
  'perceptron-wasm/KernelPerceptron': 'KernelPerceptron',
  'perceptron-wasm/Winnow': 'Winnow',
  'perceptron-wasm/PassiveAggressive': 'PassiveAggressive',
};

export class DataControls {
  #pg;

  constructor(playground) {
    this.#pg = playground;
    const pg = playground;
    const $ = pg.$;
    for (const [i, name] of IRIS_FEATURES.entries()) {
      $('iris-x').append(new Option(name, String(i)));
      $('iris-y').append(new Option(name, String(i)));
    }
    for (const value of SPLITS) {
      $('split-validation').append(new Option(`${value}%`, String(value)));
      $('split-test').append(new Option(`${value}%`, String(value)));
    }
    $('dataset').addEventListener('change', () => this.#choose($('dataset').value));
    for (const id of ['data-rows', 'data-seed', 'data-margin', 'data-noise', 'iris-x', 'iris-y']) {
      $(id).addEventListener('change', () => this.#regenerate());
    }
    for (const id of ['data-margin', 'data-noise']) {
      $(id).addEventListener('input', () => ($(`${id}-value`).textContent = $(id).value));
    }
    $('regenerate').addEventListener('click', () => {
      $('data-seed').value = String((Number($('data-seed').value) || 0) + 1);
      this.#regenerate();
    });
    for (const id of ['split-validation', 'split-test']) $(id).addEventListener('change', () => this.#changeSplit());
    this.upload = new CsvUpload($('upload'), {
      pw: pg.pw,
      // The playground's one worker (Train's too); null once the page refused the Worker: the
      // page reads the file itself.
      getWorker: () => (pg.threads.onPage ? null : pg.worker()),
      onWorkerRefused: () => pg.threads.refused(),
      dropTarget: $('plane-box'),
      onLoad: (data) => pg.loadUpload(data),
      onBusy: (busy) => {
        if (busy) $('upload').closest('details').open = true;
      },
      sequences: pg.modes.uploadHook(),
    });
    // A big file's Dataset stays in the worker; the page gets a sample to draw (remote-data.js).
    this.upload.keep = { max: SAMPLE_ROWS };
    // A file dropped on the plane is previewed in the upload panel: open it.
    $('plane-box').addEventListener('drop', () => ($('upload').closest('details').open = true));
    $('export-model').addEventListener('click', () => this.#exportModel());
    $('import-model').addEventListener('change', () => this.#importModel());
    $('export-points').addEventListener('click', () => {
      if (pg.data.remote) {
        $('export-error').textContent = "This upload's rows stay in the Worker: the file you uploaded holds them.";
        return;
      }
      download(pg.root, `${dataName(pg)}-points.csv`, pointsCsv(pg.data), 'text/csv');
    });
  }

  /** The controls as the data is: the select's entry, the preset's parameters, the split. */
  show() {
    const pg = this.#pg;
    const $ = pg.$;
    const select = $('dataset');
    const spec = pg.dataSpec;
    const entries = PRESETS.map(({ name, label }) => [name, label]);
    entries.push(...MODE_PRESETS.map(({ name, label }) => [name, label]));
    entries.push(['points', 'Your points (click to add)']);
    if (spec.kind === 'csv') entries.push(['csv', `Uploaded: ${spec.fileName ?? pg.data.fileName ?? 'CSV file'}`]);
    select.replaceChildren(...entries.map(([value, label]) => new Option(label, value)));
    select.value =
      spec.kind === 'preset'
        ? spec.preset.name
        : spec.kind === 'text' || spec.kind === 'sequences'
          ? spec.preset
          : spec.kind;
    const preset = spec.kind === 'preset' ? spec.preset : null;
    const params = preset ? presetOf(preset.name).params : [];
    const generated = preset && preset.name !== 'iris';
    for (const element of pg.root.querySelectorAll('[data-param]')) {
      const param = element.dataset.param;
      element.hidden = !(param === 'rows' || param === 'seed' ? generated : params.includes(param));
    }
    if (preset) {
      $('data-rows').value = String(preset.rows);
      $('data-seed').value = String(preset.seed);
      $('data-margin').value = String(preset.margin);
      $('data-margin-value').textContent = String(preset.margin);
      $('data-noise').value = String(preset.noise);
      $('data-noise-value').textContent = String(preset.noise);
      $('iris-x').value = String(preset.features[0]);
      $('iris-y').value = String(preset.features[1]);
    }
    $('split-validation').value = String(pg.ui.split.validation);
    $('split-test').value = String(pg.ui.split.test);
  }

  async #choose(name) {
    const pg = this.#pg;
    if (modePresetOf(name)) return this.#chooseMode(name);
    if (name === 'points' && pg.mode) {
      pg.modes.leave();
      pg.setData(
        {
          ...pg.data,
          points: [],
          X: { data: new Float64Array(0), rows: 0, cols: 2 },
          labels: [],
          classes: [],
          view: null,
        },
        { kind: 'points' },
      );
      this.show();
      pg.writeHash();
      pg.render();
      return;
    }
    if (name === 'points') {
      // The current points become the user's, to edit (an upload's projection too, if 2-D).
      if (!pg.data.editable) {
        pg.runner.stopAll();
        pg.setData(
          {
            ...pg.data,
            points: [],
            X: { data: new Float64Array(0), rows: 0, cols: 2 },
            labels: [],
            classes: [],
            plane: [0, 1],
            editable: true,
            view: null,
            featureNames: ['x₁', 'x₂'],
            remote: undefined, // an upload in the worker: not the points'
            remoteSets: undefined,
            sample: undefined,
          },
          { kind: 'points' },
        );
      } else pg.dataSpec = { kind: 'points' };
      this.show();
      pg.writeHash();
      pg.render();
      return;
    }
    if (name === 'csv') return;
    const preset = presetDefaults(name);
    await this.#load(preset, { suggestModel: true });
  }

  // A preset of a data mode (text, tagged sentences): loaded by the mode; on failure the page stays as it was.
  async #chooseMode(name) {
    const pg = this.#pg;
    const { mode } = modePresetOf(name);
    if (pg.runner.busy || pg.mode?.busy) {
      pg.messages.dataError('Train is running: wait for it to end first.');
      this.show();
      return;
    }
    pg.runner.stopAll();
    const select = pg.$('dataset');
    select.disabled = true;
    try {
      if (mode === 'text' && !TEXT_KINDS.includes(pg.ui.model.kind)) pg.useModel('Perceptron');
      await pg.modes.enter(mode, (m) => m.load({ preset: name }), { kind: mode, preset: name });
      pg.messages.clearDataError();
      // The spam messages come trained: their Top words at once (Reset: zero weights, to Step).
      if (mode === 'text') await pg.mode.train();
    } catch (error) {
      pg.messages.dataError(`${error.message} The data stays as it was.`);
    } finally {
      select.disabled = false;
    }
    this.show();
    pg.writeHash();
    pg.render();
  }

  #readPreset() {
    const $ = this.#pg.$;
    const preset = { ...this.#pg.dataSpec.preset };
    const integer = (text) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);
    preset.rows = integer($('data-rows').value);
    preset.seed = integer($('data-seed').value);
    preset.margin = Number($('data-margin').value);
    preset.noise = Number($('data-noise').value);
    preset.features = [Number($('iris-x').value), Number($('iris-y').value)];
    if (!(preset.rows >= PRESET_ROWS.minimum && preset.rows <= PRESET_ROWS.maximum)) {
      throw new RangeError(
        `Points must be an integer from ${formatCount(PRESET_ROWS.minimum)} to ${formatCount(PRESET_ROWS.maximum)}; received ${$('data-rows').value || 'nothing'}`,
      );
    }
    if (!(preset.seed >= 0 && preset.seed <= 2 ** 32 - 1)) {
      throw new RangeError(
        `Data seed must be an integer from 0 to 4294967295; received ${$('data-seed').value || 'nothing'}`,
      );
    }
    if (preset.features[0] === preset.features[1])
      throw new RangeError('Choose two different Iris features for the axes');
    return preset;
  }

  async #regenerate() {
    const pg = this.#pg;
    if (pg.dataSpec.kind !== 'preset') return;
    let preset;
    try {
      preset = this.#readPreset();
    } catch (error) {
      pg.messages.dataError(`${error.message}. The data stays as it was.`);
      this.show();
      return;
    }
    await this.#load(preset, { suggestModel: false });
  }

  // Loads a preset; on failure the data, the model and the controls stay as they were.
  async #load(preset, { suggestModel }) {
    const pg = this.#pg;
    if (pg.runner.busy) {
      pg.messages.dataError('Train is running: press Stop first.');
      this.show();
      return;
    }
    let data;
    try {
      data = await presetData(pg.pw, preset);
    } catch (error) {
      pg.messages.dataError(`${error.message}. The data stays as it was.`);
      this.show();
      return;
    }
    pg.messages.clearDataError();
    pg.runner.stopAll();
    pg.setData(data, { kind: 'preset', preset });
    if (suggestModel) {
      const binary = modelOf(pg.ui.model.kind).binary;
      const suggested =
        data.classes.length > 2 && binary
          ? 'MulticlassPerceptron'
          : ['xor', 'circles', 'spiral'].includes(preset.name) && pg.ui.model.kind === 'Perceptron'
            ? 'KernelPerceptron'
            : null;
      if (suggested) pg.useModel(suggested);
    }
    this.show();
    pg.writeHash();
    pg.render();
  }

  #changeSplit() {
    const pg = this.#pg;
    const $ = pg.$;
    const validation = Number($('split-validation').value);
    const test = Number($('split-test').value);
    if (pg.runner.busy || validation + test > 80) {
      pg.messages.dataError(
        pg.runner.busy
          ? 'Train is running: press Stop first.'
          : 'Validation and test together must leave at least 20% of the points to train.',
      );
      this.show();
      return;
    }
    pg.messages.clearDataError();
    pg.runner.stopAll();
    if (pg.data.remote) return this.#splitRemote(validation, test);
    pg.ui.split = { validation, test };
    if (pg.mode) {
      pg.mode.reload(pg.mode.bag);
      return;
    }
    pg.split();
    pg.session.dataChanged(pg.sets.train, pg.sets.validation);
    pg.session.reset();
    pg.views.resetTrace();
    pg.writeHash();
    pg.render();
  }

  // The split of data in the worker: the worker's; the old parts freed once its session is closed.
  async #splitRemote(validation, test) {
    const pg = this.#pg;
    const data = pg.data;
    let sets;
    try {
      sets = await splitRemote(pg.worker(), data, { validation, test });
    } catch (error) {
      pg.messages.dataError(`The split is not applied: ${error.message}.`);
      this.show();
      return;
    }
    if (pg.data !== data) return releaseRemote(pg.worker(), sets);
    const old = pg.sets;
    pg.ui.split = { validation, test };
    data.remoteSets = sets;
    pg.split();
    const closed = pg.session.dataChanged(pg.sets.train, pg.sets.validation, pg.sets.test);
    releaseRemote(pg.worker(), old, null, closed);
    pg.views.resetTrace();
    pg.writeHash();
    pg.render();
  }

  #exportModel() {
    const pg = this.#pg;
    if (!pg.session.model.fitted || !pg.session.toJSON()) {
      pg.$('export-error').textContent = 'The model has not learned anything yet: Step or Train first.';
      return;
    }
    pg.$('export-error').textContent = '';
    download(
      pg.root,
      `${pg.session.kind}.json`,
      `${JSON.stringify(pg.session.toJSON(), null, 2)}\n`,
      'application/json',
    );
  }

  async #importModel() {
    const pg = this.#pg;
    const input = pg.$('import-model');
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const fail = (message) => {
      pg.$('export-error').textContent = `${file.name}: ${message} The model stays as it was.`;
    };
    let json;
    try {
      json = JSON.parse(await file.text());
    } catch (error) {
      return fail(`not JSON (${error.message}).`);
    }
    const kind = FORMATS[json?.format];
    if (!kind) return fail(`not a model saved by perceptron-wasm (format ${JSON.stringify(json?.format ?? null)}).`);
    if (json.nFeatures !== undefined && json.nFeatures !== pg.data.X.cols) {
      return fail(
        `the model has ${formatCount(json.nFeatures)} features; the data has ${formatCount(pg.data.X.cols)}.`,
      );
    }
    try {
      pg.runner.stopAll();
      pg.importModel(kind, json);
    } catch (error) {
      return fail(`${error.message}.`);
    }
    pg.$('export-error').textContent = '';
  }

  dispose() {
    this.upload.destroy();
  }
}
