// The structured perceptron as its user holds it (models/structured.hpp is its learning rule):
// its options read as every kind's are (support/options.hpp), the columns of its tokens' feature
// names (features/feature_map.hpp: a vocabulary learned at fit, or hashing), its tags, training
// with a step observer, the put-back on abort and on overflow, and its saved JSON. The bindings
// bind it one to one; a C++ user calls it the same way.
//
// Data layout. A batch is every token of every sequence in order, each token its named features
// (a NamedRows row: names with values, a name's values adding up), and the offsets of the
// sequences into the tokens: sequence s is tokens starts[s] .. starts[s + 1] - 1. Training and
// scoring also take the gold tags: one per token (numbers or strings, as given), with their own
// offsets per sequence, which must agree with the tokens'. Tags become ids in sorted order
// (numbers ascending, strings by code point), learned at fit (or a first partialFit).
//
// Every call that changes the model is all or nothing: on error, an abort or an overflow, the
// model, its tags and its feature map are as they were.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/features/feature_map.hpp"
#include "perceptron/features/named_rows.hpp"
#include "perceptron/models/structured.hpp"
#include "perceptron/support/json.hpp"
#include "perceptron/support/options.hpp"

namespace perceptron {

struct TaggedSequences {
  NamedRows tokens;                       // one row per token
  std::vector<std::uint32_t> starts{0};   // sequences + 1 offsets into the tokens
  Classes tags;                           // the gold tags, one per token, as given (or none)
  std::vector<std::uint32_t> tag_starts;  // tag sequences + 1 offsets into the tags
};

// The options: variant ('classic' | 'averaged'), order ('cyclic' | 'shuffle'), learningRate,
// maxEpochs, seed, and hashing's bits (unset: a vocabulary).
struct StructuredOptions {
  OptionList values;
  std::optional<OptionValue> hashing_bits;
};

// A sequence visited in training, as the observer sees it: the model's step (its predicted tag
// ids), the tags they number, and the sequence's gold tag ids.
struct StructuredStep {
  const SequenceStep& step;
  const Classes& tags;
  std::span<const std::uint32_t> gold;
};
using StructuredObserver = std::function<Control(const StructuredStep&)>;

class StructuredEstimator {
 public:
  // The options checked, all or nothing (the learned state kept).
  Status configure(const StructuredOptions& options);
  // Every option in effect, in the order the options list them (hashing aside).
  std::vector<OptionSetting> settings() const;
  // The hashing option's bits (0: not set). A saved model's vocabulary replaces the hashing map
  // it was built with, but not the option.
  unsigned hashing_bits() const { return hashing_bits_; }
  const FeatureMap& features() const { return features_; }
  // The options in effect as JSON text, hashing last when set (what toJSON saves, and what the
  // bindings' options getter reads).
  std::string options_text() const;

  // Trains from zero: the tags and the feature map learned from `data`. An observer's stop keeps
  // the weights so far (the report says stopped); its abort puts everything back (aborted).
  Status fit(const TaggedSequences& data, FitReport& report,
             const StructuredObserver& observe = {});
  // One pass, continuing; the first call learns the feature map and the tags (`tags` when given:
  // then every tag of `data` must be among them), later calls read `data` against them.
  Status partial_fit(const TaggedSequences& data, const Classes* tags, FitReport& report,
                     const StructuredObserver& observe = {});
  // Viterbi's tag ids for every token (the NotFittedError before the model learned).
  Status predict(const TaggedSequences& data, std::vector<std::uint32_t>& out) const;
  // Token accuracy against data's tags (a tag the model does not have is a miss).
  Status score(const TaggedSequences& data, double& out) const;

  const Classes& tags() const { return tags_; }
  bool fitted() const { return tags_.size() != 0; }
  // The NotFittedError before the model learned (predict's and score's first check).
  Status check_fitted() const;
  const StructuredPerceptron& model() const { return model_; }

  // toJSON's text: the saved format (saved_io.hpp) with the options in effect.
  std::string saved_text() const;
  // fromJSON into an estimator configured from the document's options: the model, its tags and
  // its vocabulary, all or nothing; errors name the field.
  Status restore_saved(const json::Value& document);
  // The same from fromJSON's text (saved_document).
  Status restore_text(std::string_view text, bool from_object);

 private:
  Status train(const TaggedSequences& data, const Classes* given, bool learn, FitReport& report,
               const StructuredObserver& observe);
  // The tokens (checked by check_tokens) as a sparse matrix over `map` (a TypeError when it has
  // no columns), with their offsets.
  Status sequences_of(const TaggedSequences& data, const FeatureMap& map, Sequences& out) const;

  StructuredPerceptron model_;
  FeatureMap features_;
  unsigned hashing_bits_ = 0;
  Classes tags_;
};

}  // namespace perceptron
