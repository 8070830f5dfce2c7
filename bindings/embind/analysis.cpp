// pw.analysis: geometry (radius, distances, margins), exact separability, mistake bounds, the
// 2-D PCA projection, Fisher's discriminant and a linear model's scores. Results cross as
// objects of the core's structs (their vectors as typed arrays, convert.hpp); the wrapper adds
// the classes.
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

struct MarginAt {
  double margin = 0;
  std::size_t row = 0;
};
struct Linear {
  std::vector<double> w;
  double b = 0;
};

val bound_object(const Status& s, const Bound& b) {
  return s.ok() ? object_of(b, "value", &Bound::value, "radius", &Bound::radius, "margin",
                            &Bound::margin, "bias", &Bound::bias, "deviation", &Bound::deviation,
                            "hingeLoss", &Bound::hinge_loss, "separable", &Bound::separable)
                : error_object(s);
}

// options {withBias}.
val analysis_radius(const DatasetHandle& x, const val& options) {
  AnalysisOptions o;
  Status s = analysis_options(option_list(options), {"withBias"}, o);
  if (s.ok()) s = x.data().x.check("X");
  return result(s, s.ok() ? radius(x.data(), o.with_bias) : 0);
}

val analysis_signed_distances(const DatasetHandle& x, std::vector<double> w, double b) {
  std::vector<double> out;
  Status s = x.data().x.check("X");
  if (s.ok()) s = signed_distances(x.data(), w, b, out);
  return result(s, out);
}

val analysis_margin(const DatasetHandle& handle, std::vector<double> w, double b) {
  MarginAt out;
  Status s = check_binary(handle.data());
  if (s.ok()) s = margin_of(handle.data(), w, b, out.margin, &out.row);
  return s.ok() ? object_of(out, "margin", &MarginAt::margin, "row", &MarginAt::row)
                : error_object(s);
}

// options {fitIntercept}.
val analysis_separability(const DatasetHandle& handle, const val& options) {
  AnalysisOptions o;
  Separability out;
  Status s = analysis_options(option_list(options), {"fitIntercept"}, o);
  if (s.ok()) s = check_dataset(handle.data(), "", true);
  if (s.ok()) s = separability(handle.data(), o.fit_intercept, out);
  using S = Separability;
  return s.ok() ? object_of(out, "separable", &S::separable, "fitIntercept", &S::fit_intercept,
                            "margin", &S::margin, "upperBound", &S::upper_bound, "w", &S::w, "b",
                            &S::b, "support", &S::support, "certificate", &S::certificate,
                            "residual", &S::residual, "iterations", &S::iterations)
                : error_object(s);
}

// kind: "novikoff" (options {fitIntercept}), "bias" (none), "freundSchapire" ({u, gamma}) or
// "blum" ({w, gamma}); `vector` is u or w, as the wrapper converted it.
val analysis_bound(const std::string& kind, const DatasetHandle& handle, const val& options,
                   std::vector<double> vector) {
  const Dataset& data = handle.data();
  const std::vector<std::string> known =
      kind == "novikoff"         ? std::vector<std::string>{"fitIntercept"}
      : kind == "freundSchapire" ? std::vector<std::string>{"u", "gamma"}
      : kind == "blum"           ? std::vector<std::string>{"w", "gamma"}
                                 : std::vector<std::string>{};
  AnalysisOptions o;
  Bound bound;
  Status s = analysis_options(option_list(options), known, o);
  if (s.ok()) s = check_binary(data);
  if (!s.ok()) return error_object(s);
  if (kind == "novikoff") {
    s = novikoff_bound(data, o.fit_intercept, bound);
  } else if (kind == "bias") {
    s = bias_bound(data, bound);
  } else if (kind == "freundSchapire") {
    s = freund_schapire_bound(data, vector, o.gamma, bound);
  } else {
    s = blum_bound(data, vector, o.gamma, bound);
  }
  return bound_object(s, bound);
}

val analysis_pca(const DatasetHandle& x) {
  Projection p;
  const Status s = pca2(x.data().x, p);
  return s.ok() ? object_of(p, "mean", &Projection::mean, "components", &Projection::components,
                            "variance", &Projection::variance, "projected", &Projection::projected)
                : error_object(s);
}

val analysis_fisher(const DatasetHandle& handle) {
  Linear out;
  Status s = check_dataset(handle.data(), "", true);
  if (s.ok()) s = fisher_discriminant(handle.data(), out.w, out.b);
  return s.ok() ? object_of(out, "w", &Linear::w, "b", &Linear::b) : error_object(s);
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
