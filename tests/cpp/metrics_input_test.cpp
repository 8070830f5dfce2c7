// pw.metrics' calls on labels as callers give them (metrics.hpp's losses_of and report_of): the
// loss options named in their messages, the classes option, y's classes, and the report's
// counts and label order.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "perceptron/analysis/metrics.hpp"
#include "perceptron/support/json.hpp"

namespace perceptron {
namespace {

const std::vector<double> y{3, 7, 7, 3};
const std::vector<double> f{-1, 2, -0.5, 0};

Status losses_with(const OptionList& options, const std::vector<double>* classes = nullptr) {
  std::vector<double> out;
  return losses_of(y, classes, f, options, out);
}

TEST(MetricsInput, LossesOfAnyTwoLabels) {
  std::vector<double> out;
  ASSERT_TRUE(losses_of(y, nullptr, f, {{"loss", std::string("hinge")}}, out).ok());
  // 3 is the negative class, 7 the positive: 1 - y f.
  EXPECT_EQ(out, (std::vector<double>{0, 0, 1.5, 1}));
  const std::vector<double> flipped{7, 3};
  ASSERT_TRUE(losses_of(y, &flipped, f, {{"loss", std::string("hinge")}}, out).ok());
  EXPECT_EQ(out, (std::vector<double>{2, 3, 0.5, 1}));
  // One class of -1 / +1 alone is read as [-1, 1].
  ASSERT_TRUE(losses_of({1, 1}, nullptr, {1, -1}, {}, out).ok());
  EXPECT_EQ(out, (std::vector<double>{0, 1}));
  const std::vector<std::string> names{"spam", "ham", "ham"};
  ASSERT_TRUE(losses_of(names, nullptr, {1, 1, -1}, {}, out).ok());
  EXPECT_EQ(out, (std::vector<double>{0, 1, 0}));  // "ham" < "spam": ham is negative
}

TEST(MetricsInput, LossRefusals) {
  const std::vector<std::pair<Status, std::string>> refusals{
      {losses_with({{"margin", 1.0}}),
       "unknown option \"margin\"; known options are loss, gamma, falsePositiveCost, "
       "falseNegativeCost, classes"},
      {losses_with({{"gamma", std::string("1")}}),
       "option gamma must be a number; received the string \"1\""},
      {losses_with({{"falsePositiveCost", -1.0}}),
       "option falsePositiveCost must be a finite number >= 0; received -1"},
      {losses_with({{"falseNegativeCost", std::numeric_limits<double>::infinity()}}),
       "option falseNegativeCost must be a finite number >= 0; received Infinity"},
      {losses_with({{"falseNegativeCost", OtherValue{"null"}}}),
       "option falseNegativeCost must be a number; received null"},
  };
  for (const auto& [s, message] : refusals) EXPECT_EQ(s.message, message);
  EXPECT_EQ(refusals[1].first.kind, ErrorKind::type);
  EXPECT_EQ(refusals[2].first.kind, ErrorKind::range);
  EXPECT_EQ(losses_with({{"loss", std::string("log")}}).kind, ErrorKind::range);
}

TEST(MetricsInput, ClassesRefusals) {
  const std::vector<double> three{3, 7, 9}, same{3, 3},
      nan{3, std::numeric_limits<double>::quiet_NaN()}, other{3, 8};
  EXPECT_EQ(losses_with({}, &three).message,
            "option classes must hold two labels [negative, positive]; received 3 labels");
  EXPECT_EQ(losses_with({}, &same).message,
            "option classes must hold two distinct labels; received 3 twice");
  EXPECT_EQ(losses_with({}, &nan).message,
            "option classes must hold finite numbers; classes[1] is NaN");
  EXPECT_EQ(losses_with({}, &other).message, "y[1] must be one of the classes [3, 8]; received 7");
  std::vector<double> out;
  EXPECT_EQ(losses_of({1, 2, 3}, nullptr, {1, 1, 1}, {}, out).message,
            "y must hold two classes (or give options.classes [negative, positive]); received 3 "
            "classes");
  const std::vector<std::string> ab{"a", "b"};
  EXPECT_EQ(losses_of(std::vector<std::string>{"a", "c"}, &ab, {1, 1}, {}, out).message,
            "y[1] must be one of the classes [a, b]; received the string \"c\"");
}

TEST(MetricsInput, ReportOfTwoLabelLists) {
  Classes labels;
  ClassificationReport r;
  ASSERT_TRUE(report_of(std::vector<double>{2, 1, 2}, {2, 2, 3}, labels, r).ok());
  EXPECT_EQ(labels.numbers, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(r.confusion, (std::vector<std::uint64_t>{0, 1, 0, 0, 1, 1, 0, 0, 0}));
  EXPECT_EQ(report_of(std::vector<double>{1, 2}, {1}, labels, r).message,
            "yPred must have one prediction per label of yTrue (2); received 1");
  EXPECT_EQ(report_of(std::vector<double>{}, {}, labels, r).message,
            "yTrue must hold at least one label; received 0");
  const Status s =
      report_of(std::vector<double>{1, 2}, {1, std::numeric_limits<double>::infinity()}, labels, r);
  EXPECT_EQ(s.kind, ErrorKind::range);
  EXPECT_EQ(s.message.rfind("yPred[1] must be a finite number or a string", 0), 0u);
}

// The classes option as a JS caller gives it: an array of labels of y's kind (either kind when
// y is empty), checked before the losses.
TEST(MetricsInput, LossesOfTheClassesOptionAsGiven) {
  std::vector<double> out;
  const std::vector<double> f{0.5, -1};
  const OptionList none;
  const std::vector<OptionValue> strings{std::string("a"), std::string("b")};
  ASSERT_TRUE(losses_of({}, {"b", "a"}, false, &strings, f, none, out).ok());
  EXPECT_EQ(out.size(), 2u);
  const Status s = losses_of({1, -1}, {}, true, &strings, f, none, out);
  EXPECT_EQ(s.kind, ErrorKind::type);
  EXPECT_EQ(s.message,
            "option classes must hold numbers, as y does; classes[0] is the string \"a\"");
  const std::vector<OptionValue> mixed{1.0, std::string("a")};
  EXPECT_EQ(losses_of({}, {}, true, &mixed, {}, none, out).message,
            "option classes must hold labels (numbers or strings); classes[1] is the string \"a\"");
  const OptionList null_classes{{"classes", OtherValue{"null"}}};
  const Status t = losses_of({1}, {}, true, nullptr, {1}, null_classes, out);
  EXPECT_EQ(t.kind, ErrorKind::type);
  EXPECT_EQ(t.message, "option classes must be an array [negative, positive]; received null");
}

TEST(MetricsInput, ReportValueAsTheBindingsGiveIt) {
  Classes labels;
  ClassificationReport r;
  ASSERT_TRUE(report_of(std::vector<std::string>{"a", "b"}, {"b", "b"}, labels, r).ok());
  const json::Value v = report_value(r, labels);
  EXPECT_EQ(json::write(v),
            R"({"labels":["a","b"],"confusionMatrix":[[0,1],[0,1]],"accuracy":0.5,"errorRate":0.5,)"
            R"("precision":[0,0.5],"recall":[0,1],"f1":[0,0.6666666666666666],"support":[1,1],)"
            R"("macroPrecision":0.25,"macroRecall":0.5,"macroF1":0.3333333333333333,)"
            R"("balancedAccuracy":0.5})");
}

}  // namespace
}  // namespace perceptron
