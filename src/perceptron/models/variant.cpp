#include "perceptron/models/variant.hpp"

#include <cmath>
#include <string>

#include "perceptron/models/average.hpp"
#include "perceptron/models/update.hpp"

namespace perceptron {

namespace {

// Rosenblatt's perceptron as in the lecture notes: the last weights predict.
class ClassicPolicy final : public VariantPolicy {
 public:
  void reset(std::span<const double>, double) override {}
  void after_step(Row, double, double, std::span<const double>, double,
                  const StepContext&) override {}
  double decision(Row x, std::span<const double> w, double b, MistakeRule) const override {
    return score_of(w, b, x);
  }
  void predicting_weights(std::span<const double> w, double b, std::vector<double>& out_w,
                          double& out_b) const override {
    out_w.assign(w.begin(), w.end());
    out_b = b;
  }
  Status load(const NamedArrays&, std::size_t) override { return Status::success(); }
  std::unique_ptr<VariantPolicy> clone() const override {
    return std::make_unique<ClassicPolicy>(*this);
  }
};

// The average of the weights after every step since reset (Paris-Sud's a += w), kept by a
// RunningAverage over the parameters [w..., b].
class AveragedPolicy final : public VariantPolicy {
 public:
  void reset(std::span<const double> w, double b) override {
    average_.reset(parameters(w, b));
    dims_ = w.size();
  }

  void after_step(Row x, double step, double bias_step, std::span<const double>, double,
                  const StepContext&) override {
    average_.tick();
    if (step == 0) return;
    average_.add(0, step, x);
    average_.add(dims_, bias_step);
  }

  double decision(Row x, std::span<const double> w, double b, MistakeRule) const override {
    std::vector<double> avg_w;
    double avg_b = 0;
    predicting_weights(w, b, avg_w, avg_b);
    return score_of(avg_w, avg_b, x);
  }

  void decisions(const Matrix& x, std::span<const double> w, double b, MistakeRule,
                 double* out) const override {
    std::vector<double> avg_w;
    double avg_b = 0;
    predicting_weights(w, b, avg_w, avg_b);
    for (std::size_t i = 0; i < x.rows(); ++i) out[i] = score_of(avg_w, avg_b, x.row(i));
  }

  void predicting_weights(std::span<const double> w, double b, std::vector<double>& out_w,
                          double& out_b) const override {
    average_.average(parameters(w, b), out_w);
    out_b = out_w.back();
    out_w.pop_back();
  }

  NamedArrays save() const override {
    NamedArrays state;
    average_.save(state);
    return state;
  }

  Status load(const NamedArrays& state, std::size_t n) override {
    if (Status s = average_.load(state, n + 1); !s.ok()) return s;
    dims_ = n;
    return Status::success();
  }

  std::unique_ptr<VariantPolicy> clone() const override {
    return std::make_unique<AveragedPolicy>(*this);
  }

 private:
  static std::vector<double> parameters(std::span<const double> w, double b) {
    std::vector<double> all(w.begin(), w.end());
    all.push_back(b);
    return all;
  }

  RunningAverage average_;
  std::size_t dims_ = 0;
};

// The most values the voted perceptron's copies of w may hold (1 GiB of doubles).
constexpr std::size_t max_voted_values = std::size_t{1} << 27;

// Freund and Schapire's voted perceptron: v_1 = the starting weights with count 0; a
// correct step adds 1 to the last count, a mistake appends the new weights with count 1.
// The prediction is the rule's sign of sum_k c_k * sign(v_k . x + b_k).
class VotedPolicy final : public VariantPolicy {
 public:
  void reset(std::span<const double> w, double b) override {
    dims_ = w.size();
    weights_.assign(w.begin(), w.end());
    biases_ = {b};
    counts_ = {0};
  }

  void after_step(Row, double step, double, std::span<const double> w, double b,
                  const StepContext&) override {
    if (step == 0) {
      counts_.back() += 1;
      return;
    }
    if (weights_.size() + dims_ > max_voted_values) {
      if (full_.empty()) {
        full_ = "the voted perceptron keeps a copy of the weights per mistake: " +
                std::to_string(counts_.size() + 1) + " copies of " + std::to_string(dims_) +
                " weights pass its budget of 2^27 values (1 GiB); use variant 'averaged', which "
                "keeps the votes' average in two vectors";
      }
      return;
    }
    weights_.insert(weights_.end(), w.begin(), w.end());
    biases_.push_back(b);
    counts_.push_back(1);
  }

  Status health() const override {
    return full_.empty() ? Status::success() : Status::range_error(full_);
  }
  bool healthy() const override { return full_.empty(); }

  double decision(Row x, std::span<const double>, double, MistakeRule rule) const override {
    double vote = 0;
    for (std::size_t k = 0; k < counts_.size(); ++k) {
      if (counts_[k] == 0) continue;
      const std::span<const double> v(weights_.data() + k * dims_, dims_);
      vote += counts_[k] * predicted_sign(rule, score_of(v, biases_[k], x));
    }
    return vote;
  }

  void predicting_weights(std::span<const double> w, double b, std::vector<double>& out_w,
                          double& out_b) const override {
    out_w.assign(w.begin(), w.end());
    out_b = b;
  }

  std::size_t size() const { return counts_.size(); }
  const std::vector<double>& all_weights() const { return weights_; }
  const std::vector<double>& biases() const { return biases_; }
  const std::vector<double>& counts() const { return counts_; }

  NamedArrays save() const override {
    return {{"votedWeights", weights_}, {"votedBiases", biases_}, {"votedCounts", counts_}};
  }

  Status load(const NamedArrays& state, std::size_t n) override {
    VotedPolicy loaded;
    loaded.dims_ = n;
    if (Status s = read_state(state, "votedCounts", any_length, loaded.counts_); !s.ok()) {
      return s;
    }
    const std::size_t k = loaded.counts_.size();
    if (k == 0) return Status::range_error("state.votedCounts must hold at least one count");
    for (double c : loaded.counts_) {
      if (c < 0 || std::floor(c) != c) {
        return Status::range_error("state.votedCounts must hold non-negative integers; received " +
                                   format_number(c));
      }
    }
    if (Status s = read_state(state, "votedWeights", k * n, loaded.weights_); !s.ok()) return s;
    if (Status s = read_state(state, "votedBiases", k, loaded.biases_); !s.ok()) return s;
    *this = std::move(loaded);
    return Status::success();
  }

  std::unique_ptr<VariantPolicy> clone() const override {
    return std::make_unique<VotedPolicy>(*this);
  }

 private:
  std::string full_;  // the budget's message, once passed
  std::size_t dims_ = 0;
  std::vector<double> weights_;  // one row of dims_ per vector
  std::vector<double> biases_;
  std::vector<double> counts_;
};

// Gallant's pocket algorithm with ratchet. The current weights' run of consecutive correct
// steps is counted; when it exceeds the pocket's run, the current weights are evaluated on
// the training set (once per weight vector, weighted by fit's row weights) and replace the
// pocket only if their accuracy is strictly higher. Without a training set (learnOne) the
// run alone decides, as in the pocket algorithm without ratchet.
class PocketPolicy final : public VariantPolicy {
 public:
  void reset(std::span<const double> w, double b) override {
    pocket_w_.assign(w.begin(), w.end());
    pocket_b_ = b;
    pocket_run_ = 0;
    pocket_accuracy_ = -1;
    run_ = 0;
    checked_ = false;
  }

  void after_step(Row, double step, double, std::span<const double> w, double b,
                  const StepContext& context) override {
    if (step != 0) {
      run_ = 0;
      checked_ = false;
      return;
    }
    ++run_;
    if (run_ <= pocket_run_ || checked_) return;
    if (context.data == nullptr) {
      keep(w, b, pocket_accuracy_);
      return;
    }
    const double accuracy = accuracy_of(w, b, context);
    checked_ = true;
    if (accuracy > pocket_accuracy_) keep(w, b, accuracy);
  }

  double decision(Row x, std::span<const double>, double, MistakeRule) const override {
    return score_of(pocket_w_, pocket_b_, x);
  }

  void predicting_weights(std::span<const double>, double, std::vector<double>& out_w,
                          double& out_b) const override {
    out_w = pocket_w_;
    out_b = pocket_b_;
  }

  NamedArrays save() const override {
    return {{"pocketWeights", pocket_w_},
            {"pocketBias", {pocket_b_}},
            {"pocketRun", {pocket_run_}},
            {"pocketAccuracy", {pocket_accuracy_}},
            {"run", {run_}},
            {"checked", {checked_ ? 1.0 : 0.0}}};
  }

  Status load(const NamedArrays& state, std::size_t n) override {
    PocketPolicy loaded;
    std::vector<double> bias, accuracy, checked;
    if (Status s = read_state(state, "pocketWeights", n, loaded.pocket_w_); !s.ok()) return s;
    if (Status s = read_state(state, "pocketBias", 1, bias); !s.ok()) return s;
    if (Status s = read_state_count(state, "pocketRun", loaded.pocket_run_); !s.ok()) return s;
    if (Status s = read_state(state, "pocketAccuracy", 1, accuracy); !s.ok()) return s;
    if (Status s = read_state_count(state, "run", loaded.run_); !s.ok()) return s;
    if (Status s = read_state(state, "checked", 1, checked); !s.ok()) return s;
    loaded.pocket_b_ = bias[0];
    loaded.pocket_accuracy_ = accuracy[0];
    loaded.checked_ = checked[0] != 0;
    *this = std::move(loaded);
    return Status::success();
  }

  std::unique_ptr<VariantPolicy> clone() const override {
    return std::make_unique<PocketPolicy>(*this);
  }

 private:
  void keep(std::span<const double> w, double b, double accuracy) {
    pocket_w_.assign(w.begin(), w.end());
    pocket_b_ = b;
    pocket_run_ = run_;
    pocket_accuracy_ = accuracy;
  }

  static double accuracy_of(std::span<const double> w, double b, const StepContext& context) {
    const Dataset& data = *context.data;
    const bool weighted = context.row_weight != nullptr && !context.row_weight->empty();
    double correct = 0, total = 0;
    for (std::size_t i = 0; i < data.rows(); ++i) {
      const double weight = weighted ? (*context.row_weight)[i] : 1.0;
      const int predicted = predicted_sign(context.rule, score_of(w, b, data.x.row(i)));
      correct += predicted == data.sign(i) ? weight : 0.0;
      total += weight;
    }
    return total > 0 ? correct / total : 0.0;
  }

  std::vector<double> pocket_w_;
  double pocket_b_ = 0;
  double pocket_run_ = 0;
  double pocket_accuracy_ = -1;
  double run_ = 0;
  bool checked_ = false;
};

}  // namespace

std::unique_ptr<VariantPolicy> make_variant(Variant variant) {
  switch (variant) {
    case Variant::averaged:
      return std::make_unique<AveragedPolicy>();
    case Variant::voted:
      return std::make_unique<VotedPolicy>();
    case Variant::pocket:
      return std::make_unique<PocketPolicy>();
    case Variant::classic:
      break;
  }
  return std::make_unique<ClassicPolicy>();
}

}  // namespace perceptron
