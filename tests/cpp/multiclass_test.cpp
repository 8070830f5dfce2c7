#include "perceptron/models/multiclass.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::make;

MulticlassPerceptron with(Strategy strategy, Variant variant = Variant::classic,
                          bool intercept = true) {
  MulticlassParams p;
  p.strategy = strategy;
  p.base.variant = variant;
  p.base.fit_intercept = intercept;
  MulticlassPerceptron model;
  EXPECT_TRUE(model.set_params(p).ok());
  return model;
}

// Three classes, no bias, eta = 1, by hand: step 1 ties at 0 and goes to class 0 (right);
// step 2 predicts 0 for class 1: w1 = (0,1), w0 = (0,-1); step 3 predicts 0 (score 1) for
// class 2: w2 = (-1,-1), w0 = (1,0); epoch 2 is clean.
TEST(Multiclass, JointByHand) {
  MulticlassPerceptron model = with(Strategy::joint, Variant::classic, false);
  const Dataset data = make({{1, 0}, {0, 1}, {-1, -1}}, {0, 1, 2});
  FitReport report;
  ASSERT_TRUE(model.fit(data, report).ok());
  EXPECT_EQ(report.epochs, 2u);
  EXPECT_EQ(report.mistakes, 2u);
  EXPECT_TRUE(report.converged);
  EXPECT_EQ(std::vector<double>(model.weights().begin(), model.weights().end()),
            (std::vector<double>{1, 0, 0, 1, -1, -1}));
  EXPECT_EQ(std::vector<double>(model.biases().begin(), model.biases().end()),
            (std::vector<double>{0, 0, 0}));
  std::vector<std::uint32_t> predicted(3);
  ASSERT_TRUE(model.predict(data.x, predicted.data()).ok());
  EXPECT_EQ(predicted, (std::vector<std::uint32_t>{0, 1, 2}));
}

// The same run averaged over its 6 steps: w0 = ((0,-1) + 4 (1,0)) / 6, w1 = 5 (0,1) / 6,
// w2 = 4 (-1,-1) / 6.
TEST(Multiclass, JointAveragedByHand) {
  MulticlassPerceptron model = with(Strategy::joint, Variant::averaged, false);
  const Dataset data = make({{1, 0}, {0, 1}, {-1, -1}}, {0, 1, 2});
  FitReport report;
  ASSERT_TRUE(model.fit(data, report).ok());
  std::vector<double> w, b;
  model.predicting_weights(w, b);
  const std::vector<double> expected{4.0 / 6, -1.0 / 6, 0, 5.0 / 6, -4.0 / 6, -4.0 / 6};
  ASSERT_EQ(w.size(), expected.size());
  for (std::size_t j = 0; j < w.size(); ++j) EXPECT_NEAR(w[j], expected[j], 1e-15) << j;
}

// A one-vs-one trainer asked to describe its steps (Progress::detail): each is a binary model's
// (its score, prediction and label, 0 / 1) with the multi-class model's votes and prediction
// for the row before it and the row's class. Rows (1,0) a, (0,1) b, (-1,0) c,
// (2,0) a; pair (a, b) first: zero weights vote b, c, c (a score of 0 is +1, the pair's second).
TEST(Multiclass, OneVsOneDescribesItsStepsByHand) {
  MulticlassPerceptron model = with(Strategy::ovo);
  const Dataset data = make({{1, 0}, {0, 1}, {-1, 0}, {2, 0}}, {0, 1, 2, 0});
  Trainer trainer;
  StepDetail detail;
  trainer.progress().detail = &detail;
  ASSERT_TRUE(model.start_training(trainer, data).ok());
  struct Expected {
    std::size_t index;
    std::vector<double> votes;
    std::uint32_t prediction;
    double score;
    std::uint32_t binary_label, binary_prediction;
  };
  const std::vector<Expected> steps{
      {0, {0, 1, 2}, 2, 0, 0, 1},   // a vs b: (0,0),0 -> (-1,0),-1
      {1, {1, 0, 2}, 2, -1, 1, 0},  // -> (-1,1),0
      {3, {1, 0, 2}, 2, -2, 0, 0},
      {0, {1, 0, 2}, 2, -1, 0, 0},  // its epoch 2: right, no update
  };
  for (std::size_t k = 0; k < steps.size(); ++k) {
    trainer.run(1);
    const Expected& e = steps[k];
    EXPECT_EQ(trainer.progress().index, e.index) << k;
    EXPECT_TRUE(detail.filled && detail.classes_filled) << k;
    EXPECT_EQ(detail.scores, e.votes) << k;
    EXPECT_EQ(detail.class_prediction, e.prediction) << k;
    EXPECT_EQ(detail.class_label, data.class_index[e.index]) << k;
    EXPECT_EQ(detail.score, e.score) << k;
    EXPECT_EQ(detail.label, e.binary_label) << k;
    EXPECT_EQ(detail.prediction, e.binary_prediction) << k;
  }
  // Undescribed (no detail), the same training ends with fit's model.
  trainer.progress().detail = nullptr;
  FitReport report, expected;
  ASSERT_TRUE(trainer.finish(report).ok());
  MulticlassPerceptron fitted = with(Strategy::ovo);
  ASSERT_TRUE(fitted.fit(data, expected).ok());
  EXPECT_EQ(report.steps, expected.steps);
  EXPECT_EQ(model.save().parts.size(), 3u);
  for (std::size_t m = 0; m < 3; ++m) {
    EXPECT_EQ(model.save().parts[m].arrays, fitted.save().parts[m].arrays) << m;
  }
}

TEST(Multiclass, NamesTheClassesEachBinaryModelSeparates) {
  using Task = std::pair<int, int>;  // {negative, positive}; negative -1: the rest
  const MulticlassPerceptron ovr = with(Strategy::ovr);
  EXPECT_EQ(ovr.task_classes(1, 3), Task(-1, 1));
  EXPECT_EQ(ovr.task_classes(0, 2), Task(1, 0));
  const MulticlassPerceptron ovo = with(Strategy::ovo);
  EXPECT_EQ(ovo.task_classes(0, 3), Task(0, 1));
  EXPECT_EQ(ovo.task_classes(1, 3), Task(0, 2));
  EXPECT_EQ(ovo.task_classes(2, 3), Task(1, 2));
}

TEST(Multiclass, TiesGoToTheLowestClassIndex) {
  EXPECT_EQ(argmax(std::vector<double>{0, 0, 0}), 0u);
  EXPECT_EQ(argmax(std::vector<double>{1, 3, 3}), 1u);
  EXPECT_EQ(argmax(std::vector<double>{-1, -2, 5}), 2u);
}

Dataset blobs() {
  std::vector<std::vector<double>> rows;
  std::vector<double> labels;
  const double centers[4][2] = {{2, 2}, {-2, 2}, {-2, -2}, {2, -2}};
  for (int c = 0; c < 4; ++c) {
    for (int i = 0; i < 15; ++i) {
      rows.push_back(
          {centers[c][0] + 0.6 * std::sin(i * 1.3 + c), centers[c][1] + 0.6 * std::cos(i * 0.7)});
      labels.push_back(c * 10);  // labels 0, 10, 20, 30
    }
  }
  return make(rows, labels);
}

TEST(Multiclass, EveryStrategySeparatesSeparableBlobs) {
  const Dataset data = blobs();
  for (Strategy strategy : {Strategy::joint, Strategy::ovr, Strategy::ovo}) {
    for (Variant variant : {Variant::classic, Variant::averaged}) {
      MulticlassPerceptron model = with(strategy, variant);
      FitReport report;
      ASSERT_TRUE(model.fit(data, report).ok());
      double accuracy = 0;
      ASSERT_TRUE(model.accuracy(data.x, data.class_index, accuracy).ok());
      EXPECT_EQ(accuracy, 1.0) << name_of(strategy) << " " << name_of(variant);
      EXPECT_EQ(model.classes().numbers, (std::vector<double>{0, 10, 20, 30}));
    }
  }
  MulticlassPerceptron ovo = with(Strategy::ovo);
  FitReport report;
  ASSERT_TRUE(ovo.fit(data, report).ok());
  EXPECT_EQ(ovo.binary_models().size(), 6u);
  std::vector<double> votes(4);
  ASSERT_TRUE(ovo.decision_function(data.x.select({0}), votes.data()).ok());
  EXPECT_EQ(votes[0], 3);  // class 0 wins all three of its pairs
}

TEST(Multiclass, OptionsAndBadInput) {
  MulticlassParams p;
  EXPECT_TRUE(
      apply_options({{"strategy", std::string("ovo")}, {"variant", std::string("voted")}}, p).ok());
  EXPECT_EQ(p.strategy, Strategy::ovo);
  MulticlassParams q;
  Status s = apply_options({{"variant", std::string("voted")}}, q);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(
      s.message,
      "option variant must be \"classic\" or \"averaged\" with strategy \"joint\" (ovr and ovo "
      "take every variant); received \"voted\"");
  s = apply_options({{"strategy", std::string("all")}}, q);
  EXPECT_EQ(
      s.message,
      "option strategy must be one of \"joint\", \"ovr\", \"ovo\"; received the string \"all\"");
  s = apply_options({{"stratgy", std::string("ovr")}}, q);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_NE(s.message.find("(did you mean strategy?)"), std::string::npos);
  MulticlassPerceptron model = with(Strategy::joint);
  FitReport report;
  s = model.fit(make({{1}, {2}}, {4, 4}), report);
  EXPECT_EQ(s.message, "y must hold at least two distinct classes; received 1 class [4]");
  std::vector<std::uint32_t> out(1);
  const double x[] = {1};
  EXPECT_EQ(model.predict(testing::matrix(x, 1, 1, 1), out.data()).kind, ErrorKind::not_fitted);
}

}  // namespace
}  // namespace perceptron
