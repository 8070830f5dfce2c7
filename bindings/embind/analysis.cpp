// pw.analysis: geometry (radius, distances, margins), exact separability, mistake bounds, the
// 2-D PCA projection, Fisher's discriminant and a linear model's scores.
#include "perceptron/analysis/analysis.hpp"

#include "dataset.hpp"
#include "perceptron/analysis/metrics.hpp"
#include "perceptron/data/preprocess.hpp"
#include "perceptron/models/update.hpp"

namespace perceptron::wasm {
namespace {

// A dataset with one label per row and exactly two classes.
Status check_binary(const Dataset& data) {
  if (Status s = check_dataset(data, "", true); !s.ok()) return s;
  if (data.classes.size() != 2) {
    return Status::range_error("y must hold exactly two distinct classes; received " +
                               std::to_string(data.classes.size()));
  }
  return Status::success();
}

val bound_object(const Bound& b) {
  val out = val::object();
  out.set("value", b.value);
  out.set("radius", b.radius);
  out.set("margin", b.margin);
  out.set("bias", b.bias);
  out.set("deviation", b.deviation);
  out.set("hingeLoss", b.hinge_loss);
  out.set("separable", b.separable);
  return out;
}

// options {withBias}.
val analysis_radius(const DatasetHandle& x, const val& options) {
  AnalysisOptions o;
  if (Status s = analysis_options(option_list(options), {"withBias"}, o); !s.ok()) {
    return error_object(s);
  }
  if (Status s = x.data().x.check("X"); !s.ok()) return error_object(s);
  return val(radius(x.data(), o.with_bias));
}

val analysis_signed_distances(const DatasetHandle& x, const val& w, double b) {
  if (Status s = x.data().x.check("X"); !s.ok()) return error_object(s);
  std::vector<double> out;
  if (Status s = signed_distances(x.data(), to_doubles(w), b, out); !s.ok()) {
    return error_object(s);
  }
  return copy_out(out);
}

val analysis_margin(const DatasetHandle& handle, const val& w, double b) {
  const Dataset& data = handle.data();
  if (Status s = check_binary(data); !s.ok()) return error_object(s);
  double margin = 0;
  std::size_t row = 0;
  if (Status s = margin_of(data, to_doubles(w), b, margin, &row); !s.ok()) return error_object(s);
  val out = val::object();
  out.set("margin", margin);
  out.set("row", static_cast<double>(row));
  out.set("classes", classes_to_js(data.classes));
  return out;
}

// options {fitIntercept}.
val analysis_separability(const DatasetHandle& handle, const val& options) {
  const Dataset& data = handle.data();
  AnalysisOptions o;
  if (Status s = analysis_options(option_list(options), {"fitIntercept"}, o); !s.ok()) {
    return error_object(s);
  }
  if (Status s = check_dataset(data, "", true); !s.ok()) return error_object(s);
  Separability result;
  if (Status s = separability(data, o.fit_intercept, result); !s.ok()) return error_object(s);
  val out = val::object();
  out.set("separable", result.separable);
  out.set("fitIntercept", result.fit_intercept);
  out.set("margin", result.margin);
  out.set("upperBound", result.upper_bound);
  out.set("w", copy_out(result.w));
  out.set("b", result.b);
  out.set("support", copy_out(std::vector<double>(result.support.begin(), result.support.end())));
  out.set("certificate", copy_out(result.certificate));
  out.set("residual", result.residual);
  out.set("iterations", static_cast<double>(result.iterations));
  out.set("classes", classes_to_js(data.classes));
  return out;
}

// kind: "novikoff" (options {fitIntercept}), "bias" (none), "freundSchapire" ({u, gamma}) or
// "blum" ({w, gamma}); `vector` is u or w, as the wrapper converted it.
val analysis_bound(const std::string& kind, const DatasetHandle& handle, const val& options,
                   const val& vector) {
  const Dataset& data = handle.data();
  const std::vector<std::string> known =
      kind == "novikoff"         ? std::vector<std::string>{"fitIntercept"}
      : kind == "freundSchapire" ? std::vector<std::string>{"u", "gamma"}
      : kind == "blum"           ? std::vector<std::string>{"w", "gamma"}
                                 : std::vector<std::string>{};
  AnalysisOptions o;
  if (Status s = analysis_options(option_list(options), known, o); !s.ok()) return error_object(s);
  if (Status s = check_binary(data); !s.ok()) return error_object(s);
  Bound bound;
  Status s;
  if (kind == "novikoff") {
    s = novikoff_bound(data, o.fit_intercept, bound);
  } else if (kind == "bias") {
    s = bias_bound(data, bound);
  } else if (kind == "freundSchapire") {
    s = freund_schapire_bound(data, to_doubles(vector), o.gamma, bound);
  } else {
    s = blum_bound(data, to_doubles(vector), o.gamma, bound);
  }
  return s.ok() ? bound_object(bound) : error_object(s);
}

val analysis_pca(const DatasetHandle& x) {
  Projection p;
  if (Status s = pca2(x.data().x, p); !s.ok()) return error_object(s);
  val out = val::object();
  out.set("mean", copy_out(p.mean));
  out.set("components", copy_out(p.components));
  out.set("variance", copy_out(p.variance));
  out.set("projected", copy_out(p.projected));
  return out;
}

val analysis_fisher(const DatasetHandle& handle) {
  const Dataset& data = handle.data();
  if (Status s = check_dataset(data, "", true); !s.ok()) return error_object(s);
  std::vector<double> w;
  double b = 0;
  if (Status s = fisher_discriminant(data, w, b); !s.ok()) return error_object(s);
  val out = val::object();
  out.set("w", copy_out(w));
  out.set("b", b);
  out.set("classes", classes_to_js(data.classes));
  return out;
}

// w.x + b for every row (a fitted linear model's scores).
val linear_scores(const DatasetHandle& x, const val& w, double b) {
  const std::vector<double> weights = to_doubles(w);
  const Matrix& m = x.data().x;
  if (Status s = check_prediction_input(Status::success(), weights.size(), m); !s.ok()) {
    return error_object(s);
  }
  std::vector<double> out(m.rows());
  RowReader row(m);
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = score_of(weights, b, row(i));
  return copy_out(out);
}

}  // namespace

EMSCRIPTEN_BINDINGS(perceptron_analysis) {
  emscripten::function("analysisRadius", &analysis_radius);
  emscripten::function("analysisSignedDistances", &analysis_signed_distances);
  emscripten::function("analysisMargin", &analysis_margin);
  emscripten::function("analysisSeparability", &analysis_separability);
  emscripten::function("analysisBound", &analysis_bound);
  emscripten::function("analysisPca", &analysis_pca);
  emscripten::function("analysisFisher", &analysis_fisher);
  emscripten::function("linearScores", &linear_scores);
}

}  // namespace perceptron::wasm
