#include "perceptron/estimator/estimator.hpp"

#include <cmath>

namespace perceptron {

namespace {

// Basic Winnow reads only 0/1 features: a scaling that moves them off 0 and 1 would make every
// fit fail ('minMax' keeps them).
Status check_winnow_scaling(ModelKind kind, const ModelOptions& options) {
  if (kind != ModelKind::winnow || !options.preprocess || *options.preprocess == Scaling::min_max) {
    return Status::success();
  }
  for (const auto& [name, value] : options.values) {
    const bool is_false = std::holds_alternative<bool>(value) && !std::get<bool>(value);
    if (name == "balanced" && !is_false) return Status::success();
  }
  return Status::range_error("option preprocess '" + std::string(name_of(*options.preprocess)) +
                             "' turns 0/1 features into other values, and basic Winnow reads "
                             "only 0 and 1; use preprocess 'minMax', or balanced: true for other "
                             "features");
}

}  // namespace

Status AnyEstimator::configure(const ModelOptions& options,
                               const std::optional<OptionValue>& hashing_bits) {
  if (Status s = check_winnow_scaling(model_->kind(), options); !s.ok()) return s;
  end_training();
  std::optional<FeatureMap> hashed;
  if (hashing_bits) {
    if (Status s = FeatureMap::hashing(*hashing_bits, hashed.emplace()); !s.ok()) return s;
  }
  if (options.class_weight) {
    if (Status s = check_class_weight(*options.class_weight); !s.ok()) return s;
  }
  if (Status s = model_->set_options(options.values); !s.ok()) return s;
  scaling_.kind = options.preprocess;
  class_weight_ = options.class_weight;
  if (hashed) features_ = std::move(*hashed);
  return Status::success();
}

std::vector<OptionSetting> AnyEstimator::settings() const {
  std::vector<OptionSetting> out = model_->settings();
  if (scaling_.kind) out.push_back(preprocess_setting(scaling_.kind));
  return out;
}

bool AnyEstimator::reads_vocabulary(NamedCall call) const {
  if (features_.hashed()) return false;
  // Only the Perceptron continues (warmStart).
  if (call == NamedCall::fit) return model_->warm_start() && !features_.vocabulary().empty();
  return call == NamedCall::read || model_->classes().size() > 0;
}

Status AnyEstimator::fit(const Input& input, const TrainingOptions& options, FitReport& report,
                         const Train& train) {
  end_training();
  const bool learn = !reads_vocabulary(NamedCall::fit);
  TrainingInput in;
  if (Status s = training_input(features_, learn, input, options, in); !s.ok()) return s;
  TrainingData t;
  if (Status s = training_data(scaling_, class_weight_, in.x.data(), true, in.options, t);
      !s.ok()) {
    return s;
  }
  if (Status s = guarded([&] {
        return train ? train(*model_, t.data, report, t.inputs())
                     : model_->fit(t.data, report, t.inputs());
      });
      !s.ok()) {
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

Status AnyEstimator::partial_fit(const Input& input, const Classes* classes,
                                 const TrainingOptions& options, FitReport& report) {
  end_training();
  FeatureMap map;
  MappedInput x;
  if (Status s = batch_input(features_, model_->classes().size() == 0, input, map, x); !s.ok()) {
    return s;
  }
  const Dataset& batch = x.data();
  const char* remedy = "give classWeight as {label: weight} for partialFit";
  if (Status s = refuse_balanced(class_weight_, remedy); !s.ok()) return s;
  Classes use;
  if (Status s = partial_classes(model_->classes(), classes, model_->scores_per_row() == 1,
                                 name_of(model_->kind()), use);
      !s.ok()) {
    return s;
  }
  if (class_weight_) {  // its keys name classes before the rows are read
    std::vector<double> unused;
    if (Status s = class_weight_of(use, *class_weight_, unused); !s.ok()) return s;
  }
  if (Status s = batch.x.check("X"); !s.ok()) return s;
  Dataset data;
  if (Status s = relabel(batch, use, "y", data); !s.ok()) return s;
  TrainingData t;
  if (Status s = training_data(scaling_, class_weight_, data, false, options, t); !s.ok()) {
    return s;
  }
  if (Status s = guarded([&] { return model_->partial_fit(t.data, report, &t.row_weight); });
      !s.ok()) {
    return s;
  }
  scaling_.commit(std::move(t.used));
  features_ = std::move(map);
  return Status::success();
}

Status AnyEstimator::learn_one(std::vector<double> x, const Label& label, const Classes* classes,
                               StepRecord& step) {
  // A first example labelled -1 or 1, with no classes given, makes the classes [-1, 1].
  const auto* number = std::get_if<double>(&label);
  const Classes signs{true, {-1, 1}, {}};
  if (classes == nullptr && model_->classes().size() == 0 && number && std::abs(*number) == 1) {
    classes = &signs;
  }
  const Classes& known =
      model_->classes().size() != 0 || classes == nullptr ? model_->classes() : *classes;
  std::vector<double> per_class;  // its keys name classes before the example is read
  if (class_weight_ && !class_weight_->balanced && known.size() != 0) {
    if (Status s = class_weight_of(known, *class_weight_, per_class); !s.ok()) return s;
  }
  if (Status s = scaling_.for_example(x); !s.ok()) return s;
  std::vector<std::uint32_t> index{0};
  if (known.size() != 0) {
    Status s = number ? index_labels(std::vector<double>{*number}, known, "y", index, false)
                      : index_labels(std::vector<std::string>{std::get<std::string>(label)}, known,
                                     "y", index, false);
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
    return model_->learn_one(x.data(), x.size(), index[0], step, classes, weight);
  });
}

Status AnyEstimator::would_update(const Input& input, std::vector<std::uint8_t>& out) const {
  Dataset labelled;
  if (Status s = labels_for(input.data, labelled); !s.ok()) return s;
  return model_->would_update(labelled.x, labelled.class_index, out);
}

Status AnyEstimator::decision_function(const Input& input, std::vector<double>& out) const {
  MappedInput x;
  if (Status s = x.map(features_, input); !s.ok()) return s;
  Dataset scaled;
  if (Status s = scaling_.for_prediction(x.data(), scaled); !s.ok()) return s;
  const std::uint64_t scores = std::uint64_t{scaled.rows()} * model_->scores_per_row();
  if (Status s = check_model_memory(scores, "the scores", 1); !s.ok()) return s;
  std::vector<double> values(scores);
  if (Status s = model_->decision_function(scaled.x, values.data()); !s.ok()) return s;
  out = std::move(values);
  return Status::success();
}

Status AnyEstimator::predict(const Input& input, std::vector<std::uint32_t>& out) const {
  MappedInput x;
  if (Status s = x.map(features_, input); !s.ok()) return s;
  Dataset scaled;
  if (Status s = scaling_.for_prediction(x.data(), scaled); !s.ok()) return s;
  std::vector<std::uint32_t> labels(scaled.rows());
  if (Status s = model_->predict(scaled.x, labels.data()); !s.ok()) return s;
  out = std::move(labels);
  return Status::success();
}

Status AnyEstimator::score(const Input& input, double& out) const {
  MappedInput x;
  if (Status s = x.map(features_, input); !s.ok()) return s;
  Dataset labelled;
  if (Status s = labels_for(x.data(), labelled); !s.ok()) return s;
  return model_->accuracy(labelled.x, labelled.class_index, out);
}

Status AnyEstimator::labels_for(const Dataset& data, Dataset& out) const {
  if (Status s = model_->check_fitted(); !s.ok()) return s;
  Dataset labelled;
  if (Status s = relabel(data, model_->classes(), "y", labelled); !s.ok()) return s;
  return scaling_.for_prediction(labelled, out);
}

std::string AnyEstimator::saved_text(SavedKind kind, std::string options) const {
  return saved_text_of(kind, *model_, std::move(options), scaling_, features_.vocabulary());
}

Status AnyEstimator::restore_saved(const json::Value& document, SavedKind kind) {
  const std::unique_ptr<AnyModel> model = model_->copy();
  InputScaling scaling = scaling_;
  std::optional<std::vector<std::string>> vocabulary;
  if (Status s = perceptron::restore_saved(document, kind, *model, scaling, vocabulary); !s.ok()) {
    return s;
  }
  FeatureMap features = features_;
  if (Status s = restored_map(std::move(vocabulary), features); !s.ok()) return s;
  end_training();
  model_->take(std::move(*model));
  scaling_ = std::move(scaling);
  features_ = std::move(features);
  return Status::success();
}

Status AnyEstimator::start_training(const Input& input, const TrainingOptions& options,
                                    const Start& start) {
  TrainingInput in;
  if (Status s = training_input(features_, true, input, options, in); !s.ok()) return s;
  TrainingData t;
  if (Status s = training_data(scaling_, class_weight_, in.x.data(), true, in.options, t);
      !s.ok()) {
    return s;
  }
  auto trainer = std::make_unique<Trainer>();
  const Status s = start ? start(*model_, *trainer, t.data, t.inputs())
                         : model_->start_training(*trainer, t.data, t.inputs());
  if (!s.ok()) return s;
  trainer_ = std::move(trainer);
  ++last_trainer_id_;
  scaling_.commit(std::move(t.used));
  features_ = std::move(in.map);
  return Status::success();
}

Status AnyEstimator::run_trainer(TrainerRun mode, std::uint64_t steps) {
  Status ended;
  const auto run = [&] {
    detail_.filled = false;
    detail_.classes_filled = false;
    // Only a single step is described (step()): a run of many pays nothing for it.
    trainer_->progress().detail = mode == TrainerRun::steps && steps <= 1 ? &detail_ : nullptr;
    if (mode == TrainerRun::end) {
      trainer_->run(Progress::unlimited);
    } else if (mode == TrainerRun::epoch) {
      trainer_->finish_epoch(steps);
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

Status AnyEstimator::guarded(const std::function<Status()>& train) {
  const std::unique_ptr<AnyModel> before = model_->copy();
  if (Status s = train(); !s.ok()) {
    // A call that failed part way, after steps (the voted perceptron's budget in partialFit or
    // learnOne), is undone too; one refused before any step changed nothing.
    if (model_->steps() != before->steps()) {
      end_training();
      model_->take(std::move(*before));
    }
    return s;
  }
  std::optional<std::string> where = non_finite_in(model_->save());
  if (!where) return Status::success();
  if (non_finite_in(before->save())) {
    return overflowed(*where +
                      " (the model had overflowed before this call, in a trainer's "
                      "step(), which does not check; it is left as it is)");
  }
  end_training();
  model_->take(std::move(*before));
  return overflowed(*where + " (the model is as it was before the call)");
}

}  // namespace perceptron
