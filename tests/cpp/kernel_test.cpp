#include "perceptron/models/kernel.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "perceptron/models/perceptron.hpp"
#include "test_data.hpp"

namespace perceptron {
namespace {

using testing::and_gate;
using testing::cmu_example;
using testing::make;
using testing::xor_gate;

KernelPerceptron kernel_model(std::vector<std::pair<std::string, OptionValue>> options) {
  KernelParams p;
  EXPECT_TRUE(apply_options(options, p).ok());
  KernelPerceptron model;
  EXPECT_TRUE(model.set_params(p).ok());
  return model;
}

struct MistakeLog : FitObserver {
  std::vector<std::pair<std::size_t, bool>> steps;
  Control on_step(const StepRecord& s, std::span<const double>, double) override {
    steps.emplace_back(s.index, s.mistake);
    return Control::proceed;
  }
};

// With the linear kernel the dual makes the primal's mistakes, and w = sum_k c_k s_k.
TEST(Kernel, LinearKernelIsThePrimalPerceptron) {
  Dataset small_integers = make({{2, -1, 0},
                                 {-1, 3, 1},
                                 {0, 1, -2},
                                 {3, 3, 1},
                                 {-2, -2, 2},
                                 {1, -3, -1},
                                 {2, 2, -2},
                                 {-1, 0, 3}},
                                {1, -1, 1, 1, -1, 1, -1, -1});
  for (const Dataset* data : {&small_integers}) {
    for (const char* order : {"cyclic", "shuffle"}) {
      KernelPerceptron dual = kernel_model({{"kernel", std::string("linear")},
                                            {"order", std::string(order)},
                                            {"seed", 4.0},
                                            {"maxEpochs", 30.0}});
      FitReport dual_report;
      ASSERT_TRUE(dual.fit(*data, dual_report).ok());
      Params p;
      ASSERT_TRUE(
          apply_options({{"order", std::string(order)}, {"seed", 4.0}, {"maxEpochs", 30.0}}, p)
              .ok());
      Perceptron primal;
      ASSERT_TRUE(primal.set_params(p).ok());
      FitReport primal_report;
      ASSERT_TRUE(primal.fit(*data, primal_report).ok());
      EXPECT_EQ(dual_report.mistakes, primal_report.mistakes) << order;
      EXPECT_EQ(dual_report.epochs, primal_report.epochs) << order;
      ASSERT_EQ(dual_report.history.size(), primal_report.history.size());
      for (std::size_t e = 0; e < dual_report.history.size(); ++e) {
        EXPECT_EQ(dual_report.history[e].mistakes, primal_report.history[e].mistakes);
      }
      std::vector<double> w(3, 0.0);
      for (std::size_t k = 0; k < dual.coefficients().size(); ++k) {
        for (std::size_t j = 0; j < 3; ++j) {
          w[j] += dual.coefficients()[k] * dual.support_vectors()[k * 3 + j];
        }
      }
      EXPECT_EQ(w, std::vector<double>(primal.weights().begin(), primal.weights().end()));
      EXPECT_EQ(dual.bias(), primal.bias());
    }
  }
  // The CMU example: three mistakes, on rows 0, 2 and 4, so three support vectors.
  KernelPerceptron cmu = kernel_model({{"kernel", std::string("linear")},
                                       {"mistakeRule", std::string("sign")},
                                       {"fitIntercept", false}});
  FitReport report;
  ASSERT_TRUE(cmu.fit(cmu_example(), report).ok());
  EXPECT_EQ(report.mistakes, 3u);
  EXPECT_EQ(cmu.coefficients(), (std::vector<double>{-1, 1, -1}));
  EXPECT_EQ(cmu.support_vectors(), (std::vector<double>{-1, 2, 1, 1, -1, -2}));
}

double training_accuracy(const KernelPerceptron& model, const Dataset& data) {
  double accuracy = 0;
  EXPECT_TRUE(model.accuracy(data.x, data.class_index, accuracy).ok());
  return accuracy;
}

TEST(Kernel, LearnsXorAndConcentricCircles) {
  for (const char* kernel : {"polynomial", "rbf"}) {
    KernelPerceptron model = kernel_model({{"kernel", std::string(kernel)}, {"degree", 2.0}});
    FitReport report;
    ASSERT_TRUE(model.fit(xor_gate(), report).ok());
    EXPECT_TRUE(report.converged) << kernel;
    EXPECT_EQ(training_accuracy(model, xor_gate()), 1.0) << kernel;
  }
  std::vector<std::vector<double>> rows;
  std::vector<double> labels;
  for (int i = 0; i < 60; ++i) {
    const double angle = 0.37 * i;
    const double radius = i % 2 ? 1.0 : 3.0;
    rows.push_back({radius * std::cos(angle), radius * std::sin(angle)});
    labels.push_back(i % 2 ? 1 : -1);
  }
  const Dataset circles = make(rows, labels);
  KernelPerceptron rbf = kernel_model({{"kernel", std::string("rbf")}, {"gamma", 0.5}});
  FitReport report;
  ASSERT_TRUE(rbf.fit(circles, report).ok());
  EXPECT_TRUE(report.converged);
  EXPECT_EQ(training_accuracy(rbf, circles), 1.0);
  Perceptron primal;
  ASSERT_TRUE(primal.fit(circles, report).ok());
  EXPECT_FALSE(report.converged) << "no line separates two concentric circles";
}

TEST(Kernel, BudgetRemovesTheOldestSupportVector) {
  KernelPerceptron model = kernel_model({{"kernel", std::string("linear")},
                                         {"fitIntercept", false},
                                         {"mistakeRule", std::string("sign")},
                                         {"budget", 2.0},
                                         {"maxEpochs", 1.0}});
  FitReport report;
  ASSERT_TRUE(model.fit(cmu_example(), report).ok());
  // By hand: mistakes on rows 0 and 2 fill the budget (w = (2,-1)); row 4 scores 0, a mistake:
  // (-1,2) goes (w = (1,1)) and (-1,-2) comes (w = (2,3)); row 5 (1,-1) now scores -1, a
  // mistake: (1,1) goes and (1,-1) comes. Kept: (-1,-2) with -1 and (1,-1) with +1.
  EXPECT_EQ(report.mistakes, 4u);
  EXPECT_EQ(model.coefficients(), (std::vector<double>{-1, 1}));
  EXPECT_EQ(model.support_vectors(), (std::vector<double>{-1, -2, 1, -1}));
}

TEST(Kernel, OptionsAndBadInput) {
  KernelParams p;
  struct Case {
    std::string name;
    OptionValue value;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"kernel", std::string("sigmoid"),
       "option kernel must be one of \"linear\", \"polynomial\", \"rbf\"; received the string "
       "\"sigmoid\""},
      {"degree", 0.0, "option degree must be an integer from 1 to 9007199254740991; received 0"},
      {"degree", 2.5, "option degree must be an integer from 1 to 9007199254740991; received 2.5"},
      {"gamma", 0.0,
       "option gamma must be a finite number > 0 or \"auto\" (1 / nFeatures); received 0"},
      {"gamma", -1.0,
       "option gamma must be a finite number > 0 or \"auto\" (1 / nFeatures); received -1"},
      {"budget", 0.0, "option budget must be an integer from 1 to 9007199254740991; received 0"},
      {"variant", std::string("voted"),
       "option variant must be \"classic\" for the kernel perceptron; received the string "
       "\"voted\""},
      {"variant", true,
       "option variant must be \"classic\" for the kernel perceptron; received true"},
  };
  for (const auto& c : cases) {
    Status s = apply_options({{c.name, c.value}}, p);
    EXPECT_EQ(s.message, c.message);
    EXPECT_NE(s.kind, ErrorKind::none);
  }
  EXPECT_EQ(p.kernel, Kernel::rbf) << "unchanged";
  EXPECT_TRUE(apply_options({{"gamma", std::string("auto")}}, p).ok());
  KernelPerceptron model;
  FitReport report;
  EXPECT_EQ(model.fit(make({{1}, {2}, {3}}, {1, 2, 3}), report).kind, ErrorKind::range);
  std::vector<double> out(1);
  const double x[] = {1};
  EXPECT_EQ(model.decision_function(testing::matrix(x, 1, 1, 1), out.data()).kind,
            ErrorKind::not_fitted);
}

}  // namespace
}  // namespace perceptron
