// perceptron-wasm/playground: importing the module defines <perceptron-playground> (once per
// page). Built into dist/playground/index.d.ts by scripts/playground.mjs.
import type { FitReport, TrainerStep } from '../index.js';

/** The detail of a `step` event: the step record of a Step or a Play step (epoch counted from the link's start). */
export type PlaygroundStepDetail = TrainerStep;

/** The detail of a `trained` event: the report of the fit Train ran in the Worker. */
export type PlaygroundTrainedDetail = FitReport;

export interface PerceptronPlaygroundEventMap extends HTMLElementEventMap {
  /** The playground is drawn (its `src` data loaded, when it has one). */
  ready: Event;
  /** One step of Step or Play. */
  step: CustomEvent<PlaygroundStepDetail>;
  /** Train ended with a model. */
  trained: CustomEvent<PlaygroundTrainedDetail>;
}

/**
 * `<perceptron-playground>`. Attributes, read when it connects: `dataset` (a preset, or `spam`: text), `model`,
 * `state` (a shared link's hash), `hide` (controls to hide), `quiz` (quiz mode, a boolean
 * attribute: before each step the student says whether it is a mistake and gives the new w and
 * b, and the page scores the answer), `sync-url` (the page's address is its state; `?hide=` and
 * `?quiz` in it count too), `src` (a CSV file's URL, resolved against the page, read as an upload
 * is) and `label` (the name of `src`'s label column; the last column when absent).
 */
export declare class PerceptronPlaygroundElement extends HTMLElement {
  /** Resolves once the playground is drawn and its `src` read; rejects when the package could not load. */
  readonly ready: Promise<void>;
  /** The controller once the element has started (no stable API: for tests and the console). */
  readonly playground: unknown;
  addEventListener<K extends keyof PerceptronPlaygroundEventMap>(
    type: K,
    listener: (this: PerceptronPlaygroundElement, event: PerceptronPlaygroundEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof PerceptronPlaygroundEventMap>(
    type: K,
    listener: (this: PerceptronPlaygroundElement, event: PerceptronPlaygroundEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'perceptron-playground': PerceptronPlaygroundElement;
  }
}
