#include "perceptron/estimator/structured_estimator.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "perceptron/estimator/overflow.hpp"
#include "perceptron/estimator/saved_io.hpp"

namespace perceptron {

namespace {

constexpr NameTable<bool, 2> variant_names{{{false, "classic"}, {true, "averaged"}}};
constexpr NameTable<Order, 2> order_names{{{Order::cyclic, "cyclic"}, {Order::shuffle, "shuffle"}}};

const OptionTable<StructuredParams>& fields() {
  static const OptionTable<StructuredParams> table = {
      choice_field<&StructuredParams::averaged, variant_names>("variant"),
      choice_field<&StructuredParams::order, order_names>("order"),
      number_field("learningRate", above(0), &StructuredParams::learning_rate),
      integer_field("maxEpochs", 1, &StructuredParams::max_epochs),
      integer_field("seed", 0, &StructuredParams::seed),
  };
  return table;
}

json::Value json_of(const OptionValue& value) {
  if (const auto* number = std::get_if<double>(&value)) return json::Value::of(*number);
  if (const auto* flag = std::get_if<bool>(&value)) return json::Value::of(*flag);
  if (const auto* text = std::get_if<std::string>(&value)) return json::Value::of(*text);
  return json::Value::null_value();
}

// Tag k of `tags` as JSON.stringify writes it ("N", 1.5).
json::Value tag_json(const Classes& tags, std::size_t k) {
  return tags.numeric ? json::Value::of(tags.numbers[k]) : json::Value::of(tags.names[k]);
}

std::string tags_json(const Classes& tags) {
  json::Value list = json::Value::array();
  for (std::size_t k = 0; k < tags.size(); ++k) list.push(tag_json(tags, k));
  return json::write(list);
}

// The distinct tags of `given`, sorted (numbers ascending, strings by code point).
Classes distinct_tags(const Classes& given) {
  Classes out;
  std::vector<std::uint32_t> unused;
  // The bindings send finite numbers and well-formed strings: encode_labels cannot fail.
  if (given.numeric) {
    (void)encode_labels(given.numbers, "tags", out, unused);
  } else {
    (void)encode_labels(given.names, "tags", out, unused);
  }
  return out;
}

// Each gold tag's id among `known`: a tag that is not one of them is a RangeError naming it.
Status tag_ids(const Classes& gold, const Classes& known, std::vector<std::uint32_t>& out) {
  out.assign(gold.size(), 0);
  for (std::size_t k = 0; k < gold.size(); ++k) {
    bool found = false;
    if (gold.numeric && known.numeric) {
      const auto at = std::lower_bound(known.numbers.begin(), known.numbers.end(), gold.numbers[k]);
      found = at != known.numbers.end() && *at == gold.numbers[k];
      out[k] = static_cast<std::uint32_t>(at - known.numbers.begin());
    } else if (!gold.numeric && !known.numeric) {
      const auto at = std::lower_bound(known.names.begin(), known.names.end(), gold.names[k]);
      found = at != known.names.end() && *at == gold.names[k];
      out[k] = static_cast<std::uint32_t>(at - known.names.begin());
    }
    if (!found) {
      return Status::range_error("tag " + json::write(tag_json(gold, k)) + " (token " +
                                 std::to_string(k) + ") is not one of the model's tags " +
                                 tags_json(known));
    }
  }
  return Status::success();
}

// The sequences (offsets `starts` into `rows`) and their tokens' values, as a batch must hold
// them; `one`: the tokens of one sequence, named tokens[t] (lattice's argument).
Status check_tokens(const NamedRows& rows, const std::vector<std::uint32_t>& starts, bool one) {
  if (starts.size() < 2) {
    return Status::range_error("sequences must hold at least one sequence; received 0");
  }
  for (std::size_t s = 0; s + 1 < starts.size(); ++s) {
    if (starts[s + 1] <= starts[s]) {
      return Status::range_error(
          (one ? std::string("tokens") : "sequences[" + std::to_string(s) + "]") +
          " must be a non-empty array of tokens; received an array of "
          "length 0");
    }
  }
  if (starts.front() != 0 || starts.back() != rows.rows()) {
    return Status::range_error("the sequences' offsets must go from 0 to the " +
                               std::to_string(rows.rows()) + " tokens");
  }
  for (std::size_t s = 0, i = 0; i < rows.rows() && !rows.values.empty(); ++i) {
    while (starts[s + 1] <= i) ++s;
    for (std::size_t k = rows.indptr[i]; k < rows.indptr[i + 1]; ++k) {
      if (std::isfinite(rows.values[k])) continue;
      const std::string token =
          one ? "tokens[" + std::to_string(i) + "]"
              : "sequences[" + std::to_string(s) + "][" + std::to_string(i - starts[s]) + "]";
      return Status::range_error(token + "[" + json::quoted(rows.names[rows.ids[k]]) +
                                 "] must be a finite number; received " +
                                 format_number(rows.values[k]));
    }
  }
  return Status::success();
}
Status check_tokens(const TaggedSequences& data) {
  return check_tokens(data.tokens, data.starts, false);
}

// The gold tags' sequences against the tokens'.
Status check_tags(const TaggedSequences& data) {
  const std::size_t count = data.starts.size() - 1;
  if (data.tag_starts.size() != count + 1) {
    return Status::range_error(
        "tags must be an array of " + std::to_string(count) +
        " tag sequences, one per sequence; received an array of length " +
        std::to_string(data.tag_starts.empty() ? 0 : data.tag_starts.size() - 1));
  }
  for (std::size_t s = 0; s < count; ++s) {
    const std::size_t length = data.starts[s + 1] - data.starts[s];
    const std::size_t given = data.tag_starts[s + 1] - data.tag_starts[s];
    if (given != length) {
      return Status::range_error(
          "tags[" + std::to_string(s) + "] must hold " + std::to_string(length) +
          " tags, one per token; received an array of length " + std::to_string(given));
    }
  }
  return Status::success();
}

}  // namespace

Status StructuredEstimator::configure(const StructuredOptions& options) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out = field_names(fields());
    out.emplace_back("hashing");
    return out;
  }();
  StructuredParams params = model_.params();
  for (const auto& [name, value] : options.values) {
    const OptionField<StructuredParams>* field = find_field(fields(), name);
    if (field == nullptr) return unknown_option(name, names);
    if (Status s = set_field(*field, value, params); !s.ok()) return s;
  }
  FeatureMap map;
  if (options.hashing_bits) {
    if (Status s = FeatureMap::hashing(*options.hashing_bits, map); !s.ok()) return s;
  }
  end_training();
  if (Status s = model_.set_params(params); !s.ok()) return s;
  hashing_bits_ = map.bits();
  if (!fitted()) features_ = std::move(map);
  return Status::success();
}

std::vector<OptionSetting> StructuredEstimator::settings() const {
  std::vector<OptionSetting> out;
  append_settings(fields(), model_.params(), out);
  return out;
}

std::string StructuredEstimator::options_text() const {
  json::Value options = json::Value::object();
  for (const OptionSetting& setting : settings()) {
    if (setting.value) options.set(setting.spec.name, json_of(*setting.value));
  }
  if (hashing_bits_ != 0) {
    json::Value hashing = json::Value::object();
    hashing.set("bits", json::Value::of(static_cast<double>(hashing_bits_)));
    options.set("hashing", std::move(hashing));
  }
  return json::write(options);
}

Status StructuredEstimator::sequences_of(const NamedRows& tokens,
                                         const std::vector<std::uint32_t>& starts,
                                         const FeatureMap& map, Sequences& out) const {
  Sequences built;
  if (Status s = map.to_csr(tokens, "tokens", built.tokens); !s.ok()) return s;
  built.starts = starts;
  out = std::move(built);
  return Status::success();
}

Status StructuredEstimator::fit(const TaggedSequences& data, FitReport& report,
                                const StructuredObserver& observe) {
  return train(data, nullptr, true, report, observe);
}

Status StructuredEstimator::partial_fit(const TaggedSequences& data, const Classes* tags,
                                        FitReport& report, const StructuredObserver& observe) {
  end_training();
  if (tags != nullptr && fitted()) {
    return Status::range_error("option tags is for the first call; the model has its tags already");
  }
  return train(data, tags, false, report, observe);
}

Status StructuredEstimator::prepare(const TaggedSequences& data, const Classes* given, bool learn,
                                    Prepared& out) const {
  if (Status s = check_tokens(data); !s.ok()) return s;
  if (Status s = check_tags(data); !s.ok()) return s;
  Classes known = tags_;
  if (learn || !fitted()) known = distinct_tags(given != nullptr && !learn ? *given : data.tags);
  std::vector<std::uint32_t> ids;
  if (Status s = tag_ids(data.tags, known, ids); !s.ok()) return s;
  FeatureMap map = features_;
  if (learn || !fitted()) {
    if (Status s = features_.learned(data.tokens, "the tokens", "tokens", map); !s.ok()) return s;
  }
  Sequences sequences;
  if (Status s = sequences_of(data.tokens, data.starts, map, sequences); !s.ok()) return s;
  sequences.tags = std::move(ids);
  out = Prepared{std::move(known), std::move(map), std::move(sequences)};
  return Status::success();
}

Status StructuredEstimator::train(const TaggedSequences& data, const Classes* given, bool learn,
                                  FitReport& report, const StructuredObserver& observe) {
  end_training();
  Prepared prepared;
  if (Status s = prepare(data, given, learn, prepared); !s.ok()) return s;
  const Classes& known = prepared.known;
  bool aborted = false;
  SequenceObserver watch;
  if (observe) {
    watch = [&](const SequenceStep& step) {
      const Control answer = observe({step, known, step.gold});
      aborted = answer == Control::abort;
      return answer == Control::proceed;
    };
  }
  const StructuredPerceptron before = model_;  // put back on an abort or an overflow
  const std::size_t count = known.size();
  const Status s = learn ? model_.fit(std::move(prepared.sequences), count, report, watch)
                         : model_.partial_fit(std::move(prepared.sequences), count, report, watch);
  if (!s.ok()) return s;
  if (aborted) {
    model_ = before;
    report.aborted = true;
    return Status::success();
  }
  if (std::optional<std::string> where = non_finite_in(model_.save())) {
    model_ = before;
    return overflowed(*where + " (the model is as it was before the call)");
  }
  features_ = std::move(prepared.map);
  tags_ = std::move(prepared.known);
  return Status::success();
}

Status StructuredEstimator::start_training(const TaggedSequences& data) {
  Prepared prepared;
  if (Status s = prepare(data, nullptr, true, prepared); !s.ok()) return s;
  auto trainer = std::make_unique<Trainer>();
  const std::size_t count = prepared.known.size();
  // Each step recorded for step(): the training's gold tags live as long as its trainer, but
  // the record is kept apart, as the step's own.
  auto record = [this](const SequenceStep& step) {
    last_gold_.assign(step.gold.begin(), step.gold.end());
    last_step_ = step;
    last_step_.gold = last_gold_;
    return true;
  };
  if (Status s = model_.start_training(*trainer, std::move(prepared.sequences), count, record);
      !s.ok()) {
    return s;
  }
  trainer_ = std::move(trainer);
  ++last_trainer_id_;
  last_step_ = SequenceStep{};
  last_gold_.clear();
  features_ = std::move(prepared.map);
  tags_ = std::move(prepared.known);
  return Status::success();
}

Status StructuredEstimator::run_trainer(TrainerRun mode, std::uint64_t steps) {
  const bool single = mode == TrainerRun::steps && steps <= 1;
  std::optional<StructuredPerceptron> before;
  if (!single) before = model_;
  if (mode == TrainerRun::end) {
    trainer_->run(Progress::unlimited);
  } else if (mode == TrainerRun::epoch) {
    trainer_->finish_epoch(steps);
  } else {
    trainer_->run(steps);
  }
  Status ended;
  FitReport unused;
  if (trainer_->done()) ended = trainer_->finish(unused);
  if (!before) return ended;
  std::optional<std::string> where = non_finite_in(model_.save());
  if (!where) return ended;
  if (non_finite_in(before->save())) {
    return overflowed(*where +
                      " (the model had overflowed before this call, in a trainer's "
                      "step(), which does not check; it is left as it is)");
  }
  end_training();
  model_ = std::move(*before);
  return overflowed(*where + " (the model is as it was before the call)");
}

Status StructuredEstimator::check_fitted() const {
  if (fitted()) return Status::success();
  return Status::not_fitted("the model has not learned yet; call fit first");
}

Status StructuredEstimator::readable(const NamedRows& tokens,
                                     const std::vector<std::uint32_t>& starts,
                                     Sequences& out) const {
  if (features_.cols() != 0) return sequences_of(tokens, starts, features_, out);
  // A saved model without its vocabulary: no token has a feature, which the model refuses as it
  // refuses any tokens without columns.
  Sequences sequences;
  if (Status s =
          Matrix::allocate_sparse(tokens.rows(), 0, 0, DType::float64, "tokens", sequences.tokens);
      !s.ok()) {
    return s;
  }
  std::fill(sequences.tokens.indptr(), sequences.tokens.indptr() + tokens.rows() + 1, 0);
  sequences.starts = starts;
  out = std::move(sequences);
  return Status::success();
}

Status StructuredEstimator::predict(const TaggedSequences& data,
                                    std::vector<std::uint32_t>& out) const {
  if (Status s = check_fitted(); !s.ok()) return s;
  if (Status s = check_tokens(data); !s.ok()) return s;
  Sequences sequences;
  if (Status s = readable(data.tokens, data.starts, sequences); !s.ok()) return s;
  return model_.predict(sequences, out);
}

Status StructuredEstimator::lattice(const NamedRows& tokens, Lattice& out) const {
  if (Status s = check_fitted(); !s.ok()) return s;
  const std::vector<std::uint32_t> starts{0, static_cast<std::uint32_t>(tokens.rows())};
  if (Status s = check_tokens(tokens, starts, true); !s.ok()) return s;
  Sequences sequences;
  if (Status s = readable(tokens, starts, sequences); !s.ok()) return s;
  return model_.lattice(sequences, out);
}

Status StructuredEstimator::score(const TaggedSequences& data, double& out) const {
  std::vector<std::uint32_t> predicted;
  if (Status s = predict(data, predicted); !s.ok()) return s;
  if (Status s = check_tags(data); !s.ok()) return s;
  const Classes& gold = data.tags;
  std::size_t hits = 0;
  for (std::size_t k = 0; k < gold.size() && gold.numeric == tags_.numeric; ++k) {
    hits += gold.numeric ? gold.numbers[k] == tags_.numbers[predicted[k]]
                         : gold.names[k] == tags_.names[predicted[k]];
  }
  out = static_cast<double>(hits) / static_cast<double>(gold.size());
  return Status::success();
}

std::string StructuredEstimator::saved_text() const {
  return structured_text(model_, options_text(), tags_, features_.vocabulary());
}

Status StructuredEstimator::restore_text(std::string_view text, bool from_object) {
  json::Value document;
  const Status s = saved_document(text, from_object, document);
  return s.ok() ? restore_saved(document) : s;
}

Status StructuredEstimator::restore_saved(const json::Value& document) {
  SavedEnvelope envelope;
  if (Status s = read_envelope(document, SavedKind::structured, envelope); !s.ok()) return s;
  StructuredPerceptron model = model_;
  std::optional<std::vector<std::string>> vocabulary;
  if (Status s = restore_structured(document, model, vocabulary); !s.ok()) return s;
  FeatureMap map = features_;
  if (vocabulary) {
    const auto n_features = static_cast<std::size_t>(envelope.n_features);
    if (Status s = FeatureMap::restore(std::move(*vocabulary), n_features, map); !s.ok()) return s;
  }
  end_training();
  model_ = std::move(model);
  features_ = std::move(map);
  tags_ = envelope.classes;
  return Status::success();
}

}  // namespace perceptron
