// pw.metrics: losses over scores and the classification report.
#include "perceptron/analysis/metrics.hpp"

#include "convert.hpp"

namespace perceptron::wasm {
namespace {

// Labels +1 / -1 (from the wrapper) and scores; options {loss (by name), gamma,
// falsePositiveCost, falseNegativeCost}.
val metrics_losses(const val& labels, const val& scores, const val& options) {
  LossParams params;
  if (Status s = set_loss(option_value(options["loss"]), params.loss); !s.ok()) {
    return error_object(s);
  }
  params.gamma = options["gamma"].as<double>();
  params.false_positive_cost = options["falsePositiveCost"].as<double>();
  params.false_negative_cost = options["falseNegativeCost"].as<double>();
  const std::vector<double> raw = to_doubles(labels);
  std::vector<int> y(raw.begin(), raw.end());
  std::vector<double> out;
  if (Status s = losses(y, to_doubles(scores), params, out); !s.ok()) return error_object(s);
  return copy_out(out);
}

val metrics_report(const val& truth, const val& predicted, double classes) {
  ClassificationReport r;
  if (Status s = classification_report(to_indices(truth), to_indices(predicted),
                                       static_cast<std::size_t>(classes), r);
      !s.ok()) {
    return error_object(s);
  }
  val out = val::object();
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

// Labels (numbers or strings) sorted and deduplicated in the core's one order (numbers
// ascending, strings by Unicode code point): the order of every model's classes.
val sort_labels(const val& labels, bool numeric, const std::string& argument) {
  Classes classes;
  std::vector<std::uint32_t> unused;
  if (Status s = encode(labels, numeric, argument, classes, unused); !s.ok()) {
    return error_object(s);
  }
  return classes_to_js(classes);
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_metrics) {
  emscripten::function("sortLabels", &sort_labels);
  emscripten::function("metricsLosses", &metrics_losses);
  emscripten::function("metricsReport", &metrics_report);
}

}  // namespace perceptron::wasm
