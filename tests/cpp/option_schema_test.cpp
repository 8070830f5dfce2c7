// Every kind's options as pw.optionSchema lists them: one spec per option, read by the checks,
// the messages and the schema alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "perceptron/estimator/learner.hpp"
#include "perceptron/models/kernel.hpp"
#include "perceptron/models/multiclass.hpp"
#include "perceptron/models/passive_aggressive.hpp"
#include "perceptron/models/winnow.hpp"

namespace perceptron {
namespace {

bool has(const std::vector<OptionSetting>& schema, const std::string& name) {
  return std::any_of(schema.begin(), schema.end(),
                     [&](const OptionSetting& s) { return s.spec.name == name; });
}

const OptionSetting& find(const std::vector<OptionSetting>& schema, const std::string& name) {
  static const OptionSetting none;
  const auto found = std::find_if(schema.begin(), schema.end(),
                                  [&](const OptionSetting& s) { return s.spec.name == name; });
  EXPECT_NE(found, schema.end()) << name;
  return found == schema.end() ? none : *found;
}

std::vector<std::string> names(const std::vector<OptionSetting>& schema) {
  std::vector<std::string> out;
  for (const auto& setting : schema) out.push_back(setting.spec.name);
  return out;
}

TEST(OptionSchema, ListsThePerceptronsOptionsWithTheirDefaults) {
  const auto schema = option_schema(ModelKind::perceptron);
  EXPECT_EQ(names(schema),
            (std::vector<std::string>{"variant", "mistakeRule", "order", "learningRate", "margin",
                                      "fitIntercept", "maxEpochs", "maxSteps", "seed", "warmStart",
                                      "earlyStopping", "validationFraction", "patience",
                                      "precision", "classWeight", "preprocess"}));
  const OptionSetting& variant = find(schema, "variant");
  EXPECT_EQ(variant.spec.type, OptionType::choice);
  EXPECT_EQ(variant.spec.choices,
            (std::vector<std::string>{"classic", "averaged", "voted", "pocket"}));
  EXPECT_EQ(std::get<std::string>(*variant.value), "classic");
  EXPECT_EQ(variant.spec.expected(), R"(one of "classic", "averaged", "voted", "pocket")");

  const OptionSetting& rate = find(schema, "learningRate");
  EXPECT_EQ(rate.spec.expected(), "a finite number > 0");
  EXPECT_EQ(rate.spec.minimum, 0);
  EXPECT_TRUE(rate.spec.exclusive_minimum);
  EXPECT_EQ(std::get<double>(*rate.value), 1.0);

  const OptionSetting& epochs = find(schema, "maxEpochs");
  EXPECT_EQ(epochs.spec.expected(), "an integer from 1 to 9007199254740991");
  EXPECT_EQ(std::get<double>(*epochs.value), 100.0);
  EXPECT_FALSE(find(schema, "maxSteps").value.has_value()) << "unset: maxEpochs * rows";
  const OptionSetting& precision = find(schema, "precision");
  EXPECT_EQ(precision.spec.choices, (std::vector<std::string>{"float64", "float32"}));
  EXPECT_FALSE(precision.value.has_value()) << "listed only when float32";
  EXPECT_EQ(find(schema, "validationFraction").spec.expected(),
            "a number between 0 and 1 (exclusive)");
  EXPECT_EQ(std::get<bool>(*find(schema, "fitIntercept").value), true);
  EXPECT_EQ(find(schema, "classWeight").spec.expected(),
            R"("balanced" or an object {label: weight})");
  EXPECT_EQ(find(schema, "preprocess").spec.choices,
            (std::vector<std::string>{"standardize", "minMax", "unitBall"}));
  EXPECT_FALSE(find(schema, "preprocess").value.has_value());
}

TEST(OptionSchema, EachKindListsItsOwnOptionsFirstAndOnlyTheSharedOnesItTakes) {
  const auto kernel = option_schema(ModelKind::kernel);
  EXPECT_EQ(names(kernel)[0], "kernel");
  EXPECT_EQ(std::get<std::string>(*find(kernel, "kernel").value), "rbf");
  EXPECT_EQ(std::get<std::string>(*find(kernel, "gamma").value), "auto");
  EXPECT_EQ(find(kernel, "gamma").spec.expected(),
            R"(a finite number > 0 or "auto" (1 / nFeatures))");
  EXPECT_EQ(find(kernel, "variant").spec.choices, std::vector<std::string>{"classic"});
  EXPECT_EQ(find(kernel, "variant").spec.expected(), R"("classic" for the kernel perceptron)");
  EXPECT_FALSE(find(kernel, "budget").value.has_value());
  EXPECT_FALSE(has(kernel, "warmStart")) << "accepted (false) but not a choice";
  // model.options still has it, as it has every option in effect.
  EXPECT_TRUE(has(option_settings(KernelParams{}), "warmStart"));

  const auto winnow = option_schema(ModelKind::winnow);
  EXPECT_EQ(names(winnow), (std::vector<std::string>{"balanced", "alpha", "demotion", "epsilon",
                                                     "threshold", "order", "maxEpochs", "maxSteps",
                                                     "seed", "earlyStopping", "validationFraction",
                                                     "patience", "classWeight", "preprocess"}));
  EXPECT_EQ(find(winnow, "alpha").spec.expected(), "a finite number > 1");
  EXPECT_FALSE(find(winnow, "threshold").value.has_value()) << "nFeatures or 0 once fitted";

  const auto pa = option_schema(ModelKind::passive_aggressive);
  EXPECT_EQ(names(pa)[0], "mode");
  EXPECT_EQ(find(pa, "mode").spec.choices, (std::vector<std::string>{"PA", "PA-I", "PA-II"}));
  EXPECT_EQ(std::get<double>(*find(pa, "C").value), 1.0);

  const auto multiclass = option_schema(ModelKind::multiclass);
  EXPECT_EQ(std::get<std::string>(*find(multiclass, "strategy").value), "joint");
  EXPECT_FALSE(has(multiclass, "warmStart"));
}

// The schema's defaults are values its own specs accept, and every choice is accepted by the
// kind's options: a form built from the schema can only offer valid values (but for the
// multi-class perceptron's variant under strategy "joint", which its description says).
TEST(OptionSchema, DefaultsAndChoicesPassTheirOwnChecks) {
  for (ModelKind kind : {ModelKind::perceptron, ModelKind::multiclass, ModelKind::kernel,
                         ModelKind::winnow, ModelKind::passive_aggressive}) {
    for (const auto& [spec, value] : option_schema(kind)) {
      if (value) {
        EXPECT_TRUE(spec.check(*value).ok()) << spec.name;
      }
      if (spec.type != OptionType::choice || spec.name == "preprocess") continue;
      for (const auto& choice : spec.choices) {
        ModelOptions options;
        options.values = {{spec.name, choice}};
        // The one constraint between options: strategy "joint" takes classic and averaged.
        if (kind == ModelKind::multiclass && spec.name == "variant") {
          options.values.emplace_back("strategy", std::string("ovr"));
        }
        EXPECT_TRUE(check_model_options(kind, options).ok()) << spec.name << "=" << choice;
      }
    }
  }
}

TEST(OptionSchema, SpecsCheckKindAndRange) {
  OptionSpec gamma = above(0);
  gamma.name = "gamma";
  gamma.choices = {"auto"};
  EXPECT_TRUE(gamma.check(std::string("auto")).ok());
  EXPECT_TRUE(gamma.check(0.5).ok());
  EXPECT_EQ(gamma.check(std::string("car")).kind, ErrorKind::range);
  EXPECT_EQ(gamma.check(0.0).kind, ErrorKind::range);
  EXPECT_EQ(gamma.check(true).kind, ErrorKind::type);
  EXPECT_EQ(gamma.check(0.0).message,
            R"(option gamma must be a finite number > 0 or "auto"; received 0)");

  OptionSpec count = option_spec("count", OptionType::integer);
  count.minimum = 2;
  count.maximum = 10;
  EXPECT_TRUE(count.check(2.0).ok());
  EXPECT_EQ(count.check(2.5).kind, ErrorKind::range);
  EXPECT_EQ(count.check(11.0).kind, ErrorKind::range);
  EXPECT_EQ(count.check(std::nan("")).kind, ErrorKind::range);
  EXPECT_EQ(count.check(std::string("3")).kind, ErrorKind::type);
  EXPECT_EQ(count.check(1.0).message, "option count must be an integer from 2 to 10; received 1");
}

}  // namespace
}  // namespace perceptron
