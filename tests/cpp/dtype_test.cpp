// float32 data trains in float32 arithmetic (update.hpp): every score, kernel value and step
// size of a model on a float32 row is computed in float32 against the weights rounded to
// float32, while the weights and their updates stay in double. The lecture examples, whose
// values float32 holds exactly, give the float64 traces to the bit.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "perceptron/analysis/analysis.hpp"
#include "perceptron/analysis/metrics.hpp"
#include "perceptron/models/kernel.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/passive_aggressive.hpp"
#include "perceptron/models/perceptron.hpp"
#include "perceptron/models/winnow.hpp"
#include "perceptron/support/random.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::as_float32;

struct TwoDatasets {
  Dataset f64, f32;
};

// rows x 19 values (two blocks of 8 and a tail of 3) that float32 holds exactly, labels from a
// noisy linear rule with `classes` classes; and the same values as a float32 matrix.
TwoDatasets noisy_data(std::size_t rows, int classes) {
  const std::size_t cols = 19;
  Pcg32 random(42);
  std::vector<double> x(rows * cols);
  std::vector<double> labels(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    double s = 0;
    for (std::size_t j = 0; j < cols; ++j) {
      const float v = static_cast<float>(static_cast<int>(random.bounded(2001)) - 1000) / 97.0f;
      x[i * cols + j] = v;
      s += v * (j % 3 == 0 ? 1.0 : -0.5);
    }
    const int noise = random.bounded(10) == 0 ? 1 : 0;
    labels[i] = classes == 2 ? (s > 0) ^ noise : static_cast<int>(random.bounded(3) + (s > 0)) % 3;
  }
  TwoDatasets out;
  EXPECT_TRUE(make_dataset(x, rows, cols, labels, out.f64).ok());
  out.f32 = as_float32(out.f64);
  return out;
}

std::vector<double> scores_of(const auto& model, const Matrix& x, std::size_t per_row) {
  std::vector<double> out(x.rows() * per_row);
  EXPECT_TRUE(model.decision_function(x, out.data()).ok());
  return out;
}

// The classic perceptron written out in float32 arithmetic, independently of the core: the
// score is the blocked sum (term j into partial sum j mod 8, then the fixed tree) of
// float(w_j) * x_j in float, widened, plus b; the update w_j += step * x_j is in double.
struct Reference {
  std::vector<double> w;
  double b = 0;
  std::uint64_t mistakes = 0;
};

Reference float32_reference(const Dataset& data, double learning_rate, int epochs) {
  const std::size_t d = data.cols();
  Reference r{std::vector<double>(d, 0.0)};
  for (int epoch = 0; epoch < epochs; ++epoch) {
    for (std::size_t i = 0; i < data.rows(); ++i) {
      const float* x = data.x.row_as<float>(i);
      float part[8] = {};
      for (std::size_t j = 0; j < d; ++j) part[j % 8] += static_cast<float>(r.w[j]) * x[j];
      const float sum =
          ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
      const double score = static_cast<double>(sum) + r.b;
      const int y = data.sign(i);
      if (y * score > 0) continue;
      ++r.mistakes;
      const double step = learning_rate * 1.0 * y;
      for (std::size_t j = 0; j < d; ++j) r.w[j] += step * static_cast<double>(x[j]);
      r.b += step;
    }
  }
  return r;
}

TEST(Float32Datasets, TheClassicPerceptronTrainsInFloat32Arithmetic) {
  const TwoDatasets data = noisy_data(300, 2);
  Params p;
  ASSERT_TRUE(apply_options({{"learningRate", 0.37}, {"maxEpochs", 6.0}}, p).ok());
  Perceptron on32, on64;
  ASSERT_TRUE(on32.set_params(p).ok());
  ASSERT_TRUE(on64.set_params(p).ok());
  FitReport r32, r64;
  ASSERT_TRUE(on32.fit(data.f32, r32).ok());
  ASSERT_TRUE(on64.fit(data.f64, r64).ok());
  const Reference expected = float32_reference(data.f32, 0.37, 6);
  EXPECT_GT(expected.mistakes, 100u);
  EXPECT_EQ(r32.mistakes, expected.mistakes);
  EXPECT_EQ(std::vector<double>(on32.weights().begin(), on32.weights().end()), expected.w);
  EXPECT_EQ(on32.bias(), expected.b);
  // Not the float64 arithmetic: the same weights score the same values differently.
  const std::vector<double> s32 = scores_of(on64, data.f32.x, 1);
  const std::vector<double> s64 = scores_of(on64, data.f64.x, 1);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < s32.size(); ++i) {
    differ += s32[i] != s64[i];
    EXPECT_NEAR(s32[i], s64[i], 1e-4 * (1 + std::abs(s64[i])));
  }
  EXPECT_GT(differ, s32.size() / 2);
}

// Every variant follows the same trajectory of weights; each one's scores on float32 rows come
// from the general path (weights rounded per product), the training from the float32 copy:
// both must agree with the reference.
TEST(Float32Datasets, EveryVariantFollowsTheFloat32Trajectory) {
  const TwoDatasets data = noisy_data(200, 2);
  const Reference expected = float32_reference(data.f32, 0.37, 4);
  for (const char* variant : {"classic", "averaged", "voted", "pocket"}) {
    Params p;
    ASSERT_TRUE(
        apply_options(
            {{"variant", std::string(variant)}, {"learningRate", 0.37}, {"maxEpochs", 4.0}}, p)
            .ok());
    Perceptron model;
    ASSERT_TRUE(model.set_params(p).ok());
    FitReport report;
    ASSERT_TRUE(model.fit(data.f32, report).ok());
    EXPECT_EQ(report.mistakes, expected.mistakes) << variant;
    Perceptron again(model);
    EXPECT_EQ(scores_of(model, data.f32.x, 1), scores_of(again, data.f32.x, 1)) << variant;
  }
}

// A recorded trace: every step's score, prediction and mistake, then the weights.
struct Trace final : FitObserver {
  std::vector<double> scores;
  std::vector<int> mistakes;
  Control on_step(const StepRecord& record, std::span<const double>, double) override {
    scores.push_back(record.score);
    mistakes.push_back(record.mistake ? 1 : 0);
    return Control::proceed;
  }
};

TEST(Float32Datasets, TheLectureExamplesGiveTheFloat64TracesToTheBit) {
  using namespace testing;
  for (const Dataset& example : {cmu_example(), and_gate(), or_gate(), xor_gate()}) {
    for (const char* rule : {"margin", "sign", "strict"}) {
      Params p;
      ASSERT_TRUE(apply_options({{"mistakeRule", std::string(rule)}, {"maxEpochs", 8.0}}, p).ok());
      Perceptron on64, on32;
      ASSERT_TRUE(on64.set_params(p).ok());
      ASSERT_TRUE(on32.set_params(p).ok());
      Trace t64, t32;
      FitReport r64, r32;
      ASSERT_TRUE(on64.fit(example, r64, {}, &t64).ok());
      ASSERT_TRUE(on32.fit(as_float32(example), r32, {}, &t32).ok());
      EXPECT_FALSE(t64.scores.empty());
      EXPECT_EQ(t64.scores, t32.scores) << rule;
      EXPECT_EQ(t64.mistakes, t32.mistakes) << rule;
      EXPECT_EQ(std::vector<double>(on64.weights().begin(), on64.weights().end()),
                std::vector<double>(on32.weights().begin(), on32.weights().end()));
      EXPECT_EQ(on64.bias(), on32.bias());
      EXPECT_EQ(r64.converged, r32.converged);
    }
  }
}

// The other kinds: on small integers (exact in float32 and in every partial sum) float32 data
// trains to the float64 bits; on noisy values its scores are float32 ones (close, not equal).
template <typename Model, typename ModelParams>
void expect_float32_arithmetic(const ModelParams& params, std::size_t outputs, const char* what,
                               bool exact_steps = true) {
  SCOPED_TRACE(what);
  const TwoDatasets noisy = noisy_data(150, outputs == 1 ? 2 : 3);
  Model m64, m32;
  ASSERT_TRUE(m64.set_params(params).ok());
  ASSERT_TRUE(m32.set_params(params).ok());
  FitReport report;
  ASSERT_TRUE(m64.fit(noisy.f64, report).ok());
  ASSERT_TRUE(m32.fit(noisy.f32, report).ok());
  const std::vector<double> s64 = scores_of(m64, noisy.f64.x, outputs);
  const std::vector<double> s32 = scores_of(m64, noisy.f32.x, outputs);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < s64.size(); ++i) differ += s32[i] != s64[i];
  EXPECT_GT(differ, 0u);
  Model again(m32);
  EXPECT_EQ(scores_of(m32, noisy.f32.x, outputs), scores_of(again, noisy.f32.x, outputs));

  if (!exact_steps) return;  // its step sizes are fractions: float32 rounds the weights
  std::vector<double> x;
  std::vector<double> labels;
  Pcg32 random(3);
  for (int i = 0; i < 60; ++i) {
    double s = 0;
    for (int j = 0; j < 5; ++j) {
      const int v = static_cast<int>(random.bounded(7)) - 3;
      x.push_back(v);
      s += v * (j - 2);
    }
    labels.push_back(outputs == 1 ? (s > 0) : (s > 2) + (s > -2));
  }
  Dataset exact64;
  ASSERT_TRUE(make_dataset(x, 60, 5, labels, exact64).ok());
  const Dataset exact32 = as_float32(exact64);
  Model e64, e32;
  ASSERT_TRUE(e64.set_params(params).ok());
  ASSERT_TRUE(e32.set_params(params).ok());
  ASSERT_TRUE(e64.fit(exact64, report).ok());
  ASSERT_TRUE(e32.fit(exact32, report).ok());
  EXPECT_EQ(scores_of(e64, exact64.x, outputs), scores_of(e32, exact32.x, outputs));
}

TEST(Float32Datasets, EveryOtherKindScoresInFloat32Arithmetic) {
  MulticlassParams mp;
  ASSERT_TRUE(apply_options({{"maxEpochs", 3.0}}, mp).ok());
  expect_float32_arithmetic<MulticlassPerceptron>(mp, 3, "multiclass");
  PaParams pp;
  ASSERT_TRUE(apply_options({{"mode", std::string("PA-II")}, {"maxEpochs", 3.0}}, pp).ok());
  expect_float32_arithmetic<PassiveAggressive>(pp, 3, "passive-aggressive", false);
  for (const char* kernel : {"linear", "polynomial", "rbf"}) {
    KernelParams kp;
    ASSERT_TRUE(apply_options({{"kernel", std::string(kernel)}, {"maxEpochs", 2.0}}, kp).ok());
    expect_float32_arithmetic<KernelPerceptron>(kp, 1, kernel);
  }
  // Basic Winnow takes only 0 and 1, which float32 sums exactly; balanced Winnow takes any
  // values, and its factors (1 + epsilon)^(y x_j) are fractions.
  WinnowParams wp;
  ASSERT_TRUE(apply_options({{"balanced", true}, {"maxEpochs", 3.0}}, wp).ok());
  expect_float32_arithmetic<Winnow>(wp, 1, "balanced winnow", false);
}

// The analysis stays exact on float32 rows: it widens them to double, so it answers as on a
// float64 copy of the same values.
TEST(Float32Datasets, TheAnalysisAnswersAsOnTheFloat64Values) {
  const TwoDatasets data = noisy_data(80, 2);
  EXPECT_EQ(radius(data.f32, true), radius(data.f64, true));
  std::vector<double> w(data.f64.cols(), 0.0);
  for (std::size_t j = 0; j < w.size(); ++j) w[j] = 1.0 / static_cast<double>(j + 2);
  std::vector<double> d32, d64;
  ASSERT_TRUE(signed_distances(data.f32, w, 0.1, d32).ok());
  ASSERT_TRUE(signed_distances(data.f64, w, 0.1, d64).ok());
  EXPECT_EQ(d32, d64);
  Separability s32, s64;
  ASSERT_TRUE(separability(data.f32, true, s32).ok());
  ASSERT_TRUE(separability(data.f64, true, s64).ok());
  EXPECT_EQ(s32.separable, s64.separable);
  EXPECT_EQ(s32.margin, s64.margin);
  EXPECT_EQ(s32.upper_bound, s64.upper_bound);
  std::vector<double> u = w;
  double length = 0;
  for (double v : u) length += v * v;
  for (double& v : u) v /= std::sqrt(length);
  Bound b32, b64;
  ASSERT_TRUE(freund_schapire_bound(data.f32, u, 0.5, b32).ok());
  ASSERT_TRUE(freund_schapire_bound(data.f64, u, 0.5, b64).ok());
  EXPECT_EQ(b32.value, b64.value);
  EXPECT_GT(b64.deviation, 0);
}

// Doubles written into a float32 matrix in chunks (the wrapper's fromArray with dtype float32):
// rounded as a Float32Array rounds, a finite value beyond float32's range named by its row and
// column, Infinity kept for check(), and nothing written past the matrix.
TEST(Float32Datasets, DoublesAreNarrowedAsTheyArrive) {
  Matrix x;
  ASSERT_TRUE(Matrix::allocate(3, 2, DType::float32, "X", x).ok());
  const std::vector<double> first = {0.1, -2.5, 1e-50};
  const std::vector<double> second = {3.0, 1.0 / 3, 7.25};
  ASSERT_TRUE(x.write_narrowed(0, first.data(), first.size(), "X").ok());
  ASSERT_TRUE(x.write_narrowed(3, second.data(), second.size(), "X").ok());
  const auto* values = static_cast<const float*>(x.data());
  const std::vector<float> expected = {0.1f, -2.5f, 0.0f, 3.0f, 1.0f / 3, 7.25f};
  for (std::size_t k = 0; k < expected.size(); ++k) EXPECT_EQ(values[k], expected[k]) << k;

  const double beyond[] = {1.0, 4e38};
  const Status s = x.write_narrowed(2, beyond, 2, "X");
  EXPECT_EQ(s.message,
            "X must contain only numbers within float32's range (dtype: 'float32'); received "
            "4e+38 at row 1, column 1");
  const double infinite[] = {INFINITY};
  EXPECT_TRUE(x.write_narrowed(5, infinite, 1, "X").ok());
  EXPECT_FALSE(x.check("X").ok());
  EXPECT_FALSE(x.write_narrowed(5, first.data(), 2, "X").ok()) << "past the matrix";
}

}  // namespace
}  // namespace perceptron
