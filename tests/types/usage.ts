// Compiled with `tsc --noEmit` by tests/js/types.test.mjs: the declarations must accept
// every documented use and reject wrong ones (the @ts-expect-error lines).
import load, {
  CsvError,
  DisposedError,
  NotFittedError,
  type CsvTable,
  type Dataset,
  type ModelKindName,
  type FitReport,
  type Label,
  type Lattice,
  type Model,
  type ModelKind,
  type PerceptronJSON,
  type SequenceStep,
  type SparseMatrix,
  type Tag,
  type TraceStep,
  type Winnow,
  type WinnowJSON,
  type WinnowOptions,
} from 'perceptron-wasm';
import type {
  PerceptronPlaygroundElement,
  PlaygroundStepDetail,
  PlaygroundTrainedDetail,
} from 'perceptron-wasm/playground';

const pw = await load();
// Every form of load's wasm option; a later call resolves to the same API.
const again: Promise<typeof pw> = load({ wasm: fetch('/perceptron-core.wasm') });
void [
  load({ wasm: new URL('https://cdn.example/perceptron-core.wasm') }),
  load({ wasm: '/assets/perceptron-core.wasm' }),
  load({ wasm: new Response(new Uint8Array(8)) }),
  load({ wasm: new Uint8Array(8) }),
  load({ wasm: new ArrayBuffer(8) }),
  again,
];
// @ts-expect-error: null is no wasm source (WebAssembly.Module is an empty interface, so any
// object type-checks as one: the run-time check names option wasm)
void load({ wasm: null });
const p = new pw.Perceptron({
  mistakeRule: 'sign',
  order: 'shuffle',
  seed: 1,
  learningRate: 0.5,
  fitIntercept: false,
  maxEpochs: 10,
});
const steps: TraceStep[] = [];
const report: FitReport = p.fit(
  [
    [0, 1],
    [1, 0],
  ],
  ['a', 'b'],
  {
    onStep: (s) => {
      steps.push(s);
    },
    onEpoch: (e) => e.mistakes > 0,
    signal: new AbortController().signal,
  },
);
const flat = p.fit({ data: new Float64Array(4), rows: 2, cols: 2 }, new Int8Array([1, -1]));
const labels = p.predict([[1, 1]]);
const scores: Float64Array = p.decisionFunction([[1, 1]]);
const accuracy: number = p.score([[1, 1]], ['a']);
const step: TraceStep = p.learnOne([1, 2], 'a', { classes: ['a', 'b'] });
const w: number[] = p.weights;
const m = new pw.MulticlassPerceptron({ strategy: 'ovo', variant: 'pocket', seed: 2 });
m.fit(
  [
    [0, 1],
    [1, 0],
    [1, 1],
  ],
  ['a', 'b', 'c'],
  { sampleWeight: [1, 1, 2] },
);
const mScores: number[][] = m.decisionFunction([[0, 0]]);
const joint = pw.MulticlassPerceptron.fromJSON(m.toJSON());
const jw: number[][] | null = joint.weights;
void [mScores, jw];
const early = new pw.Perceptron({ earlyStopping: true, validationFraction: 0.2, patience: 3 });
// precision: the binary Perceptron's only; options list it only when 'float32'.
const f32 = new pw.Perceptron({ precision: 'float32' });
const precision: 'float32' | undefined = f32.options.precision;
// @ts-expect-error: the multi-class perceptron has no precision option
void new pw.MulticlassPerceptron({ precision: 'float32' });
// @ts-expect-error: precision is 'float64' or 'float32'
void new pw.Perceptron({ precision: 'float16' });
void precision;
const er = early.fit(
  [
    [0, 1],
    [1, 0],
  ],
  [0, 1],
  { validation: { X: [[1, 1]], y: [1] } },
);
const best: number | undefined = er.bestEpoch;
early.partialFit([[0, 1]], [0], { classes: [0, 1], sampleWeight: [2] });
m.partialFit([[0, 1]], ['a']);
void best;
const k = new pw.KernelPerceptron({ kernel: 'polynomial', degree: 2, gamma: 'auto', budget: 100 });
k.fit(
  [
    [0, 1],
    [1, 0],
  ],
  ['x', 'y'],
);
const svs: number[][] = k.supportVectors;
void [svs, pw.KernelPerceptron.fromJSON(k.toJSON()).coefficients];
const win = new pw.Winnow({ demotion: 'divide', alpha: 3 });
win.fit(
  [
    [0, 1],
    [1, 0],
  ],
  [0, 1],
  { onEpoch: (e) => e.epoch < 3 && e.trainError === undefined, signal: AbortSignal.timeout(1000) },
);
const ww: number[] = win.weights;
void [ww, pw.Winnow.fromJSON(win.toJSON()).threshold];
const pa = new pw.PassiveAggressive({ mode: 'PA-II', C: 0.5 });
pa.fit(
  [
    [0, 1],
    [1, 0],
  ],
  [0, 1],
);
void pw.PassiveAggressive.fromJSON(pa.toJSON()).weights;
const sep = pw.analysis.separability(
  [
    [0, 1],
    [1, 0],
  ],
  [0, 1],
);
if (sep.separable) void sep.w;
else void sep.certificate;
const nb: number = pw.analysis.novikoffBound(
  [
    [0, 1],
    [1, 0],
  ],
  [0, 1],
).value;
const rep = pw.metrics.classificationReport(['a'], ['a']);
void [nb, rep.macroF1];
const scaler = pw.preprocessing.fitScaler([[1, 2]], { kind: 'minMax' });
void pw.preprocessing.transform(scaler, [[1, 2]]);
const search = pw.modelSelection.gridSearch(
  pw.Perceptron,
  { margin: [0, 1] },
  [
    [0, 1],
    [1, 0],
  ],
  [0, 1],
  { validation: 0.5 },
);
const kept: number = search.model.steps;
void [kept, new pw.FisherDiscriminant().fit([[0], [1]], [0, 1]).weights, new pw.Perceptron({ preprocess: 'unitBall' })];
const visits: Uint32Array = pw.visitOrder({ order: 'shuffle', seed: 3, rows: 10, count: 20 });
const wrong: boolean[] = p.isMistake([[1, 1]], ['a']);
void [visits, wrong];
const voted = new pw.Perceptron({ variant: 'voted', margin: 0.5, classWeight: { '-1': 1, 1: 5 } });
voted.fit(
  [
    [0, 1],
    [1, 0],
  ],
  [-1, 1],
  { sampleWeight: [1, 2] },
);
const counts: number[] | undefined = voted.votedVectors?.map((v) => v.count);
const current: number[] = voted.currentWeights;
void [counts, current, new pw.Perceptron({ classWeight: 'balanced', variant: 'pocket' })];
const json: PerceptronJSON = p.toJSON();
const q = pw.Perceptron.fromJSON(JSON.stringify(json));
q.dispose();
p[Symbol.dispose]();
const e: TypeError = new NotFittedError('x');
const d: TypeError = new DisposedError('x');
void [report, flat, labels, scores, accuracy, step, w, e, d, pw.optionNames.length];

// The option schema: enough to build a form.
for (const spec of pw.optionSchema(pw.KernelPerceptron)) {
  const label: string = `${spec.name}: ${spec.description} (${spec.expected})`;
  const choices: string[] = spec.choices ?? [];
  const initial: string | number | boolean | undefined = spec.default;
  if (spec.type === 'integer' && spec.minimum !== undefined) void (spec.minimum + 1);
  void [label, choices, initial];
}
const kindName: ModelKindName = 'Winnow';
void pw.checkOptions(kindName, { alpha: 3 });

// @ts-expect-error: unknown mistake rule
new pw.Perceptron({ mistakeRule: 'hinge' });
// @ts-expect-error: unknown option
new pw.Perceptron({ learnRate: 1 });
// @ts-expect-error: learningRate is a number
new pw.Perceptron({ learningRate: '1' });
// @ts-expect-error: weights are read-only
p.weights = [1];

// pw.Dataset: built once, passed everywhere; splits of a Dataset are Datasets.
const data = pw.Dataset.fromArray(new Float32Array(6), { rows: 3, cols: 2 }, ['a', 'b', 'a'], { dtype: 'float32' });
const fromRows = pw.Dataset.fromArray([
  [0, 1],
  [1, 0],
]);
const dataReport: FitReport = p.fit(data);
const dataLabels = p.predict(data);
const dataAccuracy: number = p.score(data);
const parts = pw.modelSelection.split(data, { test: 0.3 });
const testPart: Dataset | undefined = parts.test;
const partRows: number[] = pw.modelSelection.split(['a', 'b'], { test: 0.5 }).train;
const scaled: Dataset = pw.preprocessing.transform(pw.preprocessing.fitScaler(data), data);
const names: string[] = data.featureNames;
const stored: Float64Array | Float32Array = data.toArray().data;
const separable = pw.analysis.separability(data);
const searched = pw.modelSelection.gridSearch(pw.Perceptron, { margin: [0, 1] }, data, undefined, { cv: 2 });
void [
  dataReport,
  dataLabels,
  dataAccuracy,
  testPart,
  partRows,
  scaled,
  names,
  stored,
  separable,
  searched,
  fromRows.rows,
];
// Sparse rows: CSR as X anywhere, or kept by fromSparse.
const csr: SparseMatrix = { indptr: Uint32Array.of(0, 1, 2), indices: [1, 0], values: [2, 3], cols: 2 };
const sparseData = pw.Dataset.fromSparse(csr, ['a', 'b'], { dtype: 'float32' });
const isSparse: boolean = sparseData.sparse;
const nonZeros: number = sparseData.stored + sparseData.toSparse().indices.length;
const sparseReport: FitReport = new pw.Perceptron().fit(csr, ['a', 'b']);
void [isSparse, nonZeros, sparseReport];
// @ts-expect-error: values are numbers
pw.Dataset.fromSparse({ indptr: [0, 1], indices: [0], values: ['1'], cols: 1 });
// Named features and text.
const named = new pw.Perceptron({ hashing: { bits: 16 } });
named.fit([{ win: 1, money: 2 }, { noon: 1 }], ['spam', 'ham']);
const vocabulary: string[] | undefined = new pw.MulticlassPerceptron().toJSON().vocabulary;
const words: string[] = pw.text.tokenize("Don't stop", { lowercase: false });
const bag: Dataset = pw.text.bagOfWords(['a b', 'b c'], { ngram: [1, 2], binary: true, labels: [1, -1] });
void [vocabulary, words, bag];
// @ts-expect-error: a record's values are numbers
named.predict([{ win: 'yes' }]);
// The structured perceptron: sequences of tokens (feature names or records) and their tags.
const tagger = new pw.StructuredPerceptron({ variant: 'averaged', order: 'shuffle', seed: 1 });
const tagged: FitReport = tagger.fit([[['w=the'], { 'w=dog': 1 }]], [['D', 'N']], {
  onStep: (step) => step.mistake,
});
const tagsOut: (string | number)[][] = tagger.predict([[['w=the']]]);
const taggerJson: string = JSON.stringify(pw.StructuredPerceptron.fromJSON(tagger.toJSON()));
void [tagged, tagsOut, taggerJson];
// Its trainer (a step is a sentence) and a sentence's lattice.
const sentenceTrainer = tagger.trainer([[['w=the'], ['w=dog']]], [['D', 'N']]);
const sentenceStep: SequenceStep | null = sentenceTrainer.step();
const taggerEpoch: number | undefined = sentenceTrainer.finishEpoch({ maxSteps: 3 })?.mistakes;
const taggerDone: boolean = sentenceTrainer.run().converged && sentenceTrainer.state.done;
const lattice: Lattice = tagger.lattice([['w=the'], { 'w=dog': 2 }]);
const latticeBest: number = lattice.best[1][lattice.back[1][0]] + lattice.score;
const latticePath: Tag[] = lattice.path;
void [sentenceStep?.differing, taggerEpoch, taggerDone, latticeBest, latticePath];
// @ts-expect-error: a trainer takes no options (the model's are used)
tagger.trainer([[['w=the']]], [['D']], { maxEpochs: 3 });
// @ts-expect-error: the structured perceptron has no voted variant
new pw.StructuredPerceptron({ variant: 'voted' });
data.dispose();
const held: number = pw.memory().inUse;
void held;
// @ts-expect-error: dtype is 'float64' or 'float32'
pw.Dataset.fromArray([[1]], undefined, undefined, { dtype: 'int8' });
// @ts-expect-error: a Dataset is not rebuilt from a Dataset (toArray() gives its values)
pw.Dataset.fromArray(data);
// @ts-expect-error: rows is read-only
data.rows = 2;

// A trainer: Perceptron steps are trace steps; the state and the report are typed.
const trainer = p.trainer([[0, 1]], ['a'], { sampleWeight: [1] });
const traced: TraceStep | null = trainer.step();
const epochDone: number | undefined = trainer.finishEpoch()?.mistakes;
const trainerReport: FitReport = trainer.run({ maxSteps: 10 });
const finished: boolean = trainer.state.done;
// @ts-expect-error a trainer takes no callbacks: its caller sees every step
p.trainer([[0, 1]], ['a'], { onStep: () => {} });
// @ts-expect-error maxSteps is a number
trainer.run({ maxSteps: '10' });
void [traced, epochDone, trainerReport, finished];

// One generic Model: code written for any kind takes every kind.
function accuracyOf<O, J, F, S, D>(model: Model<O, J, F, S, D>, X: number[][], y: Label[]): number {
  model.fit(X, y);
  return model.score(X, y);
}
const anyKind: number[] = [
  accuracyOf(new pw.Perceptron(), [[0, 1]], ['a']),
  accuracyOf(new pw.MulticlassPerceptron(), [[0, 1]], ['a']),
  accuracyOf(new pw.KernelPerceptron(), [[0, 1]], ['a']),
  accuracyOf(new pw.Winnow(), [[0, 1]], ['a']),
  accuracyOf(new pw.PassiveAggressive(), [[0, 1]], ['a']),
];
const kinds: ModelKind<Winnow, WinnowOptions, WinnowJSON> = pw.Winnow;
const restored: Winnow = kinds.fromJSON(new pw.Winnow().toJSON());
// @ts-expect-error a Winnow's saved object is not a Perceptron's
pw.Perceptron.fromJSON(new pw.Winnow().toJSON());
void [anyKind, restored];

// CSV: fromCsv and fromStream options, the parse and preview results, CsvError's place.
const fromText: Dataset = pw.Dataset.fromCsv('x,y\n1,a\n', { label: 'y', missing: 'drop', dtype: 'float32' });
const dropped: number = fromText.droppedRows;
const streamed: Promise<Dataset> = pw.Dataset.fromStream(new Blob(['x,y\n1,a\n']), {
  features: [0],
  onProgress: ({ bytesRead, totalBytes, rows }) => void [bytesRead, totalBytes, rows],
  signal: new AbortController().signal,
});
const table: CsvTable = pw.csv.parse(new Uint8Array(0), { header: false, maxRows: 5 });
const firstColumnNumeric: boolean | undefined = pw.csv.preview('a\n1\n').columns[0]?.numeric;
try {
  pw.Dataset.fromCsv('');
} catch (e) {
  if (e instanceof CsvError) void [e.line, e.column];
  if (e instanceof pw.CsvError) void e.line;
}
// @ts-expect-error the delimiter is one of four
pw.Dataset.fromCsv('', { delimiter: ':' });
// @ts-expect-error missing is 'error' or 'drop'
pw.Dataset.fromCsv('', { missing: 'skip' });
const spiral: Dataset = pw.Dataset.generate('spiral', { rows: 50, seed: 1, noise: 0.2 });
// @ts-expect-error the kinds are named
pw.Dataset.generate('moons');
void [dropped, streamed, table, firstColumnNumeric, spiral];

// perceptron-wasm/playground: the element by its tag, its events' details typed.
const playground: PerceptronPlaygroundElement | null = document.querySelector('perceptron-playground');
playground?.addEventListener('step', (event) => {
  const step: PlaygroundStepDetail = event.detail;
  void [step.t, step.epoch, step.index, step.mistake];
});
playground?.addEventListener('trained', (event) => {
  const report: PlaygroundTrainedDetail = event.detail;
  const sameReport: FitReport = report;
  void [report.epochs, report.converged, sameReport];
});
// @ts-expect-error a step record has no weights field
playground?.addEventListener('step', (event) => void event.detail.weights);
void playground?.ready.then(() => playground.playground);
