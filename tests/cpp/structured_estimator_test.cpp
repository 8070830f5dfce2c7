// The structured perceptron as its user holds it (estimator/structured_estimator.hpp): named
// token features and string tags in, the same hand-checked numbers as structured_test.cpp out
// ("the dog barks", D N V: 2 epochs, 1 mistake, emission and transition rows as worked there),
// the options as every kind reads them, the step observer's stop and abort, the errors naming
// their argument, and the saved JSON (the 0.1.0 fixture reads and writes back byte for byte).
#include "perceptron/estimator/structured_estimator.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "saved_fixtures.hpp"

namespace perceptron {
namespace {

using Names = std::vector<std::string>;

// Sequences of tokens (each its feature names, each counting 1) and their tags, as strings.
TaggedSequences tagged(const std::vector<std::vector<Names>>& sequences,
                       const std::vector<Names>& tags = {}) {
  TaggedSequences data;
  NamedRowsBuilder rows;
  for (const auto& sequence : sequences) {
    for (const auto& token : sequence) {
      for (const auto& name : token) rows.add(name);
      rows.end_row();
    }
    data.starts.push_back(static_cast<std::uint32_t>(rows.rows().rows()));
  }
  data.tokens = std::move(rows.rows());
  data.tags.numeric = false;
  data.tag_starts = {0};
  for (const auto& sequence : tags) {
    data.tags.names.insert(data.tags.names.end(), sequence.begin(), sequence.end());
    data.tag_starts.push_back(static_cast<std::uint32_t>(data.tags.names.size()));
  }
  return data;
}

std::vector<Names> words(const Names& sentence) {
  std::vector<Names> tokens;
  for (const auto& word : sentence) tokens.push_back({"w=" + word});
  return tokens;
}

Names tag_names(const StructuredEstimator& e, const std::vector<std::uint32_t>& ids) {
  Names out;
  for (const std::uint32_t id : ids) out.push_back(e.tags().names[id]);
  return out;
}

StructuredOptions options(OptionList values, std::optional<OptionValue> bits = std::nullopt) {
  return {std::move(values), std::move(bits)};
}

TEST(StructuredEstimator, TheThreeWordExampleByHandWithNamedFeaturesAndStringTags) {
  StructuredEstimator e;
  FitReport report;
  std::vector<std::pair<Names, Names>> steps;  // (gold, predicted) per sequence visited
  const auto observe = [&](const StructuredStep& s) {
    Names gold, predicted;
    for (const std::uint32_t id : s.gold) gold.push_back(s.tags.names[id]);
    for (const std::uint32_t id : s.step.predicted) predicted.push_back(s.tags.names[id]);
    steps.emplace_back(gold, predicted);
    return Control::proceed;
  };
  const TaggedSequences data = tagged({words({"the", "dog", "barks"})}, {{"D", "N", "V"}});
  ASSERT_TRUE(e.fit(data, report, observe).ok());
  EXPECT_EQ(report.epochs, 2u);
  EXPECT_EQ(report.mistakes, 1u);
  EXPECT_TRUE(report.converged);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].second, (Names{"D", "D", "D"}));
  EXPECT_EQ(steps[1].first, (Names{"D", "N", "V"}));
  EXPECT_EQ(steps[1].second, (Names{"D", "N", "V"}));
  EXPECT_EQ(e.tags().names, (Names{"D", "N", "V"}));
  EXPECT_EQ(e.features().vocabulary(), (Names{"w=barks", "w=dog", "w=the"}));
  // Columns by the vocabulary (barks, dog, the); transitions from D, N, V and the start.
  json::Value saved;
  ASSERT_TRUE(json::parse(e.saved_text(), saved).ok());
  EXPECT_EQ(json::write(saved["emission"]), "[[-1,-1,0],[0,1,0],[1,0,0]]");
  EXPECT_EQ(json::write(saved["transition"]), "[[-2,1,0],[0,0,1],[0,0,0],[0,0,0]]");
  EXPECT_EQ(json::write(saved["options"]),
            R"({"variant":"classic","order":"cyclic","learningRate":1,"maxEpochs":100,"seed":0})");
  std::vector<std::uint32_t> ids;
  ASSERT_TRUE(e.predict(tagged({words({"dog", "barks"}), words({"the", "cat"})}), ids).ok());
  EXPECT_EQ(tag_names(e, ids), (Names{"N", "V", "D", "N"}));
  double accuracy = 0;
  ASSERT_TRUE(e.score(tagged({words({"dog", "barks"})}, {{"N", "D"}}), accuracy).ok());
  EXPECT_EQ(accuracy, 0.5);
}

TEST(StructuredEstimator, OptionsAreReadAsEveryKindsAreWithHashing) {
  StructuredEstimator e;
  Status s = e.configure(options({{"variant", std::string("voted")}}));
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_NE(s.message.find(R"(option variant must be one of "classic", "averaged")"),
            std::string::npos);
  s = e.configure(options({{"epochs", 3.0}}));
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_NE(s.message.find(R"(unknown option "epochs")"), std::string::npos);
  EXPECT_EQ(e.configure(options({{"learningRate", -1.0}})).kind, ErrorKind::range);
  EXPECT_EQ(e.configure(options({{"maxEpochs", 0.0}})).kind, ErrorKind::range);
  EXPECT_EQ(e.configure(options({}, 25.0)).kind, ErrorKind::range);
  ASSERT_TRUE(e.configure(options({{"variant", std::string("averaged")}}, 4.0)).ok());
  EXPECT_EQ(e.options_text(),
            R"({"variant":"averaged","order":"cyclic","learningRate":1,"maxEpochs":100,)"
            R"("seed":0,"hashing":{"bits":4}})");
  FitReport report;
  ASSERT_TRUE(e.fit(tagged({words({"a", "b"})}, {{"X", "Y"}}), report).ok());
  EXPECT_EQ(e.model().n_features(), 16u);
  EXPECT_TRUE(e.features().vocabulary().empty());
}

TEST(StructuredEstimator, AnObserverStopsOrAbortsAnAbortPutsEverythingBack) {
  const TaggedSequences data = tagged({{{"dogs"}, {"run"}}, {{"cats"}}}, {{"N", "V"}, {"N"}});
  StructuredEstimator e;
  FitReport report;
  ASSERT_TRUE(e.fit(data, report, [](const StructuredStep& s) {
                 return s.step.t < 3 ? Control::proceed : Control::stop;
               }).ok());
  EXPECT_TRUE(report.stopped);
  EXPECT_EQ(e.model().steps(), 3u);
  const std::string before = e.saved_text();
  FitReport aborted;
  const TaggedSequences other = tagged({{{"x"}}}, {{"Q"}});
  ASSERT_TRUE(e.fit(other, aborted, [](const StructuredStep&) { return Control::abort; }).ok());
  EXPECT_TRUE(aborted.aborted);
  EXPECT_EQ(e.saved_text(), before);
  EXPECT_EQ(e.tags().names, (Names{"N", "V"}));
}

TEST(StructuredEstimator, BadInputIsNamedAndChangesNothing) {
  StructuredEstimator e;
  std::vector<std::uint32_t> ids;
  EXPECT_EQ(e.predict(tagged({words({"a"})}), ids).kind, ErrorKind::not_fitted);
  FitReport report;
  Status s = e.fit(tagged({words({"a", "b"})}, {{"D"}}), report);
  EXPECT_EQ(s.message, "tags[0] must hold 2 tags, one per token; received an array of length 1");
  s = e.fit(tagged({words({"a"}), {}}, {{"D"}, {}}), report);
  EXPECT_EQ(s.message,
            "sequences[1] must be a non-empty array of tokens; received an array of length 0");
  s = e.fit(tagged({}, {}), report);
  EXPECT_EQ(s.message, "sequences must hold at least one sequence; received 0");
  TaggedSequences infinite = tagged({words({"a", "b"})}, {{"D", "N"}});
  infinite.tokens.values[1] = std::numeric_limits<double>::infinity();
  s = e.fit(infinite, report);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message, R"(sequences[0][1]["w=b"] must be a finite number; received Infinity)");
  ASSERT_TRUE(e.fit(tagged({words({"a", "b"})}, {{"D", "N"}}), report).ok());
  const std::string before = e.saved_text();
  s = e.partial_fit(tagged({words({"a"})}, {{"Q"}}), nullptr, report);
  EXPECT_EQ(s.message, R"(tag "Q" (token 0) is not one of the model's tags ["D","N"])");
  Classes given;
  s = e.partial_fit(tagged({words({"a"})}, {{"D"}}), &given, report);
  EXPECT_EQ(s.message, "option tags is for the first call; the model has its tags already");
  EXPECT_EQ(e.saved_text(), before);
}

TEST(StructuredEstimator, TheSavedFixtureOf010ReadsBackAndWritesTheSameText) {
  for (const auto& [name, text] : saved_fixtures) {
    if (!name.starts_with("structured")) continue;
    SCOPED_TRACE(std::string(name));
    json::Value fixture;
    ASSERT_TRUE(json::parse(text, fixture).ok());
    const json::Value& model = fixture["model"];
    StructuredEstimator e;
    StructuredOptions saved_options;
    for (const auto& [option, value] : model["options"].members) {
      if (value.is(json::Type::string)) saved_options.values.emplace_back(option, value.text);
      if (value.is(json::Type::number)) saved_options.values.emplace_back(option, value.number);
    }
    ASSERT_TRUE(e.configure(saved_options).ok());
    const Status s = e.restore_saved(model);
    ASSERT_TRUE(s.ok()) << s.message;
    EXPECT_EQ(e.saved_text(), json::write(model));
    if (!e.fitted()) continue;
    // The fixture's rows predict as 0.1.0 predicted them (its field predict).
    TaggedSequences rows;
    NamedRowsBuilder builder;
    for (const json::Value& sequence : fixture["rows"].items) {
      for (const json::Value& token : sequence.items) {
        for (const json::Value& feature : token.items) builder.add(feature.text);
        builder.end_row();
      }
      rows.starts.push_back(static_cast<std::uint32_t>(builder.rows().rows()));
    }
    rows.tokens = std::move(builder.rows());
    std::vector<std::uint32_t> ids;
    ASSERT_TRUE(e.predict(rows, ids).ok());
    Names expected;
    for (const json::Value& sequence : fixture["predict"].items) {
      for (const json::Value& tag : sequence.items) expected.push_back(tag.text);
    }
    EXPECT_EQ(tag_names(e, ids), expected);
  }
}

// A tagged corpus of 4 sentences with ambiguous words: a few epochs.
TaggedSequences little_corpus() {
  return tagged({words({"the", "dog", "runs"}), words({"dogs", "run", "fast"}),
                 words({"the", "run", "ends"}), words({"fast", "dogs", "run"})},
                {{"D", "N", "V"}, {"N", "V", "A"}, {"D", "N", "V"}, {"A", "N", "V"}});
}

TEST(StructuredEstimator, ATrainerInSlicesLeavesFitsModelAndItsStepsAreFitsSteps) {
  for (const char* variant : {"classic", "averaged"}) {
    for (const char* order : {"cyclic", "shuffle"}) {
      const StructuredOptions opts = options(
          {{"variant", std::string(variant)}, {"order", std::string(order)}, {"seed", 2.0}});
      StructuredEstimator fitted;
      ASSERT_TRUE(fitted.configure(opts).ok());
      FitReport expected;
      std::vector<Names> predicted;
      ASSERT_TRUE(fitted
                      .fit(little_corpus(), expected,
                           [&](const StructuredStep& s) {
                             Names names;
                             for (const std::uint32_t id : s.step.predicted) {
                               names.push_back(s.tags.names[id]);
                             }
                             predicted.push_back(names);
                             return Control::proceed;
                           })
                      .ok());
      StructuredEstimator e;
      ASSERT_TRUE(e.configure(opts).ok());
      ASSERT_TRUE(e.start_training(little_corpus()).ok());
      EXPECT_EQ(e.trainer_id(), 1u);
      EXPECT_EQ(e.tags().names, (Names{"A", "D", "N", "V"}));
      std::size_t k = 0;
      while (!e.trainer()->done()) {
        ASSERT_TRUE(e.run_trainer(TrainerRun::steps, 1).ok());
        const StructuredStep step = e.last_step();
        ASSERT_LT(k, predicted.size());
        EXPECT_EQ(tag_names(e, step.step.predicted), predicted[k++]);
        EXPECT_EQ(step.gold.size(), step.step.predicted.size());
        if (!e.trainer()->done()) ASSERT_TRUE(e.run_trainer(TrainerRun::epoch, 3).ok());
        k = e.trainer()->progress().t;
      }
      EXPECT_EQ(e.saved_text(), fitted.saved_text());
      EXPECT_EQ(e.trainer()->report().steps, expected.steps);
      EXPECT_EQ(e.trainer()->report().mistakes, expected.mistakes);
      // fit ends the trainer.
      ASSERT_TRUE(e.fit(little_corpus(), expected).ok());
      EXPECT_EQ(e.trainer(), nullptr);
      EXPECT_EQ(e.trainer_id(), 0u);
    }
  }
}

TEST(StructuredEstimator, ATrainerRefusedChangesNothingAndKeepsTheRunningOne) {
  StructuredEstimator e;
  ASSERT_TRUE(e.start_training(little_corpus()).ok());
  ASSERT_TRUE(e.run_trainer(TrainerRun::steps, 2).ok());
  const std::string before = e.saved_text();
  const Status s = e.start_training(tagged({words({"a", "b"})}, {{"D"}}));
  EXPECT_EQ(s.message, "tags[0] must hold 2 tags, one per token; received an array of length 1");
  EXPECT_EQ(e.saved_text(), before);
  EXPECT_EQ(e.trainer_id(), 1u);
  EXPECT_EQ(e.trainer()->progress().t, 2u);
}

TEST(StructuredEstimator, TheLatticeIsPredictsAndNamesItsTokens) {
  StructuredEstimator e;
  Lattice lattice;
  EXPECT_EQ(e.lattice(tagged({words({"the"})}).tokens, lattice).kind, ErrorKind::not_fitted);
  FitReport report;
  ASSERT_TRUE(e.fit(tagged({words({"the", "dog", "barks"})}, {{"D", "N", "V"}}), report).ok());
  // The hand-worked weights (structured_test.cpp): E[D] = (the 0, dog -1, barks -1), E[N][dog] =
  // 1, E[V][barks] = 1; T[D][D] = -2, T[D][N] = 1, T[N][V] = 1. t = 1: D best from N (0 + 0 beats
  // D's -2; V's 0 ties N's and comes later) 0 - 1 = -1; N from D 1 + 1 = 2; V from N 1 + 0 = 1.
  // t = 2: D from N 2 + 0 - 1 = 1; N from N 2 + 0 = 2; V from N 2 + 1 + 1 = 4.
  ASSERT_TRUE(e.lattice(tagged({words({"the", "dog", "barks"})}).tokens, lattice).ok());
  EXPECT_EQ(lattice.best, (std::vector<double>{0, 0, 0, -1, 2, 1, 1, 2, 4}));
  EXPECT_EQ(lattice.back, (std::vector<std::int32_t>{-1, -1, -1, 1, 0, 1, 1, 1, 1}));
  EXPECT_EQ(tag_names(e, lattice.path), (Names{"D", "N", "V"}));
  EXPECT_EQ(lattice.score, 4);
  // An unknown word has no feature: its emissions are 0.
  ASSERT_TRUE(e.lattice(tagged({words({"cat", "dog"})}).tokens, lattice).ok());
  EXPECT_EQ(lattice.emission, (std::vector<double>{0, 0, 0, -1, 1, 0}));
  EXPECT_EQ(e.lattice(tagged({{}}).tokens, lattice).message,
            "tokens must be a non-empty array of tokens; received an array of length 0");
  TaggedSequences infinite = tagged({words({"a", "b"})});
  infinite.tokens.values[1] = std::numeric_limits<double>::infinity();
  EXPECT_EQ(e.lattice(infinite.tokens, lattice).message,
            R"(tokens[1]["w=b"] must be a finite number; received Infinity)");
}

}  // namespace
}  // namespace perceptron
