// The playground's messages: an error next to what caused it (the buttons' and the plane's line
// between the buttons and the canvas, an option's under its field, the data controls' under
// them), announced by their role="alert"; and a dismissible notice at the top for what the page
// did with a link (parts it ignored, points it could not keep). Text only: a link's text never
// becomes markup.

export class Messages {
  #action;
  #notice;
  #title;
  #list;
  /** The last error shown (for getState), null once it is cleared. */
  lastError = null;

  #data;

  /** root: the playground's shadow root (its #action-error, #data-error, #notice, …). */
  constructor(root) {
    const $ = (id) => root.getElementById(id);
    this.#action = $('action-error');
    this.#data = $('data-error');
    this.#notice = $('notice');
    this.#title = $('notice-title');
    this.#list = $('notice-list');
    $('notice-dismiss').addEventListener('click', () => this.hideNotice());
  }

  /** An error of the data controls (a preset, the split). */
  dataError(message) {
    this.lastError = message;
    this.#data.textContent = message;
  }

  clearDataError() {
    this.#data.textContent = '';
  }

  /** An error of a button or of the plane. */
  actionError(message) {
    this.lastError = message;
    this.#action.textContent = message;
  }

  clearActionError() {
    this.lastError = null;
    this.#action.textContent = '';
  }

  /** An option's error, in the box under its field (options.js's buildPanel made it). */
  fieldError(box, message) {
    box.textContent = message;
    box.hidden = false;
    this.lastError = message;
  }

  clearFieldError(box) {
    box.hidden = true;
    box.textContent = '';
  }

  /** items: [{part?, reason}]; part is quoted from the link in a <code>, as text. */
  notice(title, items) {
    this.#title.textContent = title;
    this.#list.replaceChildren(
      ...items.map(({ part, reason }) => {
        const item = document.createElement('li');
        if (part) item.append(Object.assign(document.createElement('code'), { textContent: part }), ': ');
        item.append(reason);
        return item;
      }),
    );
    this.#notice.hidden = false;
  }

  hideNotice() {
    this.#notice.hidden = true;
  }
}
