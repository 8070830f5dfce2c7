// The analysis calls' options objects as callers give them (analysis.hpp's analysis_options):
// each call's names, the flags true or false, gamma a number, a bound's vector required.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "perceptron/analysis/analysis.hpp"

namespace perceptron {
namespace {

TEST(AnalysisOptions, ReadsEachCallsOptions) {
  AnalysisOptions o;
  ASSERT_TRUE(analysis_options({}, {"withBias"}, o).ok());
  EXPECT_FALSE(o.with_bias);
  EXPECT_TRUE(o.fit_intercept);
  ASSERT_TRUE(analysis_options({{"withBias", true}}, {"withBias"}, o).ok());
  EXPECT_TRUE(o.with_bias);
  ASSERT_TRUE(analysis_options({{"fitIntercept", false}}, {"fitIntercept"}, o).ok());
  EXPECT_FALSE(o.fit_intercept);
  ASSERT_TRUE(
      analysis_options({{"u", OtherValue{"an array"}}, {"gamma", 0.5}}, {"u", "gamma"}, o).ok());
  EXPECT_EQ(o.gamma, 0.5);
}

TEST(AnalysisOptions, RefusesNamingTheOption) {
  AnalysisOptions o;
  o.gamma = 3;
  const std::vector<std::pair<Status, std::string>> refusals{
      {analysis_options({{"bias", true}}, {"withBias"}, o),
       "unknown option \"bias\"; known options are withBias"},
      {analysis_options({{"withBias", 1.0}}, {"withBias"}, o),
       "option withBias must be true or false; received 1"},
      {analysis_options({{"fitIntercept", std::string("yes")}}, {"fitIntercept"}, o),
       "option fitIntercept must be true or false; received the string \"yes\""},
      {analysis_options({{"w", OtherValue{"an array"}}}, {"w", "gamma"}, o),
       "gamma must be a number; received undefined"},
      {analysis_options({{"w", OtherValue{"an array"}}, {"gamma", std::string("1")}},
                        {"w", "gamma"}, o),
       "gamma must be a number; received the string \"1\""},
      {analysis_options({{"gamma", 1.0}}, {"u", "gamma"}, o),
       "u must be an array of numbers; received undefined"},
      {analysis_options({{"u", OtherValue{"an array"}}, {"gamma", 1.0}}, {"w", "gamma"}, o),
       "unknown option \"u\"; known options are w, gamma (did you mean w?)"},
  };
  for (const auto& [s, message] : refusals) {
    EXPECT_EQ(s.kind, ErrorKind::type) << message;
    EXPECT_EQ(s.message, message);
  }
  EXPECT_EQ(o.gamma, 3) << "left as it was";
}

}  // namespace
}  // namespace perceptron
