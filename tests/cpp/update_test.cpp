#include "perceptron/update.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace perceptron {
namespace {

TEST(Update, AddsEtaTimesLabelTimesXAndToTheBias) {
  std::vector<double> w{0.5, -1.0, 2.0};
  double b = 0.25;
  const double x[] = {1.0, 2.0, -4.0};
  apply_update(w, b, x, -1, 0.5, true);
  // w - 0.5 * x = (0.5 - 0.5, -1 - 1, 2 + 2), b - 0.5
  EXPECT_EQ(w, (std::vector<double>{0.0, -2.0, 4.0}));
  EXPECT_EQ(b, -0.25);
  apply_update(w, b, x, 1, 2.0, false);
  EXPECT_EQ(w, (std::vector<double>{2.0, 2.0, -4.0}));
  EXPECT_EQ(b, -0.25);  // no intercept: b untouched
}

TEST(Update, ScoreIsDotPlusBias) {
  const std::vector<double> w{3.0, 1.0};
  const double x[] = {1.0, -1.0};
  EXPECT_EQ(dot(w, x), 2.0);
  EXPECT_EQ(score_of(w, -0.5, x), 1.5);
}

// The three rules differ exactly at a score of 0.
TEST(Update, MistakeRulesDifferOnlyAtZero) {
  // y = +1, s = 0: margin (y s <= 0) mistake; sign predicts +1, correct; strict predicts -1.
  EXPECT_TRUE(is_mistake(MistakeRule::margin, 0.0, 1));
  EXPECT_FALSE(is_mistake(MistakeRule::sign, 0.0, 1));
  EXPECT_TRUE(is_mistake(MistakeRule::strict, 0.0, 1));
  // y = -1, s = 0: margin mistake; sign predicts +1, mistake; strict predicts -1, correct.
  EXPECT_TRUE(is_mistake(MistakeRule::margin, 0.0, -1));
  EXPECT_TRUE(is_mistake(MistakeRule::sign, 0.0, -1));
  EXPECT_FALSE(is_mistake(MistakeRule::strict, 0.0, -1));
  EXPECT_EQ(predicted_sign(MistakeRule::margin, 0.0), 1);
  EXPECT_EQ(predicted_sign(MistakeRule::sign, 0.0), 1);
  EXPECT_EQ(predicted_sign(MistakeRule::strict, 0.0), -1);
  EXPECT_EQ(predicted_sign(MistakeRule::margin, -0.0), 1);
  for (MistakeRule rule : {MistakeRule::margin, MistakeRule::sign, MistakeRule::strict}) {
    EXPECT_FALSE(is_mistake(rule, 0.5, 1));
    EXPECT_TRUE(is_mistake(rule, 0.5, -1));
    EXPECT_TRUE(is_mistake(rule, -1e-300, 1));
    EXPECT_FALSE(is_mistake(rule, -1e-300, -1));
  }
}

}  // namespace
}  // namespace perceptron
