#include "trainer.hpp"

namespace perceptron::wasm {

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

val state_object(const Trainer& trainer, const StepDetail& detail) {
  const Progress& p = trainer.progress();
  val out = step_state(p, detail);
  out.set("mistakes", static_cast<double>(p.mistakes));
  out.set("epochsEnded", static_cast<double>(p.epochs_ended));
  out.set("converged", trainer.done() ? trainer.report().converged : p.converged);
  out.set("done", trainer.done());
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
