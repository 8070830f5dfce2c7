#include "perceptron/models/perceptron.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "perceptron/models/update.hpp"
#include "perceptron/support/random.hpp"
#include "perceptron/training/visit_order.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::and_gate;
using testing::cmu_example;
using testing::make;
using testing::or_gate;
using testing::xor_gate;

struct Recorder : FitObserver {
  struct Entry {
    StepRecord step;
    std::vector<double> w;
    double b;
  };
  std::vector<Entry> steps;
  std::vector<EpochRecord> epochs;
  Control on_step(const StepRecord& s, std::span<const double> w, double b) override {
    steps.push_back({s, {w.begin(), w.end()}, b});
    return Control::proceed;
  }
  Control on_epoch(const EpochRecord& e, std::span<const double>, double) override {
    epochs.push_back(e);
    return Control::proceed;
  }
};

Perceptron with(Params p) {
  Perceptron model;
  EXPECT_TRUE(model.set_params(p).ok());
  return model;
}

Params no_bias(MistakeRule rule) {
  Params p;
  p.mistake_rule = rule;
  p.fit_intercept = false;
  return p;
}

// The worked example of the CMU notes, step by step: w1 = (0,0), w2 = w1 - (-1,2) = (1,-2),
// w3 = w2 + (1,1) = (2,-1), w4 = w3 - (-1,-2) = (3,1); the second epoch makes no mistake.
TEST(Perceptron, ReadsTheInitialBiasAsGiven) {
  double bias = 7;
  ASSERT_TRUE(read_initial_bias(OptionValue(-1.5), bias).ok());
  EXPECT_EQ(bias, -1.5);
  const Status text = read_initial_bias(OptionValue(std::string("1")), bias);
  EXPECT_EQ(text.kind, ErrorKind::type);
  EXPECT_EQ(text.message, "option initialBias must be a number; received the string \"1\"");
  const Status nan = read_initial_bias(OptionValue(std::nan("")), bias);
  EXPECT_EQ(nan.kind, ErrorKind::range);
  EXPECT_EQ(nan.message, "option initialBias must be a finite number; received NaN");
  EXPECT_EQ(bias, -1.5);  // unchanged by a refused value
}

TEST(Perceptron, ReproducesTheCmuWorkedExampleUnderSignAndMargin) {
  for (MistakeRule rule : {MistakeRule::sign, MistakeRule::margin}) {
    Perceptron model = with(no_bias(rule));
    Recorder trace;
    FitReport report;
    ASSERT_TRUE(model.fit(cmu_example(), report, {}, &trace).ok());
    const std::vector<std::vector<double>> weights{{1, -2}, {1, -2}, {2, -1},
                                                   {2, -1}, {3, 1},  {3, 1}};
    const std::vector<double> scores{0, 1, -1, -2, 0, 2};
    const std::vector<bool> mistakes{true, false, true, false, true, false};
    const std::vector<int> predictions{1, 1, -1, -1, 1, 1};
    ASSERT_EQ(trace.steps.size(), 12u);
    for (std::size_t k = 0; k < 6; ++k) {
      const auto& e = trace.steps[k];
      EXPECT_EQ(e.step.t, k + 1);
      EXPECT_EQ(e.step.epoch, 1u);
      EXPECT_EQ(e.step.index, k);
      EXPECT_EQ(e.step.score, scores[k]) << "step " << k + 1;
      EXPECT_EQ(e.step.prediction, predictions[k]) << "step " << k + 1;
      EXPECT_EQ(e.step.mistake, mistakes[k]) << "step " << k + 1;
      EXPECT_EQ(e.w, weights[k]) << "step " << k + 1;
      EXPECT_EQ(e.b, 0.0);
    }
    for (std::size_t k = 6; k < 12; ++k) {
      EXPECT_FALSE(trace.steps[k].step.mistake);
      EXPECT_EQ(trace.steps[k].w, (std::vector<double>{3, 1}));
    }
    EXPECT_EQ(report.epochs, 2u);
    EXPECT_EQ(report.steps, 12u);
    EXPECT_EQ(report.mistakes, 3u);
    EXPECT_TRUE(report.converged);
    ASSERT_EQ(report.history.size(), 2u);
    EXPECT_EQ(report.history[0].mistakes, 3u);
    EXPECT_EQ(report.history[1].mistakes, 0u);
    ASSERT_EQ(trace.epochs.size(), 2u);
    EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
              (std::vector<double>{3, 1}));
  }
}

// Under 'strict' (predict +1 iff w.x > 0) the same data gives another trace: the first
// example scores 0 and is predicted -1, which is right; the second scores 0 and is wrong.
TEST(Perceptron, StrictRuleGivesItsOwnTraceOnTheCmuExample) {
  Perceptron model = with(no_bias(MistakeRule::strict));
  Recorder trace;
  FitReport report;
  ASSERT_TRUE(model.fit(cmu_example(), report, {}, &trace).ok());
  EXPECT_FALSE(trace.steps[0].step.mistake);
  EXPECT_EQ(trace.steps[0].step.prediction, -1);
  EXPECT_TRUE(trace.steps[1].step.mistake);
  EXPECT_EQ(trace.steps[1].w, (std::vector<double>{1, 0}));
  EXPECT_EQ(report.mistakes, 1u);
  EXPECT_EQ(report.epochs, 2u);
  EXPECT_TRUE(report.converged);
}

// AND with a bias under 'margin', cyclic, eta = 1, computed by hand epoch by epoch:
// mistakes per epoch 2,3,3,2,2,3,2,1,0; final w = (3, 2), b = -4.
TEST(Perceptron, AndConvergesToTheHandComputedWeights) {
  Perceptron model;
  FitReport report;
  ASSERT_TRUE(model.fit(and_gate(), report).ok());
  EXPECT_TRUE(report.converged);
  EXPECT_EQ(report.epochs, 9u);
  EXPECT_EQ(report.mistakes, 18u);
  const std::vector<std::uint64_t> per_epoch{2, 3, 3, 2, 2, 3, 2, 1, 0};
  ASSERT_EQ(report.history.size(), per_epoch.size());
  for (std::size_t e = 0; e < per_epoch.size(); ++e) {
    EXPECT_EQ(report.history[e].mistakes, per_epoch[e]) << "epoch " << e + 1;
  }
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
            (std::vector<double>{3, 2}));
  EXPECT_EQ(model.bias(), -4.0);
  double accuracy = 0;
  const auto data = and_gate();
  ASSERT_TRUE(model.accuracy(data.x, data.class_index, accuracy).ok());
  EXPECT_EQ(accuracy, 1.0);
}

TEST(Perceptron, OrConvergesAndSeparates) {
  for (MistakeRule rule : {MistakeRule::margin, MistakeRule::sign, MistakeRule::strict}) {
    Params p;
    p.mistake_rule = rule;
    Perceptron model = with(p);
    FitReport report;
    const auto data = or_gate();
    ASSERT_TRUE(model.fit(data, report).ok());
    EXPECT_TRUE(report.converged);
    for (std::size_t i = 0; i < 4; ++i) {
      const double s = model.weights()[0] * data.x.at(i, 0) + model.weights()[1] * data.x.at(i, 1) +
                       model.bias();
      EXPECT_FALSE(is_mistake(rule, s, data.sign(i)));
    }
  }
}

TEST(Perceptron, XorStopsAtMaxEpochsWithoutConverging) {
  Params p;
  p.max_epochs = 50;
  Perceptron model = with(p);
  FitReport report;
  ASSERT_TRUE(model.fit(xor_gate(), report).ok());
  EXPECT_FALSE(report.converged);
  EXPECT_EQ(report.epochs, 50u);
  EXPECT_EQ(report.steps, 200u);
  EXPECT_EQ(report.history.size(), 50u);
  for (const auto& e : report.history) EXPECT_GT(e.mistakes, 0u);
}

TEST(Perceptron, LearningRateScalesWeightsButNotMistakesWithoutBias) {
  // With b = 0 and w0 = 0, w is eta times the eta = 1 run: the same mistakes happen.
  Params p = no_bias(MistakeRule::margin);
  p.learning_rate = 0.25;
  Perceptron model = with(p);
  FitReport report;
  ASSERT_TRUE(model.fit(cmu_example(), report).ok());
  EXPECT_EQ(report.mistakes, 3u);
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
            (std::vector<double>{0.75, 0.25}));
}

Dataset blobs(std::uint64_t n) {
  // Deterministic, linearly separable points from a fixed recipe (no randomness).
  std::vector<std::vector<double>> rows;
  std::vector<double> labels;
  for (std::uint64_t i = 0; i < n; ++i) {
    const double a = std::sin(static_cast<double>(i) * 1.7) * 3;
    const double b = std::cos(static_cast<double>(i) * 0.9) * 3;
    rows.push_back({a, b, a * b / 9});
    labels.push_back(a + 0.5 * b > 0.3 ? 1 : -1);
  }
  return make(rows, labels);
}

TEST(Perceptron, SameSeedSameWeightsUnderShuffleAndSample) {
  for (Order order : {Order::shuffle, Order::sample}) {
    Params p;
    p.order = order;
    p.seed = 12345;
    p.max_epochs = 5;
    Perceptron a = with(p), b = with(p);
    FitReport ra, rb;
    const auto data = blobs(200);
    ASSERT_TRUE(a.fit(data, ra).ok());
    ASSERT_TRUE(b.fit(data, rb).ok());
    EXPECT_EQ(std::vector<double>(a.weights().begin(), a.weights().end()),
              std::vector<double>(b.weights().begin(), b.weights().end()));
    EXPECT_EQ(a.bias(), b.bias());
    EXPECT_EQ(ra.mistakes, rb.mistakes);
    p.seed = 54321;
    Perceptron c = with(p);
    FitReport rc;
    ASSERT_TRUE(c.fit(data, rc).ok());
    EXPECT_NE(std::vector<double>(a.weights().begin(), a.weights().end()),
              std::vector<double>(c.weights().begin(), c.weights().end()));
  }
}

TEST(Perceptron, ShuffleVisitsEachExampleOncePerEpochInTheGeneratorsOrder) {
  Params p;
  p.order = Order::shuffle;
  p.seed = 3;
  p.max_epochs = 2;
  Perceptron model = with(p);
  Recorder trace;
  FitReport report;
  ASSERT_TRUE(model.fit(xor_gate(), report, {}, &trace).ok());
  Pcg32 random(3);
  for (int epoch = 0; epoch < 2; ++epoch) {
    std::vector<std::uint32_t> order{0, 1, 2, 3};
    random.shuffle(order);
    for (std::size_t k = 0; k < 4; ++k) {
      EXPECT_EQ(trace.steps[epoch * 4 + k].step.index, order[k]);
    }
  }
}

TEST(Perceptron, SampleDrawsMaxStepsWithReplacementFromTheGenerator) {
  Params p;
  p.order = Order::sample;
  p.seed = 9;
  p.max_steps = 10;
  Perceptron model = with(p);
  Recorder trace;
  FitReport report;
  ASSERT_TRUE(model.fit(xor_gate(), report, {}, &trace).ok());
  ASSERT_EQ(trace.steps.size(), 10u);
  EXPECT_EQ(report.steps, 10u);
  EXPECT_EQ(report.epochs, 3u);  // blocks of 4, 4, 2 draws
  EXPECT_FALSE(report.converged);
  Pcg32 random(9);
  for (const auto& e : trace.steps) EXPECT_EQ(e.step.index, random.bounded(4));
}

TEST(Perceptron, SampleReportsConvergenceOnlyWhenEveryExampleIsRight) {
  Params p;
  p.order = Order::sample;
  p.seed = 1;
  Perceptron model = with(p);
  FitReport report;
  const auto data = or_gate();
  ASSERT_TRUE(model.fit(data, report).ok());
  EXPECT_TRUE(report.converged);
  double accuracy = 0;
  ASSERT_TRUE(model.accuracy(data.x, data.class_index, accuracy).ok());
  EXPECT_EQ(accuracy, 1.0);
}

// visit_order gives exactly the rows fit visits, so a page can step through training with
// learnOne and reproduce fit.
TEST(Perceptron, VisitOrderIsTheOrderFitVisits) {
  for (Order order : {Order::cyclic, Order::shuffle, Order::sample}) {
    Params p;
    p.order = order;
    p.seed = 77;
    p.max_epochs = 3;
    Perceptron model = with(p);
    Recorder trace;
    FitReport report;
    ASSERT_TRUE(model.fit(xor_gate(), report, {}, &trace).ok());
    const auto visits = visit_order(order, 77, 4, trace.steps.size());
    ASSERT_EQ(visits.size(), 12u);
    for (std::size_t k = 0; k < visits.size(); ++k) EXPECT_EQ(trace.steps[k].step.index, visits[k]);
  }
  EXPECT_EQ(visit_order(Order::cyclic, 0, 3, 7), (std::vector<std::uint32_t>{0, 1, 2, 0, 1, 2, 0}));
}

TEST(Perceptron, LearnOneFollowsTheOnlineProtocol) {
  Perceptron model = with(no_bias(MistakeRule::sign));
  Classes classes;
  classes.numbers = {-1, 1};
  const auto data = cmu_example();
  const std::vector<std::vector<double>> weights{{1, -2}, {1, -2}, {2, -1},
                                                 {2, -1}, {3, 1},  {3, 1}};
  for (std::size_t i = 0; i < 6; ++i) {
    StepRecord step;
    ASSERT_TRUE(
        model.learn_one(data.x.row_as<double>(i), 2, data.class_index[i], step, &classes).ok());
    EXPECT_EQ(step.t, i + 1);
    EXPECT_EQ(step.epoch, 0u);
    EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()), weights[i]);
  }
  StepRecord step;
  const double wrong[] = {1, 2, 3};
  EXPECT_EQ(model.learn_one(wrong, 3, 1, step).kind, ErrorKind::range);
  EXPECT_EQ(model.steps(), 6u);
}

TEST(Perceptron, LearnOneNeedsClasses) {
  Perceptron model;
  StepRecord step;
  const double x[] = {1, 2};
  EXPECT_EQ(model.learn_one(x, 2, 1, step).kind, ErrorKind::not_fitted);
  Classes classes;
  classes.numbers = {0, 1};
  const double bad[] = {1, NAN};
  EXPECT_EQ(model.learn_one(bad, 2, 1, step, &classes).kind, ErrorKind::range);
  EXPECT_EQ(model.classes().size(), 0u) << "a failed first call fixes nothing";
  Classes other;
  other.numbers = {-1, 1};
  ASSERT_TRUE(model.learn_one(x, 2, 1, step, &classes).ok());
  EXPECT_EQ(model.learn_one(x, 2, 1, step, &other).kind, ErrorKind::range);
  EXPECT_EQ(model.steps(), 1u);
}

TEST(Perceptron, WarmStartFromGivenWeights) {
  Perceptron model = with(no_bias(MistakeRule::sign));
  InitialWeights initial{{3, 1}, 0};
  FitReport report;
  ASSERT_TRUE(model.fit(cmu_example(), report, {}, nullptr, &initial).ok());
  EXPECT_EQ(report.mistakes, 0u);
  EXPECT_EQ(report.epochs, 1u);
  InitialWeights bad{{1, 2, 3}, 0};
  EXPECT_EQ(model.fit(cmu_example(), report, {}, nullptr, &bad).kind, ErrorKind::range);
  InitialWeights nan{{1, std::nan("")}, 0};
  EXPECT_EQ(model.fit(cmu_example(), report, {}, nullptr, &nan).kind, ErrorKind::range);
}

TEST(Perceptron, WarmStartOptionContinuesTheCurrentWeights) {
  Params p = no_bias(MistakeRule::sign);
  p.max_epochs = 1;
  Perceptron model = with(p);
  FitReport report;
  ASSERT_TRUE(model.fit(cmu_example(), report).ok());  // one epoch: w = (3, 1)
  p.warm_start = true;
  ASSERT_TRUE(model.set_params(p).ok());
  ASSERT_TRUE(model.fit(cmu_example(), report).ok());
  EXPECT_EQ(report.mistakes, 0u);
  EXPECT_EQ(model.steps(), 12u);
  EXPECT_EQ(model.fit(make({{1, 2, 3}, {3, 4, 5}}, {0, 1}), report).kind, ErrorKind::range);
}

struct StopAfter : FitObserver {
  std::uint64_t limit;
  Control how;
  StopAfter(std::uint64_t l, Control c) : limit(l), how(c) {}
  Control on_step(const StepRecord& s, std::span<const double>, double) override {
    return s.t >= limit ? how : Control::proceed;
  }
};

TEST(Perceptron, ObserverCanStopAndAbortLeavesTheModelAsItWas) {
  Perceptron model = with(no_bias(MistakeRule::sign));
  FitReport report;
  StopAfter stop(3, Control::stop);
  ASSERT_TRUE(model.fit(cmu_example(), report, {}, &stop).ok());
  EXPECT_TRUE(report.stopped);
  EXPECT_EQ(report.steps, 3u);
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
            (std::vector<double>{2, -1}));
  StopAfter abort(5, Control::abort);
  ASSERT_TRUE(model.fit(and_gate(), report, {}, &abort).ok());
  EXPECT_TRUE(report.aborted);
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
            (std::vector<double>{2, -1}));
  EXPECT_EQ(model.steps(), 3u);
}

TEST(Perceptron, PredictAndDecisionFunction) {
  Perceptron model = with(no_bias(MistakeRule::sign));
  std::vector<double> scores(2);
  std::vector<std::uint32_t> predicted(2);
  const double x[] = {1, 1, -1, -1};
  EXPECT_EQ(model.predict(testing::matrix(x, 4, 2, 2), predicted.data()).kind,
            ErrorKind::not_fitted);
  FitReport report;
  ASSERT_TRUE(model.fit(cmu_example(), report).ok());
  ASSERT_TRUE(model.decision_function(testing::matrix(x, 4, 2, 2), scores.data()).ok());
  EXPECT_EQ(scores, (std::vector<double>{4, -4}));
  ASSERT_TRUE(model.predict(testing::matrix(x, 4, 2, 2), predicted.data()).ok());
  EXPECT_EQ(predicted, (std::vector<std::uint32_t>{1, 0}));
  const double three[] = {1, 1, 1};
  Status s = model.predict(testing::matrix(three, 3, 1, 3), predicted.data());
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message, "X must have 2 columns (the model's feature count); received 3");
}

TEST(Perceptron, FitRejectsBadDataAndKeepsTheModel) {
  Perceptron model = with(no_bias(MistakeRule::sign));
  FitReport report;
  ASSERT_TRUE(model.fit(cmu_example(), report).ok());
  Dataset one_class = make({{1, 2}, {3, 4}}, {5, 5});
  Status s = model.fit(one_class, report);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message,
            "y must hold exactly two distinct classes for a binary perceptron; received 1 class "
            "[5]");
  Dataset three = make({{1, 2}, {3, 4}, {5, 6}}, {1, 2, 3});
  s = model.fit(three, report);
  EXPECT_EQ(s.message,
            "y must hold exactly two distinct classes for a binary perceptron; received 3 "
            "classes [1, 2, 3]");
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
            (std::vector<double>{3, 1}));
}

TEST(Perceptron, RestoreChecksEveryField) {
  Perceptron model;
  Classes classes;
  classes.names = {"ham", "spam"};
  classes.numeric = false;
  EXPECT_TRUE(model.restore(Params{}, classes, {1, 2}, 0.5, 7).ok());
  EXPECT_EQ(model.n_features(), 2u);
  EXPECT_EQ(model.steps(), 7u);
  EXPECT_EQ(model.restore(Params{}, classes, {1, std::nan("")}, 0.5, 7).message,
            "weights[1] must be a finite number; received NaN");
  EXPECT_EQ(model.n_features(), 2u);
  Classes one;
  one.numbers = {1};
  EXPECT_EQ(model.restore(Params{}, one, {1, 2}, 0, 0).kind, ErrorKind::range);
}

}  // namespace
}  // namespace perceptron
