// pw.metrics' labels and loss options as callers give them (metrics.hpp): checked and named
// here, then handed to losses() and classification_report() as signs and class indices.
#include <algorithm>
#include <cmath>

#include "perceptron/analysis/metrics.hpp"
#include "perceptron/support/json.hpp"

namespace perceptron {
namespace {

// A label as a list shows it ([a, b]) and as a message says what was received.
std::string shown(double label) { return format_number(label); }
std::string shown(const std::string& label) { return label; }
std::string received(double label) { return format_number(label); }
std::string received(const std::string& label) { return "the string " + quote(label); }

// A number option: a TypeError unless a number; `range` (when given) says what else it must be.
Status set_number(const std::string& name, const OptionValue& value, double& out,
                  const char* range = nullptr) {
  const auto* number = std::get_if<double>(&value);
  if (!number) return option_error(true, name, "a number", value);
  if (range && !(std::isfinite(*number) && *number >= 0)) {
    return option_error(false, name, range, value);
  }
  out = *number;
  return Status::success();
}

Status loss_options(const OptionList& options, LossParams& out) {
  const std::vector<std::string> known{"loss", "gamma", "falsePositiveCost", "falseNegativeCost",
                                       "classes"};
  std::vector<const OptionValue*> given;
  if (Status s = options_by_name(options, known, given); !s.ok()) return s;
  LossParams read;
  for (const auto& [name, value] : options) {
    Status s;
    if (name == "loss") s = set_loss(value, read.loss);
    if (name == "gamma") s = set_number(name, value, read.gamma);
    if (name == "falsePositiveCost") {
      s = set_number(name, value, read.false_positive_cost, "a finite number >= 0");
    }
    if (name == "falseNegativeCost") {
      s = set_number(name, value, read.false_negative_cost, "a finite number >= 0");
    }
    if (!s.ok()) return s;
  }
  out = read;
  return Status::success();
}

// The classes option checked: two distinct labels (finite, when numbers).
template <typename Label>
Status check_classes(const std::vector<Label>& classes) {
  if (classes.size() != 2) {
    return Status::range_error(
        "option classes must hold two labels [negative, positive]; received " +
        std::to_string(classes.size()) + (classes.size() == 1 ? " label" : " labels"));
  }
  if constexpr (std::is_same_v<Label, double>) {
    for (std::size_t k = 0; k < 2; ++k) {
      if (!std::isfinite(classes[k])) {
        return Status::range_error("option classes must hold finite numbers; classes[" +
                                   std::to_string(k) + "] is " + format_number(classes[k]));
      }
    }
  }
  if (classes[0] == classes[1]) {
    return Status::range_error("option classes must hold two distinct labels; received " +
                               received(classes[0]) + " twice");
  }
  return Status::success();
}

template <typename Label>
Status losses_with(const std::vector<Label>& y, const std::vector<Label>* given,
                   const std::vector<double>& scores, const OptionList& options,
                   std::vector<double>& out) {
  LossParams params;
  if (Status s = loss_options(options, params); !s.ok()) return s;
  std::vector<Label> order;
  if (given) {
    if (Status s = check_classes(*given); !s.ok()) return s;
    order = *given;
  } else {
    Classes classes;
    std::vector<std::uint32_t> unused;
    if (Status s = encode_labels(y, "y", classes, unused); !s.ok()) return s;
    if constexpr (std::is_same_v<Label, double>) {
      order = classes.numbers;
      if (order.size() == 1 && (order[0] == 1 || order[0] == -1)) order = {-1, 1};
    } else {
      order = classes.names;
    }
    if (order.size() != 2) {
      return Status::range_error(
          "y must hold two classes (or give options.classes [negative, positive]); received " +
          std::to_string(order.size()) + " classes");
    }
  }
  std::vector<int> signs(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) {
    if (y[i] != order[0] && y[i] != order[1]) {
      return Status::range_error("y[" + std::to_string(i) + "] must be one of the classes [" +
                                 shown(order[0]) + ", " + shown(order[1]) + "]; received " +
                                 received(y[i]));
    }
    signs[i] = y[i] == order[1] ? 1 : -1;
  }
  return losses(signs, scores, params, out);
}

template <typename Label>
Status report_with(const std::vector<Label>& truth, const std::vector<Label>& predicted,
                   Classes& labels, ClassificationReport& out) {
  Classes classes;
  std::vector<std::uint32_t> index;
  if (Status s = encode_labels(truth, "yTrue", classes, index); !s.ok()) return s;
  if (Status s = encode_labels(predicted, "yPred", classes, index); !s.ok()) return s;
  // One order for the labels of both, the core's, as models sort their classes.
  std::vector<Label> both = truth;
  both.insert(both.end(), predicted.begin(), predicted.end());
  if (Status s = encode_labels(both, "labels", classes, index); !s.ok()) return s;
  const std::vector<std::uint32_t> t(index.begin(), index.begin() + truth.size());
  const std::vector<std::uint32_t> p(index.begin() + truth.size(), index.end());
  if (Status s = classification_report(t, p, classes.size(), out); !s.ok()) return s;
  labels = std::move(classes);
  return Status::success();
}

}  // namespace

Status losses_of(const std::vector<double>& y, const std::vector<double>* classes,
                 const std::vector<double>& scores, const OptionList& options,
                 std::vector<double>& out) {
  return losses_with(y, classes, scores, options, out);
}
Status losses_of(const std::vector<std::string>& y, const std::vector<std::string>* classes,
                 const std::vector<double>& scores, const OptionList& options,
                 std::vector<double>& out) {
  return losses_with(y, classes, scores, options, out);
}
Status losses_of(const std::vector<double>& numbers, const std::vector<std::string>& names,
                 bool numeric, const std::vector<OptionValue>* classes,
                 const std::vector<double>& scores, const OptionList& options,
                 std::vector<double>& out) {
  for (const auto& [name, value] : options) {
    if (name == "classes" && !classes) {
      return option_error(true, name, "an array [negative, positive]", value);
    }
  }
  const bool any = numbers.empty() && names.empty();
  if (any && classes && !classes->empty()) {
    numeric = std::holds_alternative<double>(classes->front());  // y takes the classes' kind
  }
  std::vector<double> by_number;
  std::vector<std::string> by_name;
  for (std::size_t k = 0; classes && k < classes->size(); ++k) {
    const OptionValue& label = (*classes)[k];
    if (const auto* n = std::get_if<double>(&label); n && numeric) {
      by_number.push_back(*n);
    } else if (const auto* t = std::get_if<std::string>(&label); t && !numeric) {
      by_name.push_back(*t);
    } else {
      const char* like = any       ? "labels (numbers or strings)"
                         : numeric ? "numbers, as y does"
                                   : "strings, as y does";
      return Status::type_error("option classes must hold " + std::string(like) + "; classes[" +
                                std::to_string(k) + "] is " + describe(label));
    }
  }
  return numeric ? losses_with(numbers, classes ? &by_number : nullptr, scores, options, out)
                 : losses_with(names, classes ? &by_name : nullptr, scores, options, out);
}
Status report_of(const std::vector<double>& truth, const std::vector<double>& predicted,
                 Classes& labels, ClassificationReport& out) {
  return report_with(truth, predicted, labels, out);
}
Status report_of(const std::vector<std::string>& truth, const std::vector<std::string>& predicted,
                 Classes& labels, ClassificationReport& out) {
  return report_with(truth, predicted, labels, out);
}

json::Value report_value(const ClassificationReport& report, const Classes& labels) {
  using json::Value;
  using R = ClassificationReport;
  const R& r = report;
  Value out = Value::object();
  Value names = Value::array();
  for (std::size_t k = 0; k < labels.size(); ++k) {
    names.push(labels.numeric ? Value::of(labels.numbers[k]) : Value::of(labels.names[k]));
  }
  out.set("labels", std::move(names));
  Value confusion = Value::array();
  for (std::size_t k = 0; k < r.classes; ++k) {
    const auto row = r.confusion.begin() + static_cast<std::ptrdiff_t>(k * r.classes);
    confusion.push(Value::numbers(std::vector<double>(row, row + r.classes)));
  }
  out.set("confusionMatrix", std::move(confusion));
  // The members in the order pw.metrics gives them: numbers, lists, numbers.
  const std::pair<const char*, double R::*> rates[] = {{"accuracy", &R::accuracy},
                                                       {"errorRate", &R::error_rate}};
  const std::pair<const char*, const std::vector<double>*> lists[] = {
      {"precision", &r.precision}, {"recall", &r.recall}, {"f1", &r.f1}};
  const std::pair<const char*, double R::*> means[] = {{"macroPrecision", &R::macro_precision},
                                                       {"macroRecall", &R::macro_recall},
                                                       {"macroF1", &R::macro_f1},
                                                       {"balancedAccuracy", &R::balanced_accuracy}};
  for (const auto& [name, member] : rates) out.set(name, Value::of(r.*member));
  for (const auto& [name, values] : lists) out.set(name, Value::numbers(*values));
  out.set("support", Value::numbers(std::vector<double>(r.support.begin(), r.support.end())));
  for (const auto& [name, member] : means) out.set(name, Value::of(r.*member));
  return out;
}

}  // namespace perceptron
