// The playground's style sheets, in the order they cascade, adopted by each element's shadow
// root (element.js). CSS module scripts, which bundlers see as files: scripts/playground.mjs
// builds each into a constructable style sheet inside perceptron-wasm/playground's module.
import base from './base.css' with { type: 'css' };
import style from './style.css' with { type: 'css' };
import layout from './layout.css' with { type: 'css' };
import playground from './playground.css' with { type: 'css' };
import curve from '../curve/curve.css' with { type: 'css' };
import trace from '../trace/trace.css' with { type: 'css' };
import theory from '../theory/theory.css' with { type: 'css' };
import upload from '../upload/upload.css' with { type: 'css' };
import quiz from '../quiz/quiz.css' with { type: 'css' };
import contributions from '../explain/contributions.css' with { type: 'css' };
import text from '../text/text.css' with { type: 'css' };
import tagging from '../tagging/tagging.css' with { type: 'css' };

export const STYLESHEETS = Object.freeze([
  base,
  style,
  layout,
  playground,
  curve,
  trace,
  theory,
  upload,
  quiz,
  contributions,
  text,
  tagging,
]);
