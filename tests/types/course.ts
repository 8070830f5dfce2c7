// perceptron-wasm/course's declarations, compiled with tests/types/usage.ts (tests/js/types.test.mjs
// and, from the tarball, tests/pack/types.test.mjs): documented uses type-check, wrong ones do not.
import {
  curveSvg,
  exercise,
  grade,
  planeSvg,
  traceLatex,
  traceMarkdown,
  type Exercise,
  type GradeResult,
} from 'perceptron-wasm/course';

export async function course(): Promise<number> {
  const epoch = await exercise('epoch', { seed: 3, rows: 5, mistakeRule: 'sign', decimals: 1 });
  const steps: Array<{ weights: number[]; bias: number; mistake: boolean }> = epoch.answer;
  const verdict: { correct: boolean; message: string } = epoch.check(steps);
  const count: Exercise<'mistakes'> = await exercise('mistakes', { seed: 1 });
  const mistakes: number = count.answer;
  const text: string = count.statement.text;
  // @ts-expect-error: not an exercise kind
  await exercise('epochs', { seed: 1 });
  // @ts-expect-error: mistakeRule is one of the Perceptron's
  await exercise('epoch', { mistakeRule: 'zero' });

  const records = [{ weights: [0, 1], bias: 1 }];
  const result: GradeResult = await grade(records, { X: [[1, 2]], y: [1], options: { maxEpochs: 1 } });
  const code: string | undefined = result.diagnosis?.code ?? result.error?.code;
  // @ts-expect-error: an assignment needs its labels
  await grade(records, { X: [[1, 2]] });
  void [verdict, mistakes, text, code];
  return result.score;
}

export function exports(trace: Array<{ t: number; epoch: number; index: number; weights: number[]; bias: number }>) {
  const markdown: string = traceMarkdown(trace, { digits: 2, mistakes: 'bold' });
  const latex: string = traceLatex(trace, { caption: 'Epoch 1', label: 'tab:e1' });
  const plane: string = planeSvg({ X: [[0, 1]], y: [1], weights: [1, 0], bias: 0 });
  const curve: string = curveSvg({ history: [{ epoch: 1, mistakes: 2, trainError: 0.5 }], width: 400 });
  // @ts-expect-error: mistakes is 'column', 'bold', 'both' or 'none'
  traceMarkdown(trace, { mistakes: 'italic' });
  // @ts-expect-error: curveSvg needs a history
  curveSvg({ width: 400 });
  return [markdown, latex, plane, curve];
}
