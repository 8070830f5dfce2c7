#include "perceptron/analysis/metrics.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::cmu_example;
using testing::make;

TEST(Losses, EachLossByHand) {
  const std::vector<int> y{1, -1, 1, -1};
  const std::vector<double> f{2, 0.5, -1, 0};
  std::vector<double> out;
  LossParams p;
  ASSERT_TRUE(losses(y, f, p, out).ok());
  EXPECT_EQ(out, (std::vector<double>{0, 1, 1, 1}));  // f = 0 predicts +1
  p.loss = Loss::perceptron;
  ASSERT_TRUE(losses(y, f, p, out).ok());
  EXPECT_EQ(out, (std::vector<double>{0, 0.5, 1, 0}));
  p.loss = Loss::hinge;
  ASSERT_TRUE(losses(y, f, p, out).ok());
  EXPECT_EQ(out, (std::vector<double>{0, 1.5, 2, 1}));
  p.loss = Loss::gamma_hinge;
  p.gamma = 2;
  ASSERT_TRUE(losses(y, f, p, out).ok());
  EXPECT_EQ(out, (std::vector<double>{0, 1.25, 1.5, 1}));
  p.loss = Loss::cost_weighted;
  p.false_positive_cost = 5;
  p.false_negative_cost = 2;
  double risk = 0;
  ASSERT_TRUE(empirical_risk(y, f, p, risk).ok());
  EXPECT_EQ(risk, 3);  // (0 + 5 + 2 + 5) / 4
  p.loss = Loss::gamma_hinge;
  p.gamma = 0;
  EXPECT_EQ(losses(y, f, p, out).message, "gamma must be a finite number > 0; received 0");
  EXPECT_EQ(losses(y, {1}, LossParams{}, out).kind, ErrorKind::range);
}

// truth 0,0,1,1,2,2 and predictions 0,1,1,1,2,0: confusion [[1,1,0],[0,2,0],[1,0,1]].
TEST(Metrics, ClassificationReportByHand) {
  ClassificationReport r;
  ASSERT_TRUE(classification_report({0, 0, 1, 1, 2, 2}, {0, 1, 1, 1, 2, 0}, 3, r).ok());
  EXPECT_EQ(r.confusion, (std::vector<std::uint64_t>{1, 1, 0, 0, 2, 0, 1, 0, 1}));
  EXPECT_DOUBLE_EQ(r.accuracy, 4.0 / 6);
  EXPECT_DOUBLE_EQ(r.error_rate, 2.0 / 6);
  EXPECT_EQ(r.precision, (std::vector<double>{0.5, 2.0 / 3, 1}));
  EXPECT_EQ(r.recall, (std::vector<double>{0.5, 1, 0.5}));
  EXPECT_DOUBLE_EQ(r.f1[1], 0.8);
  EXPECT_DOUBLE_EQ(r.f1[2], 2.0 / 3);
  EXPECT_DOUBLE_EQ(r.balanced_accuracy, 2.0 / 3);
  EXPECT_DOUBLE_EQ(r.macro_recall, 2.0 / 3);
  EXPECT_EQ(r.support, (std::vector<std::uint64_t>{2, 2, 2}));
}

// The CMU example: every y_i x_i has first coordinate 1, so through the origin gamma* = 1
// (w = (1,0)), R = sqrt(5): Novikoff's bound is 5, and the perceptron made 3 mistakes.
TEST(Bounds, NovikoffOnTheCmuExample) {
  Bound b;
  ASSERT_TRUE(novikoff_bound(cmu_example(), false, b).ok());
  EXPECT_TRUE(b.separable);
  EXPECT_NEAR(b.margin, 1, 1e-12);
  EXPECT_NEAR(b.radius, std::sqrt(5.0), 1e-15);
  EXPECT_NEAR(b.value, 5, 1e-9);
  ASSERT_TRUE(novikoff_bound(testing::xor_gate(), true, b).ok());
  EXPECT_FALSE(b.separable);
  EXPECT_TRUE(std::isinf(b.value));
}

TEST(Bounds, BiasFreundSchapireAndBlum) {
  Bound b;
  // Two segments: gamma* = 2, b* = 0, r = sqrt(10): (0 + 1)(10 + 1) / 4.
  ASSERT_TRUE(bias_bound(make({{2, 0}, {3, 1}, {-2, 0}, {-3, -1}}, {1, 1, -1, -1}), b).ok());
  EXPECT_NEAR(b.value, 11.0 / 4, 1e-9);
  // u = (1,0), gamma = 1 on the CMU data: every y_i u.x_i is 1, so D = 0: (sqrt(5) / 1)^2.
  ASSERT_TRUE(freund_schapire_bound(cmu_example(), {1, 0}, 1, b).ok());
  EXPECT_NEAR(b.value, 5, 1e-12);
  EXPECT_EQ(b.deviation, 0);
  // gamma = 2: each d_i = 1, D = sqrt(6): ((sqrt(5) + sqrt(6)) / 2)^2.
  ASSERT_TRUE(freund_schapire_bound(cmu_example(), {1, 0}, 2, b).ok());
  EXPECT_NEAR(b.value, std::pow((std::sqrt(5.0) + std::sqrt(6.0)) / 2, 2), 1e-12);
  EXPECT_EQ(freund_schapire_bound(cmu_example(), {1, 1}, 1, b).kind, ErrorKind::range);
  EXPECT_EQ(freund_schapire_bound(cmu_example(), {1, 0}, 0, b).kind, ErrorKind::range);
  // Blum: the CMU data scaled into the unit ball, w = (1,0), gamma = 1 / sqrt(5): no hinge loss.
  const double r = std::sqrt(5.0);
  Dataset scaled = testing::make(
      {{-1 / r, 2 / r}, {1 / r, 0}, {1 / r, 1 / r}, {-1 / r, 0}, {-1 / r, -2 / r}, {1 / r, -1 / r}},
      {-1, 1, 1, -1, -1, 1});
  ASSERT_TRUE(blum_bound(scaled, {1, 0}, 1 / std::sqrt(5.0), b).ok());
  EXPECT_NEAR(b.value, 5, 1e-9);
  EXPECT_NEAR(b.hinge_loss, 0, 1e-12);
  Status s = blum_bound(cmu_example(), {1, 0}, 1, b);
  EXPECT_EQ(s.kind, ErrorKind::range);
}

}  // namespace
}  // namespace perceptron
