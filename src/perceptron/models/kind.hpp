// What the model kinds with options of their own (Winnow, PassiveAggressive, KernelPerceptron,
// MulticlassPerceptron) hold and do alike, written once: their options P (checked by
// check_parameter(const P&)), the shape of what they learned (nFeatures, classes, steps), and the
// calls of the Model concept (model.hpp) that do not depend on the learning rule. Each kind
// derives from KindBase<Kind, P> and adds its learning rule: start_training, partial_fit,
// decision_function, predict, save and restore. A kind's header includes this one for what its
// declarations name (Dataset, Params, SavedModel, Trainer, FitReport).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/models/saved_model.hpp"
#include "perceptron/support/status.hpp"
#include "perceptron/training/params.hpp"
#include "perceptron/training/trainer.hpp"
#include "perceptron/training/training.hpp"

namespace perceptron {

template <typename Kind, typename P>
class KindBase {
 public:
  const P& params() const { return params_; }
  // Replaces the options after check_parameter; the learned state is kept.
  Status set_params(const P& params) {
    if (std::string message = check_parameter(params); !message.empty()) {
      return Status::range_error(message);
    }
    params_ = params;
    return Status::success();
  }

  bool fitted() const { return n_features_ > 0; }
  Status check_fitted() const {
    if (fitted()) return Status::success();
    return not_fitted_yet();
  }
  std::size_t n_features() const { return n_features_; }
  const Classes& classes() const { return classes_; }
  std::uint64_t steps() const { return steps_; }

  // The kind's start_training run to its end (trainer.hpp).
  Status fit(const Dataset& data, FitReport& report, const FitInputs& inputs = {}) {
    Trainer trainer;
    return run_to_end(kind().start_training(trainer, data, inputs), trainer, report);
  }
  Status accuracy(const Matrix& x, const std::vector<std::uint32_t>& class_index,
                  double& out) const {
    return accuracy_of(kind(), x, class_index, out);
  }
  double error_rate(const Dataset& data) const { return error_rate_of(kind(), data); }

 protected:
  // partial_fit's pass for a kind that learns row by row, once its checks of the batch passed:
  // a copy of the model (started on the batch's features and classes when not fitted) takes
  // step(copy, i, row i's weight) in one_pass's order, then replaces the model; the report
  // covers the pass. On error the model is unchanged. Kind::start must be reachable (friend).
  template <typename Step>
  Status pass_on_copy(const Dataset& batch, const std::vector<double>* row_weight,
                      FitReport& report, Step&& step) {
    const bool weighted = row_weight != nullptr && !row_weight->empty();
    Kind updated(kind());
    if (!fitted()) {
      if (Status s = updated.start(batch.cols(), batch.classes); !s.ok()) return s;
    }
    FitReport result = one_pass(params_.base, updated.steps_, batch.rows(), [&](std::size_t i) {
      return step(updated, i, weighted ? (*row_weight)[i] : 1.0);
    });
    kind() = std::move(updated);
    report = std::move(result);
    return Status::success();
  }

  P params_;
  std::size_t n_features_ = 0;
  Classes classes_;
  std::uint64_t steps_ = 0;

 private:
  Kind& kind() { return static_cast<Kind&>(*this); }
  const Kind& kind() const { return static_cast<const Kind&>(*this); }
};

}  // namespace perceptron
