#include "perceptron/analysis/analysis.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "perceptron/models/perceptron.hpp"
#include "perceptron/models/update.hpp"
#include "perceptron/support/random.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::make;

TEST(Geometry, RadiusDistancesAndMargin) {
  const Dataset data = make({{3, 4}, {0, 1}, {-1, 0}}, {1, 1, -1});
  EXPECT_EQ(radius(data, false), 5);
  EXPECT_EQ(radius(data, true), std::sqrt(26.0));
  std::vector<double> distances;
  ASSERT_TRUE(signed_distances(data, {0, 2}, -1, distances).ok());
  EXPECT_EQ(distances, (std::vector<double>{3.5, 0.5, -0.5}));
  double margin = 0;
  std::size_t row = 9;
  ASSERT_TRUE(margin_of(data, {0, 2}, -1, margin, &row).ok());
  EXPECT_EQ(margin, 0.5);  // min of 3.5, 0.5 and -(-0.5)
  ASSERT_TRUE(margin_of(data, {0, -1}, 0, margin, &row).ok());
  EXPECT_EQ(margin, -4);  // it misclassifies (3,4)
  EXPECT_EQ(row, 0u);
  Status s = margin_of(data, {0, 0}, 1, margin);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message,
            "w must not be the zero vector: a separator needs a direction; received all zeros");
  EXPECT_EQ(margin_of(data, {1}, 0, margin).kind, ErrorKind::range);
}

// Two segments: the nearest points are (2,0) and (-2,0), so gamma* = 2 with w = (1,0), b = 0.
TEST(Separability, TwoSegmentsByHand) {
  const Dataset data = make({{2, 0}, {3, 1}, {-2, 0}, {-3, -1}}, {1, 1, -1, -1});
  Separability result;
  ASSERT_TRUE(separability(data, true, result).ok());
  ASSERT_TRUE(result.separable);
  EXPECT_NEAR(result.margin, 2, 1e-12);
  EXPECT_NEAR(result.upper_bound, 2, 1e-12);
  EXPECT_NEAR(result.w[0], 1, 1e-12);
  EXPECT_NEAR(result.w[1], 0, 1e-12);
  EXPECT_NEAR(result.b, 0, 1e-12);
  EXPECT_EQ(result.support, (std::vector<std::size_t>{0, 2}));
}

// Through the origin the same points need w.x >= gamma for (2,0), (3,1), (2,0), (3,1) (the
// y_i x_i): the nearest point of that hull to 0 is (2,0): gamma* = 2.
TEST(Separability, WithoutInterceptByHand) {
  const Dataset data = make({{2, 0}, {3, 1}, {-2, 0}, {-3, -1}}, {1, 1, -1, -1});
  Separability result;
  ASSERT_TRUE(separability(data, false, result).ok());
  ASSERT_TRUE(result.separable);
  EXPECT_NEAR(result.margin, 2, 1e-12);
  EXPECT_EQ(result.b, 0);
  // Shifted away from the origin, the classes stay separable only with an intercept.
  const Dataset shifted = make({{12, 10}, {13, 11}, {8, 10}, {7, 9}}, {1, 1, -1, -1});
  ASSERT_TRUE(separability(shifted, true, result).ok());
  EXPECT_TRUE(result.separable);
  ASSERT_TRUE(separability(shifted, false, result).ok());
  EXPECT_TRUE(result.separable);
  const Dataset around = make({{1, 0}, {-1, 0}, {0, 1}, {0, -1}}, {1, 1, -1, -1});
  ASSERT_TRUE(separability(around, false, result).ok());
  EXPECT_FALSE(result.separable);
}

void expect_certificate(const Dataset& data, const Separability& result, bool intercept) {
  ASSERT_FALSE(result.separable);
  ASSERT_EQ(result.certificate.size(), data.rows());
  double pos = 0, neg = 0;
  std::vector<double> sum(data.cols(), 0.0);
  for (std::size_t i = 0; i < data.rows(); ++i) {
    EXPECT_GE(result.certificate[i], 0);
    (data.sign(i) > 0 ? pos : neg) += result.certificate[i];
    const double factor = intercept ? data.sign(i) : data.sign(i);
    for (std::size_t k = 0; k < data.cols(); ++k)
      sum[k] += factor * result.certificate[i] * data.x.at(i, k);
  }
  if (intercept) {
    EXPECT_NEAR(pos, 1, 1e-12);
    EXPECT_NEAR(neg, 1, 1e-12);
  } else {
    EXPECT_NEAR(pos + neg, 1, 1e-12);
  }
  for (double v : sum) EXPECT_NEAR(v, 0, 1e-9);
}

TEST(Separability, XorAndDegenerateDataGetACertificate) {
  Separability result;
  const Dataset xor_data = testing::xor_gate();
  ASSERT_TRUE(separability(xor_data, true, result).ok());
  expect_certificate(xor_data, result, true);
  const Dataset same_point = make({{1, 1}, {1, 1}}, {1, -1});
  ASSERT_TRUE(separability(same_point, true, result).ok());
  expect_certificate(same_point, result, true);
  const Dataset duplicates = make({{0, 0}, {5, 5}, {5, 5}, {9, 1}}, {1, 1, -1, -1});
  ASSERT_TRUE(separability(duplicates, true, result).ok());
  expect_certificate(duplicates, result, true);
  const Dataset constant_feature = make({{1, 7}, {2, 7}, {3, 7}, {4, 7}}, {-1, -1, 1, 1});
  ASSERT_TRUE(separability(constant_feature, true, result).ok());
  EXPECT_TRUE(result.separable);
  EXPECT_NEAR(result.margin, 0.5, 1e-12);
  EXPECT_FALSE(std::isnan(result.b));
}

Dataset random_separable(Pcg32& random, std::size_t n, std::size_t d, double gap,
                         bool through_origin) {
  std::vector<double> normal(d);
  for (auto& v : normal) v = random.bounded(2001) / 1000.0 - 1;
  const double offset = through_origin ? 0 : random.bounded(2001) / 1000.0 - 1;
  std::vector<std::vector<double>> rows;
  std::vector<double> labels;
  while (rows.size() < n) {
    std::vector<double> x(d);
    for (auto& v : x) v = random.bounded(4001) / 1000.0 - 2;
    const double s = score_of(normal, offset, x.data());
    if (std::abs(s) < gap) continue;
    rows.push_back(x);
    labels.push_back(s > 0 ? 1 : -1);
  }
  return make(rows, labels);
}

// margin <= gamma* <= upper_bound, and they agree: the separator found is optimal; no random
// direction does better.
TEST(Separability, RandomSeparableSetsAreSolvedToOptimality) {
  Pcg32 random(77);
  for (int trial = 0; trial < 30; ++trial) {
    const bool intercept = trial % 2 == 0;
    const std::size_t d = 2 + trial % 5;
    const Dataset data =
        random_separable(random, 40 + trial, d, trial % 3 == 0 ? 1e-3 : 0.2, !intercept);
    Separability result;
    ASSERT_TRUE(separability(data, intercept, result).ok());
    ASSERT_TRUE(result.separable) << trial;
    EXPECT_LE(result.margin, result.upper_bound * (1 + 1e-12)) << trial;
    EXPECT_NEAR(result.margin, result.upper_bound, 1e-7 * result.upper_bound) << trial;
    for (int k = 0; k < 200; ++k) {
      std::vector<double> w(d);
      for (auto& v : w) v = random.bounded(2001) / 1000.0 - 1;
      if (score_of(w, 0, w.data()) == 0) continue;
      // The best intercept for w puts the plane halfway between the classes' projections.
      double low = INFINITY, high = -INFINITY;
      for (std::size_t i = 0; i < data.rows(); ++i) {
        const double p = score_of(w, 0, data.x.row_as<double>(i));
        if (data.sign(i) > 0)
          low = std::min(low, p);
        else
          high = std::max(high, p);
      }
      const double b = intercept ? -(low + high) / 2 : 0;
      double m = 0;
      ASSERT_TRUE(margin_of(data, w, b, m).ok());
      EXPECT_LE(m, result.margin * (1 + 1e-9) + 1e-12);
    }
  }
}

// Block-Novikoff: on separable data the perceptron (margin rule, cyclic) makes at most
// (R / gamma*)^2 mistakes; with an intercept, R and gamma* of the augmented (x, 1).
TEST(Separability, PerceptronMistakesNeverExceedNovikoffsBound) {
  Pcg32 random(5);
  for (int trial = 0; trial < 40; ++trial) {
    const bool intercept = trial % 2 == 1;
    const Dataset data = random_separable(random, 30 + trial, 2 + trial % 4,
                                          trial % 4 == 0 ? 1e-3 : 0.1, !intercept);
    Dataset augmented = data;
    if (intercept) {
      std::vector<double> values;
      for (std::size_t i = 0; i < data.rows(); ++i) {
        const double* row = data.x.row_as<double>(i);
        values.insert(values.end(), row, row + data.cols());
        values.push_back(1);
      }
      augmented.x = Matrix::from_values(std::move(values), data.rows(), data.cols() + 1);
    }
    Separability result;
    ASSERT_TRUE(separability(augmented, false, result).ok());
    ASSERT_TRUE(result.separable);
    const double bound = std::pow(radius(augmented, false) / result.upper_bound, 2);
    Params p;
    p.fit_intercept = intercept;
    p.max_epochs = 100000;
    Perceptron model;
    ASSERT_TRUE(model.set_params(p).ok());
    FitReport report;
    ASSERT_TRUE(model.fit(data, report).ok());
    EXPECT_TRUE(report.converged);
    EXPECT_LE(static_cast<double>(report.mistakes), bound) << trial;
  }
}

}  // namespace
}  // namespace perceptron
