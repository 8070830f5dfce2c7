// estimator/saved_io: a fitted model with its scaler written as JSON text and read back into a
// fresh model of the same options predicts the same scores to the bit, and writes the same
// text; a failed read leaves the model and its scaler as they were.
#include "perceptron/estimator/saved_io.hpp"

#include <gtest/gtest.h>

#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/perceptron.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::configured;
using testing::make;

template <Model M>
std::vector<double> scores_of(const M& model, const InputScaling& scaling, const Dataset& data) {
  Dataset scaled;
  EXPECT_TRUE(scaling.for_prediction(data, scaled).ok());
  std::vector<double> out(data.rows() * model.scores_per_row());
  EXPECT_TRUE(model.decision_function(scaled.x, out.data()).ok());
  return out;
}

// Fits `model` (standardized first), saves it, reads the text back into a copy of `fresh`.
template <Model M>
void check_round_trip(SavedKind kind, M model, const Dataset& data) {
  const M fresh = model;
  InputScaling scaling;
  scaling.kind = Scaling::standardize;
  Dataset scaled;
  std::optional<Scaler> used;
  ASSERT_TRUE(scaling.for_training(data, true, scaled, used).ok());
  scaling.commit(used);
  FitReport report;
  ASSERT_TRUE(model.fit(scaled, report).ok());

  const std::string options = R"({"preprocess":"standardize"})";
  const std::string text = saved_text_of(kind, model, options, scaling, {"a", "b"});

  json::Value document;
  ASSERT_TRUE(json::parse(text, document).ok());
  M copy = fresh;
  InputScaling copy_scaling;
  copy_scaling.kind = Scaling::standardize;
  std::optional<std::vector<std::string>> vocabulary;
  const Status s = restore_saved(document, kind, copy, copy_scaling, vocabulary);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_EQ(scores_of(copy, copy_scaling, data), scores_of(model, scaling, data));
  EXPECT_EQ(saved_text_of(kind, copy, options, copy_scaling, {"a", "b"}), text);
  ASSERT_TRUE(vocabulary.has_value());
  EXPECT_EQ(*vocabulary, (std::vector<std::string>{"a", "b"}));

  // A bad vocabulary is refused after the model read: the fresh model stays fresh.
  json::Value bad = document;
  bad.set("vocabulary", json::Value::array());
  M untouched = fresh;
  InputScaling untouched_scaling;
  untouched_scaling.kind = Scaling::standardize;
  const Status refused = restore_saved(bad, kind, untouched, untouched_scaling, vocabulary);
  EXPECT_EQ(refused.message, "field vocabulary must hold nFeatures = 2 names; received 0");
  EXPECT_FALSE(untouched.fitted());
}

TEST(SavedIo, PerceptronVariantsRoundTrip) {
  const Dataset data = make({{1, 2}, {2, -1}, {-1, -2}, {-2, 1.5}, {0.5, 0.25}}, {1, 1, -1, -1, 1});
  for (const Variant variant :
       {Variant::classic, Variant::averaged, Variant::voted, Variant::pocket}) {
    check_round_trip(SavedKind::perceptron,
                     configured<Perceptron>([&](Params& p) { p.variant = variant; }), data);
  }
}

TEST(SavedIo, MulticlassStrategiesRoundTrip) {
  const Dataset data =
      make({{1, 2}, {2, -1}, {-1, -2}, {-2, 1.5}, {0.5, 0.25}, {3, 3}}, {0, 1, 2, 0, 1, 2});
  for (const Strategy strategy : {Strategy::joint, Strategy::ovr, Strategy::ovo}) {
    check_round_trip(SavedKind::multiclass, configured<MulticlassPerceptron>([&](auto& p) {
                       p.strategy = strategy;
                       p.base.variant = Variant::averaged;
                     }),
                     data);
  }
}

}  // namespace
}  // namespace perceptron
