// pw.FisherDiscriminant: Fisher's linear discriminant for two classes (Hacettepe notes), a
// closed-form linear classifier to compare the perceptron's answers with. Its few numbers live
// in JS, so it has no wasm handle to dispose.
import { NotFittedError, unwrap } from './errors.js';
import { withTemporaries } from './dataset.js';
import { FORMAT_VERSION } from './model-json.js';

/**
 * The FisherDiscriminant class for one loaded core.
 * @param core the Embind module instance
 * @param datasets makeDataset(core)'s handle makers
 */
export function makeFisherDiscriminant(core, { matrixHandle, labelledHandle }) {
  /** Fisher's linear discriminant for two classes (Hacettepe notes), to compare with. */
  class FisherDiscriminant {
    #w = null;
    #b = 0;
    #classes = [];

    /**
     * Direction S_W^-1 (m_+ - m_-) (a 1e-9 ridge keeps a singular S_W solvable), threshold
     * halfway between the projected class means.
     */
    fit(X, y) {
      const where = 'FisherDiscriminant.fit';
      withTemporaries((temporaries) => {
        const data = labelledHandle(X, y, where, temporaries);
        ({ w: this.#w, b: this.#b } = unwrap(core.analysis('fisher', data, {}, [], 0), where));
        this.#classes = data.classes();
      });
      return this;
    }

    // w.x + b for the rows handle(where, temporaries) makes, once fitted.
    #scores(where, handle) {
      if (this.#w === null) {
        throw new NotFittedError(`${where}: the model has not learned anything yet; call fit(X, y) first`);
      }
      return withTemporaries((temporaries) =>
        unwrap(core.linearScores(handle(where, temporaries), this.#w, this.#b), where),
      );
    }

    /** w.x + b per row. */
    decisionFunction(X) {
      return this.#scores('FisherDiscriminant.decisionFunction', (where, t) => matrixHandle(X, where, t));
    }

    predict(X) {
      return Array.from(this.decisionFunction(X), (s) => this.#classes[s >= 0 ? 1 : 0]);
    }

    /** Accuracy on X and y (a Dataset's own labels when y is undefined). */
    score(X, y) {
      // X and y checked together (kinds, one label per row) under score's own name.
      const scores = this.#scores('FisherDiscriminant.score', (where, t) => labelledHandle(X, y, where, t));
      const truth = y === undefined ? X.labels : Array.from(y);
      return scores.filter((s, i) => truth[i] === this.#classes[s >= 0 ? 1 : 0]).length / scores.length;
    }

    get weights() {
      return this.#w ? Array.from(this.#w) : [];
    }

    get bias() {
      return this.#b;
    }

    get classes() {
      return [...this.#classes];
    }

    toJSON() {
      return {
        format: 'perceptron-wasm/FisherDiscriminant',
        version: FORMAT_VERSION,
        classes: this.classes,
        weights: this.weights,
        bias: this.#b,
      };
    }

    dispose() {}
  }

  return FisherDiscriminant;
}
