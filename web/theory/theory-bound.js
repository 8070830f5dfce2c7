// One bound in the Theory region: 'k mistakes ≤ B (name)', a bar that puts the count against
// the bound (the fill is the mistakes, the dark tick the bound), whether the count is within
// it, and how the bound was computed.
import { count, number, plural } from './theory-text.js';

/**
 * A <dd> for a mistake bound. `mistakes`: the model's count, or null when it is not compared
 * (no model, or a model the bound is not about); `status(within)`: the words after the bar.
 */
export function renderBound({ name, value, mistakes, model, compare, status, details }) {
  const dd = document.createElement('dd');
  dd.className = 'theory-bound';
  const head = document.createElement('p');
  head.className = 'theory-bound-head';
  if (mistakes !== null && Number.isFinite(mistakes)) {
    const within = mistakes <= value;
    head.textContent = `${plural(mistakes, 'mistake')} ${within ? '≤' : '>'} ${number(value)} (${name})`;
    dd.append(head, bar(mistakes, value, within));
    const verdict = document.createElement('p');
    verdict.className = `theory-verdict ${within ? 'theory-within' : 'theory-above'}`;
    verdict.textContent = status(within);
    dd.append(verdict);
  } else {
    const why = !model
      ? 'no model yet'
      : compare
        ? 'no mistakes counted'
        : `this model’s ${count(model.mistakes)} updates are not compared`;
    head.textContent = `${number(value)} (${name}); ${why}`;
    dd.append(head);
  }
  const how = document.createElement('p');
  how.className = 'theory-detail';
  how.textContent = details;
  dd.append(how);
  return dd;
}

// The bar: both on one scale, the larger filling it. Decorative: the text above says it.
function bar(mistakes, value, within) {
  const track = document.createElement('div');
  track.className = 'theory-bar';
  track.setAttribute('aria-hidden', 'true');
  const scale = Math.max(mistakes, value) || 1;
  const fill = document.createElement('span');
  fill.className = `theory-bar-fill ${within ? 'theory-within' : 'theory-above'}`;
  fill.style.width = `${(100 * mistakes) / scale}%`;
  const limit = document.createElement('span');
  limit.className = 'theory-bar-limit';
  limit.style.left = `${(100 * value) / scale}%`;
  if (mistakes > 0) track.append(fill);
  track.append(limit);
  return track;
}
