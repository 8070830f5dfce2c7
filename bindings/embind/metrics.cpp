// pw.metrics: losses over scores and the classification report, on labels as the wrapper
// converted them (numbers as a Float64Array, or an Array of strings); every rule is the core's
// (analysis/metrics.hpp).
#include "perceptron/analysis/metrics.hpp"

#include "convert.hpp"

namespace perceptron::wasm {
namespace {

// options {loss (by name), gamma, falsePositiveCost, falseNegativeCost, classes}; classes, when
// not undefined, holds labels of y's kind.
val metrics_losses(const val& y, bool numeric, const val& classes, std::vector<double> scores,
                   const val& options) {
  std::vector<double> out;
  const auto losses = [&](auto label) {
    using T = decltype(label);
    const std::vector<T> order = classes.isUndefined() ? std::vector<T>{} : vector_in<T>(classes);
    return losses_of(vector_in<T>(y), classes.isUndefined() ? nullptr : &order, scores,
                     option_list(options), out);
  };
  const Status s = numeric ? losses(0.0) : losses(std::string());
  return result(s, out);
}

// The report and its labels.
val metrics_report(const val& truth, const val& predicted, bool numeric) {
  Classes labels;
  ClassificationReport r;
  const auto report = [&](auto label) {
    using T = decltype(label);
    return report_of(vector_in<T>(truth), vector_in<T>(predicted), labels, r);
  };
  if (Status s = numeric ? report(0.0) : report(std::string()); !s.ok()) return error_object(s);
  using R = ClassificationReport;
  val out = object_of(r, "confusion", &R::confusion, "accuracy", &R::accuracy, "errorRate",
                      &R::error_rate, "precision", &R::precision, "recall", &R::recall, "f1",
                      &R::f1, "support", &R::support, "macroPrecision", &R::macro_precision,
                      "macroRecall", &R::macro_recall, "macroF1", &R::macro_f1, "balancedAccuracy",
                      &R::balanced_accuracy);
  out.set("labels", classes_to_js(labels));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_metrics) {
  emscripten::function("metricsLosses", &metrics_losses);
  emscripten::function("metricsReport", &metrics_report);
}

}  // namespace perceptron::wasm
