#include "perceptron/models/winnow.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "perceptron/support/random.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::make;

Winnow winnow_with(std::vector<std::pair<std::string, OptionValue>> options) {
  WinnowParams p;
  EXPECT_TRUE(apply_options(options, p).ok());
  Winnow model;
  EXPECT_TRUE(model.set_params(p).ok());
  return model;
}

// The disjunction x0 OR x2 over 4 features, theta = 4, by hand: (1,0,0,0)+ scores 1 < 4, a
// false negative: w0 doubles, w = (2,1,1,1); (0,1,0,1)- scores 2, right; (1,1,1,1)+ scores 5,
// right; (0,1,1,1)+ scores 3, promote w1..w3: (2,2,2,2); (0,1,0,1)- scores 4 >= 4, a false
// positive: w1 = w3 = 0, w = (2,0,2,0).
TEST(Winnow, HandTraceOnADisjunction) {
  Winnow model = winnow_with({{"maxEpochs", 1.0}});
  const Dataset data = make({{1, 0, 0, 0}, {0, 1, 0, 1}, {1, 1, 1, 1}, {0, 1, 1, 1}, {0, 1, 0, 1}},
                            {1, -1, 1, 1, -1});
  FitReport report;
  ASSERT_TRUE(model.fit(data, report).ok());
  EXPECT_EQ(report.mistakes, 3u);
  EXPECT_EQ(model.weights(), (std::vector<double>{2, 0, 2, 0}));
  EXPECT_EQ(model.threshold(), 4);
  Winnow divide = winnow_with({{"maxEpochs", 1.0}, {"demotion", std::string("divide")}});
  ASSERT_TRUE(divide.fit(data, report).ok());
  EXPECT_EQ(divide.weights(), (std::vector<double>{2, 1, 2, 1}));
}

// Random r-of-n disjunctions: the mistakes, over all epochs until convergence, stay under the
// bounds derived in winnow.hpp: 1 + 2r(1 + log2 n) ('zero'), 2 + 3r(1 + log2 n) ('divide').
TEST(Winnow, MistakesStayUnderTheBoundOnDisjunctions) {
  const std::size_t n = 256;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Pcg32 random(seed);
    const std::size_t r = 2 + seed % 4;
    std::vector<std::size_t> relevant;
    for (std::size_t k = 0; k < r; ++k) relevant.push_back(random.bounded(n));
    std::vector<std::vector<double>> rows;
    std::vector<double> labels;
    for (int i = 0; i < 600; ++i) {
      std::vector<double> x(n);
      for (auto& v : x) v = random.bounded(40) == 0 ? 1 : 0;
      double label = -1;
      for (std::size_t k : relevant) label = x[k] == 1 ? 1 : label;
      rows.push_back(x);
      labels.push_back(label);
    }
    const Dataset data = make(rows, labels);
    for (const char* demotion : {"zero", "divide"}) {
      Winnow model = winnow_with({{"demotion", std::string(demotion)},
                                  {"order", std::string("shuffle")},
                                  {"seed", static_cast<double>(seed)},
                                  {"maxEpochs", 1000.0}});
      FitReport report;
      ASSERT_TRUE(model.fit(data, report).ok());
      EXPECT_TRUE(report.converged);
      const double log_n = std::log2(static_cast<double>(n));
      const double bound =
          std::string(demotion) == "zero" ? 1 + 2.0 * r * (1 + log_n) : 2 + 3.0 * r * (1 + log_n);
      EXPECT_LE(static_cast<double>(report.mistakes), bound) << demotion << " seed " << seed;
      EXPECT_GT(report.mistakes, 0u);
    }
  }
}

TEST(Winnow, BalancedLearnsAGeneralThresholdFunction) {
  std::vector<std::vector<double>> rows;
  std::vector<double> labels;
  Pcg32 random(3);
  for (int i = 0; i < 400; ++i) {
    std::vector<double> x(6);
    for (auto& v : x) v = random.bounded(1000) / 1000.0;
    rows.push_back(x);
    labels.push_back(2 * x[0] - x[1] + 0.5 * x[2] - 0.6 > 0 ? 1 : -1);
  }
  const Dataset data = make(rows, labels);
  Winnow model = winnow_with({{"balanced", true},
                              {"epsilon", 0.2},
                              {"threshold", 0.0},
                              {"order", std::string("shuffle")},
                              {"seed", 1.0}});
  FitReport report;
  ASSERT_TRUE(model.fit(data, report).ok());
  double accuracy = 0;
  ASSERT_TRUE(model.accuracy(data.x, data.class_index, accuracy).ok());
  EXPECT_GT(accuracy, 0.9);
  EXPECT_EQ(model.negative_weights().size(), 6u);
}

TEST(Winnow, RejectsNonBinaryFeaturesAndBadOptions) {
  Winnow model;
  FitReport report;
  Status s = model.fit(make({{0, 1}, {1, 0.5}}, {1, -1}), report);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message,
            "X must hold only 0 and 1 for Winnow (use balanced: true for other features); "
            "received 0.5 at row 1, column 1");
  WinnowParams p;
  EXPECT_EQ(apply_options({{"alpha", 1.0}}, p).message,
            "option alpha must be a finite number > 1; received 1");
  EXPECT_EQ(apply_options({{"demotion", std::string("half")}}, p).message,
            "option demotion must be one of \"zero\", \"divide\"; received the string \"half\"");
  EXPECT_EQ(apply_options({{"learningRate", 1.0}}, p).kind, ErrorKind::type);
  EXPECT_EQ(apply_options({{"epsilon", 0.0}}, p).kind, ErrorKind::range);
}

}  // namespace
}  // namespace perceptron
