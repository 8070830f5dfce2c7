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

val pa_restore(CorePassiveAggressive& self, const val& options, const val& classes,
               bool classes_numeric, const val& weights, const val& biases, double steps) {
  PaParams params;
  Classes decoded;
  if (Status s = restore_prelude<CorePassiveAggressive>(options, classes, classes_numeric, steps,
                                                        params, decoded);
      !s.ok()) {
    return error_object(s);
  }
  return outcome(self.model().restore(params, decoded, to_doubles(weights), to_doubles(biases),
                                      static_cast<std::uint64_t>(steps)));
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
