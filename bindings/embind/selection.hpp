// modelSelection.gridSearch in the bindings: a model handle's gridSearch(data, grid, options)
// runs the core's search of its kind (estimator/grid_search.hpp) and makes that model the
// winner, retrained on the non-test rows. register_model (model.hpp) binds it for every kind.
#pragma once

#include "dataset.hpp"
#include "perceptron/estimator/grid_search.hpp"

namespace perceptron::wasm {

template <Model M>
class ModelBinding;

// gridSearch's first check, before the data is read: grid an object of arrays of values, none
// undefined, options.base an object (options must be an object).
Status grid_search_shape(const val& grid, const val& options);
// The search's params from grid ({option: [values]}) and options ({base, validation, cv, test,
// seed}), every value read and checked by the core, each named in its message.
Status grid_search_params(const val& grid, const val& options, GridSearchParams& p);
// {candidates (a flat Uint32Array, one value index per axis), scores, best, testScore}.
val grid_search_object(const GridSearchResult& result);

// `best` is a new model: on success it is the retrained winner.
template <Model M>
val grid_search_into(ModelBinding<M>& best, const DatasetHandle& data, const val& grid,
                     const val& options) {
  GridSearchParams p;
  GridSearchResult result;
  Status s = grid_search_params(grid, options, p);
  if (s.ok()) s = grid_search(data.data(), p, result, best.estimator());
  return s.ok() ? grid_search_object(result) : error_object(s);
}

}  // namespace perceptron::wasm
