// Quiz mode (the `quiz` attribute, or ?quiz with sync-url): before a step is shown, the student
// says whether it is a mistake and gives the new w and b (typed, or by dragging the line on the
// plane); the page then takes the step, scores the answer against the package's step record,
// shows the right answer beside the given one and keeps a tally.
//
// The step is taken only when the answer is checked, so until then its trace row does not exist
// at all, and the Theory region is withheld (display: none, so out of the accessibility tree too),
// with the theory's marks on the plane and the rings of the points misclassified now. The question names the example the step will visit
// (pw.visitOrder, which every run of the trainer follows) and the w and b it starts from. Epoch,
// Play and Train are off while the quiz asks, so that every step is a question; Step checks the
// answer, then asks the next. Models whose steps are not asked about (quiz-rules.js's
// unsupportedReason) run as usual, and the panel says why.
import { sortClasses } from '../shell/data.js';
import { loadExercise } from './quiz-exercise.js';
import { QuizPanel, questionText } from './quiz-panel.js';
import { drawQuizMarks, wireHandles } from './quiz-plane.js';
import { exact, nextRow, readAnswer, ruleLine, scoreAnswer, unsupportedReason } from './quiz-rules.js';
import { close } from '../shell/tolerance.js';

const tallyText = ({ right, answered }) => `${right} of ${answered} right`;
const vector = (v) => `(${v.map(exact).join(', ')})`;

export class Quiz {
  #pg;
  #panel;
  #reason = null; // why the current model is not quizzed, or null
  #question = null; // the open question: {session, stamp, t, index, row, x, label, y, weights, bias, classes}
  #answered = null; // after an answer, until the next question: {session, stamp, given, result}
  #marks = null; // drawQuizMarks's handles and line, while they can be dragged
  #view = null; // the plane's view as last drawn
  #exerciseSeed = 0; // the last exercise's seed (New exercise)
  tally = { right: 0, answered: 0 };

  constructor(playground) {
    this.#pg = playground;
    const panel = (this.#panel = new QuizPanel(playground.$('quiz')));
    panel.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.check({ focus: true });
    });
    panel.next.addEventListener('click', () => this.next({ focus: true }));
    panel.newExercise.addEventListener('click', () => this.newExercise());
    // Typed values move the answer's line on the plane as they are typed.
    panel.fields.addEventListener('input', () => playground.render());
    wireHandles(playground.$('plane-box'), playground.$('plane'), {
      marks: () => (this.#question && !playground.runner.busy ? this.#marks : null),
      view: () => this.#view,
      answer: () => this.#planeAnswer(),
      set: (weights, bias) => {
        panel.fill(weights, bias);
        playground.render();
      },
    });
  }

  // What identifies the state a question is about: the session, the data's version and the model.
  #stamp() {
    const { session, version } = this.#pg;
    return JSON.stringify([version, session.t, session.mistakes, session.linear]);
  }

  /**
   * Brings the quiz up to date with the playground (Views.render calls it before drawing): a new
   * question when the model, the data or the weights changed. Returns whether a question is open
   * (the trace's next row and the theory withheld).
   */
  sync() {
    const pg = this.#pg;
    const { session } = pg;
    this.#reason = unsupportedReason(session.kind, session.model.options, pg.sets.train.X.cols) ?? pg.trainingProblem();
    if (this.#reason) {
      this.#question = this.#answered = null;
      return false;
    }
    const stamp = this.#stamp();
    const same = (held) => held?.session === session && held.stamp === stamp;
    if (this.#answered && same(this.#answered)) return false;
    this.#answered = null;
    if (!same(this.#question)) this.#pose(stamp);
    return true;
  }

  #pose(stamp) {
    const { session, sets, pw } = this.#pg;
    const train = sets.train;
    const index = nextRow(pw, session.model.options, train.X.rows, session.runSteps);
    const linear = session.linear;
    const classes = session.model.fitted ? session.model.classes : sortClasses(train.y);
    const label = train.y[index];
    this.#question = {
      session,
      stamp,
      t: session.t + 1,
      index,
      row: train.rows[index],
      x: session.rowOf(index),
      label,
      y: label === classes[1] ? 1 : -1,
      weights: [...linear.weights],
      bias: linear.bias,
      classes,
    };
    const panel = this.#panel;
    panel.setFieldCount(linear.weights.length);
    panel.fill(linear.weights, linear.bias);
    panel.bias.disabled = !session.model.options.fitIntercept;
    for (const input of panel.verdicts) input.checked = false;
    panel.showErrors([]);
    panel.setOutcome('');
  }

  // The answer the plane draws: the inputs' when they all read as numbers, else the question's.
  #planeAnswer() {
    const read = readAnswer({ ...this.#panel.read(), verdict: 'mistake' });
    const q = this.#question;
    return read.answer
      ? { weights: read.answer.weights, bias: read.answer.bias }
      : { weights: q.weights, bias: q.bias };
  }

  /** Step's click: the quiz checks the open answer or asks the next question; false when it does not quiz. */
  stepPressed() {
    if (this.#reason !== null || this.#pg.runner.busy) return false;
    if (this.#answered) this.next({ focus: false });
    else this.check({ focus: false });
    return true;
  }

  /** Reads and scores the answer, then takes the step; a bad answer gets its message, nothing else. */
  check({ focus }) {
    const pg = this.#pg;
    const q = this.#question;
    if (!q || this.#reason || pg.runner.busy) return;
    const read = readAnswer(this.#panel.read());
    this.#panel.showErrors(read.errors ?? []);
    if (read.errors) return;
    pg.runner.act(() => {
      const record = pg.runner.step();
      const options = pg.session.model.options;
      // The question was about this very step: its row, and the score of the w and b it showed.
      const score = q.x.reduce((sum, v, i) => sum + v * q.weights[i], q.bias);
      const result =
        record.index === q.index && close(record.score, score) ? scoreAnswer(read.answer, record, q, options) : null;
      if (result) {
        this.tally.answered += 1;
        if (result.correct) this.tally.right += 1;
      }
      this.#answered = { session: pg.session, stamp: this.#stamp(), given: read.answer, result, record };
      this.#question = null;
      this.#showOutcome(q, record, result);
    });
    if (focus && this.#answered) this.#panel.next.focus();
  }

  #showOutcome(q, record, result) {
    const panel = this.#panel;
    if (!result) {
      const row = this.#pg.sets.train.rows[record.index] + 1;
      panel.setOutcome('Not scored:', `step ${record.t} visited point #${row}, not the one asked.`, true);
      panel.table.replaceChildren();
      return;
    }
    const tally = `${tallyText(this.tally)}.`;
    const what = record.mistake
      ? `Step ${q.t} is a mistake: w = ${vector(record.weights)}, b = ${exact(record.bias)}.`
      : `Step ${q.t} is no mistake: w and b stay.`;
    if (result.correct) panel.setOutcome('Right.', `${what} ${tally}`);
    else panel.setOutcome('Not right.', `${result.reasons.join(' ')} ${tally}`, true);
    panel.showResult(result.rows);
  }

  /** Loads the next exercise (quiz-exercise.js) and asks its first step; an error says why in place. */
  async newExercise() {
    const panel = this.#panel;
    panel.newExercise.disabled = true;
    try {
      const line = await loadExercise(this.#pg, (this.#exerciseSeed += 1));
      panel.exercise.textContent = line;
      panel.exercise.classList.remove('error');
    } catch (error) {
      this.#exerciseSeed -= 1;
      panel.exercise.textContent = `No new exercise: ${error.message}`;
      panel.exercise.classList.add('error');
    } finally {
      panel.newExercise.disabled = false;
    }
  }

  /** The next question (after an answer). */
  next({ focus }) {
    this.#answered = null;
    this.#pg.render();
    if (focus && this.#question) this.#panel.verdicts[0].focus();
  }

  /**
   * After Views.render drew the plane (`shown`: drawPlane's result; modelSpace: whether it shows
   * the model's own two features): the panel, the buttons quiz mode turns off, the withheld
   * theory and the quiz's marks on the plane.
   */
  drawn(shown, modelSpace) {
    const pg = this.#pg;
    const panel = this.#panel;
    const q = this.#question;
    const quizzing = this.#reason === null;
    panel.tally.textContent = tallyText(this.tally);
    panel.reason.hidden = quizzing;
    panel.reason.textContent = this.#reason ?? '';
    panel.form.hidden = !q;
    panel.result.hidden = !this.#answered?.result;
    panel.outcome.hidden = !quizzing;
    panel.note.hidden = !quizzing;
    if (q) panel.question.textContent = questionText(q);
    if (q) panel.rule.textContent = `Rule: ${ruleLine(pg.session.model.options, q.classes)}`;
    if (quizzing) for (const id of ['epoch', 'play', 'train']) pg.$(id).disabled = true;
    pg.root.querySelector('.theory-region')?.classList.toggle('quiz-withheld', q !== null);
    this.#view = shown?.view ?? null;
    const draggable = !!q && modelSpace && q.weights.length === 2;
    const shift = draggable && pg.session.model.options.fitIntercept;
    panel.dragHelp.hidden = !draggable;
    panel.setDragHelp(shift);
    pg.$('plane').classList.toggle('quiz-handles', draggable);
    this.#marks = null;
    if (!shown) return;
    const point = q && pg.data.points[q.row];
    const given = this.#answered?.result && this.#answered.given;
    const answer = draggable
      ? this.#planeAnswer()
      : given?.mistake && modelSpace && given.weights.length === 2
        ? given
        : null;
    const marks = drawQuizMarks(pg.$('plane'), shown.view, {
      asked: point ? [point.x, point.y] : null,
      answer,
      handles: draggable,
      shift,
    });
    if (draggable) this.#marks = marks;
  }

  /** For getState(): the quiz as tests see it. */
  state() {
    const q = this.#question;
    return {
      reason: this.#reason,
      phase: this.#reason ? 'off' : q ? 'asking' : 'answered',
      question: q && {
        t: q.t,
        index: q.index,
        row: q.row,
        x: [...q.x],
        label: q.label,
        weights: [...q.weights],
        bias: q.bias,
      },
      tally: { ...this.tally },
      marks: this.#marks && { w: this.#marks.w, shift: this.#marks.shift },
      view: this.#view && { ...this.#view },
    };
  }
}
