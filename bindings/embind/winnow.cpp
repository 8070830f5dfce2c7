// pw.Winnow's core: Littlestone's Winnow (and Balanced Winnow) over 0/1 features.
#include "perceptron/models/winnow.hpp"

#include "model.hpp"

namespace perceptron::wasm {

template <>
struct Hooks<Winnow> : UntracedHooks<Winnow> {
  static val options(const Winnow& model) {
    const WinnowParams& p = model.params();
    val out = val::object();
    out.set("balanced", p.balanced);
    out.set("alpha", p.alpha);
    out.set("demotion", std::string(p.demotion == Demotion::zero ? "zero" : "divide"));
    out.set("epsilon", p.epsilon);
    if (p.threshold_given) out.set("threshold", p.threshold);
    const val shared = base_options(p.base, {"order", "maxEpochs", "maxSteps", "seed",
                                             "earlyStopping", "validationFraction", "patience"});
    val::global("Object").call<void>("assign", out, shared);
    return out;
  }
};

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
