// pw.analysis' calls by name (calls.hpp): each checks what it reads, in the order the calls
// always have (options, then the dataset), and lists its result's values by name.
#include "perceptron/analysis/calls.hpp"

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/analysis/metrics.hpp"
#include "perceptron/data/preprocess.hpp"

namespace perceptron {
namespace {

Status bound_call(const std::string& call, const Dataset& data, const AnalysisOptions& o,
                  const std::vector<double>& vector, ResultWriter& out) {
  Bound bound;
  Status s = check_binary(data);
  if (!s.ok()) return s;
  if (call == "novikoffBound") {
    s = novikoff_bound(data, o.fit_intercept, bound);
  } else if (call == "biasBound") {
    s = bias_bound(data, bound);
  } else if (call == "freundSchapireBound") {
    s = freund_schapire_bound(data, vector, o.gamma, bound);
  } else if (call == "blumBound") {
    s = blum_bound(data, vector, o.gamma, bound);
  } else {
    return Status::type_error("no analysis call is named " + quote(call));
  }
  if (!s.ok()) return s;
  out.number("value", bound.value);
  out.number("radius", bound.radius);
  out.number("margin", bound.margin);
  out.number("bias", bound.bias);
  out.number("deviation", bound.deviation);
  out.number("hingeLoss", bound.hinge_loss);
  out.flag("separable", bound.separable);
  return Status::success();
}

Status separability_call(const Dataset& data, const AnalysisOptions& o, ResultWriter& out) {
  Separability r;
  if (Status s = separability(data, o.fit_intercept, r); !s.ok()) return s;
  out.flag("separable", r.separable);
  out.flag("fitIntercept", r.fit_intercept);
  if (r.separable) {
    out.number("margin", r.margin);
    out.number("upperBound", r.upper_bound);
    out.numbers("w", r.w);
    out.number("b", r.b);
    out.numbers("support", std::vector<double>(r.support.begin(), r.support.end()));
  } else {
    out.numbers("certificate", r.certificate);
    out.number("residual", r.residual);
  }
  out.number("iterations", static_cast<double>(r.iterations));
  return Status::success();
}

// The calls on a separator (w, b).
Status separator_call(const std::string& call, const Dataset& data, const std::vector<double>& w,
                      double b, ResultWriter& out) {
  if (call == "signedDistances") {
    std::vector<double> distances;
    Status s = data.x.check("X");
    if (s.ok()) s = signed_distances(data, w, b, distances);
    if (s.ok()) out.numbers("distances", distances);
    return s;
  }
  double margin = 0;
  std::size_t row = 0;
  Status s = check_binary(data);
  if (s.ok()) s = margin_of(data, w, b, margin, &row);
  if (!s.ok()) return s;
  out.number("margin", margin);
  out.number("row", static_cast<double>(row));
  return s;
}

// The options each call reads; the others take none.
std::vector<std::string> options_of(const std::string& call) {
  if (call == "radius") return {"withBias"};
  if (call == "separability" || call == "novikoffBound") return {"fitIntercept"};
  if (call == "freundSchapireBound") return {"u", "gamma"};
  if (call == "blumBound") return {"w", "gamma"};
  return {};
}

}  // namespace

Status analysis_call(const std::string& call, const Dataset& data, const OptionList& options,
                     const std::vector<double>& vector, double b, ResultWriter& out) {
  AnalysisOptions o;
  if (Status s = analysis_options(options, options_of(call), o); !s.ok()) return s;
  if (call == "radius") {
    if (Status s = data.x.check("X"); !s.ok()) return s;
    out.number("value", radius(data, o.with_bias));
    return Status::success();
  }
  if (call == "signedDistances" || call == "margin") {
    return separator_call(call, data, vector, b, out);
  }
  if (call == "separability") return separability_call(data, o, out);
  if (call == "pca2d") {
    Projection p;
    if (Status s = pca2(data.x, p); !s.ok()) return s;
    out.numbers("mean", p.mean);
    out.numbers("components", p.components);
    out.numbers("variance", p.variance);
    out.numbers("projected", p.projected);
    return Status::success();
  }
  if (call == "fisher") {
    std::vector<double> w;
    double threshold = 0;
    if (Status s = fisher_discriminant(data, w, threshold); !s.ok()) return s;
    out.numbers("w", w);
    out.number("b", threshold);
    return Status::success();
  }
  return bound_call(call, data, o, vector, out);
}

}  // namespace perceptron
