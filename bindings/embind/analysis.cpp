// pw.analysis and FisherDiscriminant: one call by name (analysis/calls.hpp) whose named values
// cross as an object (lists as Float64Arrays), and a linear model's scores; the wrapper adds the
// classes.
#include "dataset.hpp"
#include "perceptron/analysis/calls.hpp"
#include "perceptron/analysis/metrics.hpp"
#include "perceptron/models/update.hpp"

namespace perceptron::wasm {
namespace {

// The named values as an object's members.
class ObjectWriter final : public ResultWriter {
 public:
  val out = val::object();
  void number(const char* name, double value) override { out.set(name, value); }
  void flag(const char* name, bool value) override { out.set(name, value); }
  void numbers(const char* name, const std::vector<double>& values) override {
    out.set(name, copy_out(values));
  }
};

// `vector` and `b`: the separator (w, b) or a bound's u or w, as the wrapper converted them.
val analysis_js(const std::string& call, const DatasetHandle& x, const val& options,
                std::vector<double> vector, double b) {
  ObjectWriter writer;
  const Status s = analysis_call(call, x.data(), option_list(options), vector, b, writer);
  return s.ok() ? writer.out : error_object(s);
}

// w.x + b for every row (a fitted linear model's scores).
val linear_scores(const DatasetHandle& x, std::vector<double> w, double b) {
  const Matrix& m = x.data().x;
  std::vector<double> out(m.rows());
  const Status s = check_prediction_input(Status::success(), w.size(), m);
  RowReader row(m);
  for (std::size_t i = 0; s.ok() && i < out.size(); ++i) out[i] = score_of(w, b, row(i));
  return result(s, out);
}

// pw.metrics, on labels as the wrapper converted them (numbers as a Float64Array, or an Array
// of strings); every rule is the core's (analysis/metrics.hpp).
// options {loss (by name), gamma, falsePositiveCost, falseNegativeCost, classes}: the core's.
val metrics_losses(const val& y, bool numeric, std::vector<double> scores, const val& options) {
  std::vector<double> out;
  const auto classes = array_option(options, "classes");
  const Status s = losses_of(numeric ? to_doubles(y) : std::vector<double>{},
                             numeric ? std::vector<std::string>{} : to_strings(y), numeric,
                             classes ? &*classes : nullptr, scores, option_list(options), out);
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
  const Status s = numeric ? report(0.0) : report(std::string());
  return s.ok() ? js_of(report_value(r, labels)) : error_object(s);
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_analysis) {
  emscripten::function("analysis", &analysis_js);
  emscripten::function("linearScores", &linear_scores);
  emscripten::function("metricsLosses", &metrics_losses);
  emscripten::function("metricsReport", &metrics_report);
}

}  // namespace perceptron::wasm
