// The resumable trainer (training/trainer.hpp): driven in any slices (single steps, whole
// epochs, runs of n steps) it ends with exactly fit's model and report, for every model kind,
// variant, order and seed; its progress follows a hand-computed trace.
#include "perceptron/training/trainer.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "perceptron/models/kernel.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/passive_aggressive.hpp"
#include "perceptron/models/perceptron.hpp"
#include "perceptron/models/winnow.hpp"
#include "perceptron/support/random.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::make;

// n points in 2-D with `k` classes by angle, a few labels flipped so that training runs long.
Dataset blobs(std::size_t n, int k) {
  std::vector<std::vector<double>> rows;
  std::vector<double> labels;
  for (std::size_t i = 0; i < n; ++i) {
    const double a = std::sin(1.3 * static_cast<double>(i)),
                 b = std::cos(0.9 * static_cast<double>(i) + 2);
    rows.push_back({a, b});
    int label = static_cast<int>(std::floor((std::atan2(b, a) + M_PI) / (2 * M_PI) * k)) % k;
    if (i % 7 == 3) label = (label + 1) % k;
    labels.push_back(k == 2 ? 2 * label - 1 : label);
  }
  return make(rows, labels);
}

// 0/1 features for Winnow: the label is x1 OR x3, with noise.
Dataset boolean_data(std::size_t n) {
  std::vector<std::vector<double>> rows;
  std::vector<double> labels;
  Pcg32 random(11);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> row;
    for (int j = 0; j < 5; ++j) row.push_back(random.bounded(2));
    labels.push_back((row[0] == 1 || row[2] == 1) != (i % 9 == 4) ? 1 : -1);
    rows.push_back(row);
  }
  return make(rows, labels);
}

// Drives `trainer` to its end in slices chosen by `seed`: a step, an epoch, 1..40 steps, or
// 1..40 steps stopping at an epoch's end.
void drive_in_slices(Trainer& trainer, std::uint64_t seed) {
  Pcg32 random(seed);
  while (!trainer.done()) {
    switch (random.bounded(4)) {
      case 0:
        trainer.run(1);
        break;
      case 1:
        trainer.finish_epoch();
        break;
      case 2:
        trainer.finish_epoch(1 + random.bounded(40));
        break;
      default:
        trainer.run(1 + random.bounded(40));
    }
  }
}

void expect_same_report(const FitReport& a, const FitReport& b) {
  EXPECT_EQ(a.epochs, b.epochs);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_EQ(a.mistakes, b.mistakes);
  EXPECT_EQ(a.converged, b.converged);
  EXPECT_EQ(a.best_epoch, b.best_epoch);
  EXPECT_EQ(a.stopped_early, b.stopped_early);
  ASSERT_EQ(a.history.size(), b.history.size());
  for (std::size_t e = 0; e < a.history.size(); ++e) {
    EXPECT_EQ(a.history[e].steps, b.history[e].steps);
    EXPECT_EQ(a.history[e].mistakes, b.history[e].mistakes);
  }
}

// fit on one model, the trainer in slices on another: the same report and (compared by
// `same`) the same model, for each order and seed.
template <typename M, typename Configure, typename Start, typename Same>
void check_against_fit(const Dataset& data, Configure configure, Start start, Same same) {
  for (Order order : {Order::cyclic, Order::shuffle, Order::sample}) {
    for (std::uint64_t seed : {0u, 7u, 12345u}) {
      SCOPED_TRACE(::testing::Message() << "order " << static_cast<int>(order) << " seed " << seed);
      M fitted, driven;
      configure(fitted, order, seed);
      configure(driven, order, seed);
      FitReport expected, got;
      Trainer whole;
      ASSERT_TRUE(start(fitted, whole).ok());
      ASSERT_TRUE(whole.finish(expected).ok());
      Trainer trainer;
      ASSERT_TRUE(start(driven, trainer).ok());
      drive_in_slices(trainer, seed + 1);
      ASSERT_TRUE(trainer.finish(got).ok());
      expect_same_report(expected, got);
      EXPECT_EQ(trainer.progress().t, expected.steps);
      EXPECT_EQ(trainer.progress().mistakes, expected.mistakes);
      same(fitted, driven);
      // And fit itself is the trainer run to its end.
      M plain;
      configure(plain, order, seed);
      FitReport by_fit;
      ASSERT_TRUE(plain.fit(data, by_fit).ok());
      expect_same_report(expected, by_fit);
      same(fitted, plain);
    }
  }
}

template <typename P>
void set_common(P& p, Order order, std::uint64_t seed) {
  p.order = order;
  p.seed = seed;
  p.max_epochs = 30;
}

TEST(Trainer, FollowsTheTraceStepByStep) {
  // Classic, margin rule, cyclic. Step 1: w.x + b = 0 for (1, 1), +1: a mistake, w = (1, 1),
  // b = 1. Step 2: (-1, -1), -1 scores -1: right. Epoch 1 had a mistake; epoch 2 has none.
  const Dataset data = make({{1, 1}, {-1, -1}}, {1, -1});
  Perceptron model;
  Trainer trainer;
  ASSERT_TRUE(model.start_training(trainer, data).ok());
  EXPECT_EQ(model.weights().size(), 2u);  // set up at zero before any step
  EXPECT_EQ(trainer.progress().t, 0u);
  trainer.run(1);
  EXPECT_EQ(trainer.progress().t, 1u);
  EXPECT_EQ(trainer.progress().epoch, 1u);
  EXPECT_EQ(trainer.progress().index, 0u);
  EXPECT_TRUE(trainer.progress().mistake);
  EXPECT_EQ(model.weights()[0], 1.0);
  EXPECT_EQ(model.bias(), 1.0);
  trainer.run(1);
  EXPECT_FALSE(trainer.progress().mistake);
  EXPECT_EQ(trainer.progress().epochs_ended, 1u);  // the epoch ends with its last step
  EXPECT_EQ(trainer.progress().last_epoch.mistakes, 1u);
  EXPECT_FALSE(trainer.done());
  trainer.finish_epoch(1);  // a budget ends the epoch's run sooner
  EXPECT_EQ(trainer.progress().t, 3u);
  EXPECT_EQ(trainer.progress().epochs_ended, 1u);
  trainer.finish_epoch(5);  // and the epoch's end ends the budget's
  EXPECT_EQ(trainer.progress().t, 4u);
  EXPECT_EQ(trainer.progress().epochs_ended, 2u);
  EXPECT_TRUE(trainer.progress().converged);
  EXPECT_TRUE(trainer.done());  // converged: nothing runs after the epoch that decided it
  EXPECT_EQ(trainer.report().epochs, 2u);
  trainer.run(5);  // nothing left
  EXPECT_EQ(trainer.progress().t, 4u);
}

TEST(Trainer, ReportsErrorsAtStartAndLeavesTheModel) {
  Perceptron model;
  FitReport report;
  ASSERT_TRUE(model.fit(testing::and_gate(), report).ok());
  const std::vector<double> before(model.weights().begin(), model.weights().end());
  Trainer trainer;
  const Status s = model.start_training(trainer, make({{1, 2}, {3, 4}}, {1, 1}));
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message.find("exactly two distinct classes"), std::string::npos);
  EXPECT_TRUE(trainer.done());
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()), before);
}

TEST(Trainer, PerceptronEveryVariantInSlicesEqualsFit) {
  const Dataset data = blobs(40, 2);
  for (Variant variant : {Variant::classic, Variant::averaged, Variant::voted, Variant::pocket}) {
    SCOPED_TRACE(static_cast<int>(variant));
    check_against_fit<Perceptron>(
        data,
        [&](Perceptron& m, Order order, std::uint64_t seed) {
          Params p;
          set_common(p, order, seed);
          p.variant = variant;
          ASSERT_TRUE(m.set_params(p).ok());
        },
        [&](Perceptron& m, Trainer& t) { return m.start_training(t, data); },
        [](const Perceptron& a, const Perceptron& b) {
          std::vector<double> wa, wb;
          double ba = 0, bb = 0;
          a.predicting_weights(wa, ba);
          b.predicting_weights(wb, bb);
          EXPECT_EQ(wa, wb);
          EXPECT_EQ(ba, bb);
          EXPECT_EQ(a.steps(), b.steps());
        });
  }
}

TEST(Trainer, EarlyStoppingInSlicesEqualsFit) {
  const Dataset data = blobs(60, 2);
  check_against_fit<Perceptron>(
      data,
      [](Perceptron& m, Order order, std::uint64_t seed) {
        Params p;
        set_common(p, order, seed);
        p.early_stopping = true;
        p.validation_fraction = 0.25;
        p.patience = 3;
        ASSERT_TRUE(m.set_params(p).ok());
      },
      [&](Perceptron& m, Trainer& t) { return m.start_training(t, data); },
      [](const Perceptron& a, const Perceptron& b) {
        EXPECT_EQ(std::vector<double>(a.weights().begin(), a.weights().end()),
                  std::vector<double>(b.weights().begin(), b.weights().end()));
        EXPECT_EQ(a.bias(), b.bias());
      });
}

TEST(Trainer, MulticlassEveryStrategyInSlicesEqualsFit) {
  const Dataset data = blobs(45, 3);
  for (Strategy strategy : {Strategy::joint, Strategy::ovr, Strategy::ovo}) {
    SCOPED_TRACE(static_cast<int>(strategy));
    check_against_fit<MulticlassPerceptron>(
        data,
        [&](MulticlassPerceptron& m, Order order, std::uint64_t seed) {
          MulticlassParams p;
          set_common(p.base, order, seed);
          p.strategy = strategy;
          ASSERT_TRUE(m.set_params(p).ok());
        },
        [&](MulticlassPerceptron& m, Trainer& t) { return m.start_training(t, data); },
        [&](const MulticlassPerceptron& a, const MulticlassPerceptron& b) {
          std::vector<double> sa(data.rows() * 3), sb(data.rows() * 3);
          ASSERT_TRUE(a.decision_function(data.x, sa.data()).ok());
          ASSERT_TRUE(b.decision_function(data.x, sb.data()).ok());
          EXPECT_EQ(sa, sb);
          EXPECT_EQ(a.steps(), b.steps());
        });
  }
}

TEST(Trainer, KernelWinnowAndPassiveAggressiveInSlicesEqualFit) {
  const Dataset data = blobs(30, 2);
  check_against_fit<KernelPerceptron>(
      data,
      [](KernelPerceptron& m, Order order, std::uint64_t seed) {
        KernelParams p;
        set_common(p.base, order, seed);
        p.budget = 8;
        ASSERT_TRUE(m.set_params(p).ok());
      },
      [&](KernelPerceptron& m, Trainer& t) { return m.start_training(t, data); },
      [](const KernelPerceptron& a, const KernelPerceptron& b) {
        EXPECT_EQ(a.coefficients(), b.coefficients());
        EXPECT_EQ(a.support_vectors(), b.support_vectors());
        EXPECT_EQ(a.bias(), b.bias());
      });
  const Dataset boolean = boolean_data(40);
  check_against_fit<Winnow>(
      boolean,
      [](Winnow& m, Order order, std::uint64_t seed) {
        WinnowParams p;
        set_common(p.base, order, seed);
        ASSERT_TRUE(m.set_params(p).ok());
      },
      [&](Winnow& m, Trainer& t) { return m.start_training(t, boolean); },
      [](const Winnow& a, const Winnow& b) { EXPECT_EQ(a.weights(), b.weights()); });
  const Dataset three = blobs(45, 3);
  check_against_fit<PassiveAggressive>(
      three,
      [](PassiveAggressive& m, Order order, std::uint64_t seed) {
        PaParams p;
        set_common(p.base, order, seed);
        ASSERT_TRUE(m.set_params(p).ok());
      },
      [&](PassiveAggressive& m, Trainer& t) { return m.start_training(t, three); },
      [](const PassiveAggressive& a, const PassiveAggressive& b) {
        EXPECT_EQ(a.weights(), b.weights());
        EXPECT_EQ(a.biases(), b.biases());
      });
}

TEST(Trainer, TheLastEpochEndsTrainingAtOnce) {
  // finish_epoch() of the last epoch (maxEpochs, or the last block of 'sample') leaves the
  // training done, with fit's model: no further call is needed to end it. For ovr/ovo, the last
  // binary model's last epoch ends the whole training (its steps counted in the model).
  const Dataset two = blobs(40, 2);
  const Dataset three = blobs(45, 3);
  for (Order order : {Order::cyclic, Order::sample}) {
    SCOPED_TRACE(static_cast<int>(order));
    Params p;
    set_common(p, order, 3);
    p.max_epochs = 4;
    Perceptron driven, fitted;
    ASSERT_TRUE(driven.set_params(p).ok());
    ASSERT_TRUE(fitted.set_params(p).ok());
    FitReport expected;
    ASSERT_TRUE(fitted.fit(two, expected).ok());
    ASSERT_FALSE(expected.converged);
    Trainer trainer;
    ASSERT_TRUE(driven.start_training(trainer, two).ok());
    for (std::uint64_t e = 0; e < expected.epochs; ++e) {
      EXPECT_FALSE(trainer.done());
      trainer.finish_epoch();
    }
    EXPECT_TRUE(trainer.done());
    EXPECT_EQ(trainer.progress().t, expected.steps);
    EXPECT_EQ(std::vector<double>(driven.weights().begin(), driven.weights().end()),
              std::vector<double>(fitted.weights().begin(), fitted.weights().end()));
  }
  for (Strategy strategy : {Strategy::ovr, Strategy::ovo}) {
    SCOPED_TRACE(static_cast<int>(strategy));
    MulticlassParams p;
    set_common(p.base, Order::cyclic, 0);
    p.base.max_epochs = 3;
    p.strategy = strategy;
    MulticlassPerceptron driven, fitted;
    ASSERT_TRUE(driven.set_params(p).ok());
    ASSERT_TRUE(fitted.set_params(p).ok());
    FitReport expected;
    ASSERT_TRUE(fitted.fit(three, expected).ok());
    Trainer trainer;
    ASSERT_TRUE(driven.start_training(trainer, three).ok());
    std::uint64_t epochs = 0;
    while (trainer.progress().t < expected.steps) {
      EXPECT_FALSE(trainer.done());
      trainer.finish_epoch();
      ++epochs;
    }
    EXPECT_TRUE(trainer.done());
    EXPECT_EQ(driven.steps(), fitted.steps());
    EXPECT_EQ(driven.steps(), expected.steps);
    EXPECT_EQ(trainer.progress().part, 2u);  // three binary models in either strategy
    std::uint64_t history_epochs = 0;
    for (const EpochRecord& e : expected.history) history_epochs += e.steps > 0;
    EXPECT_GE(epochs, history_epochs);
  }
}

TEST(Trainer, AStopRequestedBetweenEpochsEndsTheRunThere) {
  // Winnow on noisy data (it never converges in 30 epochs): stopped after epoch 3, the model
  // is fit's with maxEpochs 3 and the report says stopped, with three epochs of history.
  const Dataset boolean = boolean_data(40);
  WinnowParams p;
  set_common(p.base, Order::shuffle, 5);
  Winnow stopped, three;
  ASSERT_TRUE(stopped.set_params(p).ok());
  p.base.max_epochs = 3;
  ASSERT_TRUE(three.set_params(p).ok());
  Trainer trainer;
  ASSERT_TRUE(stopped.start_training(trainer, boolean).ok());
  for (int k = 0; k < 3; ++k) trainer.finish_epoch();
  ASSERT_FALSE(trainer.done());
  trainer.progress().stop_requested = true;
  FitReport report, expected;
  ASSERT_TRUE(trainer.finish(report).ok());
  ASSERT_TRUE(three.fit(boolean, expected).ok());
  EXPECT_TRUE(report.stopped);
  EXPECT_FALSE(expected.stopped);
  EXPECT_EQ(report.epochs, 3u);
  EXPECT_EQ(report.history.size(), 3u);
  EXPECT_EQ(report.steps, expected.steps);
  EXPECT_EQ(report.mistakes, expected.mistakes);
  EXPECT_EQ(stopped.weights(), three.weights());
}

}  // namespace
}  // namespace perceptron
