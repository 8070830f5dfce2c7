// A model as its user holds it, for every model kind M: the model and its options, the
// preprocess scaler (fitted by fit, applied to every later input), class and sample weights,
// fit's validation set, partialFit's classes, the feature map of named features (hashing, or a
// vocabulary learned at fit: named_input.hpp), the put-back on overflow, and the running trainer
// (model.trainer()). The bindings bind it one to one; a C++ user calls it the same way.
//
// Every call that changes the model is all or nothing: on error the model, its scaler and its
// options are as they were. A call that trains and leaves a number that is not finite is put
// back and is a RangeError (overflow.hpp). A call that changes the model ends the trainer first,
// so a trainer never drives a model that changed under it.
//
// fit and start_training take the kind's training as a callable, train(model, data, report,
// inputs) and start(model, trainer, data, inputs), for the kinds whose own calls take more
// (the Perceptron's initial weights, a tracing observer); by default the model's fit and
// start_training.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "perceptron/estimator/kinds.hpp"
#include "perceptron/estimator/learner.hpp"
#include "perceptron/estimator/named_input.hpp"
#include "perceptron/estimator/overflow.hpp"
#include "perceptron/estimator/saved_io.hpp"
#include "perceptron/estimator/training_data.hpp"
#include "perceptron/support/memory.hpp"

namespace perceptron {

// How far a trainer runs: up to n steps, to the end of the current epoch, to the end.
enum class TrainerRun { steps, epoch, end };

template <Model M>
class Estimator {
 public:
  Estimator() = default;
  // The trainer points into the estimator (its step detail): one estimator, one place.
  Estimator(const Estimator&) = delete;
  Estimator& operator=(const Estimator&) = delete;

  // The kind's options into its params, preprocess and classWeight, and the hashing option's
  // bits (the feature map hashes names into 2^bits columns), all checked first (the learned
  // state kept).
  Status configure(const ModelOptions& options,
                   const std::optional<OptionValue>& hashing_bits = std::nullopt) {
    end_training();
    std::optional<FeatureMap> hashed;
    if (hashing_bits) {
      if (Status s = FeatureMap::hashing(*hashing_bits, hashed.emplace()); !s.ok()) return s;
    }
    if (options.class_weight) {
      if (Status s = check_class_weight(*options.class_weight); !s.ok()) return s;
    }
    auto params = model_.params();
    if (Status s = apply_options(options.values, params); !s.ok()) return s;
    if (Status s = model_.set_params(params); !s.ok()) return s;
    scaling_.kind = options.preprocess;
    class_weight_ = options.class_weight;
    if (hashed) features_ = std::move(*hashed);
    return Status::success();
  }
  // The options in effect: every one of the kind's (defaults filled in), then preprocess when
  // set. classWeight is class_weight().
  std::vector<OptionSetting> settings() const {
    std::vector<OptionSetting> out = option_settings(model_.params());
    if (scaling_.kind) out.push_back(preprocess_setting(scaling_.kind));
    return out;
  }
  const std::optional<ClassWeight>& class_weight() const { return class_weight_; }
  // The columns of named features: hashing, the vocabulary learned at fit, or none.
  const FeatureMap& features() const { return features_; }

  // Trains afresh on `input` (labelled), the scaler refitted on it, the vocabulary learned from
  // its named rows (kept by a warm start that continues from one).
  template <typename Train>
  Status fit(const Input& input, const TrainingOptions& options, FitReport& report, Train&& train) {
    end_training();
    bool warm = false;  // only the Perceptron continues (warmStart)
    if constexpr (M::warm_starts) warm = model_.params().warm_start;
    const bool learn = !(warm && !features_.vocabulary().empty());
    TrainingInput in;
    if (Status s = training_input(features_, learn, input, options, in); !s.ok()) return s;
    TrainingData t;
    if (Status s = training_data(scaling_, class_weight_, in.x.data(), true, in.options, t);
        !s.ok()) {
      return s;
    }
    if (Status s = guarded([&] { return train(model_, t.data, report, t.inputs()); }); !s.ok()) {
      return s;
    }
    // An aborted fit (an observer said so) restored the model: the scaler and the map stay as
    // they were too.
    if (!report.aborted) {
      scaling_.commit(std::move(t.used));
      features_ = std::move(in.map);
    }
    return Status::success();
  }
  Status fit(const Input& input, const TrainingOptions& options, FitReport& report) {
    return fit(input, options, report,
               [](M& model, const Dataset& d, FitReport& r, const FitInputs& inputs) {
                 return model.fit(d, r, inputs);
               });
  }

  // One pass over a batch, continuing. Its labels are read against the model's classes, or
  // `classes` (required before the model learned, the same set after: partial_classes). The
  // first batch's named rows make the vocabulary.
  Status partial_fit(const Input& input, const Classes* classes, const TrainingOptions& options,
                     FitReport& report) {
    end_training();
    FeatureMap map;
    MappedInput x;
    if (Status s = batch_input(features_, model_.classes().size() == 0, input, map, x); !s.ok()) {
      return s;
    }
    const Dataset& batch = x.data();
    const char* remedy = "give classWeight as {label: weight} for partialFit";
    if (Status s = refuse_balanced(class_weight_, remedy); !s.ok()) return s;
    Classes use;
    if (Status s = partial_classes(model_.classes(), classes, model_.scores_per_row() == 1,
                                   name_of(kind_of<M>), use);
        !s.ok()) {
      return s;
    }
    if (class_weight_) {  // its keys name classes before the rows are read
      std::vector<double> unused;
      if (Status s = class_weight_of(use, *class_weight_, unused); !s.ok()) {
        return s;
      }
    }
    if (Status s = batch.x.check("X"); !s.ok()) return s;
    Dataset data;
    if (Status s = relabel(batch, use, "y", data); !s.ok()) return s;
    TrainingData t;
    if (Status s = training_data(scaling_, class_weight_, data, false, options, t); !s.ok()) {
      return s;
    }
    if (Status s = guarded([&] { return model_.partial_fit(t.data, report, &t.row_weight); });
        !s.ok()) {
      return s;
    }
    scaling_.commit(std::move(t.used));
    features_ = std::move(map);
    return Status::success();
  }

  // The Perceptron's online step on one example x: x scaled, its label read against the
  // model's classes (or `classes`, given before the model learned), weighed by classWeight.
  using Label = std::variant<double, std::string>;
  Status learn_one(std::vector<double> x, const Label& label, const Classes* classes,
                   StepRecord& step) {
    const Classes& known =
        model_.classes().size() != 0 || classes == nullptr ? model_.classes() : *classes;
    std::vector<double> per_class;  // its keys name classes before the example is read
    if (class_weight_ && !class_weight_->balanced && known.size() != 0) {
      if (Status s = class_weight_of(known, *class_weight_, per_class); !s.ok()) {
        return s;
      }
    }
    if (Status s = scaling_.for_example(x); !s.ok()) return s;
    std::vector<std::uint32_t> index{0};
    if (known.size() != 0) {
      const auto* number = std::get_if<double>(&label);
      Status s = number ? index_labels(std::vector<double>{*number}, known, "y", index, false)
                        : index_labels(std::vector<std::string>{std::get<std::string>(label)},
                                       known, "y", index, false);
      if (!s.ok()) return s;
    }
    double weight = 1;
    if (known.size() == 2 && class_weight_) {
      const char* remedy = "learnOne takes one example, so give classWeight as {label: weight}";
      if (Status s = refuse_balanced(class_weight_, remedy); !s.ok()) return s;
      weight = per_class[index[0]];
    }
    return guarded([&] {
      end_training();
      return model_.learn_one(x.data(), x.size(), index[0], step, classes, weight);
    });
  }

  // Prediction: every input is mapped (named rows) and scaled by the preprocess scaler before
  // the model reads it.
  Status decision_function(const Input& input, std::vector<double>& out) const {
    MappedInput x;
    if (Status s = x.map(features_, input); !s.ok()) return s;
    Dataset scaled;
    if (Status s = scaling_.for_prediction(x.data(), scaled); !s.ok()) return s;
    const std::uint64_t scores = std::uint64_t{scaled.rows()} * model_.scores_per_row();
    if (Status s = check_model_memory(scores, "the scores", 1); !s.ok()) return s;
    std::vector<double> values(scores);
    if (Status s = model_.decision_function(scaled.x, values.data()); !s.ok()) return s;
    out = std::move(values);
    return Status::success();
  }
  Status predict(const Input& input, std::vector<std::uint32_t>& out) const {
    MappedInput x;
    if (Status s = x.map(features_, input); !s.ok()) return s;
    Dataset scaled;
    if (Status s = scaling_.for_prediction(x.data(), scaled); !s.ok()) return s;
    std::vector<std::uint32_t> labels(scaled.rows());
    if (Status s = model_.predict(scaled.x, labels.data()); !s.ok()) return s;
    out = std::move(labels);
    return Status::success();
  }
  // The accuracy on `data`, its labels read against the model's classes.
  Status score(const Input& input, double& out) const {
    MappedInput x;
    if (Status s = x.map(features_, input); !s.ok()) return s;
    Dataset labelled;
    if (Status s = labels_for(x.data(), labelled); !s.ok()) return s;
    return model_.accuracy(labelled.x, labelled.class_index, out);
  }
  // `data` as the model reads it: its labels against the model's classes ("y" in messages), X
  // scaled; the NotFittedError before the model learned.
  Status labels_for(const Dataset& data, Dataset& out) const {
    if (Status s = model_.check_fitted(); !s.ok()) return s;
    Dataset labelled;
    if (Status s = relabel(data, model_.classes(), "y", labelled); !s.ok()) return s;
    return scaling_.for_prediction(labelled, out);
  }

  // toJSON's text (saved_io.hpp): `options` (JSON text of the options in effect, as the model's
  // options getter gives them), the scaler, the saved model and the named features' vocabulary.
  std::string saved_text(SavedKind kind, std::string options) const {
    return saved_text_of(kind, model_, std::move(options), scaling_, features_.vocabulary());
  }
  // fromJSON, into an estimator built from the document's options (its envelope checked): the
  // scaler, the model and the vocabulary (which replaces the map when saved), all or nothing;
  // errors name the field.
  Status restore_saved(const json::Value& document, SavedKind kind) {
    M model = model_;
    InputScaling scaling = scaling_;
    std::optional<std::vector<std::string>> vocabulary;
    if (Status s = perceptron::restore_saved(document, kind, model, scaling, vocabulary); !s.ok()) {
      return s;
    }
    FeatureMap features = features_;
    if (Status s = restored_map(std::move(vocabulary), features); !s.ok()) return s;
    end_training();
    model_ = std::move(model);
    scaling_ = std::move(scaling);
    features_ = std::move(features);
    return Status::success();
  }
  const InputScaling& scaling() const { return scaling_; }

  // model.trainer(): fit's input read as fit reads it and a trainer started on it, in place of
  // the running one; the scaler fitted for it is committed once it started. On error the
  // model, its scaler and the running trainer are unchanged.
  template <typename Start>
  Status start_training(const Input& input, const TrainingOptions& options, Start&& start) {
    TrainingInput in;
    if (Status s = training_input(features_, true, input, options, in); !s.ok()) return s;
    TrainingData t;
    if (Status s = training_data(scaling_, class_weight_, in.x.data(), true, in.options, t);
        !s.ok()) {
      return s;
    }
    auto trainer = std::make_unique<Trainer>();
    if (Status s = start(model_, *trainer, t.data, t.inputs()); !s.ok()) return s;
    trainer_ = std::move(trainer);
    ++last_trainer_id_;
    scaling_.commit(std::move(t.used));
    features_ = std::move(in.map);
    return Status::success();
  }
  Status start_training(const Input& input, const TrainingOptions& options) {
    return start_training(input, options,
                          [](M& model, Trainer& trainer, const Dataset& d, const FitInputs& in) {
                            return model.start_training(trainer, d, in);
                          });
  }
  // The running trainer (null when none) and its id, which changes with each start (0: none).
  const Trainer* trainer() const { return trainer_.get(); }
  std::uint64_t trainer_id() const { return trainer_ ? last_trainer_id_ : 0; }
  // The last single step's description, as the kind gave it.
  const StepDetail& step_detail() const { return detail_; }
  // Runs the trainer (there must be one); the error a part of the training met when it ends
  // (ovr/ovo: a binary model's). A run of more than one step is guarded like fit (a single step
  // is not: the copy would cost as much as the step; the next guarded call reports a model it
  // left overflowed).
  Status run_trainer(TrainerRun mode, std::uint64_t steps) {
    Status ended;
    const auto run = [&] {
      detail_.filled = false;
      detail_.classes_filled = false;
      // Only a single step is described (step()): a run of many pays nothing for it.
      trainer_->progress().detail = mode == TrainerRun::steps && steps <= 1 ? &detail_ : nullptr;
      if (mode == TrainerRun::end) {
        trainer_->run(Progress::unlimited);
      } else if (mode == TrainerRun::epoch) {
        trainer_->finish_epoch();
      } else {
        trainer_->run(steps);
      }
      FitReport unused;
      if (trainer_->done()) ended = trainer_->finish(unused);
      return Status::success();
    };
    if (mode == TrainerRun::steps && steps <= 1) {
      run();
    } else if (Status s = guarded(run); !s.ok()) {
      return s;
    }
    return ended;
  }
  void end_training() { trainer_.reset(); }

  const M& model() const { return model_; }

 private:
  // Runs train() (a call that changes the model), then looks at every number the model would
  // save: one that is not finite puts the model back as it was before the call (the trainer
  // ended) and is a RangeError naming it.
  template <class Train>
  Status guarded(Train&& train) {
    M before = model_;
    if (Status s = train(); !s.ok()) {
      // A call that failed part way, after steps (the voted perceptron's budget in partialFit or
      // learnOne), is undone too; one refused before any step changed nothing.
      if (model_.steps() != before.steps()) {
        end_training();
        model_ = std::move(before);
      }
      return s;
    }
    std::optional<std::string> where = non_finite_in(model_.save());
    if (!where) return Status::success();
    if (non_finite_in(before.save())) {
      return overflowed(*where +
                        " (the model had overflowed before this call, in a trainer's "
                        "step(), which does not check; it is left as it is)");
    }
    end_training();
    model_ = std::move(before);
    return overflowed(*where + " (the model is as it was before the call)");
  }

  M model_;
  InputScaling scaling_;
  std::optional<ClassWeight> class_weight_;
  FeatureMap features_;
  StepDetail detail_;  // the trainer's last single step, as the kind described it
  std::uint64_t last_trainer_id_ = 0;
  std::unique_ptr<Trainer> trainer_;  // last: destroyed first
};

}  // namespace perceptron
