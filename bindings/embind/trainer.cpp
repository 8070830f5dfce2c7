#include "trainer.hpp"

namespace perceptron::wasm {

val TrainerSlot::run(int mode, double steps) {
  detail_.filled = false;
  if (mode == 2) {
    trainer_->run(Progress::unlimited);
  } else if (mode == 1) {
    trainer_->finish_epoch();
  } else {
    trainer_->run(static_cast<std::uint64_t>(steps));
  }
  if (trainer_->done()) {
    FitReport unused;
    if (Status s = trainer_->finish(unused); !s.ok()) return error_object(s);
  }
  return state();
}

val TrainerSlot::state() const {
  const Progress& p = trainer_->progress();
  val out = val::object();
  out.set("t", static_cast<double>(p.t));
  out.set("epoch", static_cast<double>(p.epoch));
  out.set("index", static_cast<double>(p.index));
  out.set("mistake", p.mistake);
  out.set("mistakes", static_cast<double>(p.mistakes));
  out.set("epochsEnded", static_cast<double>(p.epochs_ended));
  out.set("converged", trainer_->done() ? trainer_->report().converged : p.converged);
  out.set("done", trainer_->done());
  val epoch = val::object();
  epoch.set("epoch", static_cast<double>(p.last_epoch.epoch));
  epoch.set("steps", static_cast<double>(p.last_epoch.steps));
  epoch.set("mistakes", static_cast<double>(p.last_epoch.mistakes));
  epoch.set("trainError", p.last_epoch.train_error);
  epoch.set("validationError", p.last_epoch.validation_error);
  // One-vs-* training: the binary model of the last step, and of the last epoch (it ended at
  // that step).
  if (p.parts) {
    out.set("model", static_cast<double>(p.part));
    epoch.set("model", static_cast<double>(p.part));
  }
  out.set("lastEpoch", epoch);
  if (detail_.filled) {
    val detail = val::object();
    if (detail_.scores.empty()) {
      detail.set("score", detail_.score);
    } else {
      detail.set("scores", copy_out(detail_.scores));
    }
    detail.set("prediction", detail_.prediction);
    detail.set("label", detail_.label);
    detail.set("update", detail_.update);
    detail.set("loss", detail_.loss);
    detail.set("threshold", detail_.threshold);
    out.set("detail", detail);
  }
  return out;
}

}  // namespace perceptron::wasm
