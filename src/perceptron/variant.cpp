#include "perceptron/variant.hpp"

#include "perceptron/update.hpp"

namespace perceptron {

namespace {

// Rosenblatt's perceptron as in the lecture notes: the last weights predict.
class ClassicPolicy final : public VariantPolicy {
 public:
  void reset(std::span<const double>, double) override {}
  void after_step(const double*, int, bool, std::span<const double>, double) override {}
  double decision(const double* x, std::span<const double> w, double b) const override {
    return score_of(w, b, x);
  }
  std::unique_ptr<VariantPolicy> clone() const override {
    return std::make_unique<ClassicPolicy>(*this);
  }
};

}  // namespace

std::unique_ptr<VariantPolicy> make_variant(Variant variant) {
  switch (variant) {
    case Variant::classic:
      return std::make_unique<ClassicPolicy>();
  }
  return std::make_unique<ClassicPolicy>();
}

}  // namespace perceptron
