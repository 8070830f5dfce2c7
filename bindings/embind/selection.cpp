// pw.modelSelection's splits, folds and grid search, pw.visitOrder and the option names.
#include "selection.hpp"

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/support/random.hpp"
#include "perceptron/training/training.hpp"

namespace perceptron::wasm {
namespace {

// Each row's part of a split ({validation, test, seed}: {assignment, parts: the names of parts
// 1, 2, ...}) or its fold ({k, seed}: {assignment, k}), from labels, all options read by the core.
val assign(const std::vector<std::uint32_t>& index, std::size_t classes, bool folds,
           const val& options) {
  std::vector<std::uint32_t> assignment;
  val out = val::object();
  if (folds) {
    std::size_t k = 0;
    if (Status s = folds_by_options(option_list(options), index, classes, assignment, k); !s.ok()) {
      return error_object(s);
    }
    out.set("k", static_cast<double>(k));
  } else {
    std::vector<std::string> parts;
    if (Status s = split_by_options(option_list(options), index, classes, assignment, parts);
        !s.ok()) {
      return error_object(s);
    }
    out.set("parts", strings_out(parts));
  }
  out.set("assignment", copy_out(assignment));
  return out;
}

// The same for a dataset's labels (split's and kFold's data).
val selection_assign(const DatasetHandle& data, bool folds, const val& options) {
  if (!data.labelled()) {
    return error_object(Status::type_error(
        "data is a Dataset without labels; build it with labels, or pass its labels"));
  }
  return assign(data.data().class_index, data.data().classes.size(), folds, options);
}

// The same for labels alone (numbers or strings).
val selection_assign_labels(const val& y, bool numeric, bool folds, const val& options) {
  Classes classes;
  std::vector<std::uint32_t> index;
  if (Status s = encode(y, numeric, "y", classes, index); !s.ok()) return error_object(s);
  return assign(index, classes.size(), folds, options);
}

// pw.optionSchema: every option of `kind` with its type, bounds and default.
val option_schema_js(const std::string& kind) {
  ModelKind model_kind;
  if (Status s = kind_named(kind, model_kind); !s.ok()) return error_object(s);
  return schema_array(option_schema(model_kind));
}

}  // namespace

Status grid_search_params(const val& grid, const val& options, GridSearchParams& p) {
  if (!options["base"].isUndefined()) {
    if (Status s = model_options(options["base"], p.base); !s.ok()) return s;
  }
  p.axis_names = to_strings(val::global("Object").call<val>("keys", grid));
  for (const auto& name : p.axis_names) {
    std::vector<ModelOptions> axis(grid[name]["length"].as<std::size_t>());
    for (std::size_t v = 0; v < axis.size(); ++v) {
      val one = val::object();
      one.set(name, grid[name][v]);
      if (Status s = model_options(one, axis[v]); !s.ok()) return s;
    }
    p.axes.push_back(std::move(axis));
  }
  return grid_search_options(option_list(options), p);
}

val grid_search_with(AnyEstimator& best, const DatasetHandle& data, const val& grid,
                     const val& options) {
  GridSearchParams p;
  p.kind = best.any_model().kind();
  GridSearchResult result;
  Status s = grid_search_params(grid, options, p);
  if (s.ok()) s = grid_search(data.data(), p, result, best);
  if (!s.ok()) return error_object(s);
  // candidates: a flat Uint32Array, one value index per axis.
  std::vector<std::uint32_t> picks;
  for (const auto& pick : result.candidates) {
    for (std::size_t index : pick) picks.push_back(static_cast<std::uint32_t>(index));
  }
  val out = val::object();
  out.set("candidates", copy_out(picks));
  out.set("scores", copy_out(result.scores));
  out.set("best", static_cast<double>(result.best));
  out.set("testScore", result.test_score ? val(*result.test_score) : val::undefined());
  return out;
}

namespace {

// pw.visitOrder's list, from {order, seed, rows, count}, all checked by the core.
val visit_order_js(const val& options) {
  std::vector<std::uint32_t> visits;
  if (Status s = visit_order_of(option_list(options), visits); !s.ok()) return error_object(s);
  return copy_out(visits);
}

val option_names_js() { return strings_out(option_names()); }

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_selection) {
  emscripten::function("selectionAssign", &selection_assign);
  emscripten::function("selectionAssignLabels", &selection_assign_labels);
  emscripten::function("optionSchema", &option_schema_js);
  emscripten::function("visitOrder", &visit_order_js);
  emscripten::function("optionNames", &option_names_js);
}

}  // namespace perceptron::wasm
