// model.trainer() in the bindings: a model binding's one running Trainer (training/trainer.hpp).
// Every binding call that changes the model (configure, fit, partialFit, learnOne, restore)
// ends it first, so a trainer never drives a model that changed under it; the JS Trainer
// compares its id with id() before each call.
#pragma once

#include <cstdint>
#include <memory>
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

class TrainerSlot {
 public:
  // Starts a trainer with start(trainer) (a model's start_training) in place of the current
  // one: its id, or the error of the start (the model and the current trainer unchanged; a
  // start that fails changes nothing, and one that succeeds ends the current trainer unused).
  template <typename Start>
  val begin(Start&& start) {
    auto trainer = std::make_unique<Trainer>();
    if (Status s = start(*trainer); !s.ok()) return error_object(s);
    trainer_ = std::move(trainer);
    return val(++last_id_);
  }
  void end() { trainer_.reset(); }
  double id() const { return trainer_ ? last_id_ : 0; }
  bool active() const { return trainer_ != nullptr; }

  // mode 0: up to `steps` steps; 1: to the end of the current epoch; 2: to the end. The state
  // after it ({t, epoch, index, mistake, mistakes, epochsEnded, converged, done, lastEpoch, and
  // after a single step the kind's detail of it}),
  // or the error a part of the training met (ovr/ovo: a binary model's; the model restored).
  val run(int mode, double steps);
  val state() const;
  val report() const { return report_object(trainer_->report()); }

 private:
  std::unique_ptr<Trainer> trainer_;
  double last_id_ = 0;
  StepDetail detail_;  // the last single step, as the kind described it
};

}  // namespace perceptron::wasm
