// pw.Perceptron: the binary linear perceptron (classic, averaged, voted, pocket), the model of
// DESIGN.md's contract, with the online protocol (learnOne) and traced training (fit's onStep).
import { describe, unwrap } from './errors.js';
import { checkLabel, checkOptionsObject, toLabels, toVector } from './convert.js';
import { withTemporaries } from './dataset.js';
import { FIT_OPTIONS, LEARN_ONE_OPTIONS, TRAINER_OPTIONS, fitReport, guardCallbacks, weightingOf } from './fitting.js';
import { FORMAT, FORMAT_VERSION, construct, coreOptionsOf, plainState, readEnvelope, readState } from './model-json.js';

// A trace step, with the labels as given at fit (and their signs beside them).
function stepObject(raw, classes) {
  return {
    t: raw.t,
    epoch: raw.epoch,
    index: raw.index,
    score: raw.score,
    prediction: classes[raw.prediction > 0 ? 1 : 0],
    label: classes[raw.label > 0 ? 1 : 0],
    predictionSign: raw.prediction,
    labelSign: raw.label,
    mistake: raw.mistake,
    weights: Array.from(raw.weights),
    bias: raw.bias,
  };
}

/**
 * The Perceptron class for one loaded core.
 * @param core the Embind module instance
 * @param kit makeModel(core, ...)'s Model and accessors
 */
export function makePerceptron(core, kit) {
  const { Model, access, runBusy, classWeightOf, matrixOf, labelledOf, scalerOf, restoreScaler } = kit;
  const { restoreInto, startTrainer } = kit;

  // kit.fitCall with the Perceptron's own fields, initialWeights and initialBias, and `extra`.
  function fitCall(model, where, X, y, opts, send, extra = {}) {
    const { initialWeights, initialBias = 0 } = opts;
    if (typeof initialBias !== 'number') {
      throw new TypeError(`${where}: option initialBias must be a number; received ${describe(initialBias)}`);
    }
    const initial = initialWeights === undefined ? undefined : toVector(initialWeights, where, 'initialWeights');
    return kit.fitCall(model, where, X, y, opts, send, { ...extra, initialWeights: initial, initialBias });
  }

  /** The binary linear perceptron; see index.d.ts. */
  class Perceptron extends Model {
    constructor(options) {
      super(core.CorePerceptron, 'Perceptron', options);
    }

    /** Trains on X, y; see index.d.ts. */
    fit(X, y, options) {
      const { where, handle } = access(this, 'fit');
      const opts = checkOptionsObject(options, where, FIT_OPTIONS);
      let classes;
      const callbacks = guardCallbacks(
        where,
        opts,
        (t, epoch, index, score, prediction, label, mistake, weights, bias) =>
          stepObject(
            { t, epoch, index, score, prediction, label, mistake, weights, bias },
            (classes ??= handle.classes()),
          ),
        (epoch, steps, mistakes, weights, bias) => ({ epoch, steps, mistakes, weights: Array.from(weights), bias }),
      );
      const report = fitCall(this, where, X, y, opts, (data, call) => runBusy(this, () => handle.fit(data, call)), {
        onStep: callbacks.stepFn,
        onEpoch: callbacks.epochFn,
      });
      unwrap(report, where);
      callbacks.rethrow(report);
      return fitReport(report);
    }

    /** fit's training, driven step by step: step(), finishEpoch(), run(); see index.d.ts. */
    trainer(X, y, options) {
      const { where, handle } = access(this, 'trainer');
      const opts = checkOptionsObject(options, where, TRAINER_OPTIONS);
      return startTrainer(
        this,
        where,
        handle,
        () => fitCall(this, where, X, y, opts, (data, call) => handle.startTraining(data, call)),
        (raw, h) => stepObject(raw.record, h.classes()),
      );
    }

    /** One step of the online protocol; see index.d.ts. */
    learnOne(x, y, options) {
      const { where, handle } = access(this, 'learnOne');
      let { classes } = checkOptionsObject(options, where, LEARN_ONE_OPTIONS);
      const features = toVector(x, where, 'x');
      checkLabel(y, where);
      if (classes === undefined && handle.classes().length === 0 && (y === -1 || y === 1)) {
        classes = [-1, 1];
      }
      const encoded = classes === undefined ? undefined : toLabels(classes, where, 'classes');
      const weighting = weightingOf(classWeightOf(this), undefined, where);
      const raw = unwrap(
        handle.learnOne(features, {
          ...weighting,
          label: y,
          classes: encoded?.labels,
          classesNumeric: encoded?.numeric ?? true,
        }),
        where,
      );
      return stepObject(raw, handle.classes());
    }

    /** Scores w.x + b with the predicting weights, one per row (voted: the vote). */
    decisionFunction(X) {
      const { where, handle } = access(this, 'decisionFunction', { mutates: false });
      return withTemporaries((temporaries) => unwrap(handle.decisionFunction(matrixOf(X, where, temporaries)), where));
    }

    /**
     * For each example, whether a training step on it would update the current weights now:
     * a mistake under mistakeRule (or within the margin). All false means fit would stop.
     */
    isMistake(X, y) {
      const { where, handle } = access(this, 'isMistake', { mutates: false });
      return withTemporaries((temporaries) =>
        Array.from(unwrap(handle.wouldUpdate(labelledOf(X, y, where, temporaries)), where), Boolean),
      );
    }

    /** The weights that predict: current (classic), averaged, pocket; voted: the last vector. */
    get weights() {
      return Array.from(access(this, 'weights', { mutates: false }).handle.weights());
    }

    get bias() {
      return access(this, 'bias', { mutates: false }).handle.bias();
    }

    /** The weights the training loop updates, as the trace shows them. */
    get currentWeights() {
      return Array.from(access(this, 'currentWeights', { mutates: false }).handle.currentWeights());
    }

    get currentBias() {
      return access(this, 'currentBias', { mutates: false }).handle.currentBias();
    }

    /** Voted only: every weight vector with its survival count; null for other variants. */
    get votedVectors() {
      const { handle } = access(this, 'votedVectors', { mutates: false });
      const state = handle.variantState();
      if (!state.votedCounts) return null;
      const d = handle.nFeatures();
      return Array.from(state.votedCounts, (count, k) => ({
        weights: Array.from(state.votedWeights.subarray(k * d, (k + 1) * d)),
        bias: state.votedBiases[k],
        count,
      }));
    }

    toJSON() {
      const { handle } = access(this, 'toJSON', { mutates: false });
      const fitted = handle.fitted();
      return {
        format: FORMAT,
        version: FORMAT_VERSION,
        options: this.options,
        ...(scalerOf(this) ? { preprocess: scalerOf(this) } : {}),
        classes: handle.classes(),
        nFeatures: handle.nFeatures(),
        // The training state, so that learning can continue exactly after fromJSON.
        weights: fitted ? Array.from(handle.currentWeights()) : [],
        bias: handle.currentBias(),
        steps: handle.steps(),
        state: fitted ? plainState(handle.variantState()) : {},
      };
    }

    /** Rebuilds a model from toJSON()'s object (or its JSON text); every field is checked. */
    static fromJSON(json) {
      const where = 'Perceptron.fromJSON';
      const { obj, field } = readEnvelope(json, FORMAT, where);
      const weights = field('weights', Array.isArray, 'an array of numbers');
      field('bias', (v) => typeof v === 'number', 'a number');
      if (weights.length !== obj.nFeatures) {
        throw new RangeError(
          `${where}: field weights must hold nFeatures = ${obj.nFeatures} numbers; received ${weights.length}`,
        );
      }
      const state = readState(obj.state, where, 'state');
      const model = construct(() => new Perceptron(obj.options), where);
      restoreInto(model, where, () => restoreScaler(model, obj.preprocess, obj.nFeatures, where));
      if (obj.nFeatures === 0 && obj.classes.length === 0) return model; // saved before learning anything
      return restoreInto(model, where, (handle) => {
        const encoded = toLabels(obj.classes, where, 'classes');
        const coreOptions = coreOptionsOf(obj.options);
        const savedWeights = toVector(weights, where, 'weights');
        return handle.restore({
          options: coreOptions,
          classes: encoded.labels,
          classesNumeric: encoded.numeric,
          weights: savedWeights,
          bias: obj.bias,
          steps: obj.steps,
          state,
        });
      });
    }
  }

  return Perceptron;
}
