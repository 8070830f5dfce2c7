// pw.metrics: losses over scores and the classification report, on labels as the wrapper
// converted them (numbers as a Float64Array, or an Array of strings); every rule is the core's
// (analysis/metrics.hpp).
#include "perceptron/analysis/metrics.hpp"

#include "convert.hpp"

namespace perceptron::wasm {
namespace {

// y and the classes option (undefined when unset); options {loss (by name), gamma,
// falsePositiveCost, falseNegativeCost, classes}.
val metrics_losses(const val& y, bool numeric, const val& classes, const val& scores,
                   const val& options) {
  std::vector<double> out;
  const bool given = !classes.isUndefined();
  Status s;
  if (numeric) {
    const std::vector<double> order = given ? to_doubles(classes) : std::vector<double>{};
    s = losses_of(to_doubles(y), given ? &order : nullptr, to_doubles(scores), option_list(options),
                  out);
  } else {
    const std::vector<std::string> order = given ? to_strings(classes) : std::vector<std::string>{};
    s = losses_of(to_strings(y), given ? &order : nullptr, to_doubles(scores), option_list(options),
                  out);
  }
  return s.ok() ? copy_out(out) : error_object(s);
}

val metrics_report(const val& truth, const val& predicted, bool numeric) {
  Classes labels;
  ClassificationReport r;
  if (Status s = numeric ? report_of(to_doubles(truth), to_doubles(predicted), labels, r)
                         : report_of(to_strings(truth), to_strings(predicted), labels, r);
      !s.ok()) {
    return error_object(s);
  }
  val out = val::object();
  out.set("labels", classes_to_js(labels));
  out.set("confusion", copy_out(std::vector<double>(r.confusion.begin(), r.confusion.end())));
  out.set("accuracy", r.accuracy);
  out.set("errorRate", r.error_rate);
  out.set("precision", copy_out(r.precision));
  out.set("recall", copy_out(r.recall));
  out.set("f1", copy_out(r.f1));
  out.set("support", copy_out(std::vector<double>(r.support.begin(), r.support.end())));
  out.set("macroPrecision", r.macro_precision);
  out.set("macroRecall", r.macro_recall);
  out.set("macroF1", r.macro_f1);
  out.set("balancedAccuracy", r.balanced_accuracy);
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_metrics) {
  emscripten::function("metricsLosses", &metrics_losses);
  emscripten::function("metricsReport", &metrics_report);
}

}  // namespace perceptron::wasm
