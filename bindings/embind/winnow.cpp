// pw.Winnow's core: Littlestone's Winnow (and Balanced Winnow) over 0/1 features.
#include "perceptron/models/winnow.hpp"

#include "model.hpp"

namespace perceptron::wasm {

namespace {

using CoreWinnow = ModelBinding<Winnow>;

val winnow_weights(const CoreWinnow& self) { return copy_out(self.model().weights()); }
val winnow_negative_weights(const CoreWinnow& self) {
  return copy_out(self.model().negative_weights());
}
double winnow_threshold(const CoreWinnow& self) { return self.model().threshold(); }

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_winnow) {
  register_model<Winnow>("CoreWinnow")
      .function("weights", &winnow_weights)
      .function("negativeWeights", &winnow_negative_weights)
      .function("threshold", &winnow_threshold);
}

}  // namespace perceptron::wasm
