// The seam where the members of the perceptron family plug in.
//
// The training loop (perceptron.cpp) is shared: it scores with the current weights, decides
// the mistake with the mistake rule and applies the update. A VariantPolicy watches every
// step and decides how the trained model scores new examples: 'classic' uses the current
// weights; an averaged perceptron would keep a running sum, a voted one the list of
// vectors with their survival counts, a pocket one the best weights seen. Adding a variant
// means one class here and one entry in make_variant.
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include "perceptron/params.hpp"

namespace perceptron {

class VariantPolicy {
 public:
  virtual ~VariantPolicy() = default;

  // Training starts (or restarts) from the weights w, b.
  virtual void reset(std::span<const double> w, double b) = 0;

  // One step happened: x with label y was seen; w, b are the weights after the update.
  virtual void after_step(const double* x, int label, bool mistake, std::span<const double> w,
                          double b) = 0;

  // The score with which the trained model classifies x (its sign is the prediction).
  virtual double decision(const double* x, std::span<const double> w, double b) const = 0;

  virtual std::unique_ptr<VariantPolicy> clone() const = 0;
};

std::unique_ptr<VariantPolicy> make_variant(Variant variant);

}  // namespace perceptron
