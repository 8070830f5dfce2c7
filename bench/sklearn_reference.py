"""scikit-learn's Perceptron on the same splits as bench/real-data.mjs (read from a JSON file
it writes), standardized with StandardScaler fitted on the training part. Prints JSON:
{dataset: {"Perceptron": [accuracy per split], ...}}. Needs Debian's python3-sklearn."""
import csv
import json
import sys

import numpy as np
from sklearn.linear_model import Perceptron, SGDClassifier
from sklearn.preprocessing import StandardScaler


def read(name):
    with open(f"data/{name}.csv") as f:
        rows = list(csv.reader(f))[1:]
    X = np.array([[float(v) for v in r[:-1]] for r in rows])
    y = np.array([r[-1] for r in rows])
    return X, y


def main():
    splits = json.load(open(sys.argv[1]))
    out = {}
    for name, parts in splits.items():
        X, y = read(name)
        scores = {"Perceptron": [], "SGDClassifier(loss='perceptron', average=True)": []}
        for seed, (train, test) in enumerate(parts):
            scaler = StandardScaler().fit(X[train])
            averaged = SGDClassifier(loss="perceptron", penalty=None, learning_rate="constant",
                                     eta0=1.0, average=True, random_state=seed)
            for label, model in (("Perceptron", Perceptron(random_state=seed)),
                                 ("SGDClassifier(loss='perceptron', average=True)", averaged)):
                model.fit(scaler.transform(X[train]), y[train])
                scores[label].append(float(model.score(scaler.transform(X[test]), y[test])))
        out[name] = scores
    json.dump(out, sys.stdout)


main()
