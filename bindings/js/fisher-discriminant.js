// pw.FisherDiscriminant: Fisher's linear discriminant for two classes (Hacettepe notes), a
// closed-form linear classifier to compare the perceptron's answers with. Its few numbers live
// in JS, so it has no wasm handle to dispose.
import { NotFittedError, unwrap } from './errors.js';
import { withTemporaries } from './dataset.js';
import { FORMAT_VERSION } from './model-json.js';

/**
 * The FisherDiscriminant class for one loaded core.
 * @param core the Embind module instance
 * @param _metrics pw.metrics, unused: score checks X and y as fit does, then counts the matches
 * @param datasets makeDataset(core)'s handle makers
 */
export function makeFisherDiscriminant(core, _metrics, { matrixHandle, labelledHandle }) {
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
        ({ w: this.#w, b: this.#b } = unwrap(core.analysisFisher(data), where));
        this.#classes = data.classes();
      });
      return this;
    }

    #checkFitted(where) {
      if (this.#w === null) {
        throw new NotFittedError(`${where}: the model has not learned anything yet; call fit(X, y) first`);
      }
    }

    /** w.x + b per row. */
    decisionFunction(X) {
      const where = 'FisherDiscriminant.decisionFunction';
      this.#checkFitted(where);
      return withTemporaries((temporaries) =>
        unwrap(core.linearScores(matrixHandle(X, where, temporaries), this.#w, this.#b), where),
      );
    }

    predict(X) {
      return Array.from(this.decisionFunction(X), (s) => this.#classes[s >= 0 ? 1 : 0]);
    }

    /** Accuracy on X and y (a Dataset's own labels when y is undefined). */
    score(X, y) {
      const where = 'FisherDiscriminant.score';
      this.#checkFitted(where);
      // X and y checked together (kinds, one label per row) under score's own name.
      const scores = withTemporaries((temporaries) =>
        unwrap(core.linearScores(labelledHandle(X, y, where, temporaries), this.#w, this.#b), where),
      );
      const truth = y === undefined ? X.labels : Array.from(y);
      let right = 0;
      scores.forEach((s, i) => {
        if (truth[i] === this.#classes[s >= 0 ? 1 : 0]) right += 1;
      });
      return right / scores.length;
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
