// Generated datasets (data/generate.hpp): the same points to the bit natively and in WASM (the
// first three rows of each kind, written here from a native run, are checked by both builds),
// and what each kind promises.
#include "perceptron/data/generate.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "perceptron/analysis/analysis.hpp"

namespace perceptron {
namespace {

Dataset make(const std::string& kind, double rows, double seed, OptionList more = {}) {
  OptionList options = {{"kind", kind}, {"rows", rows}, {"seed", seed}};
  options.insert(options.end(), more.begin(), more.end());
  Dataset d;
  const Status s = generate(options, d);
  EXPECT_TRUE(s.ok()) << s.message;
  return d;
}

struct Row {
  double x1, x2;
  std::uint32_t class_index;
};

TEST(Generate, TheSamePointsToTheBitEverywhere) {
  const std::vector<std::pair<std::string, std::vector<Row>>> expected = {
      {"separable",
       {{-0x1.45d74f8eb2a34p-1, -0x1.27046134145fep-1, 0},
        {-0x1.29f948f583d64p-2, 0x1.808d9eb1cb3bcp-1, 0},
        {0x1.e6c0f95033048p-3, 0x1.d0042e4030028p-1, 0}}},
      {"gaussians",
       {{0x1.9414b42124404p-2, 0x1.2946a70aea765p-2, 1},
        {-0x1.2b28178d3e566p-2, -0x1.594727ef83956p-2, 0},
        {0x1.da436a8b45796p-2, 0x1.5768f556d5354p-2, 1}}},
      {"xor",
       {{0x1.c6e35bc6155b9p-2, 0x1.d598186c5f9c3p-2, 1},
        {-0x1.dccf7b863d83cp-1, 0x1.f0997773f03b4p-1, 0},
        {-0x1.ae061951c6d27p-1, 0x1.ed186c1dc1d5fp-2, 0}}},
      {"circles",
       {{-0x1.376c82da5f5e7p-2, 0x1.73d154cb6aadbp-3, 1},
        {0x1.4a21dda2004bcp-4, -0x1.886b0306ade35p-1, 0},
        {-0x1.b4ddeb8e84423p-5, 0x1.87b5eedc568fbp-2, 1}}},
      {"spiral",
       {{-0x1.f01b3a5fd4353p-5, -0x1.a5b2688412a92p-2, 1},
        {0x1.55eed748f45dep-2, -0x1.370c99587bae2p-1, 0},
        {-0x1.754cd2e918091p-1, 0x1.baf5404722321p-3, 1}}},
      {"blobs",
       {{-0x1.024200c88d18fp-1, -0x1.f580600e5770cp-2, 0},
        {0x1.2d2e6f622555bp-1, -0x1.64f90e0e70505p-2, 1},
        {0x1.a740405c64feap-5, 0x1.c9d833c95f50cp-2, 2}}},
  };
  for (const auto& [kind, rows] : expected) {
    const Dataset d = make(kind, 3, 7);
    ASSERT_EQ(d.rows(), 3u) << kind;
    for (std::size_t i = 0; i < 3; ++i) {
      EXPECT_EQ(d.x.at(i, 0), rows[i].x1) << kind << " row " << i;
      EXPECT_EQ(d.x.at(i, 1), rows[i].x2) << kind << " row " << i;
      EXPECT_EQ(d.class_index[i], rows[i].class_index) << kind << " row " << i;
    }
  }
}

TEST(Generate, EachKindKeepsItsPromise) {
  // separable: linearly separable, and no point closer than the margin to its line (so the
  // max-margin separator's margin is at least that).
  const Dataset separable = make("separable", 300, 3, {{"margin", 0.2}});
  Separability answer;
  ASSERT_TRUE(perceptron::separability(separable, true, answer).ok());
  EXPECT_TRUE(answer.separable);
  EXPECT_GE(answer.margin, 0.2 - 1e-9);
  // Two classes, -1 and +1; blobs three, 0, 1, 2; every point near the plane.
  for (const char* kind : {"separable", "gaussians", "xor", "circles", "spiral"}) {
    const Dataset d = make(kind, 500, 11, {{"noise", 0.2}});
    EXPECT_EQ(d.classes.numbers, (std::vector<double>{-1, 1})) << kind;
    for (std::size_t i = 0; i < d.rows(); ++i) {
      EXPECT_LT(std::fabs(d.x.at(i, 0)), 1.6) << kind;
      EXPECT_LT(std::fabs(d.x.at(i, 1)), 1.6) << kind;
    }
  }
  EXPECT_EQ(make("blobs", 30, 1).classes.numbers, (std::vector<double>{0, 1, 2}));
  // xor and circles are not linearly separable.
  for (const char* kind : {"xor", "circles"}) {
    ASSERT_TRUE(perceptron::separability(make(kind, 200, 5), true, answer).ok());
    EXPECT_FALSE(answer.separable) << kind;
  }
  // Another seed, other points.
  EXPECT_NE(make("gaussians", 5, 1).x.at(0, 0), make("gaussians", 5, 2).x.at(0, 0));
}

TEST(Generate, OptionsAreChecked) {
  Dataset d;
  const auto message = [&](OptionList options) { return generate(options, d).message; };
  EXPECT_EQ(message({{"rows", 5.0}}),
            "option kind must be one of \"separable\", \"gaussians\", \"xor\", \"circles\", "
            "\"spiral\", \"blobs\"; received undefined");
  EXPECT_EQ(message({{"kind", std::string("moons")}}),
            "option kind must be one of \"separable\", \"gaussians\", \"xor\", \"circles\", "
            "\"spiral\", \"blobs\"; received the string \"moons\"");
  EXPECT_EQ(message({{"kind", std::string("xor")}, {"rows", 0.0}}),
            "option rows must be an integer from 1 to 1000000; received 0");
  EXPECT_EQ(message({{"kind", std::string("xor")}, {"noise", 2.0}}),
            "option noise must be a number from 0 to 1; received 2");
  EXPECT_EQ(message({{"kind", std::string("xor")}, {"seeed", 2.0}}).substr(0, 24),
            "unknown option \"seeed\"; ");
}

}  // namespace
}  // namespace perceptron
