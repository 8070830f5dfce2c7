// The one model concept (models/model.hpp), for every kind through the same code: save and
// restore round-trip exactly (a restored model predicts and trains on as the original), and a
// saved model with any array missing, shortened or made non-finite is refused with the model
// unchanged.
#include "perceptron/models/model.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "perceptron/models/kernel.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/passive_aggressive.hpp"
#include "perceptron/models/perceptron.hpp"
#include "perceptron/models/winnow.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::configured;
using testing::make;

// 0/1 features (Winnow reads no other), three classes for the kinds that take them.
Dataset data_for(std::size_t classes) {
  std::vector<std::vector<double>> rows;
  std::vector<double> labels;
  for (int i = 0; i < 24; ++i) {
    const double a = i % 2, b = (i / 2) % 2, c = (i / 4) % 2;
    rows.push_back({a, b, c});
    labels.push_back(classes == 2 ? (a + c > 0 ? 1 : -1) : static_cast<double>((i / 3) % 3));
  }
  return make(rows, labels);
}

std::vector<double> scores_of(const auto& model, const Dataset& data) {
  std::vector<double> out(data.rows() * model.scores_per_row());
  EXPECT_TRUE(model.decision_function(data.x, out.data()).ok());
  return out;
}

// fit, save, restore into a fresh model of the same options: the same save, scores and,
// after one more pass on both, the same model. Then every array tampered with is refused.
template <Model M>
void check_round_trip(M model, const Dataset& data) {
  FitReport report;
  ASSERT_TRUE(model.fit(data, report).ok());
  const SavedModel saved = model.save();
  EXPECT_EQ(saved.n_features, data.cols());
  EXPECT_EQ(saved.steps, model.steps());

  M copy;
  ASSERT_TRUE(copy.set_params(model.params()).ok());
  ASSERT_TRUE(copy.restore(model.params(), saved).ok());
  EXPECT_EQ(scores_of(copy, data), scores_of(model, data));
  ASSERT_TRUE(model.partial_fit(data, report).ok());
  ASSERT_TRUE(copy.partial_fit(data, report).ok());
  EXPECT_EQ(scores_of(copy, data), scores_of(model, data));
  EXPECT_EQ(copy.steps(), model.steps());

  // Tampered: each array of the saved model (and of its first part) missing, one value short,
  // or holding NaN. Each is refused and the copy keeps its scores.
  const std::vector<double> kept = scores_of(copy, data);
  auto tampered = [&](auto change) {
    SavedModel bad = saved;
    change(bad);
    return bad;
  };
  std::vector<SavedModel> bad;
  auto spoil = [&](auto& arrays, auto at) {
    for (std::size_t k = 0; k < arrays.size(); ++k) {
      if (arrays[k].second.empty()) continue;
      bad.push_back(tampered([&](SavedModel& s) { at(s)[k].second.push_back(1); }));
      bad.push_back(tampered(
          [&](SavedModel& s) { at(s)[k].second[0] = std::numeric_limits<double>::quiet_NaN(); }));
      bad.push_back(tampered([&](SavedModel& s) { at(s).erase(at(s).begin() + k); }));
    }
  };
  spoil(saved.arrays, [](SavedModel& s) -> NamedArrays& { return s.arrays; });
  spoil(saved.state, [](SavedModel& s) -> NamedArrays& { return s.state; });
  if (!saved.parts.empty()) {
    spoil(saved.parts[0].arrays, [](SavedModel& s) -> NamedArrays& { return s.parts[0].arrays; });
    bad.push_back(tampered([](SavedModel& s) { s.parts.pop_back(); }));
  }
  bad.push_back(tampered([](SavedModel& s) { s.classes = Classes{}; }));
  ASSERT_GT(bad.size(), 3u);
  for (const SavedModel& b : bad) {
    const Status s = copy.restore(model.params(), b);
    EXPECT_FALSE(s.ok());
    EXPECT_FALSE(s.message.empty());
    EXPECT_EQ(scores_of(copy, data), kept) << s.message;
  }
}

TEST(Model, PerceptronOfEveryVariantRoundTrips) {
  for (Variant v : {Variant::classic, Variant::averaged, Variant::voted, Variant::pocket}) {
    check_round_trip(configured<Perceptron>([&](Params& p) { p.variant = v; }), data_for(2));
  }
}

TEST(Model, MulticlassOfEveryStrategyRoundTrips) {
  for (Strategy s : {Strategy::joint, Strategy::ovr, Strategy::ovo}) {
    check_round_trip(configured<MulticlassPerceptron>([&](MulticlassParams& p) {
                       p.strategy = s;
                       p.base.variant = Variant::averaged;
                     }),
                     data_for(3));
  }
}

TEST(Model, KernelWinnowAndPassiveAggressiveRoundTrip) {
  check_round_trip(KernelPerceptron{}, data_for(2));
  check_round_trip(Winnow{}, data_for(2));
  check_round_trip(configured<Winnow>([](WinnowParams& p) { p.balanced = true; }), data_for(2));
  check_round_trip(PassiveAggressive{}, data_for(2));
  check_round_trip(PassiveAggressive{}, data_for(3));
}

}  // namespace
}  // namespace perceptron
