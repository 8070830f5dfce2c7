// modelSelection.gridSearch in the bindings: a model handle's gridSearch(data, grid, options)
// runs the core's search of its kind (estimator/grid_search.hpp) and makes that model the
// winner, retrained on the non-test rows (model.cpp binds it).
#pragma once

#include "dataset.hpp"
#include "perceptron/estimator/grid_search.hpp"

namespace perceptron::wasm {

// The search's params from grid ({option: [values]}: its shape checked by the wrapper) and options
// ({base, validation, cv, test, seed}), every value read and checked by the core, each named in
// its message.
Status grid_search_params(const val& grid, const val& options, GridSearchParams& p);
// The search of `best`'s kind (grid and options read as above), the winner retrained into
// `best`, a new estimator: {candidates, scores, best, testScore} or the error.
val grid_search_with(AnyEstimator& best, const DatasetHandle& data, const val& grid,
                     const val& options);

}  // namespace perceptron::wasm
