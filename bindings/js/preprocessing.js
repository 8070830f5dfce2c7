// Scaling (src/perceptron/preprocess): {shift, scale} fitted on a matrix, applied to others as
// x -> (x - shift) / scale. Models use it through their preprocess option (model.js); users
// get it on its own as pw.preprocessing.
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, isPlainObject, rowsOf, toVector } from './convert.js';
import { withTemporaries } from './dataset.js';

// The preprocess option's scalings, in the core's order (src/perceptron/preprocess.hpp).
export const SCALINGS = ['standardize', 'minMax', 'unitBall'];

/** fitScaler over the core's preprocessing: {shift, scale} fitted on a core handle. */
export function makeScaling(core) {
  function fitScaler(kind, handle, where) {
    return unwrap(core.preprocessingFit(handle, SCALINGS.indexOf(kind)), where);
  }
  return { fitScaler };
}

// pw.preprocessing: the scalers on their own (models take them as the preprocess option).
export function makePreprocessing({ fitScaler }, { isDataset, adopt, matrixHandle, scaledHandle }) {
  return Object.freeze({
    /** {kind, shift, scale} fitted on X: x -> (x - shift) / scale. */
    fitScaler(X, options) {
      const where = 'preprocessing.fitScaler';
      const { kind = 'standardize' } = checkOptionsObject(options, where, ['kind']);
      if (!SCALINGS.includes(kind)) {
        throw new (typeof kind === 'string' ? RangeError : TypeError)(
          `${where}: option kind must be one of ${SCALINGS.map((k) => JSON.stringify(k)).join(', ')}; ` +
            `received ${describe(kind)}`,
        );
      }
      const { shift, scale } = withTemporaries((temporaries) =>
        fitScaler(kind, matrixHandle(X, where, temporaries), where),
      );
      return { kind, shift: Array.from(shift), scale: Array.from(scale) };
    },
    /** X scaled by a fitted scaler: number[][], or a new float64 Dataset (labels kept) for a Dataset. */
    transform(scaler, X) {
      const where = 'preprocessing.transform';
      if (!isPlainObject(scaler)) {
        throw new TypeError(`${where}: scaler must be fitScaler's object; received ${describe(scaler)}`);
      }
      return withTemporaries((temporaries) => {
        const source = matrixHandle(X, where, temporaries);
        const shift = toVector(scaler.shift, where, 'scaler.shift');
        const scale = toVector(scaler.scale, where, 'scaler.scale');
        const scaled = scaledHandle(source, { shift, scale }, where, temporaries);
        if (isDataset(X)) {
          temporaries.pop(); // the new Dataset owns it
          return adopt(scaled);
        }
        const { data, rows } = scaled.toArray();
        return rowsOf(data, rows);
      });
    },
  });
}
