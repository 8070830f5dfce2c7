#include "perceptron/models/structured.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <string>

#include "perceptron/models/update.hpp"
#include "perceptron/support/memory.hpp"
#include "perceptron/training/visit_order.hpp"

namespace perceptron {

namespace {

constexpr std::uint64_t max_count = (std::uint64_t{1} << 53) - 1;

}  // namespace

Status StructuredPerceptron::set_params(const StructuredParams& params) {
  if (!std::isfinite(params.learning_rate) || params.learning_rate <= 0) {
    return Status::range_error("option learningRate must be a finite number > 0; received " +
                               format_number(params.learning_rate));
  }
  if (params.max_epochs < 1 || params.max_epochs > max_count) {
    return Status::range_error("option maxEpochs must be an integer from 1 to " +
                               std::to_string(max_count) + "; received " +
                               std::to_string(params.max_epochs));
  }
  if (params.seed > max_count) {
    return Status::range_error("option seed must be an integer from 0 to " +
                               std::to_string(max_count));
  }
  if (params.order == Order::sample) {
    return Status::range_error(R"(option order must be "cyclic" or "shuffle"; received "sample")");
  }
  params_ = params;
  return Status::success();
}

Status StructuredPerceptron::check(const Sequences& data, bool labelled, std::size_t tags) const {
  const Matrix& x = data.tokens;
  if (data.starts.size() < 2) {
    return Status::range_error("sequences must hold at least one sequence; received 0");
  }
  if (Status s = x.check("the tokens' features"); !s.ok()) return s;
  if (data.starts.front() != 0 || data.starts.back() != x.rows()) {
    return Status::range_error("the sequences' offsets must go from 0 to the " +
                               std::to_string(x.rows()) + " tokens");
  }
  for (std::size_t s = 0; s + 1 < data.starts.size(); ++s) {
    if (data.starts[s + 1] <= data.starts[s]) {
      return Status::range_error("sequences[" + std::to_string(s) +
                                 "] must hold at least one token; received 0");
    }
  }
  if (fitted() && x.cols() != features_) {
    return Status::range_error("the tokens must have " + std::to_string(features_) +
                               " features, as at fit; received " + std::to_string(x.cols()));
  }
  if (labelled) {
    if (data.tags.size() != x.rows()) {
      return Status::range_error("tags must hold one tag per token (" + std::to_string(x.rows()) +
                                 "); received " + std::to_string(data.tags.size()));
    }
    for (std::uint32_t tag : data.tags) {
      if (tag >= tags) return Status::range_error("a tag id is not below the number of tags");
    }
  }
  return Status::success();
}

Status StructuredPerceptron::start(std::size_t tags, std::size_t features) {
  const std::uint64_t t = tags;
  if (Status s = check_weights_memory(t, "tags", features, (t + 1) * t); !s.ok()) return s;
  tags_ = tags;
  features_ = features;
  weights_.assign(tags * features + (tags + 1) * tags, 0.0);
  average_.reset(weights_);
  steps_ = 0;
  return Status::success();
}

double StructuredPerceptron::viterbi(const std::vector<double>& w, const Matrix& tokens,
                                     std::size_t begin, std::size_t end, Lattice& table) const {
  const std::size_t k_count = tags_;
  const std::size_t n = end - begin;
  const double* transition = w.data() + k_count * features_;
  table.tags = k_count;
  table.emission.resize(n * k_count);
  table.best.resize(n * k_count);
  table.back.resize(n * k_count);
  table.path.resize(n);
  double* delta = table.best.data();
  for (std::size_t t = 0; t < n; ++t) {
    const Row x = tokens.row(begin + t);
    for (std::size_t k = 0; k < k_count; ++k) {
      const double emission =
          model_dot(std::span<const double>(w.data() + k * features_, features_), x);
      double best = 0;
      std::int32_t from = -1;
      if (t == 0) {
        best = transition[k_count * k_count + k];  // from the start
      } else {
        best = -std::numeric_limits<double>::infinity();
        from = 0;
        for (std::size_t j = 0; j < k_count; ++j) {
          const double candidate = delta[(t - 1) * k_count + j] + transition[j * k_count + k];
          if (candidate > best) best = candidate, from = static_cast<std::int32_t>(j);
        }
      }
      table.emission[t * k_count + k] = emission;
      delta[t * k_count + k] = best + emission;
      table.back[t * k_count + k] = from;
    }
  }
  std::uint32_t last = 0;
  for (std::size_t k = 1; k < k_count; ++k) {
    if (delta[(n - 1) * k_count + k] > delta[(n - 1) * k_count + last]) {
      last = static_cast<std::uint32_t>(k);
    }
  }
  table.score = delta[(n - 1) * k_count + last];
  for (std::size_t t = n; t-- > 0;) {
    table.path[t] = last;
    if (t > 0) last = static_cast<std::uint32_t>(table.back[t * k_count + last]);
  }
  return table.score;
}

double StructuredPerceptron::score_of(const std::vector<double>& w, const Matrix& tokens,
                                      std::size_t begin, std::size_t end,
                                      const std::uint32_t* tags) const {
  const double* transition = w.data() + tags_ * features_;
  double score = 0;
  for (std::size_t t = 0; t < end - begin; ++t) {
    const std::size_t previous = t == 0 ? tags_ : tags[t - 1];
    score += transition[previous * tags_ + tags[t]] +
             model_dot(std::span<const double>(w.data() + tags[t] * features_, features_),
                       tokens.row(begin + t));
  }
  return score;
}

void StructuredPerceptron::add_features(const Matrix& tokens, std::size_t begin, std::size_t end,
                                        const std::uint32_t* tags, double factor) {
  const std::size_t offset = tags_ * features_;
  for (std::size_t t = 0; t < end - begin; ++t) {
    const Row x = tokens.row(begin + t);
    add_scaled(std::span<double>(weights_.data() + tags[t] * features_, features_), factor, x);
    average_.add(tags[t] * features_, factor, x);
    const std::size_t previous = t == 0 ? tags_ : tags[t - 1];
    const std::size_t index = offset + previous * tags_ + tags[t];
    weights_[index] += factor;
    average_.add(index, factor);
  }
}

Training StructuredPerceptron::train(Sequences data, std::size_t tags, bool single_pass,
                                     SequenceObserver observe, Progress& progress,
                                     FitReport& report) {
  if (!single_pass) {
    if (tags < 1) co_return Status::range_error("tags must hold at least one tag; received 0");
    if (Status s = check(data, true, tags); !s.ok()) co_return s;
    if (Status s = start(tags, data.tokens.cols()); !s.ok()) co_return s;
  }
  Params loop_params;  // the loop's part of the options; a pass goes on from the steps so far
  loop_params.order = params_.order;
  loop_params.seed = params_.seed + steps_;
  loop_params.max_epochs = single_pass ? 1 : params_.max_epochs;
  EpochLoop loop(loop_params, data.size(), progress);
  progress.report = &loop.report();
  Lattice table;
  auto step = [&](std::size_t index, std::uint64_t epoch) {
    const std::size_t begin = data.starts[index], end = data.starts[index + 1];
    const std::uint32_t* gold = data.tags.data() + begin;
    SequenceStep record;
    record.score = viterbi(weights_, data.tokens, begin, end, table);
    const std::vector<std::uint32_t>& predicted = table.path;
    record.gold_score = score_of(weights_, data.tokens, begin, end, gold);
    for (std::size_t t = 0; t < end - begin; ++t) record.differing += predicted[t] != gold[t];
    record.mistake = record.differing > 0;
    ++steps_;
    average_.tick();
    if (record.mistake) {
      add_features(data.tokens, begin, end, gold, params_.learning_rate);
      add_features(data.tokens, begin, end, predicted.data(), -params_.learning_rate);
    }
    Control control = Control::proceed;
    if (observe) {
      record.t = steps_;
      record.epoch = epoch;
      record.index = index;
      record.predicted = predicted;
      record.gold = std::span<const std::uint32_t>(gold, end - begin);
      if (!observe(record)) control = Control::stop;
    }
    return StepOutcome{record.mistake, control};
  };
  auto all_right = [] { return true; };  // for order 'sample', which set_params refuses
  auto after_epoch = [](EpochRecord&) { return EpochVerdict{}; };
  while (!loop.run(step, all_right, after_epoch)) co_yield Training::Pause{};
  report = std::move(loop.report());
  progress.report = &report;
  co_return Status::success();
}

Status StructuredPerceptron::start_training(Trainer& trainer, Sequences data, std::size_t tags,
                                            SequenceObserver observe) {
  return trainer.start(train(std::move(data), tags, false, std::move(observe), trainer.progress(),
                             trainer.report_slot()));
}

Status StructuredPerceptron::fit(Sequences data, std::size_t tags, FitReport& report,
                                 const SequenceObserver& observe) {
  StructuredPerceptron fresh;
  fresh.params_ = params_;
  Trainer trainer;
  const Status started = fresh.start_training(trainer, std::move(data), tags, observe);
  if (Status s = run_to_end(started, trainer, report); !s.ok()) return s;
  *this = std::move(fresh);
  return Status::success();
}

Status StructuredPerceptron::partial_fit(Sequences data, std::size_t tags, FitReport& report,
                                         const SequenceObserver& observe) {
  StructuredPerceptron next = *this;
  if (!fitted()) {
    if (tags < 1) return Status::range_error("tags must hold at least one tag; received 0");
    if (Status s = check(data, true, tags); !s.ok()) return s;
    if (Status s = next.start(tags, data.tokens.cols()); !s.ok()) return s;
  } else if (Status s = check(data, true, tags_); !s.ok()) {
    return s;
  }
  Trainer trainer;
  const Status started = trainer.start(
      next.train(std::move(data), tags, true, observe, trainer.progress(), trainer.report_slot()));
  if (Status s = run_to_end(started, trainer, report); !s.ok()) return s;
  *this = std::move(next);
  return Status::success();
}

std::vector<double> StructuredPerceptron::predicting_weights() const {
  if (!params_.averaged) return weights_;
  std::vector<double> out;
  average_.average(weights_, out);
  return out;
}

Status StructuredPerceptron::predict(const Sequences& data, std::vector<std::uint32_t>& out) const {
  if (!fitted()) return not_fitted_yet(true);
  if (Status s = check(data, false, tags_); !s.ok()) return s;
  const std::vector<double> w = predicting_weights();
  std::vector<std::uint32_t> tags(data.tokens.rows());
  Lattice table;
  for (std::size_t s = 0; s < data.size(); ++s) {
    viterbi(w, data.tokens, data.starts[s], data.starts[s + 1], table);
    std::copy(table.path.begin(), table.path.end(), tags.begin() + data.starts[s]);
  }
  out = std::move(tags);
  return Status::success();
}

Status StructuredPerceptron::lattice(const Sequences& data, Lattice& out) const {
  if (!fitted()) return not_fitted_yet(true);
  if (Status s = check(data, false, tags_); !s.ok()) return s;
  if (data.size() != 1) {
    return Status::range_error("a lattice is one sequence's; received " +
                               std::to_string(data.size()) + " sequences");
  }
  const std::vector<double> w = predicting_weights();
  Lattice table;
  viterbi(w, data.tokens, 0, data.tokens.rows(), table);
  const auto split = w.begin() + static_cast<std::ptrdiff_t>(tags_ * features_);
  table.transition.assign(split, w.end());
  out = std::move(table);
  return Status::success();
}

SavedModel StructuredPerceptron::save() const {
  SavedModel saved;
  for (std::size_t k = 0; k < tags_; ++k) saved.classes.numbers.push_back(static_cast<double>(k));
  saved.classes.numeric = true;
  saved.n_features = features_;
  saved.steps = steps_;
  const auto split = weights_.begin() + static_cast<std::ptrdiff_t>(tags_ * features_);
  saved.arrays.emplace_back("emission", std::vector<double>(weights_.begin(), split));
  saved.arrays.emplace_back("transition", std::vector<double>(split, weights_.end()));
  if (params_.averaged) average_.save(saved.state);
  return saved;
}

Status StructuredPerceptron::restore(const StructuredParams& params, std::size_t tags,
                                     const SavedModel& saved) {
  StructuredPerceptron loaded;
  if (Status s = loaded.set_params(params); !s.ok()) return s;
  if (tags == 0) return Status::success();  // saved before learning
  if (Status s = check_counts(saved, tags); !s.ok()) return s;
  if (Status s = loaded.start(tags, saved.n_features); !s.ok()) return s;
  std::vector<double> emission, transition;
  if (Status s = read_array(saved.arrays, "emission", tags * saved.n_features, emission,
                            "tags x nFeatures");
      !s.ok()) {
    return s;
  }
  if (Status s = read_array(saved.arrays, "transition", (tags + 1) * tags, transition,
                            "(tags + 1) x tags");
      !s.ok()) {
    return s;
  }
  std::copy(emission.begin(), emission.end(), loaded.weights_.begin());
  std::copy(transition.begin(), transition.end(),
            loaded.weights_.begin() + static_cast<std::ptrdiff_t>(emission.size()));
  if (params.averaged) {
    if (Status s = loaded.average_.load(saved.state, loaded.weights_.size()); !s.ok()) return s;
  }
  loaded.steps_ = saved.steps;
  *this = std::move(loaded);
  return Status::success();
}

}  // namespace perceptron
