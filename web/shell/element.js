// <perceptron-playground>: the whole playground as a custom element, for this site's page and for
// any course page, with one script tag:
//
//   <script type="module" src="…/element.js"></script>
//   <perceptron-playground dataset="xor" model="KernelPerceptron" hide="upload export"></perceptron-playground>
//
// Attributes (read when the element connects):
//   dataset  a preset (separable, gaussians, xor, circles, spiral, blobs, iris)
//   model    Perceptron, MulticlassPerceptron, KernelPerceptron, Winnow or PassiveAggressive
//   state    a whole link's state (what follows '#' in a shared link); dataset and model win over it
//   hide     controls to hide (classroom mode), space or comma separated: template.js's CONTROLS
//   sync-url the element's state is the page's address (#…) and ?hide=… adds hidden controls:
//            for one playground per page (index.html)
// Each element has its own shadow root, so several on one page work independently. The
// package, the stylesheets and the Iris data are found next to this module (import.meta.url).
import load from '../pkg/index.js';
import { CONTROLS, MARKUP, STYLESHEETS } from './template.js';
import { Playground } from './playground.js';

let loading = null; // one package per page: every element shares it

const words = (text) => (text ?? '').split(/[\s,]+/).filter(Boolean);

export class PerceptronPlaygroundElement extends HTMLElement {
  /** The controller (playground.js) once the element has started; null before. */
  playground = null;
  #started = null;

  connectedCallback() {
    this.#started ??= this.#start();
  }

  /** Resolves once the playground is drawn (rejects when the package could not load). */
  get ready() {
    return (this.#started ??= this.#start());
  }

  async #start() {
    const root = this.attachShadow({ mode: 'open' });
    for (const href of STYLESHEETS) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = new URL(href, import.meta.url).href;
      root.append(link);
    }
    const container = document.createElement('div');
    container.className = 'playground';
    container.innerHTML = MARKUP; // static markup (template.js): nothing from data or the link
    root.append(container);
    const syncUrl = this.hasAttribute('sync-url');
    const hide = words(this.getAttribute('hide'));
    if (syncUrl) hide.push(...words(new URLSearchParams(location.search).get('hide'))); // url-keys.js's hide
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
    });
    await this.playground.start();
    if (unknown.length > 0) {
      this.playground.messages.notice('Some controls to hide are unknown:', [
        { part: unknown.join(' '), reason: `the names are ${CONTROLS.join(', ')}` },
      ]);
    }
    this.dataset.ready = 'true';
    this.dispatchEvent(new Event('ready'));
  }

  disconnectedCallback() {
    // Kept alive: an element moved in the page reconnects with its state.
  }
}

if (!customElements.get('perceptron-playground')) {
  customElements.define('perceptron-playground', PerceptronPlaygroundElement);
}
