// pw.preprocessing: scalers fitted on a dataset (the models' preprocess option uses them too).
#include "dataset.hpp"
#include "perceptron/data/preprocess.hpp"
#include "perceptron/estimator/learner.hpp"

namespace perceptron::wasm {
namespace {

// kind: a scaling's name, checked by the core as the option "kind".
val preprocessing_fit(const DatasetHandle& x, const val& kind) {
  Scaling scaling = Scaling::standardize;
  if (!kind.isUndefined()) {
    if (Status s = set_scaling("kind", option_value(kind), scaling); !s.ok()) {
      return error_object(s);
    }
  }
  Scaler scaler;
  if (Status s = fit_scaler(x.data().x, scaling, scaler); !s.ok()) return error_object(s);
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
