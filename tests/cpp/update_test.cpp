#include "perceptron/models/update.hpp"

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

// The blocked order (update.hpp): term j joins partial sum s[j mod 8]; then
// ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)). Near 1e16 a double's spacing is 2, so
// adding 1 rounds (to even), and the order shows in the result.
TEST(BlockedSum, FourTermsPairUpInsteadOfRunningLeftToRight) {
  const std::vector<double> ones(4, 1.0);
  const double x[] = {1e16, 1, -1e16, 1};
  // Left to right: 1e16 + 1 rounds to 1e16, minus 1e16 is 0, plus 1 is 1.
  // Blocked: (1e16 + 1) + (-1e16 + 1) = 1e16 + -1e16 = 0.
  EXPECT_EQ(dot(ones, x), 0.0);
}

TEST(BlockedSum, TheEightPartialSumsCombineAsATree) {
  const std::vector<double> ones(8, 1.0);
  const double x[] = {1, 1, 1, 1, 1e16, 1, -1e16, 1};
  // Left to right (or s0 + s1 + ... + s7): 4 + 1e16 = 1e16 + 4, + 1 rounds to 1e16 + 4,
  // - 1e16 is 4, + 1 is 5. The tree: ((1 + 1) + (1 + 1)) + ((1e16 + 1) + (-1e16 + 1))
  // = 4 + (1e16 + -1e16) = 4.
  EXPECT_EQ(dot(ones, x), 4.0);
}

TEST(BlockedSum, FullBlocksAndTheTailGoToPartialSumJMod8) {
  // 20 terms: two full blocks and a tail of 4. Lane 1 gets x[1], x[9] and x[17] (tail).
  std::vector<double> x(20, 0.0);
  x[0] = 1e16;
  x[1] = 1;
  x[2] = -1e16;
  x[9] = 1;
  x[17] = 1;
  const std::vector<double> ones(20, 1.0);
  // Left to right: 1e16 + 1 = 1e16, - 1e16 = 0, then + 1 + 1 = 2.
  // Blocked: s0 = 1e16, s1 = 3, s2 = -1e16; (1e16 + 3) is a tie that rounds to even,
  // 1e16 + 4; + (-1e16 + 0) gives 4.
  EXPECT_EQ(dot(ones, x.data()), 4.0);
  // The weights' side of the product is the same order: swap the roles.
  EXPECT_EQ(dot(x, ones.data()), 4.0);
  // Fewer terms than a block: the tail alone, lane j for term j.
  EXPECT_EQ(dot(std::span<const double>(ones.data(), 3), x.data()), 0.0);  // (1e16 + 1) - 1e16
}

TEST(BlockedSum, NormsAndDistancesUseTheSameOrder) {
  // Squares 1e16, 1, 1, 1: blocked (1e16 + 1) + (1 + 1) = 1e16 + 2; left to right every
  // + 1 rounds away and leaves 1e16.
  const double x[] = {1e8, 1, -1, 1};
  EXPECT_EQ(squared_norm(x, 4), 1e16 + 2);
  const double a[] = {0, 2, 0, 0};  // a - x = (-1e8, 1, 1, -1)
  EXPECT_EQ(model_squared_distance(a, Row(x, 4)), 1e16 + 2);
  EXPECT_EQ(blocked_sum(0, [](std::size_t) { return 1.0; }), 0.0);
}

// dot and squared_norm are exact in double (the analysis widens float32 rows to call them); the
// models' arithmetic (model_dot, model_squared_norm, model_squared_distance,
// score_of) is float32 on a float32 row and the exact one on a float64 row.
TEST(Float32Rows, ExactSumsAreInDoubleTheModelsSumsInFloat32) {
  const std::vector<double> w{1e-8, 1.0};
  const float xf[] = {1.0f, 1.0f};
  // In double 1e-8 + 1 is 1.00000001; in float32 the 1e-8 is below half an ulp of 1.
  const double xd[] = {1.0, 1.0};
  EXPECT_EQ(dot(w, xd), 1e-8 + 1.0);
  EXPECT_EQ(model_dot(w, Row(xf, 2)), 1.0);
  EXPECT_EQ(score_of(w, 0.25, Row(xf, 2)), 1.25);
  // 1e4^2 + 1^2: 100000001 in double; float32's neighbours of 1e8 are 8 apart.
  const float big[] = {1e4f, 1.0f};
  const double big_d[] = {1e4, 1.0};
  EXPECT_EQ(squared_norm(big_d, 2), 100000001.0);
  EXPECT_EQ(model_squared_norm(Row(big, 2)), 1e8);
  const double a[] = {0, 2};  // a - x = (-1e4, 1)
  EXPECT_EQ(model_squared_distance(a, Row(big, 2)), 1e8);
  const double tenth[] = {0.1, 0};
  const float zeros[] = {0.0f, 0.0f};
  EXPECT_EQ(model_squared_distance(tenth, Row(zeros, 2)), static_cast<double>(0.1f * 0.1f));

  std::vector<float> f(21);
  std::vector<double> d(21), weights(21);
  for (std::size_t j = 0; j < f.size(); ++j) {
    f[j] = 0.1f * static_cast<float>(j) - 1.3f;  // values that are not short in binary
    d[j] = f[j];
    weights[j] = 1.0 / static_cast<double>(j + 3);
  }
  const Row row32(f.data(), f.size());
  const Row row64(d.data(), d.size());
  // model_dot rounds each weight to float32 and sums float32 products in the blocked order.
  float part[8] = {};
  for (std::size_t j = 0; j < f.size(); ++j) part[j % 8] += static_cast<float>(weights[j]) * f[j];
  const float sum =
      ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
  EXPECT_EQ(model_dot(weights, row32), static_cast<double>(sum));
  EXPECT_NE(model_dot(weights, row32), dot(weights, d.data()));
  // On float64 rows the models' sums are the exact ones.
  EXPECT_EQ(model_dot(weights, row64), dot(weights, d.data()));
  EXPECT_EQ(model_squared_norm(row64), squared_norm(d.data(), d.size()));
  // The weights and their updates stay in double.
  std::vector<double> from_float = weights, from_double = weights;
  double b1 = 0, b2 = 0;
  apply_update(from_float, b1, row32, -1, 0.37, true);
  apply_update(from_double, b2, d.data(), -1, 0.37, true);
  EXPECT_EQ(from_float, from_double);
  EXPECT_EQ(b1, b2);
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
