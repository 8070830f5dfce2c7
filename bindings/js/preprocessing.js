// Scaling (src/perceptron/preprocess): {shift, scale} fitted on a matrix, applied to others as
// x -> (x - shift) / scale. Models use it through their preprocess option (model.js); users
// get it on its own as pw.preprocessing.
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, isPlainObject, rowsOf, toMatrix, toVector } from './convert.js';

// The preprocess option's scalings, in the core's order (src/perceptron/preprocess.hpp).
export const SCALINGS = ['standardize', 'minMax', 'unitBall'];

/** fitScaler and scaleMatrix over the core's preprocessing calls, on {data, rows, cols}. */
export function makeScaling(core) {
  function fitScaler(kind, { data, rows, cols }, where) {
    return unwrap(core.preprocessingFit(data, rows, cols, SCALINGS.indexOf(kind)), where);
  }
  function scaleMatrix(scaler, { data, rows, cols }, where) {
    const scaled = unwrap(core.preprocessingTransform(scaler.shift, scaler.scale, data, rows, cols), where);
    return { data: scaled, rows, cols };
  }
  return { fitScaler, scaleMatrix };
}

// pw.preprocessing: the scalers on their own (models take them as the preprocess option).
export function makePreprocessing({ fitScaler, scaleMatrix }) {
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
      const { shift, scale } = fitScaler(kind, toMatrix(X, where), where);
      return { kind, shift: Array.from(shift), scale: Array.from(scale) };
    },
    /** X scaled by a fitted scaler, as number[][]. */
    transform(scaler, X) {
      const where = 'preprocessing.transform';
      if (!isPlainObject(scaler)) {
        throw new TypeError(`${where}: scaler must be fitScaler's object; received ${describe(scaler)}`);
      }
      const matrix = toMatrix(X, where);
      const shift = toVector(scaler.shift, where, 'scaler.shift');
      const scale = toVector(scaler.scale, where, 'scaler.scale');
      return rowsOf(scaleMatrix({ shift, scale }, matrix, where).data, matrix.rows);
    },
  });
}
