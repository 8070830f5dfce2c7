#include "perceptron/training/params.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace perceptron {
namespace {

Status apply(std::string name, OptionValue value, Params& p) {
  return apply_options({{std::move(name), std::move(value)}}, p);
}

TEST(Params, DefaultsAreTheContractsDefaults) {
  Params p;
  EXPECT_EQ(p.variant, Variant::classic);
  EXPECT_EQ(p.mistake_rule, MistakeRule::margin);
  EXPECT_EQ(p.order, Order::cyclic);
  EXPECT_EQ(p.learning_rate, 1.0);
  EXPECT_TRUE(p.fit_intercept);
  EXPECT_EQ(p.max_epochs, 100u);
  EXPECT_EQ(p.seed, 0u);
  EXPECT_EQ(check_parameter(p), "");
}

TEST(Params, AppliesEveryOption) {
  Params p;
  ASSERT_TRUE(apply_options({{"variant", std::string("classic")},
                             {"mistakeRule", std::string("strict")},
                             {"order", std::string("sample")},
                             {"learningRate", 0.5},
                             {"margin", 0.25},
                             {"variant", std::string("voted")},
                             {"fitIntercept", false},
                             {"maxEpochs", 7.0},
                             {"maxSteps", 30.0},
                             {"seed", 9007199254740991.0},
                             {"warmStart", true}},
                            p)
                  .ok());
  EXPECT_EQ(p.mistake_rule, MistakeRule::strict);
  EXPECT_EQ(p.order, Order::sample);
  EXPECT_EQ(p.learning_rate, 0.5);
  EXPECT_EQ(p.margin, 0.25);
  EXPECT_EQ(p.variant, Variant::voted);
  EXPECT_FALSE(p.fit_intercept);
  EXPECT_EQ(p.max_epochs, 7u);
  EXPECT_EQ(p.max_steps, 30u);
  EXPECT_EQ(p.seed, 9007199254740991u);
  EXPECT_TRUE(p.warm_start);
}

struct BadOption {
  std::string name;
  OptionValue value;
  ErrorKind kind;
  std::string message;
};

TEST(Params, EachBadParameterGetsItsMessageAndChangesNothing) {
  const std::vector<BadOption> cases = {
      {"learningRate", 0.0, ErrorKind::range,
       "option learningRate must be a finite number > 0; received 0"},
      {"learningRate", -1.0, ErrorKind::range,
       "option learningRate must be a finite number > 0; received -1"},
      {"learningRate", std::nan(""), ErrorKind::range,
       "option learningRate must be a finite number > 0; received NaN"},
      {"learningRate", std::string("fast"), ErrorKind::type,
       "option learningRate must be a finite number > 0; received the string \"fast\""},
      {"maxEpochs", 0.0, ErrorKind::range,
       "option maxEpochs must be an integer from 1 to 9007199254740991; received 0"},
      {"maxEpochs", 2.5, ErrorKind::range,
       "option maxEpochs must be an integer from 1 to 9007199254740991; received 2.5"},
      {"seed", -1.0, ErrorKind::range,
       "option seed must be an integer from 0 to 9007199254740991; received -1"},
      {"seed", 0.5, ErrorKind::range,
       "option seed must be an integer from 0 to 9007199254740991; received 0.5"},
      {"seed", 1e300, ErrorKind::range,
       "option seed must be an integer from 0 to 9007199254740991; received 1e+300"},
      {"seed", OtherValue{"null"}, ErrorKind::type,
       "option seed must be an integer from 0 to 9007199254740991; received null"},
      {"mistakeRule", std::string("hinge"), ErrorKind::range,
       "option mistakeRule must be one of \"margin\", \"sign\", \"strict\"; received the string "
       "\"hinge\""},
      {"order", std::string("random"), ErrorKind::range,
       "option order must be one of \"cyclic\", \"shuffle\", \"sample\"; received the string "
       "\"random\""},
      {"order", 1.0, ErrorKind::type,
       "option order must be one of \"cyclic\", \"shuffle\", \"sample\"; received 1"},
      {"variant", std::string("fancy"), ErrorKind::range,
       "option variant must be one of \"classic\", \"averaged\", \"voted\", \"pocket\"; "
       "received the string \"fancy\""},
      {"margin", -0.5, ErrorKind::range,
       "option margin must be a finite number >= 0; received -0.5"},
      {"fitIntercept", 1.0, ErrorKind::type,
       "option fitIntercept must be true or false; received 1"},
      {"learnRate", 1.0, ErrorKind::type,
       "unknown option \"learnRate\"; known options are variant, mistakeRule, order, "
       "learningRate, margin, fitIntercept, maxEpochs, maxSteps, seed, warmStart, earlyStopping, "
       "validationFraction, patience, precision, classWeight, preprocess, hashing (did you mean "
       "learningRate?)"},
      {"validationFraction", 1.0, ErrorKind::range,
       "option validationFraction must be a number between 0 and 1 (exclusive); received 1"},
      {"patience", 0.0, ErrorKind::range,
       "option patience must be an integer from 1 to 9007199254740991; received 0"},
      {"earlyStopping", std::string("yes"), ErrorKind::type,
       "option earlyStopping must be true or false; received the string \"yes\""},
  };
  for (const auto& bad : cases) {
    Params p;
    p.learning_rate = 0.125;
    const Status s = apply_options({{"maxEpochs", 3.0}, {bad.name, bad.value}}, p);
    EXPECT_EQ(s.kind, bad.kind) << bad.name;
    EXPECT_EQ(s.message, bad.message);
    EXPECT_EQ(p.max_epochs, 100u) << "all or nothing";
    EXPECT_EQ(p.learning_rate, 0.125);
  }
}

TEST(Params, CheckParameterValidatesAStructFilledFromCpp) {
  Params p;
  p.learning_rate = 0;
  EXPECT_EQ(check_parameter(p), "option learningRate must be a finite number > 0; received 0");
  p = Params{};
  p.max_epochs = 0;
  EXPECT_EQ(check_parameter(p),
            "option maxEpochs must be an integer from 1 to 9007199254740991; received 0");
  p = Params{};
  p.seed = (1ULL << 60) + 1;
  EXPECT_EQ(check_parameter(p),
            "option seed must be an integer from 0 to 9007199254740991; received "
            "1152921504606846977")
      << "the exact digits, not a double's";
  p = Params{};
  p.mistake_rule = static_cast<MistakeRule>(42);
  EXPECT_EQ(check_parameter(p),
            "option mistakeRule must be one of \"margin\", \"sign\", \"strict\"; received the "
            "unnamed value 42");
}

TEST(Params, NamesRoundTrip) {
  EXPECT_EQ(name_of(MistakeRule::strict), "strict");
  EXPECT_EQ(name_of(Order::shuffle), "shuffle");
  EXPECT_EQ(name_of(Variant::classic), "classic");
  Params p;
  ASSERT_TRUE(apply("order", std::string(name_of(Order::sample)), p).ok());
  EXPECT_EQ(p.order, Order::sample);
}

}  // namespace
}  // namespace perceptron
