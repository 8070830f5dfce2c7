// Quiz mode (issue 28, item 4): on the CMU lecture example as points, ?quiz (or the element's
// quiz attribute) asks before each step whether it is a mistake and what w and b become; the
// answers are scored against the slide's weights (tests/js/helpers.mjs's CMU_WEIGHTS, checked
// against pw.Perceptron in Node): right by typing, wrong (the right answer and what was wrong
// shown), "no mistake", by dragging the line, through the Step button; the tally counts them.
// Until an answer, the step's trace row does not exist and the Theory region is out of sight and
// out of the accessibility tree; after it, both are there. A non-number gets its message and
// changes nothing. Models quiz mode does not ask about say so and work as usual. Screenshots at
// 1280 and 375 px wide.
//   node --test tests/e2e/page-quiz.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CMU_WEIGHTS, CMU_X, CMU_Y } from '../js/helpers.mjs';
import { DESKTOP, chooseModel, loadPackage, shots, useBrowser, withDemo, withPage } from './browser.mjs';

useBrowser();

const NARROW = { viewport: { width: 375, height: 812 }, isMobile: true };
const CMU_POINTS = CMU_X.map(([a, b], i) => `${a},${b},${CMU_Y[i]}`).join(';');
/** The lecture's conventions: sign(a) = +1 iff a >= 0, no bias. */
const CMU_LINK = `data=points&points=${CMU_POINTS}&model=Perceptron&rule=sign&intercept=0`;

/** fit's step records in Node on the CMU points under these options. */
async function reference(options) {
  const pw = await loadPackage();
  const model = new pw.Perceptron(options);
  const steps = [];
  model.fit(CMU_X, CMU_Y, { onStep: (step) => void steps.push(step) });
  model.dispose();
  return steps;
}

const quizOf = (scope) => scope.getByRole('region', { name: 'Quiz', exact: true });
const weightLabel = (i) => `w${'₁₂'[i]}`;

/** Fills the quiz's answer: the verdict, then the weights and b that are given. */
async function answer(quiz, { mistake, weights = [], bias }) {
  await quiz.getByLabel(mistake ? 'Mistake' : 'No mistake (w and b stay)', { exact: true }).check();
  for (const [i, w] of weights.entries()) await quiz.getByLabel(weightLabel(i), { exact: true }).fill(String(w));
  if (bias !== undefined) await quiz.getByLabel('b', { exact: true }).fill(String(bias));
}

/** What is withheld until the answer, as the accessibility tree and the eye have it. */
async function revealed(page) {
  return {
    theory: await page.getByRole('heading', { name: 'Theory', exact: true }).count(),
    theoryVisible: await page.locator('.theory-region').isVisible(),
    traceRows: await page.getByRole('table', { name: 'Trace' }).locator('tbody tr.trace-row').count(),
  };
}

const outcome = (quiz) => quiz.locator('.quiz-outcome').textContent();
const tally = (quiz) => quiz.locator('.quiz-tally').textContent();

test('?quiz on the CMU example: typed answers scored, the trace row and theory withheld until answered', async () => {
  const steps = await reference({ mistakeRule: 'sign', fitIntercept: false });
  steps.slice(0, 6).forEach((s, i) => assert.deepEqual(s.weights, CMU_WEIGHTS[i], `Node step ${i + 1}`));
  const mistakes = steps.map((s) => s.mistake);
  assert.deepEqual(mistakes.slice(0, 6), [true, false, true, false, true, false]);

  await withDemo(`?quiz#${CMU_LINK}`, { viewport: DESKTOP }, async ({ page, state, button }) => {
    const quiz = quizOf(page);
    let s = await state();
    assert.deepEqual([s.t, s.trace, s.quiz.phase, s.quiz.reason], [0, 0, 'asking', null]);
    assert.match(await quiz.locator('.quiz-question').textContent(), /^Step 1: point #1, x = \(−1, 2\), label −1\./);
    assert.equal(
      await quiz.locator('.quiz-rule').textContent(),
      'Rule: Mistake iff the prediction is wrong, predicting +1 iff w·x + b ≥ 0 (mistakeRule sign); then w ← w + η·y·x with η = 1; b stays (fitIntercept false).',
    );
    // The inputs start at the current w and b; b is not learned here.
    assert.deepEqual([await quiz.getByLabel('w₁').inputValue(), await quiz.getByLabel('w₂').inputValue()], ['0', '0']);
    assert.equal(await quiz.getByLabel('b', { exact: true }).isDisabled(), true);
    // Epoch, Play and Train are off in quiz mode; Step stays.
    for (const name of ['Epoch', 'Play', 'Train']) assert.equal(await button(name).isDisabled(), true, name);
    assert.equal(await button('Step').isDisabled(), false);
    assert.deepEqual(await revealed(page), { theory: 0, theoryVisible: false, traceRows: 0 }, 'withheld before');
    await page.screenshot({ path: `${shots}/page-quiz-1280-asking.png`, fullPage: true });

    // Step 1, right, typed: the slide's w2 = (1, −2).
    await answer(quiz, { mistake: true, weights: CMU_WEIGHTS[0] });
    await quiz.getByRole('button', { name: 'Check answer' }).click();
    s = await state();
    assert.deepEqual([s.t, s.trace, s.weights, s.quiz.phase], [1, 1, CMU_WEIGHTS[0], 'answered']);
    assert.equal(await outcome(quiz), 'Right. Step 1 is a mistake: w = (1, −2), b = 0. 1 of 1 right.');
    assert.equal(await tally(quiz), '1 of 1 right');
    assert.deepEqual(await revealed(page), { theory: 1, theoryVisible: true, traceRows: 1 }, 'shown after');
    await page.screenshot({ path: `${shots}/page-quiz-1280-right.png`, fullPage: true });

    // Step 2 (x = (1, 0), score 1): no mistake, which needs only the verdict.
    await quiz.getByRole('button', { name: 'Next question' }).click();
    assert.deepEqual(await revealed(page), { theory: 0, theoryVisible: false, traceRows: 1 }, 'withheld again');
    assert.equal((await state()).quiz.question.t, 2);
    await answer(quiz, { mistake: false });
    await quiz.getByRole('button', { name: 'Check answer' }).click();
    assert.match(await outcome(quiz), /^Right\. Step 2 is no mistake: w and b stay\. 2 of 2 right\.$/);
    assert.equal(mistakes[1], false);

    // Step 3, wrong: w₂ should be −1 (the slide's w3 = (2, −1)).
    await quiz.getByRole('button', { name: 'Next question' }).click();
    await answer(quiz, { mistake: true, weights: [2, -2] });
    await quiz.getByRole('button', { name: 'Check answer' }).click();
    assert.equal(await outcome(quiz), 'Not right. w₂: you gave −2; the update gives −1. 2 of 3 right.');
    const table = quiz.getByRole('table', { name: 'Your answer and the right one' });
    const row = async (name) => (await table.getByRole('row', { name: new RegExp(`^${name} `) }).allTextContents())[0];
    assert.equal(await row('w₂'), 'w₂✗ −2−1');
    assert.equal(await row('w₁'), 'w₁22');
    assert.deepEqual((await state()).weights, CMU_WEIGHTS[2], 'the step itself is the package’s');
    await page.screenshot({ path: `${shots}/page-quiz-1280-wrong.png`, fullPage: true });

    // Step 4 (x = (−1, 0), y = −1, score −2) through the Step button: a wrong verdict.
    await button('Step').click(); // the next question
    assert.deepEqual(await revealed(page), { theory: 0, theoryVisible: false, traceRows: 3 });
    await answer(quiz, { mistake: true, weights: [3, -1] });
    await button('Step').click(); // checks the answer, then takes the step
    assert.equal(
      await outcome(quiz),
      'Not right. Mistake or not: w·x + b = −2, so the prediction is −1 (+1 iff w·x + b ≥ 0) and y = −1: no mistake. So there is no update: w and b stay as they were. 2 of 4 right.',
    );
    assert.equal(await row('Mistake\\?'), 'Mistake?✗ MistakeNo mistake');

    // Step 5: a non-number in w₁ is named; nothing is scored, taken or lost.
    await button('Step').click();
    await answer(quiz, { mistake: true, weights: ['three', 1] });
    await quiz.getByRole('button', { name: 'Check answer' }).click();
    const error = quiz.getByRole('alert');
    assert.equal(
      await error.textContent(),
      'w₁ must be a number; received "three". Nothing was scored; your answer is kept.',
    );
    assert.equal(await quiz.getByLabel('w₁').getAttribute('aria-invalid'), 'true');
    assert.equal(await quiz.getByLabel('w₁').inputValue(), 'three');
    assert.equal(await quiz.getByLabel('Mistake', { exact: true }).isChecked(), true);
    s = await state();
    assert.deepEqual([s.t, s.trace, s.quiz.tally, s.quiz.phase], [4, 4, { right: 2, answered: 4 }, 'asking']);
    assert.deepEqual(await revealed(page), { theory: 0, theoryVisible: false, traceRows: 4 });
    // Corrected: the slide's w4 = (3, 1).
    await quiz.getByLabel('w₁').fill(String(CMU_WEIGHTS[4][0]));
    await quiz.getByRole('button', { name: 'Check answer' }).click();
    assert.equal(await outcome(quiz), 'Right. Step 5 is a mistake: w = (3, 1), b = 0. 3 of 5 right.');
    assert.equal(await quiz.locator('.quiz-error').textContent(), '', 'the message goes');
    s = await state();
    assert.deepEqual([s.t, s.weights, s.mistakes], [5, CMU_WEIGHTS[4], 3]);
    // The link keeps ?quiz and the session.
    assert.match(page.url(), /\?quiz#data=points&/);

    // A model whose steps quiz mode does not ask about: it says so, and the page works as usual.
    await chooseModel(page, 'KernelPerceptron');
    s = await state();
    assert.match(s.quiz.reason, /^Quiz mode asks about the Perceptron’s steps/);
    assert.match(await quiz.getByRole('status').textContent(), /Choose the Perceptron to be quizzed\.$/);
    assert.equal(await quiz.getByRole('button', { name: 'Check answer' }).count(), 0);
    assert.equal(await tally(quiz), '3 of 5 right', 'the tally stays');
    for (const name of ['Epoch', 'Play', 'Train']) assert.equal(await button(name).isDisabled(), false, name);
    await button('Epoch').click();
    assert.deepEqual(await revealed(page), { theory: 1, theoryVisible: true, traceRows: 6 });
    // The averaged Perceptron predicts with other weights than it updates: not asked about either.
    await chooseModel(page, 'Perceptron');
    await page.getByLabel('Variant', { exact: true }).selectOption('averaged');
    assert.match((await state()).quiz.reason, /the averaged variant predicts/);
    await page.getByLabel('Variant', { exact: true }).selectOption('classic');
    assert.equal((await state()).quiz.phase, 'asking');
  });
});

test('the quiz attribute: answering by dragging the line (w’s tip, then the line for b)', async () => {
  // The margin rule with a learned bias: step 1 (score 0, y = −1) gives w = (1, −2), b = −1.
  const [first] = await reference({ mistakeRule: 'margin' });
  assert.deepEqual([first.mistake, first.weights, first.bias], [true, [1, -2], -1]);
  await withPage('embed.html', { viewport: DESKTOP }, async ({ page }) => {
    await page.evaluate((state) => {
      const element = document.createElement('perceptron-playground');
      element.id = 'quizzed';
      element.setAttribute('quiz', '');
      element.setAttribute('state', state);
      element.setAttribute('hide', 'upload export split');
      document.querySelector('main').prepend(element);
    }, `data=points&points=${CMU_POINTS}&model=Perceptron&rule=margin`);
    await page.waitForFunction(() => document.getElementById('quizzed')?.dataset.ready === 'true');
    const element = page.locator('#quizzed');
    const stateOf = () => page.evaluate(() => document.getElementById('quizzed').playground.getState());
    // Without the attribute there is no quiz.
    assert.equal(await page.evaluate(() => document.getElementById('first').playground.getState().quiz), null);
    const quiz = quizOf(element);
    let s = await stateOf();
    assert.deepEqual([s.quiz.phase, s.quiz.question.t, s.quiz.view], ['asking', 1, { x0: -3, x1: 3, y0: -3, y1: 3 }]);
    const canvas = element.locator('#plane');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    const { view } = s.quiz;
    const at = (x, y) => [
      box.x + ((x - view.x0) / (view.x1 - view.x0)) * box.width,
      box.y + ((view.y1 - y) / (view.y1 - view.y0)) * box.height,
    ];
    const drag = async (from, to) => {
      await page.mouse.move(box.x + from[0], box.y + from[1]);
      await page.mouse.down();
      await page.mouse.move(...at(to[0] / 2, to[1] / 2), { steps: 4 });
      await page.mouse.move(...at(...to), { steps: 4 });
      await page.mouse.up();
    };
    // w's tip starts at the origin (w = 0); dragged near (1, −2), it snaps there (a 0.1 grid).
    await drag(s.quiz.marks.w, [1.03, -1.96]);
    assert.deepEqual([await quiz.getByLabel('w₁').inputValue(), await quiz.getByLabel('w₂').inputValue()], ['1', '−2']);
    s = await stateOf();
    assert.ok(s.quiz.marks.shift, 'the line now has its handle');
    // The line through (1, 0): w·x + b = 0 there gives b = −1.
    await drag(s.quiz.marks.shift, [1, 0]);
    assert.equal(await quiz.getByLabel('b', { exact: true }).inputValue(), '−1');
    assert.equal((await stateOf()).points.length, 6, 'dragging the line adds no point');
    await page.screenshot({ path: `${shots}/page-quiz-1280-dragged.png`, clip: box });
    await quiz.getByLabel('Mistake', { exact: true }).check();
    await quiz.getByRole('button', { name: 'Check answer' }).click();
    assert.equal(await outcome(quiz), 'Right. Step 1 is a mistake: w = (1, −2), b = −1. 1 of 1 right.');
    s = await stateOf();
    assert.deepEqual([s.weights, s.bias, s.t], [first.weights, first.bias, 1]);
  });
});

test('375 px wide: the quiz fits, answers, and ?quiz=0 leaves quiz mode off', async () => {
  await withDemo(`?quiz#${CMU_LINK}`, NARROW, async ({ page, state }) => {
    const quiz = quizOf(page);
    const width = () => page.evaluate(() => document.scrollingElement.scrollWidth);
    assert.ok((await width()) <= 375, `asking: the document is ${await width()} px wide`);
    const inside = await quiz.evaluate((section) => {
      const { left, right } = section.getBoundingClientRect();
      return [...section.querySelectorAll('input, button')].every((e) => {
        const b = e.getBoundingClientRect();
        return b.width === 0 || (b.left >= left - 0.5 && b.right <= right + 0.5 && b.right <= 375.5);
      });
    });
    assert.equal(inside, true, 'every input and button of the quiz inside it and the screen');
    await quiz.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-quiz-375-asking.png` });
    await answer(quiz, { mistake: true, weights: [1, 2] });
    await quiz.getByRole('button', { name: 'Check answer' }).click();
    assert.equal(await outcome(quiz), 'Not right. w₂: you gave 2; the update gives −2. 0 of 1 right.');
    assert.ok((await width()) <= 375, `answered: the document is ${await width()} px wide`);
    await quiz.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/page-quiz-375-wrong.png` });
    assert.deepEqual((await state()).weights, CMU_WEIGHTS[0]);
  });
  await withDemo(`?quiz=0#${CMU_LINK}`, { viewport: DESKTOP }, async ({ page, state }) => {
    assert.equal((await state()).quiz, null);
    assert.equal(await quizOf(page).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Epoch', exact: true }).isDisabled(), false);
  });
});

test("New exercise: the course tools' 'epoch' exercise as the page's points and Perceptron, its key scored right", async () => {
  const { exercise } = await import('../../dist/course/index.js');
  // The page's conventions are kept: here the lecture's sign rule without a bias.
  const [first, second] = await Promise.all(
    [1, 2].map((seed) => exercise('epoch', { seed, mistakeRule: 'sign', fitIntercept: false })),
  );
  await withDemo(`?quiz#${CMU_LINK}`, { viewport: DESKTOP }, async ({ page, state }) => {
    const quiz = quizOf(page);
    await quiz.getByRole('button', { name: 'New exercise' }).click();
    const line = quiz.locator('.quiz-exercise');
    await line.filter({ hasText: /^Exercise 1:/ }).waitFor();
    assert.equal(
      await line.textContent(),
      `Exercise 1: one epoch by hand on ${first.statement.X.length} points, mistake rule 'sign', learning rate 1.`,
    );
    await page.screenshot({ path: `${shots}/page-quiz-1280-exercise.png` });
    let s = await state();
    const points = first.statement.X.map(([x, y], i) => ({ x, y, label: first.statement.y[i] }));
    assert.deepEqual(s.points, points);
    assert.deepEqual([s.model, s.t, s.quiz.phase], ['Perceptron', 0, 'asking']);
    for (const [name, value] of Object.entries(first.statement.options)) assert.equal(s.options[name], value, name);
    // The key's first two steps, answered as the key has them, are right.
    for (const [i, step] of first.answer.slice(0, 2).entries()) {
      await answer(quiz, step.mistake ? { mistake: true, weights: step.weights } : { mistake: false }); // b is not learned
      await quiz.getByRole('button', { name: 'Check answer' }).click();
      assert.match(await outcome(quiz), new RegExp(`^Right\\. .* ${i + 1} of ${i + 1} right\\.$`));
      s = await state();
      assert.deepEqual([s.weights, s.bias], [step.weights, step.bias], `step ${i + 1}`);
      await quiz.getByRole('button', { name: 'Next question' }).click();
    }
    // The link holds the exercise: its points.
    const hash = decodeURIComponent(await page.evaluate(() => location.hash));
    assert.match(hash, new RegExp(`points=${points.map((p) => `${p.x},${p.y},${p.label}`).join(';')}`));
    // The next exercise is seed 2's.
    await quiz.getByRole('button', { name: 'New exercise' }).click();
    await line.filter({ hasText: /^Exercise 2:/ }).waitFor();
    assert.deepEqual(
      (await state()).points,
      second.statement.X.map(([x, y], i) => ({ x, y, label: second.statement.y[i] })),
    );
  });
});
