// Errors in the core are values, never exceptions or aborts: every fallible call returns a
// Status, and the bindings turn it into a JS TypeError / RangeError / NotFittedError.
#pragma once

#include <string>
#include <utility>

namespace perceptron {

enum class ErrorKind {
  none,
  type,        // the argument has the wrong kind or shape (JS TypeError)
  range,       // the argument has the right kind but a value out of range (JS RangeError)
  not_fitted,  // the model has not learned anything yet (JS NotFittedError, a TypeError)
};

struct Status {
  ErrorKind kind = ErrorKind::none;
  std::string message;

  bool ok() const { return kind == ErrorKind::none; }
  static Status success() { return {}; }
  static Status type_error(std::string m) { return {ErrorKind::type, std::move(m)}; }
  static Status range_error(std::string m) { return {ErrorKind::range, std::move(m)}; }
  static Status not_fitted(std::string m) { return {ErrorKind::not_fitted, std::move(m)}; }
};

// The JS error class a kind of error becomes: "TypeError", "RangeError" or "NotFittedError"
// ("Error" for none).
const char* error_class(ErrorKind kind);

// The NotFittedError every model kind gives before it has learned anything: "call fit(X, y)
// first", or "... or learnOne(x, y) first" for a model with the online protocol.
Status not_fitted_yet(bool learns_online = false);

// Formats a number exactly as JavaScript's String(value) does (the shortest decimal that reads
// back as the same double: 100, 0.1, 1e+21, 1e-7, NaN, Infinity), so that one message reads the
// same natively and in JS (number_format.cpp).
std::string format_number(double value);

// Quotes a string for a message: "abc".
std::string quote(const std::string& text);

}  // namespace perceptron
