#include "perceptron/support/options.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace perceptron {

namespace {

std::string describe(const OptionValue& value) {
  struct Describer {
    std::string operator()(double v) const { return format_number(v); }
    std::string operator()(bool v) const { return v ? "true" : "false"; }
    std::string operator()(const std::string& v) const { return "the string " + quote(v); }
    std::string operator()(const OtherValue& v) const { return v.description; }
  };
  return std::visit(Describer{}, value);
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

Status option_error(bool is_type_error, const std::string& name, const std::string& expected,
                    const OptionValue& received) {
  std::string message =
      "option " + name + " must be " + expected + "; received " + describe(received);
  return is_type_error ? Status::type_error(message) : Status::range_error(message);
}

Status unknown_option(const std::string& name, const std::vector<std::string>& known) {
  std::string message = "unknown option " + quote(name) + "; known options are ";
  std::string suggestion;
  for (std::size_t i = 0; i < known.size(); ++i) {
    message += (i ? ", " : "") + known[i];
    if (suggestion.empty() &&
        edit_distance(name, known[i]) <= std::max<std::size_t>(2, name.size() / 3)) {
      suggestion = known[i];
    }
  }
  if (!suggestion.empty()) message += " (did you mean " + suggestion + "?)";
  return Status::type_error(message);
}

Status set_bool(const std::string& name, const OptionValue& value, bool& field) {
  const auto* flag = std::get_if<bool>(&value);
  if (flag == nullptr) return option_error(true, name, "true or false", value);
  field = *flag;
  return Status::success();
}

Status set_integer(const std::string& name, const OptionValue& value, std::uint64_t minimum,
                   std::uint64_t& field, std::uint64_t maximum) {
  const std::string expected =
      "an integer from " + std::to_string(minimum) + " to " + std::to_string(maximum);
  const auto* number = std::get_if<double>(&value);
  if (number == nullptr) return option_error(true, name, expected, value);
  if (!(std::floor(*number) == *number) || *number < static_cast<double>(minimum) ||
      *number > static_cast<double>(maximum)) {
    return option_error(false, name, expected, value);
  }
  field = static_cast<std::uint64_t>(*number);
  return Status::success();
}

Status set_number(const std::string& name, const OptionValue& value, const std::string& expected,
                  const std::function<bool(double)>& valid, double& field) {
  const auto* number = std::get_if<double>(&value);
  if (number == nullptr) return option_error(true, name, expected, value);
  if (!std::isfinite(*number) || !valid(*number)) return option_error(false, name, expected, value);
  field = *number + 0.0;  // -0 becomes +0
  return Status::success();
}

Status split_options(const OptionList& options, const std::vector<std::string>& own,
                     const std::vector<std::string>& shared,
                     const std::function<Status(const std::string&, const OptionValue&)>& set_own,
                     OptionList& rest) {
  auto has = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  for (const auto& option : options) {
    if (has(own, option.first)) {
      if (Status s = set_own(option.first, option.second); !s.ok()) return s;
    } else if (has(shared, option.first)) {
      rest.push_back(option);
    } else {
      std::vector<std::string> known = own;
      known.insert(known.end(), shared.begin(), shared.end());
      return unknown_option(option.first, known);
    }
  }
  return Status::success();
}

}  // namespace perceptron
