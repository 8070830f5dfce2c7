// Estimator<M>: a model with its options, scaler, class and sample weights, partialFit's classes,
// the put-back on overflow, fit under an observer and the trainer. The numbers are worked by
// hand for the classic perceptron (mistake rule margin: update iff y(w.x + b) <= 0, by
// weight * y * x and weight * y).
#include "perceptron/estimator/estimator.hpp"

#include <gtest/gtest.h>

#include <tuple>

#include "perceptron/estimator/observer.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::make;

ClassWeight weights(std::vector<std::string> names, std::vector<double> values) {
  ClassWeight out;
  for (const auto& name : names) out.numbers.push_back(std::stod(name));
  out.names = std::move(names);
  out.values = std::move(values);
  return out;
}

// Rows of one feature, no labels: what predict reads.
Dataset column(std::vector<double> values) {
  Dataset out;
  const std::size_t rows = values.size();
  out.x = Matrix::from_values(std::move(values), rows, 1);
  return out;
}

std::pair<double, double> line_of(const Estimator<Perceptron>& e) {
  return {e.model().weights()[0], e.model().bias()};
}

// x = 1 (+1) weighs 2, x = -1 (-1) weighs 0.5: step 1 scores 0, w = 2, b = 2; step 2 scores
// -2 + 2 = 0, w = 2 + 0.5 = 2.5, b = 2 - 0.5 = 1.5; epoch 2 makes no mistake.
TEST(Estimator, ClassWeightScalesEachClassUpdates) {
  ModelOptions options;
  options.class_weight = weights({"1", "-1"}, {2, 0.5});
  Estimator<Perceptron> e;
  ASSERT_TRUE(e.configure(options).ok());
  FitReport report;
  ASSERT_TRUE(e.fit(make({{1}, {-1}}, {1, -1}), {}, report).ok());
  EXPECT_EQ(line_of(e), std::make_pair(2.5, 1.5));
  EXPECT_EQ(report.mistakes, 2u);
  // A sample weight multiplies the class weight: 2 * 0.5 = 1 for the first row.
  ASSERT_TRUE(e.fit(make({{1}, {-1}}, {1, -1}), {{0.5, 1}}, report).ok());
  EXPECT_EQ(line_of(e), std::make_pair(1.5, 0.5));
}

// n = 3, K = 2: the positive class weighs 3 / (2 * 1) = 1.5, the negative 3 / (2 * 2) = 0.75.
// Step 1: w = 1.5, b = 1.5; step 2 scores 0: w = 2.25, b = 0.75; then no mistake.
TEST(Estimator, BalancedClassWeight) {
  ModelOptions options;
  options.class_weight = ClassWeight{};
  options.class_weight->balanced = true;
  Estimator<Perceptron> e;
  ASSERT_TRUE(e.configure(options).ok());
  FitReport report;
  ASSERT_TRUE(e.fit(make({{1}, {-1}, {-1}}, {1, -1, -1}), {}, report).ok());
  EXPECT_EQ(line_of(e), std::make_pair(2.25, 0.75));
}

TEST(Estimator, ClassWeightMessages) {
  ModelOptions options;
  options.class_weight = weights({"1"}, {-2});
  Estimator<Perceptron> e;
  const Status bad = e.configure(options);
  EXPECT_EQ(bad.kind, ErrorKind::range);
  EXPECT_EQ(bad.message, "option classWeight[\"1\"] must be a finite number >= 0; received -2");
  options.class_weight = weights({"7"}, {1});
  ASSERT_TRUE(e.configure(options).ok());
  FitReport report;
  const Status unknown = e.fit(make({{1}, {-1}}, {1, -1}), {}, report);
  EXPECT_EQ(unknown.message,
            "option classWeight key \"7\" must be one of the classes [-1, 1]; received 7");
  EXPECT_FALSE(e.model().fitted());
  // learnOne takes the weight of its label's class; 'balanced' needs the whole training set.
  options.class_weight = weights({"1"}, {2});
  options.values = {{"fitIntercept", false}};
  Estimator<Perceptron> online;
  ASSERT_TRUE(online.configure(options).ok());
  StepRecord step;
  Classes binary{true, {-1, 1}, {}};
  ASSERT_TRUE(online.learn_one({1, 1}, 1.0, &binary, step).ok());
  EXPECT_EQ(online.model().weights()[0], 2);
  // partialFit and learnOne read the keys against the classes before the rows (label 5 too).
  const std::string key7 =
      "option classWeight key \"7\" must be one of the classes [-1, 1]; received 7";
  options.class_weight = weights({"7"}, {1});
  Estimator<Perceptron> keyed;
  ASSERT_TRUE(keyed.configure(options).ok());
  EXPECT_EQ(keyed.partial_fit(make({{1, 1}}, {5}), &binary, {}, report).message, key7);
  EXPECT_EQ(keyed.learn_one({1, 1}, 5.0, &binary, step).message, key7);
  options.class_weight->balanced = true;
  Estimator<Perceptron> balanced;
  ASSERT_TRUE(balanced.configure(options).ok());
  EXPECT_EQ(balanced.learn_one({1, 1}, 1.0, &binary, step).message,
            "classWeight 'balanced' needs the whole training set; learnOne takes one example, "
            "so give classWeight as {label: weight}");
}

TEST(Estimator, PartialFitClasses) {
  const Dataset batch = make({{1}, {-1}}, {1, -1});
  FitReport report;
  Estimator<Perceptron> p;
  EXPECT_EQ(p.partial_fit(batch, nullptr, {}, report).message,
            "the first partialFit call needs the classes: partialFit(X, y, {classes: [...]})");
  Classes one{true, {1}, {}};
  EXPECT_EQ(p.partial_fit(batch, &one, {}, report).message,
            "classes must hold exactly two distinct classes for Perceptron; received 1 class [1]");
  Estimator<MulticlassPerceptron> m;
  Classes none{true, {}, {}};
  EXPECT_EQ(m.partial_fit(batch, &none, {}, report).message,
            "classes must hold at least two distinct classes; received 0 classes []");
  Classes binary{true, {-1, 1}, {}};
  ASSERT_TRUE(p.partial_fit(batch, &binary, {}, report).ok());
  Classes other{true, {0, 1}, {}};
  const Status fixed = p.partial_fit(batch, &other, {}, report);
  EXPECT_EQ(fixed.kind, ErrorKind::range);
  EXPECT_EQ(fixed.message,
            "classes are fixed by the first partialFit call or fit: they must be the model's "
            "classes [-1, 1]; received [0, 1]");
  ModelOptions options;
  options.class_weight = ClassWeight{};
  options.class_weight->balanced = true;
  Estimator<Perceptron> balanced;
  ASSERT_TRUE(balanced.configure(options).ok());
  EXPECT_EQ(balanced.partial_fit(batch, &binary, {}, report).message,
            "classWeight 'balanced' needs the whole training set; give classWeight as "
            "{label: weight} for partialFit");
}

// minMax on x = 0, 10: shift 0, scale 10, so the model trains on 0 and 1. Epoch 1: b = -1, then
// w = 1, b = 0; epoch 2: 0 scores 0 (b = -1), 1 scores 0 (w = 2, b = 0); epoch 3: b = -1; then
// no mistake: w = 2, b = -1. Predicting x = 0, 10, 20 reads 0, 1, 2: scores -1, 1, 3.
TEST(Estimator, ScalerAppliedAtPrediction) {
  ModelOptions options;
  options.preprocess = Scaling::min_max;
  Estimator<Perceptron> e;
  ASSERT_TRUE(e.configure(options).ok());
  FitReport report;
  ASSERT_TRUE(e.fit(make({{0}, {10}}, {-1, 1}), {}, report).ok());
  EXPECT_EQ(line_of(e), std::make_pair(2.0, -1.0));
  EXPECT_EQ(e.scaling().scaler->scale, std::vector<double>{10});
  std::vector<double> scores;
  ASSERT_TRUE(e.decision_function(column({0, 10, 20}), scores).ok());
  EXPECT_EQ(scores, (std::vector<double>{-1, 1, 3}));
  std::vector<std::uint32_t> predicted;
  ASSERT_TRUE(e.predict(column({0, 20}), predicted).ok());
  EXPECT_EQ(predicted, (std::vector<std::uint32_t>{0, 1}));
}

// learningRate 1e308 times x = 1e308 is Infinity: the model is put back, the error names it.
TEST(Estimator, PutBackOnOverflow) {
  Estimator<Perceptron> e;
  FitReport report;
  ASSERT_TRUE(e.fit(make({{1}, {-1}}, {1, -1}), {}, report).ok());
  const auto before = line_of(e);
  ModelOptions options;
  options.values = {{"learningRate", 1e308}};
  ASSERT_TRUE(e.configure(options).ok());
  const Status s = e.fit(make({{1e308}, {-1e308}}, {1, -1}), {}, report);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message.rfind("training overflowed: weights[0] became Infinity (the model is as it "
                            "was before the call); lower the learning rate",
                            0),
            0u)
      << s.message;
  EXPECT_EQ(line_of(e), before);
}

// Stops after the second step, or aborts at the first (the model put back).
class StopAt final : public TrainingObserver {
 public:
  StopAt(std::uint64_t t, Control answer) : t_(t), answer_(answer) {}
  bool watches_steps() const override { return true; }
  bool watches_epochs() const override { return false; }
  Control on_step(const Progress& p, const StepDetail&) override {
    return p.t == t_ ? answer_ : Control::proceed;
  }
  Control on_epoch(const EpochRecord&, std::size_t) override { return Control::proceed; }

 private:
  std::uint64_t t_;
  Control answer_;
};

TEST(Estimator, FitUnderAnObserverAndTheTrainer) {
  const Dataset data = make({{1}, {-1}}, {1, -1});
  Estimator<Perceptron> e;
  FitReport report;
  const auto observed = [](TrainingObserver& observer) {
    return [&observer](Perceptron& m, const Dataset& d, FitReport& r, const FitInputs& in) {
      return fit_observed(m, d, r, in, observer);
    };
  };
  StopAt stop(2, Control::stop);
  ASSERT_TRUE(e.fit(data, {}, report, observed(stop)).ok());
  EXPECT_TRUE(report.stopped);
  EXPECT_EQ(report.steps, 2u);
  EXPECT_EQ(line_of(e), std::make_pair(2.0, 0.0));  // w = 1, b = 1; then w = 2, b = 0
  StopAt abort(1, Control::abort);
  ASSERT_TRUE(e.fit(data, {}, report, observed(abort)).ok());
  EXPECT_TRUE(report.aborted);
  EXPECT_EQ(line_of(e), std::make_pair(2.0, 0.0));
  ASSERT_TRUE(e.start_training(data, {}).ok());
  EXPECT_EQ(e.trainer_id(), 1u);
  ASSERT_TRUE(e.run_trainer(TrainerRun::steps, 1).ok());
  EXPECT_EQ(e.trainer()->progress().t, 1u);
  ASSERT_TRUE(e.run_trainer(TrainerRun::end, 0).ok());
  EXPECT_TRUE(e.trainer()->done());
  ASSERT_TRUE(e.fit(data, {}, report).ok());  // a call that changes the model ends it
  EXPECT_EQ(e.trainer_id(), 0u);
}

// Keeps every step and epoch end a traced kind's fit reports.
class Steps final : public TraceObserver {
 public:
  Control on_step(const TraceStep& s) override {
    steps.push_back({s.t, s.label, s.mistake, s.weights[0], s.biases[0]});
    return Control::proceed;
  }
  Control on_epoch(const EpochRecord& e, std::span<const double> w,
                   std::span<const double> b) override {
    epochs.push_back({e.epoch, w[0], b[0]});
    return Control::proceed;
  }
  std::vector<std::tuple<std::uint64_t, int, bool, double, double>> steps;
  std::vector<std::tuple<std::uint64_t, double, double>> epochs;
};

// fit_traced and TraceRecorder: the Perceptron's steps with the weights after each (w = 1, b = 1;
// then w = 2, b = 0; epoch 2 makes no mistake), from the initial weights when given.
TEST(Estimator, TracedFitAndTheTrainersLastStep) {
  const Dataset data = make({{1}, {-1}}, {1, -1});
  Estimator<Perceptron> e;
  FitReport report;
  Steps seen;
  const auto traced = [&](const InitialWeights* initial) {
    return [&, initial](Perceptron& m, const Dataset& d, FitReport& r, const FitInputs& in) {
      ModelOf<Perceptron> any(std::move(m));
      const Status s = fit_traced(any, d, r, in, &seen, initial);
      m = std::move(any.model);
      return s;
    };
  };
  ASSERT_TRUE(e.fit(data, {}, report, traced(nullptr)).ok());
  ASSERT_EQ(seen.steps.size(), 4u);
  EXPECT_EQ(seen.steps[0], std::make_tuple(1u, 1, true, 1.0, 1.0));
  EXPECT_EQ(seen.steps[1], std::make_tuple(2u, -1, true, 2.0, 0.0));
  EXPECT_EQ(seen.epochs.back(), std::make_tuple(2u, 2.0, 0.0));
  seen = Steps();
  const InitialWeights initial{{5}, 0};  // no mistake at all
  ASSERT_TRUE(e.fit(data, {}, report, traced(&initial)).ok());
  EXPECT_EQ(std::get<2>(seen.steps[0]), false);
  EXPECT_EQ(line_of(e), std::make_pair(5.0, 0.0));

  TraceRecorder recorder;
  ASSERT_TRUE(
      e.start_training(data, {},
                       [&](Perceptron& m, Trainer& t, const Dataset& d, const FitInputs& in) {
                         return m.start_training(t, d, in, &recorder);
                       })
          .ok());
  ASSERT_TRUE(e.run_trainer(TrainerRun::steps, 1).ok());
  const TraceStep last = recorder.last(e.any_model());
  EXPECT_EQ(last.t, 1u);
  EXPECT_EQ(last.weights[0], 1.0);
  EXPECT_EQ(last.biases[0], 1.0);
}

}  // namespace
}  // namespace perceptron
