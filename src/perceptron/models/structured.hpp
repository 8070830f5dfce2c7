// The structured perceptron for sequence labelling (Collins 2002; the CMU notes list it among
// the perceptron's extensions): first-order features, Viterbi decoding, classic and averaged.
//
// Data layout. A batch of sequences is one matrix of tokens (rows: every token of every
// sequence in order; columns: the F emission features, sparse or dense) and the offsets of the
// sequences: sequence s is tokens starts[s] .. starts[s + 1] - 1. Tags are ids 0 .. K-1, one per
// token (training only).
//
// The model: emission weights E (K rows of F, row-major) and transition weights T ((K + 1) rows
// of K: row j < K scores tag j followed by tag k, row K the start of a sequence). The score of
// tags y_1..y_n for tokens x_1..x_n is sum_t E[y_t] . x_t + T[y_{t-1}][y_t] with y_0 = start;
// Phi(x, y) is the vector of those features, so the score is w . Phi(x, y).
//
// Training visits the sequences (in order or shuffled each epoch from the seed); for each, the
// Viterbi tags z = argmax_z w . Phi(x, z) (ties to the smallest tag id at every step); if z != y
// (a mistake), w += eta * (Phi(x, y) - Phi(x, z)). An epoch without a mistake ends training
// (Collins: at most R^2 / gamma^2 mistakes on separable data, whatever the number of tags).
// Averaged: the average of w over every step, by the counter trick (average.hpp). Training is a
// coroutine over the EpochLoop every kind shares (training/trainer.hpp): fit and partial_fit run
// it to its end, a Trainer started by start_training drives it step by step, the same loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "perceptron/data/matrix.hpp"
#include "perceptron/models/average.hpp"
#include "perceptron/models/saved_model.hpp"
#include "perceptron/support/status.hpp"
#include "perceptron/training/params.hpp"
#include "perceptron/training/trainer.hpp"
#include "perceptron/training/training.hpp"

namespace perceptron {

struct Sequences {
  Matrix tokens;                      // one row per token, F columns
  std::vector<std::uint32_t> starts;  // sequences + 1 offsets into the rows, from 0 to rows
  std::vector<std::uint32_t> tags;    // one tag id per token (training), or empty
  std::size_t size() const { return starts.empty() ? 0 : starts.size() - 1; }
};

struct StructuredParams {
  bool averaged = false;
  Order order = Order::cyclic;  // cyclic or shuffle
  double learning_rate = 1.0;
  std::uint64_t max_epochs = 100;
  std::uint64_t seed = 0;
};

// One sequence visited in training: what the trace shows.
struct SequenceStep {
  std::uint64_t t = 0;                   // 1-based steps (sequences visited) since training started
  std::uint64_t epoch = 0;               // 1-based
  std::size_t index = 0;                 // the sequence
  std::vector<std::uint32_t> predicted;  // Viterbi's tags before the update
  double score = 0;                      // w . Phi(x, predicted) before the update
  double gold_score = 0;                 // w . Phi(x, y) before the update
  bool mistake = false;
  std::size_t differing = 0;  // tokens whose predicted tag is not the gold one
  // The sequence's gold tags (valid while the observer runs: they are the training data's).
  std::span<const std::uint32_t> gold;
};
// Called after every sequence of training; false stops it (the weights so far are kept).
using SequenceObserver = std::function<bool(const SequenceStep&)>;

// One sequence's lattice as Viterbi fills it, n tokens and K tags, rows of K row-major.
struct Lattice {
  std::size_t tags = 0;             // K
  std::vector<double> emission;     // n x K: E[k] . x_t
  std::vector<double> transition;   // (K + 1) x K: T[j][k] (row K: from the start)
  std::vector<double> best;         // n x K: the best score of a path ending in tag k at t
  std::vector<std::int32_t> back;   // n x K: that path's tag at t - 1 (-1 at t = 0)
  std::vector<std::uint32_t> path;  // Viterbi's tags (ties to the smallest tag id), n
  double score = 0;                 // w . Phi(x, path), the largest of best's last row
};

class StructuredPerceptron {
 public:
  // Checks and sets the options (all or nothing).
  Status set_params(const StructuredParams& params);
  const StructuredParams& params() const { return params_; }

  // Trains from zero on `data` for `tags` tags and its tokens' columns: start_training's
  // training run to its end, all or nothing (on error the model is as it was).
  Status fit(Sequences data, std::size_t tags, FitReport& report,
             const SequenceObserver& observe = {});
  // fit's training started in `trainer` (trainer.hpp), to be driven step by step: the checks
  // first (their error, with the model unchanged), then the model starts from zero. The model
  // shows the training so far between the trainer's runs; nothing else may change it meanwhile.
  Status start_training(Trainer& trainer, Sequences data, std::size_t tags,
                        SequenceObserver observe = {});
  // One pass over `data`, continuing (the first call starts the model with `tags` tags).
  Status partial_fit(Sequences data, std::size_t tags, FitReport& report,
                     const SequenceObserver& observe = {});
  // Viterbi's tags of every token (the averaged weights for the averaged variant).
  Status predict(const Sequences& data, std::vector<std::uint32_t>& out) const;
  // The lattice of `data`'s one sequence with the weights predict uses: its path is predict's.
  Status lattice(const Sequences& data, Lattice& out) const;

  bool fitted() const { return tags_ != 0; }
  std::size_t tags() const { return tags_; }
  std::size_t n_features() const { return features_; }
  std::uint64_t steps() const { return steps_; }
  // The weights that predict: emissions (K x F) then transitions ((K + 1) x K).
  std::vector<double> predicting_weights() const;

  // arrays: emission, transition (the training weights); state (averaged): startParameters, u,
  // averagedSteps over [emission..., transition...]; classes hold K tag ids 0..K-1.
  SavedModel save() const;
  Status restore(const StructuredParams& params, std::size_t tags, const SavedModel& saved);

 private:
  Status check(const Sequences& data, bool labelled, std::size_t tags) const;
  Status start(std::size_t tags, std::size_t features);
  // The training coroutine: fit's (checks, start, then maxEpochs epochs) or, `single_pass`, one
  // epoch continuing from the model as it is (partial_fit's, checked before).
  Training train(Sequences data, std::size_t tags, bool single_pass, SequenceObserver observe,
                 Progress& progress, FitReport& report);
  // Viterbi over tokens begin .. end - 1 with weights w (emissions then transitions), its
  // table, path and score in `table` (transition left as it is).
  double viterbi(const std::vector<double>& w, const Matrix& tokens, std::size_t begin,
                 std::size_t end, Lattice& table) const;
  double score_of(const std::vector<double>& w, const Matrix& tokens, std::size_t begin,
                  std::size_t end, const std::uint32_t* tags) const;
  // w += factor * Phi(x, tags) over tokens begin .. end - 1 (and the average's u alike).
  void add_features(const Matrix& tokens, std::size_t begin, std::size_t end,
                    const std::uint32_t* tags, double factor);

  StructuredParams params_;
  std::size_t tags_ = 0, features_ = 0;
  std::vector<double> weights_;  // emissions then transitions
  RunningAverage average_;
  std::uint64_t steps_ = 0;
};

}  // namespace perceptron
