// pw.PassiveAggressive's core: PA, PA-I and PA-II (Crammer et al.), binary and multi-class.
#include "perceptron/models/passive_aggressive.hpp"

#include "model.hpp"

namespace perceptron::wasm {

template <>
struct Hooks<PassiveAggressive> : UntracedHooks<PassiveAggressive> {
  static val options(const PassiveAggressive& model) {
    const PaParams& p = model.params();
    val out = val::object();
    out.set("mode", std::string(name_of(p.mode)));
    out.set("C", p.c);
    const val shared =
        base_options(p.base, {"fitIntercept", "order", "maxEpochs", "maxSteps", "seed",
                              "earlyStopping", "validationFraction", "patience"});
    val::global("Object").call<void>("assign", out, shared);
    return out;
  }
};

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
