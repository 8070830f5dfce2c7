// The CMU notes' model selection: every candidate of a grid of options scored by accuracy on a
// stratified validation split or by stratified k-fold cross-validation of the non-test rows;
// the best (the first on ties) is the one to retrain on all non-test rows and to score once on
// the test rows.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "perceptron/estimator/learner.hpp"

namespace perceptron {

struct GridSearchParams {
  ModelKind kind = ModelKind::perceptron;
  ModelOptions base;
  // One axis per option searched; each value a ModelOptions holding that option alone.
  // Candidates are the cartesian product, the first axis varying slowest.
  std::vector<std::vector<ModelOptions>> axes;
  std::optional<double> validation;  // a fraction in (0, 1), or
  std::optional<double> cv;          // k >= 2 folds (checked as given)
  std::optional<double> test;        // the fraction of rows kept for the final test, if any
  std::uint64_t seed = 0;
};

struct GridSearchResult {
  std::vector<std::vector<std::size_t>> candidates;  // each candidate's value index per axis
  std::vector<double> scores;                        // its mean accuracy over the evaluations
  std::size_t best = 0;
  std::vector<std::uint32_t> pool;  // the non-test rows, in order
  std::vector<std::uint32_t> test;  // the test rows, in order (empty without a test fraction)
};

// `data` must be labelled. Splits come from stratified_parts / stratified_folds with `seed`, on
// the labels of the rows split (so the test split first, then the pool's).
Status grid_search(const Dataset& data, const GridSearchParams& params, GridSearchResult& out);

}  // namespace perceptron
