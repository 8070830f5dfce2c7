// pw.metrics: losses over scores and the classification report, on labels as the wrapper
// converted them (numbers as a Float64Array, or an Array of strings); every rule is the core's
// (analysis/metrics.hpp).
#include "perceptron/analysis/metrics.hpp"

#include "convert.hpp"

namespace perceptron::wasm {
namespace {

// Labels of type T (double or std::string): y, and the classes option when not undefined.
template <typename T>
Status losses(const val& y, const val& classes, std::vector<double> scores, const val& options,
              std::vector<double>& out) {
  const std::vector<T> order = classes.isUndefined() ? std::vector<T>{} : vector_in<T>(classes);
  return losses_of(vector_in<T>(y), classes.isUndefined() ? nullptr : &order, scores,
                   option_list(options), out);
}

// options {loss (by name), gamma, falsePositiveCost, falseNegativeCost, classes}.
val metrics_losses(const val& y, bool numeric, const val& classes, std::vector<double> scores,
                   const val& options) {
  std::vector<double> out;
  const Status s = numeric ? losses<double>(y, classes, std::move(scores), options, out)
                           : losses<std::string>(y, classes, std::move(scores), options, out);
  return result(s, out);
}

template <typename T>
Status report(const val& truth, const val& predicted, Classes& labels, ClassificationReport& r) {
  return report_of(vector_in<T>(truth), vector_in<T>(predicted), labels, r);
}

// The report and its labels.
val metrics_report(const val& truth, const val& predicted, bool numeric) {
  Classes labels;
  ClassificationReport r;
  const Status s = numeric ? report<double>(truth, predicted, labels, r)
                           : report<std::string>(truth, predicted, labels, r);
  using R = ClassificationReport;
  if (!s.ok()) return error_object(s);
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
