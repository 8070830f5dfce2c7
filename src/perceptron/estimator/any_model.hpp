// A model of any kind behind one interface, so that the code serving every kind (AnyEstimator,
// estimator.hpp; the grid search; the bindings' one model class) is compiled once. ModelOf<M>
// adapts a kind M (the Model concept, models/model.hpp) call for call. One virtual call per
// operation: fit, predict and the others run the kind's own loop inside it, never a virtual call
// per row.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "perceptron/estimator/kinds.hpp"
#include "perceptron/estimator/saved_format.hpp"
#include "perceptron/models/model.hpp"

namespace perceptron {

class AnyModel {
 public:
  virtual ~AnyModel() = default;
  virtual ModelKind kind() const = 0;
  virtual std::unique_ptr<AnyModel> copy() const = 0;
  // Becomes `other` (of the same kind) in place: the put-back, which keeps this address. take
  // steals other's buffers; assign copies into this model's own, which it reuses where they are
  // large enough, so a put-back after an aborted fit leaves the heap as the call found it
  // (pw.memory()'s inUse, which the bad-input tests compare).
  virtual void take(AnyModel&& other) = 0;
  virtual void assign(const AnyModel& other) = 0;

  // The kind's options over its params, checked (apply_options), then set (set_params); the
  // options in effect (option_settings).
  virtual Status set_options(const OptionList& values) = 0;
  virtual std::vector<OptionSetting> settings() const = 0;
  // Whether the kind can continue a fit (M::warm_starts), and whether this one will (warmStart).
  virtual bool warm_starts() const = 0;
  virtual bool warm_start() const = 0;

  virtual bool fitted() const = 0;
  virtual Status check_fitted() const = 0;
  virtual std::size_t n_features() const = 0;
  virtual const Classes& classes() const = 0;
  virtual std::uint64_t steps() const = 0;
  virtual std::size_t scores_per_row() const = 0;

  virtual Status fit(const Dataset& data, FitReport& report, const FitInputs& inputs) = 0;
  virtual Status start_training(Trainer& trainer, const Dataset& data, const FitInputs& inputs) = 0;
  virtual Status partial_fit(const Dataset& batch, FitReport& report,
                             const std::vector<double>* row_weight) = 0;
  // The Perceptron's online step and its would_update (perceptron.hpp); a TypeError otherwise.
  virtual Status learn_one(const double* x, std::size_t n, std::uint32_t class_index,
                           StepRecord& out, const Classes* classes, double weight) = 0;
  virtual Status would_update(const Matrix& x, const std::vector<std::uint32_t>& class_index,
                              std::vector<std::uint8_t>& out) const = 0;

  virtual Status decision_function(const Matrix& x, double* scores) const = 0;
  virtual Status predict(const Matrix& x, std::uint32_t* labels) const = 0;
  virtual Status accuracy(const Matrix& x, const std::vector<std::uint32_t>& class_index,
                          double& out) const = 0;

  // The saved model, its layout in `kind`'s format (saved_io.hpp), and `saved` restored under
  // this model's params into a new model of the kind, every field checked.
  virtual SavedModel save() const = 0;
  virtual SavedLayout layout(SavedKind kind) const = 0;
  virtual Status restored(const SavedModel& saved, std::unique_ptr<AnyModel>& out) const = 0;
  // What one of the kind's getters shows (weights, bias, support vectors, ...), by name, computed
  // and copied alone (a getter of a scalar never copies the support vectors); a number is an
  // array of one; nullopt when the kind (or its variant) has no such array.
  virtual std::optional<std::vector<double>> attribute(std::string_view name) const = 0;
};

// The kind's layout under a model's params (their variant and strategy, where they have them).
template <typename P>
SavedLayout layout_under(SavedKind kind, const P& params) {
  std::string_view variant = "classic";
  std::string_view strategy = "joint";
  if constexpr (requires { params.variant; }) variant = name_of(params.variant);
  if constexpr (requires { params.base.variant; }) variant = name_of(params.base.variant);
  if constexpr (requires { params.strategy; }) strategy = name_of(params.strategy);
  return layout_of(kind, variant, strategy);
}

// A new model of `kind`, untrained, with its default options.
std::unique_ptr<AnyModel> make_model(ModelKind kind);
// The saved format of a model kind.
SavedKind saved_kind_of(ModelKind kind);

template <Model M>
class ModelOf final : public AnyModel {
 public:
  ModelOf() = default;
  explicit ModelOf(M m) : model(std::move(m)) {}

  ModelKind kind() const override { return kind_of<M>; }
  std::unique_ptr<AnyModel> copy() const override { return std::make_unique<ModelOf>(model); }
  void take(AnyModel&& other) override { model = std::move(static_cast<ModelOf&>(other).model); }
  void assign(const AnyModel& other) override { model = static_cast<const ModelOf&>(other).model; }

  Status set_options(const OptionList& values) override {
    auto params = model.params();
    if (Status s = apply_options(values, params); !s.ok()) return s;
    return model.set_params(params);
  }
  std::vector<OptionSetting> settings() const override { return option_settings(model.params()); }
  bool warm_starts() const override { return M::warm_starts; }
  bool warm_start() const override {
    if constexpr (M::warm_starts) return model.params().warm_start;
    return false;
  }

  bool fitted() const override { return model.fitted(); }
  Status check_fitted() const override { return model.check_fitted(); }
  std::size_t n_features() const override { return model.n_features(); }
  const Classes& classes() const override { return model.classes(); }
  std::uint64_t steps() const override { return model.steps(); }
  std::size_t scores_per_row() const override { return model.scores_per_row(); }

  Status fit(const Dataset& data, FitReport& report, const FitInputs& inputs) override {
    return model.fit(data, report, inputs);
  }
  Status start_training(Trainer& trainer, const Dataset& data, const FitInputs& inputs) override {
    return model.start_training(trainer, data, inputs);
  }
  Status partial_fit(const Dataset& batch, FitReport& report,
                     const std::vector<double>* row_weight) override {
    return model.partial_fit(batch, report, row_weight);
  }
  Status learn_one(const double* x, std::size_t n, std::uint32_t class_index, StepRecord& out,
                   const Classes* classes, double weight) override {
    if constexpr (requires { model.learn_one(x, n, class_index, out, classes, weight); }) {
      return model.learn_one(x, n, class_index, out, classes, weight);
    }
    return Status::type_error("learnOne is the Perceptron's");
  }
  Status would_update(const Matrix& x, const std::vector<std::uint32_t>& class_index,
                      std::vector<std::uint8_t>& out) const override {
    if constexpr (requires { model.would_update(x, class_index, out); }) {
      return model.would_update(x, class_index, out);
    }
    return Status::type_error("isMistake is the Perceptron's");
  }

  Status decision_function(const Matrix& x, double* scores) const override {
    return model.decision_function(x, scores);
  }
  Status predict(const Matrix& x, std::uint32_t* labels) const override {
    return model.predict(x, labels);
  }
  Status accuracy(const Matrix& x, const std::vector<std::uint32_t>& class_index,
                  double& out) const override {
    return model.accuracy(x, class_index, out);
  }

  SavedModel save() const override { return model.save(); }
  SavedLayout layout(SavedKind kind) const override { return layout_under(kind, model.params()); }
  Status restored(const SavedModel& saved, std::unique_ptr<AnyModel>& out) const override {
    auto fresh = std::make_unique<ModelOf>();
    if (Status s = fresh->model.restore(model.params(), saved); !s.ok()) return s;
    out = std::move(fresh);
    return Status::success();
  }
  std::optional<std::vector<double>> attribute(std::string_view name) const override {
    return model.attribute(name);
  }

  M model;
};

// The model inside `any`, which must be of kind kind_of<M>.
template <Model M>
M& model_of(AnyModel& any) {
  return static_cast<ModelOf<M>&>(any).model;
}
template <Model M>
const M& model_of(const AnyModel& any) {
  return static_cast<const ModelOf<M>&>(any).model;
}

}  // namespace perceptron
