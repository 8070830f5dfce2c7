// The binary perceptron's two ways through fit (models/perceptron_training.cpp): without an
// observer or row weights, the classic variant and precision 'float32' take runs of visits
// (EpochLoop::run_visits over VisitOrder::take; dense rows in dense_run, the others a step at a
// time); with an observer, every step goes through step() and its record. Both must give the
// very same model and report, bit for bit, for every order, rule, margin and storage, also when
// a trainer drives the plain way in slices; and take() gives the rows next() gives.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "perceptron/models/perceptron.hpp"
#include "perceptron/training/trainer.hpp"
#include "perceptron/training/visit_order.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::noisy_data;
using testing::stored_as;

// An observer that only watches: fit then takes the general step, record and all.
class Watcher : public FitObserver {
 public:
  std::uint64_t steps = 0;
  Control on_step(const StepRecord&, std::span<const double>, double) override {
    ++steps;
    return Control::proceed;
  }
};

struct Fitted {
  std::vector<double> weights;
  double bias;
  std::uint64_t steps;
  FitReport report;
};

Fitted fit_with(const Params& params, const Dataset& data, Watcher* watcher) {
  Perceptron model;
  EXPECT_TRUE(model.set_params(params).ok());
  Fitted out;
  EXPECT_TRUE(model.fit(data, out.report, {}, watcher).ok());
  out.weights.assign(model.weights().begin(), model.weights().end());
  out.bias = model.bias();
  out.steps = model.steps();
  return out;
}

void expect_same(const Fitted& plain, const Fitted& watched) {
  EXPECT_EQ(plain.weights, watched.weights);
  EXPECT_EQ(plain.bias, watched.bias);
  EXPECT_EQ(plain.steps, watched.steps);
  EXPECT_EQ(plain.report.steps, watched.report.steps);
  EXPECT_EQ(plain.report.mistakes, watched.report.mistakes);
  EXPECT_EQ(plain.report.epochs, watched.report.epochs);
  EXPECT_EQ(plain.report.converged, watched.report.converged);
  ASSERT_EQ(plain.report.history.size(), watched.report.history.size());
  for (std::size_t e = 0; e < plain.report.history.size(); ++e) {
    EXPECT_EQ(plain.report.history[e].mistakes, watched.report.history[e].mistakes) << e;
  }
}

TEST(PlainFit, EqualsTheObservedFitForEveryOrderRuleAndStorage) {
  // 90 rows x 19 columns: two blocks of 8 and a tail of 3 in every dot and update.
  const Dataset base = noisy_data(90);
  // A selection (rows in another order, one twice): the dense loop reads rows through it.
  std::vector<std::uint32_t> picked;
  for (std::uint32_t i = 0; i < 90; ++i) picked.push_back((i * 37 + 11) % 90);
  picked.push_back(5);
  Dataset selected = base;
  selected.x = base.x.select(picked);
  selected.class_index.clear();
  for (std::uint32_t i : picked) selected.class_index.push_back(base.class_index[i]);
  int cases = 0;
  for (DType dtype : {DType::float64, DType::float32}) {
    for (bool sparse : {false, true}) {
      for (bool select : {false, true}) {
        const Dataset data = stored_as(select ? selected : base, dtype, sparse);
        for (Precision precision : {Precision::float64, Precision::float32}) {
          if (precision == Precision::float32 && dtype != DType::float32) continue;
          for (Order order : {Order::cyclic, Order::shuffle, Order::sample}) {
            for (MistakeRule rule : {MistakeRule::margin, MistakeRule::sign, MistakeRule::strict}) {
              for (double margin : {0.0, 0.75}) {
                Params p;
                p.precision = precision;
                p.order = order;
                p.seed = 3;
                p.mistake_rule = rule;
                p.margin = margin;
                p.learning_rate = 0.625;
                p.fit_intercept = margin == 0;
                p.max_epochs = 6;
                SCOPED_TRACE(::testing::Message()
                             << "dtype " << static_cast<int>(dtype) << " sparse " << sparse
                             << " select " << select << " precision " << static_cast<int>(precision)
                             << " order " << static_cast<int>(order) << " rule "
                             << static_cast<int>(rule) << " margin " << margin);
                Watcher watcher;
                const Fitted plain = fit_with(p, data, nullptr);
                const Fitted watched = fit_with(p, data, &watcher);
                EXPECT_EQ(watcher.steps, watched.report.steps) << "the observer saw every step";
                EXPECT_GT(plain.report.mistakes, 0u);
                expect_same(plain, watched);
                ++cases;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(cases, 2 * 2 * 2 * 3 * 3 * 2 + 2 * 2 * 3 * 3 * 2);
}

TEST(PlainFit, ATrainerInSlicesEqualsFit) {
  const Dataset data = stored_as(noisy_data(70), DType::float32);
  for (Precision precision : {Precision::float64, Precision::float32}) {
    for (Order order : {Order::cyclic, Order::shuffle, Order::sample}) {
      Params p;
      p.precision = precision;
      p.order = order;
      p.seed = 11;
      p.max_epochs = 5;
      const Fitted whole = fit_with(p, data, nullptr);
      for (std::uint64_t slice : {1u, 13u, 70u, 200u}) {
        SCOPED_TRACE(::testing::Message()
                     << "precision " << static_cast<int>(precision) << " order "
                     << static_cast<int>(order) << " slice " << slice);
        Perceptron model;
        ASSERT_TRUE(model.set_params(p).ok());
        Trainer trainer;
        ASSERT_TRUE(model.start_training(trainer, data, {}, nullptr, nullptr).ok());
        while (!trainer.done()) trainer.run(slice);
        FitReport report;
        ASSERT_TRUE(trainer.finish(report).ok());
        const Fitted sliced{std::vector<double>(model.weights().begin(), model.weights().end()),
                            model.bias(), model.steps(), report};
        expect_same(whole, sliced);
      }
    }
  }
}

TEST(VisitOrder, TakeGivesTheRowsNextGives) {
  for (Order order : {Order::cyclic, Order::shuffle, Order::sample}) {
    VisitOrder one_by_one(order, 9, 23);
    VisitOrder in_runs(order, 9, 23);
    std::vector<std::uint32_t> expected, taken;
    for (int k = 0; k < 23 * 4; ++k) expected.push_back(one_by_one.next());
    // Runs of 1, 5, 17 and 23 visits, none past an epoch's end (as EpochLoop asks for them).
    const std::size_t sizes[] = {1, 5, 17, 23};
    std::size_t in_epoch = 0;
    for (std::size_t r = 0; taken.size() < expected.size(); ++r) {
      const std::size_t most = std::min(sizes[r % 4], 23 - in_epoch);
      const VisitOrder::Run run = in_runs.take(most);
      ASSERT_EQ(run.count, most);
      for (std::size_t k = 0; k < run.count; ++k) taken.push_back(run[k]);
      in_epoch = (in_epoch + run.count) % 23;
    }
    EXPECT_EQ(taken, expected) << static_cast<int>(order);
  }
}

}  // namespace
}  // namespace perceptron
