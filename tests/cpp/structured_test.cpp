// The structured perceptron (models/structured.hpp) on the three-word example worked by hand:
// "the dog barks", tags D N V, one feature per word. Epoch 1 from w = 0: every score ties, and
// Viterbi keeps the smallest tag id, so it predicts D D D; the update adds Phi(gold) - Phi(D D D):
// E[N][dog] = 1, E[D][dog] = -1, E[V][barks] = 1, E[D][barks] = -1 (the first token's D cancels),
// T[D][N] = 1, T[N][V] = 1, T[D][D] = -2 (start->D cancels). Epoch 2: Viterbi's deltas are
// [0, 0, 0], [-1, 2, 1], [1, 2, 4]: D N V with score 4 = w . Phi(gold), no mistake, so training
// ends: 2 epochs, 2 steps, 1 mistake.
#include "perceptron/models/structured.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "perceptron/training/trainer.hpp"

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

// The lattice worked by hand: tags A, B; features f, g; tokens x0 = f, x1 = g, x2 = f + g.
// E[A] = (1, 0), E[B] = (0, 2); T: from A (0.5, -1), from B (1, 0), from the start (0, 0.5).
// Emissions: (1, 0), (0, 2), (1, 2). Viterbi's best: t = 0: (0 + 1, 0.5 + 0) = (1, 0.5).
// t = 1: A from A 1 + 0.5 = 1.5 ties A from B 0.5 + 1 = 1.5, the first kept: 1.5 (back A);
// B from A 1 - 1 = 0, from B 0.5 + 0: 0.5 + 2 = 2.5 (back B). t = 2: A from B 2.5 + 1 = 3.5
// beats 1.5 + 0.5: 4.5 (back B); B from B 2.5 + 0 beats 1.5 - 1: 4.5 (back B). The last row
// ties: A is kept, and back B, B: the path B B A, score 0.5 + 0 + 0 + 2 + 1 + 1 = 4.5.
TEST(StructuredPerceptron, TheLatticeOfTwoTagsAndThreeTokensByHand) {
  constexpr std::uint32_t A = 0, B = 1;
  Sequences data;
  data.tokens = Matrix::from_values({1, 0, 0, 1, 1, 1}, 3, 2);
  data.starts = {0, 3};
  data.tags = {A, B, A};
  StructuredPerceptron model;
  Lattice lattice;
  EXPECT_EQ(model.lattice(data, lattice).kind, ErrorKind::not_fitted);
  FitReport report;
  ASSERT_TRUE(model.fit(data, 2, report).ok());
  SavedModel saved = model.save();
  saved.arrays[0].second = {1, 0, 0, 2};
  saved.arrays[1].second = {0.5, -1, 1, 0, 0, 0.5};
  ASSERT_TRUE(model.restore(StructuredParams{}, 2, saved).ok());
  ASSERT_TRUE(model.lattice(data, lattice).ok());
  EXPECT_EQ(lattice.tags, 2u);
  EXPECT_EQ(lattice.emission, (std::vector<double>{1, 0, 0, 2, 1, 2}));
  EXPECT_EQ(lattice.transition, (std::vector<double>{0.5, -1, 1, 0, 0, 0.5}));
  EXPECT_EQ(lattice.best, (std::vector<double>{1, 0.5, 1.5, 2.5, 4.5, 4.5}));
  EXPECT_EQ(lattice.back, (std::vector<std::int32_t>{-1, -1, A, B, B, B}));
  EXPECT_EQ(lattice.path, (std::vector<std::uint32_t>{B, B, A}));
  EXPECT_EQ(lattice.score, 4.5);
  std::vector<std::uint32_t> predicted;
  ASSERT_TRUE(model.predict(data, predicted).ok());
  EXPECT_EQ(predicted, lattice.path);
  // One sequence only.
  data.starts = {0, 1, 3};
  EXPECT_EQ(model.lattice(data, lattice).message,
            "a lattice is one sequence's; received 2 sequences");
}

// A small corpus that takes several epochs: 3 tags, words shared between tags, 9 sentences.
Sequences small_corpus() {
  const std::vector<std::vector<std::uint32_t>> words = {{0, 1, 2}, {3, 1, 4, 2}, {0, 5, 2},
                                                         {3, 4},    {1, 1, 2, 0}, {5, 0, 2},
                                                         {4, 2, 1}, {0},          {2, 3, 5, 1}};
  const std::vector<std::vector<std::uint32_t>> tags = {{0, 1, 2}, {0, 2, 1, 2}, {0, 1, 2},
                                                        {0, 1},    {1, 2, 2, 0}, {1, 0, 2},
                                                        {1, 2, 1}, {0},          {2, 0, 1, 2}};
  Sequences s;
  std::vector<double> values;
  s.starts = {0};
  for (std::size_t i = 0; i < words.size(); ++i) {
    for (std::size_t t = 0; t < words[i].size(); ++t) {
      for (std::uint32_t f = 0; f < 6; ++f) values.push_back(f == words[i][t] ? 1 : 0);
      values.push_back(t == 0 ? 1 : 0);  // a first-token feature
      s.tags.push_back(tags[i][t]);
    }
    s.starts.push_back(static_cast<std::uint32_t>(s.tags.size()));
  }
  s.tokens = Matrix::from_values(values, s.tags.size(), 7);
  return s;
}

TEST(StructuredPerceptron, ATrainerInAnySlicesEqualsFitBitForBit) {
  for (bool averaged : {false, true}) {
    for (Order order : {Order::cyclic, Order::shuffle}) {
      StructuredParams params;
      params.averaged = averaged;
      params.order = order;
      params.seed = 5;
      params.max_epochs = 6;
      StructuredPerceptron fitted;
      ASSERT_TRUE(fitted.set_params(params).ok());
      std::vector<SequenceStep> fit_steps;
      FitReport expected;
      const auto keep = [](std::vector<SequenceStep>& into) {
        return [&into](const SequenceStep& step) {
          into.push_back(step);
          into.back().gold = {};
          return true;
        };
      };
      ASSERT_TRUE(fitted.fit(small_corpus(), 3, expected, keep(fit_steps)).ok());
      ASSERT_GT(expected.epochs, 2u);
      for (std::uint64_t slice : {1, 3, 7}) {
        StructuredPerceptron model;
        ASSERT_TRUE(model.set_params(params).ok());
        std::vector<SequenceStep> steps;
        Trainer trainer;
        ASSERT_TRUE(model.start_training(trainer, small_corpus(), 3, keep(steps)).ok());
        EXPECT_TRUE(model.fitted());
        EXPECT_EQ(model.steps(), 0u);
        for (int turn = 0; !trainer.done(); ++turn) {
          const std::uint64_t before = trainer.progress().t;
          if (turn % 2 == 0) {
            trainer.run(slice);
            EXPECT_EQ(trainer.progress().t, std::min(before + slice, expected.steps));
          } else {
            trainer.finish_epoch(slice);
          }
          EXPECT_EQ(model.steps(), trainer.progress().t);
        }
        FitReport report;
        ASSERT_TRUE(trainer.finish(report).ok());
        EXPECT_EQ(report.epochs, expected.epochs);
        EXPECT_EQ(report.steps, expected.steps);
        EXPECT_EQ(report.mistakes, expected.mistakes);
        EXPECT_EQ(report.converged, expected.converged);
        ASSERT_EQ(report.history.size(), expected.history.size());
        for (std::size_t e = 0; e < report.history.size(); ++e) {
          EXPECT_EQ(report.history[e].mistakes, expected.history[e].mistakes);
        }
        EXPECT_EQ(trainer.progress().mistakes, expected.mistakes);
        const SavedModel a = model.save(), b = fitted.save();
        EXPECT_EQ(a.arrays, b.arrays);
        EXPECT_EQ(a.state, b.state);
        EXPECT_EQ(a.steps, b.steps);
        EXPECT_EQ(model.predicting_weights(), fitted.predicting_weights());
        ASSERT_EQ(steps.size(), fit_steps.size());
        for (std::size_t k = 0; k < steps.size(); ++k) {
          EXPECT_EQ(steps[k].t, fit_steps[k].t);
          EXPECT_EQ(steps[k].epoch, fit_steps[k].epoch);
          EXPECT_EQ(steps[k].index, fit_steps[k].index);
          EXPECT_EQ(steps[k].predicted, fit_steps[k].predicted);
          EXPECT_EQ(steps[k].score, fit_steps[k].score);
          EXPECT_EQ(steps[k].gold_score, fit_steps[k].gold_score);
        }
      }
    }
  }
}

TEST(StructuredPerceptron, ATrainerRefusesBadInputBeforeChangingTheModel) {
  StructuredPerceptron model;
  FitReport report;
  ASSERT_TRUE(model.fit(three_words(), 3, report).ok());
  const std::vector<double> before = model.predicting_weights();
  Sequences bad = three_words();
  bad.tags = {D, N};
  Trainer trainer;
  EXPECT_EQ(model.start_training(trainer, bad, 3).message,
            "tags must hold one tag per token (3); received 2");
  EXPECT_EQ(model.predicting_weights(), before);
  EXPECT_EQ(model.steps(), 2u);
}

}  // namespace
}  // namespace perceptron
