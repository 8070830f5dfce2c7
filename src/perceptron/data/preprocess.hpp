// Feature scaling fitted on training data and applied to new data, and a 2-D PCA projection
// for plotting data with more than two features.
//
// Scalers map x to (x - shift) / scale, per feature:
// - standardize: shift = mean, scale = standard deviation (population); a constant feature
//   gets scale 1, so it becomes 0, never NaN;
// - min_max: shift = min, scale = max - min (1 for a constant feature): into [0, 1];
// - unit_ball: shift = 0, scale = R = max ||x|| for every feature (1 when all x are 0): into
//   the unit ball, as Blum's notes assume.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/data/matrix.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

enum class Scaling { standardize, min_max, unit_ball };

struct Scaler {
  Scaling kind = Scaling::standardize;
  std::vector<double> shift, scale;  // one per feature
};

Status fit_scaler(const Matrix& x, Scaling kind, Scaler& out);
// X scaled into a new float64 matrix (a RangeError when it cannot be allocated); `argument`
// names X in messages.
Status transform(const Scaler& scaler, const Matrix& x, Matrix& out,
                 const std::string& argument = "X");
// Checks a saved scaler: one positive finite scale and one finite shift per feature.
Status check_scaler(const Scaler& scaler);

// A model's preprocess option: the scaler fitted on its training data and applied to every
// input after. fit refits it, partial_fit fits it on the first batch only, prediction and
// learn_one use it; without a kind, inputs pass unchanged. Training calls get the scaler to
// keep from for_training and commit it once training succeeded, so a failed call changes
// nothing.
class InputScaling {
 public:
  std::optional<Scaling> kind;
  std::optional<Scaler> scaler;  // once fitted (or restored)

  // The training data as the model sees it and the scaler it was scaled with (to commit).
  Status for_training(const Dataset& data, bool refit, Dataset& out,
                      std::optional<Scaler>& used) const;
  // `data` scaled by `with` (unchanged without one): a validation set, data to predict on.
  static Status apply(const std::optional<Scaler>& with, const Dataset& data, Dataset& out,
                      const std::string& argument = "X");
  Status for_prediction(const Dataset& data, Dataset& out) const {
    return apply(scaler, data, out);
  }
  // One example for learn_one, scaled in place; a TypeError while a kind has no scaler yet.
  Status for_example(std::vector<double>& x) const;
  void commit(std::optional<Scaler> used) { scaler = std::move(used); }
  // A saved scaler (shift and scale per feature), checked.
  Status restore(std::vector<double> shift, std::vector<double> scale);
};

struct Projection {
  std::vector<double> mean;        // per feature
  std::vector<double> components;  // 2 x d row-major, unit length, orthogonal (a zero row
                                   // when the data has fewer than two directions of variance)
  std::vector<double> variance;    // the variance along each component
  std::vector<double> projected;   // rows x 2
};

// The two leading principal components (power iteration on the covariance with deflation,
// from a fixed start, so the result is deterministic; each component's sign is chosen so
// that its largest coordinate is positive).
Status pca2(const Matrix& x, Projection& out);

}  // namespace perceptron
