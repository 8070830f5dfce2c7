// Clicked points (issue 9, "Data"): points of three classes by mouse (the 'New class' button and
// the class palette) and by keyboard (keys 1-6 choose the class, arrows and Enter add), Erase
// mode by its button and by the key E (a click or a drag removes the points it passes over),
// and the multi-class perceptron trained on them. Starts from an empty plane (#data=points&points=),
// whose view is [-1, 1]^2 (planeXY's default).
//   node --test tests/e2e/page-points.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DESKTOP,
  chooseModel,
  clickAt,
  loadPackage,
  matrixOf,
  planeXY,
  shots,
  train,
  useBrowser,
  withDemo,
} from './browser.mjs';

useBrowser();

const EMPTY = '#data=points&points=';
const near = (p, [x, y]) => Math.abs(p.x - x) < 0.02 && Math.abs(p.y - y) < 0.02;
const pressed = (button) => button.getAttribute('aria-pressed');

test('points of three classes by mouse: New class, the palette, then the multi-class perceptron trained', async () => {
  await withDemo(EMPTY, { viewport: DESKTOP }, async ({ page, state, button }) => {
    let s = await state();
    assert.deepEqual([s.dataset, s.points.length], ['points', 0]);
    assert.equal(
      await page.locator('#point-count').textContent(),
      'No points yet: click the plane to add some, or choose a dataset.',
    );
    // An empty plane offers −1 and +1 (+1 chosen); New class gives 2.
    const spots = {
      1: [
        [0.6, 0.6],
        [0.8, 0.3],
      ],
      '-1': [
        [-0.6, 0.6],
        [-0.8, 0.3],
      ],
      2: [
        [0.1, -0.7],
        [-0.2, -0.8],
      ],
    };
    for (const [x, y] of spots[1]) await clickAt(page, x, y);
    await button('Class −1').click();
    assert.equal(await pressed(button('Class −1')), 'true', 'the palette picks −1');
    for (const [x, y] of spots['-1']) await clickAt(page, x, y);
    await button('New class').click();
    assert.equal(await pressed(button('Class 2')), 'true', 'the new class is selected');
    assert.equal(await pressed(button('Class +1')), 'false');
    for (const [x, y] of spots[2]) await clickAt(page, x, y);
    s = await state();
    assert.deepEqual(
      s.points.map((p) => p.label),
      [1, 1, -1, -1, 2, 2],
    );
    const all = [...spots[1], ...spots['-1'], ...spots[2]];
    s.points.forEach((p, i) => assert.ok(near(p, all[i]), `point ${i} where clicked: ${JSON.stringify(p)}`));
    assert.deepEqual(s.classes, [-1, 1, 2]);
    assert.equal(
      await page.locator('#point-count').textContent(),
      '6 points: 2 of class −1, 2 of class +1, 2 of class 2.',
    );

    // The palette picks the class of the next click.
    await button('Class +1').click();
    assert.deepEqual([await pressed(button('Class +1')), await pressed(button('Class 2'))], ['true', 'false']);
    await clickAt(page, 0.5, 0.9);
    assert.equal((await state()).points.at(-1).label, 1);
    // The link keeps the points and the class of new points.
    assert.match((await state()).link, /^#data=points&points=0\.6,0\.6,1;.*;0\.5,0\.9,1&model=/);
    assert.match((await state()).link, /&class=1(&|$)/);

    // The Perceptron refuses three classes with a clear message; the multi-class one trains.
    await button('Step').click();
    assert.equal(
      (await state()).lastError,
      'This model takes two classes; the data has 3: choose the multi-class perceptron or Passive-Aggressive.',
    );
    assert.equal((await state()).t, 0);
    await chooseModel(page, 'MulticlassPerceptron');
    await train(page);
    s = await state();
    const pw = await loadPackage();
    const { X, y } = matrixOf(s.points);
    const model = new pw.MulticlassPerceptron(s.options);
    model.fit(X, y);
    assert.deepEqual(s.modelJson, model.toJSON());
    assert.equal(s.accuracy, model.score(X, y));
    model.dispose();
    await page.screenshot({ path: `${shots}/page-points-three-classes-1280.png` });
  });
});

test('points by keyboard: arrows and Enter add, keys 1-6 choose the class, Shift+Enter the other class', async () => {
  await withDemo(EMPTY, { viewport: DESKTOP }, async ({ page, state, button }) => {
    // Two classes first, by mouse (the empty plane's palette holds −1 and +1); then a third.
    await clickAt(page, 0.5, 0.5);
    await button('Class −1').click();
    await clickAt(page, -0.5, 0.5);
    await button('New class').click(); // class 2 selected
    const plane = page.locator('#plane');
    await plane.focus();
    // The cursor starts at the centre (0, 0); a step is 2.5% of the view's width (0.05).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter'); // class 2 at (0, -0.1)
    assert.match(await page.locator('#plane-status').textContent(), /^Cursor at \(0, −0\.1\), on point #3 of class 2/);
    await page.keyboard.press('1'); // the palette's first class: −1
    assert.equal(await pressed(button('Class −1')), 'true');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter'); // −1 at (−0.05, −0.1)
    await page.keyboard.press('2'); // +1
    assert.equal(await pressed(button('Class +1')), 'true');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter'); // +1 at (0.05, −0.1)
    await page.keyboard.press('3');
    assert.equal(await pressed(button('Class 2')), 'true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Alt+ArrowUp'); // a small step: 0.01
    await page.keyboard.press('Enter'); // class 2 at (0.05, −0.04)
    await page.keyboard.press('6'); // no sixth class: nothing changes
    assert.equal(await pressed(button('Class 2')), 'true');
    assert.deepEqual((await state()).points.slice(2), [
      { x: 0, y: -0.1, label: 2 },
      { x: -0.05, y: -0.1, label: -1 },
      { x: 0.05, y: -0.1, label: 1 },
      { x: 0.05, y: -0.04, label: 2 },
    ]);
    // Shift+Enter: the other class (with three or more, the selected one).
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Shift+Enter');
    assert.deepEqual((await state()).points.at(-1), { x: 0.05, y: 0.01, label: 2 });
    // Delete removes the point under the cursor.
    await page.keyboard.press('Delete');
    assert.equal((await state()).points.length, 6);
  });
});

test('Erase mode, by its button and by the key E: a click removes the point under it, a drag all it passes', async () => {
  await withDemo(EMPTY, { viewport: DESKTOP }, async ({ page, state, button }) => {
    const row = [-0.6, -0.3, 0, 0.3, 0.6];
    for (const x of row) await clickAt(page, x, 0.5);
    await button('Class −1').click();
    for (const x of row) await clickAt(page, x, -0.5);
    assert.equal((await state()).points.length, 10);

    const erase = button('Erase');
    await erase.click();
    assert.equal(await pressed(erase), 'true');
    assert.equal(await pressed(button('Class −1')), 'false', 'no class is selected while erasing');
    // A click on nothing adds nothing; a click on a point removes it.
    await clickAt(page, 0.9, 0.9);
    assert.equal((await state()).points.length, 10);
    await clickAt(page, 0, 0.5);
    let s = await state();
    assert.equal(s.points.length, 9);
    assert.ok(!s.points.some((p) => near(p, [0, 0.5])), 'the point at (0, 0.5) is gone');
    // A drag along y = -0.5 removes the row's five points.
    await page.mouse.move(...(await planeXY(page, -0.8, -0.5)));
    await page.mouse.down();
    await page.mouse.move(...(await planeXY(page, 0.8, -0.5)), { steps: 40 });
    await page.mouse.up();
    s = await state();
    assert.deepEqual(
      s.points.map((p) => p.label),
      [1, 1, 1, 1],
      'only the upper row is left',
    );
    await page.screenshot({ path: `${shots}/page-points-erase-1280.png` });

    // E toggles Erase from the keyboard; Enter then erases at the cursor.
    await page.locator('#plane').focus();
    await page.keyboard.press('e');
    assert.equal(await pressed(erase), 'false');
    await page.keyboard.press('E');
    assert.equal(await pressed(erase), 'true');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft'); // to (-0.3, 0)
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowUp'); // to (-0.3, 0.5)
    await page.keyboard.press('Enter');
    s = await state();
    assert.deepEqual(
      s.points.map((p) => [p.x, p.y]),
      [
        [-0.6, 0.5],
        [0.3, 0.5],
        [0.6, 0.5],
      ],
    );
    // Choosing a class (key 1) leaves Erase mode; a click adds again.
    await page.keyboard.press('1');
    assert.equal(await pressed(erase), 'false');
    await clickAt(page, 0, 0);
    assert.equal((await state()).points.length, 4);
  });
});

test('New class stops at six classes; keys 1-6 choose them in the palette order (the sorted classes)', async () => {
  await withDemo(EMPTY, { viewport: DESKTOP }, async ({ page, state, button }) => {
    await clickAt(page, 0, 0);
    // −1 and +1 are offered from the start: four more make six.
    for (let k = 0; k < 4; k++) await button('New class').click();
    assert.equal(await button('New class').isDisabled(), true, 'six classes: no seventh');
    assert.equal(await pressed(button('Class 5')), 'true');
    await page.locator('#plane').focus();
    await page.keyboard.press('6');
    assert.equal(await pressed(button('Class 5')), 'true', 'key 6: the sixth class');
    await page.keyboard.press('4');
    assert.equal(await pressed(button('Class 3')), 'true', 'key 4: the fourth class');
    await page.keyboard.press('Enter');
    assert.deepEqual((await state()).points.at(-1), { x: 0, y: 0, label: 3 });
    // The palette in the library's order of labels (numbers ascending), as the plane's colours
    // go (web/plane/canvas.js: colour index = place in the sorted classes): a class keeps its colour
    // and its key when its first point is added. Here +1 has a point, −1 and 2..5 not yet.
    const names = await page.getByRole('group', { name: 'Class of new points' }).getByRole('button').allTextContents();
    assert.deepEqual(
      names.map((n) => n.trim()),
      ['Class −1', 'Class +1', 'Class 2', 'Class 3', 'Class 4', 'Class 5', 'New class', 'Erase'],
    );
  });
});

test('text labels: New class refuses with a message (it cannot invent a text label)', async () => {
  await withDemo(EMPTY, { viewport: DESKTOP }, async ({ page, state, button }) => {
    await page.evaluate(() =>
      window.perceptronDemo.loadPoints([
        { x: 0.5, y: 0.5, label: 'cat' },
        { x: -0.5, y: -0.5, label: 'dog' },
      ]),
    );
    await button('New class').click();
    assert.equal(
      (await state()).lastError,
      'New classes can be added to numbered classes only; these labels are text.',
    );
    assert.equal(await page.locator('#action-error').textContent(), (await state()).lastError);
    await button('Class dog').click();
    await clickAt(page, -0.2, -0.7);
    assert.deepEqual((await state()).points.at(-1), { x: -0.2, y: -0.7, label: 'dog' });
    assert.deepEqual((await state()).classes, ['cat', 'dog']);
  });
});
