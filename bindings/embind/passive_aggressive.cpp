// pw.PassiveAggressive's core: PA, PA-I and PA-II (Crammer et al.), binary and multi-class.
#include "perceptron/models/passive_aggressive.hpp"

#include "model.hpp"

namespace perceptron::wasm {

namespace {

using CorePassiveAggressive = ModelBinding<PassiveAggressive>;

val pa_weights(const CorePassiveAggressive& self) { return copy_out(self.model().weights()); }
val pa_biases(const CorePassiveAggressive& self) { return copy_out(self.model().biases()); }

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_passive_aggressive) {
  register_model<PassiveAggressive>("CorePassiveAggressive")
      .function("weights", &pa_weights)
      .function("biases", &pa_biases);
}

}  // namespace perceptron::wasm
