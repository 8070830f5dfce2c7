// Tagged sentences on the page (issue 29, item 3): the generated corpus trains in the Worker,
// and what the page shows equals pw.StructuredPerceptron in Node after the same steps: the
// Sentence lattice (sp.lattice), the features a step added and removed (the difference of
// toJSON()'s weights before and after it), the token accuracy of every epoch (score()); Theory
// shows the mistakes next to Collins' bound; CoNLL uploads load through the upload panel, with a
// bad line's line and column in place. Screenshots at 1280 px and 375 px.
//   node --test tests/e2e/page-tagging.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatNumber, formatPercent } from '../../web/shell/format.js';
import { TAGS, generateCorpus, generatorWeights } from '../../web/tagging/corpus.js';
import { collinsBound } from '../../web/tagging/margin.js';
import { weightDifference } from '../../web/tagging/changes-view.js';
import { DESKTOP, chooseCsv, loadPackage, shots, useBrowser, withDemo } from './browser.mjs';

useBrowser();

const CORPUS = { seed: 3, sentences: 12 };

// The tagging mode's numbers (its snapshot), once its actions under way are done.
const modeState = (page) =>
  page.evaluate(async () => {
    const pg = document.querySelector('perceptron-playground').playground;
    const mode = pg.mode ?? pg.modes?.active;
    if (!mode) return null;
    await mode.idle();
    return mode.snapshot();
  });

const waitForMode = (page, predicate) =>
  page.waitForFunction(
    // eslint-disable-next-line no-new-func -- test code in Node, sent to the page as source text
    new Function(
      `const pg = document.querySelector('perceptron-playground')?.playground; const m = pg?.mode ?? pg?.modes?.active;` +
        ` return !!m && !m.busy && (${predicate})(m.snapshot());`,
    ),
    null,
    { timeout: 20_000 },
  );

// A model JSON's weights, or none before the first update.
const jsonOf = (model) => (model.fitted ? model.toJSON() : null);
const difference = (before, after) =>
  before
    ? weightDifference(before, after)
    : weightDifference(
        {
          ...after,
          emission: after.emission.map((r) => r.map(() => 0)),
          transition: after.transition.map((r) => r.map(() => 0)),
        },
        after,
      );
const plain = ({ added, removed }) => ({
  added: added.map((c) => [c.key, c.value]),
  removed: removed.map((c) => [c.key, c.value]),
});

test('Step, Epoch and Train on the generated corpus equal the structured perceptron in Node', async () => {
  const pw = await loadPackage();
  const corpus = generateCorpus(pw, CORPUS);
  const bound = collinsBound(generatorWeights(), TAGS, corpus);
  const hash = `#data=tagging&dseed=${CORPUS.seed}&n=${CORPUS.sentences}`;
  await withDemo(hash, { viewport: DESKTOP }, async ({ page, button }) => {
    await waitForMode(page, (s) => s.datasetId !== null);
    const region = page.getByRole('region', { name: 'Sentence lattice', exact: true });
    await region.waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Dataset', exact: true }).inputValue(), 'tagging');
    // No points here: the plane and a point's Contributions are hidden (and out of the accessibility tree).
    assert.equal(await page.getByRole('region', { name: 'Contributions', exact: true }).count(), 0);

    const model = new pw.StructuredPerceptron();
    const trainer = model.trainer(corpus.sequences, corpus.tags);
    let mistakes = 0;
    for (let k = 1; k <= 4; k++) {
      const before = jsonOf(model);
      const step = trainer.step();
      const after = model.toJSON();
      await button('Step').click();
      const shown = await modeState(page);
      assert.equal(shown.state.t, k);
      assert.equal(shown.last.record.index, step.index);
      assert.deepEqual(shown.last.record.prediction, step.prediction, `step ${k}: Viterbi's tags`);
      // The lattice after the step: the page's (the Worker's) equals Node's sp.lattice.
      const { words, gold, ...lattice } = shown.last.lattice;
      assert.deepEqual(lattice, model.lattice(corpus.sequences[step.index]), `step ${k}: the lattice`);
      assert.deepEqual(words, corpus.words[step.index]);
      assert.deepEqual(gold, corpus.tags[step.index]);
      // The features the update added and removed: toJSON's weights after minus before.
      assert.deepEqual(plain(shown.last.changes), plain(difference(before, after)), `step ${k}: the changes`);
      if (step.mistake) mistakes++;
      assert.equal(shown.state.mistakes, mistakes);
    }
    assert.ok(mistakes > 0, 'a step with an update was compared');
    // What the region says for a screen reader: Viterbi's path and the gold path in words.
    const last = await modeState(page);
    const said = (tags) => last.last.lattice.words.map((w, t) => `${w}/${tags[t]}`).join(' ');
    await assert.doesNotReject(
      region
        .getByText(`Viterbi path: ${said(last.last.lattice.path)}`)
        .first()
        .waitFor(),
    );
    if (last.last.lattice.path.join() !== last.last.lattice.gold.join())
      await region
        .getByText(`Gold path: ${said(last.last.lattice.gold)}`)
        .first()
        .waitFor();

    // Epoch: the rest of the first pass; its token accuracy is score() after it.
    trainer.finishEpoch();
    await button('Epoch').click();
    let shown = await modeState(page);
    assert.equal(shown.history.length, 1);
    assert.equal(shown.history[0].tokenAccuracy, model.score(corpus.sequences, corpus.tags));
    assert.equal(shown.accuracy, model.score(corpus.sequences, corpus.tags));
    await page.screenshot({ path: `${shots}/tagging-1280.png`, fullPage: true });

    // Train: from zero weights to the end; every epoch's token accuracy as score() after it.
    const fresh = new pw.StructuredPerceptron();
    const again = fresh.trainer(corpus.sequences, corpus.tags);
    const accuracies = [];
    while (!again.state.done) {
      again.finishEpoch();
      accuracies.push(fresh.score(corpus.sequences, corpus.tags));
    }
    await button('Train').click();
    await waitForMode(page, (s) => s.state.done);
    shown = await modeState(page);
    assert.deepEqual(
      shown.history.map((e) => e.tokenAccuracy),
      accuracies,
    );
    assert.equal(shown.state.mistakes, again.state.mistakes);
    // The list says each epoch's accuracy as the page writes percentages.
    await page.getByText(`Epoch 1: token accuracy ${formatPercent(accuracies[0])}`).waitFor();
    // Theory: the mistakes next to Collins' bound for this corpus.
    const theory = page.getByRole('region', { name: 'Theory', exact: true });
    await theory.getByText(new RegExp(`^${again.state.mistakes} mistakes? ≤ ${formatNumber(bound.bound)}`)).waitFor();
    // The link restores the corpus and the steps.
    assert.match(page.url(), /#data=tagging&dseed=3&n=12&variant=classic&order=cyclic&tsteps=train$/);
    for (const m of [model, fresh]) m.dispose();
  });
});

test('at 375 px the lattice scrolls within its region; a CoNLL upload loads, a bad one is named by line and column', async () => {
  await withDemo(
    '#data=tagging&dseed=1&n=20',
    { viewport: { width: 375, height: 800 }, isMobile: true },
    async ({ page, button }) => {
      await waitForMode(page, (s) => s.datasetId !== null);
      await button('Step').click();
      await waitForMode(page, (s) => s.state.t === 1);
      const box = await page.evaluate(() => {
        const root = document.querySelector('perceptron-playground').shadowRoot;
        const scroller = root.querySelector('.lattice-scroll');
        return {
          page: document.documentElement.scrollWidth,
          width: scroller.clientWidth,
          content: scroller.scrollWidth,
        };
      });
      assert.ok(box.page <= 375, `the page does not scroll sideways (${box.page} px)`);
      assert.ok(box.width <= 375 && box.content >= box.width, JSON.stringify(box));
      await page
        .getByRole('region', { name: 'Sentence lattice', exact: true })
        .screenshot({ path: `${shots}/tagging-375.png` });
      await page.screenshot({ path: `${shots}/tagging-375-page.png`, fullPage: true });

      // An upload: two sentences, the last column the tag.
      await chooseCsv(page, 'tiny.conll', 'the\tx\tDET\ncan\tx\tNOUN\n\nthey\tx\tPRON\ncan\tx\tVERB\nfish\tx\tVERB\n');
      await waitForMode(page, (s) => s.spec?.kind === 'upload');
      let shown = await modeState(page);
      assert.equal(shown.bound, null);
      await page.getByText(/Loaded tiny\.conll: 2 sentences, 5 tokens, 4 tags/).waitFor();
      await page.getByText(/margin γ of uploaded sentences is unknown/).waitFor();
      await button('Train').click();
      await waitForMode(page, (s) => s.state.done);
      shown = await modeState(page);
      assert.equal(shown.accuracy, 1);
      // A bad file: the error names its line and column, and the sentences loaded stay.
      await chooseCsv(page, 'bad.conll', 'the\tDET\ncan\n');
      await page
        .getByRole('alert')
        .filter({ hasText: /line 2/ })
        .first()
        .waitFor();
      assert.match(
        await page
          .getByRole('alert')
          .filter({ hasText: /line 2/ })
          .first()
          .textContent(),
        /line 2, column \d/,
      );
      assert.equal((await modeState(page)).spec.fileName, 'tiny.conll');
    },
  );
});

test('a link restores the corpus, the averaged variant, the shuffled order and the steps; Reset goes back to zero', async () => {
  const pw = await loadPackage();
  const corpus = generateCorpus(pw, { seed: 5, sentences: 9 });
  const options = { variant: 'averaged', order: 'shuffle' };
  const hash = '#data=tagging&dseed=5&n=9&variant=averaged&order=shuffle&tsteps=7';
  await withDemo(hash, { viewport: DESKTOP }, async ({ page, button }) => {
    await waitForMode(page, (s) => s.state.t === 7);
    const model = new pw.StructuredPerceptron(options);
    const trainer = model.trainer(corpus.sequences, corpus.tags);
    let step;
    for (let k = 0; k < 7; k++) step = trainer.step();
    const shown = await modeState(page);
    assert.deepEqual(shown.options, options);
    assert.equal(shown.last.record.index, step.index);
    const { words, gold, ...lattice } = shown.last.lattice;
    assert.deepEqual(lattice, model.lattice(corpus.sequences[step.index]));
    assert.equal(shown.accuracy, model.score(corpus.sequences, corpus.tags));
    assert.equal(await page.getByRole('combobox', { name: 'Variant', exact: true }).inputValue(), 'averaged');
    await button('Reset').click();
    await waitForMode(page, (s) => s.state.t === 0);
    assert.match(page.url(), /#data=tagging&dseed=5&n=9&variant=averaged&order=shuffle$/);
    model.dispose();
  });
});
