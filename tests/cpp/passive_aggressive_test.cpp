#include "perceptron/models/passive_aggressive.hpp"

#include <gtest/gtest.h>

#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::make;

PassiveAggressive pa_with(std::vector<std::pair<std::string, OptionValue>> options) {
  PaParams p;
  EXPECT_TRUE(apply_options(options, p).ok());
  PassiveAggressive model;
  EXPECT_TRUE(model.set_params(p).ok());
  return model;
}

// Binary PA-I, C = 1, no intercept, by hand: (1,0)+ scores 0, loss 1, q 1, tau 1: w = (1,0);
// (0,2)- scores 0, loss 1, q 4, tau 1/4: w = (1,-1/2); (1,1)+ scores 1/2, loss 1/2, q 2,
// tau 1/4: w = (5/4,-1/4).
TEST(PassiveAggressive, BinaryPaOneByHand) {
  PassiveAggressive model = pa_with({{"fitIntercept", false}, {"maxEpochs", 1.0}});
  const Dataset data = make({{1, 0}, {0, 2}, {1, 1}}, {1, -1, 1});
  FitReport report;
  ASSERT_TRUE(model.fit(data, report).ok());
  EXPECT_EQ(model.weights(), (std::vector<double>{1.25, -0.25}));
  EXPECT_EQ(report.mistakes, 3u);
  // PA-II, C = 1: tau = loss / (q + 1/2): the first step gives w = (2/3, 0).
  PassiveAggressive pa2 =
      pa_with({{"fitIntercept", false}, {"maxEpochs", 1.0}, {"mode", std::string("PA-II")}});
  ASSERT_TRUE(pa2.fit(make({{1, 0}, {0, 1}}, {1, -1}), report).ok());
  EXPECT_DOUBLE_EQ(pa2.weights()[0], 2.0 / 3.0);
  // PA-I caps tau at C: C = 0.1 on a loss of 1 with q = 1 gives w = (0.1, 0).
  PassiveAggressive capped = pa_with({{"fitIntercept", false}, {"maxEpochs", 1.0}, {"C", 0.1}});
  ASSERT_TRUE(capped.fit(make({{1, 0}, {0, 1}}, {1, -1}), report).ok());
  EXPECT_DOUBLE_EQ(capped.weights()[0], 0.1);
}

// Multi-class PA, no intercept: (1,0) of class 0 scores 0 everywhere; the rival is class 1;
// loss 1, q = 2 ||x||^2 = 2, tau 1/2: w0 = (1/2,0), w1 = (-1/2,0).
TEST(PassiveAggressive, MulticlassByHand) {
  PassiveAggressive model =
      pa_with({{"fitIntercept", false}, {"maxEpochs", 1.0}, {"mode", std::string("PA")}});
  const Dataset data = make({{1, 0}, {0, 1}, {-1, -1}}, {0, 1, 2});
  FitReport report;
  Dataset one;  // a batch of one row of class 0, the classes being 0, 1, 2
  one.x = Matrix::from_values({1, 0}, 1, 2);
  one.classes.numbers = {0, 1, 2};
  one.class_index = {0};
  ASSERT_TRUE(model.partial_fit(one, report).ok());
  EXPECT_EQ(model.scores_per_row(), 3u);
  EXPECT_DOUBLE_EQ(model.weights()[0], 0.5);
  EXPECT_DOUBLE_EQ(model.weights()[2], -0.5);
  PassiveAggressive many = pa_with({});
  ASSERT_TRUE(many.fit(data, report).ok());
  double accuracy = 0;
  ASSERT_TRUE(many.accuracy(data.x, data.class_index, accuracy).ok());
  EXPECT_EQ(accuracy, 1.0);
  EXPECT_TRUE(report.converged);
}

TEST(PassiveAggressive, Options) {
  PaParams p;
  EXPECT_EQ(apply_options({{"C", 0.0}}, p).message,
            "option C must be a finite number > 0; received 0");
  EXPECT_EQ(
      apply_options({{"mode", std::string("PA-III")}}, p).message,
      "option mode must be one of \"PA\", \"PA-I\", \"PA-II\"; received the string \"PA-III\"");
  EXPECT_EQ(apply_options({{"learningRate", 1.0}}, p).kind, ErrorKind::type);
}

}  // namespace
}  // namespace perceptron
