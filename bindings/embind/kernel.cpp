// pw.KernelPerceptron's core: the dual (kernel) perceptron with its support vectors.
#include "perceptron/models/kernel.hpp"

#include "model.hpp"

namespace perceptron::wasm {

namespace {

using CoreKernel = ModelBinding<KernelPerceptron>;

val kernel_support_vectors(const CoreKernel& self) {
  return copy_out(self.model().support_vectors());
}
val kernel_coefficients(const CoreKernel& self) { return copy_out(self.model().coefficients()); }
double kernel_bias(const CoreKernel& self) { return self.model().bias(); }
double kernel_gamma(const CoreKernel& self) { return self.model().gamma(); }

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_kernel) {
  register_model<KernelPerceptron>("CoreKernel")
      .function("supportVectors", &kernel_support_vectors)
      .function("coefficients", &kernel_coefficients)
      .function("bias", &kernel_bias)
      .function("gamma", &kernel_gamma);
}

}  // namespace perceptron::wasm
