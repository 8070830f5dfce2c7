// modelSelection.gridSearch in the bindings: a model handle's gridSearch(data, grid, options)
// runs the core's search of its kind (estimator/grid_search.hpp) and makes that model the
// winner, retrained on the non-test rows. register_model (model.hpp) binds it for every kind.
#pragma once

#include "dataset.hpp"
#include "perceptron/estimator/grid_search.hpp"

namespace perceptron::wasm {

template <Model M>
class ModelBinding;

// The search's params from grid ({option: [values]}: its shape checked by the wrapper) and options
// ({base, validation, cv, test, seed}), every value read and checked by the core, each named in
// its message.
Status grid_search_params(const val& grid, const val& options, GridSearchParams& p);
// The search of `kind` (grid and options read as above), the winner retrained by `retrain` into
// `estimator`, a new one: {candidates, scores, best, testScore} or the error.
val grid_search_with(ModelKind kind, Retrain retrain, void* estimator, const DatasetHandle& data,
                     const val& grid, const val& options);

// `best` is a new model: on success it is the retrained winner.
template <Model M>
val grid_search_into(ModelBinding<M>& best, const DatasetHandle& data, const val& grid,
                     const val& options) {
  return grid_search_with(kind_of<M>, &retrain_estimator<M>, &best.estimator(), data, grid,
                          options);
}

}  // namespace perceptron::wasm
