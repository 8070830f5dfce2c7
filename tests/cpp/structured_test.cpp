// The structured perceptron (models/structured.hpp) on the three-word example worked by hand:
// "the dog barks", tags D N V, one feature per word. Epoch 1 from w = 0: every score ties, and
// Viterbi keeps the smallest tag id, so it predicts D D D; the update adds Phi(gold) - Phi(D D D):
// E[N][dog] = 1, E[D][dog] = -1, E[V][barks] = 1, E[D][barks] = -1 (the first token's D cancels),
// T[D][N] = 1, T[N][V] = 1, T[D][D] = -2 (start->D cancels). Epoch 2: Viterbi's deltas are
// [0, 0, 0], [-1, 2, 0], [1, 2, 4]: D N V with score 4 = w . Phi(gold), no mistake, so training
// ends: 2 epochs, 2 steps, 1 mistake.
#include "perceptron/models/structured.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace perceptron {
namespace {

constexpr std::uint32_t D = 0, N = 1, V = 2;

Sequences three_words() {
  Sequences s;
  s.tokens = Matrix::from_values({1, 0, 0, 0, 1, 0, 0, 0, 1}, 3, 3);  // the, dog, barks
  s.starts = {0, 3};
  s.tags = {D, N, V};
  return s;
}

TEST(StructuredPerceptron, TheThreeWordTraceOfTheHandComputation) {
  StructuredPerceptron model;
  std::vector<SequenceStep> steps;
  FitReport report;
  ASSERT_TRUE(model
                  .fit(three_words(), 3, report,
                       [&](const SequenceStep& step) {
                         steps.push_back(step);
                         return true;
                       })
                  .ok());
  EXPECT_EQ(report.epochs, 2u);
  EXPECT_EQ(report.steps, 2u);
  EXPECT_EQ(report.mistakes, 1u);
  EXPECT_TRUE(report.converged);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].predicted, (std::vector<std::uint32_t>{D, D, D}));
  EXPECT_EQ(steps[0].score, 0);
  EXPECT_EQ(steps[0].gold_score, 0);
  EXPECT_TRUE(steps[0].mistake);
  EXPECT_EQ(steps[0].differing, 2u);
  EXPECT_EQ(steps[1].predicted, (std::vector<std::uint32_t>{D, N, V}));
  EXPECT_EQ(steps[1].score, 4);
  EXPECT_EQ(steps[1].gold_score, 4);
  EXPECT_FALSE(steps[1].mistake);
  const SavedModel saved = model.save();
  // Emission rows D, N, V over (the, dog, barks); transitions D, N, V, start rows over D, N, V.
  EXPECT_EQ(saved.arrays[0].second, (std::vector<double>{0, -1, -1, 0, 1, 0, 0, 0, 1}));
  EXPECT_EQ(saved.arrays[1].second, (std::vector<double>{-2, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0}));
  std::vector<std::uint32_t> tags;
  ASSERT_TRUE(model.predict(three_words(), tags).ok());
  EXPECT_EQ(tags, (std::vector<std::uint32_t>{D, N, V}));
}

TEST(StructuredPerceptron, SavesAndRestoresExactlyAveragedOrNot) {
  for (bool averaged : {false, true}) {
    StructuredPerceptron model;
    StructuredParams params;
    params.averaged = averaged;
    ASSERT_TRUE(model.set_params(params).ok());
    FitReport report;
    ASSERT_TRUE(model.fit(three_words(), 3, report).ok());
    StructuredPerceptron copy;
    ASSERT_TRUE(copy.restore(params, 3, model.save()).ok());
    EXPECT_EQ(copy.predicting_weights(), model.predicting_weights());
    // Both go on alike.
    ASSERT_TRUE(model.partial_fit(three_words(), 3, report).ok());
    ASSERT_TRUE(copy.partial_fit(three_words(), 3, report).ok());
    EXPECT_EQ(copy.predicting_weights(), model.predicting_weights());
    EXPECT_EQ(copy.steps(), 3u);
  }
}

TEST(StructuredPerceptron, BadInputIsRefusedAndChangesNothing) {
  StructuredPerceptron model;
  FitReport report;
  Sequences bad = three_words();
  bad.tags = {D, N};
  EXPECT_EQ(model.fit(bad, 3, report).message, "tags must hold one tag per token (3); received 2");
  bad = three_words();
  bad.starts = {0, 0, 3};
  EXPECT_EQ(model.fit(bad, 3, report).message,
            "sequences[0] must hold at least one token; received 0");
  EXPECT_FALSE(model.fitted());
  StructuredParams params;
  params.order = Order::sample;
  EXPECT_EQ(model.set_params(params).kind, ErrorKind::range);
}

}  // namespace
}  // namespace perceptron
