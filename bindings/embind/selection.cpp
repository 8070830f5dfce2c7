// pw.modelSelection's splits and folds, pw.visitOrder and the option names.
#include "dataset.hpp"
#include "perceptron/analysis/analysis.hpp"
#include "perceptron/estimator/grid_search.hpp"
#include "perceptron/support/random.hpp"
#include "perceptron/training/training.hpp"

namespace perceptron::wasm {
namespace {

Status assign(const std::vector<std::uint32_t>& index, std::size_t classes, const val& fractions,
              double k, double seed, std::vector<std::uint32_t>& out) {
  if (index.empty()) return Status::range_error("y must hold at least one label");
  return k > 0 ? stratified_folds(index, classes, k, static_cast<std::uint64_t>(seed), out)
               : stratified_parts(index, classes, to_doubles(fractions),
                                  static_cast<std::uint64_t>(seed), out);
}

// Stratified parts (fractions non-empty) or folds (k > 0) of a dataset's labels, as each
// row's part or fold.
val selection_assign(const DatasetHandle& data, const val& fractions, double k, double seed) {
  if (!data.labelled() || data.data().rows() == 0) {
    return error_object(Status::range_error("y must hold at least one label"));
  }
  std::vector<std::uint32_t> out;
  if (Status s =
          assign(data.data().class_index, data.data().classes.size(), fractions, k, seed, out);
      !s.ok()) {
    return error_object(s);
  }
  return copy_out(out);
}

// The same for labels alone (numbers or strings).
val selection_assign_labels(const val& y, bool numeric, const val& fractions, double k,
                            double seed) {
  Classes classes;
  std::vector<std::uint32_t> index;
  if (Status s = encode(y, numeric, "y", classes, index); !s.ok()) return error_object(s);
  std::vector<std::uint32_t> out;
  if (Status s = assign(index, classes.size(), fractions, k, seed, out); !s.ok()) {
    return error_object(s);
  }
  return copy_out(out);
}

// pw.checkOptions: null when `options` make a valid model of `kind`, else the core's message
// (the one the constructor throws), as LIBLINEAR's check_parameter.
val check_options_js(const std::string& kind, const val& options) {
  ModelKind model_kind;
  ModelOptions parsed;
  Status s = kind_named(kind, model_kind);
  if (s.ok()) s = model_options(options, parsed);
  if (s.ok()) s = check_model_options(model_kind, parsed);
  return s.ok() ? val::null() : error_object(s);
}

// pw.optionSchema: every option of `kind` with its type, bounds and default.
val option_schema_js(const std::string& kind) {
  ModelKind model_kind;
  if (Status s = kind_named(kind, model_kind); !s.ok()) return error_object(s);
  return schema_array(option_schema(model_kind));
}

// The grid search loop (src/perceptron/estimator/grid_search): search is {base, axes, validation,
// cv, test, seed}, `axes` an array of arrays of one-option objects. Returns {candidates (a flat
// Uint32Array, one value index per axis), scores, best, pool, test}.
val grid_search_js(const std::string& kind, const DatasetHandle& data, const val& search) {
  GridSearchParams p;
  if (Status s = kind_named(kind, p.kind); !s.ok()) return error_object(s);
  if (Status s = model_options(search["base"], p.base); !s.ok()) return error_object(s);
  const val axes = search["axes"];
  for (std::size_t a = 0; a < axes["length"].as<std::size_t>(); ++a) {
    std::vector<ModelOptions> values(axes[a]["length"].as<std::size_t>());
    for (std::size_t v = 0; v < values.size(); ++v) {
      if (Status s = model_options(axes[a][v], values[v]); !s.ok()) return error_object(s);
    }
    p.axes.push_back(std::move(values));
  }
  // Each given (not undefined) is checked by the core, whatever its value.
  const auto given = [&](const char* name) -> std::optional<double> {
    const val value = search[name];
    if (value.isUndefined()) return std::nullopt;
    return value.as<double>();
  };
  p.validation = given("validation");
  p.cv = given("cv");
  p.test = given("test");
  p.seed = static_cast<std::uint64_t>(search["seed"].as<double>());
  GridSearchResult result;
  if (Status s = grid_search(data.data(), p, result); !s.ok()) return error_object(s);
  std::vector<std::uint32_t> picks;
  for (const auto& pick : result.candidates) {
    for (std::size_t index : pick) picks.push_back(static_cast<std::uint32_t>(index));
  }
  val out = val::object();
  out.set("candidates", copy_out(picks));
  out.set("scores", copy_out(result.scores));
  out.set("best", static_cast<double>(result.best));
  out.set("pool", copy_out(result.pool));
  out.set("test", copy_out(result.test));
  return out;
}

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
  emscripten::function("gridSearch", &grid_search_js);
  emscripten::function("checkOptions", &check_options_js);
  emscripten::function("optionSchema", &option_schema_js);
  emscripten::function("visitOrder", &visit_order_js);
  emscripten::function("optionNames", &option_names_js);
}

}  // namespace perceptron::wasm
