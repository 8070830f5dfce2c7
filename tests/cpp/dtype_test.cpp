// A float32 dataset trains every model to the same bits as a float64 dataset holding the same
// values: its rows are read in place and every product and sum is in double (matrix.hpp).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "perceptron/models/kernel.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/passive_aggressive.hpp"
#include "perceptron/models/perceptron.hpp"
#include "perceptron/support/random.hpp"

namespace perceptron {
namespace {

// rows x 19 values (two blocks of 8 and a tail of 3) that float32 holds exactly, labels from a
// noisy linear rule with `classes` classes; and the same values as a float32 matrix.
struct TwoDatasets {
  Dataset f64, f32;
};

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
  out.f32 = out.f64;
  EXPECT_TRUE(Matrix::allocate(rows, cols, DType::float32, "X", out.f32.x).ok());
  auto* values = static_cast<float*>(out.f32.x.data());
  for (std::size_t k = 0; k < x.size(); ++k) values[k] = static_cast<float>(x[k]);
  return out;
}

std::vector<double> scores_of(const auto& model, const Matrix& x, std::size_t per_row) {
  std::vector<double> out(x.rows() * per_row);
  EXPECT_TRUE(model.decision_function(x, out.data()).ok());
  return out;
}

TEST(Float32Datasets, EveryBinaryVariantTrainsToTheFloat64Bits) {
  const TwoDatasets data = noisy_data(300, 2);
  for (const char* variant : {"classic", "averaged", "voted", "pocket"}) {
    Params p;
    ASSERT_TRUE(apply_options({{"variant", std::string(variant)},
                               {"order", std::string("shuffle")},
                               {"learningRate", 0.37},
                               {"maxEpochs", 4.0},
                               {"seed", 7.0}},
                              p)
                    .ok());
    Perceptron a, b;
    ASSERT_TRUE(a.set_params(p).ok());
    ASSERT_TRUE(b.set_params(p).ok());
    FitReport ra, rb;
    ASSERT_TRUE(a.fit(data.f64, ra).ok());
    ASSERT_TRUE(b.fit(data.f32, rb).ok());
    EXPECT_GT(ra.mistakes, 0u);
    EXPECT_EQ(ra.mistakes, rb.mistakes) << variant;
    EXPECT_EQ(std::vector<double>(a.weights().begin(), a.weights().end()),
              std::vector<double>(b.weights().begin(), b.weights().end()))
        << variant;
    EXPECT_EQ(a.bias(), b.bias()) << variant;
    EXPECT_EQ(scores_of(a, data.f64.x, 1), scores_of(b, data.f32.x, 1)) << variant;
    EXPECT_EQ(scores_of(a, data.f64.x, 1), scores_of(a, data.f32.x, 1)) << variant;
  }
}

TEST(Float32Datasets, MulticlassPassiveAggressiveAndKernelTrainToTheFloat64Bits) {
  const TwoDatasets three = noisy_data(200, 3);
  MulticlassParams mp;
  ASSERT_TRUE(apply_options({{"variant", std::string("averaged")}, {"maxEpochs", 3.0}}, mp).ok());
  MulticlassPerceptron m64, m32;
  ASSERT_TRUE(m64.set_params(mp).ok());
  ASSERT_TRUE(m32.set_params(mp).ok());
  FitReport report;
  ASSERT_TRUE(m64.fit(three.f64, report).ok());
  ASSERT_TRUE(m32.fit(three.f32, report).ok());
  EXPECT_EQ(scores_of(m64, three.f64.x, 3), scores_of(m32, three.f32.x, 3));

  PaParams pp;
  ASSERT_TRUE(apply_options({{"mode", std::string("PA-II")}, {"maxEpochs", 3.0}}, pp).ok());
  PassiveAggressive p64, p32;
  ASSERT_TRUE(p64.set_params(pp).ok());
  ASSERT_TRUE(p32.set_params(pp).ok());
  ASSERT_TRUE(p64.fit(three.f64, report).ok());
  ASSERT_TRUE(p32.fit(three.f32, report).ok());
  EXPECT_EQ(p64.weights(), p32.weights());
  EXPECT_EQ(scores_of(p64, three.f64.x, 3), scores_of(p32, three.f32.x, 3));

  const TwoDatasets two = noisy_data(120, 2);
  for (const char* kernel : {"rbf", "polynomial"}) {
    KernelParams kp;
    ASSERT_TRUE(apply_options({{"kernel", std::string(kernel)}, {"maxEpochs", 2.0}}, kp).ok());
    KernelPerceptron k64, k32;
    ASSERT_TRUE(k64.set_params(kp).ok());
    ASSERT_TRUE(k32.set_params(kp).ok());
    ASSERT_TRUE(k64.fit(two.f64, report).ok());
    ASSERT_TRUE(k32.fit(two.f32, report).ok());
    EXPECT_EQ(k64.coefficients(), k32.coefficients()) << kernel;
    EXPECT_EQ(scores_of(k64, two.f64.x, 1), scores_of(k32, two.f32.x, 1)) << kernel;
  }
}

}  // namespace
}  // namespace perceptron
