#include "model.hpp"

namespace perceptron::wasm {

Status validation_of(const val& validation, const Classes& classes, Dataset& out) {
  const DatasetHandle* given = optional_dataset(validation);
  if (Status s = given->data().x.check("validation.X"); !s.ok()) return s;
  return relabel(given->data(), classes, "validation.y", out);
}

Status partial_batch_of(const DatasetHandle& batch, const Classes& known, const val& classes,
                        bool classes_numeric, Dataset& out) {
  Classes use = known;
  if (!classes.isUndefined()) {
    Classes given;
    if (Status s = decode_classes(classes, classes_numeric, given); !s.ok()) return s;
    if (known.size() != 0 && !(given == known)) {
      return Status::range_error("classes are fixed by the first partialFit call");
    }
    use = given;
  } else if (known.size() == 0) {
    return Status::type_error(
        "the first partialFit call needs the classes: partialFit(X, y, {classes: [...]})");
  }
  if (Status s = batch.data().x.check("X"); !s.ok()) return s;
  return relabel(batch.data(), use, "y", out);
}

Status training_of(const InputScaling& scaling, const Dataset& data, bool refit,
                   const val& weighting, const val& validation, FitData& out) {
  FitData t;
  if (Status s = scaling.for_training(data, refit, t.data, t.used); !s.ok()) return s;
  t.has_validation = !validation.isUndefined();
  if (t.has_validation) {
    Dataset given;
    if (Status s = validation_of(validation, data.classes, given); !s.ok()) return s;
    if (Status s = InputScaling::apply(t.used, given, t.validation, "validation.X"); !s.ok()) {
      return s;
    }
  }
  if (Status s = weights_of_rows(t.data, weighting, t.row_weight); !s.ok()) return s;
  out = std::move(t);
  return Status::success();
}

val scaling_object(const InputScaling& scaling) {
  if (!scaling.kind) return val::undefined();
  val out = val::object();
  out.set("kind", std::string(name_of(*scaling.kind)));
  out.set("shift", scaling.scaler ? copy_out(scaling.scaler->shift) : val::null());
  out.set("scale", scaling.scaler ? copy_out(scaling.scaler->scale) : val::null());
  return out;
}

val restore_scaling(InputScaling& scaling, const val& shift, const val& scale) {
  return outcome(scaling.restore(to_doubles(shift), to_doubles(scale)));
}

}  // namespace perceptron::wasm
