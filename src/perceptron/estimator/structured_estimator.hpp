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
// model, its tags and its feature map are as they were. A trainer (start_training) is fit's
// training driven step by step, the same loop; a call that changes the model ends it first.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "perceptron/data/dataset.hpp"
#include "perceptron/estimator/estimator.hpp"
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
  StructuredEstimator() = default;
  // A running trainer drives this estimator's model and records its steps here.
  StructuredEstimator(const StructuredEstimator&) = delete;
  StructuredEstimator& operator=(const StructuredEstimator&) = delete;

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
  // One sequence's lattice (tokens: its tokens, checked as predict checks them, named
  // tokens[t]), with the weights predict uses: its path is predict's, ties alike.
  Status lattice(const NamedRows& tokens, Lattice& out) const;
  // Token accuracy against data's tags (a tag the model does not have is a miss).
  Status score(const TaggedSequences& data, double& out) const;

  const Classes& tags() const { return tags_; }
  bool fitted() const { return tags_.size() != 0; }
  // The NotFittedError before the model learned (predict's and score's first check).
  Status check_fitted() const;
  const StructuredPerceptron& model() const { return model_; }

  // model.trainer(): fit's input read as fit reads it and fit's training started on it, in
  // place of the running trainer: the model starts from zero, with the tags and the feature map
  // learned from `data`. On error the model, its tags and map and the running trainer are
  // unchanged.
  Status start_training(const TaggedSequences& data);
  // The running trainer (null when none) and its id, which changes with each start (0: none).
  const Trainer* trainer() const { return trainer_.get(); }
  std::uint64_t trainer_id() const { return trainer_ ? last_trainer_id_ : 0; }
  // Runs the trainer (there must be one). A run of more than one step is guarded like fit: a
  // weight that is not finite puts the model back as it was before the run and ends the trainer
  // (a single step is not guarded; the next guarded run reports a model it left overflowed).
  Status run_trainer(TrainerRun mode, std::uint64_t steps);
  // The trainer's last step, as fit's observer sees it (there must be one).
  StructuredStep last_step() const { return {last_step_, tags_, last_step_.gold}; }
  void end_training() { trainer_.reset(); }

  // toJSON's text: the saved format (saved_io.hpp) with the options in effect.
  std::string saved_text() const;
  // fromJSON into an estimator configured from the document's options: the model, its tags and
  // its vocabulary, all or nothing; errors name the field.
  Status restore_saved(const json::Value& document);
  // The same from fromJSON's text (saved_document).
  Status restore_text(std::string_view text, bool from_object);

 private:
  // What fit, partial_fit and start_training read from `data`: the tags they know (learned
  // unless the model continues), the feature map, and the sequences over it with tag ids.
  struct Prepared {
    Classes known;
    FeatureMap map;
    Sequences sequences;
  };
  Status prepare(const TaggedSequences& data, const Classes* given, bool learn,
                 Prepared& out) const;
  Status train(const TaggedSequences& data, const Classes* given, bool learn, FitReport& report,
               const StructuredObserver& observe);
  // The tokens (checked by check_tokens) as a sparse matrix over `map` (a TypeError when it has
  // no columns), with their offsets.
  Status sequences_of(const NamedRows& tokens, const std::vector<std::uint32_t>& starts,
                      const FeatureMap& map, Sequences& out) const;
  // The same over the learned map, for predict and lattice.
  Status readable(const NamedRows& tokens, const std::vector<std::uint32_t>& starts,
                  Sequences& out) const;

  StructuredPerceptron model_;
  FeatureMap features_;
  unsigned hashing_bits_ = 0;
  Classes tags_;
  SequenceStep last_step_;  // the trainer's last step; its gold points into last_gold_
  std::vector<std::uint32_t> last_gold_;
  std::uint64_t last_trainer_id_ = 0;
  std::unique_ptr<Trainer> trainer_;  // last: destroyed first
};

}  // namespace perceptron
