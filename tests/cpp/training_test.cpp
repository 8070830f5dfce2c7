#include "perceptron/training/training.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/perceptron.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::make;

Dataset noisy_line(std::size_t n) {
  std::vector<std::vector<double>> rows;
  std::vector<double> labels;
  for (std::size_t i = 0; i < n; ++i) {
    const double a = std::sin(1.1 * static_cast<double>(i)),
                 b = std::cos(0.7 * static_cast<double>(i) + 1);
    rows.push_back({a, b});
    labels.push_back((a + 0.4 * b > 0) != (i % 5 == 2) ? 1 : -1);  // a fifth of the labels flipped
  }
  return make(rows, labels);
}

TEST(StratifiedSplit, TakesTheFractionOfEachClassAndIsSeeded) {
  const Dataset data =
      make({{1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}, {9}, {10}}, {0, 0, 0, 0, 0, 0, 1, 1, 1, 1});
  Dataset train, validation;
  std::vector<double> weight;
  ASSERT_TRUE(
      stratified_split(data, 0.25, 7, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, train, validation, weight)
          .ok());
  // round(0.25 * 6) = 2 of class 0 and round(0.25 * 4) = 1 of class 1.
  EXPECT_EQ(validation.rows(), 3u);
  EXPECT_EQ(std::count(validation.class_index.begin(), validation.class_index.end(), 0u), 2);
  EXPECT_EQ(train.rows(), 7u);
  EXPECT_EQ(weight.size(), 7u);
  for (std::size_t i = 0; i < train.rows(); ++i) EXPECT_EQ(weight[i], train.x.at(i, 0));
  Dataset train2, validation2;
  std::vector<double> weight2;
  ASSERT_TRUE(stratified_split(data, 0.25, 7, {}, train2, validation2, weight2).ok());
  EXPECT_EQ(testing::values(validation2.x), testing::values(validation.x));
  EXPECT_TRUE(weight2.empty());
  EXPECT_EQ(stratified_split(data, 1.0, 7, {}, train2, validation2, weight2).kind,
            ErrorKind::range);
}

TEST(EarlyStopping, KeepsTheEpochWithTheLowestValidationError) {
  const Dataset data = noisy_line(300);
  Params p;
  p.early_stopping = true;
  p.validation_fraction = 0.2;
  p.patience = 3;
  p.max_epochs = 200;
  p.order = Order::shuffle;
  p.seed = 9;
  Perceptron model;
  ASSERT_TRUE(model.set_params(p).ok());
  FitReport report;
  ASSERT_TRUE(model.fit(data, report).ok());
  ASSERT_FALSE(report.converged);
  EXPECT_TRUE(report.stopped_early);
  EXPECT_LT(report.epochs, 200u);
  ASSERT_GE(report.best_epoch, 1u);
  // The best epoch is the first with the lowest validation error; patience epochs follow it.
  double lowest = 2;
  for (const auto& e : report.history) lowest = std::min(lowest, e.validation_error);
  const auto& best = report.history[report.best_epoch - 1];
  EXPECT_EQ(best.validation_error, lowest);
  for (std::size_t e = 0; e + 1 < report.best_epoch; ++e) {
    EXPECT_GT(report.history[e].validation_error, lowest);
  }
  EXPECT_EQ(report.epochs, report.best_epoch + 3);
  // The model kept is the best epoch's: its validation error is that epoch's.
  Dataset train, validation;
  std::vector<double> unused;
  ASSERT_TRUE(stratified_split(data, 0.2, 9, {}, train, validation, unused).ok());
  EXPECT_EQ(model.error_rate(validation), lowest);
  EXPECT_EQ(model.error_rate(train), best.train_error);
  for (const auto& e : report.history) EXPECT_FALSE(std::isnan(e.train_error));
}

TEST(EarlyStopping, AnExplicitValidationSetIsUsedAsGiven) {
  const Dataset data = noisy_line(200);
  const Dataset validation = noisy_line(60);
  Params p;
  p.patience = 2;
  p.max_epochs = 50;
  Perceptron model;
  ASSERT_TRUE(model.set_params(p).ok());
  FitReport report;
  ASSERT_TRUE(model.fit(data, report, {nullptr, &validation}).ok());
  EXPECT_GE(report.best_epoch, 1u);
  EXPECT_EQ(report.history[0].steps, 200u) << "all of X trains";
  Dataset wrong = make({{1, 2, 3}}, {1});
  EXPECT_EQ(model.fit(data, report, {nullptr, &wrong}).kind, ErrorKind::range);
}

// pw.visitOrder's checks live here, with the other limits: rows 1..2^24, count 0..2^24.
TEST(VisitOrder, ChecksRowsCountOrderAndSeed) {
  std::vector<std::uint32_t> out;
  ASSERT_TRUE(visit_order_of({{"rows", 3.0}, {"count", 7.0}}, out).ok());
  EXPECT_EQ(out, (std::vector<std::uint32_t>{0, 1, 2, 0, 1, 2, 0}));
  ASSERT_TRUE(
      visit_order_of(
          {{"order", std::string("shuffle")}, {"seed", 4.0}, {"rows", 5.0}, {"count", 5.0}}, out)
          .ok());
  EXPECT_EQ(visit_order(Order::shuffle, 4, 5, 5), out);
  EXPECT_EQ(visit_order_of({{"rows", 16777217.0}, {"count", 1.0}}, out).message,
            "option rows must be an integer from 1 to 16777216; received 16777217");
  EXPECT_EQ(visit_order_of({{"rows", 2.0}}, out).kind, ErrorKind::type);  // count missing
  EXPECT_EQ(
      visit_order_of({{"rows", 2.0}, {"count", 1.0}, {"order", std::string("random")}}, out).kind,
      ErrorKind::range);
}

}  // namespace
}  // namespace perceptron
