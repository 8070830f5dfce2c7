#include "perceptron/estimator/observer.hpp"

#include <cstdint>
#include <memory>

namespace perceptron {

Status run_observed(Trainer& trainer, const StepDetail& detail, TrainingObserver& observer,
                    FitReport& report) {
  const bool by_steps = observer.watches_steps();
  Control control = Control::proceed;
  while (control == Control::proceed && !trainer.done()) {
    const Progress& p = trainer.progress();
    const std::uint64_t ended = p.epochs_ended;
    const std::uint64_t t = p.t;
    if (by_steps) {
      trainer.run(1);
      if (p.t != t) control = observer.on_step(p, detail);
    } else {
      trainer.finish_epoch();
    }
    if (control != Control::proceed || !observer.watches_epochs() || p.epochs_ended == ended) {
      continue;
    }
    control = observer.on_epoch(p.last_epoch, p.part);
  }
  if (control != Control::abort) {
    trainer.progress().stop_requested = control == Control::stop;
    const Status s = trainer.finish(report);
    // A stop after the last epoch ends nothing more, but the report says it was asked, as an
    // observer's stop in the traced kinds' fit does.
    if (s.ok() && control == Control::stop) report.stopped = true;
    return s;
  }
  report = trainer.report();
  report.aborted = true;
  return Status::success();
}

Status fit_observed(AnyModel& model, const Dataset& data, FitReport& report,
                    const FitInputs& inputs, TrainingObserver& observer) {
  const std::unique_ptr<AnyModel> before = model.copy();
  Trainer trainer;
  StepDetail detail;
  if (observer.watches_steps()) trainer.progress().detail = &detail;
  if (Status s = model.start_training(trainer, data, inputs); !s.ok()) return s;
  const Status s = run_observed(trainer, detail, observer, report);
  if (!report.aborted) return s;
  trainer = Trainer();  // ends the training before the model it drives is put back
  model.assign(*before);
  return Status::success();
}

TraceStep trace_of(const StepRecord& s, std::span<const double> weights,
                   std::span<const double> bias) {
  return {s.t, s.epoch, s.index, s.mistake, s.score, s.prediction, s.label, {}, weights, bias};
}

namespace {

// The kinds' observers passing on to a TraceObserver.
class PerceptronTrace final : public FitObserver {
 public:
  explicit PerceptronTrace(TraceObserver* to) : to_(to) {}
  Control on_step(const StepRecord& s, std::span<const double> w, double b) override {
    return to_->on_step(trace_of(s, w, std::span<const double>(&b, 1)));
  }
  Control on_epoch(const EpochRecord& e, std::span<const double> w, double b) override {
    return to_->on_epoch(e, w, std::span<const double>(&b, 1));
  }

 private:
  TraceObserver* to_;
};

class JointTrace final : public MulticlassObserver {
 public:
  explicit JointTrace(TraceObserver* to) : to_(to) {}
  Control on_step(const MulticlassStepRecord& s, std::span<const double> scores,
                  std::span<const double> w, std::span<const double> b) override {
    return to_->on_step({s.t, s.epoch, s.index, s.mistake, 0, static_cast<int>(s.prediction),
                         static_cast<int>(s.label), scores, w, b});
  }
  Control on_epoch(const EpochRecord& e, std::span<const double> w,
                   std::span<const double> b) override {
    return to_->on_epoch(e, w, b);
  }

 private:
  TraceObserver* to_;
};

}  // namespace

bool traces(const AnyModel& model) {
  return model.kind() == ModelKind::perceptron ||
         (model.kind() == ModelKind::multiclass &&
          model_of<MulticlassPerceptron>(model).params().strategy == Strategy::joint);
}

Status fit_traced(AnyModel& model, const Dataset& data, FitReport& report, const FitInputs& inputs,
                  TraceObserver* observer, const InitialWeights* initial) {
  if (model.kind() == ModelKind::perceptron) {
    PerceptronTrace trace(observer);
    return model_of<Perceptron>(model).fit(data, report, inputs, observer ? &trace : nullptr,
                                           initial);
  }
  JointTrace trace(observer);
  return model_of<MulticlassPerceptron>(model).fit(data, report, inputs,
                                                   observer ? &trace : nullptr);
}

Control TraceRecorder::on_step(const StepRecord& s, std::span<const double>, double) {
  last_ = s;
  kept_ = false;
  return Control::proceed;
}

Control TraceRecorder::on_epoch(const EpochRecord& e, std::span<const double> w, double b) {
  return on_epoch(e, w, std::span<const double>(&b, 1));
}

Control TraceRecorder::on_step(const MulticlassStepRecord& s, std::span<const double> scores,
                               std::span<const double>, std::span<const double>) {
  last_ = {s.t,      s.epoch, s.index, 0, static_cast<int>(s.prediction), static_cast<int>(s.label),
           s.mistake};
  kept_ = false;
  scores_.assign(scores.begin(), scores.end());
  return Control::proceed;
}

Control TraceRecorder::on_epoch(const EpochRecord&, std::span<const double> w,
                                std::span<const double> b) {
  kept_ = true;
  weights_.assign(w.begin(), w.end());
  biases_.assign(b.begin(), b.end());
  return Control::proceed;
}

TraceStep TraceRecorder::last(const AnyModel& model) {
  if (model.kind() == ModelKind::perceptron) {
    const auto& perceptron = model_of<Perceptron>(model);
    if (!kept_) biases_.assign(1, perceptron.bias());  // the bias now, which out points to
    TraceStep out = trace_of(last_, weights_, biases_);
    if (!kept_) out.weights = perceptron.weights();
    return out;
  }
  TraceStep out = trace_of(last_, weights_, biases_);
  const auto& joint = model_of<MulticlassPerceptron>(model);
  out.scores = scores_;
  if (!kept_) {
    out.weights = joint.weights();
    out.biases = joint.biases();
  }
  return out;
}

Status start_traced(AnyModel& model, Trainer& trainer, const Dataset& data, const FitInputs& inputs,
                    TraceRecorder& recorder, const InitialWeights* initial) {
  recorder = TraceRecorder();  // nothing kept from an earlier trainer
  if (model.kind() == ModelKind::perceptron) {
    return model_of<Perceptron>(model).start_training(trainer, data, inputs, &recorder, initial);
  }
  return model_of<MulticlassPerceptron>(model).start_training(trainer, data, inputs, &recorder);
}

}  // namespace perceptron
