// pw.analysis' calls by name (calls.hpp): each call's checks in order and its named values, the
// same numbers the functions behind them give; and pw.optionSchema's descriptions.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "perceptron/analysis/calls.hpp"
#include "perceptron/analysis/metrics.hpp"
#include "perceptron/training/params.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

// The values as written, lists by their length.
struct Written final : ResultWriter {
  std::vector<std::string> names;
  std::vector<double> values;
  void number(const char* name, double value) override { add(name, value); }
  void flag(const char* name, bool value) override { add(name, value ? 1.0 : 0.0); }
  void numbers(const char* name, const std::vector<double>& list) override {
    add(name, static_cast<double>(list.size()));
  }
  void add(const char* name, double value) {
    names.emplace_back(name);
    values.push_back(value);
  }
};

TEST(AnalysisCalls, ListTheFunctionsResultsByName) {
  const Dataset data = testing::and_gate();
  Written out;
  ASSERT_TRUE(analysis_call("radius", data, {{"withBias", true}}, {}, 0, out).ok());
  EXPECT_EQ(out.names, (std::vector<std::string>{"value"}));
  EXPECT_EQ(out.values[0], radius(data, true));

  Written bounds;
  ASSERT_TRUE(analysis_call("novikoffBound", data, {}, {}, 0, bounds).ok());
  Bound bound;
  ASSERT_TRUE(novikoff_bound(data, true, bound).ok());
  EXPECT_EQ(bounds.names, (std::vector<std::string>{"value", "radius", "margin", "bias",
                                                    "deviation", "hingeLoss", "separable"}));
  EXPECT_EQ(bounds.values[0], bound.value);
  EXPECT_EQ(bounds.values[6], 1.0);

  Written margins;
  ASSERT_TRUE(analysis_call("margin", data, {}, {1, 1}, -1.5, margins).ok());
  double margin = 0;
  std::size_t row = 0;
  ASSERT_TRUE(margin_of(data, {1, 1}, -1.5, margin, &row).ok());
  EXPECT_EQ(margins.names, (std::vector<std::string>{"margin", "row"}));
  EXPECT_EQ(margins.values, (std::vector<double>{margin, static_cast<double>(row)}));

  Written separable;
  ASSERT_TRUE(analysis_call("separability", data, {{"fitIntercept", true}}, {}, 0, separable).ok());
  EXPECT_EQ(separable.names,
            (std::vector<std::string>{"separable", "fitIntercept", "margin", "upperBound", "w", "b",
                                      "support", "iterations"}));
  EXPECT_EQ(separable.values[4], 2.0);  // w's length

  Written inseparable;
  ASSERT_TRUE(analysis_call("separability", testing::xor_gate(), {}, {}, 0, inseparable).ok());
  EXPECT_EQ(inseparable.names, (std::vector<std::string>{"separable", "fitIntercept", "certificate",
                                                         "residual", "iterations"}));
  EXPECT_EQ(inseparable.values[0], 0.0);
}

TEST(AnalysisCalls, CheckOptionsThenTheDatasetAndWriteNothingOnError) {
  Written out;
  // The options first, even on data the call refuses.
  Status s = analysis_call("novikoffBound", testing::make({{1, 2}}, {1}), {{"withBias", true}}, {},
                           0, out);
  EXPECT_EQ(s.message, "unknown option \"withBias\"; known options are fitIntercept");
  s = analysis_call("biasBound", testing::make({{1, 2}}, {1}), {}, {}, 0, out);
  EXPECT_EQ(s.message, "y must hold exactly two distinct classes; received 1");
  s = analysis_call("signedDistances", testing::and_gate(), {}, {1}, 0, out);
  EXPECT_EQ(s.kind, ErrorKind::range);
  s = analysis_call("nope", testing::and_gate(), {}, {}, 0, out);
  EXPECT_EQ(s.message, "no analysis call is named \"nope\"");
  EXPECT_TRUE(out.names.empty());
}

TEST(OptionDescription, OneLinePerOptionAndKind) {
  EXPECT_NE(option_description("Perceptron", "learningRate").find("size of each update"),
            std::string_view::npos);
  EXPECT_NE(option_description("Winnow", "preprocess"),
            option_description("Perceptron", "preprocess"));
  EXPECT_NE(option_description("KernelPerceptron", "variant").find("classic"),
            std::string_view::npos);
  EXPECT_EQ(option_description("Perceptron", "nope"), "");
}

}  // namespace
}  // namespace perceptron
