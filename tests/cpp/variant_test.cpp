// The perceptron family's binary variants, the margin option and weighted examples, each
// against numbers computed by hand or by the definition (the naive running sum).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "perceptron/models/perceptron.hpp"
#include "perceptron/models/update.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::cmu_example;
using testing::make;

Perceptron model_with(Variant variant, MistakeRule rule, bool intercept,
                      std::uint64_t epochs = 100) {
  Params p;
  p.variant = variant;
  p.mistake_rule = rule;
  p.fit_intercept = intercept;
  p.max_epochs = epochs;
  Perceptron model;
  EXPECT_TRUE(model.set_params(p).ok());
  return model;
}

std::vector<double> predicting(const Perceptron& model, double* bias = nullptr) {
  std::vector<double> w;
  double b = 0;
  model.predicting_weights(w, b);
  if (bias) *bias = b;
  return w;
}

struct WeightLog : FitObserver {
  std::vector<std::vector<double>> w;
  std::vector<double> b;
  Control on_step(const StepRecord&, std::span<const double> weights, double bias) override {
    w.emplace_back(weights.begin(), weights.end());
    b.push_back(bias);
    return Control::proceed;
  }
};

// CMU example, averaged: the weights after the 12 steps are (1,-2), (1,-2), (2,-1), (2,-1),
// (3,1), (3,1), then (3,1) six times: their sum is (30, 2), so the average is (5/2, 1/6).
TEST(Averaged, CmuExampleByHand) {
  Perceptron model = model_with(Variant::averaged, MistakeRule::sign, false);
  FitReport report;
  ASSERT_TRUE(model.fit(cmu_example(), report).ok());
  EXPECT_EQ(report.steps, 12u);
  const auto w = predicting(model);
  EXPECT_DOUBLE_EQ(w[0], 2.5);
  EXPECT_DOUBLE_EQ(w[1], 1.0 / 6.0);
  // The current weights are those of the classic run.
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
            (std::vector<double>{3, 1}));
  std::vector<double> scores(1);
  const double x[] = {1, 1};
  ASSERT_TRUE(model.decision_function(testing::matrix(x, 2, 1, 2), scores.data()).ok());
  EXPECT_DOUBLE_EQ(scores[0], 2.5 + 1.0 / 6.0);
}

Dataset noisy(std::size_t n, std::size_t d) {
  std::vector<std::vector<double>> rows;
  std::vector<double> labels;
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> row;
    double s = 0.1;
    for (std::size_t j = 0; j < d; ++j) {
      row.push_back(
          std::sin(0.37 * static_cast<double>(i * d + j) + 0.11 * static_cast<double>(j)));
      s += row.back() * (j % 2 ? -0.7 : 1.3);
    }
    rows.push_back(row);
    labels.push_back((s > 0) != (i % 7 == 3) ? 1 : -1);  // every 7th label flipped
  }
  return make(rows, labels);
}

// The counter trick equals the naive average of the weights after every step, a += w.
TEST(Averaged, EqualsTheNaiveRunningSumWithBiasAndLearningRate) {
  const Dataset data = noisy(120, 5);
  Params p;
  p.variant = Variant::averaged;
  p.learning_rate = 0.3;
  p.max_epochs = 7;
  p.order = Order::shuffle;
  p.seed = 4;
  Perceptron model;
  ASSERT_TRUE(model.set_params(p).ok());
  WeightLog log;
  FitReport report;
  ASSERT_TRUE(model.fit(data, report, {}, &log).ok());
  EXPECT_FALSE(report.converged);
  std::vector<double> sum(5, 0.0);
  double sum_b = 0;
  for (std::size_t t = 0; t < log.w.size(); ++t) {
    for (std::size_t j = 0; j < 5; ++j) sum[j] += log.w[t][j];
    sum_b += log.b[t];
  }
  double b = 0;
  const auto w = predicting(model, &b);
  const double steps = static_cast<double>(log.w.size());
  for (std::size_t j = 0; j < 5; ++j) {
    EXPECT_NEAR(w[j], sum[j] / steps, 1e-12 * std::abs(sum[j] / steps)) << j;
  }
  EXPECT_NEAR(b, sum_b / steps, 1e-12 * std::abs(sum_b / steps));
}

// Freund and Schapire on the CMU data with one epoch (sign rule): v1 = 0 (count 0), a
// mistake at step 1 starts (1,-2) (count 1, then 2 after step 2), step 3 starts (2,-1)
// (count 2), step 5 starts (3,1) (count 2). For x = (1,-3.5) the last vector says -1
// (3 - 3.5 < 0) but (1,-2) and (2,-1) say +1: the vote is 2 + 2 - 2 = 2.
TEST(Voted, CmuExampleByHand) {
  Perceptron model = model_with(Variant::voted, MistakeRule::sign, false, 1);
  FitReport report;
  ASSERT_TRUE(model.fit(cmu_example(), report).ok());
  std::vector<double> scores(1);
  std::vector<std::uint32_t> predicted(1);
  const double x[] = {1, -3.5};
  ASSERT_TRUE(model.decision_function(testing::matrix(x, 2, 1, 2), scores.data()).ok());
  EXPECT_EQ(scores[0], 2);
  ASSERT_TRUE(model.predict(testing::matrix(x, 2, 1, 2), predicted.data()).ok());
  EXPECT_EQ(predicted[0], 1u);
  const NamedArrays state = model.variant().save();
  ASSERT_EQ(state.size(), 3u);
  EXPECT_EQ(state[2].second, (std::vector<double>{0, 2, 2, 2}));
  EXPECT_EQ(state[0].second, (std::vector<double>{0, 0, 1, -2, 2, -1, 3, 1}));
  // The classic model predicts -1 for the same point.
  Perceptron classic = model_with(Variant::classic, MistakeRule::sign, false, 1);
  ASSERT_TRUE(classic.fit(cmu_example(), report).ok());
  ASSERT_TRUE(classic.predict(testing::matrix(x, 2, 1, 2), predicted.data()).ok());
  EXPECT_EQ(predicted[0], 0u);
}

// Pocket keeps weights from the trajectory, and their training accuracy is at least that of
// the final weights of the same run.
TEST(Pocket, KeepsTheBestTrajectoryWeightsOnNonSeparableData) {
  const Dataset data = noisy(150, 4);
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    Params p;
    p.variant = Variant::pocket;
    p.order = Order::shuffle;
    p.seed = seed;
    p.max_epochs = 20;
    Perceptron pocket;
    ASSERT_TRUE(pocket.set_params(p).ok());
    WeightLog log;
    FitReport report;
    ASSERT_TRUE(pocket.fit(data, report, {}, &log).ok());
    double b = 0;
    const auto w = predicting(pocket, &b);
    bool on_trajectory = false;
    for (std::size_t t = 0; t < log.w.size(); ++t) on_trajectory |= log.w[t] == w && log.b[t] == b;
    EXPECT_TRUE(on_trajectory);
    auto accuracy = [&](std::span<const double> weights, double bias) {
      double correct = 0;
      for (std::size_t i = 0; i < data.rows(); ++i) {
        correct +=
            predicted_sign(MistakeRule::margin,
                           score_of(weights, bias, data.x.row_as<double>(i))) == data.sign(i);
      }
      return correct / static_cast<double>(data.rows());
    };
    double model_accuracy = 0;
    ASSERT_TRUE(pocket.accuracy(data.x, data.class_index, model_accuracy).ok());
    EXPECT_EQ(model_accuracy, accuracy(w, b));
    EXPECT_GE(model_accuracy, accuracy(pocket.weights(), pocket.bias()));
    EXPECT_GT(model_accuracy, 0.75);
  }
}

// margin = 1 on the CMU data (no bias): update iff y * s <= 1. By hand: updates at steps
// 1 (s = 0), 2 (s = 1), 3 (s = 0) and 5 (y s = 1): w = (4, 1), and epoch 2 is clean.
TEST(Margin, UpdatesWhenTheScoreIsWithinTheMargin) {
  Params p;
  p.mistake_rule = MistakeRule::sign;
  p.fit_intercept = false;
  p.margin = 1;
  Perceptron model;
  ASSERT_TRUE(model.set_params(p).ok());
  FitReport report;
  ASSERT_TRUE(model.fit(cmu_example(), report).ok());
  EXPECT_EQ(report.mistakes, 4u);
  EXPECT_EQ(report.epochs, 2u);
  EXPECT_TRUE(report.converged);
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
            (std::vector<double>{4, 1}));
}

// sampleWeight [2,1,1,1,1,1] on the CMU data (sign, no bias): the first update is doubled,
// w = (2,-4); then (1,1) scores -2 -> (3,-3); (-1,-2) scores 3 -> (4,-1); epoch 2 is clean.
TEST(Weights, SampleWeightScalesTheUpdate) {
  Perceptron model = model_with(Variant::classic, MistakeRule::sign, false);
  const Dataset data = cmu_example();
  std::vector<double> rows;
  ASSERT_TRUE(row_weights(data, {2, 1, 1, 1, 1, 1}, {}, rows).ok());
  FitReport report;
  ASSERT_TRUE(model.fit(data, report, {&rows}).ok());
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
            (std::vector<double>{4, -1}));
  EXPECT_EQ(report.mistakes, 3u);
}

TEST(Weights, ZeroWeightExamplesNeverUpdateAndClassWeightMultiplies) {
  const Dataset data = cmu_example();  // classes -1 (index 0) and +1 (index 1)
  std::vector<double> rows;
  ASSERT_TRUE(row_weights(data, {1, 1, 1, 1, 1, 0.5}, {0, 3}, rows).ok());
  EXPECT_EQ(rows, (std::vector<double>{0, 3, 3, 0, 0, 1.5}));
  Perceptron model = model_with(Variant::classic, MistakeRule::margin, true);
  FitReport report;
  ASSERT_TRUE(model.fit(data, report, {&rows}).ok());
  EXPECT_TRUE(report.converged);
  // Only positives update: the first positive (1,0) at s = 0 gives w = (3,0), b = 3.
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
            (std::vector<double>{3, 0}));
  EXPECT_EQ(model.bias(), 3);
}

TEST(Weights, BalancedAndBadWeights) {
  const Dataset data = make({{1}, {2}, {3}, {4}}, {1, 1, 1, -1});
  EXPECT_EQ(balanced_class_weight(data), (std::vector<double>{2, 4.0 / 6.0}));
  std::vector<double> rows;
  EXPECT_EQ(row_weights(data, {1, 2}, {}, rows).message,
            "sampleWeight must have one weight per row of X (4); received 2");
  EXPECT_EQ(row_weights(data, {1, -2, 1, 1}, {}, rows).message,
            "sampleWeight[1] must be a finite number >= 0; received -2");
  EXPECT_EQ(row_weights(data, {1, NAN, 1, 1}, {}, rows).message,
            "sampleWeight[1] must be a finite number >= 0; received NaN");
  EXPECT_EQ(row_weights(data, {}, {1, INFINITY}, rows).message,
            "classWeight of class 1 must be a finite number >= 0; received Infinity");
  EXPECT_EQ(row_weights(data, {0, 0, 0, 0}, {}, rows).kind, ErrorKind::range);
}

TEST(Weights, ClassWeightMatchesKeysToClasses) {
  const Dataset data = make({{1}, {2}, {3}, {4}}, {1, 1, 1, -1});  // classes -1, 1
  ClassWeight spec;
  spec.names = {"1"};  // only the positive class named: the other weighs 1
  spec.numbers = {1};
  spec.values = {0.5};
  std::vector<double> weights;
  ASSERT_TRUE(class_weight_of(data, spec, weights).ok());
  EXPECT_EQ(weights, (std::vector<double>{1, 0.5}));
  spec.balanced = true;
  ASSERT_TRUE(class_weight_of(data, spec, weights).ok());
  EXPECT_EQ(weights, (std::vector<double>{2, 4.0 / 6.0}));
  spec.balanced = false;
  spec.names = {"1", "7"};
  spec.numbers = {1, 7};
  spec.values = {0.5, 2};
  EXPECT_EQ(class_weight_of(data, spec, weights).message,
            "option classWeight key \"7\" must be one of the classes [-1, 1]; received 7");
  Dataset named;
  ASSERT_TRUE(make_dataset({1, 2}, 2, 1, std::vector<std::string>{"a", "b"}, named).ok());
  spec.names = {"b"};
  spec.numbers = {NAN};
  spec.values = {3};
  ASSERT_TRUE(class_weight_of(named, spec, weights).ok());
  EXPECT_EQ(weights, (std::vector<double>{1, 3}));
}

TEST(Variants, SaveAndLoadRoundTripExactly) {
  const Dataset data = noisy(80, 3);
  for (Variant v : {Variant::averaged, Variant::voted, Variant::pocket}) {
    Params p;
    p.variant = v;
    p.max_epochs = 5;
    Perceptron model;
    ASSERT_TRUE(model.set_params(p).ok());
    FitReport report;
    ASSERT_TRUE(model.fit(data, report).ok());
    Perceptron copy;
    ASSERT_TRUE(copy.restore(p, data.classes, {model.weights().begin(), model.weights().end()},
                             model.bias(), model.steps(), model.variant().save())
                    .ok());
    std::vector<double> a(data.rows()), b(data.rows());
    ASSERT_TRUE(model.decision_function(data.x, a.data()).ok());
    ASSERT_TRUE(copy.decision_function(data.x, b.data()).ok());
    EXPECT_EQ(a, b) << name_of(v);
    NamedArrays bad = model.variant().save();
    bad[0].second.push_back(1);
    EXPECT_EQ(copy.restore(p, data.classes, {1, 2, 3}, 0, 1, bad).kind, ErrorKind::range);
    bad = model.variant().save();
    bad[0].second[0] = NAN;
    EXPECT_EQ(copy.restore(p, data.classes, {1, 2, 3}, 0, 1, bad).kind, ErrorKind::range);
    EXPECT_EQ(copy.decision_function(data.x, b.data()).kind, ErrorKind::none);
    EXPECT_EQ(a, b) << "a failed restore keeps the model";
  }
}

}  // namespace
}  // namespace perceptron
