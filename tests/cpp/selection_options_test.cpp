// modelSelection's options as callers give them (analysis.hpp's split_by_options and
// folds_by_options, grid_search_options): each option named in its message, TypeError for the
// wrong kind of value, RangeError for one out of range, and the splits they make.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/estimator/grid_search.hpp"

namespace perceptron {
namespace {

// Three rows of each class.
const std::vector<std::uint32_t> six{0, 0, 0, 1, 1, 1};

struct Refusal {
  OptionList options;
  ErrorKind kind;
  std::string message;
};

void expect_refused(const std::vector<Refusal>& refusals, auto call) {
  for (const auto& [options, kind, message] : refusals) {
    const Status s = call(options);
    EXPECT_EQ(s.kind, kind) << message;
    EXPECT_EQ(s.message, message);
  }
}

TEST(SelectionOptions, SplitNamesItsParts) {
  std::vector<std::uint32_t> part;
  std::vector<std::string> parts;
  ASSERT_TRUE(
      split_by_options({{"validation", 0.0}, {"test", 1.0 / 3}, {"seed", 4.0}}, six, 2, part, parts)
          .ok());
  EXPECT_EQ(parts, std::vector<std::string>{"test"});  // 0: no such part
  std::vector<std::uint32_t> direct;
  ASSERT_TRUE(stratified_parts(six, 2, {1.0 / 3}, 4, direct).ok());
  EXPECT_EQ(part, direct);
  ASSERT_TRUE(split_by_options({{"test", 0.2}, {"validation", 0.5}}, six, 2, part, parts).ok());
  EXPECT_EQ(parts, (std::vector<std::string>{"validation", "test"}));
}

TEST(SelectionOptions, SplitRefusals) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  expect_refused(
      {{{}, ErrorKind::range, "give a validation and/or a test fraction in (0, 1)"},
       {{{"test", 1.5}}, ErrorKind::range, "option test must be a number in (0, 1); received 1.5"},
       {{{"validation", nan}},
        ErrorKind::range,
        "option validation must be a number in (0, 1); received NaN"},
       {{{"test", std::string("0.2")}},
        ErrorKind::type,
        "option test must be a number in (0, 1); received the string \"0.2\""},
       {{{"validation", OtherValue{"null"}}},
        ErrorKind::type,
        "option validation must be a number in (0, 1); received null"},
       {{{"test", 0.2}, {"seed", -1.0}},
        ErrorKind::range,
        "option seed must be an integer from 0 to 9007199254740991; received -1"},
       {{{"test", 0.5}, {"validation", 0.5}},
        ErrorKind::range,
        "the split fractions must sum to less than 1 (the rest trains); received 1"},
       {{{"tset", 0.2}},
        ErrorKind::type,
        "unknown option \"tset\"; known options are validation, test, seed (did you mean test?)"}},
      [](const OptionList& options) {
        std::vector<std::uint32_t> part;
        std::vector<std::string> parts;
        return split_by_options(options, six, 2, part, parts);
      });
  std::vector<std::uint32_t> part;
  std::vector<std::string> parts;
  EXPECT_EQ(split_by_options({{"test", 0.2}}, {}, 0, part, parts).message,
            "y must hold at least one label");
}

TEST(SelectionOptions, Folds) {
  std::vector<std::uint32_t> fold;
  std::size_t k = 0;
  ASSERT_TRUE(folds_by_options({{"k", 3.0}, {"seed", 2.0}}, six, 2, fold, k).ok());
  EXPECT_EQ(k, 3u);
  std::vector<std::uint32_t> direct;
  ASSERT_TRUE(stratified_folds(six, 2, 3, 2, direct).ok());
  EXPECT_EQ(fold, direct);
  expect_refused(
      {{{},
        ErrorKind::range,  // k is 5 unless given
        "option k must be an integer from 2 to the smallest class's size (3); received 5"},
       {{{"k", 1.0}},
        ErrorKind::range,
        "option k must be an integer from 2 to the smallest class's size (3); received 1"},
       {{{"k", 2.5}}, ErrorKind::range, "option k must be an integer >= 2; received 2.5"},
       {{{"k", 0.0}}, ErrorKind::range, "option k must be an integer >= 2; received 0"},
       {{{"k", std::numeric_limits<double>::infinity()}},
        ErrorKind::range,
        "option k must be an integer >= 2; received Infinity"},
       {{{"k", std::string("3")}},
        ErrorKind::type,
        "option k must be an integer >= 2; received the string \"3\""},
       {{{"k", 2.0}, {"seed", 0.5}},
        ErrorKind::range,
        "option seed must be an integer from 0 to 9007199254740991; received 0.5"}},
      [](const OptionList& options) {
        std::vector<std::uint32_t> fold;
        std::size_t k = 0;
        return folds_by_options(options, six, 2, fold, k);
      });
}

TEST(SelectionOptions, GridSearchOptions) {
  GridSearchParams p;
  ModelOptions margin;
  margin.values.emplace_back("margin", 0.0);
  p.axes = {{margin}};
  p.axis_names = {"margin"};
  ASSERT_TRUE(grid_search_options(
                  {{"base", OtherValue{"an object"}}, {"cv", 3.0}, {"test", 0.2}, {"seed", 7.0}}, p)
                  .ok());
  EXPECT_EQ(p.cv, 3.0);
  EXPECT_EQ(p.test, 0.2);
  EXPECT_FALSE(p.validation.has_value());
  EXPECT_EQ(p.seed, 7u);
  GridSearchParams empty_axis = p;
  empty_axis.axes = {{margin}, {}};
  empty_axis.axis_names = {"margin", "maxEpochs"};
  EXPECT_EQ(grid_search_options({{"cv", 3.0}}, empty_axis).message,
            "grid.maxEpochs must be a non-empty array of values; received an array of length 0");
  GridSearchParams no_axis;
  EXPECT_EQ(grid_search_options({{"cv", 3.0}}, no_axis).message,
            "grid must name at least one option with values");
  expect_refused(
      {{{},
        ErrorKind::type,
        "give exactly one of options.validation (a fraction) and options.cv (k)"},
       {{{"validation", 0.3}, {"cv", 3.0}},
        ErrorKind::type,
        "give exactly one of options.validation (a fraction) and options.cv (k)"},
       {{{"cv", 1.0}}, ErrorKind::range, "option cv must be an integer >= 2; received 1"},
       {{{"cv", std::string("3")}},
        ErrorKind::type,
        "option cv must be an integer >= 2; received the string \"3\""},
       {{{"validation", 1.5}},
        ErrorKind::range,
        "option validation must be a number in (0, 1); received 1.5"},
       {{{"cv", 2.0}, {"test", true}},
        ErrorKind::type,
        "option test must be a number in (0, 1); received true"},
       {{{"cv", 3.0}, {"seed", -1.0}},
        ErrorKind::range,
        "option seed must be an integer from 0 to 9007199254740991; received -1"},
       {{{"folds", 3.0}},
        ErrorKind::type,
        "unknown option \"folds\"; known options are base, validation, cv, test, seed"}},
      [&](const OptionList& options) {
        GridSearchParams q = p;
        q.seed = 11;
        const Status s = grid_search_options(options, q);
        EXPECT_EQ(q.seed, 11u) << "left as it was";
        return s;
      });
}

}  // namespace
}  // namespace perceptron
