#include "trainer.hpp"

#include <cmath>

namespace perceptron::wasm {

val array_out(std::span<const double> values) {
  return val::global("Array").call<val>("from", copy_out(values.data(), values.size()));
}

val rows_out(std::span<const double> values, std::size_t rows) {
  const std::size_t cols = rows > 0 ? values.size() / rows : 0;
  val out = val::array();
  for (std::size_t r = 0; r < rows; ++r) {
    out.call<void>("push", array_out(values.subspan(r * cols, cols)));
  }
  return out;
}

val epoch_object(const EpochRecord& e, std::optional<std::size_t> part) {
  val out = val::object();
  out.set("epoch", static_cast<double>(e.epoch));
  out.set("steps", static_cast<double>(e.steps));
  out.set("mistakes", static_cast<double>(e.mistakes));
  if (!std::isnan(e.train_error)) {
    out.set("trainError", e.train_error);
    out.set("validationError", e.validation_error);
  }
  if (part) out.set("model", static_cast<double>(*part));
  return out;
}

val step_object(const Progress& p, const StepDetail& d, const val& classes, const AnyModel& model) {
  const ModelKind kind = model.kind();
  val out = val::object();
  out.set("t", static_cast<double>(p.t));
  out.set("epoch", static_cast<double>(p.epoch));
  out.set("index", static_cast<double>(p.index));
  out.set("mistake", p.mistake);
  if (p.parts) out.set("model", static_cast<double>(p.part));
  if (!d.filled) return out;
  if (d.classes_filled) {  // ovr/ovo: the binary model's step, named as a Perceptron's
    out.set("label", classes[d.class_label]);
    out.set("scores", array_out(d.scores));
    out.set("prediction", classes[d.class_prediction]);
    out.set("score", d.score);
    out.set("labelSign", d.label == 1 ? 1 : -1);
    out.set("predictionSign", d.prediction == 1 ? 1 : -1);
    const auto [negative, positive] = model_of<MulticlassPerceptron>(model).task_classes(
        p.part, classes["length"].as<std::size_t>());
    out.set("positive", classes[positive]);
    out.set("negative", negative < 0 ? val::null() : classes[negative]);
    return out;
  }
  out.set("label", classes[d.label]);
  if (d.scores.empty()) {
    out.set("score", d.score);
  } else {
    out.set("scores", array_out(d.scores));
  }
  out.set("prediction", classes[d.prediction]);
  if (kind == ModelKind::winnow) out.set("threshold", d.threshold);  // the theta of w.x - theta
  if (kind == ModelKind::passive_aggressive) {
    out.set("loss", d.loss);   // the hinge loss before the update
    out.set("tau", d.update);  // the step size taken (times the sample weight; 0: no update)
  }
  // What the step added to its row's dual coefficient (eta * weight * y; 0 without an update).
  if (kind == ModelKind::kernel) out.set("deltaAlpha", d.update);
  return out;
}

val traced_step(const TraceStep& s, const val& classes, ModelKind kind) {
  const bool joint = kind == ModelKind::multiclass;
  val out = val::object();
  out.set("t", static_cast<double>(s.t));
  out.set("epoch", static_cast<double>(s.epoch));
  out.set("index", static_cast<double>(s.index));
  if (joint) {
    out.set("scores", array_out(s.scores));
    out.set("prediction", classes[s.prediction]);
    out.set("label", classes[s.label]);
  } else {  // the labels as given, their signs beside them
    out.set("score", s.score);
    out.set("prediction", classes[s.prediction > 0 ? 1 : 0]);
    out.set("label", classes[s.label > 0 ? 1 : 0]);
    out.set("predictionSign", s.prediction);
    out.set("labelSign", s.label);
  }
  out.set("mistake", s.mistake);
  out.set("weights", joint ? rows_out(s.weights, s.biases.size()) : array_out(s.weights));
  out.set(joint ? "biases" : "bias", joint ? array_out(s.biases) : val(s.biases[0]));
  return out;
}

val traced_epoch(const EpochRecord& e, std::span<const double> w, std::span<const double> b,
                 ModelKind kind) {
  const bool joint = kind == ModelKind::multiclass;
  val out = val::object();
  out.set("epoch", static_cast<double>(e.epoch));
  out.set("steps", static_cast<double>(e.steps));
  out.set("mistakes", static_cast<double>(e.mistakes));
  out.set("weights", joint ? rows_out(w, b.size()) : array_out(w));
  out.set(joint ? "biases" : "bias", joint ? array_out(b) : val(b[0]));
  return out;
}

val state_object(const Trainer& trainer) {
  const Progress& p = trainer.progress();
  val out = val::object();
  out.set("t", static_cast<double>(p.t));
  out.set("epoch", static_cast<double>(p.epoch));
  out.set("mistakes", static_cast<double>(p.mistakes));
  out.set("converged", trainer.done() ? trainer.report().converged : p.converged);
  out.set("done", trainer.done());
  if (p.parts) out.set("model", static_cast<double>(p.part));
  const std::optional<std::size_t> part = p.parts ? std::optional(p.last_epoch_part) : std::nullopt;
  out.set("lastEpoch", p.epochs_ended == 0 ? val::null() : epoch_object(p.last_epoch, part));
  return out;
}

val trainer_run(const Trainer& trainer, int mode, const val& max_steps,
                const std::function<Status(TrainerRun, std::uint64_t)>& run,
                const std::function<val()>& step_record) {
  const std::uint64_t steps = mode == 0 ? 1
                              : max_steps.isUndefined()
                                  ? Progress::unlimited
                                  : static_cast<std::uint64_t>(max_steps.as<double>());
  if (mode != 2 && trainer.done()) return val::null();
  if (steps == 0) return val::undefined();
  const TrainerRun how = mode == 1 ? TrainerRun::epoch : TrainerRun::steps;
  const std::uint64_t ended = trainer.progress().epochs_ended;
  if (Status s = run(how, steps); !s.ok()) return error_object(s);
  const bool none = !max_steps.isUndefined() && trainer.progress().epochs_ended == ended;
  if (mode == 1) return none ? val::null() : state_object(trainer)["lastEpoch"];
  if (mode == 2) return val::undefined();
  return step_record();
}

}  // namespace perceptron::wasm
