// The learning curve's data (web/curve/curve.js, curveSvg): a training history as the columns
// curve-draw.js draws, read incrementally, and thinned to per-bucket extremes beyond DRAW_LIMIT
// epochs.

const mistakesOf = (entry) => (Number.isFinite(entry.mistakes) ? entry.mistakes : 0);
const rateOrNull = (v) => (typeof v === 'number' && Number.isFinite(v) ? v * 100 : null);

// The history as columns: `full` has one entry per epoch ([epochs, train error %, validation
// error %, cumulative mistakes], null where not known); `drawn()` is what is drawn: the full
// columns up to DRAW_LIMIT epochs, beyond that each bucket of `size` epochs (a power of two, at
// most MAX_BUCKETS buckets) as two points holding its lowest and highest value of each line, in
// their order, at the bucket's first and last epoch: a bucket is under a pixel wide, so the
// drawing is the same, and a redraw costs the same at 5,000 epochs as at 100,000.
const DRAW_LIMIT = 4096;
const MAX_BUCKETS = 2048;

export class Columns {
  full = [[], [], [], []];
  known = [0, 0, 0]; // non-null values per line
  #first = null; // history[0] and history[n - 1] last read: the same array grown has
  #last = null; // these same objects at those places
  #size = 0; // the buckets' size, 0 when drawn in full
  #done = 0; // buckets complete (the last one may still grow)
  #reduced = [[], [], [], []];

  /**
   * Makes the columns `history`'s: keeps the epochs they share with it (all of them at once
   * when it starts and ends the read part with the same objects as last time, as the same
   * array grown does; else compared value by value, as for a copy from a worker) and reads the
   * rest. Returns whether anything changed.
   */
  read(history) {
    const [epochs, train, validation, cumulative] = this.full;
    const n = epochs.length;
    const grown = n > 0 && n <= history.length && history[0] === this.#first && history[n - 1] === this.#last;
    let keep = grown ? n : 0;
    if (!grown) {
      const common = Math.min(n, history.length);
      let total = 0;
      for (; keep < common; keep++) {
        const entry = history[keep];
        total += mistakesOf(entry);
        if (
          entry.epoch !== epochs[keep] ||
          rateOrNull(entry.trainError) !== train[keep] ||
          rateOrNull(entry.validationError) !== validation[keep] ||
          total !== cumulative[keep]
        )
          break;
      }
    }
    for (let i = keep; i < n; i++) {
      if (train[i] !== null) this.known[0]--;
      if (validation[i] !== null) this.known[1]--;
      this.known[2]--;
    }
    for (const column of this.full) column.length = keep;
    if (this.#size) this.#done = Math.min(this.#done, Math.floor(keep / this.#size));
    let total = keep ? cumulative[keep - 1] : 0;
    for (let i = keep; i < history.length; i++) {
      const entry = history[i];
      const t = rateOrNull(entry.trainError);
      const v = rateOrNull(entry.validationError);
      total += mistakesOf(entry);
      epochs.push(entry.epoch);
      train.push(t);
      validation.push(v);
      cumulative.push(total);
      if (t !== null) this.known[0]++;
      if (v !== null) this.known[1]++;
      this.known[2]++;
    }
    this.#first = history[0] ?? null;
    this.#last = history[history.length - 1] ?? null;
    return keep !== n || history.length !== n;
  }

  /** The columns to draw (the same arrays from call to call while the history grows). */
  drawn() {
    const n = this.full[0].length;
    if (n <= DRAW_LIMIT) {
      this.#size = 0;
      return this.full;
    }
    let size = 2;
    while (n / size > MAX_BUCKETS) size *= 2;
    if (size !== this.#size) {
      this.#size = size;
      this.#done = 0;
    }
    // Redo the last bucket if it was not complete, then the new ones.
    for (const column of this.#reduced) column.length = 2 * this.#done;
    for (let start = this.#done * size; start < n; start += size) {
      const end = Math.min(n, start + size);
      this.#bucket(start, end);
      if (end - start === size) this.#done++;
    }
    return this.#reduced;
  }

  /** The index in `full` of point `idx` of drawn(). */
  fullIndex(idx) {
    const n = this.full[0].length;
    if (!this.#size) return Math.min(idx, n - 1);
    return Math.min(n - 1, Math.floor(idx / 2) * this.#size + (idx % 2 ? this.#size - 1 : 0));
  }

  #bucket(start, end) {
    const [x, ...lines] = this.#reduced;
    x.push(this.full[0][start], this.full[0][end - 1]);
    this.full.slice(1).forEach((values, k) => {
      let low = -1;
      let high = -1;
      for (let i = start; i < end; i++) {
        const v = values[i];
        if (v === null) continue;
        if (low < 0 || v < values[low]) low = i;
        if (high < 0 || v > values[high]) high = i;
      }
      const pair = low < 0 ? [null, null] : low <= high ? [values[low], values[high]] : [values[high], values[low]];
      lines[k].push(...pair);
    });
  }
}
