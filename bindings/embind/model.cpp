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

}  // namespace perceptron::wasm
