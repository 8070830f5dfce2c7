// pw.PassiveAggressive's core: PA, PA-I and PA-II (Crammer et al.), binary and multi-class.
#include "perceptron/models/passive_aggressive.hpp"

#include "model.hpp"

namespace perceptron::wasm {
namespace {

using CorePassiveAggressive = CoreModel<PassiveAggressive>;

val pa_options(const CorePassiveAggressive& self) {
  const PaParams& p = self.model().params();
  val out = val::object();
  out.set("mode", std::string(name_of(p.mode)));
  out.set("C", p.c);
  const val shared = base_options(p.base, {"fitIntercept", "order", "maxEpochs", "maxSteps", "seed",
                                           "earlyStopping", "validationFraction", "patience"});
  val::global("Object").call<void>("assign", out, shared);
  return out;
}

// saved: {options, classes, classesNumeric, steps, weights, biases}.
val pa_restore(CorePassiveAggressive& self, const val& saved) {
  PaParams params;
  Classes decoded;
  if (Status s = restore_prelude<CorePassiveAggressive>(saved, params, decoded); !s.ok()) {
    return error_object(s);
  }
  return outcome(self.model_to_change().restore(
      params, decoded, to_doubles(saved["weights"]), to_doubles(saved["biases"]),
      static_cast<std::uint64_t>(saved["steps"].as<double>())));
}

val pa_weights(const CorePassiveAggressive& self) { return copy_out(self.model().weights()); }
val pa_biases(const CorePassiveAggressive& self) { return copy_out(self.model().biases()); }

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_passive_aggressive) {
  register_model<PassiveAggressive>("CorePassiveAggressive")
      .function("options", &pa_options)
      .function("restore", &pa_restore)
      .function("weights", &pa_weights)
      .function("biases", &pa_biases);
}

}  // namespace perceptron::wasm
