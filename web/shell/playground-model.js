// The playground's model: the Model select, the option panel (options.js) with each option's
// change checked by the library, an imported model, and the model's session on the data (the
// page's, session.js, or the worker's, remote-session.js) with why training cannot start.
// playground.js keeps the names other modules call (pg.useModel, pg.importModel,
// pg.trainingProblem); pg.fields and pg.parts stay the playground's (playground-views.js reads them).
import { MODELS, modelOf, trainingProblem } from './models.js';
import { buildPanel, initialOptions, readControl, setControl, showApplicable } from './options.js';
import { Session } from './session.js';
import { RemoteSession } from './remote-session.js';
import { LOST_UPLOAD } from './remote-data.js';

// The distinct labels of a training part (its {X, y} object, replaced whenever the rows change).
const classesOf = new WeakMap();

export class ModelControls {
  #pg;

  constructor(playground) {
    this.#pg = playground;
    const pg = playground;
    const $ = pg.$;
    const modelSelect = $('model');
    for (const { kind, label } of MODELS) modelSelect.append(new Option(label, kind));
    modelSelect.addEventListener('change', () => {
      if (pg.runner.busy) {
        modelSelect.value = pg.ui.model.kind;
        return;
      }
      pg.runner.stopAll();
      if (pg.mode) {
        if (!pg.modes.modelChosen(pg.ui.model.kind, modelSelect.value)) modelSelect.value = pg.ui.model.kind;
        return;
      }
      this.use(modelSelect.value);
      pg.messages.clearActionError();
      pg.writeHash();
      pg.render();
    });
    $('options').addEventListener('submit', (event) => {
      event.preventDefault();
      const active = pg.root.activeElement;
      if (active?.name && pg.parts[active.name]) this.changeOption(active.name);
    });
  }

  /** Switches to a model kind (its options, or the page's initial ones); weights at zero. */
  use(kind, options) {
    const pg = this.#pg;
    pg.fields = pg.fieldsOf(kind);
    const chosen = options ?? initialOptions(pg.fields);
    const next = this.newSession(kind, chosen);
    pg.sessionClosed = pg.session?.dispose();
    pg.session = next;
    pg.ui.model = { kind, options: { ...chosen } };
    pg.parts = buildPanel(pg.$('option-fields'), pg.fields, `p${pg.id}-`);
    for (const field of pg.fields) {
      const { control } = pg.parts[field.name];
      control.addEventListener('change', () => this.changeOption(field.name));
      this.setControl(field.name, chosen[field.name]);
    }
    showApplicable(pg.parts, pg.fields, chosen);
    pg.$('model').value = kind;
    pg.views.resetTrace();
  }

  setControl(name, value) {
    setControl(this.#pg.fields, this.#pg.parts, name, value);
  }

  readControl(name) {
    return readControl(this.#pg.fields, this.#pg.parts, name);
  }

  // An option changed: the library checks the new set. If it refuses, the field goes back to the
  // value the model still uses and the library's message goes under it; the model, the data
  // and the link stay exactly as they were.
  changeOption(name) {
    const pg = this.#pg;
    if (pg.runner.busy) return;
    const candidate = { ...pg.ui.model.options, [name]: this.readControl(name) };
    if (candidate[name] === undefined) delete candidate[name];
    const { error } = pg.parts[name];
    let next;
    try {
      next = this.newSession(pg.ui.model.kind, candidate);
    } catch (failure) {
      this.setControl(name, pg.ui.model.options[name]);
      pg.messages.fieldError(error, `Not applied: ${failure.message}. The field shows the value still in use.`);
      pg.render();
      return;
    }
    pg.runner.stopAll();
    pg.messages.clearFieldError(error);
    pg.messages.clearActionError();
    pg.sessionClosed = pg.session.dispose();
    pg.session = next;
    pg.ui.model.options = candidate;
    showApplicable(pg.parts, pg.fields, candidate);
    pg.views.resetTrace();
    if (pg.mode) {
      pg.mode.modelChanged();
      return;
    }
    pg.writeHash();
    pg.render();
  }

  /** An imported model (its JSON, checked by the library): its kind and options become the page's. */
  importModel(kind, json) {
    const pg = this.#pg;
    const known = new Set(pg.fieldsOf(kind).map((field) => field.name));
    const options = Object.fromEntries(
      Object.entries(json.options ?? {}).filter(([name, v]) => known.has(name) && v !== null),
    );
    const model = pg.pw[kind].fromJSON(json); // throws with the field at fault
    model.dispose();
    this.use(kind, options);
    pg.session.adoptModel(json);
    pg.views.resetTrace();
    pg.writeHash();
    pg.render();
  }

  /** A session on the training part: the page's (session.js), or one in the worker (remote-session.js). */
  newSession(kind, options) {
    const pg = this.#pg;
    const { train, validation } = pg.sets;
    if (!pg.data.remote) return new Session(pg.pw, kind, options, train, validation);
    return new RemoteSession(pg.pw, pg.worker(), kind, options, pg.sets, () => pg.render());
  }

  /** Why training cannot start now, or null. */
  trainingProblem() {
    const pg = this.#pg;
    const train = pg.sets.train;
    if (train.remote) {
      if (!pg.threads.alive(pg.data.generation)) return LOST_UPLOAD;
      const { rows, classes } = train.remote;
      return trainingProblem({ X: { rows } }, classes, modelOf(pg.ui.model.kind).binary);
    }
    // Step and Play ask before every step: the classes are counted once per training part.
    let classes = classesOf.get(train);
    if (!classes) classesOf.set(train, (classes = [...new Set(train.y)]));
    return trainingProblem(train, classes, modelOf(pg.ui.model.kind).binary);
  }
}
