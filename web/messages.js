// The page's messages: an error next to what caused it (the buttons' and the plane's line
// between the buttons and the canvas, an option's under its field), announced by their
// role="alert"; and a dismissible notice under the masthead for what the page did with a link
// (parts it ignored, points it could not keep). Text only: a link's text never becomes markup.

export class Messages {
  #action;
  #notice;
  #title;
  #list;
  /** The last error shown (for getState), null once it is cleared. */
  lastError = null;

  /** The page's #action-error, #notice, #notice-title, #notice-list and #notice-dismiss. */
  constructor({ actionError, notice, noticeTitle, noticeList, noticeDismiss }) {
    this.#action = actionError;
    this.#notice = notice;
    this.#title = noticeTitle;
    this.#list = noticeList;
    noticeDismiss.addEventListener('click', () => this.hideNotice());
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

  /** An option's error, under its field (options.js made the box: #err-<name>). */
  fieldError(name, message) {
    const box = document.getElementById(`err-${name}`);
    box.textContent = message;
    box.hidden = false;
    this.lastError = message;
  }

  clearFieldError(name) {
    const box = document.getElementById(`err-${name}`);
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
