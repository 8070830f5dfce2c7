"""scikit-learn on the spam-or-ham corpus as bench/real-text.mjs hands it over (a JSON file of
the tokens of every message, its labels and the splits, training rows in training order): a
HashingVectorizer of those tokens (2^18 columns, alternate_sign, no norm: the package's
hashing) and linear models trained on each split's rows in that order. Prints JSON:
{model: [accuracy per split]}. Needs Debian's python3-sklearn."""
import json
import sys

import numpy as np
from sklearn.feature_extraction.text import HashingVectorizer
from sklearn.linear_model import Perceptron, SGDClassifier


def main():
    given = json.load(open(sys.argv[1]))
    labels = np.array(given["labels"])
    vectorizer = HashingVectorizer(
        analyzer=lambda tokens: tokens, n_features=2 ** 18, alternate_sign=True, norm=None
    )
    X = vectorizer.transform(given["tokens"])
    models = {
        "Perceptron": lambda: Perceptron(max_iter=10, tol=None, shuffle=False),
        "Perceptron, no intercept": lambda: Perceptron(
            max_iter=10, tol=None, shuffle=False, fit_intercept=False
        ),
        "SGDClassifier(loss='perceptron', average=True)": lambda: SGDClassifier(
            loss="perceptron",
            penalty=None,
            learning_rate="constant",
            eta0=1,
            average=True,
            max_iter=10,
            tol=None,
            shuffle=False,
        ),
    }
    out = {name: [] for name in models}
    for split in given["splits"]:
        for name, make in models.items():
            model = make()
            model.fit(X[split["train"]], labels[split["train"]])
            out[name].append(model.score(X[split["test"]], labels[split["test"]]))
    print(json.dumps(out))


if __name__ == "__main__":
    main()
