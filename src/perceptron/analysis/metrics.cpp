#include "perceptron/analysis/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include "perceptron/support/summation.hpp"

namespace perceptron {

Status set_loss(const OptionValue& value, Loss& out) {
  static constexpr NameTable<Loss, 5> loss_names{{{Loss::zero_one, "zeroOne"},
                                                  {Loss::perceptron, "perceptron"},
                                                  {Loss::hinge, "hinge"},
                                                  {Loss::gamma_hinge, "gammaHinge"},
                                                  {Loss::cost_weighted, "costWeighted"}}};
  return set_choice(loss_names, "loss", value, out);
}

namespace {

constexpr double infinity = std::numeric_limits<double>::infinity();

Status check_unit(const std::vector<double>& u, std::size_t cols, const std::string& name) {
  if (u.size() != cols) {
    return Status::range_error(name + " must have " + std::to_string(cols) +
                               " values (one per column of X); received " +
                               std::to_string(u.size()));
  }
  for (double v : u) {
    if (!std::isfinite(v)) {
      return Status::range_error(name + " must hold finite numbers; received " + format_number(v));
    }
  }
  const double length = std::sqrt(dot(u, u.data()));
  if (std::abs(length - 1) > 1e-9) {
    return Status::range_error(name + " must be a unit vector (||" + name +
                               "|| = 1 within 1e-9); received length " + format_number(length));
  }
  return Status::success();
}

Status check_gamma(double gamma) {
  if (!std::isfinite(gamma) || !(gamma > 0)) {
    return Status::range_error("gamma must be a finite number > 0; received " +
                               format_number(gamma));
  }
  return Status::success();
}

double safe_ratio(double a, double b) { return b > 0 ? a / b : 0; }

}  // namespace

Status losses(const std::vector<int>& labels, const std::vector<double>& scores,
              const LossParams& params, std::vector<double>& out) {
  if (labels.size() != scores.size()) {
    return Status::range_error("scores must have one value per label (" +
                               std::to_string(labels.size()) + "); received " +
                               std::to_string(scores.size()));
  }
  if (labels.empty()) return Status::range_error("y must hold at least one label; received 0");
  if (params.loss == Loss::gamma_hinge) {
    if (Status s = check_gamma(params.gamma); !s.ok()) return s;
  }
  if (!(params.false_positive_cost >= 0) || !(params.false_negative_cost >= 0) ||
      !std::isfinite(params.false_positive_cost) || !std::isfinite(params.false_negative_cost)) {
    return Status::range_error("the costs must be finite numbers >= 0");
  }
  std::vector<double> result(labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const double f = scores[i];
    if (!std::isfinite(f)) {
      return Status::range_error("scores[" + std::to_string(i) +
                                 "] must be a finite number; received " + format_number(f));
    }
    const int y = labels[i];
    const int predicted = f >= 0 ? 1 : -1;
    switch (params.loss) {
      case Loss::zero_one:
        result[i] = predicted != y ? 1 : 0;
        break;
      case Loss::perceptron:
        result[i] = std::max(0.0, -y * f);
        break;
      case Loss::hinge:
        result[i] = std::max(0.0, 1 - y * f);
        break;
      case Loss::gamma_hinge:
        result[i] = std::max(0.0, 1 - y * f / params.gamma);
        break;
      case Loss::cost_weighted:
        result[i] = predicted == y ? 0
                    : y < 0        ? params.false_positive_cost
                                   : params.false_negative_cost;
        break;
    }
  }
  out = std::move(result);
  return Status::success();
}

Status empirical_risk(const std::vector<int>& labels, const std::vector<double>& scores,
                      const LossParams& params, double& out) {
  std::vector<double> each;
  if (Status s = losses(labels, scores, params, each); !s.ok()) return s;
  double sum = 0;
  for (double v : each) sum += v;
  out = sum / static_cast<double>(each.size());
  return Status::success();
}

Status classification_report(const std::vector<std::uint32_t>& truth,
                             const std::vector<std::uint32_t>& predicted, std::size_t classes,
                             ClassificationReport& out) {
  if (truth.size() != predicted.size()) {
    return Status::range_error("yPred must have one prediction per label of yTrue (" +
                               std::to_string(truth.size()) + "); received " +
                               std::to_string(predicted.size()));
  }
  if (truth.empty()) return Status::range_error("yTrue must hold at least one label; received 0");
  ClassificationReport report;
  report.classes = classes;
  report.confusion.assign(classes * classes, 0);
  for (std::size_t i = 0; i < truth.size(); ++i) {
    ++report.confusion[truth[i] * classes + predicted[i]];
  }
  std::uint64_t correct = 0;
  report.support.assign(classes, 0);
  std::vector<std::uint64_t> predicted_count(classes, 0);
  for (std::size_t a = 0; a < classes; ++a) {
    correct += report.confusion[a * classes + a];
    for (std::size_t b = 0; b < classes; ++b) {
      report.support[a] += report.confusion[a * classes + b];
      predicted_count[b] += report.confusion[a * classes + b];
    }
  }
  const double n = static_cast<double>(truth.size());
  report.accuracy = static_cast<double>(correct) / n;
  report.error_rate = 1 - report.accuracy;
  double recall_sum = 0;
  std::size_t present = 0;
  for (std::size_t c = 0; c < classes; ++c) {
    const double tp = static_cast<double>(report.confusion[c * classes + c]);
    const double precision = safe_ratio(tp, static_cast<double>(predicted_count[c]));
    const double recall = safe_ratio(tp, static_cast<double>(report.support[c]));
    report.precision.push_back(precision);
    report.recall.push_back(recall);
    report.f1.push_back(precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0);
    if (report.support[c] > 0) {
      recall_sum += recall;
      ++present;
    }
  }
  const double k = static_cast<double>(classes);
  for (std::size_t c = 0; c < classes; ++c) {
    report.macro_precision += report.precision[c] / k;
    report.macro_recall += report.recall[c] / k;
    report.macro_f1 += report.f1[c] / k;
  }
  report.balanced_accuracy = present ? recall_sum / static_cast<double>(present) : 0;
  out = std::move(report);
  return Status::success();
}

Status novikoff_bound(const Dataset& data, bool fit_intercept, Bound& out) {
  Dataset examples = data;
  if (fit_intercept) {
    // The examples with the constant feature 1 appended (the bias folded into w).
    const std::size_t d = data.cols() + 1;
    if (Status s = Matrix::allocate(data.rows(), d, DType::float64, "X", examples.x); !s.ok()) {
      return s;
    }
    auto* out = static_cast<double*>(examples.x.data());
    RowReader read(data.x);
    for (std::size_t i = 0; i < data.rows(); ++i) {
      const double* row = read(i);
      std::copy(row, row + data.cols(), out + i * d);
      out[i * d + data.cols()] = 1;
    }
  }
  Separability separation;
  if (Status s = separability(examples, false, separation); !s.ok()) return s;
  Bound bound;
  bound.radius = radius(examples, false);
  bound.separable = separation.separable;
  bound.margin = separation.separable ? separation.upper_bound : 0;
  bound.value = separation.separable ? std::pow(bound.radius / bound.margin, 2) : infinity;
  out = bound;
  return Status::success();
}

Status bias_bound(const Dataset& data, Bound& out) {
  Separability separation;
  if (Status s = separability(data, true, separation); !s.ok()) return s;
  Bound bound;
  bound.radius = radius(data, false);
  bound.separable = separation.separable;
  if (separation.separable) {
    bound.margin = separation.margin;
    bound.bias = separation.b;
    bound.value = (bound.bias * bound.bias + 1) * (bound.radius * bound.radius + 1) /
                  (bound.margin * bound.margin);
  } else {
    bound.value = infinity;
  }
  out = bound;
  return Status::success();
}

Status freund_schapire_bound(const Dataset& data, const std::vector<double>& u, double gamma,
                             Bound& out) {
  if (Status s = check_unit(u, data.cols(), "u"); !s.ok()) return s;
  if (Status s = check_gamma(gamma); !s.ok()) return s;
  double squares = 0;
  RowReader read(data.x);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const double d = std::max(0.0, gamma - data.sign(i) * dot(u, read(i)));
    squares += d * d;
  }
  Bound bound;
  bound.radius = radius(data, false);
  bound.margin = gamma;
  bound.deviation = std::sqrt(squares);
  bound.value = std::pow((bound.radius + bound.deviation) / gamma, 2);
  bound.separable = bound.deviation == 0;
  out = bound;
  return Status::success();
}

Status blum_bound(const Dataset& data, const std::vector<double>& w, double gamma, Bound& out) {
  if (Status s = check_unit(w, data.cols(), "w"); !s.ok()) return s;
  if (Status s = check_gamma(gamma); !s.ok()) return s;
  const double r = radius(data, false);
  if (r > 1 + 1e-12) {
    return Status::range_error(
        "X must lie in the unit ball for Blum's bound (max ||x|| <= 1); received max ||x|| = " +
        format_number(r) + " (scale the examples by 1 / " + format_number(r) + ")");
  }
  double hinge = 0;
  RowReader read(data.x);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    hinge += std::max(0.0, 1 - data.sign(i) * dot(w, read(i)) / gamma);
  }
  Bound bound;
  bound.radius = r;
  bound.margin = gamma;
  bound.hinge_loss = hinge;
  bound.value = 1 / (gamma * gamma) + 2 * hinge;
  bound.separable = hinge == 0;
  out = bound;
  return Status::success();
}

}  // namespace perceptron
