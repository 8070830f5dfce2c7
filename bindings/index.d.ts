// Type declarations for perceptron-wasm. Hand-written; kept true with bindings/index.js.

/**
 * The perceptron family as the lecture notes teach it, compiled to WebAssembly: `await load()`
 * gives the API ({@link PerceptronWasm}). The guides in docs/ explain it; this reference lists every
 * class, option, default and error.
 * @module perceptron-wasm
 */

// Symbol.dispose (explicit resource management, TypeScript 5.2+) is declared here too, so that
// the types compile under any target and lib, as @types/node does: with lib esnext (or
// esnext.disposable) this merges with TypeScript's own declaration.
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

import type { Analysis } from './js/analysis.js';
import type { Dataset, DatasetClass } from './js/dataset.js';
import type { DisposedError, NotFittedError } from './js/errors.js';
import type { FisherDiscriminant, FisherDiscriminantClass } from './js/fisher-discriminant.js';
import type { KernelPerceptron, KernelPerceptronClass } from './js/kernel-perceptron.js';
import type { Metrics } from './js/metrics.js';
import type { ModelClass, ModelSelection } from './js/model-selection.js';
import type { MulticlassPerceptron, MulticlassPerceptronClass } from './js/multiclass-perceptron.js';
import type { ModelKindName, OptionSpec } from './js/options.js';
import type { PassiveAggressive, PassiveAggressiveClass } from './js/passive-aggressive.js';
import type { Perceptron, PerceptronClass } from './js/perceptron.js';
import type { Preprocessing } from './js/preprocessing.js';
import type { TextApi } from './js/text.js';
import type { VisitOrderOptions } from './js/visit-order.js';
import type { Winnow, WinnowClass } from './js/winnow.js';
import type { CsvApi, CsvDatasetOptions, CsvError, CsvInput, CsvStreamOptions, CsvStreamSource } from './js/csv.js';
export type {
  CsvApi,
  CsvColumnGuess,
  CsvDatasetOptions,
  CsvDialectOptions,
  CsvInput,
  CsvParseOptions,
  CsvProgress,
  CsvStreamOptions,
  CsvStreamSource,
  CsvTable,
  NodeReadableLike,
} from './js/csv.js';
export { CsvError } from './js/csv.js';
import type { StructuredPerceptronClass } from './js/structured-perceptron.js';
export type {
  Lattice,
  SequenceStep,
  StructuredJSON,
  StructuredOptions,
  StructuredPerceptron,
  StructuredPerceptronClass,
  Tag,
  Token,
} from './js/structured-perceptron.js';

// The types by area, each beside its module in js/.
export type {
  Label,
  Matrix,
  NamedFeatures,
  Hashing,
  SparseMatrix,
  DType,
  Dataset,
  GeneratedKind,
  DatasetClass,
  Labels,
  Vector,
} from './js/dataset.js';
export type {
  MistakeRule,
  Order,
  Variant,
  PerceptronOptions,
  SharedOptions,
  Scaling,
  ResolvedOptions,
  ModelKindName,
  OptionSpec,
} from './js/options.js';
export type {
  TraceStep,
  EpochSummary,
  EpochEvent,
  FitOptions,
  PartialFitOptions,
  FitReport,
  LearnOneOptions,
  BatchFitOptions,
} from './js/fitting.js';
export type {
  TrainerStep,
  DetailedTrainerStep,
  KernelTrainerStep,
  WinnowTrainerStep,
  PassiveAggressiveTrainerStep,
  TrainerState,
  Trainer,
  TrainerOptions,
} from './js/trainer.js';
export type { Model, ModelKind } from './js/model.js';
export { NotFittedError, DisposedError } from './js/errors.js';
export type { PerceptronJSON, VotedVector, Perceptron, PerceptronClass } from './js/perceptron.js';
export type {
  Strategy,
  MulticlassOptions,
  MulticlassTraceStep,
  BinaryModelStep,
  MulticlassEpochEvent,
  BinaryModelEpochEvent,
  MulticlassFitOptions,
  MulticlassJSON,
  MulticlassPerceptron,
  MulticlassPerceptronClass,
} from './js/multiclass-perceptron.js';
export type { KernelOptions, KernelJSON, KernelPerceptron, KernelPerceptronClass } from './js/kernel-perceptron.js';
export type { WinnowOptions, WinnowJSON, Winnow, WinnowClass } from './js/winnow.js';
export type {
  PassiveAggressiveOptions,
  PassiveAggressiveJSON,
  PassiveAggressive,
  PassiveAggressiveClass,
} from './js/passive-aggressive.js';
export type { VisitOrderOptions } from './js/visit-order.js';
export type { Separable, Inseparable, MistakeBound, Analysis } from './js/analysis.js';
export type { LossOptions, ClassificationReport, Metrics } from './js/metrics.js';
export type { FittedScaler, Preprocessing } from './js/preprocessing.js';
export type { ModelClass, GridSearchResult, ModelSelection } from './js/model-selection.js';
export type { FisherDiscriminant, FisherDiscriminantClass } from './js/fisher-discriminant.js';
export type { TextApi } from './js/text.js';

export interface PerceptronWasm {
  Dataset: DatasetClass;
  /** The CSV tokenizer on its own: parse and preview. */
  csv: CsvApi;
  text: TextApi;
  analysis: Analysis;
  metrics: Metrics;
  preprocessing: Preprocessing;
  modelSelection: ModelSelection;
  FisherDiscriminant: FisherDiscriminantClass;
  Perceptron: PerceptronClass;
  MulticlassPerceptron: MulticlassPerceptronClass;
  KernelPerceptron: KernelPerceptronClass;
  Winnow: WinnowClass;
  PassiveAggressive: PassiveAggressiveClass;
  StructuredPerceptron: StructuredPerceptronClass;
  /**
   * The rows fit visits, in order, for an order and seed (epoch e is the e-th block of `rows`
   * visits). Calling learnOne in this order reproduces fit step for step: how a page steps
   * through training one example at a time.
   */
  visitOrder(options: VisitOrderOptions): Uint32Array;
  /**
   * null when `new pw[kind](options)` would succeed, else the message it would throw (it makes
   * the model and frees it at once), as LIBLINEAR's check_parameter. `kind` is a model class
   * or its name ('Perceptron', 'MulticlassPerceptron', 'KernelPerceptron', 'Winnow',
   * 'PassiveAggressive').
   */
  checkOptions(
    kind: ModelKindName | ModelClass | 'StructuredPerceptron' | StructuredPerceptronClass,
    options: Record<string, unknown>,
  ): string | null;
  /**
   * Every option a model kind takes, in documentation order (the kind's own first), as the core
   * checks it: what a form or a URL reader needs to offer only valid values. A fresh array of
   * fresh objects on each call.
   */
  optionSchema(kind: ModelKindName | ModelClass): OptionSpec[];
  /**
   * Wasm memory in bytes: `inUse` held by live models and Datasets (what dispose gives back) plus
   * the few kilobytes the module itself keeps,
   * `heap` the allocator's heap, `total` the whole memory (it grows, up to 4 GB, never shrinks).
   */
  memory(): { inUse: number; heap: number; total: number };
  NotFittedError: typeof NotFittedError;
  DisposedError: typeof DisposedError;
  CsvError: typeof CsvError;
  /** The option names `new Perceptron` knows, in documentation order. */
  optionNames: readonly string[];
  FORMAT: 'perceptron-wasm/Perceptron';
  MULTICLASS_FORMAT: 'perceptron-wasm/MulticlassPerceptron';
  KERNEL_FORMAT: 'perceptron-wasm/KernelPerceptron';
  WINNOW_FORMAT: 'perceptron-wasm/Winnow';
  PA_FORMAT: 'perceptron-wasm/PassiveAggressive';
  STRUCTURED_FORMAT: 'perceptron-wasm/StructuredPerceptron';
  FORMAT_VERSION: 1;
}

export interface LoadOptions {
  /**
   * Where the .wasm is, for hosts that move it (a CDN, an asset pipeline, a strict CSP that
   * allows 'wasm-unsafe-eval' but no other origin). By default the package reads
   * `new URL('../perceptron-core.wasm', import.meta.url)` (which Vite and webpack copy into a
   * build), and when that fails its inlined copy (perceptron-core-inline.js, which esbuild
   * bundles). Given this option, it uses exactly that and reports its failure:
   * - a URL or string: fetched (a `file:` URL is read under Node);
   * - a Response, or a promise of one (`fetch(url, {integrity})`): compiled while streaming
   *   when served as application/wasm;
   * - bytes: an ArrayBuffer or typed array;
   * - a WebAssembly.Module compiled elsewhere (for example sent to a worker by postMessage).
   * Anything else is a TypeError naming `option wasm`. Only the first call of load() uses it.
   */
  wasm?: string | URL | Response | PromiseLike<Response> | ArrayBuffer | ArrayBufferView | WebAssembly.Module;
}

/**
 * Compiles and instantiates the module once; later calls return the same API object, whatever
 * options they are given. A failed load (network, a bad option) can be retried. A page whose
 * Content-Security-Policy refuses WebAssembly gets an Error naming the policy and
 * 'wasm-unsafe-eval', whatever else failed before (an esbuild bundle's missing file, HTTP 404).
 */
export default function load(options?: LoadOptions): Promise<PerceptronWasm>;

export declare const FORMAT: 'perceptron-wasm/Perceptron';
export declare const MULTICLASS_FORMAT: 'perceptron-wasm/MulticlassPerceptron';
export declare const KERNEL_FORMAT: 'perceptron-wasm/KernelPerceptron';
export declare const WINNOW_FORMAT: 'perceptron-wasm/Winnow';
export declare const PA_FORMAT: 'perceptron-wasm/PassiveAggressive';
export declare const STRUCTURED_FORMAT: 'perceptron-wasm/StructuredPerceptron';
export declare const FORMAT_VERSION: 1;
