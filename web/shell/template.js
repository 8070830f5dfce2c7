// The playground's markup, put into each <perceptron-playground>'s shadow root (element.js), so
// ids are per instance. Static text only: everything from data (labels, file names, a link's
// contents) is set later as text. data-control names what classroom mode can hide (hide="…").

/** What classroom mode can hide (the hide attribute or ?hide= parameter, space or comma separated). */
export const CONTROLS = Object.freeze([
  'data',
  'upload',
  'split',
  'palette',
  'model',
  'options',
  'step',
  'epoch',
  'train',
  'play',
  'reset',
  'clear',
  'view',
  'trace',
  'theory',
  'curve',
  'export',
]);

export const MARKUP = `
<p id="load-error" class="banner error" role="alert" hidden></p>
<section id="notice" class="banner notice" role="status" aria-labelledby="notice-title" hidden>
  <p id="notice-title" class="notice-title"></p>
  <ul id="notice-list"></ul>
  <button type="button" id="notice-dismiss">Dismiss</button>
</section>

<section class="data-bar" aria-label="Data">
  <div class="data-row">
    <span class="data-group" data-control="data">
    <label class="compact">Dataset <select id="dataset"></select></label>
    <label class="compact" data-param="rows">Points <input id="data-rows" type="number" min="4" max="5000" step="1" inputmode="numeric" /></label>
    <label class="compact" data-param="seed">Data seed <input id="data-seed" type="number" min="0" step="1" inputmode="numeric" /></label>
    <label class="compact" data-param="margin">Margin <input id="data-margin" type="range" min="0" max="0.5" step="0.01" /><output id="data-margin-value"></output></label>
    <label class="compact" data-param="noise">Noise <input id="data-noise" type="range" min="0" max="1" step="0.01" /><output id="data-noise-value"></output></label>
    <label class="compact" data-param="features">x-axis <select id="iris-x"></select></label>
    <label class="compact" data-param="features">y-axis <select id="iris-y"></select></label>
    <button type="button" id="regenerate" data-param="seed">Regenerate</button>
    </span>
    <span class="data-group" data-control="split">
      <label class="compact">Validation part <select id="split-validation"></select></label>
      <label class="compact">Test part <select id="split-test"></select></label>
    </span>
  </div>
  <details class="upload-box" data-control="upload">
    <summary>Upload a CSV file</summary>
    <div id="upload"></div>
  </details>
  <p id="data-error" class="error" role="alert"></p>
</section>

<div class="layout">
  <section class="plane-column" aria-label="Plane and training">
    <div class="toolbar dense-only" role="group" aria-label="Class of new points" data-control="palette">
      <span class="toolbar-label">New points:</span>
      <span id="palette" class="palette"></span>
      <button type="button" id="add-class" title="A new class for the points you click (up to 6)">New class</button>
      <button type="button" id="erase" aria-pressed="false" title="Click or drag over points to remove them (key E)">Erase</button>
    </div>
    <div class="actions" role="group" aria-label="Training">
      <button type="button" id="step" data-control="step" title="Learn from the next example in the chosen order">Step</button>
      <button type="button" id="epoch" data-control="epoch" title="Learn until the end of the current pass over the points">Epoch</button>
      <button type="button" id="train" data-control="train" class="primary" title="Train from zero weights (fit) in a Web Worker">Train</button>
      <button type="button" id="stop" hidden>Stop</button>
      <button type="button" id="play" data-control="play" aria-pressed="false" title="Step continuously">Play</button>
      <label class="compact speed" data-control="play">Speed <input id="speed" type="range" min="0" max="6" step="1" value="2" aria-valuetext="4 steps per second" /></label>
      <button type="button" id="reset" data-control="reset" title="Weights back to zero; points are kept">Reset</button>
      <button type="button" id="clear" class="dense-only" data-control="clear" title="Remove all points">Clear</button>
    </div>
    <div class="action-messages">
      <p id="action-error" class="error" role="alert"></p>
      <p id="progress" class="progress" hidden></p>
      <p id="thread-note" class="progress" role="status" hidden></p>
    </div>
    <section id="tagging" class="tagging" aria-label="Tagged sentences" hidden>
      <div class="tagging-controls" role="group" aria-label="Corpus and model">
        <label class="compact">Sentences <input id="tagging-sentences" type="number" step="1" inputmode="numeric" /></label>
        <label class="compact">Corpus seed <input id="tagging-seed" type="number" min="0" step="1" inputmode="numeric" /></label>
        <label class="compact">Variant <select id="tagging-variant"><option value="classic">classic</option><option value="averaged">averaged</option></select></label>
        <label class="compact">Order <select id="tagging-order"><option value="cyclic">cyclic</option><option value="shuffle">shuffle</option></select></label>
      </div>
      <p id="tagging-error" class="error" role="alert"></p>
      <p id="tagging-data" class="caption"></p>
      <section class="lattice-region" aria-labelledby="lattice-title">
        <h2 id="lattice-title">Sentence lattice</h2>
        <label class="compact">Sentence shown <input id="tagging-index" type="number" min="1" step="1" inputmode="numeric" /></label>
        <p id="tagging-step" class="last-step" aria-live="polite"></p>
        <div id="lattice" class="lattice"></div>
        <h3 class="tagging-subtitle">Features the update changed</h3>
        <div id="tagging-changes" class="tagging-changes"></div>
      </section>
    </section>
    <div class="plane-box dense-only" id="plane-box">
      <canvas id="plane" width="520" height="520" tabindex="0" aria-describedby="point-count plane-help"
        aria-label="Data plane. Click to add a point of the selected class; click a point to remove it, drag it to move it."></canvas>
    </div>
    <p id="plane-status" class="caption dense-only" aria-live="polite"></p>
    <p id="point-count" class="caption dense-only"></p>
    <div id="text-view" class="text-view" hidden>
      <fieldset class="text-bag" data-control="options">
        <legend>Bag of words</legend>
        <label class="compact">Terms <select id="text-ngram"><option value="1">words (1-grams)</option><option value="2">words and pairs (1-2-grams)</option></select></label>
        <label class="compact"><input type="checkbox" id="text-binary" /> Binary (0/1, not counts)</label>
        <label class="compact">Hashing <select id="text-bits"></select></label>
        <p id="text-bag-note" class="caption" role="status"></p>
      </fieldset>
      <p id="text-summary" class="caption"></p>
      <section class="text-region" aria-labelledby="text-step-title">
        <h3 id="text-step-title">Last step</h3>
        <div id="text-step-body" aria-live="polite"></div>
      </section>
      <div id="text-confusion" class="text-region"></div>
      <section class="text-region" aria-labelledby="text-top-title">
        <h3 id="text-top-title">Top words</h3>
        <div id="text-top-body" class="top-words"></div>
      </section>
      <section class="text-region" aria-labelledby="text-docs-title">
        <h3 id="text-docs-title">Documents</h3>
        <p id="text-docs-part" class="caption"></p>
        <div class="text-doc-nav">
          <button type="button" id="text-doc-prev">Previous</button>
          <label class="compact">Document <input id="text-doc-row" type="number" min="1" step="1" inputmode="numeric" /></label>
          <button type="button" id="text-doc-next">Next</button>
        </div>
        <ol id="text-docs" class="text-docs"></ol>
      </section>
      <section class="text-region" aria-labelledby="text-contrib-title">
        <h3 id="text-contrib-title">Contributions</h3>
        <div id="text-contrib-body"></div>
      </section>
    </div>
  </section>

  <div class="plane-extras dense-only">
      <p id="plane-help" class="caption">
        Keyboard: arrows move a cursor (Alt: small steps), Enter adds a point, Delete removes, M picks up and drops,
        1–6 choose the class, E toggles Erase. Drop a CSV file here to upload it.
      </p>
      <div class="view-toggles" role="group" aria-label="View" data-control="view">
        <label class="compact"><input type="checkbox" id="view-heatmap" /> Score heatmap</label>
        <label class="compact"><input type="checkbox" id="view-discrete" /> Discretize</label>
        <label class="compact"><input type="checkbox" id="view-band" /> Margin band</label>
        <label class="compact">Colour points by <select id="view-colour"><option value="true">true class</option><option value="predicted">predicted class</option></select></label>
      </div>
      <div class="lecture-exports" role="group" aria-labelledby="lecture-export-label" data-control="export">
        <span id="lecture-export-label" class="toolbar-label">Export for lecture notes:</span>
        <button type="button" id="export-markdown" title="The trace as a Markdown table">Trace as Markdown</button>
        <button type="button" id="export-latex" title="The trace as a LaTeX table (booktabs)">Trace as LaTeX</button>
        <label class="compact">Digits <input id="export-digits" type="number" min="0" max="15" step="1" value="3" inputmode="numeric" /></label>
        <button type="button" id="export-plane" title="The plane as it is drawn now, as an SVG file">Plane as SVG</button>
        <button type="button" id="export-curve" title="The learning curve as an SVG file">Curve as SVG</button>
        <label class="compact"><input type="checkbox" id="export-copy" /> Copy too</label>
        <p id="lecture-export-status" class="caption" role="status"></p>
        <p id="lecture-export-error" class="error" role="alert"></p>
      </div>
  </div>

  <section class="side-column model-column" aria-labelledby="model-title">
    <section id="quiz" class="quiz" hidden></section>
    <h2 id="model-title">Model</h2>
    <label class="compact" data-control="model">Model <select id="model"></select></label>
    <div id="status" class="status" aria-live="polite">
      <dl class="numbers">
        <div><dt>step t</dt><dd id="status-t">0</dd></div>
        <div><dt>epoch</dt><dd id="status-epoch">0</dd></div>
        <div><dt>mistakes</dt><dd id="status-mistakes">0</dd></div>
        <div class="wide"><dt>training accuracy</dt><dd id="status-accuracy">—</dd></div>
        <div class="wide"><dt>validation accuracy</dt><dd id="status-validation">—</dd></div>
        <div class="wide"><dt>test accuracy</dt><dd id="status-test">—</dd></div>
        <div class="full"><dt>weights w, bias b</dt><dd id="status-weights">—</dd></div>
        <div class="full"><dt>converged</dt><dd id="status-converged">not yet known</dd></div>
      </dl>
      <p id="status-last" class="last-step"></p>
    </div>
    <div id="curve" class="dense-only" data-control="curve"></div>
    <div id="tagging-side" class="tagging-side" hidden>
      <p class="caption">Structured perceptron (Collins), trained in the package's Worker.</p>
      <dl class="numbers tagging-numbers" aria-live="polite">
        <div><dt>step t</dt><dd id="tagging-t">0</dd></div>
        <div><dt>epoch</dt><dd id="tagging-epoch">0</dd></div>
        <div><dt>mistakes</dt><dd id="tagging-mistakes">0</dd></div>
        <div class="wide"><dt>token accuracy</dt><dd id="tagging-accuracy">—</dd></div>
        <div class="full"><dt>converged</dt><dd id="tagging-converged">not yet known</dd></div>
      </dl>
      <figure class="tagging-curve">
        <figcaption class="tagging-subtitle">Learning curve: token accuracy per epoch</figcaption>
        <div id="tagging-curve"></div>
        <p id="tagging-epochs-empty" class="caption">No finished epoch yet.</p>
        <ol id="tagging-epochs" class="tagging-epochs"></ol>
      </figure>
    </div>
    <section class="theory-region dense-only" aria-labelledby="theory-title" data-control="theory">
      <h2 id="theory-title">Theory</h2>
      <div id="theory"></div>
      <div id="tagging-theory" class="theory" hidden></div>
    </section>
    <section class="contrib-region dense-only" aria-labelledby="contrib-title">
      <h2 id="contrib-title">Contributions</h2>
      <p class="caption">A point's score w·x + b as the terms w<sub>i</sub> x<sub>i</sub>, largest first.</p>
      <div class="contrib-controls">
        <label class="compact">Point <input id="contrib-row" type="number" min="1" step="1" inputmode="numeric" /></label>
        <label class="compact" hidden>Class explained <select id="contrib-class" aria-label="Class explained"></select></label>
      </div>
      <div id="contrib" aria-live="polite"></div>
    </section>
  </section>

  <section class="side-column options-column" aria-labelledby="options-title" data-control="options">
    <h2 id="options-title">Options</h2>
    <form id="options" class="options" novalidate>
      <fieldset id="option-fields">
        <legend class="visually-hidden">Model options (changing one resets the weights)</legend>
      </fieldset>
      <p class="help">
        Changing an option resets the weights to zero; the points stay. A value the library refuses is not applied:
        its message appears under the field, which shows the value still in use.
      </p>
    </form>
    <div class="exports dense-only" role="group" aria-label="Export and import" data-control="export">
      <button type="button" id="export-model">Export model as JSON</button>
      <label class="file-button">Import model JSON <input type="file" id="import-model" accept=".json,application/json" /></label>
      <button type="button" id="export-points">Download points as CSV</button>
      <p id="export-error" class="error" role="alert"></p>
    </div>
  </section>
</div>

<section class="trace-region dense-only" data-control="trace">
  <h2 id="trace-title">Trace</h2>
  <div id="trace"></div>
</section>
`;
