// The trace as lecture tables (perceptron-wasm/course's traceMarkdown and traceLatex): the CMU
// lecture example's hand-computed first epoch (scores 0, 1, -1, -2, 0, 2; mistakes at t = 1, 3,
// 5; w after each step from the slide) to the character in both formats, the mistake marks,
// the digits, every escaped character, plain JSON records, the other kinds' records, and bad
// input refused with the argument, the expected and the received value.
//   node --test tests/js/course-export.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { traceLatex, traceMarkdown } from '../../dist/course/index.js';
import { AND_X, CMU_WEIGHTS, CMU_X, CMU_Y, XOR_Y, pw } from './helpers.mjs';

// The slide's trace (no bias, predict +1 iff w.x >= 0), as fit's onStep gives it.
function cmuTrace() {
  const trace = [];
  new pw.Perceptron({ mistakeRule: 'sign', fitIntercept: false }).fit(CMU_X, CMU_Y, {
    onStep: (step) => trace.push(step),
  });
  return trace;
}
const trace = cmuTrace();
const epoch1 = trace.slice(0, 6);

test("the library's trace is the slide's (what the tables below are checked against)", () => {
  assert.deepEqual(
    epoch1.map((s) => s.weights),
    CMU_WEIGHTS,
  );
  assert.deepEqual(
    epoch1.map((s) => [s.score, s.prediction, s.mistake]),
    [
      [0, 1, true],
      [1, 1, false],
      [-1, -1, true],
      [-2, -1, false],
      [0, 1, true],
      [2, 1, false],
    ],
  );
});

test('Markdown: the first epoch of the CMU example, mistakes marked in a column', () => {
  assert.equal(
    traceMarkdown(epoch1, { X: CMU_X }),
    [
      '|   t | epoch | row | x        | label | score | prediction | mistake | w       |   b |',
      '| --: | ----: | --: | -------- | ----: | ----: | ---------: | :-----: | ------- | --: |',
      '|   1 |     1 |   0 | (-1, 2)  |    -1 |     0 |          1 |    ✗    | (1, -2) |   0 |',
      '|   2 |     1 |   1 | (1, 0)   |     1 |     1 |          1 |         | (1, -2) |   0 |',
      '|   3 |     1 |   2 | (1, 1)   |     1 |    -1 |         -1 |    ✗    | (2, -1) |   0 |',
      '|   4 |     1 |   3 | (-1, 0)  |    -1 |    -2 |         -1 |         | (2, -1) |   0 |',
      '|   5 |     1 |   4 | (-1, -2) |    -1 |     0 |          1 |    ✗    | (3, 1)  |   0 |',
      '|   6 |     1 |   5 | (1, -1)  |     1 |     2 |          1 |         | (3, 1)  |   0 |',
      '',
    ].join('\n'),
  );
  // The second epoch makes no mistake: 12 rows in all, 3 marks.
  const all = traceMarkdown(trace, { X: CMU_X }).trimEnd().split('\n');
  assert.equal(all.length, 2 + 12);
  assert.equal(all.filter((line) => line.includes('✗')).length, 3);
  assert.equal(all[13], '|  12 |     2 |   5 | (1, -1)  |     1 |     2 |          1 |         | (3, 1)  |   0 |');
});

test('LaTeX: booktabs, numbers and vectors in math mode, in a table with its caption and label', () => {
  assert.equal(
    traceLatex(epoch1.slice(0, 3), { X: CMU_X, caption: 'CMU 10-601, lecture 6: the first steps', label: 'tab:cmu' }),
    [
      '\\begin{table}[htbp]',
      '\\centering',
      '\\caption{CMU 10-601, lecture 6: the first steps}',
      '\\label{tab:cmu}',
      '\\begin{tabular}{rrrlrrrclr}',
      '\\toprule',
      '$t$ & epoch & row & $\\mathbf{x}$ & $y$ & score & $\\hat{y}$ & mistake & $\\mathbf{w}$ & $b$ \\\\',
      '\\midrule',
      '1 & 1 & 0 & $(-1, 2)$ & $-1$ & $0$ & $1$ & $\\times$ & $(1, -2)$ & $0$ \\\\',
      '2 & 1 & 1 & $(1, 0)$ & $1$ & $1$ & $1$ & & $(1, -2)$ & $0$ \\\\',
      '3 & 1 & 2 & $(1, 1)$ & $1$ & $-1$ & $-1$ & $\\times$ & $(2, -1)$ & $0$ \\\\',
      '\\bottomrule',
      '\\end{tabular}',
      '\\end{table}',
      '',
    ].join('\n'),
  );
  // Without a caption or a label: the tabular alone.
  const bare = traceLatex(epoch1.slice(0, 1), { X: CMU_X, columns: ['t', 'weights'] });
  assert.equal(
    bare,
    '\\begin{tabular}{rl}\n\\toprule\n$t$ & $\\mathbf{w}$ \\\\\n\\midrule\n1 & $(1, -2)$ \\\\\n\\bottomrule\n\\end{tabular}\n',
  );
});

test('mistakes: bold rows, both, none, and a mark of your own (escaped)', () => {
  const columns = ['t', 'score', 'mistake'];
  assert.equal(
    traceMarkdown(epoch1.slice(0, 2), { columns: ['t', 'score'], mistakes: 'bold' }),
    '|     t | score |\n| ----: | ----: |\n| **1** | **0** |\n|     2 |     1 |\n',
  );
  assert.equal(
    traceMarkdown(epoch1.slice(2, 4), { columns, mistakes: 'both', mark: 'yes*' }),
    '|     t |  score |  mistake  |\n| ----: | -----: | :-------: |\n| **3** | **-1** | **yes\\*** |\n|     4 |     -2 |           |\n',
  );
  assert.equal(
    traceLatex(epoch1.slice(0, 2), { columns, mistakes: 'both', mark: '100%' }),
    [
      '\\begin{tabular}{rrc}',
      '\\toprule',
      '$t$ & score & mistake \\\\',
      '\\midrule',
      '\\bfseries\\boldmath 1 & \\bfseries\\boldmath $0$ & \\bfseries\\boldmath 100\\% \\\\',
      '2 & $1$ & \\\\',
      '\\bottomrule',
      '\\end{tabular}',
      '',
    ].join('\n'),
  );
  // 'none' and 'bold' leave the mistake column out of the default columns.
  for (const mistakes of ['none', 'bold']) {
    const header = traceMarkdown(epoch1, { mistakes }).split('\n')[0];
    assert.deepEqual(
      header.split('|').map((cell) => cell.trim()),
      ['', 't', 'epoch', 'row', 'label', 'score', 'prediction', 'w', 'b', ''],
    );
  }
});

// Plain JSON records with numbers that need rounding, -0 after rounding, huge and non-finite values.
const records = [
  {
    t: 1,
    epoch: 1,
    index: 0,
    label: 'spam',
    score: 1 / 3,
    prediction: 'ham',
    mistake: true,
    weights: [2 / 3, -0.0001],
    bias: -0.00004,
    x: [0.5, -1.25],
  },
  {
    t: 2,
    epoch: 1,
    index: 1,
    label: 'ham',
    score: 1e21,
    prediction: 'ham',
    mistake: false,
    weights: [NaN, Infinity],
    bias: -Infinity,
    x: [2.5, 0],
  },
];

test('digits: at most that many decimals, trailing zeros dropped or kept, never -0', () => {
  const columns = ['score', 'weights', 'bias', 'x'];
  const rowsOf = (text) => text.trimEnd().split('\n').slice(2);
  assert.deepEqual(rowsOf(traceMarkdown(records, { columns })), [
    '| 0.333 | (0.667, 0) |   0 | (0.5, -1.25) |',
    '| 1e+21 | (NaN, ∞)   |  -∞ | (2.5, 0)     |',
  ]);
  assert.deepEqual(rowsOf(traceMarkdown(records, { columns, digits: 0 })), [
    '|     0 | (1, 0)   |   0 | (1, -1) |',
    '| 1e+21 | (NaN, ∞) |  -∞ | (3, 0)  |',
  ]);
  assert.deepEqual(rowsOf(traceMarkdown(records, { columns, digits: 2, trailingZeros: true })), [
    '|     0.33 | (0.67, 0.00) | 0.00 | (0.50, -1.25) |',
    '| 1.00e+21 | (NaN, ∞)     |   -∞ | (2.50, 0.00)  |',
  ]);
  assert.deepEqual(traceLatex(records, { columns, digits: 1 }).split('\n').slice(4, 6), [
    '$0.3$ & $(0.7, 0)$ & $0$ & $(0.5, -1.3)$ \\\\',
    '$1 \\times 10^{21}$ & $(\\mathrm{NaN}, \\infty)$ & $-\\infty$ & $(2.5, 0)$ \\\\',
  ]);
});

test('text is escaped: string labels, feature names, headers and the caption', () => {
  const special = [
    { t: 1, epoch: 1, index: 0, label: 'spam_&_eggs', score: 1, prediction: 'x|y*`z`', mistake: false, x: [1, 2] },
  ];
  const markdown = traceMarkdown(special, {
    columns: ['label', 'prediction', 'x'],
    featureNames: ['petal_length (cm)', '$\\alpha$ [1]'],
    headers: { label: 'true <label>' },
    caption: 'A ~tiny~ table: 100% of it',
  });
  assert.equal(
    markdown,
    [
      '| true \\<label\\> | prediction  | petal\\_length (cm) | \\$\\\\alpha\\$ \\[1\\] |',
      '| -------------- | ----------- | -----------------: | ----------------: |',
      '| spam\\_\\&\\_eggs | x\\|y\\*\\`z\\` |                  1 |                 2 |',
      '',
      'Table: A \\~tiny\\~ table: 100% of it',
      '',
    ].join('\n'),
  );
  const every = '& % $ # _ { } ~ ^ \\ < > |';
  const latex = traceLatex([{ ...special[0], label: every }], {
    columns: ['label'],
    headers: { label: every },
    caption: every,
  });
  const escaped =
    '\\& \\% \\$ \\# \\_ \\{ \\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\textless{} \\textgreater{} \\textbar{}';
  assert.deepEqual(latex.split('\n').slice(2, 8), [
    `\\caption{${escaped}}`,
    '\\begin{tabular}{l}',
    '\\toprule',
    `${escaped} \\\\`,
    '\\midrule',
    `${escaped} \\\\`,
  ]);
  assert.equal(
    traceMarkdown([{ ...special[0], label: every }], { columns: ['label'] }).split('\n')[2],
    '| \\& % \\$ # \\_ { } \\~ ^ \\\\ \\< \\> \\| |',
  );
  // A line break in a label cannot break the row.
  assert.equal(
    traceMarkdown([{ ...special[0], label: 'two\nlines' }], { columns: ['label'] }).split('\n')[2],
    '| two lines |',
  );
});

test('plain JSON records give the same tables; the trace is left as it was', () => {
  const copy = JSON.parse(JSON.stringify(trace));
  assert.equal(traceMarkdown(copy, { X: CMU_X }), traceMarkdown(trace, { X: CMU_X }));
  assert.equal(
    traceLatex(copy, { X: { data: new Float64Array(CMU_X.flat()), rows: 6, cols: 2 } }),
    traceLatex(trace, { X: CMU_X }),
  );
  assert.deepEqual(copy, JSON.parse(JSON.stringify(trace)));
});

test("other kinds' records: a kernel perceptron's steps have no w; any field can be a column", () => {
  const kernel = new pw.KernelPerceptron({ kernel: 'polynomial', degree: 2 });
  const steps = [];
  kernel.fit(AND_X, XOR_Y, { onStep: (step) => steps.push(step) });
  kernel.dispose();
  const lines = traceMarkdown(steps.slice(0, 2), {
    X: AND_X,
    columns: ['t', 'x', 'label', 'mistake', 'deltaAlpha'],
  }).split('\n');
  assert.equal(lines[0], '|   t | x      | label | mistake | deltaAlpha |');
  assert.match(lines[2], /^\| {3}1 \| \(0, 0\) \| {4}-1 \| {4}✗ {4}\| {9}-1 \|$/);
  assert.deepEqual(
    traceMarkdown(steps.slice(0, 1)).split('\n')[0],
    '|   t | epoch | row | label | score | prediction | mistake |',
    'no x, w or b columns when the records have none',
  );
});

test('a multi-class step: its K scores, K weight vectors and K biases as vectors (hand-computed)', () => {
  // Joint multi-class perceptron on three points of classes a, b, c: step 2 predicts a for b
  // (all scores 0, ties to the first class), so w_a -= x, w_b += x, b_a -= 1, b_b += 1; step 3
  // scores (0, 1) as (-1, 1, 0), predicts b for c: w_b -= x, w_c += x, b_b -= 1, b_c += 1.
  const X = [
    [0, 0],
    [1, 0],
    [0, 1],
  ];
  const model = new pw.MulticlassPerceptron();
  const steps = [];
  model.fit(X, ['a', 'b', 'c'], { onStep: (step) => steps.push(step) });
  model.dispose();
  assert.deepEqual(traceMarkdown(steps.slice(1, 3), { X }).split('\n'), [
    '|   t | epoch | row | x      | label | score      | prediction | mistake | w                          | b          |',
    '| --: | ----: | --: | ------ | ----- | ---------- | ---------- | :-----: | -------------------------- | ---------- |',
    '|   2 |     1 |   1 | (1, 0) | b     | (0, 0, 0)  | a          |    ✗    | ((-1, 0), (1, 0), (0, 0))  | (-1, 1, 0) |',
    '|   3 |     1 |   2 | (0, 1) | c     | (-1, 1, 0) | b          |    ✗    | ((-1, 0), (1, -1), (0, 1)) | (-1, 0, 1) |',
    '',
  ]);
});

test('bad input: a TypeError or RangeError naming the argument, the expected and the received value', () => {
  const cases = [
    [
      () => traceMarkdown('x'),
      TypeError,
      'traceMarkdown: trace must be an array of step records; received the string "x"',
    ],
    [() => traceLatex([null]), TypeError, 'traceLatex: trace[0] must be a step record (an object); received null'],
    [
      () => traceMarkdown(epoch1, { digits: '3' }),
      TypeError,
      'traceMarkdown: options.digits must be a number; received the string "3"',
    ],
    [
      () => traceMarkdown(epoch1, { digits: 16 }),
      RangeError,
      'traceMarkdown: options.digits must be an integer from 0 to 15; received 16',
    ],
    [
      () => traceMarkdown(epoch1, { digits: 2.5 }),
      RangeError,
      'traceMarkdown: options.digits must be an integer from 0 to 15; received 2.5',
    ],
    [
      () => traceMarkdown(epoch1, { label: 'tab:x' }),
      RangeError,
      'traceMarkdown: unknown option "label"; known options are digits, columns, mistakes, mark, X, featureNames, headers, caption, trailingZeros',
    ],
    [
      () => traceLatex(epoch1, { label: 'tab x' }),
      RangeError,
      'traceLatex: options.label must be letters, digits and : . - / + _ only; received the string "tab x"',
    ],
    [
      () => traceLatex(epoch1, { mistakes: 'italic' }),
      RangeError,
      "traceLatex: options.mistakes must be one of 'column', 'bold', 'both', 'none'; received the string \"italic\"",
    ],
    [
      () => traceMarkdown(epoch1, { columns: ['t', 't'] }),
      RangeError,
      'traceMarkdown: options.columns names "t" twice',
    ],
    [
      () => traceMarkdown(epoch1, { columns: [] }),
      TypeError,
      'traceMarkdown: options.columns must be a non-empty array of column names; received an array of length 0',
    ],
    [
      () => traceMarkdown(epoch1, { columns: ['t', 'x'] }),
      RangeError,
      "traceMarkdown: column 'x' needs options.X (the rows of the features) or records with x; trace[0] has no x",
    ],
    [
      () => traceMarkdown(epoch1, { X: CMU_X.slice(0, 2) }),
      RangeError,
      'traceMarkdown: trace[2].index is 2; options.X has 2 rows',
    ],
    [
      () => traceMarkdown(epoch1, { X: CMU_X, featureNames: ['a'] }),
      RangeError,
      "traceMarkdown: options.featureNames has 1 names; trace[0]'s x has 2 features",
    ],
    [
      () => traceMarkdown(epoch1, { columns: ['t', 'loss'] }),
      RangeError,
      'traceMarkdown: trace[0].loss must be a number or an array of numbers; received undefined',
    ],
    [
      () => traceMarkdown([{ ...epoch1[0], t: -1 }]),
      TypeError,
      'traceMarkdown: trace[0].t must be an integer >= 0; received -1',
    ],
    [
      () => traceMarkdown([{ ...epoch1[0], label: '' }]),
      TypeError,
      'traceMarkdown: trace[0].label must be a label (a finite number or a non-empty string); received the string ""',
    ],
    [
      () => traceMarkdown(epoch1, { headers: { loss: 'L' } }),
      RangeError,
      'traceMarkdown: options.headers names "loss", which is not a column; the columns are t, epoch, index, label, score, prediction, mistake, weights, bias',
    ],
    [() => traceMarkdown(epoch1, null), TypeError, 'traceMarkdown: options must be an object; received null'],
  ];
  for (const [call, Error, message] of cases)
    assert.throws(call, (error) => error instanceof Error && error.message === message, message);
});
