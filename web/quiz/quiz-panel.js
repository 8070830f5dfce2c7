// Quiz mode's panel (quiz.js drives it): the question, the rule line, the verdict (two radio
// buttons), the new w and b (text fields that take any number: a bad one gets a message naming
// it, and nothing else happens), Check answer; then the outcome in an aria-live region, the given
// and the right answer side by side, and the tally. Built with dom.js's el: text is text.
import { el } from '../shell/dom.js';
import { exact, weightName } from './quiz-rules.js';

let panels = 0;

export class QuizPanel {
  /** The inputs of the weights (as many as the data has features) and of b. */
  weightInputs = [];

  /** container: the template's #quiz section. */
  constructor(container) {
    const id = `quiz-${++panels}`;
    this.id = id;
    this.container = container;
    this.tally = el('p', { class: 'quiz-tally', id: `${id}-tally` });
    this.reason = el('p', { class: 'quiz-reason', role: 'status' });
    this.question = el('p', { class: 'quiz-question', id: `${id}-question` });
    this.rule = el('p', { class: 'quiz-rule', id: `${id}-rule` });
    this.verdicts = ['mistake', 'correct'].map((value) =>
      el('input', { type: 'radio', name: `${id}-verdict`, value, id: `${id}-${value}` }),
    );
    const verdict = el('fieldset', { class: 'quiz-verdict', 'aria-describedby': `${id}-question ${id}-rule` }, [
      el('legend', { text: 'Is this step a mistake (an update)?' }),
      el('label', { for: `${id}-mistake` }, [this.verdicts[0], ' Mistake']),
      el('label', { for: `${id}-correct` }, [this.verdicts[1], ' No mistake (w and b stay)']),
    ]);
    this.fields = el('div', { class: 'quiz-fields' });
    this.bias = this.#input('b');
    this.weightsBox = el('fieldset', { class: 'quiz-weights' }, [
      el('legend', { text: 'w and b after the step' }),
      this.fields,
    ]);
    this.dragHelp = el('p', { class: 'quiz-help' });
    this.error = el('p', { class: 'error quiz-error', role: 'alert', id: `${id}-error` });
    this.check = el('button', { type: 'submit', class: 'primary', text: 'Check answer' });
    this.form = el('form', { class: 'quiz-form', noValidate: true, 'aria-label': 'Your answer' }, [
      this.question,
      this.rule,
      verdict,
      this.weightsBox,
      this.dragHelp,
      this.error,
      el('div', { class: 'quiz-buttons' }, [this.check]),
    ]);
    this.outcome = el('p', { class: 'quiz-outcome', 'aria-live': 'polite', id: `${id}-outcome` });
    this.table = el('table', { class: 'quiz-table' });
    this.next = el('button', { type: 'button', class: 'primary', text: 'Next question' });
    this.result = el('div', { class: 'quiz-result' }, [this.table, el('div', { class: 'quiz-buttons' }, [this.next])]);
    this.note = el('p', {
      class: 'quiz-help',
      text: 'Quiz mode: Epoch, Play and Train are off, so that every step is a question; Step checks the answer, then asks the next.',
    });
    this.newExercise = el('button', { type: 'button', class: 'quiz-new', text: 'New exercise' });
    this.exercise = el('p', { class: 'quiz-exercise', role: 'status' });
    container.append(
      el('div', { class: 'quiz-head' }, [el('h2', { id: `${id}-title`, text: 'Quiz' }), this.tally, this.newExercise]),
      this.exercise,
      this.reason,
      this.form,
      this.outcome,
      this.result,
      this.note,
    );
    container.setAttribute('aria-labelledby', `${id}-title`);
    container.hidden = false;
  }

  #input(name) {
    const input = el('input', {
      type: 'text',
      inputMode: 'decimal',
      autocomplete: 'off',
      spellcheck: false,
      id: `${this.id}-${name}`,
      'aria-describedby': `${this.id}-error`,
    });
    input.dataset.name = name;
    return input;
  }

  /** One input per weight (kept while the count is the same) and b; returns all of them. */
  setFieldCount(cols) {
    if (this.weightInputs.length !== cols) {
      this.weightInputs = Array.from({ length: cols }, (_, i) => this.#input(weightName(i)));
      const labelled = (input) =>
        el('label', { class: 'quiz-field', for: input.id }, [el('span', { text: input.dataset.name }), input]);
      this.fields.replaceChildren(...this.weightInputs.map(labelled), labelled(this.bias));
    }
    return [...this.weightInputs, this.bias];
  }

  /** The line under the inputs on dragging the answer on the plane; `shift`: b can be dragged too. */
  setDragHelp(shift) {
    const line = shift ? '; the dot on the dashed line shifts it, which sets b' : '';
    this.dragHelp.textContent = `Or drag on the plane: the dot at the tip of w (drawn from 0) sets w${line}. Alt: finer steps.`;
  }

  /** What the form holds: {verdict, weights: string[], bias: string}. */
  read() {
    const chosen = this.verdicts.find((input) => input.checked);
    return {
      verdict: chosen ? chosen.value : null,
      weights: this.weightInputs.map((input) => input.value),
      bias: this.bias.value,
    };
  }

  /** Puts {weights, bias} into the inputs, exactly (as JavaScript writes the numbers back). */
  fill(weights, bias) {
    weights.forEach((w, i) => (this.weightInputs[i].value = exact(w)));
    this.bias.value = exact(bias);
  }

  /** The errors of readAnswer ([{field, message}]) in place; [] clears them. Focuses the first. */
  showErrors(errors) {
    this.error.textContent = errors.map((e) => e.message).join(' ');
    if (errors.length > 0) this.error.textContent += ' Nothing was scored; your answer is kept.';
    const bad = new Set(errors.map((e) => e.field));
    for (const input of [...this.weightInputs, this.bias])
      input.setAttribute('aria-invalid', String(bad.has(input.dataset.name)));
    this.verdicts.forEach((input) => input.setAttribute('aria-invalid', String(bad.has('verdict'))));
    const first = errors[0]?.field;
    if (first === 'verdict') this.verdicts[0].focus();
    else if (first) [...this.weightInputs, this.bias].find((input) => input.dataset.name === first)?.focus();
  }

  /** The outcome, announced: `lead` in bold ('Right.'), then `details`; '' clears it. */
  setOutcome(lead, details = '', wrong = false) {
    this.outcome.replaceChildren(...(lead ? [el('strong', { text: lead }), details ? ` ${details}` : ''] : []));
    this.outcome.classList.toggle('wrong', wrong);
  }

  /** The scored answer: the given and right answers side by side, the wrong cells marked. */
  showResult(rows) {
    const cell = (text, wrong) => el('td', { class: wrong ? 'wrong' : '' }, [wrong ? `✗ ${text}` : text]);
    this.table.replaceChildren(
      el('caption', { text: 'Your answer and the right one' }),
      el('thead', {}, [
        el('tr', {}, [
          el('th', { scope: 'col', text: '' }),
          el('th', { scope: 'col', text: 'yours' }),
          el('th', { scope: 'col', text: 'right' }),
        ]),
      ]),
      el(
        'tbody',
        {},
        rows.map((row) =>
          el('tr', {}, [el('th', { scope: 'row', text: row.name }), cell(row.given, row.wrong), cell(row.expected)]),
        ),
      ),
    );
  }
}

/** The question in words: the step, the example, its label and the weights it starts from. */
export function questionText({ t, row, x, label, y, weights, bias }) {
  const sign = y > 0 ? '+1' : '−1';
  const labelText = label === y ? sign : `${label} (y = ${sign})`;
  return (
    `Step ${t}: point #${row + 1}, x = (${x.map(exact).join(', ')}), label ${labelText}. ` +
    `Before it: w = (${weights.map(exact).join(', ')}), b = ${exact(bias)}.`
  );
}
