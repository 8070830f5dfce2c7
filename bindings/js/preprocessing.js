// pw.preprocessing, the scalers on their own (src/perceptron/data/preprocess): {shift, scale}
// fitted on a matrix, applied to others as x -> (x - shift) / scale. Models take them as their
// preprocess option (model.js), and the core keeps and applies them.
import { describe, unwrap } from './errors.js';
import { checkOptionsObject, isPlainObject, rowsOf, toVector } from './convert.js';
import { withTemporaries } from './dataset.js';

export function makePreprocessing(core, { isDataset, adopt, matrixHandle, scaledHandle }) {
  return Object.freeze({
    /** {kind, shift, scale} fitted on X: x -> (x - shift) / scale. */
    fitScaler(X, options) {
      const where = 'preprocessing.fitScaler';
      const settings = checkOptionsObject(options, where);
      const scaler = withTemporaries((temporaries) =>
        unwrap(core.preprocessingFit(matrixHandle(X, where, temporaries), settings), where),
      );
      return { kind: scaler.kind, shift: Array.from(scaler.shift), scale: Array.from(scaler.scale) };
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
