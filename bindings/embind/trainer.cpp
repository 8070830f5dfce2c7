#include "trainer.hpp"

namespace perceptron::wasm {

val TrainerSlot::run(int mode, double steps) {
  detail_.filled = false;
  detail_.classes_filled = false;
  // Only a single step is described (step()): a run of many pays nothing for it.
  trainer_->progress().detail = mode == 0 && steps <= 1 ? &detail_ : nullptr;
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

val step_state(const Progress& p, const StepDetail& d) {
  val out = val::object();
  out.set("t", static_cast<double>(p.t));
  out.set("epoch", static_cast<double>(p.epoch));
  out.set("index", static_cast<double>(p.index));
  out.set("mistake", p.mistake);
  if (p.parts) out.set("model", static_cast<double>(p.part));
  if (d.filled) {
    val detail = val::object();
    if (d.scores.empty() || d.classes_filled) {
      detail.set("score", d.score);
    } else {
      detail.set("scores", copy_out(d.scores));
    }
    detail.set("prediction", d.prediction);
    detail.set("label", d.label);
    detail.set("update", d.update);
    detail.set("loss", d.loss);
    detail.set("threshold", d.threshold);
    if (d.classes_filled) {
      detail.set("classScores", copy_out(d.scores));
      detail.set("classPrediction", d.class_prediction);
      detail.set("classLabel", d.class_label);
    }
    out.set("detail", detail);
  }
  return out;
}

val TrainerSlot::state() const {
  const Progress& p = trainer_->progress();
  val out = step_state(p, detail_);
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
  // One-vs-* training: the binary model of the last epoch (it ended at the last step).
  if (p.parts) epoch.set("model", static_cast<double>(p.part));
  out.set("lastEpoch", epoch);
  return out;
}

}  // namespace perceptron::wasm
