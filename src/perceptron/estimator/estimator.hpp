// A model as its user holds it, for every model kind (AnyEstimator over an AnyModel,
// any_model.hpp, compiled once; Estimator<M>, the same with the kind M in its type): the model and
// its options, the preprocess scaler (fitted by fit, applied to every later input), class and
// sample weights, fit's validation set, partialFit's classes, the feature map of named features
// (hashing, or a vocabulary learned at fit: named_input.hpp), the put-back on overflow, and the
// running trainer (model.trainer()). The bindings bind it one to one; a C++ user calls it the same
// way.
//
// Every call that changes the model is all or nothing: on error the model, its scaler and its
// options are as they were. A call that trains and leaves a number that is not finite is put
// back and is a RangeError (overflow.hpp). A call that changes the model ends the trainer first,
// so a trainer never drives a model that changed under it.
//
// fit and start_training take the kind's training as a callable, train(model, data, report,
// inputs) and start(model, trainer, data, inputs), for the kinds whose own calls take more
// (the Perceptron's initial weights, a tracing observer); by default the model's fit and
// start_training. Each is called once per call: the rows are the kind's own loop.
#pragma once

#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "perceptron/estimator/any_model.hpp"
#include "perceptron/estimator/kinds.hpp"
#include "perceptron/estimator/learner.hpp"
#include "perceptron/estimator/named_input.hpp"
#include "perceptron/estimator/overflow.hpp"
#include "perceptron/estimator/saved_io.hpp"
#include "perceptron/estimator/training_data.hpp"
#include "perceptron/support/memory.hpp"

namespace perceptron {

// How far a trainer runs: up to n steps, to the end of the current epoch (or n steps when they
// end sooner), to the end.
enum class TrainerRun { steps, epoch, end };
// The calls that read named rows, as reads_vocabulary tells them apart.
enum class NamedCall { fit, partial_fit, read };

class AnyEstimator {
 public:
  explicit AnyEstimator(ModelKind kind) : AnyEstimator(make_model(kind)) {}
  explicit AnyEstimator(std::unique_ptr<AnyModel> model) : model_(std::move(model)) {}
  // The trainer points into the estimator (its step detail): one estimator, one place.
  AnyEstimator(const AnyEstimator&) = delete;
  AnyEstimator& operator=(const AnyEstimator&) = delete;

  // The kind's options into its params, preprocess and classWeight, and the hashing option's
  // bits (the feature map hashes names into 2^bits columns), all checked first (the learned
  // state kept).
  Status configure(const ModelOptions& options,
                   const std::optional<OptionValue>& hashing_bits = std::nullopt);
  // The options in effect: every one of the kind's (defaults filled in), then preprocess when
  // set. classWeight is class_weight().
  std::vector<OptionSetting> settings() const;
  const std::optional<ClassWeight>& class_weight() const { return class_weight_; }
  // The columns of named features: hashing, the vocabulary learned at fit, or none.
  const FeatureMap& features() const { return features_; }
  // Whether `call` maps named rows through a vocabulary it does not learn, so that a name no
  // vocabulary holds matches no column: a warm-started fit continuing from one, a partialFit
  // after the first, a prediction (hashing maps every name).
  bool reads_vocabulary(NamedCall call) const;

  using Train = std::function<Status(AnyModel&, const Dataset&, FitReport&, const FitInputs&)>;
  using Start = std::function<Status(AnyModel&, Trainer&, const Dataset&, const FitInputs&)>;

  // Trains afresh on `input` (labelled), the scaler refitted on it, the vocabulary learned from
  // its named rows (kept by a warm start that continues from one).
  Status fit(const Input& input, const TrainingOptions& options, FitReport& report,
             const Train& train = {});

  // One pass over a batch, continuing. Its labels are read against the model's classes, or
  // `classes` (required before the model learned, the same set after: partial_classes). The
  // first batch's named rows make the vocabulary.
  Status partial_fit(const Input& input, const Classes* classes, const TrainingOptions& options,
                     FitReport& report);

  // The Perceptron's online step on one example x: x scaled, its label read against the
  // model's classes (or `classes`, given before the model learned; [-1, 1] for a first label
  // -1 or 1 without them), weighed by classWeight.
  using Label = std::variant<double, std::string>;
  Status learn_one(std::vector<double> x, const Label& label, const Classes* classes,
                   StepRecord& step);
  // The Perceptron's: for each row of `input`, whether a training step on it would update the
  // weights now.
  Status would_update(const Input& input, std::vector<std::uint8_t>& out) const;

  // Prediction: every input is mapped (named rows) and scaled by the preprocess scaler before
  // the model reads it.
  Status decision_function(const Input& input, std::vector<double>& out) const;
  Status predict(const Input& input, std::vector<std::uint32_t>& out) const;
  // The accuracy on `data`, its labels read against the model's classes.
  Status score(const Input& input, double& out) const;
  // `data` as the model reads it: its labels against the model's classes ("y" in messages), X
  // scaled; the NotFittedError before the model learned.
  Status labels_for(const Dataset& data, Dataset& out) const;

  // toJSON's text (saved_io.hpp): `options` (JSON text of the options in effect, as the model's
  // options getter gives them), the scaler, the saved model and the named features' vocabulary.
  std::string saved_text(SavedKind kind, std::string options) const;
  std::string saved_text(std::string options) const {
    return saved_text(saved_kind_of(model_->kind()), std::move(options));
  }
  // fromJSON, into an estimator built from the document's options (its envelope checked): the
  // scaler, the model and the vocabulary (which replaces the map when saved), all or nothing;
  // errors name the field.
  Status restore_saved(const json::Value& document, SavedKind kind);
  Status restore_saved(const json::Value& document) {
    return restore_saved(document, saved_kind_of(model_->kind()));
  }
  // The same from fromJSON's text (saved_document).
  Status restore_text(std::string_view text, bool from_object) {
    json::Value document;
    const Status s = saved_document(text, from_object, document);
    return s.ok() ? restore_saved(document) : s;
  }
  const InputScaling& scaling() const { return scaling_; }

  // model.trainer(): fit's input read as fit reads it and a trainer started on it, in place of
  // the running one; the scaler fitted for it is committed once it started. On error the
  // model, its scaler and the running trainer are unchanged.
  Status start_training(const Input& input, const TrainingOptions& options,
                        const Start& start = {});
  // The running trainer (null when none) and its id, which changes with each start (0: none).
  const Trainer* trainer() const { return trainer_.get(); }
  std::uint64_t trainer_id() const { return trainer_ ? last_trainer_id_ : 0; }
  // The last single step's description, as the kind gave it.
  const StepDetail& step_detail() const { return detail_; }
  // Runs the trainer (there must be one); the error a part of the training met when it ends
  // (ovr/ovo: a binary model's). A run of more than one step is guarded like fit (a single step
  // is not: the copy would cost as much as the step; the next guarded call reports a model it
  // left overflowed).
  Status run_trainer(TrainerRun mode, std::uint64_t steps);
  void end_training() { trainer_.reset(); }

  const AnyModel& any_model() const { return *model_; }

 private:
  // Runs train() (a call that changes the model), then looks at every number the model would
  // save: one that is not finite puts the model back as it was before the call (the trainer
  // ended) and is a RangeError naming it.
  Status guarded(const std::function<Status()>& train);

  std::unique_ptr<AnyModel> model_;  // never null, never replaced: the put-back is take()
  InputScaling scaling_;
  std::optional<ClassWeight> class_weight_;
  FeatureMap features_;
  StepDetail detail_;  // the trainer's last single step, as the kind described it
  std::uint64_t last_trainer_id_ = 0;
  std::unique_ptr<Trainer> trainer_;  // last: destroyed first
};

// An estimator of the kind M, its model typed: for a C++ user of one kind, whose training
// callables take an M.
template <Model M>
class Estimator : public AnyEstimator {
 public:
  Estimator() : AnyEstimator(std::make_unique<ModelOf<M>>()) {}

  using AnyEstimator::fit;
  using AnyEstimator::start_training;
  template <typename TrainM>
  requires std::invocable<TrainM&, M&, const Dataset&, FitReport&, const FitInputs&> Status
  fit(const Input& input, const TrainingOptions& options, FitReport& report, TrainM&& train) {
    return AnyEstimator::fit(input, options, report,
                             [&](AnyModel& m, const Dataset& d, FitReport& r, const FitInputs& in) {
                               return train(model_of<M>(m), d, r, in);
                             });
  }
  template <typename StartM>
  requires std::invocable<StartM&, M&, Trainer&, const Dataset&, const FitInputs&> Status
  start_training(const Input& input, const TrainingOptions& options, StartM&& start) {
    return AnyEstimator::start_training(
        input, options, [&](AnyModel& m, Trainer& t, const Dataset& d, const FitInputs& in) {
          return start(model_of<M>(m), t, d, in);
        });
  }

  const M& model() const { return model_of<M>(any_model()); }
};

}  // namespace perceptron
