// pw.preprocessing: scalers fitted on a dataset (the models' preprocess option uses them too).
#include "dataset.hpp"
#include "perceptron/data/preprocess.hpp"
#include "perceptron/estimator/learner.hpp"

namespace perceptron::wasm {
namespace {

// options {kind}: a scaling's name, checked by the core.
val preprocessing_fit(const DatasetHandle& x, const val& options) {
  Scaling scaling = Scaling::standardize;
  std::vector<const OptionValue*> given;
  const OptionList list = option_list(options);
  Status s = options_by_name(list, {"kind"}, given);
  if (s.ok() && given[0]) s = set_scaling("kind", *given[0], scaling);
  if (!s.ok()) return error_object(s);
  Scaler scaler;
  if (s = fit_scaler(x.data().x, scaling, scaler); !s.ok()) return error_object(s);
  val out = val::object();
  out.set("kind", std::string(name_of(scaling)));
  out.set("shift", copy_out(scaler.shift));
  out.set("scale", copy_out(scaler.scale));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_preprocessing) {
  emscripten::function("preprocessingFit", &preprocessing_fit);
}

}  // namespace perceptron::wasm
