// The class palette and the plane's input: the classes new points get (the data's, and new
// ones up to 6, in the library's order, so keys 1-6 and colours stay put), Erase mode, and what points.js's wirePlane needs from the playground.

import { sortClasses } from './data.js';

export class Palette {
  #pg;
  #offered = []; // every class offered since the data was loaded (the data's, ±1, New class's)

  constructor(playground) {
    this.#pg = playground;
    playground.$('add-class').addEventListener('click', () => this.addClass());
    playground.$('erase').addEventListener('click', () => this.toggleErase());
  }

  /** New data (not an edit): the classes added for it go. */
  reset() {
    this.#offered = [];
  }

  /** What points.js's wirePlane needs from the playground. */
  pointsHost() {
    const self = this;
    const pg = this.#pg;
    return {
      points: () => pg.data.points,
      view: () => pg.views.view,
      editable: () => pg.data.editable,
      busy: () => pg.runner.busy,
      selectedClass: () => self.selected(),
      otherClass: () => {
        const classes = self.classes();
        const selected = self.selected();
        return classes.length === 2 ? classes.find((c) => c !== selected) : selected;
      },
      erasing: () => pg.ui.erase,
      selectClassAt: (i) => {
        const classes = self.classes();
        if (i < classes.length) self.select(classes[i]);
      },
      toggleErase: () => self.toggleErase(),
      edited(phase) {
        pg.runner.pause();
        if (phase !== 'live' && phase !== 'cancel') pg.pointsEdited();
        else pg.views.render(); // a point on the move, or back where it was: the run goes on
      },
      refused(message) {
        pg.messages.actionError(message);
        pg.render();
      },
      cursorMoved(cursor, carrying, index) {
        // The keyboard cursor on a point chooses it for the Contributions.
        if (index >= 0 && !carrying) pg.contributions?.select(index, { render: false });
        pg.views.cursorMoved(cursor, carrying, index);
      },
      inspect: (index) => pg.contributions?.select(index),
    };
  }

  /** The classes the palette offers: the data's, and any the user added (at most 6). */
  classes() {
    const { data } = this.#pg;
    const numeric = data.classes.every((c) => typeof c === 'number');
    // Numbered data of fewer than two classes (an empty plane) offers the lecture's ±1; a class
    // once offered stays (after Clear too) until other data is loaded.
    const defaults = numeric && data.classes.length < 2 ? [-1, 1] : [];
    this.#offered = sortClasses([...this.#offered, ...defaults, ...data.classes]).slice(0, 6);
    return this.#offered;
  }

  /** The class of new points: the one chosen, or +1 (or the first class) by default. */
  selected() {
    const classes = this.classes();
    const chosen = this.#pg.ui.selectedClass;
    if (chosen !== null && classes.includes(chosen)) return chosen;
    return classes.includes(1) ? 1 : (classes[0] ?? 1);
  }

  select(label) {
    const pg = this.#pg;
    pg.ui.selectedClass = label;
    pg.ui.erase = false;
    pg.writeHash();
    pg.render();
  }

  toggleErase() {
    const pg = this.#pg;
    pg.ui.erase = !pg.ui.erase;
    pg.render();
  }

  /** A new class for clicking: the next integer after the data's (numeric labels only). */
  addClass() {
    const pg = this.#pg;
    const classes = this.classes();
    if (classes.length >= 6) {
      pg.messages.actionError('The palette holds at most 6 classes.');
      return pg.render();
    }
    if (classes.some((c) => typeof c === 'string')) {
      pg.messages.actionError('New classes can be added to numbered classes only; these labels are text.');
      return pg.render();
    }
    const next = classes.length === 0 ? 1 : classes.length === 1 && classes[0] === 1 ? -1 : Math.max(...classes) + 1;
    this.#offered = sortClasses([...this.#offered, next]);
    this.select(next);
  }
}
