#include "perceptron/data/preprocess.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "perceptron/analysis/analysis.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::make;

TEST(Scaler, EachKindByHand) {
  const std::vector<double> x{1, 5, 3, 5, 5, 5};  // 3 rows x 2: the second feature is constant
  Scaler s;
  Matrix m;
  ASSERT_TRUE(fit_scaler(testing::matrix(x.data(), 6, 3, 2), Scaling::standardize, s).ok());
  EXPECT_EQ(s.shift, (std::vector<double>{3, 5}));
  EXPECT_DOUBLE_EQ(s.scale[0], std::sqrt(8.0 / 3));
  EXPECT_EQ(s.scale[1], 1);  // constant: 0 after scaling, never NaN
  ASSERT_TRUE(transform(s, testing::matrix(x.data(), 6, 3, 2), m).ok());
  std::vector<double> out = testing::values(m);
  EXPECT_EQ(out[1], 0);
  EXPECT_DOUBLE_EQ(out[0], -2 / std::sqrt(8.0 / 3));
  ASSERT_TRUE(fit_scaler(testing::matrix(x.data(), 6, 3, 2), Scaling::min_max, s).ok());
  ASSERT_TRUE(transform(s, testing::matrix(x.data(), 6, 3, 2), m).ok());
  out = testing::values(m);
  EXPECT_EQ(out, (std::vector<double>{0, 0, 0.5, 0, 1, 0}));
  ASSERT_TRUE(fit_scaler(testing::matrix(x.data(), 6, 3, 2), Scaling::unit_ball, s).ok());
  ASSERT_TRUE(transform(s, testing::matrix(x.data(), 6, 3, 2), m).ok());
  out = testing::values(m);
  EXPECT_DOUBLE_EQ(std::hypot(out[4], out[5]), 1);  // (5,5) was the farthest
  const double three[] = {1, 2, 3};
  EXPECT_EQ(transform(s, testing::matrix(three, 3, 1, 3), m).kind, ErrorKind::range);
}

// The preprocess option's policy: fit refits, partial_fit fits on the first batch only, nothing
// is kept until the caller commits, learn_one needs a fitted scaler.
TEST(InputScaling, FitsOnTrainingDataAndAppliesAfter) {
  InputScaling scaling;
  const Dataset first = make({{0}, {10}}, {-1, 1});
  const Dataset second = make({{0}, {100}}, {-1, 1});
  Dataset seen;
  std::optional<Scaler> used;
  ASSERT_TRUE(scaling.for_training(first, true, seen, used).ok());  // without a kind: unchanged
  EXPECT_EQ(testing::values(seen.x), (std::vector<double>{0, 10}));
  EXPECT_FALSE(used.has_value());
  scaling.kind = Scaling::min_max;
  std::vector<double> x{5};
  EXPECT_EQ(scaling.for_example(x).kind, ErrorKind::type);  // nothing fitted yet
  ASSERT_TRUE(scaling.for_training(first, false, seen, used).ok());
  EXPECT_EQ(testing::values(seen.x), (std::vector<double>{0, 1}));
  EXPECT_FALSE(scaling.scaler.has_value());  // not kept before commit
  scaling.commit(used);
  ASSERT_TRUE(scaling.for_training(second, false, seen, used).ok());  // partial_fit: kept
  EXPECT_EQ(testing::values(seen.x), (std::vector<double>{0, 10}));
  ASSERT_TRUE(scaling.for_training(second, true, seen, used).ok());  // fit: refitted
  EXPECT_EQ(testing::values(seen.x), (std::vector<double>{0, 1}));
  ASSERT_TRUE(scaling.for_example(x).ok());
  EXPECT_EQ(x[0], 0.5);  // the committed scaler (first batch): (5 - 0) / 10
  EXPECT_EQ(scaling.restore({1}, {0}).kind, ErrorKind::range);  // scale must be > 0
  Scaler uneven;
  uneven.shift = {0, 0};
  uneven.scale = {1};
  Matrix unused;
  EXPECT_EQ(transform(uneven, Matrix(), unused).message,
            "the scaler must have one shift and one scale per feature; received 2 shift and 1 "
            "scale values");
}

TEST(Pca, FindsTheDirectionsOfAStretchedCloud) {
  std::vector<double> x;
  for (int i = 0; i < 50; ++i) {
    const double a = std::sin(i * 0.7) * 10, b = std::cos(i * 1.3);
    x.insert(x.end(), {a + b, a - b, 0.5});
  }
  Projection p;
  ASSERT_TRUE(pca2(testing::matrix(x.data(), x.size(), 50, 3), p).ok());
  // Each component is an eigenvector of the covariance with its variance as eigenvalue.
  double covariance[3][3] = {};
  for (int i = 0; i < 50; ++i) {
    for (int a = 0; a < 3; ++a) {
      for (int b = 0; b < 3; ++b) {
        covariance[a][b] += (x[i * 3 + a] - p.mean[a]) * (x[i * 3 + b] - p.mean[b]) / 50;
      }
    }
  }
  for (int c = 0; c < 2; ++c) {
    for (int a = 0; a < 3; ++a) {
      double cv = 0;
      for (int b = 0; b < 3; ++b) cv += covariance[a][b] * p.components[c * 3 + b];
      EXPECT_NEAR(cv, p.variance[c] * p.components[c * 3 + a], 1e-6 * p.variance[0]);
    }
  }
  EXPECT_NEAR(p.components[2], 0, 1e-9);  // the third feature is constant
  EXPECT_GT(p.variance[0], p.variance[1]);
  EXPECT_NEAR(p.variance[0] + p.variance[1], covariance[0][0] + covariance[1][1],
              1e-9 * p.variance[0]);
  double orthogonal = 0;
  for (int j = 0; j < 3; ++j) orthogonal += p.components[j] * p.components[3 + j];
  EXPECT_NEAR(orthogonal, 0, 1e-6);
  const std::vector<double> same{1, 1, 1, 1};
  ASSERT_TRUE(pca2(testing::matrix(same.data(), 4, 2, 2), p).ok());
  EXPECT_EQ(p.variance, (std::vector<double>{0, 0}));
  for (double v : p.projected) EXPECT_FALSE(std::isnan(v));
}

TEST(Fisher, DirectionAndThresholdByHand) {
  // Class means (0,0) and (2,0); within-class scatter diag(2, 2): w = S^-1 (2,0) = (1,0) (up to
  // the tiny ridge), b = -w.(1,0) = -1.
  const Dataset data = make({{-1, 0}, {1, 0}, {1, 0}, {3, 0}, {0, 1}, {0, -1}, {2, 1}, {2, -1}},
                            {-1, -1, 1, 1, -1, -1, 1, 1});
  std::vector<double> w;
  double b = 0;
  ASSERT_TRUE(fisher_discriminant(data, w, b).ok());
  EXPECT_NEAR(w[0], 0.5, 1e-8);
  EXPECT_NEAR(w[1], 0, 1e-12);
  EXPECT_NEAR(b, -0.5, 1e-8);
  EXPECT_EQ(
      fisher_discriminant(make({{1, 0}, {-1, 0}, {1, 0}, {-1, 0}}, {1, 1, -1, -1}), w, b).kind,
      ErrorKind::range);
  // A constant feature makes S_W singular; the ridge keeps the answer finite.
  ASSERT_TRUE(
      fisher_discriminant(make({{0, 5}, {1, 5}, {3, 5}, {4, 5}}, {-1, -1, 1, 1}), w, b).ok());
  EXPECT_FALSE(std::isnan(w[1]));
  EXPECT_GT(w[0], 0);
}

TEST(Splits, StratifiedPartsAndFolds) {
  const std::vector<std::uint32_t> classes{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1};
  std::vector<std::uint32_t> part;
  ASSERT_TRUE(stratified_parts(classes, 2, {0.2, 0.4}, 3, part).ok());
  auto count = [&](std::uint32_t p, std::uint32_t c) {
    int n = 0;
    for (std::size_t i = 0; i < part.size(); ++i) n += part[i] == p && classes[i] == c;
    return n;
  };
  EXPECT_EQ(count(1, 0), 2);  // round(0.2 * 10)
  EXPECT_EQ(count(2, 0), 4);
  EXPECT_EQ(count(1, 1), 1);  // round(0.2 * 5)
  EXPECT_EQ(count(2, 1), 2);
  EXPECT_EQ(stratified_parts(classes, 2, {0.5, 0.5}, 3, part).kind, ErrorKind::range);
  EXPECT_EQ(stratified_parts(classes, 2, {0}, 3, part).kind, ErrorKind::range);
  std::vector<std::uint32_t> folds;
  ASSERT_TRUE(stratified_folds(classes, 2, 5, 1, folds).ok());
  for (std::uint32_t f = 0; f < 5; ++f) {
    int ones = 0;
    for (std::size_t i = 0; i < folds.size(); ++i) ones += folds[i] == f && classes[i] == 1;
    EXPECT_EQ(ones, 1);
  }
  Status s = stratified_folds(classes, 2, 6, 1, folds);
  EXPECT_EQ(s.message,
            "option k must be an integer from 2 to the smallest class's size (5); received 6");
  EXPECT_EQ(stratified_folds(classes, 2, 1, 1, folds).kind, ErrorKind::range);
  // A count beyond size_t is refused as given, not wrapped.
  EXPECT_NE(
      stratified_folds(classes, 2, 4294967298.0, 1, folds).message.find("received 4294967298"),
      std::string::npos);
}

}  // namespace
}  // namespace perceptron
