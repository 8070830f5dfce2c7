"""scikit-learn's Perceptron timed on the data file of bench/run.mjs (bench/data.mjs writes it:
rows x cols float64 X row-major, then rows float64 labels, little-endian), with the settings
that make it the classic perceptron of the package: 10 epochs in the given order, no early stop.

usage:  python3 bench/sklearn_speed.py FILE ROWS COLS EPOCHS RUNS
stdout: {"first": s, "seconds": [s, ...], "n_iter": n}: the first fit, then RUNS more (each a
        new model, as a user calls it). Needs scikit-learn (Debian: python3-sklearn)."""
import json
import sys
import time

import numpy as np
from sklearn.linear_model import Perceptron


def main():
    path = sys.argv[1]
    rows, cols, epochs, runs = (int(v) for v in sys.argv[2:6])
    values = np.fromfile(path, dtype="<f8", count=rows * cols + rows)
    X = values[: rows * cols].reshape(rows, cols)
    y = values[rows * cols:]
    seconds = []
    for _ in range(runs + 1):
        model = Perceptron(max_iter=epochs, tol=None, shuffle=False)
        start = time.perf_counter()
        model.fit(X, y)
        seconds.append(time.perf_counter() - start)
    json.dump({"first": seconds[0], "seconds": seconds[1:], "n_iter": int(model.n_iter_)}, sys.stdout)


main()
