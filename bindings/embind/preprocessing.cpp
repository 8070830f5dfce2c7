// pw.preprocessing: scalers fitted on a dataset (the models' preprocess option uses them too).
#include "dataset.hpp"
#include "perceptron/preprocess.hpp"

namespace perceptron::wasm {
namespace {

// kind: the index into the wrapper's SCALINGS, the core's Scaling order.
val preprocessing_fit(const DatasetHandle& x, int kind) {
  Scaler scaler;
  if (Status s = fit_scaler(x.data().x, static_cast<Scaling>(kind), scaler); !s.ok()) {
    return error_object(s);
  }
  val out = val::object();
  out.set("shift", copy_out(scaler.shift));
  out.set("scale", copy_out(scaler.scale));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_preprocessing) {
  emscripten::function("preprocessingFit", &preprocessing_fit);
}

}  // namespace perceptron::wasm
