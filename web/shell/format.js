// How the page writes numbers: every view formats through here, so one number reads the same in
// the status panel, the captions, the trace, the curve and the theory. Imports nothing (the
// trace table and Node tests load it alone).

const COUNT = new Intl.NumberFormat('en-US');
const DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
// The typographic minus: '−1' reads as minus one, not as a hyphen.
const minus = (text) => text.replace(/^-/, '−');

/** A count (steps, epochs, mistakes, points, rows, columns, a point's number): '145,766'. */
export const formatCount = (n) => COUNT.format(n);

/**
 * A real value (a weight, a score, R, γ, a bound): at most 4 decimals, thousands grouped as
 * counts are, '−' for minus ('−1,234.5678', '0.5'); a value that rounds to zero is '0', not '−0'.
 */
export const formatNumber = (v) =>
  Number.isFinite(v) ? minus(DECIMAL.format(Number(v.toFixed(4)) || 0)) : minus(String(v));

// Past this many decimals a percentage that still rounds to 0 or 100 is written as a bound.
const MAX_PERCENT_DECIMALS = 4;
const NEAR_ALL = '> 99.9999%';
const NEAR_NONE = '< 0.0001%';

/**
 * A rate in [0, 1] (an accuracy, an error rate) as a percentage: one decimal at most ('92.5%',
 * '25%'), more when one decimal would round it to 0% or 100% while it is not exactly that
 * ('99.99%' for 10 wrong of 145,766), '> 99.9999%' / '< 0.0001%' past four. A student reading
 * 100% must be able to trust that no point is wrong.
 */
export function formatPercent(rate) {
  const percent = rate * 100;
  if (percent === 0 || percent === 100) return `${percent}%`;
  for (let decimals = 1; decimals <= MAX_PERCENT_DECIMALS; decimals++) {
    const shown = Number(percent.toFixed(decimals));
    if (shown !== 0 && shown !== 100) return `${shown}%`;
  }
  return percent > 50 ? NEAR_ALL : NEAR_NONE;
}
