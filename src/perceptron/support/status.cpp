#include "perceptron/support/status.hpp"

#include <cmath>

namespace perceptron {

const char* error_class(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::type:
      return "TypeError";
    case ErrorKind::range:
      return "RangeError";
    case ErrorKind::not_fitted:
      return "NotFittedError";
    case ErrorKind::none:
      break;
  }
  return "Error";
}

Status not_fitted_yet(bool learns_online) {
  return Status::not_fitted(learns_online
                                ? "the model has not learned anything yet; call fit(X, y) "
                                  "or learnOne(x, y) first"
                                : "the model has not learned anything yet; call fit(X, y) "
                                  "first");
}

std::string quote(const std::string& text) { return "\"" + text + "\""; }

}  // namespace perceptron
