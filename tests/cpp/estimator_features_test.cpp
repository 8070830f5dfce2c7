// Estimator<M> owning the feature map of named features (estimator/named_input.hpp): hashing
// from the options, a vocabulary learned at fit (every name, sorted by code point) or by a first
// partialFit, kept through toJSON/fromJSON, forgotten by a fit on arrays, and left as it was by
// a call that fails.
#include <gtest/gtest.h>

#include "perceptron/estimator/estimator.hpp"
#include "perceptron/support/json.hpp"

namespace perceptron {
namespace {

// Records {name: value} as named rows.
NamedRows records(const std::vector<std::vector<std::pair<std::string, double>>>& rows) {
  NamedRowsBuilder builder;
  for (const auto& row : rows) {
    for (const auto& [name, value] : row) builder.add(name, value);
    builder.end_row();
  }
  return std::move(builder.rows());
}

// Labels beside named rows: a Dataset whose X is unused.
Dataset labels(const std::vector<double>& y) {
  Dataset out;
  EXPECT_TRUE(encode_labels(y, "y", out.classes, out.class_index).ok());
  return out;
}

const NamedRows spam = records({{{"free", 2}, {"money", 1}},
                                {{"meeting", 1}, {"noon", 1}},
                                {{"win", 1}, {"money", 2}},
                                {{"team", 1}, {"meeting", 2}}});
const std::vector<double> y = {1, -1, 1, -1};

TEST(EstimatorFeatures, FitLearnsTheVocabularyAndPredictsThroughIt) {
  Estimator<Perceptron> e;
  ASSERT_TRUE(e.configure({}).ok());
  const Dataset given = labels(y);
  FitReport report;
  ASSERT_TRUE(e.fit({given, &spam}, {}, report).ok());
  EXPECT_EQ(e.features().vocabulary(),
            (std::vector<std::string>{"free", "meeting", "money", "noon", "team", "win"}));
  EXPECT_EQ(e.model().n_features(), 6u);

  // The same rows as a CSR matrix over the vocabulary's columns give the same scores.
  Dataset mapped;
  ASSERT_TRUE(e.features().to_csr(spam, "X", mapped.x).ok());
  std::vector<double> named, csr;
  ASSERT_TRUE(e.decision_function({given, &spam}, named).ok());
  ASSERT_TRUE(e.decision_function(mapped, csr).ok());
  EXPECT_EQ(named, csr);
  double accuracy = 0;
  ASSERT_TRUE(e.score({given, &spam}, accuracy).ok());
  EXPECT_EQ(accuracy, 1.0);

  // A name outside the vocabulary is left out.
  const NamedRows unseen = records({{{"unseen", 5}, {"free", 1}}});
  const NamedRows free = records({{{"free", 1}}});
  std::vector<double> a, b;
  ASSERT_TRUE(e.decision_function({Dataset(), &unseen}, a).ok());
  ASSERT_TRUE(e.decision_function({Dataset(), &free}, b).ok());
  EXPECT_EQ(a, b);
}

TEST(EstimatorFeatures, HashingComesFromTheOptions) {
  Estimator<Perceptron> e;
  ASSERT_TRUE(e.configure({}, OptionValue{4.0}).ok());
  EXPECT_TRUE(e.features().hashed());
  EXPECT_EQ(e.features().cols(), 16u);
  const Dataset given = labels(y);
  FitReport report;
  ASSERT_TRUE(e.fit({given, &spam}, {}, report).ok());
  EXPECT_TRUE(e.features().vocabulary().empty());
  EXPECT_EQ(e.model().n_features(), 16u);

  Estimator<Perceptron> bad;
  const Status s = bad.configure({}, OptionValue{25.0});
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_FALSE(bad.features().hashed());
  EXPECT_EQ(bad.configure({}, OptionValue{std::string("x")}).kind, ErrorKind::type);
}

TEST(EstimatorFeatures, AFailedCallKeepsTheMap) {
  Estimator<Perceptron> e;
  ASSERT_TRUE(e.configure({}).ok());
  const Dataset given = labels(y);
  FitReport report;
  ASSERT_TRUE(e.fit({given, &spam}, {}, report).ok());
  const std::vector<std::string> before = e.features().vocabulary();

  const NamedRows empty = records({{}, {}});
  const Dataset two = labels({1, -1});
  const Status s = e.fit({two, &empty}, {}, report);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message, "X's records hold no feature name; received 2 empty records");
  EXPECT_EQ(e.features().vocabulary(), before);

  const NamedRows infinite = records({{{"a", 1}}, {{"b", INFINITY}}});
  EXPECT_EQ(e.fit({two, &infinite}, {}, report).kind, ErrorKind::range);
  EXPECT_EQ(e.features().vocabulary(), before);
}

TEST(EstimatorFeatures, AFitOnArraysForgetsTheVocabulary) {
  Estimator<Perceptron> e;
  ASSERT_TRUE(e.configure({}).ok());
  const Dataset given = labels(y);
  FitReport report;
  ASSERT_TRUE(e.fit({given, &spam}, {}, report).ok());
  Dataset arrays = labels(y);
  arrays.x = Matrix::from_values({1, 0, -1, 0, 1, 1, -1, 1}, 4, 2);
  ASSERT_TRUE(e.fit(arrays, {}, report).ok());
  EXPECT_TRUE(e.features().vocabulary().empty());
  std::vector<double> scores;
  const Status s = e.decision_function({Dataset(), &spam}, scores);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_NE(s.message.find("fitted on arrays"), std::string::npos);
}

TEST(EstimatorFeatures, TheFirstPartialFitLearnsTheVocabularyTheNextKeepIt) {
  Estimator<Perceptron> e;
  ASSERT_TRUE(e.configure({}).ok());
  const Classes classes = labels(y).classes;
  const NamedRows first = records({{{"b", 1}}, {{"a", 1}}});
  const NamedRows second = records({{{"c", 1}}, {{"a", 1}}});
  const Dataset two = labels({1, -1});
  FitReport report;
  ASSERT_TRUE(e.partial_fit({two, &first}, &classes, {}, report).ok());
  EXPECT_EQ(e.features().vocabulary(), (std::vector<std::string>{"a", "b"}));
  ASSERT_TRUE(e.partial_fit({two, &second}, nullptr, {}, report).ok());
  EXPECT_EQ(e.features().vocabulary(), (std::vector<std::string>{"a", "b"}));
}

TEST(EstimatorFeatures, TheSavedModelKeepsTheVocabulary) {
  Estimator<Perceptron> e;
  ASSERT_TRUE(e.configure({}).ok());
  const Dataset given = labels(y);
  FitReport report;
  ASSERT_TRUE(e.fit({given, &spam}, {}, report).ok());
  const std::string text = e.saved_text(SavedKind::perceptron, "{}");
  EXPECT_NE(text.find(R"("vocabulary":["free","meeting","money","noon","team","win"])"),
            std::string::npos);

  json::Value document;
  ASSERT_TRUE(json::parse(text, document).ok());
  Estimator<Perceptron> reloaded;
  ASSERT_TRUE(reloaded.configure({}).ok());
  ASSERT_TRUE(reloaded.restore_saved(document, SavedKind::perceptron).ok());
  EXPECT_EQ(reloaded.features().vocabulary(), e.features().vocabulary());
  std::vector<double> before, after;
  ASSERT_TRUE(e.decision_function({Dataset(), &spam}, before).ok());
  ASSERT_TRUE(reloaded.decision_function({Dataset(), &spam}, after).ok());
  EXPECT_EQ(before, after);
  EXPECT_EQ(reloaded.saved_text(SavedKind::perceptron, "{}"), text);
}

}  // namespace
}  // namespace perceptron
