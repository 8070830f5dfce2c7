#include "perceptron/models/structured.hpp"

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
                                     std::size_t begin, std::size_t end, std::uint32_t* out) const {
  const std::size_t k_count = tags_;
  const std::size_t n = end - begin;
  const double* transition = w.data() + k_count * features_;
  std::vector<double> delta(n * k_count);
  std::vector<std::uint32_t> back(n * k_count, 0);
  for (std::size_t t = 0; t < n; ++t) {
    const Row x = tokens.row(begin + t);
    for (std::size_t k = 0; k < k_count; ++k) {
      const double emission =
          model_dot(std::span<const double>(w.data() + k * features_, features_), x);
      double best = 0;
      std::uint32_t from = 0;
      if (t == 0) {
        best = transition[k_count * k_count + k];  // from the start
      } else {
        best = -std::numeric_limits<double>::infinity();
        for (std::size_t j = 0; j < k_count; ++j) {
          const double candidate = delta[(t - 1) * k_count + j] + transition[j * k_count + k];
          if (candidate > best) best = candidate, from = static_cast<std::uint32_t>(j);
        }
      }
      delta[t * k_count + k] = best + emission;
      back[t * k_count + k] = from;
    }
  }
  std::uint32_t last = 0;
  for (std::size_t k = 1; k < k_count; ++k) {
    if (delta[(n - 1) * k_count + k] > delta[(n - 1) * k_count + last]) {
      last = static_cast<std::uint32_t>(k);
    }
  }
  const double score = delta[(n - 1) * k_count + last];
  for (std::size_t t = n; t-- > 0;) {
    out[t] = last;
    last = back[t * k_count + last];
  }
  return score;
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

Status StructuredPerceptron::train(const Sequences& data, FitReport& report, bool single_pass,
                                   const std::function<bool(const SequenceStep&)>& observe) {
  const std::size_t n = data.size();
  VisitOrder visits(params_.order, params_.seed + steps_, static_cast<std::uint32_t>(n));
  FitReport result;
  const std::uint64_t epochs = single_pass ? 1 : params_.max_epochs;
  std::vector<std::uint32_t> predicted;
  for (std::uint64_t epoch = 1; epoch <= epochs; ++epoch) {
    EpochRecord record;
    record.epoch = epoch;
    bool stop = false;
    for (std::size_t visit = 0; visit < n && !stop; ++visit) {
      const std::size_t s = visits.next();
      const std::size_t begin = data.starts[s], end = data.starts[s + 1];
      const std::uint32_t* gold = data.tags.data() + begin;
      predicted.resize(end - begin);
      SequenceStep step;
      step.score = viterbi(weights_, data.tokens, begin, end, predicted.data());
      step.gold_score = score_of(weights_, data.tokens, begin, end, gold);
      for (std::size_t t = 0; t < end - begin; ++t) step.differing += predicted[t] != gold[t];
      step.mistake = step.differing > 0;
      ++steps_;
      average_.tick();
      if (step.mistake) {
        add_features(data.tokens, begin, end, gold, params_.learning_rate);
        add_features(data.tokens, begin, end, predicted.data(), -params_.learning_rate);
        ++record.mistakes;
      }
      ++record.steps;
      step.t = steps_;
      step.epoch = epoch;
      step.index = s;
      step.predicted = predicted;
      if (observe && !observe(step)) stop = true;
    }
    result.epochs = epoch;
    result.steps += record.steps;
    result.mistakes += record.mistakes;
    if (result.history.size() < max_history) result.history.push_back(record);
    if (stop) {
      result.stopped = true;
      break;
    }
    if (record.mistakes == 0) {
      result.converged = true;
      break;
    }
  }
  report = result;
  return Status::success();
}

Status StructuredPerceptron::fit(const Sequences& data, std::size_t tags, FitReport& report,
                                 const std::function<bool(const SequenceStep&)>& observe) {
  if (tags < 1) return Status::range_error("tags must hold at least one tag; received 0");
  StructuredPerceptron fresh;
  fresh.params_ = params_;
  if (Status s = fresh.check(data, true, tags); !s.ok()) return s;
  if (Status s = fresh.start(tags, data.tokens.cols()); !s.ok()) return s;
  if (Status s = fresh.train(data, report, false, observe); !s.ok()) return s;
  *this = std::move(fresh);
  return Status::success();
}

Status StructuredPerceptron::partial_fit(const Sequences& data, std::size_t tags, FitReport& report,
                                         const std::function<bool(const SequenceStep&)>& observe) {
  StructuredPerceptron next = *this;
  if (!fitted()) {
    if (tags < 1) return Status::range_error("tags must hold at least one tag; received 0");
    if (Status s = check(data, true, tags); !s.ok()) return s;
    if (Status s = next.start(tags, data.tokens.cols()); !s.ok()) return s;
  } else if (Status s = check(data, true, tags_); !s.ok()) {
    return s;
  }
  if (Status s = next.train(data, report, true, observe); !s.ok()) return s;
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
  for (std::size_t s = 0; s < data.size(); ++s) {
    viterbi(w, data.tokens, data.starts[s], data.starts[s + 1], tags.data() + data.starts[s]);
  }
  out = std::move(tags);
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
