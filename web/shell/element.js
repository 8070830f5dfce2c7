// <perceptron-playground>: the whole playground as a custom element, for this site's page and for
// any course page. Built by scripts/playground.mjs into the package's perceptron-wasm/playground
// (dist/playground/index.js), which a page loads with one script tag or one bare import:
//
//   <script type="module" src="…/perceptron-wasm/dist/playground/index.js"></script>
//   <perceptron-playground dataset="xor" model="KernelPerceptron" hide="upload export"></perceptron-playground>
//
// Attributes (read when the element connects):
//   dataset  a preset (separable, gaussians, xor, circles, spiral, blobs, iris), spam (text) or
//            tagging (tagged sentences)
//   model    Perceptron, MulticlassPerceptron, KernelPerceptron, Winnow or PassiveAggressive
//   state    a whole link's state (what follows '#' in a shared link); dataset and model win over it
//   hide     controls to hide (classroom mode), space or comma separated: template.js's CONTROLS
//   quiz     quiz mode (a boolean attribute): before each step the student says whether it is a
//            mistake and gives the new w and b; the page scores the answer (quiz/quiz.js)
//   sync-url the element's state is the page's address (#…), ?hide=… adds hidden controls and
//            ?quiz turns quiz mode on: for one playground per page (index.html)
//   src      a CSV file's URL, resolved against the page, read as an upload is: the last column
//            the label, unless
//   label    names another (by its header)
// Events on the element: `ready` once drawn (and src read), `step` for each step of Step or Play
// (detail: the step record), `trained` when Train ends with a model (detail: fit's report).
// Each element has its own shadow root, so several on one page work independently. The package
// (its Worker and .wasm) and the Iris data are found from the module's own URL; the style sheets
// are in the module (sheets.js: constructable style sheets, no URL built at run time).
import load from '../pkg/index.js';
import { CONTROLS, MARKUP } from './template.js';
import { STYLESHEETS } from './sheets.js';
import { Playground } from './playground.js';

let loading = null; // one package per page: every element shares it

const words = (text) => (text ?? '').split(/[\s,]+/).filter(Boolean);

// Outside a browser (a bundler's server-side pass, Node resolving the import) there is no
// HTMLElement: the module then defines nothing and throws nothing.
const Base = globalThis.HTMLElement ?? class {};

export class PerceptronPlaygroundElement extends Base {
  /** The controller (playground.js) once the element has started; null before. */
  playground = null;
  #started = null;

  connectedCallback() {
    this.#started ??= this.#start();
  }

  /** Resolves once the playground is drawn and its src read (rejects when the package could not load). */
  get ready() {
    return (this.#started ??= this.#start());
  }

  async #start() {
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [...STYLESHEETS];
    const container = document.createElement('div');
    container.className = 'playground';
    container.innerHTML = MARKUP; // static markup (template.js): nothing from data or the link
    root.append(container);
    const syncUrl = this.hasAttribute('sync-url');
    const search = new URLSearchParams(syncUrl ? location.search : '');
    const hide = words(this.getAttribute('hide'));
    hide.push(...words(search.get('hide'))); // url-keys.js's hide
    // url-keys.js's quiz: ?quiz, ?quiz=1 (any value but 0, false and off).
    const quiz =
      this.hasAttribute('quiz') || (search.has('quiz') && !['0', 'false', 'off'].includes(search.get('quiz')));
    const unknown = hide.filter((name) => !CONTROLS.includes(name));
    const params = new URLSearchParams((this.getAttribute('state') ?? '').replace(/^#/, ''));
    // The link's keys (url-keys.js): the attributes win over the state attribute's.
    if (this.hasAttribute('dataset')) params.set('data', this.getAttribute('dataset'));
    if (this.hasAttribute('model')) params.set('model', this.getAttribute('model'));
    let pw;
    try {
      pw = await (loading ??= load());
    } catch (error) {
      const banner = root.getElementById('load-error');
      banner.textContent = `Could not load perceptron-wasm: ${error.message}`;
      banner.hidden = false;
      this.dataset.ready = 'error';
      throw error;
    }
    this.playground = new Playground(root, pw, {
      syncUrl,
      hash: params.toString(),
      hide: hide.filter((n) => CONTROLS.includes(n)),
      quiz,
    });
    await this.playground.start();
    if (unknown.length > 0) {
      this.playground.messages.notice('Some controls to hide are unknown:', [
        { part: unknown.join(' '), reason: `the names are ${CONTROLS.join(', ')}` },
      ]);
    }
    if (this.hasAttribute('src')) await this.#loadSrc(this.getAttribute('src'));
    this.dataset.ready = 'true';
    this.dispatchEvent(new Event('ready'));
  }

  // src: the file fetched (relative to the page) and read by the upload panel as if chosen there,
  // with the label column the label attribute names; what went wrong is said in the notice.
  async #loadSrc(src) {
    let name = src;
    let problem;
    try {
      const url = new URL(src, document.baseURI);
      name = decodeURIComponent(url.pathname.split('/').pop() || 'data.csv');
      const response = await fetch(url);
      if (!response.ok) problem = `the server answered ${response.status} ${response.statusText}`.trim();
      else {
        const file = new File([await response.blob()], name, { type: 'text/csv' });
        problem = await this.playground.dataControls.upload.loadFile(file, { label: this.getAttribute('label') });
      }
    } catch (error) {
      problem = error.message;
    }
    if (problem) this.playground.messages.notice(`Could not load ${src}:`, [{ part: name, reason: problem }]);
  }

  disconnectedCallback() {
    // Kept alive: an element moved in the page reconnects with its state.
  }
}

if (globalThis.customElements && !customElements.get('perceptron-playground')) {
  customElements.define('perceptron-playground', PerceptronPlaygroundElement);
}
