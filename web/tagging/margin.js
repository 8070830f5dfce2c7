// Collins' mistake bound for a tagged corpus and weights u that separate it (Collins 2002, the
// structured perceptron of the CMU notes): at most R^2 / gamma^2 mistakes, where
//   gamma = min over sentences of u . Phi(x, y) - max over z != y of u . Phi(x, z)  (||u|| = 1),
//   R     = max over sentences and z of ||Phi(x, y) - Phi(x, z)||.
// Phi is the model's (models/structured.hpp): for every token, its features under its tag, and
// for every tag the pair (previous tag, tag), the first with the start '<s>'. Weights are
// {emission: {tag: {feature: weight}}, transition: {from: {to: weight}}}; missing ones are 0.
// Tokens are as StructuredPerceptron.fit takes them: feature names (each 1) or {name: value}.
//
// gamma is exact: the best z != y differs from y at some position t, so it is the best path
// through some (t, k) with k != y_t: forward (Viterbi) plus backward scores, O(n K^2).
// R is exact when a sentence reaching it leaves a tag unused, otherwise an upper bound:
// feature values are >= 0, so ||Phi(y) - Phi(z)||^2 <= ||Phi(y)||^2 + ||Phi(z)||^2, and
// ||Phi(z)||^2 <= ||sum_t x_t||^2 + 1 + (n - 1)^2 (all tokens under one tag: counts merged make
// squares larger); z = (k, ..., k) with k not in y reaches both, as Phi(y) . Phi(z) = 0 then.

export const START = '<s>';

/** A token's features as [name, value] pairs. */
export const entries = (token) => (Array.isArray(token) ? token.map((name) => [name, 1]) : Object.entries(token));

/** Phi(x, y) as a Map from 'e|tag|feature' and 't|from|to' to counts. */
export function phi(tokens, tags) {
  const out = new Map();
  const add = (key, value) => out.set(key, (out.get(key) ?? 0) + value);
  tokens.forEach((token, t) => {
    for (const [name, value] of entries(token)) add(`e|${tags[t]}|${name}`, value);
    add(`t|${t === 0 ? START : tags[t - 1]}|${tags[t]}`, 1);
  });
  return out;
}

/** u . Phi(x, y). */
export function scoreOf(weights, tokens, tags) {
  let score = 0;
  tokens.forEach((token, t) => {
    score += emissionScore(weights, tags[t], token);
    score += transitionWeight(weights, t === 0 ? START : tags[t - 1], tags[t]);
  });
  return score;
}

const emissionScore = (weights, tag, token) =>
  entries(token).reduce((sum, [name, value]) => sum + (weights.emission[tag]?.[name] ?? 0) * value, 0);
const transitionWeight = (weights, from, to) => weights.transition[from]?.[to] ?? 0;

/** The squared norm of weights in the {emission, transition} form. */
export function squaredNorm(weights) {
  let sum = 0;
  for (const part of [weights.emission, weights.transition]) {
    for (const row of Object.values(part)) for (const w of Object.values(row)) sum += w * w;
  }
  return sum;
}

/**
 * For one sentence: {gold: u . Phi(x, y), rival: max over z != y of u . Phi(x, z), path: that z}
 * (ties to the first position, then the first tag in `tagList`'s order). rival is -Infinity for
 * a sentence with one tag sequence only (one token, one tag).
 */
export function bestRival(weights, tagList, tokens, gold) {
  const n = tokens.length;
  const K = tagList.length;
  const emit = tokens.map((token) => tagList.map((tag) => emissionScore(weights, tag, token)));
  const trans = (j, k) => transitionWeight(weights, tagList[j], tagList[k]);
  // forward[t][k]: the best prefix ending in k at t; backward[t][k]: the best suffix after it.
  const forward = [tagList.map((tag, k) => transitionWeight(weights, START, tag) + emit[0][k])];
  const from = [tagList.map(() => -1)];
  for (let t = 1; t < n; t++) {
    const row = [];
    const back = [];
    for (let k = 0; k < K; k++) {
      let best = -Infinity;
      let arg = -1;
      for (let j = 0; j < K; j++) {
        const s = forward[t - 1][j] + trans(j, k);
        if (s > best) [best, arg] = [s, j];
      }
      row.push(best + emit[t][k]);
      back.push(arg);
    }
    forward.push(row);
    from.push(back);
  }
  const backward = Array.from({ length: n }, () => new Array(K).fill(0));
  const ahead = Array.from({ length: n }, () => new Array(K).fill(-1));
  for (let t = n - 2; t >= 0; t--) {
    for (let j = 0; j < K; j++) {
      let best = -Infinity;
      for (let k = 0; k < K; k++) {
        const s = trans(j, k) + emit[t + 1][k] + backward[t + 1][k];
        if (s > best) [best, ahead[t][j]] = [s, k];
      }
      backward[t][j] = best;
    }
  }
  let rival = -Infinity;
  let at = null;
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < K; k++) {
      if (tagList[k] === gold[t]) continue;
      const s = forward[t][k] + backward[t][k];
      if (s > rival) [rival, at] = [s, [t, k]];
    }
  }
  let path = null;
  if (at) {
    const ids = new Array(n);
    ids[at[0]] = at[1];
    for (let t = at[0]; t > 0; t--) ids[t - 1] = from[t][ids[t]];
    for (let t = at[0]; t < n - 1; t++) ids[t + 1] = ahead[t][ids[t]];
    path = ids.map((k) => tagList[k]);
  }
  return { gold: scoreOf(weights, tokens, gold), rival, path };
}

/**
 * For one sentence: {squared: an upper bound of max over z of ||Phi(x, y) - Phi(x, z)||^2,
 * exact: whether it is the max (a tag of tagList is unused in y)}.
 */
export function radiusOf(tagList, tokens, gold) {
  const own = [...phi(tokens, gold).values()].reduce((sum, v) => sum + v * v, 0);
  const total = new Map();
  for (const token of tokens)
    for (const [name, value] of entries(token)) total.set(name, (total.get(name) ?? 0) + value);
  const merged = [...total.values()].reduce((sum, v) => sum + v * v, 0);
  const n = tokens.length;
  const used = new Set(gold);
  return { squared: own + merged + 1 + (n - 1) ** 2, exact: tagList.some((tag) => !used.has(tag)) };
}

/**
 * Collins' bound of a corpus {sequences, tags} for weights u (normalized here): {gamma (the
 * margin, <= 0 when u does not separate), sentence (where it is reached), R, radiusExact, bound
 * (R^2 / gamma^2, Infinity when gamma <= 0), norm (||u|| before normalizing)}.
 */
export function collinsBound(weights, tagList, { sequences, tags }) {
  const norm = Math.sqrt(squaredNorm(weights));
  let gamma = Infinity;
  let sentence = -1;
  let squared = 0;
  let radiusExact = false;
  sequences.forEach((tokens, s) => {
    const { gold, rival } = bestRival(weights, tagList, tokens, tags[s]);
    const margin = (gold - rival) / norm;
    if (margin < gamma) [gamma, sentence] = [margin, s];
    const radius = radiusOf(tagList, tokens, tags[s]);
    if (radius.squared > squared) [squared, radiusExact] = [radius.squared, radius.exact];
    else if (radius.squared === squared) radiusExact ||= radius.exact;
  });
  const R = Math.sqrt(squared);
  return { gamma, sentence, R, radiusExact, bound: gamma > 0 ? squared / (gamma * gamma) : Infinity, norm };
}
