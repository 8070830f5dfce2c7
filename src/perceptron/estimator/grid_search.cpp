#include "perceptron/estimator/grid_search.hpp"

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/estimator/estimator.hpp"

namespace perceptron {

namespace {

std::vector<std::uint32_t> rows_where(const std::vector<std::uint32_t>& part, std::uint32_t value,
                                      bool equal = true) {
  std::vector<std::uint32_t> rows;
  for (std::uint32_t i = 0; i < part.size(); ++i) {
    if ((part[i] == value) == equal) rows.push_back(i);
  }
  return rows;
}

// Train and held-out rows of one evaluation, as rows of the whole dataset.
struct Evaluation {
  std::vector<std::uint32_t> train, held;
};

Status evaluations_of(const Dataset& pool, const std::vector<std::uint32_t>& pool_rows,
                      const GridSearchParams& p, std::vector<Evaluation>& out) {
  std::vector<std::uint32_t> part;
  const Status s =
      p.cv ? stratified_folds(pool.class_index, pool.classes.size(), *p.cv, p.seed, part, "cv")
           : stratified_parts(pool.class_index, pool.classes.size(), {*p.validation}, p.seed, part);
  if (!s.ok()) return s;
  const auto to_rows = [&](std::vector<std::uint32_t> indices) {
    for (auto& i : indices) i = pool_rows[i];
    return indices;
  };
  out.clear();
  const std::size_t count = p.cv ? static_cast<std::size_t>(*p.cv) : 1;
  for (std::size_t f = 0; f < count; ++f) {
    const auto held = static_cast<std::uint32_t>(p.cv ? f : 1);
    out.push_back({to_rows(rows_where(part, held, false)), to_rows(rows_where(part, held))});
  }
  return Status::success();
}

// A candidate's mean accuracy over the evaluations: each trains a fresh model of the kind.
Status score_candidate(const GridSearchParams& p, const ModelOptions& options,
                       const std::vector<Dataset>& train, const std::vector<Dataset>& held,
                       double& out) {
  double total = 0;
  for (std::size_t e = 0; e < train.size(); ++e) {
    AnyEstimator estimator(p.kind);
    if (Status s = estimator.configure(options); !s.ok()) return s;
    FitReport report;
    if (Status s = estimator.fit(train[e], {}, report); !s.ok()) return s;
    double accuracy = 0;
    if (Status s = estimator.score(held[e], accuracy); !s.ok()) return s;
    total += accuracy;
  }
  out = total / static_cast<double>(train.size());
  return Status::success();
}

// The class weights given are checked before any split (a bad weight is the caller's error
// whatever the data).
Status check_class_weights(const GridSearchParams& p) {
  std::vector<const ModelOptions*> all{&p.base};
  for (const auto& axis : p.axes) {
    for (const auto& value : axis) all.push_back(&value);
  }
  for (const ModelOptions* options : all) {
    if (!options->class_weight) continue;
    if (Status s = check_class_weight(*options->class_weight); !s.ok()) return s;
  }
  return Status::success();
}

// At least one axis, none empty; exactly one of a validation fraction and cv folds.
Status check_shape(const GridSearchParams& p, bool validation, bool cv) {
  if (p.axes.empty()) return Status::range_error("grid must name at least one option with values");
  for (std::size_t a = 0; a < p.axes.size(); ++a) {
    if (p.axes[a].empty()) {
      const std::string name = a < p.axis_names.size() ? p.axis_names[a] : std::to_string(a);
      return Status::range_error("grid." + name +
                                 " must be a non-empty array of values; received an array of "
                                 "length 0");
    }
  }
  if (validation == cv) {
    return Status::type_error(
        "give exactly one of options.validation (a fraction) and options.cv (k)");
  }
  return Status::success();
}

}  // namespace

ModelOptions candidate_options(const GridSearchParams& p, const std::vector<std::size_t>& pick) {
  ModelOptions options = p.base;
  for (std::size_t a = 0; a < p.axes.size(); ++a) options.merge(p.axes[a][pick[a]]);
  return options;
}

Status grid_search_options(const OptionList& options, GridSearchParams& p) {
  const std::vector<std::string> known{"base", "validation", "cv", "test", "seed"};
  std::vector<const OptionValue*> given;
  if (Status s = options_by_name(options, known, given); !s.ok()) return s;
  // given[0], base, is the caller's.
  const OptionValue *validation = given[1], *cv = given[2], *test = given[3], *seed = given[4];
  GridSearchParams read = p;
  if (seed) {
    if (Status s = set_integer("seed", *seed, 0, read.seed); !s.ok()) return s;
  }
  // Each one given is checked as given, whatever its value.
  if (Status s = check_shape(read, validation != nullptr, cv != nullptr); !s.ok()) return s;
  read.validation.reset();
  read.test.reset();
  read.cv.reset();
  if (validation) {
    if (Status s = set_fraction("validation", *validation, read.validation.emplace()); !s.ok()) {
      return s;
    }
  }
  if (test) {
    if (Status s = set_fraction("test", *test, read.test.emplace()); !s.ok()) return s;
  }
  if (cv) {
    if (Status s = set_folds("cv", *cv, 2, read.cv.emplace()); !s.ok()) return s;
  }
  p = std::move(read);
  return Status::success();
}

Status check_grid_search(const GridSearchParams& p) {
  if (Status s = check_shape(p, p.validation.has_value(), p.cv.has_value()); !s.ok()) return s;
  double unused = 0;
  if (p.validation) {
    if (Status s = set_fraction("validation", *p.validation, unused); !s.ok()) return s;
  }
  if (p.test) {
    if (Status s = set_fraction("test", *p.test, unused); !s.ok()) return s;
  }
  return p.cv ? set_folds("cv", *p.cv, 2, unused) : Status::success();
}

Status grid_search(const Dataset& data, const GridSearchParams& p, GridSearchResult& out) {
  if (Status s = check_class_weights(p); !s.ok()) return s;
  if (Status s = check_dataset(data, "", true); !s.ok()) return s;
  if (Status s = check_grid_search(p); !s.ok()) return s;
  GridSearchResult result;
  std::vector<std::uint32_t> all(data.rows());
  for (std::uint32_t i = 0; i < all.size(); ++i) all[i] = i;
  result.pool = all;
  if (p.test) {
    std::vector<std::uint32_t> part;
    if (Status s = stratified_parts(data.class_index, data.classes.size(), {*p.test}, p.seed, part);
        !s.ok()) {
      return s;
    }
    result.pool = rows_where(part, 0);
    result.test = rows_where(part, 1);
  }
  Dataset pool;
  if (Status s = select_rows(data, result.pool, "rows", pool); !s.ok()) return s;
  std::vector<Evaluation> evaluations;
  if (Status s = evaluations_of(pool, result.pool, p, evaluations); !s.ok()) return s;
  std::vector<Dataset> train(evaluations.size()), held(evaluations.size());
  for (std::size_t e = 0; e < evaluations.size(); ++e) {
    if (Status s = select_rows(data, evaluations[e].train, "rows", train[e]); !s.ok()) return s;
    if (Status s = select_rows(data, evaluations[e].held, "rows", held[e]); !s.ok()) return s;
  }
  // Every candidate, the first axis varying slowest.
  std::vector<std::size_t> pick(p.axes.size(), 0);
  for (bool more = true; more;) {
    double score = 0;
    if (Status s = score_candidate(p, candidate_options(p, pick), train, held, score); !s.ok()) {
      return s;
    }
    if (result.scores.empty() || score > result.scores[result.best]) {
      result.best = result.scores.size();
    }
    result.candidates.push_back(pick);
    result.scores.push_back(score);
    more = false;
    for (std::size_t a = p.axes.size(); a-- > 0;) {
      if (++pick[a] < p.axes[a].size()) {
        more = true;
        break;
      }
      pick[a] = 0;
    }
  }
  out = std::move(result);
  return Status::success();
}

Status grid_search(const Dataset& data, const GridSearchParams& p, GridSearchResult& out,
                   AnyEstimator& best) {
  if (p.kind != best.any_model().kind()) {
    return Status::type_error("the estimator must be of params.kind");
  }
  GridSearchResult result;
  Dataset pool, test;
  Status s = grid_search(data, p, result);
  if (s.ok()) s = select_rows(data, result.pool, "rows", pool);
  if (s.ok() && !result.test.empty()) s = select_rows(data, result.test, "rows", test);
  if (s.ok()) s = best.configure(candidate_options(p, result.candidates[result.best]));
  if (s.ok()) {
    FitReport report;
    s = best.fit(pool, {}, report);
  }
  if (s.ok() && !result.test.empty()) s = best.score(test, result.test_score.emplace());
  if (s.ok()) out = std::move(result);
  return s;
}

}  // namespace perceptron
