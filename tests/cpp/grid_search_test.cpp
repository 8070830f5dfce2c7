// The estimator built from options, and the grid search loop. The loop's results are also compared,
// bit for bit, with the JS loop it replaced (see the issue 7 note); here: candidate order, ties,
// the test split and bad options.
#include "perceptron/estimator/grid_search.hpp"

#include <gtest/gtest.h>

#include "perceptron/estimator/estimator.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::make;

// Ten 1-D points, -5..-1 negative and 1..5 positive: every model separates them.
Dataset line() {
  return make({{-5}, {-4}, {-3}, {-2}, {-1}, {1}, {2}, {3}, {4}, {5}},
              {-1, -1, -1, -1, -1, 1, 1, 1, 1, 1});
}

ModelOptions one(const std::string& name, OptionValue value) {
  ModelOptions options;
  options.values.emplace_back(name, std::move(value));
  return options;
}

// Min-max scaling puts the boundary at 0.5 with a margin of 0.05: three epochs from zero
// weights are not enough (the JS API gives the same 0.5: new Perceptron({maxEpochs: 3,
// preprocess: 'minMax'})), fifty are.
TEST(Estimator, TrainsAndScoresWithItsScaler) {
  const Dataset data = line();
  for (const auto& [epochs, expected] : {std::pair{3.0, 0.5}, std::pair{50.0, 1.0}}) {
    ModelOptions options = one("maxEpochs", epochs);
    options.preprocess = Scaling::min_max;
    Estimator<Perceptron> estimator;
    ASSERT_TRUE(estimator.configure(options).ok());
    FitReport report;
    ASSERT_TRUE(estimator.fit(data, {}, report).ok());
    double accuracy = 0;
    ASSERT_TRUE(estimator.score(data, accuracy).ok());
    EXPECT_EQ(accuracy, expected) << epochs;
  }
  EXPECT_EQ(check_model_options(ModelKind::winnow, one("learningRate", 2.0)).kind, ErrorKind::type);
  Scaling scaling;
  EXPECT_EQ(set_scaling("preprocess", std::string("zscore"), scaling).message,
            "option preprocess must be one of \"standardize\", \"minMax\", \"unitBall\"; received "
            "the string \"zscore\"");
  EXPECT_EQ(set_scaling("kind", 1.0, scaling).kind, ErrorKind::type);
}

TEST(GridSearch, CandidatesInOrderTiesGoToTheFirst) {
  GridSearchParams p;
  p.axes = {{one("maxEpochs", 1.0), one("maxEpochs", 20.0)},
            {one("variant", std::string("classic")), one("variant", std::string("averaged")),
             one("variant", std::string("pocket"))}};
  p.cv = 2;
  p.seed = 3;
  GridSearchResult r;
  ASSERT_TRUE(grid_search(line(), p, r).ok());
  ASSERT_EQ(r.candidates.size(), 6u);
  EXPECT_EQ(r.candidates[1], (std::vector<std::size_t>{0, 1}));  // the last axis varies fastest
  EXPECT_EQ(r.candidates[3], (std::vector<std::size_t>{1, 0}));
  for (double score : r.scores) EXPECT_EQ(score, 1);
  EXPECT_EQ(r.best, 0u);
  EXPECT_EQ(r.pool.size(), 10u);
  EXPECT_TRUE(r.test.empty());
}

TEST(GridSearch, KeepsTheTestRowsOutAndChecksOptions) {
  GridSearchParams p;
  p.axes = {{one("margin", 0.0), one("margin", 1.0)}};
  p.validation = 0.4;
  p.test = 0.2;
  GridSearchResult r;
  ASSERT_TRUE(grid_search(line(), p, r).ok());
  // round(0.2 * 5) = 1 row of each class for the test.
  EXPECT_EQ(r.test.size(), 2u);
  EXPECT_EQ(r.pool.size(), 8u);
  p.axes = {{one("margn", 0.0)}};
  EXPECT_EQ(grid_search(line(), p, r).kind, ErrorKind::type);
  p.axes = {};
  EXPECT_EQ(grid_search(line(), p, r).kind, ErrorKind::range);
  p.axes = {{one("margin", 0.0)}};
  p.test = -0.2;  // a fraction given is checked, whatever its value
  EXPECT_EQ(grid_search(line(), p, r).message,
            "option test must be a number in (0, 1); received -0.2");
  p.test.reset();
  p.cv = 3;  // and a validation fraction: one or the other
  EXPECT_EQ(grid_search(line(), p, r).kind, ErrorKind::type);
}

// The winner retrained on the pool's rows, as a new estimator configured with its options and
// fitted on them would be, and scored once on the test rows.
TEST(GridSearch, RetrainsTheWinnerOnThePool) {
  GridSearchParams p;
  p.axes = {{one("maxEpochs", 1.0), one("maxEpochs", 20.0)},
            {one("variant", std::string("classic")), one("variant", std::string("averaged"))}};
  p.base = one("learningRate", 0.5);
  p.cv = 2;
  p.test = 0.2;
  p.seed = 7;
  GridSearchResult r;
  Estimator<Perceptron> best;
  ASSERT_TRUE(grid_search(line(), p, r, best).ok());
  Dataset pool, test;
  ASSERT_TRUE(select_rows(line(), r.pool, "rows", pool).ok());
  ASSERT_TRUE(select_rows(line(), r.test, "rows", test).ok());
  Estimator<Perceptron> expected;
  ASSERT_TRUE(expected.configure(candidate_options(p, r.candidates[r.best])).ok());
  FitReport report;
  ASSERT_TRUE(expected.fit(pool, {}, report).ok());
  EXPECT_EQ(best.model().save().arrays, expected.model().save().arrays);
  EXPECT_EQ(best.model().save().state, expected.model().save().state);
  double accuracy = 0;
  ASSERT_TRUE(expected.score(test, accuracy).ok());
  ASSERT_TRUE(r.test_score.has_value());
  EXPECT_EQ(*r.test_score, accuracy);
  // A failed search leaves the result as it was.
  p.axes = {{one("margn", 0.0)}};
  GridSearchResult unchanged = r;
  Estimator<Perceptron> other;
  EXPECT_EQ(grid_search(line(), p, r, other).kind, ErrorKind::type);
  EXPECT_EQ(r.scores, unchanged.scores);
  p.kind = ModelKind::winnow;  // the estimator must be of the kind searched
  EXPECT_EQ(grid_search(line(), p, r, other).kind, ErrorKind::type);
}

}  // namespace
}  // namespace perceptron
