// Quiz mode's "New exercise": the course tools' 'epoch' exercise (perceptron-wasm/course, loaded
// when first asked for) as the page's points and Perceptron, so that the quiz asks its steps one
// by one. The exercise keeps the page's conventions (mistake rule, order, learning rate,
// intercept), so an instructor sets them first; its seeds count up from 1 on each page, and the
// link then holds the exercise's points and options, so a shared link asks the same questions.
import { initialOptions } from '../shell/options.js';

const CONVENTIONS = ['mistakeRule', 'order', 'learningRate', 'fitIntercept'];

/**
 * Replaces the playground's data and model with exercise `seed`'s; returns a line that names it.
 * Throws (the page's state as it was) when the exercise cannot be made or Train is running.
 */
export async function loadExercise(pg, seed) {
  if (pg.runner.busy) throw new Error('Train is running: press Stop first.');
  const { exercise } = await import('../pkg/course/index.js');
  const current = pg.session.kind === 'Perceptron' ? pg.session.model.options : {};
  const conventions = Object.fromEntries(
    CONVENTIONS.filter((k) => current[k] !== undefined).map((k) => [k, current[k]]),
  );
  const { statement } = await exercise('epoch', { seed, ...conventions });
  pg.loadPoints(statement.X.map(([x, y], i) => ({ x, y, label: statement.y[i] })));
  pg.useModel('Perceptron', { ...initialOptions(pg.fieldsOf('Perceptron')), ...statement.options });
  pg.writeHash();
  pg.render();
  const { mistakeRule, learningRate } = statement.options;
  return `Exercise ${seed}: one epoch by hand on ${statement.X.length} points, mistake rule '${mistakeRule}', learning rate ${learningRate}.`;
}
