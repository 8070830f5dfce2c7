#include "perceptron/estimator/training_data.hpp"

namespace perceptron {

namespace {

// fit's validation set, its labels read against the training classes, scaled as the rows are.
Status validation_of(const Dataset& given, const Classes& classes,
                     const std::optional<Scaler>& scaler, Dataset& out) {
  if (Status s = given.x.check("validation.X"); !s.ok()) return s;
  Dataset labelled;
  if (Status s = relabel(given, classes, "validation.y", labelled); !s.ok()) return s;
  return InputScaling::apply(scaler, labelled, out, "validation.X");
}

}  // namespace

Status training_data(const InputScaling& scaling, const std::optional<ClassWeight>& class_weight,
                     const Dataset& data, bool refit, const TrainingOptions& options,
                     TrainingData& out) {
  // The class weights first: a key that names no class is the caller's error whatever the rows.
  std::vector<double> per_class;
  if (class_weight) {
    if (Status s = class_weight_of(data, *class_weight, per_class); !s.ok()) return s;
  }
  TrainingData t;
  if (Status s = scaling.for_training(data, refit, t.data, t.used); !s.ok()) return s;
  t.has_validation = options.validation != nullptr;
  if (t.has_validation) {
    if (Status s = validation_of(*options.validation, data.classes, t.used, t.validation);
        !s.ok()) {
      return s;
    }
  }
  if (!options.sample_weight.empty() || !per_class.empty()) {
    if (Status s = row_weights(t.data, options.sample_weight, per_class, t.row_weight); !s.ok()) {
      return s;
    }
  }
  out = std::move(t);
  return Status::success();
}

Status refuse_balanced(const std::optional<ClassWeight>& class_weight, const std::string& remedy) {
  if (!class_weight || !class_weight->balanced) return Status::success();
  return Status::range_error("classWeight 'balanced' needs the whole training set; " + remedy);
}

Status partial_classes(const Classes& known, const Classes* given, bool binary,
                       std::string_view kind, Classes& out) {
  if (given == nullptr) {
    if (known.size() == 0) {
      return Status::type_error(
          "the first partialFit call needs the classes: partialFit(X, y, {classes: [...]})");
    }
    out = known;
    return Status::success();
  }
  if (known.size() != 0 && !(*given == known)) {
    return Status::range_error(
        "classes are fixed by the first partialFit call or fit: they must be the model's "
        "classes " +
        known.list(5) + "; received " + given->list(5));
  }
  if (known.size() == 0) {
    const std::size_t n = given->size();
    if (binary) {
      if (Status s = check_two_classes(*given, "classes", std::string(kind)); !s.ok()) return s;
    } else if (n < 2) {
      return Status::range_error("classes must hold at least two distinct classes; received " +
                                 std::to_string(n) + (n == 1 ? " class " : " classes ") +
                                 given->list(5));
    }
  }
  out = *given;
  return Status::success();
}

}  // namespace perceptron
