// Bad input for pw.modelSelection: split and kFold with bad labels, fractions, folds and seeds;
// gridSearch with bad model classes, grids, option values, validation/cv/test settings and data.
// Each call must throw the right class with a message naming the function and the argument, and
// leave the caller's arrays, the Datasets, a model passed by mistake and the wasm memory as they
// were.
import { badInputTable, modelState } from './bad-input.mjs';
import { AND_X, AND_Y, CMU_X, CMU_Y, XOR_Y, pw } from './helpers.mjs';

const copy = (value) => JSON.parse(JSON.stringify(value));

function setup() {
  // CMU's six examples: three per class, so at most 3 folds.
  const data = pw.Dataset.fromArray(CMU_X, undefined, CMU_Y);
  const plain = pw.Dataset.fromArray(AND_X);
  const gone = pw.Dataset.fromArray(AND_X, undefined, XOR_Y);
  gone.dispose();
  const model = new pw.Perceptron();
  model.fit(AND_X, AND_Y);
  return { X: copy(CMU_X), y: copy(CMU_Y), data, plain, gone, model };
}

const state = ({ X, y, data, plain, model }) =>
  JSON.stringify({
    X,
    y,
    data: [Array.from(data.toArray().data), data.labels],
    plain: Array.from(plain.toArray().data),
    model: modelState(model),
  });

function teardown({ data, plain, model }) {
  data.dispose();
  plain.dispose();
  model.dispose();
}

const s = pw.modelSelection;
const grid = { margin: [0, 0.5] };

badInputTable('pw.modelSelection bad input', {
  setup,
  state,
  teardown,
  cases: [
    // split
    [
      'split without fractions',
      ({ y }) => s.split(y),
      RangeError,
      /modelSelection\.split: give a validation and\/or a test fraction in \(0, 1\)/,
    ],
    [
      'split with test 1.5',
      ({ y }) => s.split(y, { test: 1.5 }),
      RangeError,
      /modelSelection\.split: option test must be a number in \(0, 1\)/,
      /received 1\.5/,
    ],
    [
      'split with test 1',
      ({ y }) => s.split(y, { test: 1 }),
      RangeError,
      /modelSelection\.split: option test must be a number in \(0, 1\)/,
      /received 1\b/,
    ],
    [
      'split with a negative validation',
      ({ y }) => s.split(y, { validation: -0.2 }),
      RangeError,
      /modelSelection\.split: option validation must be a number in \(0, 1\)/,
      /received -0\.2/,
    ],
    [
      'split with validation NaN',
      ({ y }) => s.split(y, { validation: NaN }),
      RangeError,
      /modelSelection\.split: option validation must be a number in \(0, 1\)/,
      /received NaN/,
    ],
    [
      'split with fractions summing to more than 1',
      ({ y }) => s.split(y, { validation: 0.6, test: 0.5 }),
      RangeError,
      /modelSelection\.split: the split fractions must sum to less than 1/,
      /received 1\.1/,
    ],
    [
      'split with fractions summing to 1',
      ({ y }) => s.split(y, { validation: 0.5, test: 0.5 }),
      RangeError,
      /modelSelection\.split: the split fractions must sum to less than 1/,
      /received 1\b/,
    ],
    [
      'split with test a string',
      ({ y }) => s.split(y, { test: '0.2' }),
      TypeError,
      /modelSelection\.split: option test must be a number in \(0, 1\)/,
      /received the string "0\.2"/,
    ],
    [
      'split with validation null',
      ({ y }) => s.split(y, { validation: null }),
      TypeError,
      /modelSelection\.split: option validation must be a number/,
      /received null/,
    ],
    [
      'split with a negative seed',
      ({ y }) => s.split(y, { test: 0.2, seed: -1 }),
      RangeError,
      /modelSelection\.split: option seed must be an integer from 0 to 9007199254740991/,
      /received -1/,
    ],
    [
      'split with a fractional seed',
      ({ y }) => s.split(y, { test: 0.2, seed: 1.5 }),
      RangeError,
      /modelSelection\.split: option seed must be an integer/,
      /received 1\.5/,
    ],
    [
      'split with a seed past 2^53',
      ({ y }) => s.split(y, { test: 0.2, seed: 2 ** 53 }),
      RangeError,
      /modelSelection\.split: option seed must be an integer/,
      /received 9007199254740992/,
    ],
    [
      'split with a seed string',
      ({ y }) => s.split(y, { test: 0.2, seed: '1' }),
      TypeError,
      /modelSelection\.split: option seed must be an integer/,
      /received the string "1"/,
    ],
    [
      'split with an unknown option',
      ({ y }) => s.split(y, { test: 0.2, shuffle: true }),
      TypeError,
      /modelSelection\.split: unknown option "shuffle"/,
    ],
    [
      'split with options a number',
      ({ y }) => s.split(y, 0.2),
      TypeError,
      /modelSelection\.split: options must be a plain object/,
      /received 0\.2/,
    ],
    [
      'split without y',
      () => s.split(undefined, { test: 0.2 }),
      TypeError,
      /modelSelection\.split: y must be an array of labels/,
      /received undefined/,
    ],
    [
      'split of no labels',
      () => s.split([], { test: 0.2 }),
      RangeError,
      /modelSelection\.split: y must hold at least one label/,
    ],
    [
      'split of a null label',
      () => s.split([1, null], { test: 0.5 }),
      TypeError,
      /modelSelection\.split: y\[1\] must be a number or a string/,
      /received null/,
    ],
    [
      'split of a NaN label',
      () => s.split([1, NaN], { test: 0.5 }),
      RangeError,
      /modelSelection\.split: y\[1\] must be a finite number or a string/,
      /received NaN/,
    ],
    [
      'split of mixed labels',
      () => s.split([1, 'a'], { test: 0.5 }),
      TypeError,
      /modelSelection\.split: y must hold only numbers or only strings/,
    ],
    [
      'split of a disposed Dataset',
      ({ gone }) => s.split(gone, { test: 0.2 }),
      pw.DisposedError,
      /modelSelection\.split: .*is a disposed Dataset/,
    ],
    [
      'split of a Dataset without labels',
      ({ plain }) => s.split(plain, { test: 0.2 }),
      TypeError,
      /modelSelection\.split: .*Dataset without labels/,
    ],
    [
      'split of a Dataset with test 2',
      ({ data }) => s.split(data, { test: 2 }),
      RangeError,
      /modelSelection\.split: option test must be a number in \(0, 1\)/,
      /received 2/,
    ],

    // kFold
    [
      'kFold with k 1',
      ({ y }) => s.kFold(y, { k: 1 }),
      RangeError,
      /modelSelection\.kFold: (option )?k must be an integer from 2 to the smallest class's size \(3\)/,
      /received 1/,
    ],
    [
      'kFold with k past the smallest class',
      ({ y }) => s.kFold(y, { k: 4 }),
      RangeError,
      /modelSelection\.kFold: (option )?k must be an integer from 2 to the smallest class's size \(3\)/,
      /received 4/,
    ],
    [
      'kFold with the default k past the smallest class',
      ({ y }) => s.kFold(y),
      RangeError,
      /modelSelection\.kFold: (option )?k must be an integer from 2 to the smallest class's size \(3\)/,
      /received 5/,
    ],
    [
      'kFold with k 2.5',
      ({ y }) => s.kFold(y, { k: 2.5 }),
      RangeError,
      /modelSelection\.kFold: option k must be an integer >= 2/,
      /received 2\.5/,
    ],
    [
      'kFold with k a string',
      ({ y }) => s.kFold(y, { k: '3' }),
      TypeError,
      /modelSelection\.kFold: option k must be an integer >= 2/,
      /received the string "3"/,
    ],
    [
      'kFold with k NaN',
      ({ y }) => s.kFold(y, { k: NaN }),
      RangeError,
      /modelSelection\.kFold: option k must be an integer >= 2/,
      /received NaN/,
    ],
    [
      'kFold with k Infinity',
      ({ y }) => s.kFold(y, { k: Infinity }),
      RangeError,
      /modelSelection\.kFold: option k must be an integer >= 2/,
      /received Infinity/,
    ],
    [
      'kFold with k 0',
      ({ y }) => s.kFold(y, { k: 0 }),
      RangeError,
      /modelSelection\.kFold: (option )?k must be an integer/,
      /received 0/,
    ],
    [
      'kFold with k negative',
      ({ y }) => s.kFold(y, { k: -3 }),
      RangeError,
      /modelSelection\.kFold: (option )?k must be an integer/,
      /received -3/,
    ],
    [
      'kFold with k null',
      ({ y }) => s.kFold(y, { k: null }),
      TypeError,
      /modelSelection\.kFold: option k must be an integer >= 2/,
      /received null/,
    ],
    [
      'kFold with a negative seed',
      ({ y }) => s.kFold(y, { k: 3, seed: -1 }),
      RangeError,
      /modelSelection\.kFold: option seed must be an integer/,
      /received -1/,
    ],
    [
      'kFold with an unknown option',
      ({ y }) => s.kFold(y, { folds: 3 }),
      TypeError,
      /modelSelection\.kFold: unknown option "folds"/,
    ],
    [
      'kFold with options an array',
      ({ y }) => s.kFold(y, [3]),
      TypeError,
      /modelSelection\.kFold: options must be a plain object/,
      /received an array of length 1/,
    ],
    [
      'kFold of a string',
      () => s.kFold('y', { k: 2 }),
      TypeError,
      /modelSelection\.kFold: y must be an array of labels/,
      /received the string "y"/,
    ],
    [
      'kFold of no labels',
      () => s.kFold([], { k: 2 }),
      RangeError,
      /modelSelection\.kFold: y must hold at least one label/,
    ],
    [
      'kFold with a class of one row',
      () => s.kFold(['a', 'a', 'b'], { k: 2 }),
      RangeError,
      /modelSelection\.kFold: (option )?k must be an integer from 2 to the smallest class's size \(1\)/,
      /received 2/,
    ],
    [
      'kFold of a disposed Dataset',
      ({ gone }) => s.kFold(gone, { k: 2 }),
      pw.DisposedError,
      /modelSelection\.kFold: .*is a disposed Dataset/,
    ],
    [
      'kFold of a Dataset without labels',
      ({ plain }) => s.kFold(plain, { k: 2 }),
      TypeError,
      /modelSelection\.kFold: .*Dataset without labels/,
    ],
    [
      'kFold of a Dataset with k past the smallest class',
      ({ data }) => s.kFold(data, { k: 100 }),
      RangeError,
      /modelSelection\.kFold: (option )?k must be an integer from 2 to the smallest class's size \(3\)/,
      /received 100/,
    ],

    // gridSearch: Kind
    [
      'gridSearch with Kind an object',
      ({ X, y }) => s.gridSearch({}, grid, X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: Kind must be one of the package.s model classes, such as pw\.Perceptron/,
      /received an object/,
    ],
    [
      'gridSearch with Kind a name',
      ({ X, y }) => s.gridSearch('Perceptron', grid, X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: Kind must be one of the package.s model classes/,
      /received the string "Perceptron"/,
    ],
    [
      'gridSearch with Kind a fitted model',
      ({ X, y, model }) => s.gridSearch(model, grid, X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: Kind must be one of the package.s model classes/,
      /received an object/,
    ],
    [
      'gridSearch with Kind a subclass',
      ({ X, y }) => s.gridSearch(class Mine extends pw.Perceptron {}, grid, X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: Kind must be one of the package's model classes/,
      /not a subclass/,
    ],
    [
      'gridSearch with Kind FisherDiscriminant',
      ({ X, y }) => s.gridSearch(pw.FisherDiscriminant, grid, X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: Kind must be one of the package's model classes/,
      /received a function/,
    ],

    // gridSearch: grid
    [
      'gridSearch with grid null',
      ({ X, y }) => s.gridSearch(pw.Perceptron, null, X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: grid must be an object \{option: \[values\]\}/,
      /received null/,
    ],
    [
      'gridSearch with grid an array',
      ({ X, y }) => s.gridSearch(pw.Perceptron, [{ margin: 0 }], X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: grid must be an object/,
      /received an array of length 1/,
    ],
    [
      'gridSearch with grid a string',
      ({ X, y }) => s.gridSearch(pw.Perceptron, 'margin', X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: grid must be an object/,
      /received the string "margin"/,
    ],
    [
      'gridSearch with an empty grid',
      ({ X, y }) => s.gridSearch(pw.Perceptron, {}, X, y, { cv: 3 }),
      RangeError,
      /modelSelection\.gridSearch: grid must name at least one option with values/,
    ],
    [
      'gridSearch with no values for an option',
      ({ X, y }) => s.gridSearch(pw.Perceptron, { margin: [] }, X, y, { cv: 3 }),
      RangeError,
      /modelSelection\.gridSearch: grid\.margin must be a non-empty array of values/,
      /received an array of length 0/,
    ],
    [
      'gridSearch with a value not in an array',
      ({ X, y }) => s.gridSearch(pw.Perceptron, { margin: 0.5 }, X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: grid\.margin must be a non-empty array of values/,
      /received 0\.5/,
    ],
    [
      'gridSearch with an undefined value',
      ({ X, y }) => s.gridSearch(pw.Perceptron, { margin: [0, undefined] }, X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: grid\.margin\[1\] must be a value/,
      /received undefined/,
    ],
    [
      'gridSearch with a negative margin',
      ({ X, y }) => s.gridSearch(pw.Perceptron, { margin: [0, -1] }, X, y, { cv: 3 }),
      RangeError,
      /modelSelection\.gridSearch: .*option margin must be/,
      /received -1/,
    ],
    [
      'gridSearch with a learningRate string',
      ({ X, y }) => s.gridSearch(pw.Perceptron, { learningRate: ['fast'] }, X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: .*option learningRate must be/,
      /received (the string )?"fast"/,
    ],
    [
      'gridSearch with an unknown option in the grid',
      ({ X, y }) => s.gridSearch(pw.Perceptron, { foo: [1, 2] }, X, y, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: .*unknown option "foo"/,
    ],
    [
      'gridSearch with an unknown mistake rule',
      ({ X, y }) => s.gridSearch(pw.Perceptron, { mistakeRule: ['margin', 'nope'] }, X, y, { cv: 3 }),
      RangeError,
      /modelSelection\.gridSearch: .*option mistakeRule must be one of "margin", "sign", "strict"/,
      /received (the string )?"nope"/,
    ],
    [
      'gridSearch with a bad classWeight in the grid',
      ({ X, y }) => s.gridSearch(pw.Perceptron, { classWeight: ['balanced', { 1: -2 }] }, X, y, { cv: 3 }),
      RangeError,
      /modelSelection\.gridSearch: option classWeight\["1"\] must be a finite number >= 0/,
      /received -2/,
    ],

    // gridSearch: options
    [
      'gridSearch without options',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y),
      TypeError,
      /modelSelection\.gridSearch: give exactly one of options\.validation \(a fraction\) and options\.cv \(k\)/,
    ],
    [
      'gridSearch with both validation and cv',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { validation: 0.3, cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: give exactly one of options\.validation/,
    ],
    [
      'gridSearch with cv 1',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: 1 }),
      RangeError,
      /modelSelection\.gridSearch: option cv must be an integer >= 2/,
      /received 1/,
    ],
    [
      'gridSearch with cv 2.5',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: 2.5 }),
      RangeError,
      /modelSelection\.gridSearch: option cv must be an integer >= 2/,
      /received 2\.5/,
    ],
    [
      'gridSearch with cv a string',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: '3' }),
      TypeError,
      /modelSelection\.gridSearch: option cv must be an integer >= 2/,
      /received the string "3"/,
    ],
    [
      'gridSearch with cv past the smallest class',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: 4 }),
      RangeError,
      /modelSelection\.gridSearch: option cv must be/,
      /\(3\)/,
      /received 4/,
    ],
    [
      'gridSearch with cv past the rows',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: 7 }),
      RangeError,
      /modelSelection\.gridSearch: option cv must be/,
      /received 7/,
    ],
    [
      'gridSearch with validation 1.5',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { validation: 1.5 }),
      RangeError,
      /modelSelection\.gridSearch: option validation must be a number in \(0, 1\)/,
      /received 1\.5/,
    ],
    [
      'gridSearch with validation a string',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { validation: '0.3' }),
      TypeError,
      /modelSelection\.gridSearch: option validation must be a number in \(0, 1\)/,
      /received the string "0\.3"/,
    ],
    [
      'gridSearch with test 1',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: 2, test: 1 }),
      RangeError,
      /modelSelection\.gridSearch: option test must be a number in \(0, 1\)/,
      /received 1\b/,
    ],
    [
      'gridSearch with test a boolean',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: 2, test: true }),
      TypeError,
      /modelSelection\.gridSearch: option test must be a number in \(0, 1\)/,
      /received true/,
    ],
    [
      'gridSearch with a negative seed',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: 3, seed: -1 }),
      RangeError,
      /modelSelection\.gridSearch: option seed must be an integer/,
      /received -1/,
    ],
    [
      'gridSearch with an unknown option',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { folds: 3 }),
      TypeError,
      /modelSelection\.gridSearch: unknown option "folds"/,
    ],
    [
      'gridSearch with options a string',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, 'cv'),
      TypeError,
      /modelSelection\.gridSearch: options must be a plain object/,
      /received the string "cv"/,
    ],
    [
      'gridSearch with base null',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: 3, base: null }),
      TypeError,
      /modelSelection\.gridSearch: option base must be/,
      /received null/,
    ],
    [
      'gridSearch with a bad margin in base',
      ({ X, y }) => s.gridSearch(pw.Perceptron, { maxEpochs: [5] }, X, y, { cv: 3, base: { margin: -1 } }),
      RangeError,
      /modelSelection\.gridSearch: .*option margin must be/,
      /received -1/,
    ],
    [
      'gridSearch with an unknown option in base',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: 3, base: { foo: 1 } }),
      TypeError,
      /modelSelection\.gridSearch: .*unknown option "foo"/,
    ],
    [
      'gridSearch with a classWeight string in base',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y, { cv: 3, base: { classWeight: 'heavy' } }),
      TypeError,
      /modelSelection\.gridSearch: option classWeight must be "balanced" or an object/,
      /received the string "heavy"/,
    ],

    // gridSearch: data
    [
      'gridSearch of a ragged X',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, [...X.slice(0, 5), [1]], y, { cv: 3 }),
      RangeError,
      /modelSelection\.gridSearch: X must have rows of equal length/,
      /X\[5\] has 1/,
    ],
    [
      'gridSearch of a NaN in X',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, [...X.slice(0, 5), [NaN, 1]], y, { cv: 3 }),
      RangeError,
      /modelSelection\.gridSearch: X must contain only finite numbers/,
      /received NaN at row 5, column 0/,
    ],
    [
      'gridSearch without y',
      ({ X }) => s.gridSearch(pw.Perceptron, grid, X, undefined, { cv: 3 }),
      TypeError,
      /modelSelection\.gridSearch: y must be an array of labels/,
      /received undefined/,
    ],
    [
      'gridSearch with too few labels',
      ({ X, y }) => s.gridSearch(pw.Perceptron, grid, X, y.slice(1), { cv: 2 }),
      RangeError,
      /modelSelection\.gridSearch: y must have one label per row of X \(6\)/,
      /received 5/,
    ],
    [
      'gridSearch of one class',
      ({ X, y }) =>
        s.gridSearch(
          pw.Perceptron,
          grid,
          X,
          y.map(() => 1),
          { cv: 2 },
        ),
      RangeError,
      /modelSelection\.gridSearch: y must hold exactly two distinct classes/,
    ],
    [
      'gridSearch of no rows',
      () => s.gridSearch(pw.Perceptron, grid, [], [], { cv: 2 }),
      RangeError,
      /modelSelection\.gridSearch: X must have at least one row/,
    ],
    [
      'gridSearch of a disposed Dataset',
      ({ gone }) => s.gridSearch(pw.Perceptron, grid, gone, undefined, { cv: 2 }),
      pw.DisposedError,
      /modelSelection\.gridSearch: X is a disposed Dataset/,
    ],
    [
      'gridSearch of a Dataset without labels',
      ({ plain }) => s.gridSearch(pw.Perceptron, grid, plain, undefined, { cv: 2 }),
      TypeError,
      /modelSelection\.gridSearch: X is a Dataset without labels/,
    ],
    [
      'gridSearch of a Dataset with cv past its smallest class',
      ({ data }) => s.gridSearch(pw.Perceptron, grid, data, undefined, { cv: 5 }),
      RangeError,
      /modelSelection\.gridSearch: option cv must be/,
      /received 5/,
    ],
  ],
});
