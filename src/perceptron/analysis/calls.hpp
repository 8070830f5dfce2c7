// pw.analysis' calls as callers make them: by name, on a dataset, with an options object, so
// that a binding converts the arguments, makes one call and converts one kind of result.
#pragma once

#include <string>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/support/options.hpp"
#include "perceptron/support/status.hpp"

namespace perceptron {

// Where a call lists its result: named values, in the order a caller shows them (a binding
// sets them on an object as they come, lists as Float64Arrays). Counts and row indices are
// numbers.
class ResultWriter {
 public:
  virtual void number(const char* name, double value) = 0;
  virtual void flag(const char* name, bool value) = 0;
  virtual void numbers(const char* name, const std::vector<double>& values) = 0;

 protected:
  ~ResultWriter() = default;
};

// One call, its dataset checked as the call needs it (X for radius, signedDistances and pca2d;
// check_binary's X with labels of two classes for the others), its options read by name:
// - "radius" ({withBias}): value;
// - "signedDistances" (w, b): distances; "margin" (w, b, two classes): margin, row;
// - "separability" ({fitIntercept}): separable, fitIntercept, then margin, upperBound, w, b,
//   support when separable, else certificate, residual; then iterations (Separability);
// - "novikoffBound" ({fitIntercept}), "biasBound" ({}), "freundSchapireBound" ({u, gamma}, u
//   in `vector`), "blumBound" ({w, gamma}, w in `vector`): value, radius, margin, bias,
//   deviation, hingeLoss, separable (Bound);
// - "pca2d": mean, components (2 x d), variance, projected (rows x 2) (Projection);
// - "fisher": w, b (fisher_discriminant).
// `vector` and `b` are the separator (w, b) or a bound's vector, as the call takes them. The
// result is written once every check passed, so a failed call writes nothing.
Status analysis_call(const std::string& call, const Dataset& data, const OptionList& options,
                     const std::vector<double>& vector, double b, ResultWriter& out);

}  // namespace perceptron
