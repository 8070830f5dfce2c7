// pw.modelSelection's splits and folds, pw.visitOrder and the option names.
#include "dataset.hpp"
#include "perceptron/analysis.hpp"
#include "perceptron/random.hpp"

namespace perceptron::wasm {
namespace {

Status assign(const std::vector<std::uint32_t>& index, std::size_t classes, const val& fractions,
              double k, double seed, std::vector<std::uint32_t>& out) {
  if (index.empty()) return Status::range_error("y must hold at least one label");
  return k > 0 ? stratified_folds(index, classes, static_cast<std::size_t>(k),
                                  static_cast<std::uint64_t>(seed), out)
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

// The rows fit visits for an order and seed: {order, seed} are checked as the model's options.
val visit_order_js(const val& options, double rows, double count) {
  std::vector<std::pair<std::string, OptionValue>> list;
  for (const char* name : {"order", "seed"}) {
    const val value = options[name];
    if (!value.isUndefined()) list.emplace_back(name, option_value(value));
  }
  Params params;
  if (Status s = apply_options(list, params); !s.ok()) return error_object(s);
  const auto visits = visit_order(params.order, params.seed, static_cast<std::uint32_t>(rows),
                                  static_cast<std::size_t>(count));
  return copy_out(visits);
}

val option_names_js() {
  val out = val::array();
  for (const auto& name : option_names()) out.call<void>("push", name);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_selection) {
  emscripten::function("selectionAssign", &selection_assign);
  emscripten::function("selectionAssignLabels", &selection_assign_labels);
  emscripten::function("visitOrder", &visit_order_js);
  emscripten::function("optionNames", &option_names_js);
}

}  // namespace perceptron::wasm
