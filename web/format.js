// How the page writes numbers: every view formats through here, so one number reads the same in
// the status panel, the captions, the trace, the curve and the theory. Imports nothing (the
// trace table and Node tests load it alone).

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
