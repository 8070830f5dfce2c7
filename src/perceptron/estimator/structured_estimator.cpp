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

// The sequences and their tokens' values, as a batch must hold them.
Status check_tokens(const TaggedSequences& data) {
  const std::vector<std::uint32_t>& starts = data.starts;
  if (starts.size() < 2) {
    return Status::range_error("sequences must hold at least one sequence; received 0");
  }
  for (std::size_t s = 0; s + 1 < starts.size(); ++s) {
    if (starts[s + 1] <= starts[s]) {
      return Status::range_error("sequences[" + std::to_string(s) +
                                 "] must be a non-empty array of tokens; received an array of "
                                 "length 0");
    }
  }
  if (starts.front() != 0 || starts.back() != data.tokens.rows()) {
    return Status::range_error("the sequences' offsets must go from 0 to the " +
                               std::to_string(data.tokens.rows()) + " tokens");
  }
  const NamedRows& rows = data.tokens;
  for (std::size_t s = 0, i = 0; i < rows.rows() && !rows.values.empty(); ++i) {
    while (starts[s + 1] <= i) ++s;
    for (std::size_t k = rows.indptr[i]; k < rows.indptr[i + 1]; ++k) {
      if (std::isfinite(rows.values[k])) continue;
      return Status::range_error(
          "sequences[" + std::to_string(s) + "][" + std::to_string(i - starts[s]) + "][" +
          json::quoted(rows.names[rows.ids[k]]) + "] must be a finite number; received " +
          format_number(rows.values[k]));
    }
  }
  return Status::success();
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

Status StructuredEstimator::sequences_of(const TaggedSequences& data, const FeatureMap& map,
                                         Sequences& out) const {
  Sequences built;
  if (Status s = map.to_csr(data.tokens, "tokens", built.tokens); !s.ok()) return s;
  built.starts = data.starts;
  out = std::move(built);
  return Status::success();
}

Status StructuredEstimator::fit(const TaggedSequences& data, FitReport& report,
                                const StructuredObserver& observe) {
  return train(data, nullptr, true, report, observe);
}

Status StructuredEstimator::partial_fit(const TaggedSequences& data, const Classes* tags,
                                        FitReport& report, const StructuredObserver& observe) {
  if (tags != nullptr && fitted()) {
    return Status::range_error("option tags is for the first call; the model has its tags already");
  }
  return train(data, tags, false, report, observe);
}

Status StructuredEstimator::train(const TaggedSequences& data, const Classes* given, bool learn,
                                  FitReport& report, const StructuredObserver& observe) {
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
  if (Status s = sequences_of(data, map, sequences); !s.ok()) return s;
  sequences.tags = std::move(ids);

  bool aborted = false;
  std::function<bool(const SequenceStep&)> watch;
  if (observe) {
    watch = [&](const SequenceStep& step) {
      const std::uint32_t* gold = sequences.tags.data() + sequences.starts[step.index];
      const std::size_t length = sequences.starts[step.index + 1] - sequences.starts[step.index];
      const Control answer = observe({step, known, {gold, length}});
      aborted = answer == Control::abort;
      return answer == Control::proceed;
    };
  }
  const StructuredPerceptron before = model_;  // put back on an abort or an overflow
  const Status s = learn ? model_.fit(sequences, known.size(), report, watch)
                         : model_.partial_fit(sequences, known.size(), report, watch);
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
  features_ = std::move(map);
  tags_ = std::move(known);
  return Status::success();
}

Status StructuredEstimator::check_fitted() const {
  if (fitted()) return Status::success();
  return Status::not_fitted("the model has not learned yet; call fit first");
}

Status StructuredEstimator::predict(const TaggedSequences& data,
                                    std::vector<std::uint32_t>& out) const {
  if (Status s = check_fitted(); !s.ok()) return s;
  if (Status s = check_tokens(data); !s.ok()) return s;
  Sequences sequences;
  if (features_.cols() != 0) {
    if (Status s = sequences_of(data, features_, sequences); !s.ok()) return s;
  } else {
    // A saved model without its vocabulary: no token has a feature, which the model refuses as
    // it refuses any tokens without columns.
    if (Status s = Matrix::allocate_sparse(data.tokens.rows(), 0, 0, DType::float64, "tokens",
                                           sequences.tokens);
        !s.ok()) {
      return s;
    }
    std::fill(sequences.tokens.indptr(), sequences.tokens.indptr() + data.tokens.rows() + 1, 0);
    sequences.starts = data.starts;
  }
  return model_.predict(sequences, out);
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
  model_ = std::move(model);
  features_ = std::move(map);
  tags_ = envelope.classes;
  return Status::success();
}

}  // namespace perceptron
