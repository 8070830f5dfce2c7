#include "perceptron/estimator/any_model.hpp"

namespace perceptron {

std::unique_ptr<AnyModel> make_model(ModelKind kind) {
  return with_kind(kind, []<Model M>(std::type_identity<M>) -> std::unique_ptr<AnyModel> {
    return std::make_unique<ModelOf<M>>();
  });
}

SavedKind saved_kind_of(ModelKind kind) {
  switch (kind) {
    case ModelKind::multiclass:
      return SavedKind::multiclass;
    case ModelKind::kernel:
      return SavedKind::kernel;
    case ModelKind::winnow:
      return SavedKind::winnow;
    case ModelKind::passive_aggressive:
      return SavedKind::passive_aggressive;
    case ModelKind::perceptron:
      break;
  }
  return SavedKind::perceptron;
}

}  // namespace perceptron
