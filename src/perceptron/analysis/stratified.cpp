// The one stratified splitter (analysis.hpp): early stopping's validation split and
// modelSelection's holdout and k folds all draw their parts here, so each class keeps its share
// and the same seed gives the same rows natively and in WASM.
#include <algorithm>
#include <cmath>

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/support/random.hpp"

namespace perceptron {

Status stratified_parts(const std::vector<std::uint32_t>& class_index, std::size_t classes,
                        const std::vector<double>& fractions, std::uint64_t seed,
                        std::vector<std::uint32_t>& part_of_row, bool both_sides) {
  double total = 0;
  for (std::size_t p = 0; p < fractions.size(); ++p) {
    if (!(fractions[p] > 0 && fractions[p] < 1)) {
      return Status::range_error("each split fraction must be in (0, 1); received " +
                                 format_number(fractions[p]));
    }
    total += fractions[p];
  }
  if (!(total < 1)) {
    return Status::range_error(
        "the split fractions must sum to less than 1 (the rest trains); "
        "received " +
        format_number(total));
  }
  std::vector<std::vector<std::uint32_t>> rows_of(classes);
  for (std::uint32_t i = 0; i < class_index.size(); ++i) rows_of[class_index[i]].push_back(i);
  std::vector<std::uint32_t> parts(class_index.size(), 0);
  Pcg32 random(seed);
  for (auto& rows : rows_of) {
    random.shuffle(rows);
    std::size_t next = 0;
    for (std::size_t p = 0; p < fractions.size(); ++p) {
      auto take =
          static_cast<std::size_t>(std::llround(fractions[p] * static_cast<double>(rows.size())));
      if (both_sides)
        take = rows.size() < 2 ? 0 : std::clamp<std::size_t>(take, 1, rows.size() - 1);
      for (std::size_t k = 0; k < take && next < rows.size(); ++k) {
        parts[rows[next++]] = static_cast<std::uint32_t>(p + 1);
      }
    }
  }
  part_of_row = std::move(parts);
  return Status::success();
}

Status stratified_folds(const std::vector<std::uint32_t>& class_index, std::size_t classes,
                        double folds_given, std::uint64_t seed,
                        std::vector<std::uint32_t>& fold_of_row, const std::string& name) {
  std::vector<std::vector<std::uint32_t>> rows_of(classes);
  for (std::uint32_t i = 0; i < class_index.size(); ++i) rows_of[class_index[i]].push_back(i);
  std::size_t smallest = class_index.size();
  for (const auto& rows : rows_of) {
    if (!rows.empty()) smallest = std::min(smallest, rows.size());
  }
  // Checked as given (a double), so that a huge k is refused as itself, not wrapped to size_t.
  if (!(folds_given >= 2 && folds_given <= static_cast<double>(smallest) &&
        std::floor(folds_given) == folds_given)) {
    return Status::range_error(
        "option " + name + " must be an integer from 2 to the smallest class's size (" +
        std::to_string(smallest) + "); received " + format_number(folds_given));
  }
  const auto k = static_cast<std::size_t>(folds_given);
  std::vector<std::uint32_t> folds(class_index.size(), 0);
  Pcg32 random(seed);
  std::size_t turn = 0;
  for (auto& rows : rows_of) {
    random.shuffle(rows);
    for (std::uint32_t row : rows) folds[row] = static_cast<std::uint32_t>(turn++ % k);
  }
  fold_of_row = std::move(folds);
  return Status::success();
}

Status set_fraction(const std::string& name, const OptionValue& value, double& out) {
  const auto* number = std::get_if<double>(&value);
  if (!number || !(*number > 0 && *number < 1)) {
    return option_error(number == nullptr, name, "a number in (0, 1)", value);
  }
  out = *number;
  return Status::success();
}

Status set_folds(const std::string& name, const OptionValue& value, double least, double& out) {
  const auto* number = std::get_if<double>(&value);
  if (!number || !(*number >= least && *number <= static_cast<double>(max_safe_integer) &&
                   std::floor(*number) == *number)) {
    return option_error(number == nullptr, name, "an integer >= 2", value);
  }
  out = *number;
  return Status::success();
}

namespace {

Status labels_given(const std::vector<std::uint32_t>& class_index) {
  if (class_index.empty()) return Status::range_error("y must hold at least one label");
  return Status::success();
}

}  // namespace

Status split_by_options(const OptionList& options, const std::vector<std::uint32_t>& class_index,
                        std::size_t classes, std::vector<std::uint32_t>& part_of_row,
                        std::vector<std::string>& parts) {
  const std::vector<std::string> known{"validation", "test", "seed"};
  std::vector<const OptionValue*> given;
  if (Status s = options_by_name(options, known, given); !s.ok()) return s;
  std::vector<double> fractions;
  std::vector<std::string> names;
  for (std::size_t k = 0; k < 2; ++k) {
    const auto* zero = given[k] ? std::get_if<double>(given[k]) : nullptr;
    if (!given[k] || (zero && *zero == 0)) continue;  // 0: no such part
    double fraction = 0;
    if (Status s = set_fraction(known[k], *given[k], fraction); !s.ok()) return s;
    fractions.push_back(fraction);
    names.push_back(known[k]);
  }
  if (fractions.empty()) {
    return Status::range_error("give a validation and/or a test fraction in (0, 1)");
  }
  std::uint64_t seed = 0;
  if (given[2]) {
    if (Status s = set_integer("seed", *given[2], 0, seed); !s.ok()) return s;
  }
  if (Status s = labels_given(class_index); !s.ok()) return s;
  if (Status s = stratified_parts(class_index, classes, fractions, seed, part_of_row); !s.ok()) {
    return s;
  }
  parts = std::move(names);
  return Status::success();
}

Status folds_by_options(const OptionList& options, const std::vector<std::uint32_t>& class_index,
                        std::size_t classes, std::vector<std::uint32_t>& fold_of_row,
                        std::size_t& k) {
  std::vector<const OptionValue*> given;
  if (Status s = options_by_name(options, {"k", "seed"}, given); !s.ok()) return s;
  double folds = 5;
  if (given[0]) {
    if (Status s = set_folds("k", *given[0], 1, folds); !s.ok()) return s;
  }
  std::uint64_t seed = 0;
  if (given[1]) {
    if (Status s = set_integer("seed", *given[1], 0, seed); !s.ok()) return s;
  }
  if (Status s = labels_given(class_index); !s.ok()) return s;
  if (Status s = stratified_folds(class_index, classes, folds, seed, fold_of_row); !s.ok()) {
    return s;
  }
  k = static_cast<std::size_t>(folds);
  return Status::success();
}

}  // namespace perceptron
