// pw.KernelPerceptron's core: the dual (kernel) perceptron with its support vectors.
#include "perceptron/models/kernel.hpp"

#include "model.hpp"

namespace perceptron::wasm {
namespace {

using CoreKernel = CoreModel<KernelPerceptron>;

val kernel_options(const CoreKernel& self) {
  const KernelParams& p = self.model().params();
  val out = options_object(p.base);
  out.set("kernel", std::string(name_of(p.kernel)));
  out.set("degree", static_cast<double>(p.degree));
  if (p.gamma > 0) {
    out.set("gamma", p.gamma);
  } else {
    out.set("gamma", std::string("auto"));
  }
  out.set("coef0", p.coef0);
  if (p.budget != 0) out.set("budget", static_cast<double>(p.budget));
  return out;
}

// saved: {options, classes, classesNumeric, steps, nFeatures, supportVectors, coefficients,
// bias}.
val kernel_restore(CoreKernel& self, const val& saved) {
  KernelParams params;
  Classes decoded;
  if (Status s = restore_prelude<CoreKernel>(saved, params, decoded); !s.ok()) {
    return error_object(s);
  }
  return outcome(self.model_to_change().restore(
      params, decoded, saved["nFeatures"].as<std::size_t>(), to_doubles(saved["supportVectors"]),
      to_doubles(saved["coefficients"]), saved["bias"].as<double>(),
      static_cast<std::uint64_t>(saved["steps"].as<double>())));
}

val kernel_support_vectors(const CoreKernel& self) {
  return copy_out(self.model().support_vectors());
}
val kernel_coefficients(const CoreKernel& self) { return copy_out(self.model().coefficients()); }
double kernel_bias(const CoreKernel& self) { return self.model().bias(); }
double kernel_gamma(const CoreKernel& self) { return self.model().gamma(); }

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_kernel) {
  register_model<KernelPerceptron>("CoreKernel")
      .function("options", &kernel_options)
      .function("restore", &kernel_restore)
      .function("supportVectors", &kernel_support_vectors)
      .function("coefficients", &kernel_coefficients)
      .function("bias", &kernel_bias)
      .function("gamma", &kernel_gamma);
}

}  // namespace perceptron::wasm
