// The Trace table's rows (trace.js): a ring buffer of the last maxRows appended, oldest first.
// append() of 100,000 rows only stores references: native copies (slice, concat) rather than a
// push per row, and a loop only to overwrite the oldest rows of a full ring.
export class TraceRows {
  #max;
  #buf = [];
  #start = 0; // the oldest row's place in #buf (0 until the ring is full)
  #total = 0; // rows appended since the last clear (held or dropped)

  constructor(maxRows) {
    this.#max = maxRows;
  }

  /** The number of rows held (at most maxRows). */
  get length() {
    return this.#buf.length;
  }

  /** The rows appended since the last clear, dropped ones included. */
  get total() {
    return this.#total;
  }

  /** The i-th row held, oldest first. */
  at(i) {
    const j = this.#start + i;
    return this.#buf[j < this.#buf.length ? j : j - this.#buf.length];
  }

  clear() {
    this.#buf = [];
    this.#start = 0;
    this.#total = 0;
  }

  /** Appends rows in order; whether older rows were dropped (each place then holds another row). */
  append(rows) {
    const n = rows.length;
    const max = this.#max;
    let buf = this.#buf;
    if (n >= max) {
      buf = rows.slice(n - max);
      this.#start = 0;
    } else {
      let k = 0;
      if (buf.length < max) {
        k = Math.min(n, max - buf.length);
        buf = buf.length === 0 && k === n ? rows.slice() : buf.concat(k === n ? rows : rows.slice(0, k));
      }
      let start = this.#start;
      for (; k < n; k++) {
        buf[start] = rows[k];
        start = start + 1 === max ? 0 : start + 1;
      }
      this.#start = start;
    }
    const dropped = this.#total + n > max;
    this.#buf = buf;
    this.#total += n;
    return dropped;
  }
}
