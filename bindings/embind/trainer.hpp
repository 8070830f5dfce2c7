// model.trainer() in the bindings: the records of a model's running Trainer, which its
// Estimator keeps (estimator/estimator.hpp); the JS Trainer compares its id with the
// estimator's before each call.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "convert.hpp"
#include "perceptron/training/trainer.hpp"

namespace perceptron::wasm {

// The weights and biases an epoch's last step left, kept by a trainer's step recorder (its
// on_epoch): with a validation set the best epoch is put back right after that step, yet
// step()'s record shows the weights after the step, as fit's onStep does.
struct EpochEnd {
  std::uint64_t t = 0;  // the step they followed; 0 before the first epoch ended
  std::vector<double> weights, biases;

  void keep(std::uint64_t step, std::span<const double> w, std::span<const double> b) {
    t = step;
    weights.assign(w.begin(), w.end());
    biases.assign(b.begin(), b.end());
  }
  // The weights after step `step`: those kept when it ended an epoch, else the model's now.
  std::span<const double> weights_after(std::uint64_t step, std::span<const double> now) const {
    return step == t ? std::span<const double>(weights) : now;
  }
  std::span<const double> biases_after(std::uint64_t step, std::span<const double> now) const {
    return step == t ? std::span<const double>(biases) : now;
  }
};

// A step as the wrapper reads it from a trainer's progress ({t, epoch, index, mistake}, `model`
// for one-vs-* training, and `detail` when the kind described the step, with the multi-class
// model's view for one-vs-*): a trainer's step() and fit's onStep for the kinds without an
// observer and for ovr/ovo.
val step_state(const Progress& progress, const StepDetail& detail);

// A trainer's state after a run ({t, epoch, index, mistake, mistakes, epochsEnded, converged,
// done, lastEpoch, and for the kinds without an observer the last step's detail}).
val state_object(const Trainer& trainer, const StepDetail& detail);

}  // namespace perceptron::wasm
