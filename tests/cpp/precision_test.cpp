// The binary perceptron's option precision 'float32' (params.hpp, issue 30): float32 weights
// and bias updated in float32 arithmetic, for float32 rows and the classic variant. Checked
// against a float32 perceptron written out here, independently of the core; the CMU lecture
// trace comes out to the bit; sparse rows give the dense rows' bits; and what it refuses is
// refused with messages naming the option, leaving the model as it was.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "perceptron/models/kernel.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/perceptron.hpp"
#include "perceptron/support/random.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::as_float32;
using testing::cmu_example;
using testing::noisy_data;

// The classic perceptron in float32 arithmetic, written out: float weights and bias; the score
// is the blocked sum (term j into partial sum j mod 8, then the fixed tree) of w_j * x_j in
// float, widened, plus the bias; on y * score <= 0, w_j += s * x_j and b += s in float, with
// s = float(eta * y).
struct Reference {
  std::vector<float> w;
  float b = 0;
  std::uint64_t mistakes = 0;
};

Reference float32_reference(const Dataset& data, double learning_rate, int epochs) {
  const std::size_t d = data.cols();
  Reference r{std::vector<float>(d, 0.0f)};
  for (int epoch = 0; epoch < epochs; ++epoch) {
    for (std::size_t i = 0; i < data.rows(); ++i) {
      const float* x = data.x.row_as<float>(i);
      float part[8] = {};
      for (std::size_t j = 0; j < d; ++j) part[j % 8] += r.w[j] * x[j];
      const float sum =
          ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
      const double score = static_cast<double>(sum) + static_cast<double>(r.b);
      const int y = data.sign(i);
      if (y * score > 0) continue;
      ++r.mistakes;
      const float s = static_cast<float>(learning_rate * y);
      for (std::size_t j = 0; j < d; ++j) r.w[j] += s * x[j];
      r.b += s;
    }
  }
  return r;
}

Params float32_params(double learning_rate, double epochs) {
  Params p;
  const Status s = apply_options({{"precision", std::string("float32")},
                                  {"learningRate", learning_rate},
                                  {"maxEpochs", epochs}},
                                 p);
  EXPECT_TRUE(s.ok()) << s.message;
  return p;
}

std::vector<double> weights_of(const Perceptron& model) {
  return {model.weights().begin(), model.weights().end()};
}

TEST(PrecisionFloat32, TrainsAsTheFloat32PerceptronWrittenOut) {
  const Dataset data = as_float32(noisy_data(300));
  Perceptron model;
  ASSERT_TRUE(model.set_params(float32_params(0.37, 6)).ok());
  FitReport report;
  ASSERT_TRUE(model.fit(data, report).ok());
  const Reference expected = float32_reference(data, 0.37, 6);
  EXPECT_GT(expected.mistakes, 100u);
  EXPECT_EQ(report.mistakes, expected.mistakes);
  ASSERT_EQ(model.weights().size(), expected.w.size());
  for (std::size_t j = 0; j < expected.w.size(); ++j) {
    EXPECT_EQ(model.weights()[j], static_cast<double>(expected.w[j])) << "w[" << j << "]";
  }
  EXPECT_EQ(model.bias(), static_cast<double>(expected.b));

  // Not float64's arithmetic: there the updates are exact doubles, so the weights differ.
  Params p = float32_params(0.37, 6);
  p.precision = Precision::float64;
  Perceptron wide;
  ASSERT_TRUE(wide.set_params(p).ok());
  FitReport wide_report;
  ASSERT_TRUE(wide.fit(data, wide_report).ok());
  EXPECT_NE(weights_of(wide), weights_of(model));

  // Its scores on float32 rows are training's: the last epoch's scores are decision_function's
  // before that epoch, so a model that has converged predicts every row right.
  std::vector<double> scores(data.rows());
  ASSERT_TRUE(model.decision_function(data.x, scores.data()).ok());
  for (std::size_t i = 0; i < data.rows(); ++i) {
    const float* x = data.x.row_as<float>(i);
    float part[8] = {};
    for (std::size_t j = 0; j < data.cols(); ++j) part[j % 8] += expected.w[j] * x[j];
    const float sum =
        ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
    EXPECT_EQ(scores[i], static_cast<double>(sum) + static_cast<double>(expected.b)) << i;
  }
}

TEST(PrecisionFloat32, ConvergesAndThenPredictsEveryTrainingRowRight) {
  // A separable version of the data: labels from the model's own rule.
  Dataset data = as_float32(noisy_data(200));
  Perceptron teacher;
  ASSERT_TRUE(teacher.set_params(float32_params(1, 3)).ok());
  FitReport taught;
  ASSERT_TRUE(teacher.fit(data, taught).ok());
  std::vector<std::uint32_t> labels(data.rows());
  ASSERT_TRUE(teacher.predict(data.x, labels.data()).ok());
  data.class_index = labels;
  Perceptron model;
  ASSERT_TRUE(model.set_params(float32_params(1, 1000)).ok());
  FitReport report;
  ASSERT_TRUE(model.fit(data, report).ok());
  EXPECT_TRUE(report.converged);
  double accuracy = 0;
  ASSERT_TRUE(model.accuracy(data.x, labels, accuracy).ok());
  EXPECT_EQ(accuracy, 1.0);
}

TEST(PrecisionFloat32, GivesTheCmuLectureTraceToTheBit) {
  Params p;
  p.fit_intercept = false;
  p.precision = Precision::float32;
  Perceptron model;
  ASSERT_TRUE(model.set_params(p).ok());
  FitReport report;
  ASSERT_TRUE(model.fit(as_float32(cmu_example()), report).ok());
  EXPECT_EQ(weights_of(model), (std::vector<double>{3, 1}));
  EXPECT_EQ(report.epochs, 2u);
  EXPECT_EQ(report.mistakes, 3u);
  EXPECT_TRUE(report.converged);
}

TEST(PrecisionFloat32, SparseRowsGiveTheDenseRowsBits) {
  const Dataset data = noisy_data(250);
  Perceptron dense, sparse;
  ASSERT_TRUE(dense.set_params(float32_params(0.37, 5)).ok());
  ASSERT_TRUE(sparse.set_params(float32_params(0.37, 5)).ok());
  FitReport a, b;
  ASSERT_TRUE(dense.fit(as_float32(data), a).ok());
  ASSERT_TRUE(sparse.fit(as_float32(data, true), b).ok());
  EXPECT_EQ(weights_of(sparse), weights_of(dense));
  EXPECT_EQ(sparse.bias(), dense.bias());
  EXPECT_EQ(a.mistakes, b.mistakes);
}

TEST(PrecisionFloat32, PartialFitPassesAreFitsEpochs) {
  const Dataset data = as_float32(noisy_data(150));
  Perceptron fitted, passes;
  ASSERT_TRUE(fitted.set_params(float32_params(0.37, 3)).ok());
  ASSERT_TRUE(passes.set_params(float32_params(0.37, 3)).ok());
  FitReport report;
  ASSERT_TRUE(fitted.fit(data, report).ok());
  for (int epoch = 0; epoch < 3; ++epoch) ASSERT_TRUE(passes.partial_fit(data, report).ok());
  EXPECT_EQ(weights_of(passes), weights_of(fitted));
  EXPECT_EQ(passes.bias(), fitted.bias());
}

TEST(PrecisionFloat32, RefusesFloat64RowsOtherVariantsAndLearnOne) {
  Perceptron model;
  ASSERT_TRUE(model.set_params(float32_params(1, 5)).ok());
  FitReport report;
  const Status wide = model.fit(noisy_data(20), report);
  EXPECT_EQ(wide.kind, ErrorKind::type);
  EXPECT_EQ(wide.message,
            "X must hold float32 values with option precision \"float32\" (a float32 Dataset); "
            "received float64 values");
  EXPECT_FALSE(model.fitted());

  Params averaged = float32_params(1, 5);
  averaged.variant = Variant::averaged;
  const Status variant = model.set_params(averaged);
  EXPECT_EQ(variant.kind, ErrorKind::range);
  EXPECT_EQ(variant.message,
            "option precision \"float32\" trains the classic variant; received variant "
            "\"averaged\"");
  EXPECT_EQ(model.params().variant, Variant::classic);

  ASSERT_TRUE(model.fit(as_float32(cmu_example()), report).ok());
  const std::vector<double> before = weights_of(model);
  StepRecord step;
  const double x[2] = {1, 1};
  const Status one = model.learn_one(x, 2, 1, step);
  EXPECT_EQ(one.kind, ErrorKind::type);
  EXPECT_EQ(one.message,
            "option precision \"float32\" trains float32 Datasets only (fit, partialFit, trainer), "
            "not one float64 example");
  EXPECT_EQ(weights_of(model), before);
}

TEST(PrecisionFloat32, IsTheBinaryPerceptronsOptionOnly) {
  Params p;
  EXPECT_TRUE(option_settings(p, nullptr).size() > 0);
  for (const OptionSetting& setting : option_settings(p)) {
    if (setting.spec.name == "precision") {
      EXPECT_FALSE(setting.value.has_value());
    }
  }
  p.precision = Precision::float32;
  bool listed = false;
  for (const OptionSetting& setting : option_settings(p)) {
    if (setting.spec.name == "precision") {
      listed = true;
      EXPECT_EQ(std::get<std::string>(*setting.value), "float32");
    }
  }
  EXPECT_TRUE(listed);
  MulticlassParams multiclass;
  const Status m = apply_options({{"precision", std::string("float32")}}, multiclass);
  EXPECT_EQ(m.kind, ErrorKind::type);
  EXPECT_NE(m.message.find("unknown option \"precision\""), std::string::npos) << m.message;
  KernelParams kernel;
  const Status k = apply_options({{"precision", std::string("float32")}}, kernel);
  EXPECT_EQ(k.kind, ErrorKind::type);
  EXPECT_NE(k.message.find("unknown option \"precision\""), std::string::npos) << k.message;
}

}  // namespace
}  // namespace perceptron
