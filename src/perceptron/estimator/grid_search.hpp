// The CMU notes' model selection: every candidate of a grid of options scored by accuracy on a
// stratified validation split or by stratified k-fold cross-validation of the non-test rows;
// the best (the first on ties) is retrained on all non-test rows and scored once on the test rows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "perceptron/estimator/estimator.hpp"
#include "perceptron/estimator/kinds.hpp"

namespace perceptron {

struct GridSearchParams {
  ModelKind kind = ModelKind::perceptron;
  ModelOptions base;
  // One axis per option searched; each value a ModelOptions holding that option alone.
  // Candidates are the cartesian product, the first axis varying slowest.
  std::vector<std::vector<ModelOptions>> axes;
  std::vector<std::string> axis_names;  // the option of each axis, for messages (grid.NAME)
  std::optional<double> validation;     // a fraction in (0, 1), or
  std::optional<double> cv;             // k >= 2 folds (checked as given)
  std::optional<double> test;           // the fraction of rows kept for the final test, if any
  std::uint64_t seed = 0;
};

struct GridSearchResult {
  std::vector<std::vector<std::size_t>> candidates;  // each candidate's value index per axis
  std::vector<double> scores;                        // its mean accuracy over the evaluations
  std::size_t best = 0;
  std::vector<std::uint32_t> pool;   // the non-test rows, in order
  std::vector<std::uint32_t> test;   // the test rows, in order (empty without a test fraction)
  std::optional<double> test_score;  // the retrained winner's accuracy on the test rows
};

// modelSelection.gridSearch's options {validation, cv, test, seed} read into `p` and checked
// (check_grid_search), each named in its message; base, a model's options object, is the
// caller's to read into p.base.
Status grid_search_options(const OptionList& options, GridSearchParams& p);
// What a search needs of `p`: at least one axis, none empty, exactly one of validation and cv,
// the fractions in (0, 1), cv an integer >= 2 (at most the smallest class's size: checked as the
// folds are drawn).
Status check_grid_search(const GridSearchParams& p);

// `data` must be labelled. Splits come from stratified_parts / stratified_folds with `seed`, on
// the labels of the rows split (so the test split first, then the pool's).
Status grid_search(const Dataset& data, const GridSearchParams& params, GridSearchResult& out);

// A candidate's options: base, then its value of every axis.
ModelOptions candidate_options(const GridSearchParams& p, const std::vector<std::size_t>& pick);

// grid_search, then the winner retrained in `best` (of p.kind; new: on error it is to be dropped):
// configured afresh with the winner's options, fitted on the pool's rows and scored once on the
// test rows (out.test_score). On error `out` is unchanged.
Status grid_search(const Dataset& data, const GridSearchParams& p, GridSearchResult& out,
                   AnyEstimator& best);

}  // namespace perceptron
