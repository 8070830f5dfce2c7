// Every model kind by its ModelKind: the code that serves any kind given at run time (grid
// search, pw.checkOptions, pw.optionSchema) calls with_kind once.
#pragma once

#include <type_traits>

#include "perceptron/estimator/learner.hpp"
#include "perceptron/models/kernel.hpp"
#include "perceptron/models/model.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/passive_aggressive.hpp"
#include "perceptron/models/perceptron.hpp"
#include "perceptron/models/winnow.hpp"

namespace perceptron {

template <Model M>
inline constexpr ModelKind kind_of = ModelKind::perceptron;
template <>
inline constexpr ModelKind kind_of<MulticlassPerceptron> = ModelKind::multiclass;
template <>
inline constexpr ModelKind kind_of<KernelPerceptron> = ModelKind::kernel;
template <>
inline constexpr ModelKind kind_of<Winnow> = ModelKind::winnow;
template <>
inline constexpr ModelKind kind_of<PassiveAggressive> = ModelKind::passive_aggressive;

// Calls f(std::type_identity<M>{}) for the model type M of `kind`.
template <typename F>
auto with_kind(ModelKind kind, F&& f) {
  switch (kind) {
    case ModelKind::multiclass:
      return f(std::type_identity<MulticlassPerceptron>{});
    case ModelKind::kernel:
      return f(std::type_identity<KernelPerceptron>{});
    case ModelKind::winnow:
      return f(std::type_identity<Winnow>{});
    case ModelKind::passive_aggressive:
      return f(std::type_identity<PassiveAggressive>{});
    case ModelKind::perceptron:
      break;
  }
  return f(std::type_identity<Perceptron>{});
}

}  // namespace perceptron
